"""The kernel contract, exercised through the toy game: options, decisions, copies, JSON, logs."""
from __future__ import annotations

import json

import pytest

from ludoteka.kernel import (Action, BadOption, BadRecord, GameOver, IllegalAction, WrongSeat,
                             state_digest)
from toy_game import GAME, ToyState, play_random



# ------------------------------------------------------------------ creation and options
@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_state_defaults_and_full_game(players):
    state = GAME.new_state(players, seed=5)
    assert state.options == {"rounds": 3, "roll": True, "wager": False}
    assert state.to_act == 0 and not state.is_terminal()
    play_random(state, 1)
    assert state.is_terminal() and state.to_act is None
    assert len(state.actions()) == 2 * 3 * players
    assert state.legal_keys() == [] and state.legal_actions() == []
    assert len(state.scores()) == players
    assert state.winners() == [s for s, v in enumerate(state.scores()) if v == max(state.scores())]


@pytest.mark.parametrize("players", [1, 5, 0, "2", 2.0, True])
def test_bad_player_counts_name_the_allowed_range(players):
    with pytest.raises(BadOption) as info:
        GAME.new_state(players, seed=1)
    assert "toy" in str(info.value)


@pytest.mark.parametrize("seed", ["1", 1.5, None, True])
def test_bad_seed(seed):
    with pytest.raises(BadOption, match="seed"):
        GAME.new_state(2, seed)


def test_unknown_option_lists_known_options():
    with pytest.raises(BadOption, match=r"unknown option 'speed'; known options: roll, rounds, wager"):
        GAME.new_state(2, 1, {"speed": 3})


@pytest.mark.parametrize("value", [5, "3", True, 3.0])
def test_bad_option_value_lists_allowed_values(value):
    with pytest.raises(BadOption, match=r"allowed: 2, 3, 4"):
        GAME.new_state(2, 1, {"rounds": value})


def test_option_bool_is_not_int():
    with pytest.raises(BadOption):
        GAME.new_state(2, 1, {"roll": 1})
    state = GAME.new_state(2, 1, {"roll": False, "rounds": 2})
    assert "roll" not in state.legal_keys()
    assert len(play_random(state, 3).actions()) == 2 * 2 * 2


def test_options_are_described():
    desc = GAME.describe()
    assert desc["name"] == "toy" and desc["min_players"] == 2 and desc["max_players"] == 4
    assert {o["name"]: o["default"] for o in desc["options"]} == {"rounds": 3, "roll": True, "wager": False}
    json.dumps(desc)


# ------------------------------------------------------------------ decisions
def test_legal_keys_are_cached_and_described():
    state = GAME.new_state(3, 2)
    keys = state.legal_keys()
    assert state.legal_keys() is keys
    actions = state.legal_actions()
    assert [a.key for a in actions] == keys
    assert all(isinstance(a, Action) and a.label for a in actions)
    state.apply(keys[0])
    assert state.legal_keys() == ["keep", "swap"]


def test_illegal_key_changes_nothing_and_lists_allowed():
    state = GAME.new_state(2, 3)
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply("take:9")
    assert "take:9" in str(info.value) and "take:0" in str(info.value) and "seat 0" in str(info.value)
    assert info.value.allowed == state.legal_keys()
    assert state.to_json() == before


def test_wrong_seat_and_game_over():
    state = GAME.new_state(2, 3)
    with pytest.raises(WrongSeat, match="seat 1 cannot act now: seat 0 is to act"):
        state.apply("roll", seat=1)
    state.apply(Action("roll", "Roll"), seat=0)      # an Action works as well as its key
    play_random(state, 4)
    with pytest.raises(GameOver):
        state.apply("keep")
    with pytest.raises(GameOver):
        state.apply("keep", seat=0)


def test_same_seed_same_actions_same_state():
    a = play_random(GAME.new_state(4, 11), 7)
    b = play_random(GAME.new_state(4, 11), 7)
    assert a.to_json() == b.to_json() and state_digest(a) == state_digest(b)
    c = play_random(GAME.new_state(4, 12), 7)
    assert state_digest(c) != state_digest(a)


# ------------------------------------------------------------------ copies
def test_clone_is_independent_both_ways():
    state = play_random(GAME.new_state(3, 4), 1, steps=5)
    before = state.to_json()
    copy = state.clone()
    assert copy.to_json() == before
    play_random(copy, 2)
    assert state.to_json() == before
    copy2 = state.clone()
    play_random(state, 3)
    assert copy2.to_json() == before
    assert copy2.actions() == [key for _, key, _ in before["history"]]


def test_clone_shares_legal_cache_safely():
    state = GAME.new_state(2, 4)
    keys = state.legal_keys()
    copy = state.clone()
    copy.apply(keys[0])
    assert state.legal_keys() == keys and copy.legal_keys() == ["keep", "swap"]


# ------------------------------------------------------------------ JSON
@pytest.mark.parametrize("steps", [0, 3, 10, None])
def test_json_round_trip_and_continuation(steps):
    state = play_random(GAME.new_state(3, 8), 2, steps=steps)
    data = json.loads(json.dumps(state.to_json()))
    restored = GAME.state_from_json(data)
    assert restored.to_json() == state.to_json()
    assert restored.legal_keys() == state.legal_keys()
    assert restored.log(1) == state.log(1)
    play_random(state, 9)
    play_random(restored, 9)
    assert state_digest(restored) == state_digest(state)


def mutate(data, path, value):
    data = json.loads(json.dumps(data))
    node = data
    for part in path[:-1]:
        node = node[part]
    if value is KeyError:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


@pytest.mark.parametrize("path,value,message", [
    (("game",), "chess", "not 'toy'"),
    (("players",), 9, "outside"),
    (("players",), "2", "players"),
    (("seed",), None, "seed"),
    (("options",), {"rounds": 7}, "rounds"),
    (("state",), KeyError, "state"),
    (("history",), "take:0", "history"),
    (("history",), [[0, "take:0"]], "history"),
    (("events",), [["x"]], "event"),
    (("version",), -1, "version"),
    (("state", "stack"), [{"kind": "nonsense", "args": []}], "unknown frame kind"),
    (("state", "stack"), [{"kind": "turn", "args": [0, 1]}], "takes 1 args"),
    (("state", "bet"), [0, 3], "outside 0..2"),
    (("state", "deck"), "abc", "deck"),
    (("state", "market"), [1, 2], "market"),
    (("state", "turn"), KeyError, "missing fields: turn"),
    (("state", "rng"), 1.5, "rng"),
    (("state", "to_act"), "0", "to_act"),
    (("state", "taken"), 0, "inconsistent"),         # cards no longer add up
    (("state", "to_act"), None, "to_act"),            # over before the last turn
])
def test_malformed_state_json_is_a_bad_record(path, value, message):
    data = play_random(GAME.new_state(2, 6), 1, steps=4).to_json()
    with pytest.raises(BadRecord, match=message):
        GAME.state_from_json(mutate(data, path, value))


@pytest.mark.parametrize("data", [None, [], "toy", 3])
def test_state_json_must_be_an_object(data):
    with pytest.raises(BadRecord, match="JSON object"):
        GAME.state_from_json(data)


# ------------------------------------------------------------------ logs and views
def test_log_visibility():
    state = GAME.new_state(3, 21)
    state.apply("take:0")
    state.apply("swap")
    public = state.log(None)
    mine = state.log(0)
    other = state.log(1)
    assert any("draws a" in line for line in mine)
    assert not any("draws a" in line for line in public + other)
    assert any("swaps its secret" in line for line in public)
    assert sum("Your secret card" in line for line in mine) == 1
    assert len(mine) == len(public) + 2 and len(other) == len(public) + 1
    restored = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert restored.log(0) == mine and restored.log(None) == public and restored.log(2) == state.log(2)
    assert [restored.events(s) for s in (None, 0, 1, 2)] == [state.events(s) for s in (None, 0, 1, 2)]


def test_tuple_visibility_survives_json():
    state = GAME.new_state(3, 1)
    state.apply("roll")
    state.event("note", "a secret shared by seats 0 and 2", {}, (0, 2), visible_to=(0, 2))
    # A determinization holds no history, so the loader cannot (and does not) replay it.
    restored = GAME.state_from_json(json.loads(json.dumps(state.determinize(0, 5).to_json())))
    for s in (0, 2):
        assert restored.log(s)[-1] == "a secret shared by seats 0 and 2"
    assert "shared" not in restored.log(1)[-1] and "shared" not in restored.log(None)[-1]


def test_a_state_must_be_what_its_history_gives():
    """The log is the truth: a saved state whose fields, events or history were edited is refused."""
    state = play_random(GAME.new_state(3, 1), 2, steps=5)
    data = json.loads(json.dumps(state.to_json()))
    assert GAME.state_from_json(data).to_json() == state.to_json()
    edits = [("state", "pile", lambda v: [v[0] + 1] + v[1:], "field 'pile'"),
             ("history", None, lambda v: [[v[0][0], "bogus", v[0][2]]] + v[1:], "history entry 0"),
             ("version", None, lambda v: v + 1, "version"),
             ("events", None, lambda v: v + [[None, "note", [], {}, "forged", 5]], "events")]
    for where, name, change, message in edits:
        bad = json.loads(json.dumps(data))
        if name is None:
            bad[where] = change(bad[where])
        else:
            bad[where][name] = change(bad[where][name])
        with pytest.raises(BadRecord, match=message):
            GAME.state_from_json(bad)


def test_view_hides_other_secrets_until_the_end():
    state = GAME.new_state(3, 2)
    view = state.view(1)
    assert view["secrets"][1] == state.secret[1]
    assert view["secrets"][0] is None and view["secrets"][2] is None
    assert all(v is None for v in state.view(None)["secrets"])
    play_random(state, 1)
    assert state.view(None)["secrets"] == state.secret


def test_determinize_matches_the_view_and_resamples_hidden_parts():
    state = play_random(GAME.new_state(4, 3), 5, steps=6)
    seat = state.to_act
    before = state.to_json()
    seen_other_secrets = set()
    for seed in range(30):
        d = state.determinize(seat, seed)
        assert d.view(seat) == state.view(seat)
        assert d.legal_keys() == state.legal_keys()
        assert sorted(d.deck + d.secret) == sorted(state.deck + state.secret)
        seen_other_secrets.add(tuple(d.secret[s] for s in range(4) if s != seat))
        play_random(d, seed)
    assert state.to_json() == before
    assert len(seen_other_secrets) > 10


def test_determinize_reseeds_future_chance():
    state = GAME.new_state(2, 3)
    rolls = set()
    for seed in range(20):
        d = state.determinize(0, seed)
        d.apply("roll")
        rolls.add(d.pile[0])
    assert len(rolls) > 2


def test_states_have_slots():
    state = GAME.new_state(2, 1)
    assert not hasattr(state, "__dict__")
    assert isinstance(state, ToyState)


def test_a_memo_lives_for_one_version_of_one_state():
    state = GAME.new_state(2, seed=3)
    made = []

    def make():
        made.append(state.version)
        return len(made)
    assert state.memo("k", make) == state.memo("k", make) == 1          # once per version
    assert state.clone().memo("k", make) == 2                           # a copy keeps none
    state.apply(state.legal_keys()[0], state.to_act)
    assert state.memo("k", make) == 3                                   # the next action forgets
    assert state.memo("other", make) == 4 and state.memo("k", make) == 3


def test_an_undo_forgets_the_memo_even_back_at_a_version_seen_before():
    state = GAME.new_state(3, 5, {"wager": True})
    state.apply("bet:1", 1)
    state.apply("bet:2", 0)
    assert state.memo("k", lambda: "after bet:2") == "after bet:2"
    state.undo(0)
    state.apply("bet:1", 0)                          # the same version as before the undo
    assert state.memo("k", lambda: "after bet:1") == "after bet:1"
