"""Citizen activation (MS-17, MS-EX-6) on side a's reconstructed board: nun path step 1 = the
pair (12, 13), the "1 fire" and "build" squares of the rulebook's example; artisan left step 2 = area 0 (squares 0-2); nun left steps 4/5 = areas 4 (12-14)
and 1 (3-5); step 6 = the centre."""
from __future__ import annotations

from .test_citizens import make_state, pending, play, run
from ludoteka.boardgames.messina.model.state import citizen_code

ART, ARI, NUN = 0, 1, 2


def _advance(s, cls: str, step: int, branch: int = 1, upgraded: bool = False):
    c = ("artisan", "aristocrat", "nun").index(cls)
    s.overseer_step[c] = step - 1
    s.overseer_branch[c] = branch if step - 1 >= 2 or step >= 2 else 0
    s.overseer_upgraded[c] = upgraded
    run(s, 0, [("overseer", 1, cls)])


def square_keys(s):
    return sorted(k for k in s.legal_keys() if k.startswith("square:"))


def test_ex6a_pair_not_upgraded_the_nun_gives_a_fire():
    """MS-EX-6 (a), MS-17.3, MS-17.1, the book's example (DE 531-533): the nun overseer's first
    space touches the "1 fire" square and the "build" square; a nun on the fire square gives 1
    fire."""
    s = make_state()
    board = s.data.boards["a"]
    assert [board.squares[q] for q in (12, 13)] == [((("fire", 1, ""),),), ((("build", 1, ""),),)]
    s.squares[12] = 1
    _advance(s, "nun", 1)
    assert square_keys(s) == ["square:12"] and "stop" in s.legal_keys()
    fire = s.fire[0]
    play(s, "square:12")
    assert s.fire[0] == fire + 1 and s.top() is None


def test_ex6a_pair_not_upgraded_one_of_two():
    """MS-EX-6 (a), MS-17.3: "if a nun also lay on the square with the build action, you could
    choose that action instead": one of the two, not both."""
    s = make_state()
    s.squares[12] = s.squares[13] = 1
    s.coins[0] = s.timber[0] = 3                  # something to build with
    _advance(s, "nun", 1)
    assert square_keys(s) == ["square:12", "square:13"] and "stop" in s.legal_keys()
    fire = s.fire[0]
    play(s, "square:13")
    assert pending(s) == "build" and s.fire[0] == fire         # the build instead of the fire
    play(s, "skip")
    assert s.top() is None and s.fire[0] == fire


def test_ex6d_pair_upgraded_both():
    """MS-EX-6 (d), MS-17.7, MS-17.2: an upgraded overseer on a pair activates both citizens,
    each once."""
    s = make_state()
    s.squares[12] = s.squares[13] = 1
    s.coins[0] = s.timber[0] = 3
    _advance(s, "nun", 1, upgraded=True)
    fire = s.fire[0]
    play(s, "square:12")
    assert square_keys(s) == ["square:13"] and s.fire[0] == fire + 1
    play(s, "square:13")
    assert pending(s) == "build"


def test_ex6b_area_one_of_two():
    """MS-EX-6 (b), MS-17.4: an area with 2 citizens: activate exactly one of them."""
    s = make_state()
    s.squares[0] = s.squares[1] = 1
    _advance(s, "artisan", 2)
    assert square_keys(s) == ["square:0", "square:1"]
    play(s, "square:1")
    assert s.top() is None


def test_ex6d_area_upgraded_two_pl_reading():
    """MS-EX-6 (d), MS-17.8, D-8: upgraded on an area: up to 2 (PL); the DE/CZ option gives 1."""
    s = make_state()
    s.squares[0] = s.squares[1] = s.squares[2] = 1
    _advance(s, "artisan", 2, upgraded=True)
    play(s, "square:0")
    assert square_keys(s) == ["square:1", "square:2"]
    play(s, "square:1")
    assert s.top() is None
    s = make_state(upgraded_area="one")
    s.squares[0] = s.squares[1] = 1
    _advance(s, "artisan", 2, upgraded=True)
    play(s, "square:0")
    assert s.top() is None


def test_ex6c_two_areas_one_each():
    """MS-EX-6 (c), MS-17.5: two areas: 1 nun and 1 artisan in any order; not both nuns."""
    s = make_state()
    s.squares[12] = s.squares[14] = 1           # 2 nuns in area 4
    s.squares[3] = 1                            # 1 artisan in area 1
    _advance(s, "nun", 4)
    assert square_keys(s) == ["square:12", "square:14", "square:3"]
    play(s, "square:12")
    assert square_keys(s) == ["square:3"]
    play(s, "square:3")
    assert s.top() is None


def test_two_areas_only_one_area_has_citizens():
    """MS-17.5: if only one area has citizens, only 1 citizen is activated."""
    s = make_state()
    s.squares[12] = s.squares[14] = 1
    _advance(s, "nun", 4)
    play(s, "square:12")
    assert s.top() is None


def test_ex6d_two_areas_upgraded_nun():
    """MS-EX-6 (d), MS-17.9: an upgraded nun overseer: up to 2 nuns and 1 artisan."""
    s = make_state()
    s.squares[12] = s.squares[14] = 1
    s.squares[3] = s.squares[4] = 1
    _advance(s, "nun", 5, upgraded=True)
    play(s, "square:3")
    assert square_keys(s) == ["square:12", "square:14"]
    play(s, "square:12", "square:14")
    assert s.top() is None


def test_centre_three_anywhere():
    """MS-17.6, MS-17.10, MS-EX-6 (d): the centre activates up to 3 anywhere, even in one area;
    the overseer then cannot move again (MS-16.5)."""
    s = make_state()
    for sq in (0, 1, 3, 7):
        s.squares[sq] = 1
    _advance(s, "artisan", 6)
    assert square_keys(s) == ["square:0", "square:1", "square:3", "square:7"]
    play(s, "square:0", "square:1", "square:7")
    assert s.top() is None
    run(s, 0, [("overseer", 1, "artisan")])
    assert s.overseer_step[ART] == 6 and s.top() is None


def test_activations_are_optional():
    """MS-17.12: activations may be declined ("stop")."""
    s = make_state()
    s.squares[12] = 1
    _advance(s, "nun", 1)
    fire = s.fire[0]
    play(s, "stop")
    assert s.top() is None and s.fire[0] == fire


def test_only_sector_citizens():
    """MS-17.13, AMB-16: citizens in quarantine huts or workshops cannot be activated."""
    s = make_state()
    s.huts[0] = citizen_code(NUN, False)
    s.workshops[0] = (next(i for i, w in enumerate(s.data.workshops) if w.citizen == "nun"),
                      citizen_code(NUN, True), 0)
    run(s, 0, [("activate", 3, "")])
    assert s.top() is None


def test_church_activate_n():
    """MS-17.11, MS-15.15: 'activate N' activates up to N citizens anywhere."""
    s = make_state()
    for sq in (3, 7, 12):
        s.squares[sq] = 1
    run(s, 0, [("activate", 2, "")])
    coins = s.coins[0]
    play(s, "square:3", "square:7")            # 2 coin + 2 coin
    assert s.coins[0] == coins + 4 and s.top() is None


def test_nested_action_resolved_before_next_activation():
    """MS-17.14, AMB-16: an activated 'advance any overseer' is carried out in full (its choice
    and its own activation) before the next activation of the first advance."""
    s = make_state()
    s.squares[11] = 1                        # 'overseer any'
    s.squares[3] = 1                         # 2 coin
    s.squares[12] = 1                        # on the nun path's first space: 1 fire
    run(s, 0, [("activate", 3, "")])
    play(s, "square:11")
    assert pending(s) == "choose_overseer"
    play(s, "overseer:nun")
    assert pending(s) == "activate" and square_keys(s) == ["square:12"]   # the nested advance's own
    play(s, "square:12")
    # Back to the first activation: 11 was used, 3 and 12 remain (a different advance).
    assert square_keys(s) == ["square:12", "square:3"]


def test_square_with_slash_asks_option():
    """MS-15.2, MS-17.1: an activated square with two options asks which one."""
    s = make_state()
    board = s.data.boards["a"]
    slash = [sq for sq in range(18) if len(board.squares[sq]) > 1]
    if not slash:
        return                                   # the data has no such square
    s.squares[slash[0]] = 1
    run(s, 0, [("activate", 1, "")])
    play(s, f"square:{slash[0]}")
    assert pending(s) == "choose_option"
