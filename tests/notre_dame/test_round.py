"""Game structure, persons revealed, the draft, playing cards, end of round and period, end of game
(ND-3 to ND-6, ND-21 to ND-23)."""
from __future__ import annotations

import pytest

from .helpers import (DATA, S_BRIBE, S_DRAFT_FIRST, S_DRAFT_SECOND, S_OVER, S_PLAY, advance_passive,
                      draft_all, new, ok, play_state, set_counts, stage)

rule = pytest.mark.rule
PERSONS = DATA.persons


def at_bribes(players, rnd, seed=1, **options):
    """Phase 4 of round `rnd` after passive play (everything declined); start player acts."""
    s = new(players, seed, **options)
    advance_passive(s, stop=lambda x: x.round == rnd and stage(x) == S_BRIBE)
    return s


def finish_round(s):
    rnd = s.round
    advance_passive(s, stop=lambda x: x.round != rnd)


def safe(s):
    """Enough hospital stones that no plague can push a rat marker past 9 in the next rounds."""
    for seat in range(s.players):
        set_counts(s, seat, sectors={"hospital": 6}, rat=0)


# ----------------------------------------------------------------------------- ND-3 structure
@rule("ND-3.1", "ND-3.2", "ND-23.1")
@pytest.mark.parametrize("players", [3, 4])
def test_nine_rounds_of_five_phases_in_order(players):
    s = new(players, 3)
    order = {"draft": 0, "actions": 1, "bribes": 2, "plague": 3}
    seen = {}
    last = (1, -1)
    while not s.is_terminal():
        phase = s.view(None)["phase"]
        key = (s.round, order[phase])
        assert key >= last                                  # phases never go back within a round
        last = key
        seen.setdefault(s.round, []).append(phase)
        keys = s.legal_keys()
        s.apply(keys[len(keys) // 2])
    assert sorted(seen) == list(range(1, 10))
    for phases in seen.values():
        assert phases[0] == "draft" and "actions" in phases
    assert stage(s) == S_OVER and s.round == 9 and s.to_act is None
    assert any("Round 9" in line for line in s.log()) and not any("Round 10" in line for line in s.log())


@rule("ND-3.3", "ND-21.1", "ND-4.1")
def test_persons_go_under_their_decks_and_next_three_are_revealed():
    s = at_bribes(3, 1)
    shown = s.display
    brown, gray = s.brown, s.gray
    finish_round(s)
    assert s.round == 2
    # The revealed ones went under; the next round reveals the top two brown and the top gray.
    assert s.display == (brown[-1], brown[-2], gray[-1])
    assert s.brown[:2] == (shown[1], shown[0]) and s.gray[0] == shown[2]
    assert len(s.brown) == 4 and len(s.gray) == 8


@rule("ND-3.4", "ND-21.1")
@pytest.mark.parametrize("players", [2, 3, 5])
def test_bell_ringer_passes_left_every_round(players):
    s = new(players, 2)
    starts = []
    while not s.is_terminal():
        if stage(s) == S_DRAFT_FIRST and len(s.acting_seats()) == s.players and (not starts or starts[-1][0] != s.round):
            starts.append((s.round, s.start))
        advance_passive(s, stop=lambda x: stage(x) == S_DRAFT_FIRST and x.round != starts[-1][0])
    assert [r for r, _ in starts] == list(range(1, 10))
    assert [st for _, st in starts] == [(r - 1) % players for r in range(1, 10)]


@rule("ND-3.5", "ND-21.2", "ND-22.1")
def test_notre_dame_scored_only_after_rounds_3_6_9():
    s = at_bribes(3, 1)
    safe(s)
    set_counts(s, 0, nd=1, pp=0)
    for rnd in (1, 2):
        finish_round(s)
        assert s.notre_dame_stones[0] == 1 and s.prestige[0] == 0, rnd          # not scored after rounds 1 and 2
    finish_round(s)                                        # round 3 ends: 8 PP for the only stone
    assert s.round == 4 and s.notre_dame_stones[0] == 0 and s.prestige[0] == 8
    ok(s)


@rule("ND-3.6", "ND-4.3", "ND-2.13", "ND-AMB-28")
def test_brown_persons_once_per_period_and_reshuffled_between_periods():
    differs = 0
    for seed in range(8):
        s = new(3, seed)
        shown = {}
        while not s.is_terminal():
            if s.display and s.round not in shown:
                shown[s.round] = s.display
            advance_passive(s, stop=lambda x: x.display and x.round not in shown)
        for period in range(3):
            brown = [p for r in range(3 * period + 1, 3 * period + 4) for p in shown[r][:2]]
            assert sorted(brown) == sorted(p.index for p in PERSONS if p.deck == "brown")
        differs += shown[1][:2] != shown[4][:2] or shown[4][:2] != shown[7][:2]
    # Without a reshuffle the deck would cycle and rounds 1, 4, 7 would show the same two cards.
    assert differs >= 4


@rule("ND-3.7", "ND-21.2", "ND-5.8")
def test_action_cards_return_to_owners_and_are_reshuffled_each_period():
    s = new(4, 5)
    assert all(len(d) == 6 for d in s.deck)
    for rnd in (1, 2, 3):
        assert s.round == rnd
        assert all(len(d) == 9 - 3 * rnd for d in s.deck)   # three cards drawn per round
        finish_round(s)
    assert s.round == 4 and s.discard == () and s.unused == ()
    for seat in range(4):
        assert sorted(s.deck[seat] + s.offer[seat]) == list(range(seat * 9, seat * 9 + 9))
    orders = set()
    for seed in range(6):
        t = new(3, seed)
        advance_passive(t, stop=lambda x: x.round == 4)
        orders.add(t.offer[0])
    assert len(orders) > 1


@rule("ND-3.8", "ND-6.1", "ND-6.2", "ND-17.1")
@pytest.mark.parametrize("start", [0, 2])
def test_turn_order_clockwise_from_start_player_twice(start):
    s = new(4, 4, start_player=start)
    draft_all(s)
    order = []
    advance_passive(s, stop=lambda x: (stage(x) == S_PLAY and order.append(x.to_act)) or stage(x) == S_BRIBE)
    expected = [(start + i) % 4 for i in range(4)]
    assert order == expected * 2
    bribers = []
    advance_passive(s, stop=lambda x: (stage(x) == S_BRIBE and bribers.append(x.to_act)) or stage(x) != S_BRIBE)
    assert bribers == expected


@rule("ND-4.2")
def test_gray_letters_a_then_b_then_c_each_card_once():
    s = new(5, 9)
    letters, grays = [], []
    while not s.is_terminal():
        if s.display and (not letters or len(letters) < s.round):
            letters.append(PERSONS[s.display[2]].deck)
            grays.append(s.display[2])
        advance_passive(s, stop=lambda x: x.display and len(letters) < x.round)
    assert letters == ["A"] * 3 + ["B"] * 3 + ["C"] * 3
    assert sorted(grays) == sorted(p.index for p in PERSONS if p.deck != "brown")


# ----------------------------------------------------------------------------- ND-5 draft
@rule("ND-5.1", "ND-5.2", "ND-5.3")
def test_draft_keep_one_pass_two_left_simultaneously():
    s = new(3, 6)
    decks = [tuple(d) for d in s.deck]
    for seat in range(3):                                   # the top three of the own deck
        assert len(s.offer[seat]) == 3 and all(c // 9 == seat for c in s.offer[seat])
    t = new(3, 6)
    advance_passive(t, stop=lambda x: x.round == 2)
    for seat in range(3):
        assert t.offer[seat] == (decks[seat][-1], decks[seat][-2], decks[seat][-3])
    first = s.offer[0]
    s.apply(f"keep:{DATA.card_ids[first[1] % 9]}")
    assert s.hand[0] == (first[1],) and sorted(s.outgoing[0]) == sorted((first[0], first[2]))
    # Seat 1 sees its own three cards, not the two passed by seat 0, until all have passed.
    assert all(c // 9 == 1 for c in s.offer[1]) and stage(s) == S_DRAFT_FIRST
    v1 = s.view(1)
    assert sorted(v1["draft_offer"]) == sorted(DATA.card_ids[c % 9] for c in s.offer[1])
    s.apply(s.legal_keys()[0])
    s.apply(s.legal_keys()[0])
    assert stage(s) == S_DRAFT_SECOND
    assert sorted(s.offer[1]) == sorted((first[0], first[2]))       # received from the right (seat 0)


@rule("ND-5.4", "ND-5.5", "ND-5.6")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_second_pick_and_final_hand_of_three(players):
    s = new(players, 8)
    for _ in range(players):
        s.apply(s.legal_keys()[-1])
    received = [tuple(o) for o in s.offer]
    assert all(len(o) == 2 for o in received)
    for _ in range(players):
        seat = s.to_act
        s.apply(s.legal_keys()[0])
        kept = s.hand[seat][1]
        assert kept == received[seat][0]
    assert stage(s) == S_PLAY
    for seat in range(players):
        hand = s.hand[seat]
        assert len(hand) == 3
        # own card, one from the right neighbour, one from the player two seats to the right
        assert [c // 9 for c in hand] == [seat, (seat - 1) % players, (seat - 2) % players]
        assert hand[2] == received[(seat - 1) % players][1]          # the one the right neighbour passed


@rule("ND-5.7")
@pytest.mark.parametrize("colour", [0, 1, 2])
def test_card_colour_does_not_matter_player_acts_in_own_borough(colour):
    from .helpers import _swap_cards
    s = play_state(3, 0, ())
    card = colour * 9 + 2                                           # a residence of that colour
    if card not in s.hand[0]:
        _swap_cards(s, card, s.hand[0][0])
    assert card in s.hand[0] and not any(c % 9 == 2 for c in s.hand[0] if c != card)
    ok(s)
    s.apply("play:residence")
    s.apply("place")
    assert s.played[0] == (card,)
    assert s.sector_stones[0 * 7 + 2] == 1 and s.prestige[0] == 1 and s.personal[0] == 3
    assert all(s.sector_stones[seat * 7 + 2] == 0 for seat in (1, 2))


# ----------------------------------------------------------------------------- ND-6 play
@rule("ND-6.1", "ND-6.3", "ND-6.4", "ND-6.5")
def test_two_cards_face_up_third_face_down_then_discarded():
    s = play_state(3, 0, ("residence", "bank", "park"))
    s.apply("play:residence")
    assert s.played[0][0] % 9 == 2
    assert "plays Residence" in s.log(None)[-1] or any("plays Residence" in x for x in s.log(None))
    assert s.view(1)["players"][0]["played"] == ["residence"]       # face up for everyone
    advance_passive(s, stop=lambda x: x.to_act == 0 and stage(x) == S_PLAY)
    s.apply("play:bank")
    s.apply("decline")
    advance_passive(s, stop=lambda x: stage(x) == S_BRIBE)
    assert all(h == () for h in s.hand)                              # no third action
    assert len(s.unused) == 3 and any(c % 9 == 5 for c in s.unused)
    v = s.view(1)
    assert v["players"][0]["played"] == ["residence", "bank"] and v["face_down_discards"] == 3
    assert "unused" not in v
    # Which card lies face down is invisible: swap it with a card of another type, same view.
    from .helpers import _swap_cards
    other = s.clone()
    park = next(c for c in s.unused if c % 9 == 5)
    _swap_cards(other, park, next(c for c in other.deck[2] if c % 9 != 5))
    assert other.unused != s.unused and other.view(1) == v
    finish = s.round
    advance_passive(s, stop=lambda x: x.round != finish)
    # All three cards are in the discard pile now (no card is back in a hand or in play).
    assert all(p == () for p in s.played) and len(s.discard) + len(s.unused) == 9
    assert "discard" not in s.view(1)                                # the pile cannot be searched
    ok(s)


@rule("ND-6.6", "ND-AMB-22")
def test_actions_optional_but_a_card_must_be_played():
    s = play_state(3, 0, ("residence",))
    assert "pass" not in s.legal_keys() and "decline" not in s.legal_keys()
    assert all(k.startswith("play:") for k in s.legal_keys())
    before = (s.sector_stones[:], s.personal[:], s.prestige[:])
    s.apply("play:residence")
    assert "decline" in s.legal_keys()
    s.apply("decline")
    assert (s.sector_stones, s.personal, s.prestige) == before
    assert len(s.played[0]) == 1 and s.to_act == 1


# ----------------------------------------------------------------------------- ND-22 Notre Dame scoring
def period_end(players, rnd=3, seed=1):
    s = at_bribes(players, rnd, seed)
    safe(s)
    return s


@rule("ND-EX-5", "ND-22.2", "ND-22.3", "ND-22.4", "ND-14.4")
def test_ex5_four_players_green_two_blue_one():
    s = period_end(4)
    assert DATA.colours[1] == "blue" and DATA.colours[2] == "green"
    set_counts(s, 2, nd=2, sectors={"hospital": 6, "park": 2}, pp=0)   # green
    set_counts(s, 1, nd=1, pp=0)                                        # blue
    general = s.general[:]
    finish_round(s)
    assert s.prestige[2] == 7 and s.prestige[1] == 3 and s.prestige[0] == 0 and s.prestige[3] == 0
    assert s.notre_dame_stones == [0, 0, 0, 0]
    assert s.general[2] == general[2] + 2 and s.general[1] == general[1] + 1
    # the log says whose stones scored (public: they stood on the board)
    [event] = [e for e in s.events(None) if e["kind"] == "notre_dame_scoring"]
    assert event["data"]["owners"] == [0, 1, 2, 0] and event["data"]["per_stone"] == 3
    assert f"({s.name(1)} 1, {s.name(2)} 2)" in event["text"]
    ok(s)


@rule("ND-EX-14", "ND-22.3")
def test_ex14_rounding_is_per_stone():
    s = period_end(4)
    set_counts(s, 0, nd=3, pp=0)
    set_counts(s, 3, nd=1, pp=0)
    finish_round(s)
    assert s.prestige[0] == 6 and s.prestige[3] == 2                               # not floor(30 / 4) = 7


@rule("ND-22.2")
@pytest.mark.parametrize("players,stones,per", [(2, 4, 1), (3, 3, 2), (5, 5, 2), (5, 7, 1), (5, 13, 0)])
def test_points_per_stone_tile_value_divided_by_all_stones(players, stones, per):
    s = period_end(players)
    spread = [min(4, max(0, stones - 4 * seat)) for seat in range(players)]
    assert sum(spread) == stones
    for seat in range(players):
        set_counts(s, seat, nd=spread[seat], pp=0)
    finish_round(s)
    assert s.prestige == [per * k for k in spread]


@rule("ND-22.5")
def test_no_stones_on_notre_dame_no_scoring():
    s = period_end(3)
    pp = s.prestige[:]
    finish_round(s)
    assert s.prestige == pp and not any("Notre Dame scoring" in x for x in s.log())


@rule("ND-EX-4", "ND-23.1", "ND-22.3")
def test_ex4_step5_end_of_round_9_park_6_two_stones_at_3():
    s = period_end(4, 9)
    assert s.round == 9
    set_counts(s, 0, nd=2, sectors={"hospital": 4, "park": 6}, personal=0, pp=0)
    set_counts(s, 1, nd=1, pp=0)                                       # S = 3: 10 // 3 = 3 per stone
    finish_round(s)
    assert s.is_terminal() and stage(s) == S_OVER
    assert s.prestige[0] == 9 and s.prestige[1] == 3                               # 6 + 3 park bonus, once
    ok(s)


# ----------------------------------------------------------------------------- ND-23 winner
def finished(players=3, seed=2):
    s = new(players, seed)
    advance_passive(s)
    return s


@rule("ND-23.2")
def test_most_prestige_wins():
    s = finished()
    s.prestige[:] = [10, 14, 9]
    assert s.winners() == [1] and s.scores() == [10, 14, 9]
    assert s.view(0)["winners"] == [1]


@rule("ND-23.3")
def test_tie_broken_by_coins_plus_personal_stones():
    s = finished()
    s.prestige[:] = [14, 14, 9]
    s.coins[:] = [3, 1, 9]
    s.personal[:] = [0, 3, 0]
    assert s.winners() == [1]                                   # 3 + 0 = 3 < 1 + 3 = 4
    s.personal[:] = [2, 3, 0]
    assert s.winners() == [0]                                   # 5 vs 4


@rule("ND-23.4", "ND-AMB-25")
def test_still_tied_shared_win():
    s = finished()
    s.prestige[:] = [14, 14, 14]
    s.coins[:] = [2, 3, 1]
    s.personal[:] = [2, 1, 0]
    assert s.winners() == [0, 1]
