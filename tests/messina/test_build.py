"""The build action (MS-19 - MS-22, D-3, D-4, AMB-17 - AMB-19, MS-EX-4 step 5)."""
from __future__ import annotations

import pytest

from .test_citizens import make_state, pending, play, run
from ludoteka.boardgames.messina import GAME
from ludoteka.boardgames.messina.model.state import CATEGORY, affords, citizen_code

ART = 0


def tile(s, records, tid):
    return next(i for i, r in enumerate(records) if r.id == tid)


def setup_stacks(s):
    """Hut stacks (U01 U02 U03) (U04 U05) (U06); workshops: first tiles per class; carts K1a/K2a."""
    h = lambda t: tile(s, s.data.hut_upgrades, t)          # noqa: E731
    s.hut_stacks = ((h("U01"), h("U02"), h("U03")), (h("U04"), h("U05")), (h("U06"),))
    s.known_bottom = [0] * 6
    s.score[0] = 0
    for name in ("coins", "timber", "fire", "large_fire"):
        getattr(s, name)[0] = 0


def test_ex4_hut_upgrade_on_the_rescued_artisan():
    """MS-EX-4 step 5, MS-20.1-20.3: take a face-up hut upgrade costing 1 timber, pay it, put it
    on the hut holding the rescued artisan; the next tile of that stack turns face up."""
    s = make_state()
    setup_stacks(s)
    s.timber[0] = 1
    s.huts[2] = citizen_code(ART, False)
    s.hut_space[2] = 1
    run(s, 0, [("build", 1, "")])
    assert "hut_tile:U01" in s.legal_keys() and "skip" in s.legal_keys()
    assert "hut_tile:U04" not in s.legal_keys()         # MS-20.2: 1 coin, none held
    play(s, "hut_tile:U01")
    assert pending(s) == "place_hut_upgrade"
    assert sorted(s.legal_keys()) == ["hut:0", "hut:2"]  # empty huts are alike: one offered
    play(s, "hut:2")
    assert s.hut_upgrade[2] == tile(s, s.data.hut_upgrades, "U01")
    assert s.timber[0] == 0
    assert s.data.hut_upgrades[s.hut_stacks[0][0]].id == "U02"
    assert s.top() is None


def test_all_huts_upgraded_no_hut_option():
    """MS-20.4: with all 4 huts upgraded the hut option is not available."""
    s = make_state()
    setup_stacks(s)
    s.timber[0] = s.coins[0] = 5
    for h in range(4):
        s.hut_upgrade[h] = 10 + h
    run(s, 0, [("build", 1, "")])
    assert not any(k.startswith("hut_tile:") for k in s.legal_keys())


def test_workshop_build():
    """MS-21.1-21.3: a face-up workshop is paid and placed at a new slot; there is no limit."""
    s = make_state()
    setup_stacks(s)
    s.coins[0] = s.timber[0] = s.fire[0] = s.large_fire[0] = 20
    for n in range(7):
        run(s, 0, [("build", 1, "")])
        key = next(k for k in s.legal_keys() if k.startswith("workshop:"))
        play(s, key)
        w = s.workshops[0]
        assert len(w) == 3 * (n + 1) and s.data.workshops[w[-3]].id == key[9:] and w[-2:] == (0, 0)


def test_cart_build_points():
    """MS-22.1, MS-22.3, MS-22.5: take a face-up cart, pay it, gain its points (category carts);
    the next cart of that stack is revealed."""
    s = make_state()
    setup_stacks(s)
    s.coins[0] = s.timber[0] = s.fire[0] = s.large_fire[0] = 20
    stack = s.cart_stacks[0]
    top = s.data.carts[stack[0]]
    run(s, 0, [("build", 1, "")])
    play(s, f"cart:{top.id}")
    assert s.carts[0] == (stack[0], 0)
    assert s.cart_stacks[0] == stack[1:]
    assert s.points[CATEGORY["carts"]] == top.points
    assert sum(s.category_points(0)) == s.score[0]
    # A cart with points, later in the stack.
    s.coins[0] = s.timber[0] = s.fire[0] = s.large_fire[0] = 20
    with_points = next(i for i, c in enumerate(s.data.carts) if c.points)
    s.cart_stacks = ((with_points,),) + s.cart_stacks[1:]
    score = s.score[0]
    run(s, 0, [("build", 1, "")])
    play(s, f"cart:{s.data.carts[with_points].id}")
    assert s.score[0] == score + s.data.carts[with_points].points


def test_reshuffle_payment_needs_points():
    """MS-19.3, MS-19.4, AMB-18, D-3: the reshuffle costs 1 point (score >= 1) or 1 coin,
    timber, fire or large fire; never a rat."""
    s = make_state()
    setup_stacks(s)
    s.rats[0] = 3
    s.coins[0] = 1
    run(s, 0, [("build", 1, "")])
    assert sorted(k for k in s.legal_keys() if k.startswith("reshuffle:huts")) == ["reshuffle:huts:coin"]
    s = make_state()
    setup_stacks(s)
    s.add_points(0, 1, "actions")
    s.fire[0] = s.large_fire[0] = s.timber[0] = 1
    run(s, 0, [("build", 1, "")])
    assert sorted(k[15:] for k in s.legal_keys() if k.startswith("reshuffle:huts")) == \
        ["fire", "large_fire", "points", "timber"]


def test_reshuffle_effect_and_obligation():
    """MS-19.5, MS-19.7, AMB-19, HID-4: each hut stack of 2+ tiles puts its top at the bottom (a
    1-tile stack stays); MS-19.6, D-4: a legal build must follow (no skip)."""
    s = make_state()
    setup_stacks(s)
    s.add_points(0, 1, "actions")
    s.coins[0] = 2
    before = s.hut_stacks
    run(s, 0, [("build", 1, "")])
    play(s, "reshuffle:huts:points")
    assert s.score[0] == 0 and s.points[CATEGORY["reshuffle"]] == -1
    assert s.hut_stacks[0] == before[0][1:] + before[0][:1]
    assert s.hut_stacks[1] == before[1][1:] + before[1][:1]
    assert s.hut_stacks[2] == before[2]
    assert s.known_bottom[:3] == [1, 1, 0]
    keys = s.legal_keys()
    assert "skip" not in keys and not any(k.startswith("reshuffle:") for k in keys)   # AMB-17
    assert "hut_tile:U05" in keys            # the new face-up tile (2 coins)
    play(s, "hut_tile:U05")
    assert s.coins[0] == 0 and s.hut_upgrade[0] == tile(s, s.data.hut_upgrades, "U05")


def test_reshuffle_then_nothing_buildable_ends():
    """MS-19.6: after a reshuffle with no legal build the build action simply ends."""
    s = make_state()
    setup_stacks(s)
    s.fire[0] = 1                        # pays the reshuffle; afterwards nothing is affordable
    s.hut_stacks = s.hut_stacks[:2] + ((tile(s, s.data.hut_upgrades, "U15"), tile(s, s.data.hut_upgrades, "U06")),)
    run(s, 0, [("build", 1, "")])
    play(s, "reshuffle:huts:fire")
    assert s.top() is None and s.fire[0] == 0


@pytest.mark.parametrize("reading", ["any_option", "revealed_tile"])
def test_d4_after_reshuffle_reading(reading):
    """D-4: DE/CZ any build option after a reshuffle; PL only the reshuffled kind's tiles."""
    s = make_state(after_reshuffle=reading)
    setup_stacks(s)
    s.coins[0] = s.timber[0] = 5
    run(s, 0, [("build", 1, "")])
    play(s, "reshuffle:huts:coin")
    carts = [k for k in s.legal_keys() if k.startswith("cart:") or k.startswith("workshop:")]
    assert bool(carts) == (reading == "any_option")


def test_skip_a_build():
    """AMB-12: a build not begun with a reshuffle may be declined."""
    s = make_state()
    setup_stacks(s)
    s.timber[0] = 1
    run(s, 0, [("build", 1, "")])
    play(s, "skip")
    assert s.top() is None and s.timber[0] == 1


def test_empty_stack_offers_nothing():
    """MS-15.16, AMB-19: empty stacks offer nothing; with nothing possible the build is lost."""
    s = make_state()
    setup_stacks(s)
    s.hut_stacks = ((), (), ())
    s.workshop_stacks = ((), (), ())
    s.cart_stacks = tuple(() for _ in s.cart_stacks)
    s.coins[0] = 9
    run(s, 0, [("build", 1, "")])
    assert s.top() is None


@pytest.mark.rule("MS-12.9", "MS-20.2")
@pytest.mark.parametrize("as_fire", [True, False])
def test_a_large_fire_pays_the_fire_of_a_build_cost(as_fire):
    """MS-12.9 ("Du kannst einen großen Feuermarker auch als normalen Feuermarker nutzen", the CZ
    and PL books alike): a hut upgrade costing 1 fire (U15) is paid with a large fire when the
    seat has no fire, and with plain fire first when it has both. `large_fire_as_fire = false`
    (the default before rules revision 2) takes a large fire only for plague cubes (MS-20.2: a cost
    not paid, the tile not taken)."""
    s = make_state(large_fire_as_fire=as_fire)
    setup_stacks(s)
    u15 = tile(s, s.data.hut_upgrades, "U15")
    assert s.data.hut_upgrades[u15].cost == (("fire", 1),)
    s.hut_stacks = ((u15,), (), ())
    s.large_fire[0] = 2
    run(s, 0, [("build", 1, "")])
    assert ("hut_tile:U15" in s.legal_keys()) == as_fire
    if not as_fire:
        return
    # the option names what is really paid, the large fire (its label, and its data for the browser)
    option = next(a for a in s.legal_actions() if a.key == "hut_tile:U15")
    assert option.label == "Build hut upgrade U15 for 1 large fire"
    assert option.data["paid"] == [["large_fire", 1]]
    mark = s.event_mark()
    play(s, "hut_tile:U15")
    assert s.top() is None and s.hut_upgrade[0] == u15          # on an empty hut (all alike)
    assert (s.fire[0], s.large_fire[0]) == (0, 1)
    told = [e for e in s.events(0, mark) if e["kind"] == "large_fire_as_fire"]
    assert [e["data"] for e in told] == [{"seat": 0, "n": 1}]
    s.hut_stacks = ((u15,), (), ())
    s.fire[0] = 1
    run(s, 0, [("build", 1, "")])
    option = next(a for a in s.legal_actions() if a.key == "hut_tile:U15")
    assert option.label == "Build hut upgrade U15 for 1 fire" and "paid" not in option.data
    mark = s.event_mark()
    play(s, "hut_tile:U15")
    assert (s.fire[0], s.large_fire[0]) == (0, 1)             # the plain fire paid, the large one kept
    assert not [e for e in s.events(0, mark) if e["kind"] == "large_fire_as_fire"]


@pytest.mark.rule("MS-12.9")
def test_records_from_before_revision_2_keep_a_large_fire_for_plague_cubes_only():
    """A game saved under rules revision 1 (or with no revision) resolves the option as it was."""
    assert GAME.resolve({}, 1)["large_fire_as_fire"] is False
    assert GAME.resolve({}, 2)["large_fire_as_fire"] is True
    assert GAME.resolve({})["large_fire_as_fire"] is True


@pytest.mark.rule("MS-12.9")
def test_affords_lets_large_fire_pay_only_the_fire_that_plain_fire_does_not():
    held = {"coin": 0, "timber": 0, "fire": 1, "large_fire": 1}
    assert affords(held, (("fire", 2),), True) and not affords(held, (("fire", 2),), False)
    assert not affords(held, (("fire", 3),), True)
    # a cost asking large fire too: the large fire cannot serve both
    assert not affords(held, (("fire", 2), ("large_fire", 1)), True)
    assert affords({**held, "large_fire": 2}, (("fire", 2), ("large_fire", 1)), True)
    assert not affords(held, (("coin", 1),), True)                  # only fire is stood in for
