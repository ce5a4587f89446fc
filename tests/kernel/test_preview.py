"""The kernel's previews (issue 23 §1) and the kit that checks a game's previews against play."""
from __future__ import annotations

import pytest
from preview_kit import preview_problems, random_decisions
from toy_game import PreviewToyState, ToyGame

from ludoteka import registry
from ludoteka.kernel import Action
from ludoteka.kernel.preview import attach, changes, common_preview, make_preview, note, preview_text, without_common


def test_make_preview_drops_zero_changes_and_empty_previews():
    assert make_preview({"coins": 0}) is None
    assert make_preview({"coins": -2, "vp": 0}, others={1: {"vp": 0}}) == {"gain": {"coins": -2}}
    p = make_preview({"vp": 1}, others={2: {"vp": -1}}, uncertain=["vp", "vp"],
                     notes=[note("plague_here", "2 plague cubes here", cubes=2)], confirm="ends_turn")
    assert p == {"gain": {"vp": 1}, "others": {"2": {"vp": -1}}, "uncertain": ["vp"],
                 "notes": [{"key": "plague_here", "text": "2 plague cubes here", "args": {"cubes": 2}}],
                 "confirm": "ends_turn"}
    assert attach(Action("a", "A"), None).data == {}
    assert changes({"a": 1, "b": 2}, {"a": 1, "b": 0, "c": 3}) == {"b": -2, "c": 3}


def test_then_lists_what_a_chance_step_after_the_exact_change_moves():
    """`then`: the shown change is exact, a chance step after it moves these supplies again (the
    battle in Kingsburg); the terminal says the change plainly, without "about", and a preview
    with nothing but `then` says nothing."""
    p = make_preview({"gold": -2, "soldiers": 1}, then=["vp", "gold", "vp"], notes=[note("battle_follows", "Winter follows")])
    assert p == {"gain": {"gold": -2, "soldiers": 1}, "then": ["gold", "vp"],
                 "notes": [{"key": "battle_follows", "text": "Winter follows", "args": {}}]}
    assert preview_text(p, {"gold": "gold", "soldiers": "soldiers"}, {"soldiers": "soldier"}) == \
        "pay 2 gold, gain 1 soldier; Winter follows"
    assert make_preview({}, then=["vp"]) is None


def test_preview_text_reads_as_english():
    p = make_preview({"coins": -2, "vp": 1}, uncertain=["vp"], notes=[note("n", "then take a rat")])
    assert preview_text(p, {"coins": "coins", "vp": "VP"}) == "pay 2 coins, gain about 1 VP; then take a rat"
    assert preview_text(None, {}) == ""
    one = {"gain": {"coins": 1, "rats": -1}, "others": {"1": {"coins": -1, "vp": 2}}}
    assert (preview_text(one, {"coins": "coins", "rats": "rats", "vp": "VP"}, {"coins": "coin", "rats": "rat"})
            == "gain 1 coin, pay 1 rat, seat 1: -1 coin, +2 VP")
    # an item a seat wants fewer of is taken or got rid of, never gained or paid
    labels = ({"coins": "coins", "rats": "rats"}, {"coins": "coin", "rats": "rat"})
    assert preview_text(one, *labels, harmful={"rats"}).startswith("gain 1 coin, get rid of 1 rat,")
    assert preview_text({"gain": {"rats": 2}}, *labels, harmful={"rats"}) == "take 2 rats"


class SilentGame(ToyGame):
    """The toy game with points as a supply but no previews: the kit must object."""

    supply_items = {"points": "points"}

    def supplies(self, state, seat):
        return {"points": state.pile[seat]}


class HonestGame(SilentGame):
    state_class = PreviewToyState


class LeakyState(PreviewToyState):
    def describe_key(self, key):
        action = super().describe_key(key)
        if key == "keep" and self.deck:         # tells the top card of the hidden deck
            attach(action, make_preview(notes=[note("next", "next", card=self.deck[-1])]))
        return action


class LeakyGame(SilentGame):
    state_class = LeakyState


def _problems(game, seeds=range(3)):
    return [p for seed in seeds for state in random_decisions(game, 3, seed) for p in preview_problems(game, state, seed)]


def test_the_kit_accepts_honest_previews():
    assert _problems(HonestGame()) == []


def test_the_kit_finds_a_missing_preview():
    assert any("the preview says 0" in p for p in _problems(SilentGame()))


def test_the_kit_finds_a_preview_that_reads_hidden_state():
    assert any("differ in what it may not see" in p for p in _problems(LeakyGame()))


@pytest.mark.parametrize("name", registry.games())
def test_every_games_labels_for_one_name_its_own_supply_items(name):
    game = registry.game(name)
    assert set(game.supply_items_one) <= set(game.supply_items)
    assert all(label and label != game.supply_items[item] for item, label in game.supply_items_one.items())


@pytest.mark.parametrize("name", registry.games())
def test_every_games_harmful_items_are_supply_items_and_described(name):
    game = registry.game(name)
    assert set(game.harmful_items) <= set(game.supply_items)
    assert game.describe()["harmful_items"] == sorted(game.harmful_items)
    assert ("rats" in game.harmful_items) == ("rats" in game.supply_items)     # where rats are counted


def test_what_every_option_says_alike_is_lifted_out_once():
    """common_preview / without_common (the browser's commonPreview / withoutCommon): the same
    change of an item (alike certain or uncertain), of another seat's item and the same note on
    every option is said once; what differs stays on its option, with its "about"."""
    plague = {"key": "plague_next", "text": "then the plague", "args": {"round": 3, "cubes": 2}}
    previews = [{"gain": {"coins": -1, "rats": 2, "vp": 1}, "others": {"1": {"rats": 1}}, "notes": [plague],
                 "uncertain": ["vp", "gold"]},
                {"gain": {"coins": -2, "rats": 2, "vp": 1}, "others": {"1": {"rats": 1, "vp": 1}},
                 "notes": [dict(plague, args={"cubes": 2, "round": 3})], "uncertain": ["rats", "vp", "gold"]}]
    common = common_preview(previews)
    # rats: the same 2, but certain on one option and not on the other: not lifted
    assert common == {"gain": {"vp": 1}, "others": {"1": {"rats": 1}}, "notes": [plague], "uncertain": ["vp", "gold"]}
    assert without_common(previews[1], common) == {"gain": {"coins": -2, "rats": 2}, "others": {"1": {"vp": 1}},
                                                   "notes": [], "uncertain": ["rats"]}
    assert preview_text(without_common(previews[1], common), {"coins": "coins", "rats": "rats"}) == \
        "pay 2 coins, gain about 2 rats, seat 1: +1 vp"
    # uncertain amounts that differ stay on their options, each with its "about"
    differ = [{"gain": {"vp": 1}, "uncertain": ["vp"], "notes": [plague]},
              {"gain": {"vp": 2}, "uncertain": ["vp"], "notes": [plague]}]
    common = common_preview(differ)
    assert common["uncertain"] == [] and preview_text(without_common(differ[1], common), {"vp": "VP"}) == "gain about 2 VP"
    # a note with other arguments is another note; one option alone has nothing to lift
    other = dict(plague, args={"round": 4})
    assert common_preview([{"notes": [plague]}, {"notes": [other]}]) is None
    assert common_preview(previews[:1]) is None and without_common(previews[0], None) is previews[0]
    assert common_preview([None, {"gain": {"coins": 1}}]) is None
