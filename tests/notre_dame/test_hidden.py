"""Hidden information: views, determinization and the log (ND-5.3, ND-6.4, ND-10.3, digest 5.3)."""
from __future__ import annotations

import random

import pytest

from .helpers import (GAME, S_DRAFT_FIRST, S_DRAFT_SECOND, S_PLAY, _swap_cards, new, ok, stage)

rule = pytest.mark.rule


def states(players, seed, every=5):
    s = GAME.new_state(players, seed)
    rng = random.Random(seed)
    step = 0
    while not s.is_terminal():
        if step % every == 0:
            yield s
        keys = s.legal_keys()
        s.apply(keys[rng.randrange(len(keys))])
        step += 1
    yield s


@rule("ND-5.3", "ND-6.4", "ND-10.3")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_determinize_keeps_the_view_and_resamples_hidden_cards(players):
    differs = {S_DRAFT_FIRST: 0, S_DRAFT_SECOND: 0, S_PLAY: 0}
    checked = 0
    for s in states(players, 17 + players, every=7):
        for seat in range(players):
            view = s.view(seat)
            text = GAME.render(s, seat) + GAME.render(s, seat, full=True)
            hands = set()
            for k in range(3):
                d = s.determinize(seat, 100 * k + seat)
                assert GAME.check_invariants(d) == []
                assert d.view(seat) == view and GAME.render(d, seat) + GAME.render(d, seat, full=True) == text
                assert d.log(seat) == s.log(seat) and d.prestige == s.prestige
                assert d.hand[seat] == s.hand[seat] and d.offer[seat] == s.offer[seat]
                if s.to_act == seat:
                    assert d.legal_keys() == s.legal_keys()
                hands.add(tuple(d.hand[x] + d.offer[x] for x in range(players) if x != seat))
                checked += 1
            if len(hands) > 1 and stage(s) in differs:
                differs[stage(s)] += 1
    assert checked > 50
    assert differs[S_PLAY] > 0 and differs[S_DRAFT_FIRST] + differs[S_DRAFT_SECOND] > 0


@rule("ND-5.3", "ND-6.4")
def test_view_never_shows_other_hands_offers_picks_or_deck_order():
    s = new(4, 3)
    s.apply(s.legal_keys()[0])                                   # seat 0 keeps a card, passes two
    v1 = s.view(1)
    t = s.clone()
    # Change seat 0's hand and passed cards, seat 2's offer and seat 3's deck order: seat 1 sees nothing.
    _swap_cards(t, t.hand[0][0], t.deck[0][0])
    _swap_cards(t, t.outgoing[0][0], t.deck[0][1])
    _swap_cards(t, t.offer[2][0], t.deck[2][0])
    t.deck[3] = tuple(reversed(t.deck[3]))
    ok(t)
    assert t.view(1) == v1 and t.view(None) == s.view(None)
    assert t.view(0) != s.view(0)                                 # but seat 0 does see its own
    assert "hand" not in s.view(None) and "draft_offer" not in s.view(None)


@rule("ND-10.3", "ND-AMB-21")
def test_prestige_hidden_in_views_and_log():
    s = new(3, 2)
    t = s.clone()
    t.prestige[0] = 17
    assert t.view(1) == s.view(1) and t.view(None) == s.view(None)
    assert t.view(0)["players"][0]["prestige"] == 17
    o = new(3, 2, open_prestige=True)
    o.prestige[0] = 17
    assert o.view(1)["players"][0]["prestige"] == 17


def test_log_for_a_seat_has_no_other_seats_draft_picks():
    s = new(3, 4)
    while stage(s) in (S_DRAFT_FIRST, S_DRAFT_SECOND):
        s.apply(s.legal_keys()[-1])
    entries = s.to_json()["events"]                # [visible_to, kind, seats, data, text, version]
    picks = [(vis, text) for vis, _, _, _, text, _ in entries if "You keep" in text]
    assert len(picks) == 6 and all(isinstance(vis, int) for vis, _ in picks)
    for seat in range(3):
        mine = [x for x in s.log(seat) if "You keep" in x]
        assert mine == [text for vis, text in picks if vis == seat] and len(mine) == 2
        assert [e["text"] for e in s.events(seat) if e["kind"] == "draft_pick"] == mine
    assert not any("You keep" in x for x in s.log(None))


def test_finished_game_reveals_everything():
    s = next(x for x in states(3, 5, every=1) if x.is_terminal())
    v = s.view(None)
    assert [p["prestige"] for p in v["players"]] == s.prestige and v["winners"] == s.winners()


@rule("ND-5.3")
def test_determinized_state_carries_no_hidden_history_or_log():
    """Other seats' draft picks are in the real history; a determinized state drops the history
    and keeps only the log lines the seat may see."""
    s = GAME.new_state(4, 3, {"start_player": 0})
    for _ in range(4):                       # every seat keeps a card in the first draft pass
        s.apply(s.legal_keys()[0])
    assert any(k.startswith("keep:") for k in s.actions())
    d = s.determinize(0, 11)
    assert d.actions() == []
    assert d.log(0) == s.log(0)
    assert all(vis is None or vis == 0 for vis, *_ in d.to_json()["events"])
