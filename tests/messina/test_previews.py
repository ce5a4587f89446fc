"""Messina 1347: the supplies of a seat and the preview of every option (kernel/preview.py), checked
on random games of every player count and rule option (tests/preview_kit.py), and on positions
built by hand against the rulebook's numbers."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ludoteka.boardgames.messina.model.state import HUTS, POPULARITY
from ludoteka.boardgames.messina.rules.overseers import Branch, ChooseOverseer
from ludoteka.boardgames.messina.views import preview as preview_module
from preview_kit import preview_problems, random_decisions

from .helpers import ESTATE, GAME, begin, blank, only, start_turns

LANG = Path(__file__).resolve().parents[2] / "src" / "ludoteka" / "web" / "static" / "lang"
# Every player count (1: the solo game with its automa) and the options that change what an
# option costs or gives: large fire (D-2), reshuffle payments (D-3/D-4), the rat table (D-9),
# the upgraded area (D-8), boxed lieutenants (D-30), the advanced side b boards (MS-33), the
# priority tile (MS-34) and the DE solo bonus (D-1).
VARIANTS = [
    (1, {}), (2, {}), (3, {}), (4, {}),
    (1, {"advanced": True, "solo_repopulation": "de"}),
    (2, {"large_fire": "two_cubes", "reshuffle_payment": "pl", "after_reshuffle": "revealed_tile"}),
    (3, {"advanced": True, "rat_table": "de_literal", "upgraded_area": "one"}),
    (4, {"priority_tile": True, "boxed_lieutenant": "supply", "reshuffle_payment": "cz"}),
    (2, {"advanced": True, "mixed_sides": "a_player_boards"}),
]


@pytest.mark.rule("HID-1")
@pytest.mark.parametrize("players,options", VARIANTS, ids=lambda v: str(v))
def test_random_previews_match_what_the_options_do(players, options):
    """Every option's preview says what applying it does to every seat's supplies, the same in
    every state the seat cannot tell apart (HID-1 - HID-8); the supplies are public (AMB-52)."""
    states = previewed = 0
    for seed in (1, 2, 3):
        for state in random_decisions(GAME, players, seed, options, every=1):
            states += 1
            problems = preview_problems(GAME, state, seed)
            assert not problems, problems[:3]
            previewed += sum(1 for a in state.legal_actions() if a.data.get("preview", {}).get("gain"))
        assert list(GAME.supplies(state, 0)) == list(GAME.supply_items) == [
            "coins", "timber", "fire", "large_fire", "rats", "points", "popularity", "city_book", "church_book",
            "lieutenants"]
    assert states > 150 and previewed > states // 2


def _b01_turn(rats: int, fire: int):
    """Seat 0 to move in round I with one lieutenant in its estate (any hex free), 2 plague
    cubes on hex B01 and no citizens there."""
    s = blank(2, 1)
    s.turn_order = [0, 1]
    for seat in range(2):
        only(s, seat, ESTATE)
    b01 = next(n for n, t in enumerate(s.hex_at) if t >= 0 and s.data.hexes[t].id == "B01")
    s.cubes[b01] = 2
    s.cube_supply -= 2
    s.rats[0], s.fire[0], s.large_fire[0] = rats, fire, 0
    start_turns(s)
    return s


def _preview(state, key: str) -> dict:
    return next(a for a in state.legal_actions() if a.key == key).data.get("preview") or {}


def _notes(preview: dict) -> dict[str, dict]:
    return {n["key"]: n["args"] for n in preview.get("notes", ())}


@pytest.mark.rule("MS-12.2", "MS-13.1", "MS-30.2", "MS-30.3")
def test_going_to_a_plagued_hex_without_fire_says_the_rats_and_their_cost():
    """MS-12.2: a cube costs 1 fire in round I; MS-13.1: each cube not fought is a rat; MS-30.3:
    7 rats lose 13 points. With 5 rats and no fire, hex B01's 2 cubes bring rats 6 and 7."""
    s = _b01_turn(rats=5, fire=0)
    notes = _notes(_preview(s, "hex:B01"))
    assert notes["plague_here"] == {"cubes": 2, "cost": 1, "fire": 0, "large_fire": 0}
    # 5 rats lose 7 points (MS-30.2), 7 rats lose 13: 6 more, and 2 more popularity spaces back
    assert notes["forced_rats"] == {"n": 2, "total": 7, "lost": 13, "points": 6}
    s.apply("hex:B01")
    assert s.legal_keys() == ["done"]          # the forced decision the note announced
    done = _preview(s, "done")
    assert done["gain"] == {"rats": 2}
    assert _notes(done)["rats_cost"]["lost"] == 13


@pytest.mark.rule("MS-12.1", "MS-12.2")
def test_with_enough_fire_no_rat_is_announced():
    """MS-12.1: with 2 fire both cubes can be fought: the preview names the cubes, no forced rat."""
    s = _b01_turn(rats=0, fire=2)
    notes = _notes(_preview(s, "hex:B01"))
    assert notes["plague_here"]["cubes"] == 2 and "forced_rats" not in notes
    s.apply("hex:B01")
    fight = _preview(s, "fight:fire")
    assert fight["gain"]["fire"] == -1 and fight["gain"]["popularity"] == 1    # MS-12.5: popularity


@pytest.mark.rule("MS-10.1")
def test_recall_gains_a_coin():
    """MS-10.1: a recall takes 1 coin; the lieutenant is used for this round."""
    s = _b01_turn(rats=0, fire=0)
    assert _preview(s, "recall")["gain"] == {"coins": 1, "lieutenants": -1}


@pytest.mark.rule("MS-16.3", "MS-16.4")
def test_each_branch_says_where_it_leads_and_asks_to_confirm():
    """MS-16.3: the branch is chosen for good at the 2nd advance; MS-16.4: each branch runs past
    two sectors to the centre. The previews differ by the squares each branch can activate."""
    s = blank(2, 1)
    s.overseer_step[2] = 1                      # seat 0's nun overseer made its first step
    begin(s, Branch(0, 2, 1))
    left, right = _preview(s, "left"), _preview(s, "right")
    assert left["confirm"] == right["confirm"] == "branch_for_good"
    lnotes, rnotes = _notes(left)["branch_leads"], _notes(right)["branch_leads"]
    assert lnotes != rnotes
    assert lnotes["nun"] > 0 and rnotes["nun"] > 0      # both border the nun sector (MS-16.4)


@pytest.mark.rule("MS-7.8", "AMB-23")
def test_ending_the_turn_before_the_hex_action_asks_to_confirm():
    """MS-7.8, AMB-23: ending the turn with the hex action still open gives it up: confirm once."""
    s = _b01_turn(rats=0, fire=2)
    s.apply("hex:B01")
    s.apply("fight:fire")
    s.apply("fight:fire")
    s.apply("done")
    end = _preview(s, "end_turn")
    open_ = [k for k in s.legal_keys() if k != "end_turn"]
    assert "action" in open_
    assert end["confirm"] == "end_turn_early" and _notes(end)["actions_left"] == {"n": len(open_)}
    alone = preview_module._end_turn_notes(s, 0, ["action", "end_turn"])
    assert [n["key"] for n in alone] == ["hex_action_left"]
    # What is still open is named: only book actions left (the audit saw "the hex action or a
    # book action" said after the hex action was taken).
    left = preview_module._end_turn_notes(s, 0, ["book_action:1", "book_action:2", "end_turn"])
    assert [(n["key"], n["args"]) for n in left] == [("book_actions_left", {"n": 2})]
    mixed = preview_module._end_turn_notes(s, 0, ["action", "book_action:1", "end_turn"])
    assert [(n["key"], n["args"]) for n in mixed] == [("actions_left", {"n": 2})]


@pytest.mark.rule("AMB-52")
def test_supplies_are_the_public_counters():
    """AMB-52: everything a player owns is public; the supplies read the seat's counters."""
    s = _b01_turn(rats=3, fire=1)
    got = GAME.supplies(s, 0)
    assert list(got) == list(GAME.supply_items)
    assert got["rats"] == 3 and got["fire"] == 1 and got["popularity"] == s.books[POPULARITY]
    assert got["lieutenants"] == 1


@pytest.mark.rule("MS-30.2", "MS-30.3", "MS-13.5")
def test_the_guide_warns_of_the_rats_and_says_what_comes_next():
    """MS-30.3: 7 rats lose 13 points, the 8th 3 more (16, MS-30.2); the warning is the seat's own,
    the "next" line the same for everyone (the round overview row, DATA-10)."""
    s = _b01_turn(rats=7, fire=0)
    mine, theirs, watcher = (GAME.view(s, seat)["guide"] for seat in (0, 1, None))
    assert mine["warnings"] == [{"key": "rats", "text": mine["warnings"][0]["text"],
                                 "args": {"n": 7, "lost": 13, "more": 3}}]
    assert theirs["warnings"] == [] and watcher["warnings"] == []
    assert mine["next"] == theirs["next"] == watcher["next"]
    assert mine["next"]["key"] == "round_next" and mine["next"]["args"]["round"] == 1


@pytest.mark.rule("MS-25.17", "MS-26.1")
def test_the_guide_counts_no_turns_left_once_production_is_under_way():
    """A browser audit read "Lieutenant turns left: 1; then production" during a round's end: a
    lieutenant gained in production (the city book) plays next round (MS-25.17), so once the end
    of the round is under way the guide says production, whatever lieutenant is ready."""
    ending = next(state for seed in range(20) for state in random_decisions(GAME, 2, seed)
                  if state.producing and state.round < 6)
    seat = ending.to_act
    lieutenant = next(i for i in ending.lieutenants(seat) if ending.lt_at[i] != ESTATE)
    ending.lt_at[lieutenant], ending.lt_used[lieutenant] = ESTATE, False     # ready, as if just gained
    assert ending.available_lieutenants(seat)
    for watcher in (seat, 1 - seat, None):
        assert GAME.view(ending, watcher)["guide"]["next"]["key"] == "production"


@pytest.mark.rule("MS-26.1", "MS-28.1", "MS-7.2")
def test_an_option_that_ends_the_round_says_so_and_counts_no_lieutenants_of_two_rounds():
    """A browser audit read "Whatever you choose: gain 4 lieutenants this round" on a quarantine
    exit, and production's goods as what "End your turn" gives: an option whose resolution runs
    into the round's end says how far the changes shown go, judged by where applying it stops
    (the next decision): into the next round (or the end of the game), or only into production
    (a workshop move or a quarantine exit asks first). The lieutenant count, which mixes two
    rounds, is left to `then`; the other changes stay exact (preview_kit). An option that stays
    in its round has no such note."""
    notes = {"round_ends", "round_set_up", "game_ends", "production_starts"}
    found = {}
    for seed in range(40):
        for state in random_decisions(GAME, 2 + seed % 3, seed):
            for action in state.legal_actions(state.to_act):
                after = state.clone()
                after.apply(action.key)
                if after.is_terminal():
                    reached = "game_over"
                elif after.round != state.round:
                    reached = "next_round"
                elif after.producing and not state.producing:
                    reached = "production"
                else:
                    reached = "same_round"
                found.setdefault(reached, (state.clone(), action))
            if len(found) == 4:
                break
        if len(found) == 4:
            break
    assert set(found) == {"game_over", "next_round", "production", "same_round"}, set(found)
    for reached, (state, action) in found.items():
        preview = action.data.get("preview") or {}
        said = notes & {n["key"] for n in preview.get("notes", [])}
        expected = {"same_round": set(), "production": {"production_starts"}, "game_over": {"game_ends"},
                    "next_round": {"round_set_up" if state.producing else "round_ends"}}[reached]
        assert said == expected, (reached, action.key, preview)
        if reached != "same_round":
            assert preview["then"] == ["lieutenants"] and "lieutenants" not in preview.get("gain", {})
            assert all("lieutenants" not in d for d in preview.get("others", {}).values())
            assert preview_problems(GAME, state) == []

@pytest.mark.rule("MS-24.1", "MS-24.4", "MS-24.14")
def test_a_destination_says_when_its_hex_could_then_be_repopulated():
    """A browser audit found no destination saying that its hex could be repopulated: a hex
    destination says so when, once the lieutenant is there (the way paid), the seat could
    repopulate it; never otherwise. Checked against the rules' own test on the state reached."""
    from ludoteka.boardgames.messina.rules.repopulation import can_repopulate
    said = unsaid = 0
    for seed in range(30):
        for state in random_decisions(GAME, 2, seed):
            if state.decision_kind() != "ChooseDestination":
                continue
            for action in state.legal_actions(state.to_act):
                if not action.key.startswith("hex:"):
                    continue
                after = state.clone()
                after.apply(action.key)
                if after.rng != state.rng or after._history[1][2]:
                    continue                             # revealing: judged on no world, said nowhere
                can = can_repopulate(after, state.to_act, action.data["node"], state.top()[2])
                told = "can_repopulate" in [n["key"] for n in (action.data.get("preview") or {}).get("notes", [])]
                assert told == can, (seed, action.key)
                said, unsaid = said + told, unsaid + (not told)
        if said >= 3:
            break
    assert said >= 3 and unsaid > said


def _offering(key: str, players: int = 3):
    """The first state of seeded random games that offers `key` to the seat to act."""
    for seed in range(80):
        for state in random_decisions(GAME, players, seed):
            if key in state.legal_keys():
                return state
    raise AssertionError(f"no random game offered {key!r}")


@pytest.mark.rule("MS-24.4", "MS-24.7", "MS-24.12", "MS-24.14", "MS-13.3", "MS-31.8")
def test_repopulation_says_its_cost_points_and_rats():
    """MS-24.4, MS-24.14: the printed cost (and lieutenant) and citizens; MS-31.8: the hex's points at the end; MS-24.12: 2
    points a visit; MS-24.7/13.3: 1 rat when the hex holds cubes, 1 per cube it gets later."""
    s = _offering("repopulate")
    action = next(a for a in s.legal_actions() if a.key == "repopulate")
    h = next(x for x in s.data.hexes if x.id == action.data["hex"])
    node = next(n for n, t in enumerate(s.hex_at) if t >= 0 and s.data.hexes[t].id == h.id)
    args = _notes(action.data["preview"])["repopulation"]
    cost = dict(h.repop_cost)
    assert args == {"coins": cost.get("coin", 0), "timber": cost.get("timber", 0), "citizens": len(h.repop_citizens),
                    "points": h.points, "visit": 2, "rats": 1 if s.cubes[node] else 0}
    # MS-24.14: a hex that asks a lieutenant says so too (an audit found it in the tooltip only)
    notes = _notes(action.data["preview"])
    assert ("repopulation_lieutenant" in notes) == h.repop_lieutenant
    for other in s.data.hexes:
        s.hex_at[node] = s.data.hexes.index(other)
        if other.repop_lieutenant != h.repop_lieutenant:
            told = {n["key"] for n in preview_module._repopulation_notes(s, other.id)}
            assert ("repopulation_lieutenant" in told) == other.repop_lieutenant
            break
    else:
        raise AssertionError("every hex asks a lieutenant alike")


@pytest.mark.rule("MS-11.1", "MS-11.3", "MS-11.8", "MS-11.9")
def test_a_destination_says_whom_it_rescues_and_where_they_go():
    """MS-11.1: every citizen on the chosen hex is rescued; MS-11.3: onto a free square of its
    sector; MS-11.8/11.9: from a plagued hex into a free quarantine hut; with no room, discarded.
    The hex's preview says so before the choice, and the rescue then does what it said."""
    def discarded_after(state) -> int:
        world = state.clone()
        mark = world.event_mark()
        world.apply("hex:B01")
        while world.to_act == 0 and world.legal_keys()[0].startswith(("hut:", "square:", "discard")):
            world.apply(world.legal_keys()[0])
        return sum(1 for e in world.events(0, since=mark) if e["kind"] == "rescue" and e["data"]["to"] == "discard")

    s = _b01_turn(rats=0, fire=2)
    b01 = next(n for n, t in enumerate(s.hex_at) if t >= 0 and s.data.hexes[t].id == "B01")
    s.city_citizens[b01 * 3:b01 * 3 + 3] = [2, 0, 1]
    preview = _preview(s, "hex:B01")                    # 2 plague cubes there: into quarantine
    notes = _notes(preview)
    assert notes["rescue_quarantine"] == {"artisan": 2, "aristocrat": 0, "nun": 1}
    # the text names the citizens rescued, not a count of 0 for a class (a phone audit: 6-8 lines)
    assert [n["text"] for n in preview["notes"] if n["key"] == "rescue_quarantine"] == \
        ["rescued into quarantine: 2 artisans and 1 nun"]
    assert "rescue_estate" not in notes and "rescue_lost" not in notes
    assert discarded_after(s) == 0
    s.huts[0:HUTS] = [1] * (HUTS - 1) + [0]              # one free hut: two of the three are lost
    assert _notes(_preview(s, "hex:B01"))["rescue_lost"] == {"lost": 2}
    assert discarded_after(s) == 2
    s.cubes[b01], s.cube_supply = 0, s.cube_supply + 2    # no plague: into the estate's sectors
    notes = _notes(_preview(s, "hex:B01"))
    assert notes["rescue_estate"] == {"artisan": 2, "aristocrat": 0, "nun": 1}
    assert not any(k.startswith("rescue_lost") for k in notes)
    assert discarded_after(s) == 0


@pytest.mark.rule("MS-16.8", "MS-17.3", "MS-17.7", "MS-16.3")
def test_each_overseer_says_where_it_lands_and_how_many_citizens_it_can_activate():
    """Side a's nun path, step 1, is the pair of squares 12 and 13 (MS-EX-6): with citizens on
    both, an overseer not upgraded activates 1 of them (MS-17.3), an upgraded one both (MS-17.7).
    An overseer whose landing has no citizen says so; one at its 2nd advance asks the branch
    first (MS-16.3). Each note agrees with the decision that applying the option brings."""
    for upgraded, can in ((False, 1), (True, 2)):
        s = blank(2, 1)
        s.squares[12] = s.squares[13] = 1
        s.overseer_upgraded[2] = upgraded
        s.overseer_step[1] = 1                  # the aristocrat overseer: its 2nd advance is next
        begin(s, ChooseOverseer(0, "advance"))
        assert _notes(_preview(s, "overseer:nun"))["overseer_activates"] == {"n": can, "step": 1, "citizens": 2}
        assert _notes(_preview(s, "overseer:artisan"))["overseer_idle"] == {"step": 1}
        assert "overseer_branch_next" in _notes(_preview(s, "overseer:aristocrat"))
        after = s.clone()
        after.apply("overseer:nun")
        assert sorted(k for k in after.legal_keys() if k.startswith("square:")) == ["square:12", "square:13"]
        after = s.clone()
        after.apply("overseer:aristocrat")
        assert after.top()[0].name == "branch"


@pytest.mark.rule("MS-8.5", "MS-8.6", "MS-8.8")
def test_each_lieutenant_says_how_many_places_it_reaches_and_for_how_much():
    """Two lying lieutenants to choose from: each option counts the places that lieutenant can
    reach, free (its own hex and the adjacent ones, MS-8.5) and paid (1 coin a hex beyond, MS-8.6,
    only what the seat can pay, MS-8.8), as its destinations then offer them."""
    s = blank(2, 1)
    s.turn_order = [0, 1]
    s.round = 3
    only(s, 1)
    only(s, 0, 0, 5)
    s.coins[0] = 2
    start_turns(s)
    assert sorted(s.legal_keys()) == ["lt:0", "lt:1"]
    for key in ("lt:0", "lt:1"):
        [(name, args)] = _notes(_preview(s, key)).items()
        after = s.clone()
        after.apply(key)
        costs = [a.data.get("cost", 0) for a in after.legal_actions() if a.key != "recall"]
        paid = [c for c in costs if c]
        assert args["n"] == len(costs) and 1 <= costs.count(0) and max(costs) <= 2
        if paid:
            assert name == "lieutenant_reach"
            assert args["free"] == costs.count(0)
        else:
            assert name == "lieutenant_free"


@pytest.mark.rule("MS-15.16", "MS-15.6", "MS-16.8", "MS-19.5", "MS-19.6")
def test_a_hex_action_that_can_do_nothing_says_it_is_lost_and_an_overseer_advance_says_where_it_lands():
    """Over random games: the hex action's option says "lost" exactly when applying it changes
    nothing and asks nothing (nothing to build, upgrade or advance: MS-15.16); a hex action that
    advances an overseer (MS-15.6) carries the same landing note as choosing the overseer; a build
    that could only pay to reshuffle (no tile on offer affordable, MS-19.5/19.6) says so."""
    lost = landing = blind = 0
    for seed in range(1, 7):
        for state in random_decisions(GAME, 2, seed, {}, every=1):
            seat = state.to_act
            action = next((a for a in state.legal_actions(seat) if a.key == "action"), None)
            if action is None:
                continue
            notes = _notes(action.data.get("preview") or {})
            after = state.clone()
            after.apply("action", seat)
            same_turn = after.top() is not None and after.top()[0].name == "turn"
            nothing = same_turn and not after.events(seat, since=state.event_mark()) \
                and GAME.supplies(after, seat) == GAME.supplies(state, seat)
            assert ("action_lost" in notes) == nothing, (action.label, notes)
            lost += "action_lost" in notes
            landing += bool({"overseer_activates", "overseer_idle", "overseer_branch_next"} & set(notes))
            # a build with no tile it can pay for, only paid reshuffles (MS-19.5/19.6), says so
            keys = after.legal_keys(seat) if after.top() is not None and after.top()[0].name == "build" else []
            only_reshuffles = any(k.startswith("reshuffle:") for k in keys) and \
                all(k.startswith("reshuffle:") or k == "skip" for k in keys)
            assert ("build_nothing_affordable" in notes) == only_reshuffles, (action.label, keys, notes)
            blind += only_reshuffles
    assert lost >= 1 and landing >= 3 and blind >= 1, (lost, landing, blind)


@pytest.mark.rule("MS-16.11", "MS-17.3", "MS-17.7", "MS-17.10")
def test_each_overseer_to_upgrade_says_what_the_upgrade_changes_at_its_next_step():
    """The nun overseer's next space is the pair of squares 12 and 13 (MS-EX-6): with citizens on
    both, upgraded it activates 2 instead of 1 (MS-17.3, MS-17.7). The artisan's next space holds
    none of the seat's citizens; an overseer whose branch is still open, or one in the centre
    (MS-17.10), says so. The numbers agree with what the activation then offers."""
    s = blank(2, 1)
    s.squares[12] = s.squares[13] = 1
    s.overseer_step[1] = 1                                   # aristocrat: its branch comes next
    begin(s, ChooseOverseer(0, "upgrade"))
    assert _notes(_preview(s, "overseer:nun"))["upgrade_next"] == {"n": 2, "before": 1, "step": 1}
    # no change said as one ("0 instead of 0")
    assert _notes(_preview(s, "overseer:artisan"))["upgrade_same"] == {"n": 0, "step": 1}
    assert "upgrade_later" in _notes(_preview(s, "overseer:aristocrat"))
    s.apply("overseer:nun")
    begin(s, ChooseOverseer(0, "advance"))
    s.apply("overseer:nun")                                  # upgraded: both citizens, one by one
    s.apply("square:12")
    assert "square:13" in s.legal_keys()
    centre = blank(2, 1)
    centre.overseer_step[0] = 6
    begin(centre, ChooseOverseer(0, "upgrade"))
    assert "upgrade_centre" in _notes(_preview(centre, "overseer:artisan"))


@pytest.mark.parametrize("language", ["en", "cs", "de", "pl"])
def test_every_note_the_previews_can_give_has_a_text(language):
    """Random games rarely reach some notes (an upgrade in the centre): every literal note key of
    views/preview.py has its text, as the browser shows it."""
    source = (Path(preview_module.__file__)).read_text(encoding="utf-8")
    # note("key", ...) and note("key" if ... else "other", ...)
    found = re.findall(r'note\(\s*"([a-z_]+)"(?:\s+if [^"]*else\s+"([a-z_]+)")?', source)
    keys = {k for pair in found for k in pair if k}
    texts = json.loads((LANG / f"{language}.json").read_text(encoding="utf-8"))
    assert len(keys) > 20 and sorted(k for k in keys if f"ms.note.{k}" not in texts) == []


@pytest.mark.rule("MS-19.3", "MS-19.5", "MS-19.6", "MS-20.4", "D-4")
def test_a_reshuffle_that_could_build_nothing_says_so():
    """A phone audit paid 1 point twice a game to reshuffle with no marker left: it bought
    nothing. The reshuffle's preview says so where nothing the build may take after it is
    affordable after paying, in the whole game (read from the printed costs, not the hidden
    stacks): any build option by default (D-4, DE/CZ), only the reshuffled kind with
    `after_reshuffle = revealed_tile` (PL), a hut upgrade only with a free hut."""
    from .test_build import setup_stacks
    from .test_citizens import make_state, run

    def says_nothing(coins=0, timber=0, huts_full=False, **options):
        """Per hut reshuffle key (paid with points, coins or timber), whether its preview says
        it would build nothing."""
        s = make_state(**options)
        setup_stacks(s)
        s.score[0], s.coins[0], s.timber[0] = 5, coins, timber
        if huts_full:                                  # MS-20.4: every hut upgraded
            for h in range(HUTS):
                s.hut_upgrade[h] = 10 + h
        run(s, 0, [("build", 1, "")])
        said = {a.key: "reshuffle_builds_nothing" in _notes(a.data.get("preview") or {})
                for a in s.legal_actions() if a.key.startswith("reshuffle:huts:")}
        assert said, s.legal_keys()
        return s, said

    s, said = says_nothing()                           # no marker at all, only points pay
    assert all(said.values()), said
    s.apply("reshuffle:huts:points")                   # and indeed nothing could be built after it
    assert not any(k.startswith(("hut_tile:", "workshop:", "cart:")) for k in s.legal_keys())
    assert not any(says_nothing(coins=3, timber=3)[1].values())
    # every hut upgraded: a workshop or a cart may still follow by default, not with the PL reading
    assert not any(says_nothing(coins=3, timber=3, huts_full=True)[1].values())
    assert all(says_nothing(coins=3, timber=3, huts_full=True, after_reshuffle="revealed_tile")[1].values())
    words = json.loads((LANG / "en.json").read_text())
    assert "ms.note.reshuffle_builds_nothing" in words
