"""Kernel v2 contract for Kingsburg: simultaneous soldier tokens, undo and its barriers, score
breakdowns, events (public changes, nothing hidden leaks), determinize, validation, labels."""
import json
import random
import re

import pytest

from ludoteka.kernel import BadRecord, UndoRefused, state_digest

from .helpers import (ANN, BRIAN, GAME, SOLDIER_TOKENS, STEP_HELP, STEP_INFLUENCE, STEP_WINTER, TAKE_HELP, blank, goto,
                     new, play, set_dice, set_goods)


def random_game(players, seed, **options):
    s = new(players, seed, **options)
    r = random.Random(seed)
    while not s.is_terminal():
        keys = s.legal_keys()
        s.apply(keys[r.randrange(len(keys))])
        yield s


def token_winter(order=(2, 0, 1)):
    s = blank(3, order=list(order), reinforcements="soldier_tokens")
    goto(s, STEP_WINTER, 8, 1)
    return s


@pytest.mark.rule("KB-19.5", "KB-19.6")
def test_soldier_tokens_are_pending_for_every_seat_at_once_and_order_does_not_matter():
    s = token_winter()
    assert s.pending() is SOLDIER_TOKENS
    assert s.acting_seats() == (2, 0, 1) and s.to_act == 2       # the old release asked seat 2 first
    picks = {0: "token:4", 1: "token:1", 2: "token:0"}
    outcomes = set()
    for order in ((2, 0, 1), (1, 0, 2), (0, 2, 1)):
        t = s.clone()
        for seat in order:
            t.apply(picks[seat], seat)
        outcomes.add(json.dumps({k: v for k, v in t.to_json().items() if k not in ("history", "events")},
                                sort_keys=True))
    assert len(outcomes) == 1


@pytest.mark.rule("KB-19.5")
def test_a_pending_token_pick_is_hidden_from_the_other_seats():
    s = token_winter()
    a, b = s.clone(), s.clone()
    a.apply("token:4", 0)
    b.apply("token:0", 0)
    for seat in (1, 2, None):
        assert a.view(seat) == b.view(seat)
        assert a.events(seat) == b.events(seat)
        assert a.legal_keys(seat) == b.legal_keys(seat)
    assert a.view(0) != b.view(0)
    # determinize depends only on what the seat sees
    assert a.determinize(1, 7).to_json() == b.determinize(1, 7).to_json()


def test_undo_restores_the_exact_state_and_refuses_barriers():
    s = next(x for x in random_game(3, 4, reinforcements="soldier_tokens") if x.pending() is SOLDIER_TOKENS)
    first, second, third = s.acting_seats()
    before = s.clone()
    s.apply(s.legal_keys()[-1], first)
    assert s.can_undo(first)
    s.undo(first)
    assert state_digest(s) == state_digest(before)
    assert all(s.view(seat) == before.view(seat) for seat in (None, 0, 1, 2))
    assert s.events(None) == before.events(None)
    s.apply(s.legal_keys(first)[-1], first)
    s.apply(s.legal_keys(second)[0], second)
    assert not s.can_undo(first)                   # another seat acted since
    s.apply(s.legal_keys(third)[0], third)         # the reveal and the battle
    with pytest.raises(UndoRefused):
        s.undo(third)


def test_undo_is_refused_after_chance_or_a_peek():
    s = new(2, 3)
    while s.legal_keys() and not any(k.startswith("dice:") for k in s.legal_keys()):
        s.apply(s.legal_keys()[0])
    last_seat = s.history()[-1][0]
    assert not s.can_undo(last_seat)               # the dice were rolled by that decision
    # a peek with the General reveals the enemy card to one seat
    t = blank(2, order=[ANN, BRIAN])
    t.court[2 * 10] = ANN
    t.advisors_taken |= 1 << 10
    goto(t, STEP_HELP, 4, 2)
    assert t.pending() is TAKE_HELP
    t.apply(t.legal_keys()[0])
    assert t.history()[-1][2] and not t.can_undo(ANN)


def test_score_breakdown_sums_to_the_scores_in_random_games():
    for seed in range(12):
        players = 2 + seed % 4
        options = {"reinforcements": ("king_die", "dice_difference", "soldier_tokens")[seed % 3],
                   "negative_vp": seed % 2 == 1, "one_token_per_season": seed % 3 != 1}
        for s in random_game(players, seed, **options):
            pass
        scores = s.scores()
        for seat, entry in enumerate(s.score_breakdown()):
            assert sum(entry["points"].values()) == scores[seat]
            assert set(entry["tiebreak"]) == {"goods", "buildings"}
        assert json.dumps(s.score_breakdown())


def test_breakdown_sums_at_every_moment():
    for s in random_game(3, 5, reinforcements="soldier_tokens"):
        for seat, entry in enumerate(s.score_breakdown()):
            assert sum(entry["points"].values()) == s.scores()[seat]


def test_every_public_change_has_an_event():
    kinds = set()
    for s in random_game(4, 11):
        pass
    for e in s.events(None):
        kinds.add(e["kind"])
        json.dumps(e["data"])
    for k in ("influence", "advisor_help", "build", "kings_reward", "kings_envoy", "recruit", "battle",
              "kings_reinforcements", "dice_rolled", "turn_order", "game_over"):
        assert k in kinds, k
    battle = next(e for e in s.events(None) if e["kind"] == "battle")
    seat = battle["data"]["seats"][0]
    assert {"seat", "soldiers", "reinforcements", "buildings", "strength", "result"} <= set(seat)
    assert battle["data"]["enemy_strength"] > 0


def test_events_never_carry_hidden_cards():
    t = blank(2, order=[ANN, BRIAN])
    t.court[2 * 10] = ANN
    t.advisors_taken |= 1 << 10
    u = t.clone()
    deck = list(u.enemy_deck)
    deck[1] = next(i for i in GAME.data.cards_of_year[1] if i != deck[1])
    u.enemy_deck = tuple(deck)
    for x in (t, u):
        goto(x, STEP_HELP, 4, 2)
        x.apply(x.legal_keys()[0])                  # Ann looks at year 2's card
    assert t.events(BRIAN) == u.events(BRIAN) and t.events(None) == u.events(None)
    assert t.events(ANN) != u.events(ANN)
    assert t.determinize(BRIAN, 3).to_json() == u.determinize(BRIAN, 3).to_json()


def test_determinize_depends_only_on_the_view():
    for s in random_game(3, 21):
        if s.version % 40 == 0 and s.to_act is not None:
            d1 = s.determinize(1, 99)
            assert d1.view(1) == s.view(1)
            assert d1.to_json()["seed"] != s.seed or s.seed == d1.seed
            assert json.dumps(d1.to_json()) == json.dumps(s.determinize(1, 99).to_json())


@pytest.mark.parametrize("field, value, message", [
    ("court", [0] * 38, "advisor"),
    ("dice_values", [9] * 20, "outside"),
    ("year", 0, "outside"),
    ("turn_order", [0, 0, 1, 2], "permutation"),
    ("kings_aid_seat", 4, "seat"),
    ("placements", [[3, 1, [2], 0, 0, 0]], "placement"),
])
def test_corrupt_fields_are_bad_records(field, value, message):
    data = new(4, 1).to_json()
    bad = dict(data, state=dict(data["state"], **{field: value}))
    with pytest.raises(BadRecord, match=message):
        GAME.state_from_json(bad)


def test_a_seat_to_act_without_options_is_a_bad_record():
    s = blank(2, order=[ANN, BRIAN])
    set_goods(s, ANN, 0, 0, 0)
    goto(s, "build", 2)
    data = s.to_json()
    # (a recruit decision alone: the stack's shape is one the flow makes, only its options are gone)
    data["state"]["stack"] = [{"kind": "recruit", "args": [ANN, 0]}]
    data["state"]["to_act"] = ANN
    with pytest.raises(BadRecord, match="no legal option"):
        GAME.state_from_json(data)


def test_labels_say_what_the_option_does_without_raw_codes():
    raw = re.compile(r"\b(adv|dice|take|lose|build|envoy-build|townhall|recruit|token|trade):\S|_")
    seen = 0
    for s in random_game(3, 2, reinforcements="soldier_tokens"):
        for a in s.legal_actions():
            assert not raw.search(a.label), a.label
            seen += 1
    assert seen > 100


def test_the_dice_menu_names_the_advisor_the_sum_reaches():
    s = blank(2, order=[ANN, BRIAN])
    set_dice(s, ANN, [3, 5, 1])
    set_dice(s, BRIAN, [6, 6, 6])
    goto(s, STEP_INFLUENCE, 2)
    labels = {a.key: a.label for a in s.legal_actions()}
    queen = GAME.data.advisors[8]
    assert labels["dice:35"].startswith(f"Dice 3+5 = 8 → the {queen.name} (8): ")
    play(s, "dice:35")
    assert any(a.label.startswith(f"Influence the {queen.name} (8)") for a in s.legal_actions())


def test_components_come_from_the_data_files():
    comps = GAME.components()
    json.dumps(comps)
    kinds = [c["kind"] for c in comps]
    assert kinds.count("advisor") == 18 and kinds.count("building") == 20 and kinds.count("enemy") == 25
    assert all(c["id"] and c["name"] and c["text"] for c in comps)
    assert any(c["kind"] == "enemy" and c["unverified"] for c in comps) == any(e.verify for e in GAME.data.enemies)


def test_no_import_of_presentation_in_the_rules():
    import ludoteka.boardgames.kingsburg as pkg
    from pathlib import Path
    root = Path(pkg.__file__).parent
    for name in ("state", "year", "production", "building", "winter", "keys", "tables", "flow", "invariants"):
        text = (root / f"{name}.py").read_text()
        assert "from .view" not in text and "from .render" not in text and "import view" not in text, name
