"""What each seat may see: the enemy deck, General/Queen peeks, soldier-token picks."""
import json
import random

import pytest


from .helpers import DATA, GAME, STEP_HELP, STEP_WINTER, blank, goto, play


def visible_card_years(view):
    return {e["year"] for e in view["enemies"] if e["card"] is not None}


def peeked_state(adv=10):
    s = blank(3, order=[0, 1, 2])
    s.court[2 * adv] = 1
    s.advisors_taken |= 1 << adv
    goto(s, STEP_HELP, 4, 2)
    return s


@pytest.mark.rule("KB-9.14", "KB-9.21", "KB-AMB-29")
@pytest.mark.parametrize("adv", [10, 17])
def test_general_and_queen_show_the_top_card_to_one_seat(adv):
    s = peeked_state(adv)
    assert s.to_act == 1
    play(s, s.legal_keys()[0])
    card = s.enemy_deck[1]
    assert s.view(1)["enemies"][1]["card"]["number"] == DATA.enemies[card].number
    for seat in (0, 2, None):
        assert s.view(seat)["enemies"][1]["card"] is None
        assert s.view(seat)["enemies"][1]["seen_by"] == [1]        # that someone looked is public
    assert any("look at the top enemy card:" in line for line in s.log(1))
    assert not any("strength" in line and "look" in line for line in s.log(0))
    # the peeker's determinizations keep the card; the others' resample it
    assert all(s.determinize(1, k).enemy_deck[1] == card for k in range(20))
    assert len({s.determinize(0, k).enemy_deck[1] for k in range(40)}) > 1
    # declining the help skips the peek
    s = peeked_state(adv)
    play(s, "decline")
    assert s.enemy_seen[1] == 0 and visible_card_years(s.view(1)) == {1}     # only last year's, revealed


def test_views_never_show_unrevealed_cards_and_determinize_keeps_the_view():
    r = random.Random(7)
    for players, options in ((3, {}), (2, {"reinforcements": "soldier_tokens"}), (5, {"reinforcements": "soldier_tokens"})):
        s = GAME.new_state(players, 5, options)
        step = 0
        while not s.is_terminal():
            if step % 5 == 0:
                for seat in range(players):
                    v = s.view(seat)
                    allowed = {y for y in range(1, 6) if y <= s.enemies_revealed or s.enemy_seen[seat] >> (y - 1) & 1}
                    assert visible_card_years(v) == allowed
                    json.dumps(v)
                    for k in range(3):
                        d = s.determinize(seat, step * 10 + k)
                        assert d.view(seat) == v                # determinize never changes what the seat sees
                        assert d.to_act == s.to_act and d.legal_keys() == s.legal_keys() or d.to_act != seat
                        assert not GAME.check_invariants(d)
                        assert d.actions() == []                # no hidden keys in the history
                        mine = {(e["kind"], e["text"], e["version"]) for e in d.events(seat)}
                        for other in [None, *range(players)]:   # only what the seat may see is kept
                            assert all((e["kind"], e["text"], e["version"]) in mine for e in d.events(other))
                assert visible_card_years(s.view(None)) == set(range(1, s.enemies_revealed + 1))
            keys = s.legal_keys()
            s.apply(keys[r.randrange(len(keys))])
            step += 1


def test_determinize_resamples_the_unseen_deck():
    s = GAME.new_state(4, 1)
    decks = {s.determinize(0, k).enemy_deck for k in range(30)}
    assert len(decks) > 20
    for d in decks:
        assert [DATA.enemies[c].year for c in d] == [1, 2, 3, 4, 5]
    # future dice are reseeded too
    assert len({s.determinize(0, k).rng for k in range(10)}) == 10


@pytest.mark.rule("KB-19.5", "KB-19.6")
def test_token_picks_hidden_until_revealed():
    s = blank(3, order=[0, 1, 2], reinforcements="soldier_tokens")
    goto(s, STEP_WINTER, 8, 1)
    play(s, "token:4")
    v1 = s.view(1)
    assert v1["players"][0]["soldier_token_chosen"] and "soldier_token" not in v1["players"][0]
    picks = {s.determinize(1, k).soldier_token_picked[0] for k in range(40)}
    assert len(picks) > 1                         # seat 1 cannot know seat 0's token
    assert all(s.determinize(0, k).soldier_token_picked[0] == 4 for k in range(10))
    for k in range(10):
        d = s.determinize(1, k)
        assert d.view(1) == v1 and not GAME.check_invariants(d)
    assert all("4" not in line for line in s.log(1) if "token" in line)
    assert "you put soldier token 4 face down" in s.log(0)
