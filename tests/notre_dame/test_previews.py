"""Previews, supplies and the guide of Notre Dame (issue 23 §1, §5): every option's preview matches
what applying it did on the seat's own determinizations, and a few of them are checked against the
rulebook's worked examples (ND-EX-3, ND-EX-4, ND-EX-8, ND-EX-10, ND-EX-11)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from preview_kit import preview_problems, random_decisions

from .helpers import (GAME, S_BRIBE, S_DRAFT_FIRST, advance_passive, bribe_state, new, play_state, random_game,
                      set_counts, set_display, stage)

rule = pytest.mark.rule
LANG = Path(__file__).resolve().parents[2] / "src" / "ludoteka" / "web" / "static" / "lang"
VALUE7 = ("monk", "physician", "night_watchman")     # 2 + 3 + 2 rats (ND-EX-8)
VALUE6 = ("monk", "physician", "city_guard")         # 2 + 3 + 1 rats (ND-EX-10)
# Every player count, and each option that changes a cost or what a seat may see.
SWEEPS = [(players, {}) for players in (2, 3, 4, 5)] + [
    (3, {"open_prestige": True}), (4, {"coin_shortage": "bank_only"}), (5, {"carriage_may_stay": False}),
    (2, {"open_prestige": True, "coin_shortage": "bank_only"})]


def preview(s, key, seat=None):
    seat = s.to_act if seat is None else seat
    return next(a for a in s.legal_actions(seat) if a.key == key).data.get("preview") or {}


def note_keys(p) -> list[str]:
    return [n["key"] for n in p.get("notes", ())]


def note_args(p, key) -> dict:
    return next(n["args"] for n in p["notes"] if n["key"] == key)


def last_to_bribe(s):
    """Everyone but the last seat of the round passes its bribe (the last one's choice then
    reaches the plague)."""
    advance_passive(s, stop=lambda x: stage(x) != S_BRIBE or x.to_act == (x.start - 1) % x.players)


@rule("ND-3.2", "ND-20.3", "ND-22.3")
@pytest.mark.parametrize("players,options", SWEEPS)
def test_every_preview_matches_play_and_hides_nothing(players, options):
    states = previewed = 0
    keys: set[str] = set()
    for seed in (1, 2, 3):
        for s in random_decisions(GAME, players, 100 * seed + players, options, every=2):
            problems = preview_problems(GAME, s, seed)
            assert problems == [], problems[:3]
            states += 1
            for seat in s.acting_seats():
                for action in s.legal_actions(seat):
                    p = action.data.get("preview")
                    if p:
                        previewed += 1
                        keys.update(note_keys(p))
                        assert not p.get("confirm") or p["confirm"] in note_keys(p)
    assert states >= 200 and previewed > 3 * states
    assert {"plague", "effect_bank"} <= keys


def test_supplies_are_public_and_prestige_only_when_open():
    assert list(GAME.supply_items) == ["coins", "stones", "rats", "messages", "prestige"]
    s = play_state(3, 0)
    set_counts(s, 1, coins=4, personal=2, rat=3, pp=7, held={0: 1, 2: 1})
    assert GAME.supplies(s, 1) == {"coins": 4, "stones": 2, "rats": 3, "messages": 2}
    t = play_state(3, 0, open_prestige=True)
    set_counts(t, 1, pp=7)
    assert GAME.supplies(t, 1)["prestige"] == 7


@rule("ND-EX-3", "ND-13.4", "ND-9.2")
def test_trusted_friend_in_the_bank_previews_three_coins():
    s = play_state(3, 0, ("trusted_friend",))
    set_counts(s, 0, sectors={"bank": 2}, coins=3)
    s.apply("play:trusted_friend")
    assert preview(s, "friend:bank")["gain"] == {"coins": 3}
    assert preview(s, "decline")["confirm"] == "decline"


@rule("ND-EX-4", "ND-14.3", "ND-10.2")
def test_residence_with_two_in_the_park_previews_the_park_bonus():
    s = play_state(3, 0, ("residence",), open_prestige=True)
    set_counts(s, 0, sectors={"residence": 2, "park": 2}, personal=2)
    p = preview(s, "play:residence")
    assert "gain" not in p and note_args(p, "effect_residence") == {"n": 4}     # 3 + 1, placed next
    s.apply("play:residence")
    assert preview(s, "place")["gain"] == {"stones": -1, "prestige": 4}
    hidden = play_state(3, 0, ("residence",))                                  # prestige is secret
    set_counts(hidden, 0, sectors={"residence": 2, "park": 2}, personal=2)
    hidden.apply("play:residence")
    p = preview(hidden, "place")
    assert p["gain"] == {"stones": -1} and note_args(p, "prestige") == {"n": 4}


@rule("ND-14.3")
def test_the_first_piece_in_the_park_says_when_its_bonus_begins_not_that_it_brings_0():
    s = play_state(3, 0, ("park",), open_prestige=True)
    set_counts(s, 0, sectors={"park": 0}, personal=2, rat=2)
    assert "effect_park_alone" in note_keys(preview(s, "play:park"))
    set_counts(s, 0, sectors={"park": 1}, personal=2, rat=2)
    assert note_args(preview(s, "play:park"), "effect_park") == {"n": 1}      # the second piece: a pair


@rule("ND-11.10", "ND-12.3", "ND-14.2", "ND-15.2")
def test_the_park_hospital_and_hotel_notes_say_a_rat_marker_on_0_cannot_go_back():
    """A marker on 0 loses the step back: the notes of the cards played say so (the audit saw
    "rat marker back 1" offered at 0), and the hotel's choice then offers no such option."""
    for card, sectors in (("park", {"park": 0}), ("park", {"park": 1}), ("hospital", {"hospital": 1}),
                          ("hotel", {"hotel": 0})):
        s = play_state(3, 0, (card,))
        set_counts(s, 0, sectors=sectors, personal=2, rat=1)
        [back] = [k for k in note_keys(preview(s, f"play:{card}")) if k.startswith(f"effect_{card}")]
        assert not back.endswith("_at_zero")
        set_counts(s, 0, sectors=sectors, personal=2, rat=0)
        [lost] = [k for k in note_keys(preview(s, f"play:{card}")) if k.startswith(f"effect_{card}")]
        assert lost == back + "_at_zero"
        if card == "hotel":          # what the note promises: the hotel's choice has no rat option
            s.apply("play:hotel")
            s.apply("place")
            assert s.to_act == 0 and not any("rat" in k for k in s.legal_keys()), s.legal_keys()
    english = json.loads((LANG / "en.json").read_text(encoding="utf-8"))
    assert "your rat marker is on 0" in english["nd.note.effect_park_alone_at_zero"]


@rule("ND-EX-8", "ND-20.5", "ND-20.6", "ND-20.11")
def test_the_last_bribe_previews_the_plague_overflow():
    s = bribe_state(3, 0, VALUE7, open_prestige=True)
    set_counts(s, 0, sectors={"hospital": 2, "bank": 2, "park": 1}, rat=5, pp=10)   # Vlasta: 10
    set_counts(s, 1, sectors={"residence": 3, "bank": 1}, rat=9, pp=10)             # Bára: 16
    set_counts(s, 2, sectors={"hospital": 1}, friend="hospital", rat=4, pp=10, coins=2)   # Michal: 9
    last_to_bribe(s)
    assert s.to_act == 2
    p = preview(s, "pass")
    assert p["gain"] == {"rats": 5}                                   # 4 + 7 - 2: exactly 9, no penalty
    assert p["others"] == {"0": {"rats": 4, "prestige": -2}, "1": {"prestige": -2}}
    assert note_args(p, "plague") == {"value": 7, "n": 9} and "plague_overflow" not in note_keys(p)
    assert p["confirm"] == "bribe_nobody"


@rule("ND-EX-10", "ND-18.10", "ND-20.3", "ND-20.6")
def test_physician_preview_against_the_overflow_it_saves():
    s = bribe_state(3, 0, VALUE6)
    set_counts(s, 2, sectors={"hospital": 1, "bank": 3}, friend="hospital", rat=7, pp=5, coins=2)   # Michal
    last_to_bribe(s)
    p = preview(s, "bribe:physician")
    assert p["gain"] == {"coins": -1, "rats": -2}                      # 0 - 2: from 7 to 5
    assert note_args(p, "physician") == {"n": 6}
    q = preview(s, "pass")                                             # 7 + 6 - 2 = 11 > 9
    assert q["gain"] == {"rats": 2} and note_args(q, "plague_overflow") == {"n": 2}
    assert "prestige_lost" not in note_keys(q)          # the loss is the plague's, said once by its note
    # The steps saved are those the marker would move, not the plague's value: from 0 with a
    # piece in the hospital the plague moves it 6 - 1 = 5 (the audit saw "6 steps saved").
    t = bribe_state(3, 0, VALUE6)
    set_counts(t, 0, sectors={"hospital": 1}, rat=0)
    assert note_args(preview(t, "bribe:physician"), "physician") == {"n": 5}
    set_counts(t, 0, sectors={"hospital": 2}, friend="hospital", rat=1)        # 1 + 6 - 3 = 4, else 0
    assert note_args(preview(t, "bribe:physician"), "physician") == {"n": 4}


@rule("ND-EX-11", "ND-19.6", "ND-17.2")
def test_king_of_beggars_previews_nine_minus_the_marker():
    s = bribe_state(3, 0, ("monk", "king_of_beggars", "guild_master"))
    set_counts(s, 0, rat=4, coins=2)
    p = preview(s, "bribe:king_of_beggars")
    assert p["gain"] == {"coins": -1} and note_args(p, "prestige") == {"n": 5}


@rule("ND-5.2", "ND-5.4")
def test_keeping_a_card_in_the_draft_says_nothing_is_lost_once_in_the_guide():
    """That the cards passed on are not lost is said once, by the guide of each pass, not on
    every option (the audit saw the same line under each of three cards)."""
    s = new(3, 1)
    assert stage(s) == S_DRAFT_FIRST
    for action in s.legal_actions(0):
        p = action.data["preview"]
        assert "gain" not in p and "confirm" not in p
        assert [k for k in note_keys(p) if not k.startswith("effect_")] == []
    guide = s.view(0)["guide"]["next"]
    assert guide["key"] == "next_draft_first" and guide["args"]["n"] == 2
    for seat in range(3):
        s.apply(s.legal_keys(seat)[0], seat)
    assert s.view(0)["guide"]["next"]["key"] == "next_draft_second"
    assert s.view(None)["guide"]["next"]["key"] == "next_draft"        # a spectator: the phase only


@rule("ND-20.3", "ND-20.5", "ND-20.6", "ND-AMB-21")
def test_guide_warns_of_the_plague_ahead_and_hides_other_prestige():
    s = play_state(3, 0, open_prestige=False)
    set_display(s, VALUE7)
    set_counts(s, 0, sectors={"hospital": 2, "bank": 2}, rat=5, pp=1, coins=0)      # 5 + 7 - 2 = 10
    set_counts(s, 1, sectors={"hospital": 3}, rat=0, pp=30)
    guide = s.view(0)["guide"]
    assert guide["next"]["key"] == "next_actions" and guide["next"]["args"] == {"value": 7}
    warnings = {w["key"]: w["args"] for w in guide["warnings"]}
    assert warnings["rats_overflow"] == {"n": 1, "rat": 5, "move": 5, "prestige": 1}
    assert "no_coin" in warnings
    assert [w["key"] for w in s.view(1)["guide"]["warnings"]] == []            # 0 + 7 - 3: far from 9
    assert s.view(None)["guide"]["warnings"] == []
    other = s.clone()
    other.prestige[0] = 9                                                       # hidden from seat 1
    assert other.view(1)["guide"] == s.view(1)["guide"]


@rule("ND-7.2")
def test_guide_warns_when_the_personal_supply_has_no_stone():
    """A desktop audit moved a stone away from its Hospital (and its rats passed 9) without seeing
    that with an empty personal supply every card moves a stone from elsewhere."""
    s = play_state(3, 0)
    set_counts(s, 0, sectors={"hospital": 2, "bank": 2}, personal=1)
    assert "personal_empty" not in [w["key"] for w in s.view(0)["guide"]["warnings"]]
    set_counts(s, 0, sectors={"hospital": 2, "bank": 2}, personal=0)
    assert "personal_empty" in [w["key"] for w in s.view(0)["guide"]["warnings"]]
    assert "personal_empty" not in [w["key"] for w in s.view(1)["guide"]["warnings"]]   # its own only


@pytest.mark.parametrize("language", ["en", "cs", "de", "pl"])
def test_every_supply_item_and_note_key_is_translated(language):
    texts = json.loads((LANG / f"{language}.json").read_text(encoding="utf-8"))
    missing = [f"nd.item.{item}" for item in GAME.supply_items if f"nd.item.{item}" not in texts]
    keys: set[str] = set()
    for players, options in SWEEPS[:4]:
        for s in random_decisions(GAME, players, 7, options, every=3):
            keys.update(w["key"] for seat in range(players) for w in [s.view(seat)["guide"]["next"],
                                                                      *s.view(seat)["guide"]["warnings"]])
            for seat in s.acting_seats():
                for action in s.legal_actions(seat):
                    keys.update(note_keys(action.data.get("preview") or {}))
    missing += sorted(f"nd.note.{key}" for key in keys if f"nd.note.{key}" not in texts)
    assert len(keys) > 15 and missing == []


def test_log_names_no_component_code_and_counts_the_park_bonus_in():
    codes = [m.id for m in GAME.data.messages] + [c for c in GAME.data.card_ids if "_" in c]   # ids, not words
    lines = [line for players in (3, 5) for line in random_game(players, 11).log(0)]
    assert any("message (" in line for line in lines)
    assert [line for line in lines if any(code in line for code in codes)] == []
    assert not [line for line in lines if "park bonus prestige" in line]


@pytest.mark.rule("ND-20.3")
def test_the_rat_warning_says_where_the_marker_is_now_and_after_the_plague():
    """A browser audit read "after this round's plague your rat marker stands on 7" as the
    marker's place while the track showed 3: the warning says both."""
    seen = 0
    for s in random_decisions(GAME, 3, 5, every=2):
        for seat in range(3):
            for w in s.view(seat)["guide"]["warnings"]:
                if w["key"] == "rats_close":
                    assert w["args"]["now"] == s.rat[seat], w
                    assert w["text"].startswith(f"your rat marker is on {s.rat[seat]}; after"), w["text"]
                    seen += 1
    assert seen


@rule("ND-13.1", "ND-13.3")
def test_the_trusted_friends_note_puts_it_on_the_board_the_first_time_and_moves_it_later():
    """A desktop audit: "Trusted Friend: move it to another sector" was said before the friend had
    ever stood on the board; the first time it is put from off the board (ND-13.3)."""
    s = play_state(3, 0, ("trusted_friend",))
    assert s.friend[0] == -1
    assert "effect_trusted_friend_first" in note_keys(preview(s, "play:trusted_friend"))
    s.friend[0] = 2
    assert "effect_trusted_friend" in note_keys(preview(s, "play:trusted_friend"))


@rule("ND-22.1", "ND-22.3", "ND-14.3")
def test_the_options_own_prestige_is_told_apart_from_notre_dames_scoring():
    """A browser audit read "You gain 8 prestige" on the Night Watchman: 4 were the bribe's, 4
    Notre Dame's scoring that the last bribe of a period sets off. The option's own prestige and
    the scoring's (with the park bonus) are two notes, and with the plague's loss they add up to
    what the trial on the seat's own determinization did."""
    def told(p, key) -> dict:
        return next((n["args"] for n in p.get("notes", ()) if n["key"] == key), {})

    checked = 0
    for seed in range(40):
        for state in random_decisions(GAME, 3, seed):
            seat = state.to_act
            if seat is None or not state.notre_dame_stones[seat]:
                continue
            for action in state.legal_actions(seat):
                p = action.data.get("preview") or {}
                if "notre_dame_scoring" not in note_keys(p):
                    continue
                world = state.determinize(seat, 0)
                before = world.prestige[seat]
                world.apply(action.key, seat)
                own = told(p, "prestige").get("n", 0) - told(p, "prestige_lost").get("n", 0)
                lost = (told(p, "plague_overflow") or told(p, "plague_overflow_no_stone")).get("n", 0)
                scored = note_args(p, "notre_dame_mine")["n"]
                assert scored >= state.notre_dame_stones[seat] * note_args(p, "notre_dame_scoring")["n"]
                assert own + scored - lost == world.prestige[seat] - before, (action.key, p)
                checked += 1
        if checked >= 3:
            break
    assert checked >= 3
