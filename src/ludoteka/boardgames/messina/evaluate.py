"""A heuristic value of a Messina 1347 position for greedy and search agents: the points a seat
has, plus what the final scoring would give now (books, popularity ranking, repopulated hexes,
scroll board, remaining markers, the rat penalty, the advanced
repopulation bonus), plus a small value for what still produces.
Everything it reads is public (AMB-52).
"""
from __future__ import annotations

from .scoring import solo
from .scoring.common import repopulated
from .scoring.standard import rat_penalty, scroll_points
from .model.state import BOOKS, HUTS, LIEUTENANTS, SQUARES, SUPPLY
from .model.sides import side_name
from .scoring.advanced import repopulation_places

CITIZEN_VALUE = 0.8          # a citizen on a square: a future activation or repopulation
PRODUCER_VALUE = 1.2         # per round left: a citizen in an early workshop or upgraded hut
LIEUTENANT_VALUE = 1.5       # per round left: one more turn each round
CART_VALUE = 1.0


def evaluate_all(state) -> list[float]:
    """The value of every seat (its points if the game ended now, and a little more)."""
    n = state.players
    side = state.data.sides[side_name(n)]
    table = state.rules.rat_penalty
    over = state.to_act is not None
    rounds_left = 6 - state.round + (1 if over else 0)
    popularity = [max(0, state.books[s * 3] - state.rats[s]) for s in range(n)]
    ranking = state.data.tables.popularity_ranking.get(n, (0,))
    order = sorted(range(n), key=lambda s: (-popularity[s], -(state.fire[s] + 2 * state.large_fire[s])))
    bonus = [0] * n
    if over and state.rules.advanced and n >= 2:
        bonus = repopulation_places(state)                  # MS-33.7 as it stands now
    values = []
    for seat in range(n):
        v = float(state.score[seat])
        if over:
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
