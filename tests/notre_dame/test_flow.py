"""Kernel v2 contract for Notre Dame: the simultaneous draft, undo and its barriers, score
breakdowns, events and hidden information, determinization, phases from the frames, labels and
components."""
from __future__ import annotations

import json
import random
import re

import pytest

from ludoteka.boardgames.notre_dame.actions import HOTEL_REWARD, MOVE_CARRIAGE
from ludoteka.boardgames.notre_dame.coins import CHOOSE_PAYER
from ludoteka.boardgames.notre_dame.data import CARD_TYPES
from ludoteka.kernel import UndoRefused, state_digest

from .helpers import (GAME, S_DRAFT_FIRST, S_DRAFT_SECOND, bribe_state, new, ok, play_state,
                      random_game, set_counts, stage)

rule = pytest.mark.rule


def without_history(s) -> str:
    data = s.to_json()
    data.pop("history")
    return json.dumps(data, sort_keys=True)


def draft_in_order(s, orders, choice):
    """Play both draft passes; `orders[p]` is the order in which the seats pick in pass p."""
    for p in range(2):
        for seat in orders[p]:
            assert seat in s.acting_seats()
            keys = s.legal_keys(seat)
            s.apply(keys[choice(seat, p) % len(keys)], seat)


# ----------------------------------------------------------------------------- simultaneous draft
@rule("ND-5.2", "ND-5.3", "ND-5.4", "ND-24.4")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_draft_picks_in_any_order_give_the_same_state(players):
    rng = random.Random(players)
    for seed in range(3):
        start = seed % players
        base = new(players, seed, start_player=start)
        order = [(start + i) % players for i in range(players)]
        # Both passes are pending for every seat at once; to_act is the first in the old order.
        assert stage(base) == S_DRAFT_FIRST and base.acting_seats() == tuple(order) and base.to_act == start
        results = set()
        for _ in range(4):
            s = base.clone()
            orders = [rng.sample(order, players), rng.sample(order, players)]
            draft_in_order(s, orders, lambda seat, p: seat * 7 + p + seed)
            assert stage(s) not in (S_DRAFT_FIRST, S_DRAFT_SECOND)
            assert all(len(s.hand[x]) == 3 for x in range(players))
            ok(s)
            results.add(without_history(s))
        assert len(results) == 1


@rule("ND-5.3")
def test_to_act_follows_the_old_order_while_seats_pick():
    s = new(4, 2, start_player=2)
    assert s.acting_seats() == (2, 3, 0, 1)
    s.apply(s.legal_keys(3)[0], 3)
    assert s.acting_seats() == (2, 0, 1) and s.to_act == 2
    s.apply(s.legal_keys()[0])
    assert s.to_act == 0 and s.acting_seats() == (0, 1)


@rule("ND-5.3")
def test_a_pending_pick_is_invisible_to_the_other_seats():
    """Seat 0 keeps different cards in two copies of a game: nothing seat 1, 2, 3 or a spectator
    sees differs, neither views nor events, until the passing reveals cards to the neighbour."""
    s = new(4, 5)
    a, b = s.clone(), s.clone()
    keys = s.legal_keys(0)
    a.apply(keys[0], 0)
    b.apply(keys[1], 0)
    for seat in (1, 2, 3, None):
        assert a.view(seat) == b.view(seat) and a.events(seat) == b.events(seat)
    assert a.view(0) != b.view(0)
    for t in (a, b):                              # the others pick the same cards
        for seat in (1, 2, 3):
            t.apply(t.legal_keys(seat)[0], seat)
    # After the pass, seat 1 receives seat 0's cards; seat 2 (not a neighbour of 0) sees the same.
    assert a.view(2) == b.view(2) and a.events(2) == b.events(2)
    assert a.view(1) != b.view(1)


# ----------------------------------------------------------------------------- undo and barriers
def views(s):
    return [s.view(x) for x in [None, *range(s.players)]]


def test_undo_restores_a_draft_pick_exactly_and_refuses_across_barriers():
    s = new(3, 6)
    before, before_views = state_digest(s), views(s)
    s.apply(s.legal_keys(1)[1], 1)
    assert s.can_undo(1) and not s.can_undo(0)
    s.undo(1)
    assert state_digest(s) == before and views(s) == before_views
    s.apply(s.legal_keys(1)[1], 1)
    s.apply(s.legal_keys(0)[0], 0)               # another seat acted after seat 1
    with pytest.raises(UndoRefused):
        s.undo(1)
    s.apply(s.legal_keys(2)[0], 2)               # the last pick passes cards: revealed information
    assert not s.can_undo(2)
    with pytest.raises(UndoRefused):
        s.undo(2)


def test_undo_of_a_decision_without_new_information_and_the_barriers_of_play():
    s = GAME.new_state(3, 6)
    rng = random.Random(6)
    while stage(s) != "place_stone" or "place" not in s.legal_keys():
        keys = s.legal_keys()
        key = keys[rng.randrange(len(keys))]
        seat = s.to_act
        s.apply(key)
        if key.startswith("play:"):               # a hidden card is shown: a barrier
            assert not s.can_undo(seat)
    seat = s.to_act
    before, before_views = state_digest(s), views(s)
    s.apply("place")                              # nothing hidden revealed, no chance drawn
    assert s.can_undo(seat)
    s.undo(seat)
    assert state_digest(s) == before and views(s) == before_views


def test_the_end_of_a_period_draws_chance_and_cannot_be_undone():
    s = GAME.new_state(3, 4)
    rng = random.Random(4)
    while s.round < 4:
        keys = s.legal_keys()
        seat = s.to_act
        round_before = s.round
        s.apply(keys[rng.randrange(len(keys))])
        if round_before == 3 and s.round == 4:    # the period's reshuffles used the generator
            assert not s.can_undo(seat)
            assert s.history()[-1][2] is True


# ----------------------------------------------------------------------------- scores
@rule("ND-23.2", "ND-23.3")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_score_breakdown_sums_to_the_scores_at_every_moment(players):
    def check(s):
        scores = s.scores()
        for seat, entry in enumerate(s.score_breakdown()):
            assert sum(entry["points"].values()) == scores[seat]
            assert entry["tiebreak"] == {"coins_and_personal_stones": s.coins[seat] + s.personal[seat]}
    for seed in range(4):
        s = random_game(players, seed, {"coin_shortage": "bank_only"} if seed % 2 else None, each=check)
        check(s)
        assert set(s.score_breakdown()[0]["points"]) == {"residence", "messages", "persons", "donations",
                                                         "notre_dame", "park", "plague"}


# ----------------------------------------------------------------------------- events
def test_every_event_has_a_kind_seats_and_json_data_and_private_ones_stay_private():
    s = random_game(4, 3)
    entries = s.to_json()["events"]
    assert json.loads(json.dumps(entries)) == entries
    private = {kind for vis, kind, *_ in entries if vis is not None}
    assert private == {"draft_pick", "prestige"}
    for vis, kind, seats, data, text, _ in entries:
        assert kind and text and isinstance(data, dict)
        if vis is not None:
            assert seats == [vis]
    for seat in range(4):
        mine = s.events(seat)
        assert all(e["kind"] not in private or e["seats"] == [seat] for e in mine)
    assert not any(e["kind"] in private for e in s.events(None))
    opened = random_game(4, 3, {"open_prestige": True})
    assert any(e["kind"] == "prestige" for e in opened.events(None))


# ----------------------------------------------------------------------------- determinization
def permute_hidden(s, seat, rng):
    """A copy of `s` that `seat` cannot tell apart: its unknown cards exchanged within their
    class (deck colour, passed or not), other seats' knowledge masks scrambled."""
    t = s.clone()
    known, passed = s.known[seat], s.passed[seat]
    slots = []
    for pile in (t.deck, t.hand, t.offer, t.outgoing):
        for x in range(s.players):
            if pile is t.deck or x != seat:
                for i, card in enumerate(pile[x]):
                    if not known >> card & 1:
                        slots.append((pile, x, i, card))
    groups = {}
    for slot in slots:
        card = slot[3]
        groups.setdefault((card // CARD_TYPES, bool(passed >> card & 1)), []).append(slot)
    for group in groups.values():
        cards = [slot[3] for slot in group]
        rng.shuffle(cards)
        for (pile, x, i, _), card in zip(group, cards):
            cards_of = list(pile[x])
            cards_of[i] = card
            pile[x] = tuple(cards_of)
    for x in range(s.players):
        if x != seat:
            t.known[x] = rng.getrandbits(45)
            t.passed[x] = rng.getrandbits(45)
    return t


@rule("ND-5.3", "ND-6.4")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_depends_only_on_what_the_seat_may_see(players):
    rng = random.Random(players)
    s = GAME.new_state(players, 40 + players)
    checked = 0
    step = 0
    while not s.is_terminal():
        if step % 9 == 0:
            for seat in range(players):
                t = permute_hidden(s, seat, rng)
                assert t.view(seat) == s.view(seat) and t.events(seat) == s.events(seat)
                for seed in (1, 2):
                    d1, d2 = s.determinize(seat, seed), t.determinize(seat, seed)
                    assert json.dumps(d1.to_json(), sort_keys=True) == json.dumps(d2.to_json(), sort_keys=True)
                    checked += 1
        keys = s.legal_keys()
        s.apply(keys[rng.randrange(len(keys))])
        step += 1
    assert checked > 40


def test_determinized_state_holds_no_other_seats_knowledge_or_the_seed():
    s = new(4, 9)
    for seat in range(4):                        # the first pass is done: seats know what they passed
        s.apply(s.legal_keys(seat)[0], seat)
    d = s.determinize(0, 5)
    data = d.to_json()
    assert data["seed"] != s.seed and data["history"] == []
    for other in (1, 2, 3):
        assert d.passed[other] == 0
        own = {c for pile in (d.hand, d.offer, d.outgoing) for c in pile[other]}
        assert d.known[other] == sum(1 << c for c in own)    # nothing is played yet


# ----------------------------------------------------------------------------- phases from frames
@rule("ND-3.2", "ND-18.8")
def test_a_hotel_decision_a_bribe_triggers_is_in_phase_four():
    s = play_state(3, 0, ("hotel",))
    set_counts(s, 0, sectors={"hotel": 1}, rat=3)
    s.apply("play:hotel")
    s.apply("place")
    assert s.top()[0] is HOTEL_REWARD and s.view(0)["phase"] == "actions"
    s = bribe_state(3, 0, ("juggler", "monk", "city_guard"))
    set_counts(s, 0, sectors={"bank": 1, "hotel": 1, "carriage_house": 1}, rat=3)
    s.apply("bribe:juggler")
    assert s.view(0)["phase"] == "bribes"
    s.apply("juggle:bank:stone")
    s.apply("juggle-to:hotel")
    assert s.top()[0] is HOTEL_REWARD and s.view(0)["phase"] == "bribes"
    assert s.view(0)["decision"] == "hotel reward"


@rule("ND-3.2", "ND-19.4")
def test_a_carriage_decision_the_bishop_triggers_is_in_phase_four():
    s = bribe_state(3, 0, ("bishop", "monk", "city_guard"))
    set_counts(s, 0, sectors={"bank": 1})
    s.apply("bribe:bishop")
    s.apply("bishop:carriage_house")
    assert s.top()[0] is MOVE_CARRIAGE and s.view(1)["phase"] == "bribes"


@rule("ND-3.2", "ND-9.3", "ND-AMB-8")
def test_the_payer_interrupt_keeps_the_phase_and_returns_to_the_turn():
    s = bribe_state(3, 0, ("moneylender", "monk", "city_guard"))
    set_counts(s, 1, coins=10)
    set_counts(s, 2, coins=10)
    set_counts(s, 0, coins=5)
    assert s.supply == 0
    s.apply("bribe:moneylender")                # the bribe coin goes to the supply: 1 of 2 is paid
    assert s.top()[0] is CHOOSE_PAYER and s.to_act == 0 and s.view(2)["phase"] == "bribes"
    assert s.legal_keys() == ["payer:1", "payer:2"]
    s.apply("payer:2")
    assert s.coins == [6, 10, 9] and s.to_act == 1 and stage(s) == "bribe"
    ok(s)


# ----------------------------------------------------------------------------- labels and components
RAW = re.compile(r"\b\d\.(C|IL|IR|OL|OR)\b|[a-z]+_[a-z]+|\bND-\d|\bS_[A-Z]")


def test_labels_say_what_the_option_does_without_raw_codes():
    seen = {}
    for players in (2, 3, 4):
        s = GAME.new_state(players, players)
        rng = random.Random(players)
        while not s.is_terminal():
            for action in s.legal_actions():
                assert not RAW.search(action.label), action
                seen.setdefault(action.key.partition(":")[0], action.label)
            keys = s.legal_keys()
            s.apply(keys[rng.randrange(len(keys))])
    assert {"keep", "play", "place", "to", "bribe", "pass"} <= set(seen)
    s = new(3, 1)
    labels = {a.key: a.label for a in s.legal_actions()}
    assert all(label.startswith("Keep ") and label.endswith(")") for label in labels.values())
    assert "Keep Bank (take N coins, N = your pieces there after placing)" in labels.values() \
        or "keep:bank" not in labels
    s = play_state(3, 0, ("carriage_house", "bank"))
    labels = {a.key: a.label for a in s.legal_actions()}
    assert labels["play:carriage_house"] == ("Play Carriage House: move your carriage up to 1 market "
                                                "and take a message there")
    assert labels["play:bank"] == "Play Bank: take 1 coin"
    s = bribe_state(3, 0, ("bishop", "monk", "city_guard"))
    labels = {a.key: a.label for a in s.legal_actions()}
    assert labels["bribe:bishop"] == "Bribe the Bishop: a free stone in an empty sector, then its action"


def test_carriage_labels_name_the_market_and_the_message_reward():
    s = play_state(3, 0, ("carriage_house",))
    set_counts(s, 0, sectors={"carriage_house": 2})
    s.apply("play:carriage_house")
    s.apply("place")
    actions = {a.key: a for a in s.legal_actions()}
    take = next(a for k, a in actions.items() if k.endswith(":take"))
    assert re.match(r"Move the carriage to the [a-z-]+ market of the \w+ borough and take the \w+ "
                    r"message \(\+\d prestige", take.label), take.label
    assert take.data["take_message"] is True and take.data["message"]


def test_components_come_from_the_data_files():
    components = GAME.components()
    assert json.loads(json.dumps(components)) == components
    by_type = {}
    for c in components:
        assert c["id"] and c["name"] and c["text"]
        by_type.setdefault(c["type"], []).append(c)
    assert len(by_type["action_card"]) == 9 and len(by_type["person"]) == 15 and len(by_type["message"]) == 4
    bishop = next(c for c in by_type["person"] if c["id"] == "bishop")
    assert "empty sector" in bishop["text"] and bishop["rats"] >= 0 and "reconstructed" in bishop["provenance"]
    bank = next(c for c in by_type["action_card"] if c["id"] == "bank")
    assert bank["name"] == "Bank" and "coins" in bank["text"]


@pytest.mark.rule("ND-4.1", "ND-5.1")
def test_the_decision_that_ends_a_round_cannot_be_undone():
    """Ending a round reveals the next persons and deals new hidden hands: a barrier for undo."""
    s = GAME.new_state(2, 1000, {})
    for seat, key in [(0, "keep:trusted_friend"), (1, "keep:hotel"), (0, "keep:notre_dame"), (1, "keep:residence"),
                      (0, "play:trusted_friend"), (0, "friend:bank"), (1, "play:hotel"), (1, "place"),
                      (1, "hotel:coin"), (0, "play:notre_dame"), (0, "decline"), (1, "play:residence"),
                      (1, "place"), (0, "bribe:night_watchman")]:
        s.apply(key, seat)
    assert s.round == 1
    s.apply("bribe:moneylender", 1)
    assert s.round == 2 and not s.can_undo(1)
    with pytest.raises(UndoRefused):
        s.undo(1)
