"""Rules a review against the German rulebook pinned down (the ship turn's order, book actions
reached during the end of round, a rescue that may first free a square, a recall after production)."""
from __future__ import annotations

from ludoteka.boardgames.messina.model.flow import perform
from ludoteka.boardgames.messina.model.state import CITY, citizen_code

from .helpers import keys, kind, start_turns
from .test_plague import NUN, TARGET, choose, turn


def test_book_action_reached_during_the_end_of_round_waits():
    """MS-25.16: an advance during production (here from a late workshop's reward, any atom) moves
    the disc at once, but its action waits for the action step of the next turn."""
    s = turn()
    s.producing = True
    book = s.data.sides["3-4p"].books["city"]
    space = next(k for k in range(1, len(book.spaces)) if book.spaces[k] == ((("any_hex", 1, ""),),))
    s.books[CITY] = space - 1
    perform(s, 0, (("city_book", 1, ""),))
    s._settle()
    assert s.books[CITY] == space and s.deferred[0] == (64 + space,)
    assert s.top() is None or kind(s) != "AnyHex"


def test_a_recall_loses_the_book_actions_deferred_from_production():
    """MS-25.16: the deferred action belongs to the action step of the next turn; a recall has none."""
    s = turn()
    s.deferred[0] = (64 + 4,)
    start_turns(s)
    s.apply("recall")
    assert s.deferred[0] == ()


def test_rescue_asks_when_a_workshop_move_could_free_a_better_square():
    """MS-11.6, MS-21.6: with one free square left but an empty matching workshop, the player is
    asked (and may first move a sector citizen into the workshop); without one it is placed."""
    s = turn()
    s.city_citizens[TARGET * 3 + NUN] = 1
    for sq in range(12, 17):
        s.squares[sq] = 1                      # one free nun square: 17
    nun_workshop = next(i for i, w in enumerate(s.data.workshops) if w.citizen == "nun" and w.period == "early")
    s.workshops[0] = (nun_workshop, 0, 0)
    choose(s)
    assert kind(s) == "Rescue"
    assert "square:17" in keys(s) and any(k.startswith("to_workshop:") for k in keys(s))
    move = next(k for k in keys(s) if k.startswith("to_workshop:12:"))
    s.apply(move)
    assert s.squares[12] == 0 and s.workshops[0][1] == citizen_code(NUN, False)
    assert sorted(k for k in keys(s) if k.startswith("square:")) == ["square:12", "square:17"]


def test_rescue_with_one_square_and_no_workshop_is_automatic():
    """MS-11.3: one free square and nothing to move: the citizen is placed at once."""
    s = turn()
    s.city_citizens[TARGET * 3 + NUN] = 1
    for sq in range(12, 17):
        s.squares[sq] = 1
    choose(s)
    assert s.squares[17] == 1 and kind(s) != "Rescue"


def test_a_skip_offered_earlier_never_passes_the_centre():
    """MS-16.5, MS-16.10 (AMB-15): if the overseer moved since the skip was offered (a side action
    in between), the skip is no longer offered, and an advance never goes past the centre."""
    from ludoteka.boardgames.messina.rules import overseers
    s = turn()
    s._stack = None
    s.overseer_branch[0] = 1
    s.overseer_step[0] = 4
    s.push(overseers.SkipOption(0, 0))
    s._settle()
    assert keys(s) == ["advance", "skip"]
    s.overseer_step[0] = 5                     # moved meanwhile
    s._legal = None
    assert keys(s) == ["advance"]
    s.overseer_step[0] = 6
    overseers.advance(s, 0, 0, 2)              # at the centre: the advance is lost
    assert s.overseer_step[0] == 6


def test_book_stack_option():
    """D-42, MS-5.2: by default player 1's disc is at the bottom of every book space (the last
    player on top); the other reading puts player 1 on top."""
    from ludoteka.registry import game
    for option, expected_top in (("first_at_bottom", -1), ("first_on_top", 0)):
        s = game("messina-1347").new_state(4, 3, {"book_stack": option})
        top = max(range(4), key=lambda seat: s.book_stamp[seat * 3 + 1])
        assert top == s.turn_order[expected_top]
