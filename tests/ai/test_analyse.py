"""`ludoteka.ai.analyse` (issue 26 §2): the options of a decision ranked by the `hard` search,
with estimates and reasons, from what the seat may see only; and the terminal's `hint`.

Budgets are small (tens of iterations per search) so the tests stay quick; the analysis is
deterministic for its seed at any budget, so nothing here depends on the machine's speed.
"""
from __future__ import annotations

import functools
import io
import json
import random
import re

import pytest

import ludoteka
from ludoteka.ai import AgentSpecError, analyse, parse_spec
from ludoteka.ai.levels import level_spec
from ludoteka.cli.play import Session
from ludoteka.kernel import Game, WrongSeat
from notre_dame.helpers import _swap_cards
from tools.test_terminal import play

rule = pytest.mark.rule
MESSINA, NOTRE_DAME, KINGSBURG = (ludoteka.game(n) for n in ("messina-1347", "notre-dame", "kingsburg"))


def played(game, players: int, seed: int, steps: int, uniform: bool = False, options: dict | None = None):
    """A state after `steps` random decisions (then on to the next real choice): the game's
    playout policy, or with `uniform` the kernel's default (for positions found with it)."""
    state = game.new_state(players, seed, options)
    rng = random.Random(seed)
    policy = functools.partial(Game.playout_key, game) if uniform else game.playout_key
    for _ in range(steps):
        state.apply(policy(state, rng.random))
    while len(state.legal_keys()) < 2:
        state.apply(policy(state, rng.random))
    return state


def hard_choice(state, budget: int, seed: int) -> str:
    """What the game's `hard` level plays with `budget` iterations per search and no time cap."""
    cls, settings = parse_spec(level_spec("hard", state.game))
    settings.pop("seconds", None)
    settings["iterations"] = budget
    return cls(seed, **settings).choose(state)


# ------------------------------------------------------------------ (1) hidden information
def _messina_hidden_twin(state):
    """The same Messina position with hidden orders changed: the face-down city hexes, the
    docking stack and the late workshop stacks (HID-1, HID-2, HID-5)."""
    twin = state.clone()
    data = twin.data
    c = [i for i, h in enumerate(twin.hex_stack) if data.hexes[h].hex_class == "C"]
    stack = list(twin.hex_stack)
    stack[c[0]], stack[c[-1]] = stack[c[-1]], stack[c[0]]
    twin.hex_stack = tuple(stack)
    twin.docking_stack = tuple(reversed(twin.docking_stack))
    twin.late_stacks = tuple(tuple(reversed(st)) for st in twin.late_stacks)
    return twin


def _notre_dame_hidden_twin(state):
    """The same Notre Dame position with the other seats' hands and decks changed (ND-5.3, ND-6.4)."""
    twin = state.clone()
    for other in range(state.players):
        if other != state.to_act:
            _swap_cards(twin, twin.hand[other][0], twin.deck[other][0])
            twin.deck[other] = tuple(reversed(twin.deck[other]))
    return twin


def _kingsburg_hidden_twin(state):
    """The same Kingsburg position with other enemy cards for the years not yet seen (KB-3.10)."""
    twin = state.clone()
    seen = state.visible_cards(state.to_act)
    deck = list(twin.enemy_deck)
    for year in range(1, 6):
        cards = twin.T.data.cards_of_year[year - 1]
        if year not in seen and len(cards) > 1:
            deck[year - 1] = next(c for c in cards if c != deck[year - 1])
    twin.enemy_deck = tuple(deck)
    return twin


@rule("HID-1", "HID-2", "HID-5", "ND-5.3", "ND-6.4", "KB-3.10")
@pytest.mark.parametrize("game, players, steps, twin, budget", [
    (MESSINA, 2, 12, _messina_hidden_twin, 40),
    (NOTRE_DAME, 3, 2, _notre_dame_hidden_twin, 15),
    (KINGSBURG, 3, 6, _kingsburg_hidden_twin, 40),
], ids=["messina", "notre-dame", "kingsburg"])
def test_an_analysis_sees_only_what_the_seat_may_see(game, players, steps, twin, budget):
    state = played(game, players, 5, steps)
    seat = state.to_act
    other = twin(state)
    assert game.check_invariants(other) == []
    assert other.to_json() != state.to_json()               # they really differ...
    assert other.view(seat) == state.view(seat)              # ...in what the seat cannot see
    first, second = analyse(state, seat, budget, seed=9), analyse(other, seat, budget, seed=9)
    assert first.iterations == 2 * budget
    assert first.to_json() == second.to_json()
    assert any(o.points is not None for o in first.options)


# ------------------------------------------------------------------ (2) the hint is hard's choice
@pytest.mark.parametrize("game, players", [(MESSINA, 1), (MESSINA, 3), (NOTRE_DAME, 3), (KINGSBURG, 2)],
                         ids=["messina-solo", "messina-3", "notre-dame", "kingsburg"])
def test_the_best_option_is_what_hard_plays_at_the_same_budget_and_seed(game, players):
    budget = 12 if game is NOTRE_DAME else 30
    for k, steps in enumerate((3, 25, 60)):
        state = played(game, players, 40 + k, steps)
        seed = 1000 + k
        analysis = analyse(state, state.to_act, budget, seed)
        assert analysis.options[0].key == hard_choice(state, budget, seed)
        assert sorted(o.key for o in analysis.options) == sorted(state.legal_keys())
        visits = [o.visits for o in analysis.options]
        assert visits == sorted(visits, reverse=True) and sum(visits) == analysis.iterations


# ------------------------------------------------------------------ (3) an obvious mistake
@rule("MS-12.4", "MS-12.16", "MS-13.1", "MS-30.2")
def test_taking_avoidable_rats_ranks_below_fighting_with_the_rat_penalty_as_reason():
    # Solo, round IV: the seat fights the plague on its hex with 2 fire in hand and 4 rats: paying
    # 1 fire removes the cube (no rat), stopping takes 2 rats (rat penalty 2 -> 7 points, MS-30.2).
    # found before Messina had its own policy, with its data set v1
    state = played(MESSINA, 1, 2, 58, uniform=True, options={"data": "reconstructed-default-v1"})
    assert state.decision_kind() == "Fight" and set(state.legal_keys()) == {"fight:fire", "done"}
    assert (state.rats[0], state.fire[0]) == (4, 2)
    analysis = analyse(state, 0, 100, seed=3)
    best, worse = analysis.options
    assert (best.key, worse.key) == ("fight:fire", "done")
    assert worse.points < best.points
    assert worse.categories["rat_penalty"] < best.categories["rat_penalty"]
    reason = worse.reasons[0]
    assert reason["key"] == "ai.loses_more" and reason["args"]["category"] == "rat_penalty"
    assert reason["args"]["versus"] == "best" and reason["args"]["points"] >= 2
    assert "Rat penalty" in reason["text"]
    assert best.reasons[0]["key"] == "ai.loses_less" and best.reasons[0]["args"]["category"] == "rat_penalty"
    json.dumps(analysis.to_json())                          # ready for a server or a stored review


def test_an_analysis_refuses_a_seat_not_to_act_and_a_bad_budget():
    state = played(KINGSBURG, 2, 1, 4)
    before = state.to_json()
    with pytest.raises(WrongSeat, match=f"seat {1 - state.to_act} cannot act now"):
        analyse(state, 1 - state.to_act, 10)
    for bad in (0, -3, 2.5, True, 10**9):
        with pytest.raises(AgentSpecError, match="budget must be an integer from 1 to"):
            analyse(state, state.to_act, bad)
    assert state.to_json() == before


# ------------------------------------------------------------------ (4) the terminal's hint
@pytest.fixture
def scratch(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)          # saves go to ./saves/


def test_hint_shows_the_three_best_options_with_their_numbers(monkeypatch, capsys, scratch):
    out = play(monkeypatch, capsys, ["messina-1347", "--players", "1", "--seed", "3"], ["hint 20", "q"])
    options = dict(re.findall(r"^ +(\d+)\. (.+?)(?:  \[.*)?$", out.split("choose:", 1)[1].split("\n[1-", 1)[0], re.M))
    assert "Type h for the rules of the current phase and the commands, hint for the AI's best options." in out
    assert "Thinking about your options (20 iterations per search)..." in out
    hint = out.split("The AI's best options (40 simulated continuations; points: your estimated final score):\n")[1]
    ranked = re.findall(r"^  ([123])\. option (\d+): (.+)$", hint, re.M)
    assert [r[0] for r in ranked] == ["1", "2", "3"]
    for _, number, label in ranked:
        assert options[number].startswith(label)            # the number to type is that option's
    assert len(re.findall(r"^       \d+% of the search, estimate [+-]\d+\.\d points \(spread \d+\.\d\)$",
                          hint, re.M)) == 3
    assert re.search(r"^       - .+ than the (next )?best option$", hint, re.M)


def test_no_hints_turns_the_hint_off(monkeypatch, capsys, scratch):
    out = play(monkeypatch, capsys, ["kingsburg", "--players", "2", "--seed", "3", "--no-hints"], ["hint", "q"])
    assert "Hints are off for this game." in out and "The AI's best options" not in out
    # Two humans at one screen: off unless asked for.
    out = play(monkeypatch, capsys, ["kingsburg", "--players", "2", "--seed", "3", "--agents", "human,human"],
               ["hint", "q"])
    assert "Hints are off for this game." in out
    out = play(monkeypatch, capsys, ["kingsburg", "--players", "2", "--seed", "3", "--agents", "human,human",
                                     "--hints"], ["hint 10", "q"])
    assert "The AI's best options" in out


@rule("KB-3.10")
def test_the_terminal_hint_sees_only_what_the_seat_may_see(tmp_path):
    """Two Kingsburg games (seeds 0 and 2) the seat to act cannot tell apart: other enemy cards,
    other future dice. The terminal's hint must be the same for both: its analysis may not be
    seeded by the game's seed, which is hidden (it makes all the chance), only by public things."""
    one, two = KINGSBURG.new_state(2, 0), KINGSBURG.new_state(2, 2)
    seat = one.to_act
    assert one.enemy_deck != two.enemy_deck and one.rng != two.rng
    assert two.to_act == seat and two.view(seat) == one.view(seat) and two.events(seat) == one.events(seat)

    def hint(state):
        out = io.StringIO()
        session = Session(state, ["human", "human"], tmp_path / "save.json", out, lambda: "", hints=True)
        session.hint(seat, state.legal_actions(seat), "20")
        return out.getvalue()

    said = hint(one)
    assert "The AI's best options" in said and said == hint(two)
