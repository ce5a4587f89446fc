"""Messina 1347: random play for 2-4 players and every option value, with the game's invariants and
the kernel's contract checked after every action; copies, saves, records and undo along the way."""
from __future__ import annotations

import json
import random
import re

import pytest

import ludoteka
from ludoteka.boardgames.messina.model.options import OPTIONS
from ludoteka.boardgames.messina.views.view import hidden_span, late_revealed
from ludoteka.kernel import UndoRefused, record_of, replay
from ludoteka.kernel.checks import stack_problems
from ludoteka.kernel.state import _text

from .helpers import GAME

# Every non-default value of every option (one at a time; `data` has its own tests; `mixed_sides`
# needs `advanced`), each with 2, 3 and 4 players, plus the default game and the advanced game
# with the book priority tile (MS-33, MS-34).
NEEDS = {"mixed_sides": {"advanced": True}}
VARIANTS = [{}] + [{**NEEDS.get(name, {}), name: value} for name, opt in OPTIONS.items() if name != "data"
                   for value in opt.choices if value != opt.default] + [{"advanced": True, "priority_tile": True}]
CONFIGS = [(players, options) for options in VARIANTS for players in (2, 3, 4)]
# The solo game (MS-35) with the standard and advanced rules, the priority tile and its own option.
SOLO = [{}, {"advanced": True}, {"priority_tile": True}, {"advanced": True, "priority_tile": True},
        {"advanced": True, "mixed_sides": "a_player_boards"}, {"solo_repopulation": "de"}]
CONFIGS += [(1, options) for options in SOLO]
PASSIVE = ("recall", "done", "decline", "skip", "stop", "end_turn")
RULE_ID = re.compile(r"\b(MS|AMB|DEC|HID|RND|DATA|D)-(EX-)?\d")
TILE_ID = re.compile(r"\b(?:[ABC]\d\d|W\d\d|U\d\d|K\d[ab])\b")


def config_id(config) -> str:
    players, options = config
    return f"{players}p-" + ("-".join(f"{k}={v}" for k, v in options.items()) or "default")


def policy(r: random.Random, keys: list[str]) -> str:
    """Random, usually acting rather than passing, so games reach rich positions."""
    active = [k for k in keys if k not in PASSIVE]
    if active and r.random() < 0.85:
        return r.choice(active)
    return r.choice(keys)


# ----------------------------------------------------------------------------- hidden information
def hidden_ids(s) -> set[str]:
    """The ids of every tile nobody may know yet: the city-hex stack (only the classes show), the
    face-down part of each hut-upgrade and workshop stack, the late workshops until round V, and
    the cart stacks below their tops."""
    data = s.data
    out = {data.hexes[t].id for t in s.hex_stack}
    for k, stack in enumerate(s.hut_stacks):
        a, b = hidden_span(stack, s.known_bottom[k])
        out.update(data.hut_upgrades[t].id for t in stack[a:b])
    for k, stack in enumerate(s.workshop_stacks):
        a, b = hidden_span(stack, s.known_bottom[3 + k])
        out.update(data.workshops[t].id for t in stack[a:b])
    late_open = late_revealed(s)
    for stack in s.late_stacks:
        out.update(data.workshops[t].id for t in stack[1 if late_open else 0:])
    for stack in s.cart_stacks:
        out.update(data.carts[t].id for t in stack[1:])
    return out


def revealing_stacks(s) -> tuple:
    """What shrinks when chance or a hidden tile is revealed: any change needs an undo barrier."""
    return (len(s.hex_stack), len(s.docking_stack), len(s.ship_stack))


def strings_in(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [x for v in value.values() for x in strings_in(v)]
    if isinstance(value, (list, tuple)):
        return [x for v in value for x in strings_in(v)]
    return []


def new_events(s, since) -> list[tuple]:
    """The raw event entries logged after the log node `since`, oldest first."""
    out = []
    node = s._log
    while node is not since and node is not None:
        node, entry = node
        out.append(entry)
    out.reverse()
    return out


def named_tiles(text: str, data: dict) -> set[str]:
    found = set(TILE_ID.findall(text))
    for value in strings_in(data):
        found.update(TILE_ID.findall(value))
    return found


# ----------------------------------------------------------------------------- one checked game
def check_step(s, players: int) -> None:
    """What must hold after every action."""
    problems = GAME.check_invariants(s) + stack_problems(s.FLOW, s)   # frames as loading checks them
    assert not problems, (s.version, problems)
    scores = s.scores()
    assert len(scores) == players
    for seat, part in enumerate(s.score_breakdown()):
        assert sum(part["points"].values()) == scores[seat], (s.version, seat, part)
    if s.is_terminal():
        return
    top = s.top()
    assert top[0].decision, top
    assert s.acting_seats() == (top[1],) and s.to_act == top[1], (s.acting_seats(), top)
    keys = s.legal_keys()
    assert keys and len(set(keys)) == len(keys), keys
    for seat in range(players):
        if seat != s.to_act:
            assert s.legal_keys(seat) == []
    for action in s.legal_actions():
        label = action.label
        assert isinstance(label, str) and label.strip() and label[0].isupper(), (action.key, label)
        assert not RULE_ID.search(label), (action.key, label)
        assert "_" not in label and not re.search(r"\w:\w", label), (action.key, label)
        assert not re.search(r"\b1 (coins|points|rats|citizens)\b", label), (action.key, label)
        assert isinstance(action.data, dict) and json.dumps(action.data)


def check_copy_save_undo(s, key: str) -> None:
    """A clone advanced leaves the original as it was; the saved state reloads the same; undo
    restores exactly, unless the action revealed something."""
    before = s.to_json()
    keys = list(s.legal_keys())
    seat = s.to_act
    c = s.clone()
    c.apply(key)
    assert s.to_json() == before and s.legal_keys() == keys
    restored = GAME.state_from_json(json.loads(json.dumps(before)))
    assert restored.to_json() == before and restored.legal_keys() == keys
    assert restored.scores() == s.scores() and restored.view(seat) == s.view(seat)
    if c.history()[-1][2]:
        assert not c.can_undo(seat)
        with pytest.raises(UndoRefused, match="revealed information or drew chance"):
            c.undo(seat)
    else:
        assert c.can_undo(seat)
        c.undo(seat)
        assert c.to_json() == before and c.legal_keys() == keys


def play_checked(players: int, options: dict, seed: int, every: int = 40):
    """A whole random game, checked after every action; the deep checks every `every` steps."""
    s = GAME.new_state(players, seed, options)
    r = random.Random(seed * 7919 + players)
    check_step(s, players)
    hidden = hidden_ids(s)
    assert not any(named_tiles(_text(e[4]), e[3]) & hidden for e in new_events(s, None))
    steps = 0
    while not s.is_terminal():
        key = policy(r, s.legal_keys())
        seat = s.to_act
        if steps % every == every // 2:
            check_copy_save_undo(s, key)
        log, stacks = s._log, revealing_stacks(s)
        s.apply(key)
        steps += 1
        check_step(s, players)
        # Events never name a tile that is still hidden after the action that logged them.
        after = hidden_ids(s)
        for entry in new_events(s, log):
            if entry[1] == "automa_skip":
                continue            # a revealed solo tile shows its hex; "not in play" is public too
            leaked = named_tiles(_text(entry[4]), entry[3]) & after
            assert not leaked, (s.version, entry[1], _text(entry[4]), leaked)
        for action in ([] if s.is_terminal() else s.legal_actions()):
            assert not named_tiles(action.label, action.data) & after, (action.key, action.label)
        # A revealed tile (something left the hidden set) or a drawn stack tile is an undo barrier.
        if (hidden - after) or revealing_stacks(s) != stacks:
            assert s.history()[-1][2], (s.version, key, hidden - after)
            assert not s.can_undo(seat)
        hidden = after
    assert s.round == 6 and s.frames() == [] and s.to_act is None
    assert s.legal_keys() == [] and s.acting_seats() == ()
    return s


@pytest.mark.parametrize("players,options", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_random_games_keep_every_invariant(players, options):
    """MS-29.1: the game ends at the end of round VI (an empty stack); every action keeps the invariants,
    and no event names a hidden tile (HID-1, HID-4, HID-5, HID-6)."""
    for seed in range(2):
        s = play_checked(players, options, seed)
        assert s.winners() and set(s.winners()) <= set(range(players))


def test_every_option_value_is_played():
    """The configurations cover every value of every option but `data`, with 2, 3 and 4 players,
    and the solo game with both rule sets and the priority tile."""
    for name, opt in OPTIONS.items():
        if name == "data":
            continue
        for value in opt.choices:
            for players in (2, 3, 4):
                assert any(p == players and o.get(name, opt.default) == value for p, o in CONFIGS), (name, value)
    for advanced in (False, True):
        for tile in (False, True):
            assert any(p == 1 and o.get("advanced", False) == advanced and o.get("priority_tile", False) == tile
                       for p, o in CONFIGS), (advanced, tile)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_records_replay_to_the_same_game(players):
    """A finished game's record, through JSON, replays to the same state and scores."""
    s = play_checked(players, {}, 11, every=1000)
    record = json.loads(json.dumps(record_of(s)))
    again = replay(record, ludoteka.game)
    assert again.scores() == s.scores() == record["scores"]
    assert again.to_json() == s.to_json()
    t = GAME.new_state(players, 11)
    for seat, key, _ in s.history():
        t.apply(key, seat)
    assert t.to_json() == s.to_json()


def test_same_seed_same_setup_and_different_seeds_differ():
    a, b, c = GAME.new_state(3, 5), GAME.new_state(3, 5), GAME.new_state(3, 6)
    assert a.to_json()["state"] == b.to_json()["state"]
    assert a.to_json()["state"] != c.to_json()["state"]


def test_undo_is_refused_after_another_seat_acted():
    """Undo takes back only the seat's own last decision: once another seat acted, it is refused."""
    s = GAME.new_state(3, 2)
    r = random.Random(2)
    checked = undone = 0
    while not s.is_terminal():
        seat = s.to_act
        before = s.to_json()
        s.apply(policy(r, s.legal_keys()))
        history = s.history()
        if len(history) >= 2 and history[-2][0] != seat:
            earlier = history[-2][0]            # acted just before this seat
            assert not s.can_undo(earlier)
            with pytest.raises(UndoRefused, match=f"seat {seat}'s, not seat {earlier}'s"):
                s.undo(earlier)
            checked += 1
        if not history[-1][2] and undone < 20:
            s.undo(seat)                        # the seat's own, no barrier: exactly as before
            assert s.to_json() == before
            undone += 1
            s.apply(policy(r, s.legal_keys()))
    assert checked > 20 and undone == 20
    fresh = GAME.new_state(3, 2)
    with pytest.raises(UndoRefused, match="no decision"):
        fresh.undo(fresh.to_act)


def test_revealing_a_city_hex_is_a_barrier():
    """HID-1: the decision that brings out a new city hex (the next round's preparation) cannot be
    undone; the new hex's id appears only once it lies in Messina."""
    s = GAME.new_state(2, 3)
    r = random.Random(3)
    top_id = GAME.data.hexes[s.hex_stack[0]].id
    while s.round == 1:
        seen = [e for e in s.events() if top_id in e["text"] or top_id in strings_in(e["data"])]
        assert not seen
        seat = s.to_act
        s.apply(policy(r, s.legal_keys()))
    assert s.history()[-1][2] and not s.can_undo(seat)
    assert top_id not in {GAME.data.hexes[t].id for t in s.hex_stack}
    assert any(top_id in e["text"] for e in s.events())
