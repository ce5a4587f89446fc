"""The frame fields the table client's decision bar needs (issue 23): every seat's public
supplies, why undo is refused, and which confirm-worthy options could still be taken back."""
from __future__ import annotations

import json
import random

from ludoteka import registry
from ludoteka.kernel import Game
from ludoteka.kernel.preview import attach, make_preview
from ludoteka.server.live import LiveTable

ROW = {"id": "t", "seats": '["human", "human"]', "turn_seconds": None, "deadline": None}


def table_of(game: str, seed: int = 3) -> LiveTable:
    return LiveTable(dict(ROW), registry.game(game).new_state(2, seed), 0, {0: "a", 1: "b"})


def test_every_seat_supplies_are_in_every_frame_spectators_included(monkeypatch):
    table = table_of("kingsburg")
    game = table.state.game
    monkeypatch.setattr(game, "supplies", lambda state, seat: {"gold": 10 + seat, "vp": seat})
    for seat in (None, 0, 1):
        frame = json.loads(json.dumps(table.frame(seat)))
        assert frame["supplies"] == {"0": {"gold": 10, "vp": 0}, "1": {"gold": 11, "vp": 1}}


def test_a_game_without_supplies_sends_empty_ones(monkeypatch):
    table = table_of("messina-1347")
    monkeypatch.setattr(table.state.game, "supplies", Game.supplies.__get__(table.state.game))   # the kernel's default
    frame = table.frame(0)
    assert frame["supplies"] == {"0": {}, "1": {}}


def test_the_undo_refusal_names_its_reason():
    table = table_of("messina-1347")
    state = table.state
    seat = state.acting_seats()[0]
    assert table.frame(seat)["undo_refusal"]["reason"] == "nothing"
    assert table.frame(None)["undo_refusal"] is None            # a spectator has nothing to undo
    rng = random.Random(5)
    seen = set()
    for _ in range(300):
        if state.to_act is None:
            break
        acting = state.acting_seats()[0]
        for s in (0, 1):
            frame = table.frame(s)
            refusal = frame["undo_refusal"]
            assert (refusal is None) == frame["can_undo"]
            if refusal:
                seen.add(refusal["reason"])
                assert refusal["text"] and refusal["reason"] in ("nothing", "other", "barrier")
                if refusal["reason"] == "other":
                    assert refusal["by"] == 1 - s
        state.apply(rng.choice(state.legal_keys(acting)), acting)
    assert seen == {"nothing", "other", "barrier"}


def test_undoable_lists_the_confirmed_options_that_undo_could_take_back(monkeypatch):
    table = table_of("messina-1347")
    state = table.state
    legal = type(state).legal_actions
    # Every option asks for a confirmation (a fake preview: the games add theirs separately).
    monkeypatch.setattr(type(state), "legal_actions", lambda self, seat=None: [
        attach(a, make_preview(confirm="ends_turn")) for a in legal(self, seat)])
    rng = random.Random(7)
    kinds = set()
    for _ in range(120):
        if state.to_act is None:
            break
        seat = state.acting_seats()[0]
        frame = table.frame(seat)
        assert set(frame["undoable"]) <= {a["key"] for a in frame["actions"]}
        for key in [a["key"] for a in frame["actions"]]:
            after = state.clone()
            after.apply(key, seat)
            can = after.acting_seats() == (seat,) and after.can_undo(seat)
            assert (key in frame["undoable"]) == can, key
            kinds.add(can)
        assert table.frame(1 - seat)["undoable"] == []          # not this seat's decision
        state.apply(rng.choice(state.legal_keys(seat)), seat)
    assert kinds == {True, False}


def test_options_without_a_confirmation_are_never_listed():
    table = table_of("kingsburg")
    seat = table.state.acting_seats()[0]
    assert table.frame(seat)["undoable"] == []
