"""A heuristic value of a Messina 1347 position for greedy and search agents: the points a seat
has, plus what the final scoring would give now (books, popularity ranking, repopulated hexes,
scroll board, remaining markers, the rat penalty, the advanced
repopulation bonus), plus a small value for what still produces and for the next repopulation
under way (`repopulation_prospect`). At the end of the game it is the final score.
Everything it reads is public (AMB-52).
"""
from __future__ import annotations

from .scoring import solo
from .scoring.common import repopulated
from .scoring.standard import rat_penalty, scroll_points
from .model.state import BOOKS, HUTS, LIEUTENANTS, SQUARES, SUPPLY
from .model.sides import side_name
from .scoring.advanced import repopulation_places
from .rules.repopulation import requirements, sources, tiles_left

CITIZEN_VALUE = 0.8          # a citizen on a square: a future activation or repopulation
PRODUCER_VALUE = 1.2         # per round left: a citizen in an early workshop or upgraded hut
LIEUTENANT_VALUE = 1.5       # per round left: one more turn each round
CART_VALUE = 1.0
# The next repopulation under way (issue 26): a share of what it would score (the hex's points and,
# solo, the step of the repopulation bonus), times how far the plan is: the share of the hex's
# citizens the seat holds, whether it can pay the cost, whether it owns a cart. Below 1, so
# finishing a repopulation is always worth more than holding everything it needs.
PROSPECT_WEIGHT = 0.5
PROSPECT_NO_CART = 0.4       # no cart yet: a build action must still buy one (MS-22, MS-24.5)
PROSPECT_NO_COST = 0.6       # the cost not yet in hand (MS-24.4)


def evaluate_all(state) -> list[float]:
    """The value of every seat (its points if the game ended now, and a little more)."""
    n = state.players
    side = state.data.sides[side_name(n)]
    table = state.rules.rat_penalty
    going_on = state.to_act is not None   # (the final score needs no estimate)
    rounds_left = 6 - state.round + (1 if going_on else 0)
    popularity = [max(0, state.books[s * 3] - state.rats[s]) for s in range(n)]
    ranking = state.data.tables.popularity_ranking.get(n, (0,))
    order = sorted(range(n), key=lambda s: (-popularity[s], -(state.fire[s] + 2 * state.large_fire[s])))
    bonus = [0] * n
    if going_on and state.rules.advanced and n >= 2:
        bonus = repopulation_places(state)                  # MS-33.7 as it stands now
    values = []
    for seat in range(n):
        v = float(state.score[seat])
        if going_on:
            for b, name in enumerate(BOOKS):
                pos = popularity[seat] if b == 0 else state.books[seat * 3 + b]
                points = side.books[name].points
                v += points[min(pos, len(points) - 1)]
            if n == 1:                                 # the solo scoring (MS-35.22/35.23)
                v += solo.popularity_bonus_for(state, popularity[0])
                v += solo.repopulation_bonus(state, len(repopulated(state, 0)))
            else:
                place = order.index(seat)
                v += ranking[place] if place < len(ranking) else 0
            v -= rat_penalty(state.rats[seat], table)
            v += sum(repopulated(state, seat)) + bonus[seat] + sum(track[3] for track in scroll_points(state, seat))
            v += (state.coins[seat] + state.timber[seat] + state.fire[seat] + state.large_fire[seat]) / 3
            v += rounds_left * _producers(state, seat) * PRODUCER_VALUE
            v += CITIZEN_VALUE * sum(1 for i in range(seat * SQUARES, seat * SQUARES + SQUARES) if state.squares[i])
            owned = sum(1 for i in range(seat * LIEUTENANTS, seat * LIEUTENANTS + LIEUTENANTS)
                        if state.lt_at[i] != SUPPLY)
            v += LIEUTENANT_VALUE * rounds_left * (owned - 3)
            v += CART_VALUE * min(len(state.carts[seat]) // 2, 5 - len(repopulated(state, seat)))
            v += repopulation_prospect(state, seat)
        values.append(v)
    return values


def _producers(state, seat: int) -> int:
    """Citizens that produce at the end of each round: in upgraded huts or early workshops."""
    n = sum(1 for h in range(HUTS) if state.huts[seat * HUTS + h] and state.hut_upgrade[seat * HUTS + h] >= 0)
    ws = state.workshops[seat]
    for k in range(0, len(ws), 3):
        if ws[k + 1] and state.data.workshops[ws[k]].period == "early":
            n += 1
    return n


def repopulation_prospect(state, seat: int) -> float:
    """The value of the seat's best next repopulation (see PROSPECT_WEIGHT): 0 with no repopulated
    tile left (MS-24.8) or no city hex left to repopulate; only for a game not yet over."""
    if state.to_act is None or tiles_left(state, seat) <= 0:
        return 0.0
    have_up, have = [0, 0, 0], [0, 0, 0]
    for _, cls, up in sources(state, seat):
        if up:
            have_up[cls] += 1
        else:
            have[cls] += 1
    bonus = 0
    if state.players == 1:                      # MS-35.23: the step the next hex adds
        done = sum(1 for s in state.repopulated_by if s == seat)
        bonus = solo.repopulation_bonus(state, done + 1) - solo.repopulation_bonus(state, done)
    needs, hexes, best = _needs(state.data), state.data.hexes, 0.0
    repopulated_by = state.repopulated_by
    for node, tile in enumerate(state.hex_at):
        if tile < 0 or repopulated_by[node] >= 0:
            continue
        points, need_up, need, count = needs[tile]
        held = 0
        for cls in (0, 1, 2):
            # MS-24.10: an upgraded citizen may stand in for a normal one, not the other way round
            used_up = need_up[cls] if need_up[cls] < have_up[cls] else have_up[cls]
            spare = have[cls] + have_up[cls] - used_up
            held += used_up + (need[cls] if need[cls] < spare else spare)
        value = (points + bonus) * (held / count if count else 1.0)
        if value > best:
            if not state.can_pay(seat, hexes[tile].repop_cost):
                value *= PROSPECT_NO_COST
            if value > best:
                best = value
    if not state.carts[seat]:
        best *= PROSPECT_NO_CART
    return PROSPECT_WEIGHT * best


_NEEDS: dict[int, tuple] = {}       # id(data) -> (data, rows)


def _needs(data) -> tuple:
    """Per city hex tile: (points, upgraded citizens needed per class, normal ones per class,
    citizens in all), worked out once per data set."""
    entry = _NEEDS.get(id(data))
    if entry is not None and entry[0] is data:      # the same object, not a reused id
        return entry[1]
    rows = []
    for hex_ in data.hexes:
        reqs = requirements(hex_)
        rows.append((hex_.points, tuple(sum(1 for c, up in reqs if c == cls and up) for cls in range(3)),
                     tuple(sum(1 for c, up in reqs if c == cls and not up) for cls in range(3)), len(reqs)))
    needs = tuple(rows)
    _NEEDS[id(data)] = (data, needs)
    return needs
