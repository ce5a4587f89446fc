"""docs/adding-a-game.md, step by step: the worked example (Goofspiel, tests/goofspiel/) is a
complete game package, and each step of the walk-through is checked here, in the order of the
guide. Rule IDs: tests/goofspiel/rules.md."""
from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
import sys
from pathlib import Path

import pytest

import ludoteka
import ludoteka.boardgames
from ludoteka import registry
from ludoteka.cli.main import main
from ludoteka.kernel import BadOption, BadRecord, DataError, WrongSeat

from goofspiel import GAME
from goofspiel.components import DATA_DIR, load_cards
from goofspiel.state import NO_BID
from test_architecture import lint_imports

TESTS = Path(__file__).resolve().parent
GUIDE = TESTS.parent / "docs" / "adding-a-game.md"


def bids(state, *ranks):
    """Every seat bids, seat 0 first: `bids(state, "K", "Q")`."""
    for seat, rank in enumerate(ranks):
        state.apply(f"bid:{rank}", seat)


def prize_first(state, rank):
    """Put the prize card `rank` face up now (tests decide the shuffled pile's top)."""
    card = state.cards.ranks.index(rank)
    pile = [state.at_stake[-1]] + [c for c in state.prize_pile]
    pile.remove(card)
    state.at_stake = state.at_stake[:-1] + (card,)
    state.prize_pile = tuple(pile)


# ------------------------------------------------------------------ step 2: the data files
@pytest.mark.rule("GS-1")
def test_step_2_the_shipped_cards_load():
    cards = load_cards()
    assert cards.ranks[0] == "A" and cards.ranks[-1] == "K" and cards.values == tuple(range(1, 14))
    assert len(cards.suits) == GAME.max_players and cards.prize_suit not in cards.suits


@pytest.mark.rule("GS-1", "GS-4")
def test_step_2_a_broken_data_file_names_the_file_the_field_and_the_problem(tmp_path):
    text = (DATA_DIR / "cards.toml").read_text().replace("values = [1, 2, 3,", "values = [1, 1, 3,")
    (tmp_path / "cards.toml").write_text(text)
    with pytest.raises(DataError, match=r"cards\.toml: \[deck\]: 'values' must differ"):
        load_cards(tmp_path)
    (tmp_path / "cards.toml").write_text("[deck]\nranks = ['A', 'K']\n")
    with pytest.raises(DataError, match=r"cards\.toml: \[deck\]: missing field 'values'"):
        load_cards(tmp_path)


# ------------------------------------------------------------------ step 3: the declared state
@pytest.mark.rule("GS-1")
def test_step_3_the_declared_fields_clone_save_and_restore():
    state = GAME.new_state(3, seed=4)
    assert state.hands == [tuple(range(13))] * 3 and len(state.prize_pile) == 12 and len(state.at_stake) == 1
    state.apply("bid:7", 1)
    copy = state.clone()
    copy.apply("bid:K", 0)
    assert state.bid == [NO_BID, 6, NO_BID] and copy.bid == [12, 6, NO_BID]
    back = GAME.state_from_json(state.to_json())
    assert back.to_json() == state.to_json() and back.acting_seats() == (0, 2)
    saved = state.to_json()
    saved["state"]["bid"] = [-1, -5, -1]
    with pytest.raises(BadRecord, match="bid"):
        GAME.state_from_json(saved, verify_history=False)


# ------------------------------------------------------------------ step 4: frames and actions
@pytest.mark.rule("GS-2", "GS-3")
def test_step_4_a_round_turns_up_a_prize_and_every_seat_bids_at_once():
    state = GAME.new_state(2, seed=1)
    assert state.round == 1 and state.acting_seats() == (0, 1)
    actions = state.legal_actions(1)
    assert [a.key for a in actions][:3] == ["bid:A", "bid:2", "bid:3"]
    assert actions[-1].label == "Bid the K (worth 13)" and actions[-1].data == {"card": "K", "value": 13}
    state.apply("bid:K", 1)                        # seat 1 first: the order does not matter
    assert state.acting_seats() == (0,)
    with pytest.raises(WrongSeat):
        state.apply("bid:Q", 1)


@pytest.mark.rule("GS-4", "GS-5")
def test_step_4_the_highest_bid_takes_the_prize_and_the_bids_are_discarded():
    state = GAME.new_state(2, seed=1)
    prize_first(state, "10")
    bids(state, "Q", "K")
    assert state.points == [0, 10]
    assert state.cards.ranks.index("K") not in state.hands[1] and len(state.hands[0]) == 12
    assert state.round == 2 and state.bid == [NO_BID, NO_BID]


@pytest.mark.rule("GS-4")
def test_step_4_a_tie_discards_the_prize():
    state = GAME.new_state(3, seed=2)
    prize_first(state, "5")
    bids(state, "J", "J", "3")
    assert state.points == [0, 0, 0] and len(state.at_stake) == 1     # only the next round's card


@pytest.mark.rule("GS-6")
def test_step_4_the_game_ends_after_the_last_prize_and_ties_share_the_win():
    state = GAME.new_state(2, seed=3)
    for rank in state.cards.ranks:
        bids(state, rank, rank)                    # every round tied: nobody scores
    assert state.is_terminal() and state.round == 13 and state.winners() == [0, 1]
    assert GAME.check_invariants(state) == []


# ------------------------------------------------------------------ step 5: view and hidden information
@pytest.mark.rule("GS-3")
def test_step_5_a_seat_sees_its_own_bid_and_only_that_the_others_have_bid():
    state = GAME.new_state(2, seed=5)
    state.apply("bid:9", 0)
    assert state.view(0)["bid"] == ["9", None] and state.view(1)["bid"] == [None, None]
    assert state.view(1)["has_bid"] == [True, False] and state.view(None)["bid"] == [None, None]


@pytest.mark.rule("GS-1", "GS-3")
def test_step_5_states_that_differ_only_in_hidden_fields_look_the_same():
    a, b = GAME.new_state(2, seed=6), GAME.new_state(2, seed=6)
    a.apply("bid:9", 0)
    b.apply("bid:2", 0)
    b.prize_pile = tuple(reversed(b.prize_pile))
    assert a.view(1) == b.view(1) and a.view(0) != b.view(0)


@pytest.mark.rule("GS-1", "GS-3")
def test_step_5_determinize_keeps_what_the_seat_sees_and_redraws_the_rest():
    state = GAME.new_state(3, seed=7)
    state.apply("bid:9", 0)
    state.apply("bid:4", 2)
    for seed in range(5):
        d = state.determinize(1, seed)
        assert d.view(1) == state.view(1) and GAME.check_invariants(d) == []
    assert {state.determinize(1, seed).prize_pile for seed in range(5)} != {state.prize_pile}


# ------------------------------------------------------------------ step 6: options
@pytest.mark.rule("GS-7")
def test_step_6_option_ties_carry_keeps_a_tied_prize_for_the_next_winner():
    state = GAME.new_state(2, seed=8, options={"ties": "carry"})
    prize_first(state, "5")
    bids(state, "J", "J")
    prize_first(state, "3")
    bids(state, "2", "A")
    assert state.points == [8, 0] and state.at_stake == state.at_stake[-1:]


def test_step_6_a_bad_option_value_is_named_with_the_allowed_ones():
    with pytest.raises(BadOption, match=r"option 'ties' cannot be 'split'; allowed: 'discard', 'carry'"):
        GAME.new_state(2, seed=1, options={"ties": "split"})


# ------------------------------------------------------------------ step 8: random play checks
def test_step_8_random_games_keep_the_invariants_and_replay_from_their_records():
    import random
    from ludoteka.kernel import record_of, replay
    for seed in range(20):
        state = GAME.new_state(2 + seed % 2, seed, {"ties": ("discard", "carry")[seed % 2]})
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = rng.choice(state.acting_seats())
            state.apply(rng.choice(state.legal_keys(seat)), seat)
            assert GAME.check_invariants(state) == []
        assert sum(state.points) <= sum(state.cards.values)
        assert replay(record_of(state), lambda name: GAME).to_json() == state.to_json()


# ------------------------------------------------------------------ step 9: registration
@contextlib.contextmanager
def added_to_boardgames(tmp_path: Path):
    """The example copied into a directory of `ludoteka.boardgames` (as a new game would be)."""
    shutil.copytree(TESTS / "goofspiel", tmp_path / "goofspiel",
                    ignore=shutil.ignore_patterns("__pycache__"))
    saved = registry._GAMES
    ludoteka.boardgames.__path__.append(str(tmp_path))
    registry._GAMES = None
    try:
        yield
    finally:
        ludoteka.boardgames.__path__.remove(str(tmp_path))
        registry._GAMES = saved
        for name in [m for m in sys.modules if m.startswith("ludoteka.boardgames.goofspiel")]:
            del sys.modules[name]


def test_step_9_a_package_in_boardgames_is_registered_and_every_command_plays_it(tmp_path):
    with added_to_boardgames(tmp_path):
        assert "goofspiel" in ludoteka.games()
        game = ludoteka.game("goofspiel")
        assert type(game).__module__ == "ludoteka.boardgames.goofspiel.game"
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = main(["simulate", "goofspiel", "--players", "3", "--games", "3", "--agents", "greedy",
                           "--json"])
        result = json.loads(out.getvalue())
        assert status == 0 and result["completed"] == 3 and result["violations"] == []
    assert "goofspiel" not in ludoteka.games()


# ------------------------------------------------------------------ step 10: the layers contract
def test_step_10_the_guides_layers_contract_holds_for_the_example(tmp_path):
    block = re.search(r"```toml\n(\[\[tool\.importlinter\.contracts\]\]\n.*?)```", GUIDE.read_text(), re.S)
    assert block, "docs/adding-a-game.md shows the game's layers contract in a toml block"
    contract = block.group(1).replace("ludoteka.boardgames.goofspiel", "goofspiel")
    config = tmp_path / "importlinter.toml"
    config.write_text('[tool.importlinter]\nroot_package = "goofspiel"\n'
                      'contract_types = ["no_function_imports: tests.import_contracts.NoFunctionImportsContract"]\n\n'
                      + contract + '\n[[tool.importlinter.contracts]]\nname = "no circle"\ntype = "acyclic_siblings"\n'
                      'ancestors = ["goofspiel"]\n\n[[tool.importlinter.contracts]]\nname = "no function imports"\n'
                      'type = "no_function_imports"\npackages = ["goofspiel"]\n')
    result = lint_imports("--config", str(config), extra_path=TESTS)
    assert "Contracts: 3 kept, 0 broken." in result.stdout, result.stdout + result.stderr
