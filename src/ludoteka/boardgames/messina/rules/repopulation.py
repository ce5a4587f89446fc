"""Repopulation (MS-24, DEC-21): instead of the chosen city hex's action, pay its cost, use an
unused cart, give up the citizens it shows (from sectors or workshops, never quarantine) and, on
some hexes, a lieutenant still available this round (not the one that chose the hex), then lay a
repopulated tile on it (a rat if it has plague cubes).

The lead pushes `repopulate(seat, node, chooser)` when the player picks `repopulate`; its cost is
paid at once (step 1 of the procedure, MS-24.4), so that a paid book advance taken while the
citizens are chosen (allowed during the hex action, MS-25.19) cannot spend the same coins. The small
decisions follow: which citizen for each requirement (`square:N` / `workshop:<slot>`), which cart
(`cart:<id>`), which lieutenant (`lt:<n>`). A question with one answer is not asked.
"""
from __future__ import annotations

from ludoteka.kernel import Action
from ludoteka.kernel.flow import Automatic, Decision

from .citizens import PER_SECTOR, square_name
from ..data.components import CORNERS
from ..model.state import BOX, OVERSEERS, SQUARES, SUPPLY, citizen_class, citizen_upgraded
from ..model.flow import FLOW, ON_EFFECT
from ..model.texts import citizen_name, cost_text

UNANSWERED = -1
NOT_NEEDED = -2


def tiles_left(state, seat: int) -> int:
    """MS-24.8: the seat's repopulated tiles not yet laid."""
    return state.data.tables.repopulated_tiles - sum(1 for s in state.repopulated_by if s == seat)


def unused_carts(state, seat: int) -> list[int]:
    """MS-24.5: the seat's carts not used this round (cart tile indexes)."""
    c = state.carts[seat]
    return [c[2 * i] for i in range(len(c) // 2) if not c[2 * i + 1]]


def sources(state, seat: int) -> list[tuple[str, int, bool]]:
    """Citizens that may be given up (MS-24.11): ('square:N' | 'workshop:<slot>', class, upgraded)."""
    base = seat * SQUARES
    out = [(f"square:{sq}", sq // PER_SECTOR, state.squares[base + sq] == 2)
           for sq in range(SQUARES) if state.squares[base + sq]]
    w = state.workshops[seat]
    out += [(f"workshop:{i}", citizen_class(w[3 * i + 1]), citizen_upgraded(w[3 * i + 1]))
            for i in range(len(w) // 3) if w[3 * i + 1]]
    return out


def requirements(hex_) -> tuple[tuple[int, bool], ...]:
    """The hex's citizens as (class, upgraded required), upgraded ones first."""
    reqs = [(OVERSEERS.index(c), up) for c, up in hex_.repop_citizens]
    return tuple(sorted(reqs, key=lambda r: not r[1]))


def satisfiable(reqs, pool) -> bool:
    """MS-24.10: an upgraded citizen may stand in for a normal one, not the other way round."""
    for cls in range(3):
        need_up = sum(1 for c, up in reqs if c == cls and up)
        need = sum(1 for c, up in reqs if c == cls and not up)
        have_up = sum(1 for _, c, up in pool if c == cls and up)
        have = sum(1 for _, c, up in pool if c == cls and not up)
        if have_up < need_up or have_up - need_up + have < need:
            return False
    return True


def lieutenant_options(state, seat: int, chooser: int) -> list[int]:
    """MS-24.14/24.15, AMB-44: available lieutenants other than the one that chose the hex."""
    return [i for i in state.available_lieutenants(seat) if i != chooser]


def can_repopulate(state, seat: int, node: int, chooser: int) -> bool:
    """MS-24.2-24.15: whether the seat may repopulate the city hex on `node` now."""
    if node < 0 or node >= len(state.hex_at) or state.hex_at[node] < 0 or state.repopulated_by[node] >= 0:
        return False
    hex_ = state.data.hexes[state.hex_at[node]]
    if tiles_left(state, seat) <= 0 or not unused_carts(state, seat) or not state.can_pay(seat, hex_.repop_cost):
        return False
    if hex_.repop_lieutenant and not lieutenant_options(state, seat, chooser):
        return False
    return satisfiable(requirements(hex_), sources(state, seat))


def _candidates(state, seat: int, reqs, picked: tuple) -> list[str]:
    """Sources for requirement len(picked) that keep the remaining ones satisfiable."""
    cls, up = reqs[len(picked)]
    pool = [s for s in sources(state, seat) if s[0] not in picked]
    out = []
    for s in pool:
        if s[1] == cls and (s[2] or not up):
            rest = [p for p in pool if p[0] != s[0]]
            if satisfiable(reqs[len(picked) + 1:], rest):
                out.append(s[0])
    return out


def _next(state, seat: int, node: int, chooser: int, picked: tuple, cart: int, lt: int) -> None:
    """Ask the next question with more than one answer; answer the others; then repopulate."""
    hex_ = state.data.hexes[state.hex_at[node]]
    reqs = requirements(hex_)
    present = {s[0] for s in sources(state, seat)}
    if any(p not in present for p in picked):
        picked = ()          # a picked sector citizen went to a workshop meanwhile (MS-23.6): ask again
    while len(picked) < len(reqs):
        options = _candidates(state, seat, reqs, picked)
        if not options:
            return           # no longer possible: the repopulation is lost (AMB-14)
        cls = reqs[len(picked)][0]
        left = sum(1 for r in reqs[len(picked):] if r[0] == cls)
        pool = sum(1 for s in sources(state, seat) if s[1] == cls and s[0] not in picked)
        # Every citizen of this class will be given up anyway: no real choice.
        if len(options) != 1 and pool != left:
            state.push(RepopulateChoice(seat, node, chooser, picked, cart, lt), options)
            return
        picked += (options[0],)
    if cart == UNANSWERED:
        carts = sorted(set(unused_carts(state, seat)))
        if not carts:
            return
        if len(carts) != 1:
            state.push(RepopulateChoice(seat, node, chooser, picked, cart, lt))
            return
        cart = carts[0]
    if lt == UNANSWERED:
        if not hex_.repop_lieutenant:
            lt = NOT_NEEDED
        else:
            options = lieutenant_options(state, seat, chooser)
            if not options:
                return
            if len(options) != 1:
                state.push(RepopulateChoice(seat, node, chooser, picked, cart, lt))
                return
            lt = options[0]
    finish(state, seat, node, picked, cart, lt)


@FLOW.kind
class Repopulate(Automatic):
    """MS-24: repopulate the hex on `node` (the lead checked `can_repopulate`)."""

    args = ("seat", "node", "chooser")
    over = ON_EFFECT

    def run(self, state, frame):
        seat, node = frame[1], frame[2]
        state.pay(seat, state.data.hexes[state.hex_at[node]].repop_cost)     # MS-24.4: step 1
        _next(state, seat, node, frame[3], (), UNANSWERED, UNANSWERED)


@FLOW.kind
class RepopulateChoice(Decision):
    """DEC-21: which citizen for the next requirement, which unused cart, which lieutenant."""

    args = ("seat", "node", "chooser", "picked", "cart", "lt")
    over = ON_EFFECT

    def keys(self, state, frame, seat):
        _, seat, node, chooser, picked, cart, lt = frame
        reqs = requirements(state.data.hexes[state.hex_at[node]])
        if len(picked) < len(reqs):
            return _candidates(state, seat, reqs, picked)
        if cart == UNANSWERED:
            data = state.data
            return [f"cart:{data.carts[c].id}" for c in sorted(set(unused_carts(state, seat)))]
        return [f"lt:{i}" for i in lieutenant_options(state, seat, chooser)]

    def describe(self, state, frame, seat, key):
        what, n = key.split(":", 1)
        if what == "cart":
            return Action(key, f"Use cart {n}", {"cart": n})
        if what == "lt":
            i = int(n)
            at = state.lt_at[i]
            where = "in your estate" if at < 0 else f"on {_node_name(state, at)}"
            return Action(key, f"Give up your lieutenant {where}", {"lieutenant": i, "at": at})
        return Action(key, "Give up " + _source_text(state, seat, key), {what: int(n)})

    def apply(self, state, frame, seat, key):
        _, seat, node, chooser, picked, cart, lt = frame
        what, n = key.split(":", 1)
        if what == "cart":
            cart = next(i for i, c in enumerate(state.data.carts) if c.id == n)
        elif what == "lt":
            lt = int(n)
        else:
            picked = picked + (key,)
        _next(state, seat, node, chooser, picked, cart, lt)


def _node_name(state, node: int) -> str:
    """'hex A01', 'harbour NW', 'dock NW'."""
    if state.board.is_dock(node):
        return f"dock {CORNERS[node - state.board.first_dock]}"
    if state.board.is_harbour(node):
        return f"harbour {CORNERS[node - state.board.first_harbour]}"
    return f"hex {state.data.hexes[state.hex_at[node]].id}"


def _source_text(state, seat: int, key: str) -> str:
    what, n = key.split(":")
    n = int(n)
    if what == "square":
        return f"{citizen_name(n // PER_SECTOR, state.squares[seat * SQUARES + n] == 2)} from {square_name(n)}"
    tile, code = state.workshops[seat][3 * n], state.workshops[seat][3 * n + 1]
    return (f"{citizen_name(citizen_class(code), citizen_upgraded(code))} "
            f"from workshop {state.data.workshops[tile].id}")


def finish(state, seat: int, node: int, picked: tuple, cart: int, lt: int) -> None:
    """MS-24.5-24.7 (the cost was paid when the repopulation began): use the cart, return the
    citizens (and box a lieutenant), lay the tile."""
    hex_ = state.data.hexes[state.hex_at[node]]
    c = list(state.carts[seat])
    for i in range(0, len(c), 2):
        if c[i] == cart and not c[i + 1]:
            c[i + 1] = 1
            break
    state.carts[seat] = tuple(c)
    given = []
    for key in picked:
        given.append(_source_text(state, seat, key))
        what, n = key.split(":")
        n = int(n)
        if what == "square":
            state.squares[seat * SQUARES + n] = 0
        else:
            # The workshop keeps its reward state (AMB-20) and may take another citizen later.
            w = list(state.workshops[seat])
            w[3 * n + 1] = 0
            state.workshops[seat] = tuple(w)
    if lt >= 0:
        state.lt_at[lt] = BOX if state.rules.box_lieutenant else SUPPLY     # D-30
    state.repopulated_by[node] = seat
    rat = state.cubes[node] > 0
    if rat:
        state.rats[seat] += 1                                               # MS-24.7: just 1
    state.event("repopulate",
                f"Seat {seat} repopulates hex {hex_.id}: pays {cost_text(hex_.repop_cost)}, uses cart "
                f"{state.data.carts[cart].id}, gives up {', '.join(given) or 'no citizen'}"
                + (", and a lieutenant" if lt >= 0 else "") + (", and takes 1 rat." if rat else "."),
                {"seat": seat, "hex": hex_.id, "node": node, "cart": state.data.carts[cart].id,
                 "citizens": list(picked), "lieutenant": lt if lt >= 0 else None, "rat": rat}, (seat,))
