"""Citizens on the estate: upgrades (MS-18), the "at any time" moves into workshops (MS-21.5,
MS-23.6) and the late workshops' one-time rewards (MS-21.13-21.17, MS-EX-7)."""
from __future__ import annotations

from ludoteka.boardgames.messina.rules import activation, books, build, citizens, overseers, repopulation  # noqa: F401
from ludoteka.boardgames.messina.rules.citizens import (apply_workshop_move, empty_workshops, free_squares,
                                                  place_in_workshop, workshop_move_keys)
from ludoteka.boardgames.messina.model.flow import perform
from ludoteka.boardgames.messina.model.state import HUTS, SQUARES, citizen_code

ART, ARI, NUN = 0, 1, 2


def make_state(players: int = 3, seed: int = 1, **options):
    """A fresh game with an empty frame stack and an empty estate for every seat: tests write the
    fields they need, then push a frame (or `act`) and play keys."""
    try:
        from ludoteka.boardgames.messina import GAME
    except ImportError:           # before the lead's game is registered: set up by hand
        GAME = None
    if GAME is not None:
        s = GAME.new_state(players, seed, options)
    else:
        s = _hand_made(players, seed, options)
    s._stack = None
    s._seeded = None
    s.pending = ()
    for i in range(len(s.squares)):
        s.squares[i] = 0
    for i in range(len(s.huts)):
        s.huts[i] = 0
    s.workshops = [() for _ in range(players)]
    s.carts = [() for _ in range(players)]
    s._log = None
    return s


def _hand_made(players, seed, options):
    from ludoteka.boardgames.messina.rules import setup as su
    from ludoteka.boardgames.messina.model.board import Board
    from ludoteka.boardgames.messina.data.loader import load_components
    from ludoteka.boardgames.messina.model.options import OPTIONS, Rules
    from ludoteka.boardgames.messina.model.state import MessinaState

    data = load_components()

    class FakeGame:
        name = "messina-1347"

    class State(MessinaState):
        game = FakeGame()

    s = State.__new__(State)
    opts = {k: o.default for k, o in OPTIONS.items()}
    opts.update(options)
    s._begin(players, seed, opts)
    s.data = data
    s.rules = Rules(opts, data.tables.rat_penalty)
    s.board = Board(data.layouts[max(players, 2)])
    s.round = 1
    s.stamp = 0
    su._city(s, data, s.board, players)
    su._stacks(s, data, players)
    su._players(s, data, players)
    s.deferred = [() for _ in range(players)]
    return s


def run(s, seat: int, atoms) -> None:
    """Carry out one action alternative for `seat` and resolve what needs no decision."""
    perform(s, seat, tuple(atoms))
    s._settle()


def play(s, *keys) -> None:
    for key in keys:
        assert key in s.legal_keys(), (key, s.legal_keys())
        s.apply(key)


def pending(s) -> str:
    top = s.top()
    return top[0].name if top else ""


def workshop_tile(s, period: str, cls: str, requires_upgraded: bool | None = None, reward: bool = False) -> int:
    for i, w in enumerate(s.data.workshops):
        if w.period == period and w.citizen == cls and (requires_upgraded is None or
                                                         w.requires_upgraded == requires_upgraded) \
                and (not reward or len(w.reward) == 1):
            return i
    raise LookupError((period, cls, requires_upgraded))


# ---------------------------------------------------------------------------------------------
def test_upgrade_sector_citizen():
    """MS-18.1, MS-15.10: the upgrade-citizen action flips a sector citizen to its gold side."""
    s = make_state()
    s.squares[5] = 1
    run(s, 0, [("upgrade_citizen", 1, "")])
    assert s.squares[5] == 2
    assert s.top() is None                      # one candidate: no question


def test_upgrade_anywhere_choice():
    """MS-18.7, MS-23.8: citizens in a sector, in quarantine or in a workshop can be upgraded."""
    s = make_state()
    s.squares[2] = 1
    s.huts[1] = citizen_code(NUN, False)
    s.workshops[0] = (workshop_tile(s, "early", "artisan"), citizen_code(ART, False), 0)
    run(s, 0, [("upgrade_citizen", 1, "")])
    assert sorted(s.legal_keys()) == ["hut:1", "square:2", "workshop:0"]
    play(s, "hut:1")
    assert s.huts[1] == citizen_code(NUN, True)
    run(s, 0, [("upgrade_citizen", 1, "")])
    play(s, "workshop:0")
    assert s.workshops[0][1] == citizen_code(ART, True)


def test_upgrade_nothing_is_lost():
    """MS-18.2, MS-15.16: with only upgraded citizens (or none), the upgrade action is lost."""
    s = make_state()
    s.squares[3] = 2
    s.huts[0] = citizen_code(ARI, True)
    run(s, 0, [("upgrade_citizen", 1, "")])
    assert s.top() is None and s.squares[3] == 2


def test_workshop_move_keys_and_move():
    """MS-21.5, MS-23.6, MS-21.4: a sector citizen may move into an empty workshop of its class."""
    s = make_state()
    nun_ws = workshop_tile(s, "early", "nun")
    art_ws = workshop_tile(s, "early", "artisan")
    s.workshops[0] = (nun_ws, 0, 0, art_ws, citizen_code(ART, False), 0)
    s.squares[12] = 2                      # an upgraded nun (nun sector = squares 12..17)
    s.squares[1] = 1                       # an artisan, but the artisan workshop is full
    assert workshop_move_keys(s, 0) == ["to_workshop:12:0"]
    assert empty_workshops(s, 0, NUN) == [0] and empty_workshops(s, 0, ART) == []
    d = citizens.describe_workshop_move(s, 0, "to_workshop:12:0")
    assert "nun" in d.label
    apply_workshop_move(s, 0, "to_workshop:12:0")
    assert s.squares[12] == 0
    assert s.workshops[0][:3] == (nun_ws, citizen_code(NUN, True), 0)
    assert 12 in free_squares(s, 0, NUN)
    assert workshop_move_keys(s, 0) == []


def test_quarantine_and_workshop_citizens_cannot_move():
    """MS-21.7, MS-23.3, MS-23.7: quarantined and workshop citizens never move to a workshop."""
    s = make_state()
    s.workshops[0] = (workshop_tile(s, "early", "aristocrat"), 0, 0,
                      workshop_tile(s, "early", "aristocrat"), 0, 0)
    s.huts[0] = citizen_code(ARI, False)
    assert workshop_move_keys(s, 0) == []


def test_ex7a_workshop_takes_only_its_class():
    """MS-EX-7 (a), MS-21.4: an aristocrat workshop takes an aristocrat, upgraded or not, never
    a nun or an artisan."""
    s = make_state()
    s.workshops[0] = (workshop_tile(s, "early", "aristocrat"), 0, 0)
    s.squares[0] = 1          # artisan
    s.squares[13] = 1         # nun
    assert workshop_move_keys(s, 0) == []
    s.squares[7] = 1          # aristocrat
    s.squares[8] = 2          # upgraded aristocrat
    assert workshop_move_keys(s, 0) == ["to_workshop:7:0", "to_workshop:8:0"]


def test_ex7b_late_workshop_needs_upgraded():
    """MS-EX-7 (b), MS-21.8, MS-21.15, MS-18.6: a late workshop requiring an upgraded citizen
    gives nothing for a normal one; upgrading that citizen gives the reward at once, once."""
    s = make_state()
    tile = workshop_tile(s, "late", "aristocrat", requires_upgraded=True)
    s.workshops[0] = (tile, 0, 0)
    s.squares[6] = 1
    before = (s.score[0], s.coins[0], s.timber[0], s.fire[0], s.large_fire[0])
    apply_workshop_move(s, 0, "to_workshop:6:0")
    s._settle()
    assert s.workshops[0] == (tile, citizen_code(ARI, False), 0)
    assert (s.score[0], s.coins[0], s.timber[0], s.fire[0], s.large_fire[0]) == before
    run(s, 0, [("upgrade_citizen", 1, "")])
    if s.top() is not None and s.top()[0].name == "choose_option":
        play(s, "option:0")
    assert s.workshops[0] == (tile, citizen_code(ARI, True), 1)
    assert any(e["kind"] == "workshop_reward" for e in s.events())


def test_ex7d_late_workshop_reward_once():
    """MS-EX-7 (d), MS-21.13, MS-21.14, MS-21.16 (AMB-20): a late workshop gives its reward at
    once when a citizen is placed, then never again, even for a new citizen."""
    s = make_state()
    tile = workshop_tile(s, "late", "nun", requires_upgraded=False, reward=True)
    reward = s.data.workshops[tile].reward[0]
    s.workshops[0] = (tile, 0, 0)
    s.squares[14] = 1
    score, fire = s.score[0], s.fire[0]
    apply_workshop_move(s, 0, "to_workshop:14:0")
    s._settle()
    gained_points = sum(n for v, n, _ in reward if v == "points")
    gained_fire = sum(n for v, n, _ in reward if v == "fire")
    if all(v in ("points", "fire", "coin", "timber", "large_fire") for v, _, _ in reward):
        assert s.score[0] == score + gained_points and s.fire[0] == fire + gained_fire
    assert s.workshops[0][2] == 1
    # The citizen leaves (repopulation); a new one is placed: no second reward.
    s.workshops[0] = (tile, 0, 1)
    score = s.score[0]
    place_in_workshop(s, 0, 0, citizen_code(NUN, True))
    s._settle()
    assert s.score[0] == score and s.workshops[0] == (tile, citizen_code(NUN, True), 1)


def test_place_in_workshop_from_quarantine_triggers_reward():
    """MS-21.17: a citizen leaving quarantine into a late workshop triggers its reward at once."""
    s = make_state()
    tile = workshop_tile(s, "late", "artisan", requires_upgraded=False)
    s.workshops[0] = (tile, 0, 0)
    place_in_workshop(s, 0, 0, citizen_code(ART, False))
    s._settle()
    if s.top() is not None and s.top()[0].name == "choose_option":
        play(s, "option:0")
    assert s.workshops[0][2] == 1


def test_early_workshop_gives_nothing_on_placement():
    """MS-21.10: an early workshop gives nothing when a citizen is placed in it."""
    s = make_state()
    tile = workshop_tile(s, "early", "nun")
    s.workshops[0] = (tile, 0, 0)
    s.squares[12] = 2
    snapshot = (s.score[0], s.coins[0], s.fire[0], s.large_fire[0], s.timber[0])
    apply_workshop_move(s, 0, "to_workshop:12:0")
    s._settle()
    assert s.top() is None
    assert (s.score[0], s.coins[0], s.fire[0], s.large_fire[0], s.timber[0]) == snapshot
    assert s.workshops[0] == (tile, citizen_code(NUN, True), 0)


def test_hut_upgrade_of_quarantined_citizen():
    """MS-18.1: a quarantined citizen can be upgraded (the hut code becomes the upgraded code)."""
    s = make_state()
    s.huts[1 * HUTS + 2] = citizen_code(ART, False)
    run(s, 1, [("upgrade_citizen", 1, "")])
    assert s.huts[HUTS + 2] == citizen_code(ART, True)
    assert s.squares[SQUARES:2 * SQUARES] == [0] * SQUARES
