"""A pending decision whose options an "at any time" action took away (found by search playouts):
it is dropped (AMB-14: what cannot be done is lost), and an overseer never passes the centre."""
from __future__ import annotations

from ludoteka.boardgames.messina.model.flow import step

from .helpers import begin, emptied, keys, kind


def test_a_decision_with_no_options_left_is_dropped():
    """AMB-14: an overseer upgrade offered when every overseer is already upgraded is lost, and
    the game goes on with what lies below (Flow.drop_empty)."""
    s = emptied(2, 1, 2)
    s.overseer_upgraded[0:3] = [True, True, True]
    begin(s, step("choose_overseer")(0, "upgrade"))
    assert s.top() is None or kind(s) != "ChooseOverseer"


def test_a_branch_chosen_meanwhile_stays_and_the_move_stops_at_the_centre():
    """MS-16.3, MS-16.5: a branch decision that comes up after another advance chose the branch
    offers only that branch, and its move never passes the centre."""
    s = emptied(2, 1, 2)
    s.overseer_step[0], s.overseer_branch[0] = 6, 2
    begin(s, step("branch")(0, 0, 1))
    assert keys(s) == ["right"]
    s.apply("right")
    assert s.overseer_step[0] == 6 and s.overseer_branch[0] == 2
