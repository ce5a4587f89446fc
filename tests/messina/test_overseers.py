"""Overseers (MS-15.6-15.9, MS-16): advances, the branch, the skip option, upgrades."""
from __future__ import annotations

from .test_citizens import make_state, pending, play, run

ART, ARI, NUN = 0, 1, 2


def test_specific_overseer_advances_one_step():
    """MS-15.6, MS-16.2: the overseer shown advances 1 space; step 1 lands on its first space."""
    s = make_state()
    run(s, 0, [("overseer", 1, "nun")])
    assert s.overseer_step[NUN] == 1
    assert s.overseer_step[ART] == 0 and s.overseer_step[ARI] == 0
    assert s.top() is None                       # nobody to activate on the estate


def test_any_overseer_choice():
    """MS-15.7, MS-16.14: advance any one of your overseers: a choice of the three."""
    s = make_state()
    run(s, 1, [("overseer", 1, "any")])
    assert sorted(s.legal_keys()) == ["overseer:aristocrat", "overseer:artisan", "overseer:nun"]
    play(s, "overseer:aristocrat")
    assert s.overseer_step[3 + ARI] == 1


def test_branch_choice_on_second_advance():
    """MS-16.3: the second advance asks left or right, for good."""
    s = make_state()
    s.overseer_step[ART] = 1
    run(s, 0, [("overseer", 1, "artisan")])
    assert pending(s) == "branch" and sorted(s.legal_keys()) == ["left", "right"]
    play(s, "right")
    assert s.overseer_step[ART] == 2 and s.overseer_branch[ART] == 2
    run(s, 0, [("overseer", 1, "artisan")])
    assert s.overseer_step[ART] == 3 and s.top() is None     # no second question


def test_centre_cannot_advance_action_lost():
    """MS-16.5, MS-15.16, AMB-14: an overseer in the centre cannot advance; the action is lost."""
    s = make_state()
    s.overseer_step[NUN] = 6
    s.overseer_branch[NUN] = 1
    run(s, 0, [("overseer", 1, "nun")])
    assert s.overseer_step[NUN] == 6 and s.top() is None
    s.overseer_step[ART] = s.overseer_step[ARI] = 6
    s.overseer_branch[ART] = s.overseer_branch[ARI] = 1
    run(s, 0, [("overseer", 1, "any")])
    assert s.top() is None


def test_any_with_one_candidate_no_question():
    """MS-15.7, MS-16.5: only one overseer can move: it moves without a question."""
    s = make_state()
    for c in (ART, ARI):
        s.overseer_step[c], s.overseer_branch[c] = 6, 1
    run(s, 0, [("overseer", 1, "any")])
    assert s.overseer_step[NUN] == 1


def test_skip_option():
    """MS-15.8, MS-16.9: with the skip option the overseer may jump a space; only the landing
    space activates (here: the nun on the skipped step-1 pair is not offered)."""
    s = make_state()
    for c in (ART, ARI):
        s.overseer_step[c], s.overseer_branch[c] = 6, 1
    s.squares[14] = 1                 # on the nun path's first (pair) space
    run(s, 0, [("overseer_skip", 1, "")])
    assert sorted(s.legal_keys()) == ["advance", "skip"]
    play(s, "skip")
    # MS-16.10: the skip passes step 2, so the branch is chosen now.
    assert pending(s) == "branch"
    play(s, "left")
    assert s.overseer_step[NUN] == 2 and s.overseer_branch[NUN] == 1
    # The nun path's left step 2 is area 4 (squares 12, 13, 14): the nun there is eligible.
    assert "square:14" in s.legal_keys()


def test_skip_not_beyond_centre():
    """MS-16.10, AMB-15: from step 5 only a normal move to the centre is possible."""
    s = make_state()
    for c in (ART, ARI):
        s.overseer_step[c], s.overseer_branch[c] = 6, 1
    s.overseer_step[NUN], s.overseer_branch[NUN] = 5, 2
    run(s, 0, [("overseer_skip", 1, "")])
    assert s.overseer_step[NUN] == 6 and s.top() is None


def test_upgrade_overseer():
    """MS-15.9, MS-16.11: upgrade 1 overseer of your choice; it does not move; at most once."""
    s = make_state()
    run(s, 0, [("upgrade_overseer", 1, "")])
    play(s, "overseer:nun")
    assert s.overseer_upgraded[NUN] and s.overseer_step[NUN] == 0
    run(s, 0, [("upgrade_overseer", 1, "")])
    assert sorted(s.legal_keys()) == ["overseer:aristocrat", "overseer:artisan"]
    play(s, "overseer:artisan")
    run(s, 0, [("upgrade_overseer", 1, "")])           # one left: no question
    assert all(s.overseer_upgraded[:3])
    run(s, 0, [("upgrade_overseer", 1, "")])           # AMB-14: lost
    assert s.top() is None


def test_upgrade_and_advance():
    """MS-16.13: choose an overseer, upgrade it if it is not yet, then advance it."""
    s = make_state()
    s.overseer_upgraded[ARI] = True
    run(s, 0, [("upgrade_and_advance", 1, "")])
    play(s, "overseer:aristocrat")
    assert s.overseer_step[ARI] == 1 and s.overseer_upgraded[ARI]
    run(s, 0, [("upgrade_and_advance", 1, "")])
    play(s, "overseer:nun")
    assert s.overseer_step[NUN] == 1 and s.overseer_upgraded[NUN]


def test_two_overseers_share_a_space_and_events():
    """MS-16.7: two overseers may stand on the same space (no restriction); each advance is an event."""
    s = make_state()
    run(s, 0, [("overseer", 1, "artisan"), ("overseer", 1, "aristocrat")])
    assert s.overseer_step[ART] == s.overseer_step[ARI] == 1
    assert [e["kind"] for e in s.events()].count("overseer") == 2
