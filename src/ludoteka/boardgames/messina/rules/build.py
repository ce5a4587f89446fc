"""The build action (MS-19 - MS-22, DEC-18): an optional reshuffle of all hut-upgrade stacks or all
workshop stacks at its start, paid with 1 point or 1 marker (MS-19.2-19.4, D-3), then one of a
hut upgrade, a workshop or a cart. After a reshuffle the player must build if any build is legal
(MS-19.6, D-4); otherwise the build may be declined (AMB-12).

Stacks are tuples of tile indexes with the face-up tile first; taking it reveals the next one.
`known_bottom[k]` (k 0..2 hut stacks, 3..5 workshop stacks) counts the tiles at a stack's bottom
that everyone saw (HID-4).
"""
from __future__ import annotations

from ludoteka.kernel import Action
from ludoteka.kernel.flow import Decision

from ..model.flow import FLOW, ON_EFFECT, atom, perform
from ..model.texts import amount_text, citizen_name, cost_text
from ..model.state import HUTS, citizen_class, citizen_upgraded

KINDS = ("huts", "workshops")


def _stacks(state, kind: str):
    return state.hut_stacks if kind == "huts" else state.workshop_stacks


def free_huts(state, seat: int) -> list[int]:
    """MS-20.3/20.4: the seat's huts without an upgrade."""
    return [h for h in range(HUTS) if state.hut_upgrade[seat * HUTS + h] < 0]


def build_keys(state, seat: int, only: str = "") -> list[str]:
    """The legal builds: `hut_tile:<id>`, `workshop:<id>`, `cart:<id>` (face-up, affordable).
    `only` = 'huts' or 'workshops' restricts to that kind (the PL reading of D-4)."""
    data, keys = state.data, []
    if only != "workshops" and free_huts(state, seat):
        keys += [f"hut_tile:{data.hut_upgrades[s[0]].id}" for s in state.hut_stacks
                 if s and state.can_pay(seat, data.hut_upgrades[s[0]].cost)]
    if only != "huts":
        keys += [f"workshop:{data.workshops[s[0]].id}" for s in state.workshop_stacks
                 if s and state.can_pay(seat, data.workshops[s[0]].cost)]
    if not only:
        seen = set()
        for s in state.cart_stacks:
            if s and s[0] not in seen and state.can_pay(seat, data.carts[s[0]].cost):
                seen.add(s[0])
                keys.append(f"cart:{data.carts[s[0]].id}")
    return keys


def _can_pay_reshuffle(state, seat: int, payment: str) -> bool:
    if payment == "points":
        return state.score[seat] >= 1                                 # MS-19.4, AMB-18
    return state.markers(seat)[payment] >= 1                         # that very marker (D-3)


def reshuffle_keys(state, seat: int) -> list[str]:
    """MS-19.2/19.3: `reshuffle:<huts|workshops>:<payment>`; only a kind with a stack of 2 or more
    tiles is offered (a reshuffle of 1-tile stacks changes nothing, AMB-19)."""
    pays = [p for p in state.rules.reshuffle_payments if _can_pay_reshuffle(state, seat, p)]
    return [f"reshuffle:{kind}:{p}" for kind in KINDS if any(len(s) >= 2 for s in _stacks(state, kind))
            for p in pays]


def take_top(state, field: str, k: int, known: int = -1) -> int:
    """Take the face-up tile of stack k; the next is revealed (hidden information: no undo)."""
    stacks = getattr(state, field)
    stack = stacks[k]
    tile, rest = stack[0], stack[1:]
    setattr(state, field, stacks[:k] + (rest,) + stacks[k + 1:])
    if known >= 0:
        state.known_bottom[known] = min(state.known_bottom[known], max(0, len(rest) - 1))
    if rest:
        state._mark_barrier()
    return tile


def reshuffle(state, seat: int, kind: str, payment: str) -> None:
    """MS-19.5, AMB-19: each stack of the kind with 2 or more tiles puts its top at the bottom."""
    if payment == "points":
        state.add_points(seat, -1, "reshuffle")
    else:
        state.gain(seat, payment, -1)
    stacks = list(_stacks(state, kind))
    offset = 0 if kind == "huts" else 3
    for k, s in enumerate(stacks):
        if len(s) >= 2:
            stacks[k] = s[1:] + s[:1]
            state.known_bottom[offset + k] = min(state.known_bottom[offset + k] + 1, len(s) - 1)
    if kind == "huts":
        state.hut_stacks = tuple(stacks)
    else:
        state.workshop_stacks = tuple(stacks)
    state._mark_barrier()
    state.event("reshuffle", f"Seat {seat} pays {amount_text(payment, 1)} to reshuffle the "
                             f"{'hut-upgrade' if kind == 'huts' else 'workshop'} stacks.",
                {"seat": seat, "kind": kind, "payment": payment}, (seat,))


def _find(stacks, tiles, tile_id: str) -> int:
    for k, s in enumerate(stacks):
        if s and tiles[s[0]].id == tile_id:
            return k
    raise ValueError(tile_id)


def build(state, seat: int, key: str) -> None:
    """Carry out one build key (the caller checked it is legal)."""
    what, tile_id = key.split(":", 1)
    data = state.data
    if what == "hut_tile":
        k = _find(state.hut_stacks, data.hut_upgrades, tile_id)
        tile = take_top(state, "hut_stacks", k, k)
        state.pay(seat, data.hut_upgrades[tile].cost)
        huts = _distinct_huts(state, seat)
        if len(huts) == 1:
            place_hut(state, seat, tile, huts[0])
        else:
            state.push(PlaceHutUpgrade(seat, tile))
    elif what == "workshop":
        k = _find(state.workshop_stacks, data.workshops, tile_id)
        tile = take_top(state, "workshop_stacks", k, 3 + k)
        w = data.workshops[tile]
        state.pay(seat, w.cost)
        state.workshops[seat] = state.workshops[seat] + (tile, 0, 0)
        state.event("build_workshop", f"Seat {seat} builds workshop {w.id} ({w.citizen}) for {cost_text(w.cost)}.",
                    {"seat": seat, "workshop": w.id, "class": w.citizen}, (seat,))
    else:
        k = _find(state.cart_stacks, data.carts, tile_id)
        tile = take_top(state, "cart_stacks", k)
        cart = data.carts[tile]
        state.pay(seat, cart.cost)
        state.carts[seat] = state.carts[seat] + (tile, 0)
        state.add_points(seat, cart.points, "carts")                # MS-22.3
        state.event("build_cart", f"Seat {seat} builds cart {cart.id} for {cost_text(cart.cost)}"
                                  + (f" and gains {amount_text('points', cart.points)}." if cart.points else "."),
                    {"seat": seat, "cart": cart.id, "points": cart.points}, (seat,))


def _distinct_huts(state, seat: int) -> list[int]:
    # Huts without an upgrade holding the same citizen on the same space are alike: offer one.
    seen, out = set(), []
    for h in free_huts(state, seat):
        i = seat * HUTS + h
        sig = (state.huts[i], state.hut_space[i])
        if sig not in seen:
            seen.add(sig)
            out.append(h)
    return out


def place_hut(state, seat: int, tile: int, hut: int) -> None:
    """MS-20.3: lay the upgrade on a hut without one (empty or holding a citizen)."""
    state.hut_upgrade[seat * HUTS + hut] = tile
    u = state.data.hut_upgrades[tile]
    state.event("build_hut_upgrade", f"Seat {seat} builds hut upgrade {u.id} on quarantine hut {hut + 1} "
                                     f"for {cost_text(u.cost)}.",
                {"seat": seat, "hut_upgrade": u.id, "hut": hut}, (seat,))


@FLOW.kind
class PlaceHutUpgrade(Decision):
    """DEC-18: which hut without an upgrade gets the tile."""

    args = ("seat", "tile")
    over = ON_EFFECT

    def keys(self, state, frame, seat):
        return [f"hut:{h}" for h in _distinct_huts(state, seat)]

    def describe(self, state, frame, seat, key):
        h = int(key[4:])
        code = state.huts[seat * HUTS + h]
        held = "holding " + citizen_name(citizen_class(code), citizen_upgraded(code)) if code else "empty"
        return Action(key, f"Put the hut upgrade on quarantine hut {h + 1} ({held})", {"hut": h})

    def apply(self, state, frame, seat, key):
        place_hut(state, seat, frame[2], int(key[4:]))


def _describe_build(state, seat: int, key: str) -> Action:
    what, tile_id = key.split(":", 1)
    data = state.data
    if what == "hut_tile":
        tile = next(u for u in data.hut_upgrades if u.id == tile_id)
        text, args = f"Build hut upgrade {tile.id}", {"hut_upgrade": tile.id}
    elif what == "workshop":
        tile = next(w for w in data.workshops if w.id == tile_id)
        text, args = f"Build {tile.period} {tile.citizen} workshop {tile.id}", {"workshop": tile.id}
    else:
        tile = next(c for c in data.carts if c.id == tile_id)
        text, args = f"Build cart {tile.id}", {"cart": tile.id, "points": tile.points}
    # the markers really paid: a large fire standing in for fire the seat lacks (MS-12.9)
    paid = state.payment(seat, tile.cost)
    if paid != tile.cost:
        args["paid"] = [list(p) for p in paid]
    text += f" for {cost_text(paid)}"
    if what == "cart" and tile.points:
        text += f" (+{amount_text('points', tile.points)})"
    return Action(key, text, args)


@FLOW.kind
class Build(Decision):
    """DEC-18: reshuffle (only at the start), build one option, or skip (not after a reshuffle
    that leaves a legal build, MS-19.6). `after`: '' at the start, else the reshuffled kind."""

    args = ("seat", "after")
    over = ON_EFFECT

    def keys(self, state, frame, seat):
        after = frame[2]
        if after:
            # MS-19.6/D-4: build if any build is legal; if none is (a determinized world may
            # hold other tiles than the one the reshuffle was chosen in), the build ends.
            return build_keys(state, seat, "" if state.rules.after_any else after) or ["skip"]
        return reshuffle_keys(state, seat) + build_keys(state, seat) + ["skip"]

    def describe(self, state, frame, seat, key):
        if key == "skip":
            return Action(key, "Build nothing", {"skip": True})
        if key.startswith("reshuffle:"):
            _, kind, payment = key.split(":")
            return Action(key, f"Pay {amount_text(payment, 1)} to reshuffle the "
                               f"{'hut-upgrade' if kind == 'huts' else 'workshop'} stacks, then build",
                          {"reshuffle": kind, "payment": payment})
        return _describe_build(state, seat, key)

    def apply(self, state, frame, seat, key):
        if key == "skip":
            return
        if key.startswith("reshuffle:"):
            _, kind, payment = key.split(":")
            reshuffle(state, seat, kind, payment)
            # MS-19.6, D-4: a legal build must follow; none legal: the build ends.
            only = "" if state.rules.after_any else kind
            keys = build_keys(state, seat, only)
            if keys:
                state.push(Build(seat, kind), keys)
            return
        build(state, seat, key)


@atom("build")
def _build(state, seat: int, amount: int, arg: str) -> None:
    """MS-15.14: one build action; with nothing to reshuffle or build it is lost (AMB-14)."""
    if amount > 1:
        perform(state, seat, (("build", amount - 1, arg),))
    if reshuffle_keys(state, seat) or build_keys(state, seat):
        state.push(Build(seat, ""))
