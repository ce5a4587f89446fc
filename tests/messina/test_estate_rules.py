"""Estate rules not cited elsewhere: overseers and their paths (MS-16), the build action's options
(MS-15.14, MS-19 - MS-22), citizens in huts and workshops (MS-18, MS-20, MS-21, MS-23), rats
(MS-13) and repopulation driven through a whole turn (MS-24)."""
from __future__ import annotations

from ludoteka.boardgames.messina.rules import preparation, production
from ludoteka.boardgames.messina.scoring import standard as scoring
from ludoteka.boardgames.messina.rules.activation import path_space
from ludoteka.boardgames.messina.model.flow import step
from ludoteka.boardgames.messina.invariants import check
from ludoteka.boardgames.messina.rules.production import exit_next
from ludoteka.boardgames.messina.rules.repopulation import can_repopulate, tiles_left
from ludoteka.boardgames.messina.model.state import CHURCH, OVERSEERS, SQUARES, citizen_code

from .helpers import ESTATE, blank, first_turn, keys, kind, labels, new, points, start_turns
from .test_citizens import make_state, pending, play, run

ART, ARI, NUN = 0, 1, 2
TARGET = 3                       # seed 1, 3 players: hex A01 ('1 fire'; repopulate: 1 timber, 2 aristocrats)


def tile(records, tile_id: str) -> int:
    return next(i for i, r in enumerate(records) if r.id == tile_id)


def rich(s, seat: int = 0, n: int = 20) -> None:
    for name in ("coins", "timber", "fire", "large_fire"):
        getattr(s, name)[seat] = n


turn_position = first_turn


def hex_id(s, node: int) -> str:
    return s.data.hexes[s.hex_at[node]].id


def to_step_four(s, node: int = TARGET) -> None:
    """Seat 0 chooses the hex, rescues nothing and fights nothing: the action step (step 4)."""
    start_turns(s)
    s.apply(f"hex:{hex_id(s, node)}")
    while kind(s) == "Fight":
        s.apply("done")
    assert kind(s) == "Turn"


def ready_to_repopulate_a01(s, seat: int = 0) -> None:
    """What A01 needs: 1 timber, 2 aristocrats (sector squares 6 and 7), an unused cart."""
    s.timber[seat] = 1
    s.squares[seat * SQUARES + 6] = s.squares[seat * SQUARES + 7] = 1
    s.carts[seat] = (tile(s.data.carts, "K1a"), 0)


# ---------------------------------------------------------------------------- overseers (MS-16)
def test_three_overseers_start_in_the_middle_and_activate():
    """MS-16.1, MS-4.5: each estate has 3 overseers (artisan, aristocrat, nun) on their start
    spaces; advancing one lets the player activate citizens next to the space it reached."""
    s = new(3, 1)
    assert s.overseer_step == [0] * 9 and s.overseer_branch == [0] * 9
    assert not any(s.overseer_upgraded)
    s = make_state()
    s.squares[2] = 1                                 # next to the artisan's first space (pair 2, 3)
    run(s, 0, [("overseer", 1, "artisan")])
    assert s.overseer_step[ART] == 1
    assert sorted(s.legal_keys()) == ["square:2", "stop"]


def test_branch_runs_to_the_centre_between_two_sectors():
    """MS-16.4, MS-16.6 (DATA-13): every branch goes out over two areas, then comes back over two
    spaces (steps 4 and 5) that border areas of two different sectors, and ends in the centre."""
    board = new(3, 1).data.boards["a"]
    for name, path in board.paths.items():
        for branch in (path.left, path.right):
            assert len(branch) == 5                                          # steps 2..6
            assert [sp.kind for sp in branch[:2]] == ["area", "area"]
            for sp in branch[2:4]:
                assert sp.kind == "two_areas"
                assert len({a // 2 for a in sp.areas}) == 2, (name, sp)      # two sectors
            assert branch[4].kind == "centre"


def test_steps_four_five_and_six_activate_as_printed():
    """MS-16.6, MS-16.8: on step 4 and step 5 (the hexagonal spaces) the overseer activates 1
    citizen in each of its two areas; step 6 is the centre (up to 3 anywhere)."""
    s = make_state()
    s.squares[0] = s.squares[9] = s.squares[12] = 1   # area 0 (artisan), area 3 (aristocrat), nun
    s.overseer_step[ART], s.overseer_branch[ART] = 3, 1  # artisan left: steps 4/5 = areas 0 and 3
    run(s, 0, [("overseer", 1, "artisan")])
    assert path_space(s, 0, ART).kind == "two_areas"
    assert sorted(s.legal_keys()) == ["square:0", "square:9", "stop"]
    play(s, "square:0")
    assert sorted(s.legal_keys()) == ["square:9", "stop"]
    play(s, "stop")
    run(s, 0, [("overseer", 1, "artisan")])          # step 5: the same areas
    assert s.overseer_step[ART] == 5 and sorted(s.legal_keys()) == ["square:0", "square:9", "stop"]
    play(s, "stop")
    run(s, 0, [("overseer", 1, "artisan")])          # step 6: the centre, anywhere
    assert s.overseer_step[ART] == 6 and path_space(s, 0, ART).kind == "centre"
    assert sorted(s.legal_keys()) == ["square:0", "square:12", "square:9", "stop"]


def test_activation_follows_the_move_and_is_optional():
    """MS-16.8: activation comes after the overseer has moved onto the space, and only for the
    citizens that space allows (here the nun's first space: the pair 12, 13)."""
    s = make_state()
    s.squares[13] = s.squares[15] = 1
    run(s, 0, [("overseer", 1, "nun")])
    assert s.overseer_step[NUN] == 1                 # already moved when asked
    assert pending(s) == "activate" and sorted(s.legal_keys()) == ["square:13", "stop"]
    s2 = make_state()
    s2.squares[15] = 1                               # nobody on the space's squares: no question
    run(s2, 0, [("overseer", 1, "nun")])
    assert s2.overseer_step[NUN] == 1 and s2.top() is None


def _church_space(s, verb: str) -> int:
    spaces = s.data.sides["3-4p"].books["church"].spaces
    return next(i for i, sp in enumerate(spaces) if sp and sp[0][0][0] == verb)


def test_church_book_upgrades_overseers():
    """MS-16.12, MS-25.13: church-book spaces upgrade an overseer (upgrade-overseer), or upgrade and
    advance one; reaching them through a free church advance does it."""
    s = make_state()
    s.books[CHURCH] = _church_space(s, "upgrade_overseer") - 1
    run(s, 0, [("church_book", 1, "")])
    assert pending(s) == "choose_overseer"
    assert labels(s)["overseer:nun"] == "Upgrade the nun overseer"
    play(s, "overseer:nun")
    assert s.overseer_upgraded[NUN] and s.overseer_step[NUN] == 0
    s.books[CHURCH] = _church_space(s, "upgrade_and_advance") - 1
    run(s, 0, [("church_book", 1, "")])
    play(s, "overseer:artisan")
    assert s.overseer_upgraded[ART] and s.overseer_step[ART] == 1


def test_church_book_activate_n():
    """MS-25.14, MS-17.11: a church-book space showing N citizens activates up to N anywhere on
    the estate (here 2: the third citizen is no longer offered)."""
    s = make_state()
    s.squares[0] = s.squares[7] = s.squares[12] = 1
    spaces = s.data.sides["3-4p"].books["church"].spaces
    two = next(i for i, sp in enumerate(spaces) if sp == ((("activate", 2, ""),),))
    s.books[CHURCH] = two - 1
    run(s, 0, [("church_book", 1, "")])
    assert sorted(s.legal_keys()) == ["square:0", "square:12", "square:7", "stop"]
    fire, coins = s.fire[0], s.coins[0]
    play(s, "square:12", "square:0")
    assert s.top() is None
    assert (s.fire[0], s.coins[0]) == (fire + 1, coins + 1)


# ---------------------------------------------------------------------------- build (MS-19 - MS-22)
def test_build_action_offers_the_three_options():
    """MS-15.14, MS-19.1: a build action builds a hut upgrade, a workshop or a cart: one of them.
    After one tile is built the action is over."""
    s = make_state()
    rich(s)
    run(s, 0, [("build", 1, "")])
    kinds = {k.split(":")[0] for k in s.legal_keys()}
    assert kinds == {"hut_tile", "workshop", "cart", "reshuffle", "skip"}
    text = labels(s)
    assert any(v.startswith("Build hut upgrade") for v in text.values())
    assert any(v.startswith("Build cart") for v in text.values())
    assert any(" workshop " in v for v in text.values())
    key = next(k for k in s.legal_keys() if k.startswith("workshop:"))
    play(s, key)
    assert s.top() is None
    assert len(s.workshops[0]) == 3 and s.carts[0] == () and all(h < 0 for h in s.hut_upgrade[:4])


def test_reshuffle_once_at_the_start_of_either_kind():
    """MS-19.2 (AMB-17): at the start of a build the player may reshuffle all hut-upgrade stacks or
    all workshop stacks, not both, and only once."""
    s = make_state()
    rich(s)
    huts, shops = s.hut_stacks, s.workshop_stacks
    run(s, 0, [("build", 1, "")])
    assert "reshuffle:huts:coin" in s.legal_keys() and "reshuffle:workshops:coin" in s.legal_keys()
    play(s, "reshuffle:huts:coin")
    assert s.workshop_stacks == shops
    assert s.hut_stacks == tuple(st[1:] + st[:1] for st in huts)
    assert not any(k.startswith("reshuffle:") for k in s.legal_keys())
    assert "skip" not in s.legal_keys()


def test_hut_upgrade_on_a_hut_without_one():
    """MS-20.3: the upgrade goes on a hut without an upgrade, empty or holding a citizen; a hut
    that already has one is not offered."""
    s = make_state()
    rich(s)
    s.hut_upgrade[0] = tile(s.data.hut_upgrades, "U15")
    s.huts[1], s.hut_space[1] = citizen_code(NUN, False), 2
    run(s, 0, [("build", 1, "")])
    play(s, next(k for k in s.legal_keys() if k.startswith("hut_tile:")))
    assert sorted(s.legal_keys()) == ["hut:1", "hut:2"]          # huts 2 and 3 are alike
    assert "holding a nun" in labels(s)["hut:1"] and "empty" in labels(s)["hut:2"]
    play(s, "hut:1")
    assert s.hut_upgrade[1] >= 0 and s.huts[1] == citizen_code(NUN, False)


def test_citizen_in_an_upgraded_hut_produces():
    """MS-20.5, MS-26.3: a citizen in an upgraded hut produces at the end of the round; the same
    citizen in a hut without an upgrade produces nothing."""
    s = make_state()
    for name in ("coins", "timber", "fire", "large_fire"):
        getattr(s, name)[0] = 0
    s.huts[0], s.hut_space[0] = citizen_code(ART, False), 1
    production.produce(s, 0)
    assert (s.coins[0], s.timber[0], s.fire[0]) == (0, 0, 0)
    s.hut_upgrade[0] = tile(s.data.hut_upgrades, "U01")         # produces 1 fire
    production.produce(s, 0)
    assert s.fire[0] == 1


def test_workshop_paid_and_placed_at_a_slot():
    """MS-21.2: the workshop's cost is paid and the tile is laid at one of the seat's workshop
    slots, empty."""
    s = make_state()
    s.coins[0], s.timber[0] = 2, 1
    run(s, 0, [("build", 1, "")])
    w = s.data.workshops[s.workshop_stacks[1][0]]                # W18: 2 timber, not affordable
    assert f"workshop:{w.id}" not in s.legal_keys()
    w = s.data.workshops[s.workshop_stacks[2][0]]                # W06: 1 timber
    play(s, f"workshop:{w.id}")
    assert (s.coins[0], s.timber[0]) == (2, 0)
    assert s.workshops[0] == (tile(s.data.workshops, w.id), 0, 0)


def test_six_workshop_slots_and_a_seventh_beside_the_board():
    """MS-1.22, MS-21.3: the board shows 6 workshop slots, but a 7th (and more) workshop is still
    built; a state with 7 workshops breaks no invariant."""
    s = make_state()
    assert s.data.tables.workshop_places == 6
    rich(s)
    for n in range(7):
        run(s, 0, [("build", 1, "")])
        play(s, next(k for k in s.legal_keys() if k.startswith("workshop:")))
    assert len(s.workshops[0]) == 3 * 7
    assert not [p for p in check(s) if "workshop" in p]


def test_move_into_a_workshop_now_or_later():
    """MS-21.6, MS-23.9 (AMB-21): a citizen may move into a new workshop at once (a side option of
    the turn), or the player may wait: the move is still offered in production, before producing."""
    s = turn_position()
    s.squares[12] = 1
    s.workshops[0] = (tile(s.data.workshops, "W01"), 0, 0)
    to_step_four(s)
    assert "to_workshop:12:0" in keys(s) and "end_turn" in keys(s)    # may, not must
    s2 = make_state()
    s2.squares[12] = 1
    s2.workshops[0] = (tile(s2.data.workshops, "W01"), 0, 0)
    s2.fire[0] = 0
    production.start_seat(s2, 0)
    s2._settle()
    assert sorted(s2.legal_keys()) == ["produce", "to_workshop:12:0"]
    play(s2, "to_workshop:12:0")
    assert s2.top() is None                            # nothing more to move: it produced
    assert s2.fire[0] == 1                             # the nun in W01 produced 1 fire


def test_moves_at_quarantine_exit():
    """MS-23.9 (AMB-21): at the quarantine exit, a sector citizen may still move into a workshop
    (to make room), offered with the leaving citizen's places."""
    s = make_state()
    for sq in range(12, 18):
        s.squares[sq] = 1                                          # the nun sector is full
    s.workshops[0] = (tile(s.data.workshops, "W01"), 0, 0)
    exit_next(s, 0, (citizen_code(NUN, False),))
    s._settle()
    assert pending(s) == "quarantine_exit"
    assert sorted(s.legal_keys()) == ["to_workshop:12:0", "to_workshop:13:0", "to_workshop:14:0",
                                      "to_workshop:15:0", "to_workshop:16:0", "to_workshop:17:0",
                                      "workshop:0"]
    play(s, "to_workshop:15:0")
    assert s.squares[15] == 1 and s.top() is None                  # the freed square, the only place
    assert s.workshops[0][1] == citizen_code(NUN, False)


def test_early_workshops_first_and_every_round():
    """MS-21.9: at the start only early workshops are on the scoring board (the late ones wait);
    an early workshop produces at the end of every round."""
    s = new(3, 1)
    shown = [s.data.workshops[t] for st in s.workshop_stacks for t in st]
    assert shown and all(w.period == "early" for w in shown)
    assert all(s.data.workshops[t].period == "late" for st in s.late_stacks for t in st)
    s = make_state()
    s.coins[0] = 0
    s.workshops[0] = (tile(s.data.workshops, "W13"), citizen_code(ARI, False), 0)   # 2 coins
    production.produce(s, 0)
    production.produce(s, 0)
    assert s.coins[0] == 4


def test_late_workshops_built_like_early_ones():
    """MS-21.12, MS-28.13: once the late workshops are on the board they are built the same way:
    chosen face up, paid, laid at a slot; the next tile of the stack turns face up."""
    s = make_state()
    preparation.swap_workshops(s)
    s.coins[0], s.timber[0] = 5, 5
    run(s, 0, [("build", 1, "")])
    late = [k for k in s.legal_keys() if k.startswith("workshop:")]
    assert late and all(s.data.workshops[tile(s.data.workshops, k[9:])].period == "late" for k in late)
    first = s.workshop_stacks[0]
    w = s.data.workshops[first[0]]
    play(s, f"workshop:{w.id}")
    assert s.workshops[0] == (first[0], 0, 0)
    assert s.workshop_stacks[0] == first[1:]
    assert s.coins[0] + s.timber[0] == 10 - sum(n for _, n in w.cost)


def _cart_keys(s):
    return sorted(k for k in s.legal_keys() if k.startswith("cart:"))


def test_carts_available_by_player_count():
    """MS-22.2, MS-3.9: with 2 players one cart is on offer (one stack), with 3 or 4 two."""
    for players, offered in ((2, 1), (3, 2), (4, 2)):
        s = make_state(players)
        rich(s)
        assert len(s.cart_stacks) == (1 if players == 2 else 2)
        run(s, 0, [("build", 1, "")])
        assert len(_cart_keys(s)) == offered, players


def test_cart_kept_and_needed_to_repopulate():
    """MS-22.4, MS-24.5: a built cart stays with the seat; without a cart no repopulation."""
    s = make_state()
    s.hex_at[0] = tile(s.data.hexes, "A01")
    s.cubes[0] = 0
    s.timber[0], s.coins[0] = 1, 1
    s.squares[6] = s.squares[7] = 1
    s.lt_at[0], s.lt_used[0] = 0, True
    assert not can_repopulate(s, 0, 0, 0)
    run(s, 0, [("build", 1, "")])
    key = next(k for k in _cart_keys(s) if k in ("cart:K1a", "cart:K1b"))
    play(s, key)
    assert len(s.carts[0]) == 2 and s.data.carts[s.carts[0][0]].id == key[5:]
    assert s.coins[0] == 0 and can_repopulate(s, 0, 0, 0)


# ---------------------------------------------------------------------------- citizens (MS-18, MS-23)
def test_upgraded_citizen_in_a_workshop_adds_a_point():
    """MS-18.3, MS-26.5: an upgraded citizen in a workshop produces 1 point, early or late."""
    s = make_state()
    s.workshops[0] = (tile(s.data.workshops, "W19"), citizen_code(NUN, True), 1)    # late, reward taken
    before = s.score[0]
    production.produce(s, 0)
    assert s.score[0] == before + 1
    s.workshops[0] = (tile(s.data.workshops, "W19"), citizen_code(NUN, False), 1)
    production.produce(s, 0)
    assert s.score[0] == before + 1


def test_workshops_needing_or_rewarding_an_upgraded_citizen():
    """MS-18.4, MS-26.6, MS-26.7: W02 needs an upgraded nun (a normal one gives nothing); W01
    produces more with one (2 fire instead of 1, plus the point)."""
    s = make_state()
    for name in ("coins", "fire", "large_fire"):
        getattr(s, name)[0] = 0
    w01, w02 = tile(s.data.workshops, "W01"), tile(s.data.workshops, "W02")
    assert s.data.workshops[w02].requires_upgraded and not s.data.workshops[w01].requires_upgraded
    s.workshops[0] = (w02, citizen_code(NUN, False), 0)
    production.produce(s, 0)
    assert (s.large_fire[0], s.coins[0]) == (0, 0)
    s.workshops[0] = (w02, citizen_code(NUN, True), 0)
    production.produce(s, 0)
    assert (s.large_fire[0], s.coins[0]) == (1, 1)
    s.workshops[0] = (w01, citizen_code(NUN, False), 0)
    production.produce(s, 0)
    assert s.fire[0] == 1
    score = s.score[0]
    s.workshops[0] = (w01, citizen_code(NUN, True), 0)
    production.produce(s, 0)
    assert s.fire[0] == 3 and s.score[0] == score + 1


def test_citizens_appear_in_round_preparation():
    """MS-23.1, MS-28.20: new citizens appear on the city hexes while a round is prepared."""
    s = blank(3, 1)
    assert sum(s.city_citizens) == 0
    preparation.prepare_round(s)
    assert s.round == 2 and sum(s.city_citizens) > 0


def test_leaving_quarantine_to_its_sector_or_a_matching_workshop():
    """MS-23.4, MS-27.3: a citizen leaving quarantine goes to a free square of its own sector or
    an empty workshop of its class, never another sector or another class's workshop."""
    s = make_state()
    s.squares[12] = s.squares[13] = 1
    s.workshops[0] = (tile(s.data.workshops, "W07"), 0, 0,            # artisan workshop
                      tile(s.data.workshops, "W01"), 0, 0)            # nun workshop
    exit_next(s, 0, (citizen_code(NUN, True),))
    s._settle()
    placed = sorted(k for k in s.legal_keys() if not k.startswith("to_workshop:"))
    assert placed == ["square:14", "square:15", "square:16", "square:17", "workshop:1"]
    play(s, "square:16")
    assert s.squares[16] == 2


def test_sector_citizens_never_change_squares():
    """MS-23.5, MS-11.7: a citizen on a square stays there: no option moves it to another square;
    it leaves only for a workshop (or a repopulation)."""
    s = turn_position()
    s.squares[0] = 2
    s.squares[7] = 1
    s.workshops[0] = (tile(s.data.workshops, "W07"), 0, 0)
    s.city_citizens[TARGET * 3 + ART] = 1
    start_turns(s)
    s.apply(f"hex:{hex_id(s, TARGET)}")
    assert kind(s) == "Rescue"
    assert "square:0" not in keys(s)                    # an occupied square is never offered
    s.apply("square:3")
    while kind(s) == "Fight":
        s.apply("done")
    moves = [k for k in keys(s) if k.startswith("to_workshop:")]
    assert moves and all(k.endswith(":0") for k in moves)        # only into the workshop
    s.apply("end_turn")
    assert (s.squares[0], s.squares[3], s.squares[7]) == (2, 1, 1)


# ---------------------------------------------------------------------------- rescue (MS-11.6)
def test_free_a_square_for_a_rescued_citizen():
    """MS-11.6, MS-23.9: with the sector full, the player may first move a citizen of that sector
    into a matching workshop, then place the rescued one on the freed square (else discard)."""
    s = turn_position()
    for sq in range(6):
        s.squares[sq] = 1
    s.workshops[0] = (tile(s.data.workshops, "W07"), 0, 0)
    s.city_citizens[TARGET * 3 + ART] = 1
    start_turns(s)
    s.apply(f"hex:{hex_id(s, TARGET)}")
    assert kind(s) == "Rescue"
    assert "discard" in keys(s) and "to_workshop:4:0" in keys(s)
    s.apply("to_workshop:4:0")
    assert kind(s) == "Rescue" and keys(s) == ["square:4"]
    s.apply("square:4")
    assert s.squares[0:6] == [1] * 6 and s.workshops[0][1] == citizen_code(ART, False)


# ---------------------------------------------------------------------------- rats (MS-13)
def test_rat_for_repopulating_a_plagued_hex():
    """MS-13.3, MS-24.7: repopulating a hex with plague cubes gives exactly 1 rat (3 cubes: still
    1); the cubes stay on the hex."""
    s = make_state()
    s.hex_at[0] = tile(s.data.hexes, "A01")
    s.cubes[0] = 3
    s.rats[0] = 0
    s.lt_at[0], s.lt_used[0] = 0, True
    ready_to_repopulate_a01(s)
    s.push(step("repopulate")(0, 0, 0))
    s._settle()
    assert s.repopulated_by[0] == 0 and s.rats[0] == 1 and s.cubes[0] == 3


def test_rats_kept_until_the_end():
    """MS-13.5, MS-30.1, MS-30.2: rats stay with the player through the rounds and only cost
    points (and popularity) at the end of the game."""
    s = blank(3, 1)
    s.rats = [7, 0, 0]
    s.books[0] = 9
    score = s.score[0]
    preparation.prepare_round(s)
    assert s.rats[0] == 7 and s.score[0] == score
    scoring.apply_rat_penalty(s)
    assert s.rats[0] == 7 and s.books[0] == 2
    assert points(s, 0, "rat_penalty") == -13


def test_rats_are_never_spent():
    """MS-13.6, MS-19.3: rats cannot pay for anything: not a reshuffle, not a plague cube, not a
    book advance."""
    s = make_state()
    for name in ("coins", "timber", "fire", "large_fire", "score"):
        getattr(s, name)[0] = 0
    s.rats[0] = 10
    run(s, 0, [("build", 1, "")])
    assert s.top() is None                               # nothing to pay with: the build is lost
    s.coins[0] = 1
    run(s, 0, [("build", 1, "")])
    assert sorted({k.split(":")[2] for k in s.legal_keys() if k.startswith("reshuffle:")}) == ["coin"]
    from ludoteka.boardgames.messina.rules.books import paid_keys
    from ludoteka.boardgames.messina.rules.plague import payment_keys
    assert payment_keys(s, 0, 1) == [] and payment_keys(s, 0, 2) == []
    assert paid_keys(s, 0) == []
    assert s.rats[0] == 10


# ---------------------------------------------------------------------------- repopulation (MS-24)
def test_repopulate_instead_of_the_hex_action_in_a_turn():
    """MS-24.1, MS-24.17 (AMB-22): at step 4 the player may ignore the hex action and repopulate;
    choosing the hex in that same turn scores the new owner no visit points; a later choice of the
    hex by another player does."""
    s = turn_position()
    ready_to_repopulate_a01(s)
    to_step_four(s)
    assert "action" in keys(s) and "repopulate" in keys(s)
    s.apply("repopulate")
    assert s.repopulated_by[TARGET] == 0 and s.fire[0] == 0         # A01's action (1 fire) not done
    assert "action" not in keys(s)
    s.apply("end_turn")
    assert points(s, 0, "visits") == 0
    s.lt_at[0] = ESTATE                                              # seat 0's figure gone home
    start_turns(s, 1)
    s.apply(f"hex:{hex_id(s, TARGET)}")
    assert points(s, 0, "visits") == 2


def test_any_hex_copy_is_not_a_visit():
    """MS-24.18, MS-25.11 (AMB-22): copying a repopulated hex's action through the any-hex action
    gives its owner no points."""
    s = make_state()
    s.repopulated_by[TARGET] = 0
    fire = s.fire[1]
    run(s, 1, [("any_hex", 1, "")])
    play(s, f"hex:{hex_id(s, TARGET)}")
    assert s.fire[1] == fire + 1
    assert points(s, 0, "visits") == 0 and points(s, 1, "visits") == 0


def test_repopulating_a_plagued_hex_in_a_turn():
    """MS-24.19, MS-12.4, MS-13.3: a hex with 2 cubes left after step 3 gives 2 rats, and
    repopulating it then gives 1 more."""
    s = turn_position()
    s.cubes[TARGET] = 2
    s.cube_supply -= 2
    ready_to_repopulate_a01(s)
    to_step_four(s)
    assert s.rats[0] == 2
    assert "repopulate" in keys(s)
    s.apply("repopulate")
    assert s.repopulated_by[TARGET] == 0 and s.rats[0] == 3 and s.cubes[TARGET] == 2


def test_each_hex_shows_its_cost_and_citizens():
    """MS-24.9 (DATA-1): every city hex has its own repopulation cost and citizens; repopulating
    pays exactly that cost and returns exactly those citizens."""
    s = make_state()
    assert all(h.repop_citizens and h.repop_cost for h in s.data.hexes)
    for hid in ("A01", "A03"):
        h = s.data.hexes[tile(s.data.hexes, hid)]
        s = make_state()
        s.hex_at[0] = tile(s.data.hexes, hid)
        s.cubes[0] = 0
        rich(s, 0, 5)
        s.carts[0] = (tile(s.data.carts, "K1a"), 0)
        s.lt_at[0], s.lt_used[0] = 0, True
        s.lt_at[1], s.lt_used[1] = ESTATE, False
        for cls, _ in h.repop_citizens:
            sq = next(q for q in range(OVERSEERS.index(cls) * 6, OVERSEERS.index(cls) * 6 + 6) if not s.squares[q])
            s.squares[sq] = 1
        s.squares[17] = s.squares[17] or 1                              # one citizen to spare
        before = sum(1 for q in s.squares[:SQUARES] if q)
        s.push(step("repopulate")(0, 0, 0))
        s._settle()
        while s.top() is not None and pending(s) == "repopulate_choice":
            play(s, s.legal_keys()[0])
        assert s.repopulated_by[0] == 0
        for r, n in h.repop_cost:
            assert getattr(s, {"coin": "coins"}.get(r, r))[0] == 5 - n
        assert before - sum(1 for q in s.squares[:SQUARES] if q) == len(h.repop_citizens)


def test_five_repopulated_tiles():
    """MS-1.18, MS-24.8: each player has 5 repopulated tiles: after the 5th repopulation no more."""
    s = make_state()
    for node in range(1, 5):
        s.repopulated_by[node] = 0
    assert tiles_left(s, 0) == 1
    s.hex_at[0] = tile(s.data.hexes, "A01")
    s.cubes[0] = 0
    s.lt_at[0], s.lt_used[0] = 0, True
    ready_to_repopulate_a01(s)
    assert can_repopulate(s, 0, 0, 0)
    s.push(step("repopulate")(0, 0, 0))
    s._settle()
    assert s.repopulated_by[0] == 0 and tiles_left(s, 0) == 0
    s.hex_at[5] = tile(s.data.hexes, "A05")                          # 1 timber, 2 artisans
    s.repopulated_by[5] = -1
    s.timber[0] = 1
    s.squares[0] = s.squares[1] = 1
    s.carts[0] = (s.carts[0][0], 0)
    assert not can_repopulate(s, 0, 5, 0)
    assert tiles_left(s, 1) == 5                                     # another seat still has its 5
