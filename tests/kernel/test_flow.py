"""Kernel v2: the decision flow helpers, several seats at once, undo and its barriers, events,
score breakdowns, fields declared once, and the first release's state format."""
from __future__ import annotations

import itertools
import json
import random

import pytest

from ludoteka.kernel import (Action, BadRecord, Game, GameState, IllegalAction, UndoRefused, WrongSeat,
                             state_digest)
from ludoteka.kernel.fields import Int, Ints, slots
from ludoteka.kernel.flow import AnyTime, Automatic, Decision, Flow, UpTo, in_order, interrupt
from toy_game import GAME, play_random



# ------------------------------------------------------------------ several seats at once
def test_simultaneous_seats_in_any_order_give_the_same_state():
    bets = {0: "bet:2", 1: "bet:0", 2: "bet:1"}
    results = set()
    for order in itertools.permutations(range(3)):
        state = GAME.new_state(3, 5, {"wager": True})
        assert state.acting_seats() == (0, 1, 2)
        for seat in order:
            assert seat in state.acting_seats() and state.legal_keys(seat) == ["bet:0", "bet:1", "bet:2"]
            state.apply(bets[seat], seat)
        results.add(json.dumps(state.to_json()["state"], sort_keys=True))
        assert state.acting_seats() == (0,) and state.bet == [2, 0, 1]
    assert len(results) == 1


def test_a_pending_choice_is_hidden_until_revealed():
    a = GAME.new_state(3, 5, {"wager": True})
    b = GAME.new_state(3, 5, {"wager": True})
    a.apply("bet:0", 2)
    b.apply("bet:2", 2)
    for seat in (None, 0, 1):
        assert a.view(seat) == b.view(seat) and a.events(seat) == b.events(seat)
        assert a.legal_actions(seat) == b.legal_actions(seat)
    assert a.determinize(0, 9).to_json() == b.determinize(0, 9).to_json()
    assert a.view(2) != b.view(2)


def test_a_seat_that_is_not_acting_is_refused():
    state = GAME.new_state(3, 5, {"wager": True})
    state.apply("bet:1", 1)
    assert state.acting_seats() == (0, 2) and state.legal_keys(1) == []
    before = state.to_json()
    with pytest.raises(WrongSeat, match="seats 0, 2 are to act"):
        state.apply("bet:1", 1)
    with pytest.raises(IllegalAction, match="seat 2"):
        state.apply("take:0", 2)
    assert state.to_json() == before


def test_version_counts_applied_actions():
    state = GAME.new_state(2, 3)
    assert state.version == 0
    play_random(state, 1, steps=5)
    assert state.version == 5 == len(state.actions())


# ------------------------------------------------------------------ undo
def test_undo_restores_the_exact_state():
    state = GAME.new_state(3, 5, {"wager": True})
    state.apply("bet:1", 1)
    state.apply("bet:2", 0)
    before = state.clone()
    state.apply("bet:0", 2)            # the last bet reveals all bets: a barrier
    assert not state.can_undo(2)
    state = before
    # Seat 0's bet came after seat 1's: seat 1 may no longer undo, seat 0 may.
    assert state.can_undo(0) and not state.can_undo(1)
    reference = GAME.new_state(3, 5, {"wager": True})
    reference.apply("bet:1", 1)
    state.undo(0)
    assert state_digest(state) == state_digest(reference)
    assert state.to_json() == reference.to_json()
    for seat in (None, 0, 1, 2):
        assert state.view(seat) == reference.view(seat) and state.events(seat) == reference.events(seat)
    assert state.version == 1 and state.acting_seats() == (0, 2)


@pytest.mark.parametrize("first,second,why", [
    ("roll", None, "drew chance"),                  # randomness was drawn
    ("take:0", None, "revealed information"),       # the refill shows a hidden card
    ("pass", "swap", "revealed information"),       # the new secret is drawn from the deck
])
def test_undo_is_refused_across_a_barrier(first, second, why):
    state = GAME.new_state(2, 3, {"roll": True})
    if first == "pass":
        state.market = [0, 0, 0]
        state._legal = None
        state.apply("roll")
        state.apply("keep")
        state.apply("roll")
        state.apply("keep")
        state.market = [0, 0, 0]
        state.options = {**state.options, "roll": False}
        state._legal = None
    state.apply(first)
    if second:
        state.apply(second)
    seat = state.history()[-1][0]
    assert not state.can_undo(seat)
    before = state.to_json()
    with pytest.raises(UndoRefused, match="revealed information or drew chance"):
        state.undo(seat)
    assert state.to_json() == before


def test_undo_is_refused_after_another_seat_acted_and_at_the_start():
    state = GAME.new_state(2, 3)
    with pytest.raises(UndoRefused, match="no decision"):
        state.undo(0)
    state.apply("take:0")
    state.apply("keep")               # seat 0's own decision, no barrier
    assert state.can_undo(0)
    state.apply("roll", 1)
    with pytest.raises(UndoRefused, match="seat 1's"):
        state.undo(0)


def test_undo_of_a_keep_goes_back_one_decision():
    state = GAME.new_state(2, 3)
    state.apply("take:0")
    reference = state.clone()
    state.apply("keep")
    state.undo(0)
    assert state.to_json() == reference.to_json() and state.legal_keys() == ["keep", "swap"]


# ------------------------------------------------------------------ events and breakdowns
def test_events_are_structured_and_filtered():
    state = play_random(GAME.new_state(3, 4), 2)
    for seat in (None, 0, 1, 2):
        events = state.events(seat)
        assert [e["text"] for e in events] == state.log(seat)
        for e in events:
            assert set(e) == {"kind", "seats", "data", "text", "version"}
            assert isinstance(e["kind"], str) and e["kind"].isidentifier()
            json.dumps(e)
    secrets = [e for e in state.events(0) if e["kind"] == "secret"]
    assert secrets and all(e["seats"] == [0] for e in secrets)
    assert not any(e["kind"] == "secret" for e in state.events(None))


def test_events_since_a_mark_are_the_new_ones_and_a_lost_mark_gives_all():
    state = GAME.new_state(3, 4)
    for step in range(8):
        mark, before = state.event_mark(), {seat: state.events(seat) for seat in (None, 0, 1, 2)}
        later = play_random(state.clone(), step, steps=1)
        for seat in (None, 0, 1, 2):
            assert before[seat] + later.events(seat, since=mark) == later.events(seat)
        state = later
    assert not state.is_terminal() and len(state.events(None)) > len(GAME.new_state(3, 4).events(None))
    undone = GAME.new_state(3, 4, {"wager": True})
    undone.apply("bet:1", 1)
    mark = undone.event_mark()
    undone.undo(1)
    assert undone.events(0, since=mark) == undone.events(0)


@pytest.mark.parametrize("seed", range(40))
def test_score_breakdowns_sum_to_the_scores(seed):
    state = GAME.new_state(2 + seed % 3, seed, {"wager": seed % 2 == 0})
    rng = random.Random(seed)
    while True:
        for seat, part in enumerate(state.score_breakdown()):
            assert sum(part["points"].values()) == state.scores()[seat]
        if state.is_terminal():
            break
        seat = rng.choice(state.acting_seats())
        keys = state.legal_keys(seat)
        state.apply(keys[rng.randrange(len(keys))], seat)


# ------------------------------------------------------------------ fields declared once
def test_fields_generate_clone_and_validated_snapshot():
    state = play_random(GAME.new_state(3, 2), 1, steps=4)
    copy = state.clone()
    assert copy.pile is not state.pile and copy.pile == state.pile
    data = state.to_json()
    data["state"]["secret"] = [1, 2]
    with pytest.raises(BadRecord, match="'secret' must have 3 entries"):
        GAME.state_from_json(data)
    data = state.to_json()
    data["state"]["taken"] = True
    with pytest.raises(BadRecord, match="'taken' holds True, not a int"):
        GAME.state_from_json(data)


def test_first_release_state_json_is_replayed():
    state = play_random(GAME.new_state(3, 2), 1, steps=7)
    old = {"game": "toy", "players": 3, "seed": 2, "options": dict(state.options),
           "actions": state.actions(), "log": [], "state": {"to_act": state.to_act}}
    restored = GAME.state_from_json(old)
    assert restored.to_json() == state.to_json()
    old["actions"] = old["actions"][:-1] + ["cheat"]
    with pytest.raises(BadRecord, match="first format"):
        GAME.state_from_json(old)


# ------------------------------------------------------------------ the helpers, on a tiny game
FLOW = Flow()


@FLOW.kind
class Gather(UpTo):
    """Up to N times: take a coin; or stop."""

    args = ("seat", "times")

    def step_keys(self, state, frame, seat):
        return ["coin"]

    def step(self, state, frame, seat, key):
        state.coins[seat] += 1
        if state.coins[seat] == 2:                     # on the second coin the other seat must pay one
            interrupt(state, PAY(1 - seat))


@FLOW.kind
class Pay(Decision):
    args = ("seat",)

    def keys(self, state, frame, seat):
        return ["pay"]

    def describe(self, state, frame, seat, key):
        return Action(key, "Pay a coin")

    def apply(self, state, frame, seat, key):
        state.coins[seat] -= 1


@FLOW.kind
class Trade(AnyTime):
    """At any time during its own turn, a seat may trade: coin -> point."""

    args = ("seat",)

    def side_keys(self, state, frame, seat):
        return ["trade"] if state.coins[seat] > 0 else []

    def side(self, state, frame, seat, key):
        state.coins[seat] -= 1
        state.points[seat] += 1


@FLOW.kind
class StartTurn(Automatic):
    """A turn: the side actions sit below the turn's decisions until the seat ends the turn."""

    args = ("seat",)

    def run(self, state, frame):
        state.push(TRADE(frame[1]))
        state.push(GATHER(frame[1], 3))


GATHER, PAY, TRADE, START_TURN = Gather, Pay, Trade, StartTurn


class TinyState(GameState):
    FIELDS = (Ints("coins", per_seat=1), Ints("points", per_seat=1), Int("unused", lo=0))
    __slots__ = slots(FIELDS)
    FLOW = FLOW

    def scores(self):
        return list(self.points)


class TinyGame(Game):
    name = "tiny"

    def _empty(self, players, seed, options):
        return TinyState.__new__(TinyState)

    def _new(self, players, seed, options):
        s = self._empty(players, seed, options)
        s._begin(players, seed, options)
        s.coins, s.points, s.unused = [0, 0], [0, 0], 0
        s.push(in_order([START_TURN(0), START_TURN(1)]))
        s._settle()
        return s


TINY = TinyGame()
TinyState.game = TINY


def test_up_to_n_times_interrupts_and_side_actions():
    s = TINY.new_state(2, 1)
    assert s.acting_seats() == (0,) and s.legal_keys() == ["coin", "stop"]
    s.apply("coin")
    assert s.legal_keys() == ["coin", "stop", "trade"]      # the side action is offered too
    s.apply("trade")
    assert s.coins == [0, 0] and s.points == [1, 0] and s.legal_keys() == ["coin", "stop"]
    s.apply("coin")
    s.apply("coin")                                           # the second coin: seat 1 must pay
    assert s.acting_seats() == (1,) and s.legal_keys() == ["pay"]
    s.apply("pay")
    assert s.coins == [2, -1]
    assert s.acting_seats() == (0,) and s.legal_keys() == ["trade", "end_turn"]   # three times used
    assert [a.label for a in s.legal_actions()] == ["trade", "End your turn"]
    s.apply("trade")
    s.apply("trade")
    assert s.legal_keys() == ["end_turn"]
    s.apply("end_turn")
    assert s.to_act == 1 and s.legal_keys() == ["coin", "stop"]      # turn over, seat 0's trade is gone
    assert [f[0].name for f in s.frames()] == ["gather", "trade"]
    restored = TINY.state_from_json(json.loads(json.dumps(s.to_json())))
    assert restored.to_json() == s.to_json() and restored.legal_keys() == ["coin", "stop"]
    s.apply("stop")
    s.apply("end_turn")
    assert s.is_terminal() and s.scores() == [3, 0]


# ------------------------------------------------------------------ keys pushed with a decision
SEED_FLOW = Flow()


@SEED_FLOW.kind
class Choose(Decision):
    args = ("seat",)

    def keys(self, state, frame, seat):
        return ["computed"]

    def apply(self, state, frame, seat, key):
        pass


@SEED_FLOW.kind
class Seeding(Automatic):
    """Pushes Choose with keys, and (arg 1) then something that runs before Choose comes up."""

    args = ("then",)

    def run(self, state, frame):
        state.push(CHOOSE(0), ["seeded"])
        if frame[1]:
            state.push(NOTHING())


@SEED_FLOW.kind
class Nothing(Automatic):
    def run(self, state, frame):
        pass


CHOOSE, SEEDING, NOTHING = Choose, Seeding, Nothing


class SeedState(GameState):
    FIELDS = ()
    __slots__ = ()
    FLOW = SEED_FLOW


def _seed_state(frame):
    s = SeedState.__new__(SeedState)
    s._begin(1, 0, {})
    s.push(frame)
    s._settle()
    return s


def test_keys_pushed_with_a_decision_are_its_legal_keys_only_while_nothing_ran_since():
    assert _seed_state(SEEDING(False)).legal_keys() == ["seeded"]
    assert _seed_state(SEEDING(True)).legal_keys() == ["computed"]     # another frame ran: recomputed
    s = _seed_state(SEEDING(False))
    assert s.clone().legal_keys() == ["seeded"]                         # a clone shares the cached keys
    s.apply("seeded")
    assert s.is_terminal() and s._seeded is None


def _late_text(seat, value):
    return f"seat {seat} noted {value}"


def test_an_event_text_can_be_written_when_read():
    state = GAME.new_state(2, 1)
    state.apply("roll")
    state.event("note", (_late_text, 0, 7), {"value": 7}, (0,))
    assert state.log()[-1] == "seat 0 noted 7" and state.events(0)[-1]["text"] == "seat 0 noted 7"
    assert state.to_json()["events"][-1][4] == "seat 0 noted 7"
    restored = GAME.state_from_json(json.loads(json.dumps(state.determinize(0, 1).to_json())))
    assert restored.log(0)[-1] == "seat 0 noted 7"
