"""Issue 22, item 2: the detached states the probe found accepted (and then crashing, stalling or
playing on with impossible values) are refused with a BadRecord naming what is wrong; and the
kernel's checks of a saved frame stack and saved events, on a flow of their own."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from ludoteka.kernel import BadRecord
from ludoteka.kernel.checks import KERNEL_ARG_TYPES, event_problem, events_problem, int_in, stack_problems
from ludoteka.kernel.flow import BOTTOM, Automatic, Decision, Flow, in_order
from ludoteka.registry import game

from detached_kit import changed, detached

ND, KB, MS = game("notre-dame"), game("kingsburg"), game("messina-1347")


def refused(g, data, message: str) -> None:
    with pytest.raises(BadRecord, match=message):
        g.state_from_json(data)


def doubled_top(data):
    """The saved state with its top frame pending twice."""
    stack = data["state"]["stack"]
    return changed(data, stack=stack + [stack[-1]])


# ---------------------------------------------------------------------- Notre Dame
@pytest.mark.rule("ND-3.1", "ND-5.1")
@pytest.mark.parametrize("step", [1, -1])
def test_notre_dame_round_moved_by_one_is_refused(step):
    data = detached(ND, 4, 3, 500, until=lambda s: s.round == 2 and s.phase() == "actions")
    ND.state_from_json(data)
    refused(ND, changed(data, round=data["state"]["round"] + step), "deck: seat 0 has . cards in the deck in round")


@pytest.mark.rule("ND-6.2")
def test_notre_dame_doubled_frames_are_refused():
    data = detached(ND, 3, 5, 40)
    refused(ND, doubled_top(data), "'stack' frame .* cannot be pending on")
    spine = data["state"]["stack"]
    refused(ND, changed(data, stack=spine[:1] + spine), "'stack' frame 1 from the bottom")


# ---------------------------------------------------------------------- Kingsburg
@pytest.mark.rule("KB-9.24")
@pytest.mark.parametrize("field,index", [("soldiers", 0), ("goods", 1), ("vp", 0)])
def test_kingsburg_values_of_10_to_the_30_are_refused(field, index):
    data = detached(KB, 3, 7, 60)
    values = list(data["state"][field])
    values[index] += 10 ** 30
    fields = {field: values}
    if field == "vp":              # with VP by category that add up to it
        fields["points"] = [data["state"]["points"][0] + 10 ** 30] + data["state"]["points"][1:]
    refused(KB, changed(data, **fields), f"field '{field}' holds 1000")


def test_kingsburg_doubled_frames_are_refused():
    data = detached(KB, 3, 7, 60)
    refused(KB, doubled_top(data), "'stack' frame 1 from the bottom .* cannot be pending on")


@pytest.mark.rule("KB-8.4", "KB-6.6")
def test_kingsburg_a_die_of_99_is_refused():
    data = detached(KB, 3, 7, 400, until=lambda s: len(s.placements) > 0)
    placement = data["state"]["placements"][0]
    refused(KB, changed(data, placements=[placement[:2] + [[99]] + placement[3:]]), "'placements' holds 99")
    # a die that fits the field's bounds but not the advisor it influenced
    refused(KB, changed(data, placements=[placement[:2] + [[7]] + placement[3:]]), "do not make advisor")
    dice = data["state"]["dice_values"]
    refused(KB, changed(data, dice_values=[99] + dice[1:]), "'dice_values' holds 99")


@pytest.mark.rule("KB-19.3")
def test_kingsburg_a_changed_soldier_token_set_is_refused():
    data = detached(KB, 3, 7, 20, {"reinforcements": "soldier_tokens"})
    tokens = data["state"]["soldier_tokens"]
    assert tokens[:5] == [1, 2, 1, 1, 1]
    refused(KB, changed(data, soldier_tokens=[2, 1, 1, 1, 1] + tokens[5:]), "more than a set")


@pytest.mark.rule("KB-15.1")
def test_kingsburg_an_enemy_revealed_before_winter_is_refused():
    data = detached(KB, 3, 7, 400, until=lambda s: s.year == 2 and s.phase == 4)
    refused(KB, changed(data, enemies_revealed=2), "enemies_revealed: 2 enemy cards are revealed in phase 4 of year 2")


# ---------------------------------------------------------------------- Messina 1347
@pytest.mark.rule("MS-1.12")
@pytest.mark.parametrize("field", ["coins", "rats"])
def test_messina_a_million_coins_or_rats_are_refused(field):
    data = detached(MS, 3, 2, 30)
    refused(MS, changed(data, **{field: [10 ** 6] + data["state"][field][1:]}),
            f"field '{field}' holds 1000000, outside 0..")


@pytest.mark.rule("MS-35.20")
def test_messina_the_automa_taking_a_fourth_pile_is_refused():
    data = detached(MS, 1, 2, 30)
    refused(MS, changed(data, automa_taken=data["state"]["automa_taken"] + [[]]), "automa_taken holds 4 piles")


@pytest.mark.rule("MS-35.20")
def test_messina_a_tile_the_automa_took_must_be_one_of_the_data():
    data = detached(MS, 1, 2, 500, until=lambda s: len(s.automa_taken[1]) > 0)
    taken = data["state"]["automa_taken"]
    refused(MS, changed(data, automa_taken=[taken[0], [10 ** 6] + taken[1][1:], taken[2]]),
            "workshop index 1000000 is not one of the")


@pytest.mark.rule("MS-3.12", "MS-28.13")
def test_messina_late_stacks_emptied_before_round_five_are_refused():
    data = detached(MS, 3, 2, 30)
    assert data["state"]["round"] < 5
    refused(MS, changed(data, late_stacks=[]), "late_stacks holds 0 stacks")


@pytest.mark.rule("MS-7.6")
def test_messina_doubled_frames_are_refused():
    data = detached(MS, 3, 2, 400, until=lambda s: s.top()[0].name == "fight")
    refused(MS, doubled_top(data), "cannot be pending on 'fight'")
    stack = data["state"]["stack"]
    turn = next(i for i, f in enumerate(stack) if f["kind"] == "turn")
    refused(MS, changed(data, stack=stack[:turn + 1] + stack[turn:]), "\\(turn\\) cannot be pending on 'turn'")


# ---------------------------------------------------------------------- events, every game
@pytest.mark.parametrize("name", ["notre-dame", "kingsburg", "messina-1347"])
@pytest.mark.parametrize("change,message", [
    (lambda e: e.__setitem__(0, [99]), "event 0: an event is visible to \\[99\\]"),
    (lambda e: e.__setitem__(0, 99), "event 0: an event is visible to 99"),
    (lambda e: e.__setitem__(2, [99]), "event 0: an event involves seats \\[99\\]"),
    (lambda e: e.__setitem__(4, "x" * 1_000_000), "event 0: an event's text must be at most 2000"),
    (lambda e: e.__setitem__(3, {"x": list(range(10_000))}), "event 0: an event's data must be"),
    (lambda e: e.__setitem__(3, {"x": "x" * 30_000}), "event 0: an event's data must be"),
    (lambda e: e.__setitem__(1, "k" * 100), "event 0: an event's kind"),
])
def test_an_impossible_event_is_refused(name, change, message):
    g = game(name)
    data = detached(g, 2, 4, 30)
    data["events"] = data["events"][:1]
    g.state_from_json(data)
    change(data["events"][0])
    refused(g, data, message)


def test_an_event_from_after_the_state_or_out_of_order_is_refused():
    data = detached(ND, 2, 4, 30)
    later = [e[:5] + [data["version"] + 1] for e in data["events"][:1]]
    refused(ND, dict(data, events=later), "not after the state's")
    refused(ND, dict(data, events=data["events"][::-1]), "events are in order")


# ---------------------------------------------------------------------- the kernel's stack checks
FLOW = Flow()


@FLOW.kind
class Spine(Automatic):
    over = (BOTTOM,)
    once = True


@FLOW.kind
class Pick(Decision):
    args = ("seat", "count")
    over = ("spine",)


@FLOW.kind
class Anywhere(Decision):
    args = ("seat",)


@FLOW.kind
class Step(Automatic):
    over = ()


FLOW.declare_args(count=int_in(1, 3))


def problems(*frames):
    stack = None
    for frame in frames:
        stack = (stack, frame)
    return stack_problems(FLOW, SimpleNamespace(players=2, _stack=stack))


def test_a_stack_the_flow_makes_has_no_problems():
    assert problems(Spine(), Pick(0, 1)) == []
    assert problems(Spine(), in_order([Pick(0, 1), Pick(1, 3)]), Pick(1, 2)) == []
    assert problems(Spine(), Anywhere(0), Anywhere(1)) == []


@pytest.mark.parametrize("frames,message", [
    ((Spine(), Pick(2, 1)), "frame 1 from the bottom \\(pick\\): argument 'seat' cannot be 2"),
    ((Spine(), Pick(True, 1)), "argument 'seat' cannot be True"),
    ((Spine(), Pick(0, 4)), "argument 'count' cannot be 4"),
    ((Pick(0, 1),), "frame 0 from the bottom \\(pick\\) cannot be pending on 'an empty stack'"),
    ((Spine(), Pick(0, 1), Pick(1, 1)), "\\(pick\\) cannot be pending on 'pick'; only on 'spine'"),
    ((Spine(), Spine()), "cannot be pending on 'spine'"),
    ((Anywhere(0), Spine(), Spine()), "a second 'spine' frame"),
    ((Spine(), in_order([Pick(0, 1), Pick(0, 9)])), "item \\(pick\\): argument 'count' cannot be 9"),
    ((Anywhere(0), in_order([Pick(0, 1), Pick(1, 1)])), "item \\(pick\\) cannot be pending on 'anywhere'"),
    ((Spine(), (in_order([Pick(0, 1), Pick(1, 1)])[0], ())), "argument 'frames' cannot be \\(\\)"),
    ((Spine(), Step(), Anywhere(0)), "frame 1 from the bottom \\(step\\) is never pending"),
])
def test_a_stack_the_flow_cannot_make_is_named(frames, message):
    found = problems(*frames)
    assert found and any(re.search(message, p) for p in found), found


def test_event_checks_accept_what_games_write():
    assert event_problem([None, "round", [], {"round": 1, "persons": ["a", "b"]}, "Round 1.", 0], 2, 5, 0) is None
    assert event_problem([[0, 1], "bets", [0, 1], {}, "", 5], 2, 5, 3) is None
    assert event_problem([1, "pick", [1], {"x": None, "y": 1.5, "z": [True]}, "You pick.", 2], 2, 5, 0) is None
    assert "distinct seats" in event_problem([[0, 0], "k", [], {}, "", 0], 2, 5, 0)
    assert "visible to" in event_problem([[], "k", [], {}, "", 0], 2, 5, 0)
    assert "version" in event_problem([None, "k", [], {}, "", 2], 2, 5, 3)
    assert events_problem([[None, "k", [], {"n": i}, "", 0] for i in range(500)], 2, 5) is None
    rows = [[None, "k", [], {"n": i}, "", 0] for i in range(500)]
    rows[321][3] = {"x": {1, 2}}
    assert events_problem(rows, 2, 5).startswith("event 321: an event's data must be a JSON object")
    rows[321][3] = {"x": "x" * 20_000}
    assert events_problem(rows, 2, 5).startswith("event 321: an event's data must be a JSON object")
    rows[321][3] = {"x": "x" * 19_990}
    assert events_problem(rows, 2, 5) is None


@pytest.mark.parametrize("name", ["notre-dame", "kingsburg", "messina-1347"])
def test_every_kind_of_every_game_declares_where_it_waits_and_its_argument_types(name):
    flow = game(name).new_state(game(name).min_players, 1).FLOW
    types = {**KERNEL_ARG_TYPES, **flow.arg_types}
    for kind in flow.kinds.values():
        assert kind.name == "in_order" or kind.over is not None, f"{kind.name} does not declare `over`"
        untyped = [arg for arg in kind.args if arg not in types]
        assert not untyped, f"{kind.name}: arguments {untyped} have no declared type"
