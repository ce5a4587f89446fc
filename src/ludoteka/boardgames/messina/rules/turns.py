"""A round's turns (MS-7 - MS-10, MS-14): whose turn it is, choosing a lieutenant and where it
goes (a hex, a ship or home), and the action step with its side options.

A turn is a `Turn` frame (AnyTime: the "at any time in your own turn" options) under the
turn's decisions. Its phase says which side options are open: during steps 1-3 only moving
citizens into workshops; in the action step (step 4 of a hex turn, or a ship turn) also the hex
action or repopulation, the book actions gained, paid book advances and the even-ship advance.
"""
from __future__ import annotations

from ludoteka.kernel import Action
from ludoteka.kernel.flow import BOTTOM, AnyTime, Automatic, Decision

from . import automa, books
from ..model.board import move_cost
from .books import hex_record
from .citizens import apply_workshop_move, describe_workshop_move, workshop_move_keys
from ..model.city import filled_mask
from ..model.flow import FLOW, perform, step
from .plague import Fight, start_rescue, start_ship_turn
from .repopulation import can_repopulate
from ..model.state import ESTATE, LIEUTENANTS
from ..model.texts import action_text, alternative_text, amount_text
from .turn_steps import DONE, HEX_ACTION_STEP, SHIP_BONUS, STEPS

def lieutenant_keys(state, seat: int) -> list[str]:
    """MS-8.15/AMB-45: lying lieutenants in Messina; estate ones only when none is left there."""
    lying = [i for i in state.lieutenants(seat) if state.lt_at[i] >= 0 and not state.lt_used[i]]
    if lying:
        return [f"lt:{i - seat * LIEUTENANTS}" for i in lying]
    estate = [i for i in state.lieutenants(seat) if state.lt_at[i] == ESTATE and not state.lt_used[i]]
    return [f"lt:{estate[0] - seat * LIEUTENANTS}"] if estate else []


@FLOW.kind
class NextTurn(Automatic):
    """MS-7.3: turns cycle in turn order, skipping seats with no lieutenant left; when none is
    left anywhere the round ends (MS-7.2)."""

    args = ("position",)
    over = (BOTTOM,)
    once = True

    def run(self, state, frame):
        if state.players == 1:
            self.solo(state, frame[1])
            return
        order = state.turn_order
        n = len(order)
        for k in range(n):
            position = (frame[1] + k) % n
            seat = order[position]
            keys = lieutenant_keys(state, seat)
            if keys:
                state.push(self((position + 1) % n))
                push_turn(state, seat, keys)
                return
        state.push(step("end_of_round")())

    def solo(self, state, position: int) -> None:
        """MS-35.8, AMB-5: the player and the automa alternate from the round's start player
        (position 0: the round begins; 1: the player is next; 2: the automa is next); whoever
        has lieutenants left takes the remaining turns."""
        if position == 0:
            automa_next = automa.automa_starts(state)
            state.event("solo_start_player", f"Round {state.round}: "
                        + ("the automa" if automa_next else "seat 0") + " is the start player.",
                        {"round": state.round, "automa": automa_next})
        else:
            automa_next = position == 2
        keys = lieutenant_keys(state, 0)
        if automa.has_turn_left(state) and (automa_next or not keys):
            state.push(self(1))
            automa.take_turn(state)
        elif keys:
            state.push(self(2))
            push_turn(state, 0, keys)
        else:
            state.push(step("end_of_round")())


def push_turn(state, seat: int, keys: list[str]) -> None:
    """A seat's turn begins: the lieutenant to use (no decision when only one is usable)."""
    if len(keys) == 1:
        state.push(ChooseDestination(seat, seat * LIEUTENANTS + int(keys[0][3:])))
    else:
        state.push(ChooseLieutenant(seat), keys)


@FLOW.kind
class ChooseLieutenant(Decision):
    """DEC-2: which lieutenant to use this turn."""

    args = ("seat",)
    over = ("next_turn",)

    def keys(self, state, frame, seat):
        return lieutenant_keys(state, seat)

    def describe(self, state, frame, seat, key):
        i = seat * LIEUTENANTS + int(key[3:])
        at = state.lt_at[i]
        where = "in your estate" if at == ESTATE else f"lying on {place_name(state, at)}"
        return Action(key, f"Use your lieutenant {where}", {"lieutenant": int(key[3:]), "node": at})

    def apply(self, state, frame, seat, key):
        state.push(ChooseDestination(seat, seat * LIEUTENANTS + int(key[3:])))


def place_name(state, node: int) -> str:
    b = state.board
    if b.is_dock(node):
        return f"the {hex_record(state, node - 4).id} dock"
    return f"hex {hex_record(state, node).id}"


def destinations(state, seat: int, lt: int) -> list[tuple[str, int, int]]:
    """(key, node, cost) of every hex and ship the lieutenant can reach and pay for (MS-8, MS-9):
    no hex with a standing figure (MS-8.10), any dock with a ship (MS-9.4/9.5)."""
    b, coins = state.board, state.coins[seat]
    standing = state.standing_nodes()
    at = state.lt_at[lt]
    row = b.distances(filled_mask(state))[at] if at >= 0 else None
    hex_at, hex_keys, harbour_keys, first_harbour = state.hex_at, b.hex_keys, b.harbour_keys, b.first_harbour
    out = []
    for node in range(b.first_dock):
        tile = hex_at[node]
        if tile >= 0:
            key = hex_keys[tile]
        elif node >= first_harbour:
            key = harbour_keys[node - first_harbour]
        else:
            continue                                   # an empty expansion location
        if node not in standing:
            cost = 0 if row is None or row[node] < 2 else row[node] - 1    # move_cost, inline
            if cost <= coins:
                out.append((key, node, cost))
    for ship, dock in enumerate(state.ship_at):
        if 0 <= dock < 4:
            node = b.first_dock + dock
            cost = 0 if row is None or row[node] < 2 else row[node] - 1
            if cost <= coins:
                out.append((b.ship_keys[ship], node, cost))
    return out


def destination(state, lt: int, key: str) -> tuple[int, int]:
    """(node, cost) of one legal destination key."""
    b = state.board
    node = b.dock(state.ship_at[ship_index(state, key[5:])]) if key.startswith("ship:") \
        else books.node_of(state, key[4:])
    at = state.lt_at[lt]
    return node, 0 if at < 0 else move_cost(b.distances(filled_mask(state))[at][node])


@FLOW.kind
class ChooseDestination(Decision):
    """DEC-1/DEC-3: a hex (hex turn), a ship (ship turn) or home (recall), paying the way."""

    args = ("seat", "lieutenant")
    over = ("next_turn",)

    def keys(self, state, frame, seat):
        return [key for key, _, _ in destinations(state, seat, frame[2])] + ["recall"]

    def describe(self, state, frame, seat, key):
        if key == "recall":
            return Action(key, "Recall this lieutenant to your estate and take 1 coin")
        for k, node, cost in destinations(state, seat, frame[2]):
            if k == key:
                pay = f" (pay {cost} coin{'s' if cost != 1 else ''})" if cost else ""
                if key.startswith("ship:"):
                    ship = state.data.ships[ship_index(state, key[5:])]
                    gain = amount_text("coin", ship.coins) if ship.coins else amount_text("points", ship.points)
                    return Action(key, f"Go to ship {ship.id} ({ship.goods}, {gain}){pay}",
                                  {"ship": ship.id, "node": node, "cost": cost})
                h = hex_record(state, node)
                return Action(key, f"Go to hex {h.id}: {action_text(h.action)}{pay}",
                              {"hex": h.id, "node": node, "cost": cost})
        return Action(key, key)

    def apply(self, state, frame, seat, key):
        lt = frame[2]
        if key == "recall":
            state.lt_used[lt] = True
            recall(state, seat, lt)
            return
        node, cost = destination(state, lt, key)
        state.lt_used[lt] = True
        state.coins[seat] -= cost
        state.lt_at[lt] = node
        state.turn_done = 0
        state.pending = ()
        if key.startswith("ship:"):
            ship = ship_index(state, key[5:])
            state.event("ship_turn", f"Seat {seat} sends a lieutenant to ship {key[5:]}.",
                        {"ship": key[5:], "cost": cost}, seats=(seat,))
            # MS-9.7-9.12: the fight and the ship come first; the action window opens after them
            state.push(Turn(seat, node, lt, STEPS))
            start_ship_turn(state, seat, ship)
            return
        h = hex_record(state, node)
        state.event("hex_turn", f"Seat {seat} chooses hex {h.id}" + (f", paying {amount_text('coin', cost)}." if cost else "."),
                    {"hex": h.id, "node": node, "cost": cost}, seats=(seat,))
        owner = state.repopulated_by[node]
        if owner >= 0:                       # MS-8.18/24.12: the repopulator scores the visit
            state.add_points(owner, state.data.tables.visit_points, "visits")
            state.event("visit", f"Seat {owner} scores {amount_text('points', state.data.tables.visit_points)} for the visit.",
                        {"hex": h.id, "seat": owner}, seats=(owner,))
        state.push(Turn(seat, node, lt, STEPS))
        state.push(Fight(seat, node, 0))
        start_rescue(state, seat, node)


def recall(state, seat: int, lt: int) -> None:
    """MS-10: the lieutenant goes home and the seat takes 1 coin; nothing else happens."""
    state.lt_at[lt] = ESTATE
    state.coins[seat] += 1
    state.event("recall", f"Seat {seat} recalls a lieutenant and takes 1 coin.", {}, seats=(seat,))
    if state.deferred[seat]:
        # MS-25.16: a deferred book action is used in the action step of the next turn; a recall
        # has none, so it is lost (the digest is silent; the German text ties it to that step).
        state.deferred[seat] = ()
        state.event("deferred_lost", f"Seat {seat}'s book actions from production are lost.", {}, seats=(seat,))


def ship_index(state, ship_id: str) -> int:
    return next(i for i, s in enumerate(state.data.ships) if s.id == ship_id)


def hex_action_keys(state, seat: int, node: int, lt: int) -> list[str]:
    """MS-14: the hex's action (one key per slash option), and repopulation instead of it by the
    lieutenant `lt` that chose the hex."""
    spec = hex_record(state, node).action
    keys = ["action"] if len(spec) == 1 else [f"action:{k}" for k in range(len(spec))]
    if not state.board.is_harbour(node) and can_repopulate(state, seat, node, lt):
        keys.append("repopulate")
    return keys


# MS-15.1: the atoms of a hex action that only add markers or points
FREE_GAINS = frozenset(("coin", "timber", "fire", "large_fire", "points"))


@FLOW.kind
class Turn(AnyTime):
    """The options of one's own turn (MS-7.7/7.8, MS-14.3, MS-21.5, MS-25.4, MS-9.11/9.12)."""

    args = ("seat", "node", "lieutenant", "phase")
    over = ("next_turn",)
    once = True
    end_label = "End your turn"

    def side_keys(self, state, frame, seat):
        keys = workshop_move_keys(state, seat)
        phase = frame[4]
        if phase == STEPS:
            return keys
        if not state.turn_done & DONE and phase == HEX_ACTION_STEP:
            keys = hex_action_keys(state, seat, frame[2], frame[3]) + keys
        if state.turn_done & SHIP_BONUS:
            keys.append("ship_bonus")
        return keys + books.pending_keys(state) + books.paid_keys(state, seat)

    def describe(self, state, frame, seat, key):
        action = super().describe(state, frame, seat, key)
        if key == self.end_key and self._free_gain_open(state, frame):
            # MS-15.1: markers and points only, and more of them never hurts (they score as
            # remaining markers, MS-31.13, and fire breaks ties, MS-31.5): ending the turn
            # instead never does better, so a client may take the action without asking
            action.data["dominated_by"] = "action"
        return action

    @staticmethod
    def _free_gain_open(state, frame) -> bool:
        """Whether the hex action is still open and is one alternative of pure gains."""
        if frame[4] != HEX_ACTION_STEP or state.turn_done & DONE:
            return False
        spec = hex_record(state, frame[2]).action
        return len(spec) == 1 and all(verb in FREE_GAINS and amount > 0 for verb, amount, _ in spec[0])

    def describe_side(self, state, frame, seat, key):
        if key.startswith("pay:"):
            return books.describe_paid(state, seat, key)
        if key.startswith("book_action:"):
            return books.describe_pending(state, key)
        if key.startswith("to_workshop:"):
            return describe_workshop_move(state, seat, key)
        if key == "ship_bonus":
            return Action(key, "You own an even number of ships: advance an overseer of your choice")
        if key == "repopulate":
            hex_id = hex_record(state, frame[2]).id
            return Action(key, f"Repopulate hex {hex_id} instead of its action", {"hex": hex_id})
        spec = hex_record(state, frame[2]).action
        k = 0 if key == "action" else int(key[7:])
        return Action(key, f"Hex action: {alternative_text(spec[k])}",
                      {"hex": hex_record(state, frame[2]).id, "alternative": k})

    def side(self, state, frame, seat, key):
        if key.startswith("pay:"):
            books.pay_advance(state, seat, key)
        elif key.startswith("book_action:"):
            books.use_pending(state, seat, key)
        elif key.startswith("to_workshop:"):
            apply_workshop_move(state, seat, key)
        elif key == "ship_bonus":
            state.turn_done &= ~SHIP_BONUS
            perform(state, seat, (("overseer", 1, "any"),))
        elif key == "repopulate":
            state.turn_done |= DONE
            state.push(step("repopulate")(seat, frame[2], frame[3]))
        else:
            state.turn_done |= DONE
            spec = hex_record(state, frame[2]).action
            perform(state, seat, spec[0] if key == "action" else spec[int(key[7:])])

    def apply(self, state, frame, seat, key):
        if key == self.end_key:
            state.pending = ()                 # AMB-23: unused book actions are lost
            state.turn_done = 0
            return
        super().apply(state, frame, seat, key)

