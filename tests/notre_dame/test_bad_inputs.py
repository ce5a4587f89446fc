"""Bad inputs: illegal keys, wrong seats, bad options, malformed or tampered records and states,
corrupt data files; and data files that change the game without code changes."""
from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

import pytest

import ludoteka
from ludoteka.boardgames.notre_dame import NotreDame
from ludoteka.boardgames.notre_dame.data import DATA_DIR, load_components
from ludoteka.kernel import (BadOption, BadRecord, DataError, GameOver, IllegalAction, TamperedRecord,
                             WrongSeat, record_of, replay)

from .helpers import (GAME, S_BRIBE, advance_passive, draft_all, new, play_state, random_game,
                      set_counts, set_hand, stage, touched)

rule = pytest.mark.rule


def frozen(s):
    return json.dumps(s.to_json(), sort_keys=True)


# ----------------------------------------------------------------------------- keys and seats
@pytest.mark.parametrize("players", [2, 3, 5])
def test_illegal_keys_and_wrong_seats_change_nothing(players):
    s = GAME.new_state(players, 8)
    rng = random.Random(players)
    bad = ["", "keep:harbor", "play:notre_dame", "place", "donate:4", "friend:notre_dame", "to:9.C",
           "bribe:king", "hotel:coin+coin+coin", "lose:harbor", "juggle-to:notre_dame", 7, None]
    while not s.is_terminal():
        before = frozen(s)
        for key in bad:
            if key in s.legal_keys():
                continue
            with pytest.raises(IllegalAction):
                s.apply(key)
        waiting = [x for x in range(players) if x not in s.acting_seats()]
        if waiting:
            with pytest.raises(WrongSeat):
                s.apply(s.legal_keys()[0], seat=waiting[0])
        else:                                   # a simultaneous draft pass: every seat is acting
            other = s.acting_seats()[1]
            foreign = next((k for k in s.legal_keys() if k not in s.legal_keys(other)), None)
            if foreign is not None:
                with pytest.raises(IllegalAction):
                    s.apply(foreign, seat=other)
        assert frozen(s) == before
        keys = s.legal_keys()
        s.apply(keys[rng.randrange(len(keys))], seat=s.to_act)
    before = frozen(s)
    with pytest.raises(GameOver):
        s.apply("pass")
    assert frozen(s) == before


@rule("ND-13.3", "ND-16.7")
def test_rule_breaking_keys_are_illegal():
    s = play_state(3, 0, ("trusted_friend", "notre_dame"))
    set_counts(s, 0, friend="bank")
    s.apply("play:trusted_friend")
    for key in ("friend:bank", "friend:notre_dame"):
        with pytest.raises(IllegalAction):
            s.apply(key)


def test_bad_options():
    for players, options in ((3, {"colour": "red"}), (3, {"open_prestige": 1}), (3, {"start_player": 3}),
                             (2, {"start_player": 2}), (3, {"start_player": "first"}),
                             (3, {"coin_shortage": "none"}), (3, {"carriage_may_stay": "yes"}),
                             (3, ["open_prestige"])):
        with pytest.raises(BadOption):
            GAME.new_state(players, 1, options)
    for players in (1, 6, "3", True):
        with pytest.raises(BadOption):
            GAME.new_state(players, 1)
    with pytest.raises(BadOption):
        GAME.new_state(3, "seed")
    assert GAME.new_state(5, 1, {"start_player": 4}).start == 4


# ----------------------------------------------------------------------------- records and states
def test_tampered_and_malformed_records():
    s = random_game(3, 12)
    record = json.loads(json.dumps(record_of(s)))
    assert replay(record, ludoteka.game).to_json() == s.to_json()

    def changed(**kw):
        r = json.loads(json.dumps(record))
        r.update(kw)
        return r
    actions = record["actions"]
    swapped = next(i for i, k in enumerate(actions) if k.startswith("play:"))
    for bad in (changed(actions=actions[:swapped] + ["play:nothing"] + actions[swapped + 1:]),
                changed(actions=actions[:-1], seats=record["seats"][:-1]), changed(scores=[0, 0, 0]), changed(digest="0" * 64),
                changed(seed=record["seed"] + 1), changed(finished=False)):
        with pytest.raises(TamperedRecord):
            replay(bad, ludoteka.game)
    for bad in (changed(format="x"), changed(players="3"), changed(players=9), changed(actions="x"),
                changed(options={"open_prestige": 2}), changed(game="nope"), [1, 2], changed(actions=[3])):
        with pytest.raises(BadRecord):
            replay(bad, ludoteka.game)


def test_malformed_and_inconsistent_state_json():
    s = new(3, 4)
    advance_passive(s, stop=lambda x: x.round == 2)
    good = s.to_json()
    assert GAME.state_from_json(json.loads(json.dumps(good))).to_json() == good

    def broken(path, value):
        d = json.loads(json.dumps(good))
        target = d
        for p in path[:-1]:
            target = target[p]
        if value is KeyError:
            del target[path[-1]]
        else:
            target[path[-1]] = value
        return d
    cases = [
        broken(("game",), "kingsburg"), broken(("players",), 7), broken(("state",), []),
        broken(("state", "sector_stones"), "x"), broken(("state", "coins"), [3, 3]), broken(("state", "round"), 10),
        broken(("state", "hand"), [[1], [2]]), broken(("state", "to_act"), 5), broken(("state", "prestige"), KeyError),
        broken(("state", "coins"), [3, 3, 30]),                      # 25 coins in all
        broken(("state", "personal"), [5, 4, 4]),                    # 14 stones per colour
        broken(("state", "rat"), [10, 0, 0]),                        # plague track 0..9
        broken(("state", "discard"), good["state"]["discard"] + [0]),  # a card in two places
        broken(("state", "msg_at"), [-1] * 15),                      # messages vanish
        broken(("state", "stack"), []),                              # over, but only in round 2
        broken(("state", "stack"), [{"kind": "harbour", "args": []}]),  # an unknown decision
        broken(("state", "stack"), [{"kind": "play_card", "args": [0, 1]}]),  # wrong arguments
        broken(("state", "stack"), [{"kind": "end_round", "args": []}]),      # not a decision on top
        broken(("state", "stack"), good["state"]["stack"][:-1]
               + [{"kind": "play_card", "args": [9]}]),              # a seat that does not exist
        broken(("state", "stack"), good["state"]["stack"][:-1]
               + [{"kind": "place_stone", "args": [good["state"]["to_act"], 12]}]),  # no such sector
        broken(("state", "stack"), good["state"]["stack"][:-1]
               + [{"kind": "move_carriage", "args": [good["state"]["to_act"], "far"]}]),
        broken(("state", "stack"), good["state"]["stack"][:-1]
               + [{"kind": "draft_pick", "args": [[good["state"]["to_act"]] * 2, 1]}]),       # a seat pending twice
        broken(("state", "brown"), [0]),
        broken(("events",), "x"), broken(("history",), [1]),
        "not a dict",
    ]
    for bad in cases:
        with pytest.raises(BadRecord):
            GAME.state_from_json(bad)


# ----------------------------------------------------------------------------- data files
@pytest.fixture
def data_copy(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, count))


@pytest.mark.parametrize("file,old,new,message", [
    ("persons.toml", "rats = 3", "rats = 4", "rats must be 0 to 3"),
    ("persons.toml", "period_rat_totals = { A = 12", "period_rat_totals = { A = 11", "period A total"),
    ("persons.toml", 'deck = "A"', 'deck = "D"', "deck must be"),
    ("persons.toml", 'effect = "mayor"', 'effect = "emperor"', "unknown effect"),
    ("board.toml", '["0.C", "0.IL"],', '["0.C", "9.IL"],', "must join two known markets"),
    ("board.toml", '["2.C", "2.IL"],\n  ["2.C", "2.IR"],\n  ["2.C", "2.OL"],\n  ["2.C", "2.OR"],', "",
     "connected"),
    ("board.toml", 'start_market = "C"', 'start_market = "X"', "start_market"),
    ("tiles.toml", "3 = 8", "3 = 0", "points for 3 players"),
    ("components.toml", "action_cards_per_colour = 9", "action_cards_per_colour = 8", "action_cards_per_colour"),
    ("components.toml", "rounds = 9 ", "rounds = 8 ", "rounds must be"),
    ("components.toml", "coins_total = 25", "coins_total = 10", "not enough coins"),
    ("messages.toml", "prestige = 4", "prestige = -4", "negative"),
    ("messages.toml", "prestige = 4", 'prestige = "four"', "prestige"),
    ("components.toml", "[components]", "[components", "not valid TOML"),
])
def test_corrupt_data_file_raises_data_error_naming_it(data_copy, file, old, new, message):
    edit(data_copy / file, old, new)
    with pytest.raises(DataError) as exc:
        load_components(data_copy)
    assert file in str(exc.value) and re.search(message, str(exc.value), re.I), str(exc.value)
    with pytest.raises(DataError):
        NotreDame(data_dir=data_copy).new_state(3, 1)


def test_missing_data_file(data_copy):
    (data_copy / "tiles.toml").unlink()
    with pytest.raises(DataError, match="tiles.toml"):
        NotreDame(data_dir=data_copy).new_state(3, 1)


@rule("ND-22.2", "ND-DATA-4")
def test_different_tile_points_change_notre_dame_scoring(data_copy):
    edit(data_copy / "tiles.toml", "3 = 8", "3 = 15")
    game = NotreDame(data_dir=data_copy)
    results = []
    for g in (GAME, game):
        s = g.new_state(3, 1, {"start_player": 0})
        advance_passive(s, stop=lambda x: x.round == 3 and stage(x) == S_BRIBE)
        for seat in range(3):
            set_counts(s, seat, sectors={"hospital": 6}, rat=0, pp=0)
        set_counts(s, 0, nd=2)
        advance_passive(s, stop=lambda x: x.round == 4)
        results.append(s.prestige[0])
    assert results == [8, 14]                                        # 8 // 2 * 2 and 15 // 2 * 2


def test_different_person_rats_change_the_plague(data_copy):
    text = (data_copy / "persons.toml").read_text()
    text = re.sub(r"period_rat_totals = .*\n", "", text)
    (data_copy / "persons.toml").write_text(text.replace("rats = 1", "rats = 3"))
    game = NotreDame(data_dir=data_copy)
    s, t = game.new_state(3, 1), GAME.new_state(3, 1)
    assert s.display == t.display                                   # same seed, same shuffles
    ones = sum(1 for p in t.display if GAME.data.persons[p].rats == 1)
    assert ones and s.plague_value() == t.plague_value() + 2 * ones


@rule("ND-11.8", "ND-1.9")
def test_three_message_kinds_colour_rule_uses_the_data(data_copy):
    """With 3 kinds of message per colour (a data change), the colour of a message is still right."""
    edit(data_copy / "components.toml", "messages_per_colour = 4", "messages_per_colour = 3")
    text = (data_copy / "messages.toml").read_text()
    (data_copy / "messages.toml").write_text(text[:text.rindex("[[message]]")])
    game = NotreDame(data_dir=data_copy)
    assert len(game.data.messages) == 3
    s = game.new_state(3, 1, {"start_player": 0})
    draft_all(s)
    set_hand(s, 0, ("carriage_house",))
    s.sector_stones[3] = 6
    s.general[0] -= 6
    taken = next(m for m, code in enumerate(s.msg_at) if code >= 0 and code // 3 == 0)
    s.msg_at[taken] = -1
    s.on_board[0] -= 1
    s.held[0] = 1
    touched(s)
    assert game.check_invariants(s) == []
    s.apply("play:carriage_house")
    s.apply("place")
    keys = set(s.legal_keys())
    layout = game.data.layouts[3]
    for m, code in enumerate(s.msg_at):
        if code >= 0:
            assert (f"to:{layout.names[m]}:take" in keys) == (code // 3 != 0), (layout.names[m], code)


def test_reconstructed_label_follows_the_data_files(data_copy):
    """The 'reconstructed' label in the view and the table comes from the files' provenance, so
    transcribed printed values drop it with no code change."""
    s = NotreDame(data_dir=data_copy).new_state(3, 1)
    assert "rats" in s.view(0)["reconstructed"] and "city map" in s.view(0)["reconstructed"]
    edit(data_copy / "persons.toml", 'rats_provenance = "reconstructed"', 'rats_provenance = "printed cards"')
    s = NotreDame(data_dir=data_copy).new_state(3, 1)
    assert "rats" not in s.view(0)["reconstructed"] and "city map" in s.view(0)["reconstructed"]
    edit(data_copy / "board.toml", 'provenance = "reconstructed"', 'provenance = "printed board"')
    s = NotreDame(data_dir=data_copy).new_state(3, 1)
    assert s.view(0)["reconstructed"] == ""
    assert "Reconstructed" not in s.game.render(s, 0, full=True)
