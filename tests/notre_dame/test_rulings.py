"""The rulings on the digest's ambiguities (ND-AMB-n) and its data notes (ND-DATA-n) that no other
test names: each test checks what docs/games/notre-dame.md says the engine does."""
from __future__ import annotations

import pytest

from .helpers import (DATA, GAME, S_BRIBE, S_PLAGUE, advance_passive, bribe_state, count, new, ok,
                      play_state, set_counts, set_display, stage)

rule = pytest.mark.rule
VALUE7 = ("monk", "physician", "night_watchman")     # 2 + 3 + 2 rats


@rule("ND-AMB-1", "ND-DATA-6")
def test_person_identifiers_and_decks():
    ids = {p.id: p.deck for p in DATA.persons}
    assert ids == {"barmaid": "brown", "monk": "brown", "moneylender": "brown", "minstrel": "brown",
                   "juggler": "brown", "physician": "brown", "city_guard": "A", "night_watchman": "A",
                   "bishop": "A", "guild_master": "B", "king_of_beggars": "B", "lawyer": "B",
                   "lady_in_waiting": "C", "mayor": "C", "carpenter": "C"}
    s = bribe_state(3, 0, ("monk", "minstrel", "city_guard"))
    assert s.legal_keys() == ["bribe:monk", "bribe:minstrel", "bribe:city_guard", "pass"]


@rule("ND-DATA-2", "ND-20.1")
def test_reconstructed_rats_fit_the_period_totals():
    brown = sum(p.rats for p in DATA.persons if p.deck == "brown")
    totals = {letter: brown + sum(p.rats for p in DATA.persons if p.deck == letter) for letter in "ABC"}
    assert totals == {"A": 12, "B": 13, "C": 12}
    assert {0, 3} <= {p.rats for p in DATA.persons}                 # the book's examples need a 0 and a 3


@rule("ND-DATA-1", "ND-DATA-5", "ND-2.6", "ND-2.9")
@pytest.mark.parametrize("boroughs", [3, 4, 5])
def test_map_centre_start_and_four_edge_markets_connected(boroughs):
    layout = DATA.layouts[boroughs]
    assert len(layout.names) == 5 * boroughs
    for q in range(boroughs):
        assert layout.names[layout.start[q]] == f"{q}.C"
        assert sorted(layout.names[m] for m in layout.message_markets[q]) == sorted(
            f"{q}.{k}" for k in ("IL", "IR", "OL", "OR"))
    assert all(d >= 0 for row in layout.distance for d in row)      # every market reaches every other
    assert DATA.sectors == ("cloister_school", "bank", "residence", "carriage_house", "hotel", "park",
                            "hospital")


@rule("ND-AMB-2", "ND-19.2", "ND-19.3", "ND-19.5", "ND-19.9")
def test_the_friend_counts_as_a_stone_for_every_person():
    s = bribe_state(3, 0, ("night_watchman", "monk", "minstrel"))
    set_counts(s, 0, sectors={"bank": 1}, friend="park", pp=0)
    s.apply("bribe:night_watchman")
    assert s.prestige[0] == 5                                       # bank and park are not empty
    s = bribe_state(3, 0, ("bishop", "monk", "minstrel"))
    set_counts(s, 0, sectors={"bank": 1}, friend="park")
    s.apply("bribe:bishop")
    assert {k.split(":")[1] for k in s.legal_keys()} == {"cloister_school", "residence", "carriage_house",
                                                         "hotel", "hospital"}
    s = bribe_state(3, 0, ("guild_master", "monk", "minstrel"))
    set_counts(s, 0, sectors={"bank": 1, "park": 2}, friend="bank", pp=0)
    s.apply("bribe:guild_master")
    assert s.prestige[0] == 2 * 2 + 1                               # bank 1 + friend, park 2; park bonus 1
    s = bribe_state(3, 0, ("mayor", "monk", "minstrel"))
    set_counts(s, 0, sectors={"bank": 2, "hotel": 3}, friend="bank", pp=0)
    s.apply("bribe:mayor")
    assert s.prestige[0] == 3 * 2


@rule("ND-AMB-5", "ND-18.8", "ND-19.4")
def test_a_bribe_that_triggers_an_action_gets_one_park_bonus():
    s = bribe_state(3, 0, ("juggler", "monk", "minstrel"))
    set_counts(s, 0, sectors={"park": 2, "bank": 1, "residence": 1}, pp=0)
    s.apply("bribe:juggler")
    s.apply("juggle:bank:stone")
    s.apply("juggle-to:residence")
    assert count(s, 0, "residence") == 2 and s.prestige[0] == 2 + 1   # the residence's 2, one park bonus
    s = bribe_state(3, 0, ("bishop", "monk", "minstrel"))
    set_counts(s, 0, sectors={"park": 2}, pp=0)
    s.apply("bribe:bishop")
    s.apply("bishop:residence")
    assert s.prestige[0] == 1 + 1
    s = bribe_state(3, 0, ("bishop", "monk", "minstrel"))
    set_counts(s, 0, sectors={"park": 2}, pp=0)
    s.apply("bribe:bishop")
    s.apply("bishop:bank")
    assert s.prestige[0] == 0                                       # no prestige gained: no bonus


@rule("ND-AMB-30", "ND-18.1")
def test_barmaid_offers_only_options_with_an_effect():
    s = bribe_state(3, 0, ("barmaid", "monk", "minstrel"))
    set_counts(s, 0, rat=0)
    s.apply("bribe:barmaid")
    assert s.legal_keys() == ["barmaid:coin", "barmaid:stone", "barmaid:none"]
    s = bribe_state(3, 0, ("barmaid", "monk", "minstrel"))
    set_counts(s, 0, rat=3, general=0)
    s.apply("bribe:barmaid")
    assert s.legal_keys() == ["barmaid:coin", "barmaid:rat", "barmaid:none"]


@rule("ND-AMB-20", "ND-20.9")
def test_plague_markers_move_together_tie_choices_from_the_start_player():
    s = bribe_state(3, 1, VALUE7)                                   # seat 1 holds the bell-ringer
    set_counts(s, 0, sectors={"bank": 1, "hotel": 1}, rat=9, pp=4)
    set_counts(s, 1, sectors={"residence": 1}, rat=3, pp=4)          # 3 + 7 = 10: a single fullest sector
    set_counts(s, 2, sectors={"park": 2, "hospital": 2}, rat=9, pp=4)
    advance_passive(s, stop=lambda x: stage(x) == S_PLAGUE)
    assert s.rat == [9, 9, 9] and s.prestige == [2, 2, 2]           # every marker has moved already
    assert s.sector_stones[7 + 2] == 0                               # seat 1 had no choice to make
    assert s.to_act == 2 and s.legal_keys() == ["lose:park", "lose:hospital"]
    s.apply("lose:park")
    assert s.to_act == 0 and s.legal_keys() == ["lose:bank", "lose:hotel"]
    s.apply("lose:hotel")
    assert s.round == 2
    ok(s)


@rule("ND-AMB-24", "ND-1.5")
def test_fourteen_stones_a_colour_is_checked():
    s = play_state(3, 0, ("bank",))
    assert GAME.check_invariants(s) == []
    s.personal[0] += 1                                               # a 15th stone
    assert any("stones 15" in p for p in GAME.check_invariants(s))


@rule("ND-AMB-27", "ND-3.5", "ND-21.2")
def test_end_of_period_order_plague_then_notre_dame_then_reshuffle_then_bell_ringer():
    s = new(3, 1)
    advance_passive(s, stop=lambda x: x.round == 3 and stage(x) == S_BRIBE)   # the period's last round
    set_display(s, VALUE7)
    for seat in (1, 2):
        set_counts(s, seat, sectors={"hospital": 7}, nd=0, rat=0)
    set_counts(s, 0, sectors={"bank": 2, "hotel": 2}, nd=1, rat=9, pp=4)
    advance_passive(s, stop=lambda x: stage(x) == S_PLAGUE)
    assert s.notre_dame_stones[0] == 1                              # not scored yet
    mark = s.event_mark()
    s.apply("lose:bank")
    kinds = [e["kind"] for e in s.events(None, since=mark)]
    order = [k for k in kinds if k in ("plague_stone", "notre_dame_scoring", "period_end", "bell_ringer")]
    assert order == ["plague_stone", "notre_dame_scoring", "period_end", "bell_ringer"]
    assert s.round == 4 and stage(s) != S_BRIBE and s.notre_dame_stones[0] == 0
