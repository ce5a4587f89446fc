"""A coin shortage (ND-9.3, ND-AMB-7, ND-AMB-8, ND-AMB-33): when the supply cannot pay a gain,
the missing coins come one at a time from the richest *other* player; on a tie the gaining
(acting) seat chooses who pays, an interrupt after which the effect's turn goes on."""
from __future__ import annotations

from ...kernel import Action
from ...kernel.flow import Automatic, Decision, interrupt
from ...kernel.preview import attach
from .frames import FLOW
from .keys import PAYER_INDEX, PAYER_KEYS
from .outlook import preview


def _take_coin(state, seat: int, payer: int) -> None:
    state.coins[payer] -= 1
    state.coins[seat] += 1
    state.event("coin_paid", f"The supply is empty: {state.name(payer)} gives 1 coin to "
                f"{state.name(seat)}, the richest player pays.", {"payer": payer, "seat": seat}, (payer, seat))


@FLOW.kind
class SettleDebt(Automatic):
    """`seat` is owed `owed` coins the supply could not pay: take them from the richest others."""

    args = ("seat", "owed")
    over = ("end_actions", "end_bribes")

    def run(self, state, frame) -> None:
        _, seat, owed = frame
        while owed:
            others = [s for s in range(state.players) if s != seat]
            best = max(state.coins[s] for s in others)
            if best == 0:                                         # ND-AMB-8: nobody else has a coin
                state.event("coins_lost", f"No coin is left anywhere: {state.name(seat)} receives "
                            f"{owed} coin{'s' if owed > 1 else ''} fewer.", {"seat": seat, "coins": owed}, (seat,))
                return
            richest = [s for s in others if state.coins[s] == best]
            if len(richest) > 1:                                  # ND-AMB-8: the acting player chooses
                interrupt(state, CHOOSE_PAYER(seat, owed))
                return
            _take_coin(state, seat, richest[0])
            owed -= 1


@FLOW.kind
class ChoosePayer(Decision):
    """ND-AMB-8: the richest other players tie; the seat owed a coin chooses who gives it."""

    args = ("seat", "owed")
    over = ("end_actions", "end_bribes")
    phase = ""                      # the phase of the effect that gained the coin
    title = "who pays the missing coin"

    def keys(self, state, frame, seat):
        best = max(state.coins[s] for s in range(state.players) if s != seat)
        return [PAYER_KEYS[s] for s in range(state.players) if s != seat and state.coins[s] == best]

    def describe(self, state, frame, seat, key):
        payer = PAYER_INDEX[key]
        return attach(Action(key, f"Take the missing coin from {state.name(payer)}",
                             {"kind": "payer", "seat": payer}), preview(state, seat, key))

    def apply(self, state, frame, seat, key):
        _take_coin(state, seat, PAYER_INDEX[key])
        if frame[2] > 1:
            state.push(SETTLE_DEBT(seat, frame[2] - 1))


SETTLE_DEBT, CHOOSE_PAYER = SettleDebt, ChoosePayer   # the kinds' instances (the decorator returns them)
