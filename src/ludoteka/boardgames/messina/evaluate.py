"""A heuristic value of a Messina 1347 position for greedy and search agents: the points a seat
has, plus what the final scoring would give now (books, popularity ranking, repopulated hexes,
scroll board, remaining markers, the rat penalty), plus a small value for what still produces.
Everything it reads is public (AMB-52).
"""
from __future__ import annotations

from .state import BOOKS, HUTS, LIEUTENANTS, SQUARES, SUPPLY

CITIZEN_VALUE = 0.8          # a citizen on a square: a future activation or repopulation
PRODUCER_VALUE = 1.2         # per round left: a citizen in an early workshop or upgraded hut
LIEUTENANT_VALUE = 1.5       # per round left: one more turn each round
CART_VALUE = 1.0


def evaluate_all(state) -> list[float]:
    """The value of every seat (its points if the game ended now, and a little more)."""
    from .setup import side_name
    n = state.players
    side = state.data.sides[side_name(n)]
    table = state.rules.rat_penalty
    over = state.to_act is not None
    rounds_left = 6 - state.round + (1 if over else 0)
    popularity = [max(0, state.books[s * 3] - state.rats[s]) for s in range(n)]
    ranking = state.data.tables.popularity_ranking.get(n, (0,))
    order = sorted(range(n), key=lambda s: (-popularity[s], -(state.fire[s] + 2 * state.large_fire[s])))
    values = []
    for seat in range(n):
        v = float(state.score[seat])
        if over:
            for b, name in enumerate(BOOKS):
                pos = popularity[seat] if b == 0 else state.books[seat * 3 + b]
                points = side.books[name].points
                v += points[min(pos, len(points) - 1)]
            place = order.index(seat)
            v += ranking[place] if place < len(ranking) else 0
            v -= table[min(state.rats[seat], len(table) - 1)]
            v += _repopulated(state, seat) + _scroll(state, seat)
            v += (state.coins[seat] + state.timber[seat] + state.fire[seat] + state.large_fire[seat]) / 3
            v += rounds_left * _producers(state, seat) * PRODUCER_VALUE
            v += CITIZEN_VALUE * sum(1 for i in range(seat * SQUARES, seat * SQUARES + SQUARES) if state.squares[i])
            owned = sum(1 for i in range(seat * LIEUTENANTS, seat * LIEUTENANTS + LIEUTENANTS)
                        if state.lt_at[i] != SUPPLY)
            v += LIEUTENANT_VALUE * rounds_left * (owned - 3)
            v += CART_VALUE * min(len(state.carts[seat]) // 2, 5 - _repopulated_count(state, seat))
        values.append(v)
    return values


def _repopulated_count(state, seat: int) -> int:
    return sum(1 for owner in state.repopulated_by if owner == seat)


def _repopulated(state, seat: int) -> int:
    hexes = state.data.hexes
    return sum(hexes[state.hex_at[node]].points for node, owner in enumerate(state.repopulated_by)
               if owner == seat and state.hex_at[node] >= 0)


def _scroll(state, seat: int) -> float:
    """Side a: buildings (hut upgrades and workshops), ships, repopulated tiles (MS-31.10-31.12)."""
    counts = {
        "buildings": sum(1 for h in range(HUTS) if state.hut_upgrade[seat * HUTS + h] >= 0) + len(state.workshops[seat]) // 3,
        "ships": sum(1 for at in state.ship_at if at == 10 + seat),
        "repopulated": _repopulated_count(state, seat),
    }
    total = 0.0
    for k, track in enumerate(state.data.scroll_boards["a"].tracks):
        count = counts.get(track.kind, 0)
        if track.cap:
            count = min(count, track.cap)
        total += track.values[state.scroll[seat * 3 + k]] * count
    return total


def _producers(state, seat: int) -> int:
    """Citizens that produce at the end of each round: in upgraded huts or early workshops."""
    n = sum(1 for h in range(HUTS) if state.huts[seat * HUTS + h] and state.hut_upgrade[seat * HUTS + h] >= 0)
    ws = state.workshops[seat]
    for k in range(0, len(ws), 3):
        if ws[k + 1] and state.data.workshops[ws[k]].period == "early":
            n += 1
    return n
