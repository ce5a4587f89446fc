"""Helpers to build Notre Dame states for rule tests: play the draft, set hands, counts and persons."""
from __future__ import annotations

import random

import ludoteka
from ludoteka.boardgames.notre_dame.keys import PRESTIGE_CATEGORIES
from ludoteka.boardgames.notre_dame.keys import (BANK, CARRIAGE_HOUSE, CLOISTER_SCHOOL, HOSPITAL, HOTEL,
                                                 PARK, RESIDENCE)
from ludoteka.kernel.checks import stack_problems

GAME = ludoteka.game("notre-dame")
DATA = GAME.data
SECTORS = ("cloister_school", "bank", "residence", "carriage_house", "hotel", "park", "hospital")
CARDS = SECTORS + ("notre_dame", "trusted_friend")
SEC = {name: i for i, name in enumerate(SECTORS)}
CARD = {name: i for i, name in enumerate(CARDS)}
PERSON = {p.id: p.index for p in DATA.persons}
STONES = DATA.stones_per_colour
COINS = DATA.coins_total

__all__ = ["GAME", "DATA", "SECTORS", "CARDS", "SEC", "CARD", "PERSON", "new", "draft_all", "play_state",
           "set_hand", "set_counts", "set_display", "bribe_state", "advance_passive", "to_bribes", "count",
           "sectors_of", "random_game", "ok", "BANK", "CARRIAGE_HOUSE", "CLOISTER_SCHOOL", "HOSPITAL", "HOTEL",
           "PARK", "RESIDENCE", "S_BRIBE", "S_DRAFT_FIRST", "S_DRAFT_SECOND", "S_OVER", "S_PLAY", "S_PLAGUE",
           "stage", "touched"]

# What is pending, by the name of the top frame's kind (see `stage`).
S_DRAFT_FIRST, S_DRAFT_SECOND = "draft_pick:1", "draft_pick:2"
S_PLAY, S_BRIBE, S_PLAGUE, S_OVER = "play_card", "bribe", "plague_loss", "over"


def stage(s) -> str:
    """The kind of the pending decision (`state.top()`): its name, with the pass for the draft."""
    frame = s.top()
    if frame is None:
        return S_OVER
    name = frame[0].name
    return f"{name}:{frame[2]}" if name == "draft_pick" else name


def touched(s) -> None:
    """After a test set fields directly: forget the cached legal keys."""
    s._legal = None


def new(players: int = 3, seed: int = 1, **options):
    """A new game; the start player is seat 0 unless told otherwise."""
    options.setdefault("start_player", 0)
    return GAME.new_state(players, seed, options)


def ok(s) -> None:
    """Assert that every invariant of the game holds."""
    problems = GAME.check_invariants(s) + stack_problems(s.FLOW, s)   # frames as loading checks them
    assert problems == [], problems


def draft_all(s, choose=None) -> None:
    """Play the draft: every seat keeps the first offered card (or `choose(s)`'s key)."""
    while stage(s) in (S_DRAFT_FIRST, S_DRAFT_SECOND):
        s.apply(choose(s) if choose else s.legal_keys()[0])


def _piles(s):
    """Every card pile as (getter, setter) pairs over tuples."""
    out = []
    for name in ("deck", "offer", "outgoing", "hand", "played"):
        lst = getattr(s, name)
        for i in range(len(lst)):
            out.append((lambda lst=lst, i=i: lst[i], lambda v, lst=lst, i=i: lst.__setitem__(i, v)))
    for name in ("discard", "unused"):
        out.append((lambda name=name: getattr(s, name), lambda v, name=name: setattr(s, name, v)))
    return out


def _swap_cards(s, a: int, b: int) -> None:
    if a == b:
        return
    for get, put in _piles(s):
        pile = get()
        if a in pile or b in pile:
            put(tuple(b if c == a else a if c == b else c for c in pile))


def set_hand(s, seat: int, types) -> None:
    """Make the first cards of `seat`'s hand the given card types (names); the hand keeps its size."""
    want: list[int] = []
    for name in types:
        t = CARD[name]
        mine = [c for c in s.hand[seat] if c % 9 == t and c not in want]
        if mine:
            want.append(mine[0])
            continue
        card = next(c for c in range(s.players * 9) if c % 9 == t and c not in want)
        victim = next(c for c in s.hand[seat] if c not in want)
        _swap_cards(s, card, victim)
        want.append(card)
    s.hand[seat] = tuple(want) + tuple(c for c in s.hand[seat] if c not in want)
    touched(s)


def set_counts(s, seat: int, sectors=None, friend=None, nd=None, personal=None, general=None, coins=None,
               pp=None, rat=None, held=None, carriage=None) -> None:
    """Set a seat's counts; the general supply (or, if it is given, the personal one) absorbs the
    difference so the seat keeps 14 stones, and the coin supply keeps 25 coins in all."""
    base = seat * 7
    if sectors is not None:
        for i in range(7):
            s.sector_stones[base + i] = 0
        for name, k in sectors.items():
            s.sector_stones[base + SEC[name]] = k
    if friend is not None:
        s.friend[seat] = -1 if friend == "off" else SEC[friend]
    if nd is not None:
        s.notre_dame_stones[seat] = nd
    on_board = sum(s.sector_stones[base:base + 7]) + s.notre_dame_stones[seat]
    if personal is not None:
        s.personal[seat] = personal
    if general is not None:
        s.general[seat] = general
        if personal is None:
            s.personal[seat] = STONES - on_board - general
    else:
        s.general[seat] = STONES - on_board - s.personal[seat]
    if coins is not None:
        s.coins[seat] = coins
        s.supply = COINS - sum(s.coins)
    if pp is not None:                         # the difference counts as residence prestige
        s.points[seat * len(PRESTIGE_CATEGORIES)] += pp - s.prestige[seat]
        s.prestige[seat] = pp
    if rat is not None:
        s.rat[seat] = rat
    if held is not None:
        b = s.boroughs
        for c in range(b):
            s.held[seat * b + c] = 0
        for c, k in held.items():
            s.held[seat * b + c] = k
        # Take the held messages off the board so the message count per colour stays 4.
        kinds = len(DATA.messages)
        for c in range(b):
            total = sum(s.held[x * b + c] for x in range(s.players))
            on = [m for m, code in enumerate(s.msg_at) if code >= 0 and code // kinds == c]
            for m in on[:max(0, len(on) - (4 - total))]:
                s.msg_at[m] = -1
            s.on_board[c] = sum(1 for code in s.msg_at if code >= 0 and code // kinds == c)
    if carriage is not None:
        s.carriage[seat] = DATA.layouts[s.boroughs].names.index(carriage)
    touched(s)
    ok(s)


def set_display(s, ids) -> None:
    """Show the given three persons (ids): every person stays in exactly one place."""
    want = [PERSON[i] for i in ids]
    piles = {"brown": list(s.brown), "gray": list(s.gray), "display": list(s.display)}
    for slot, person in enumerate(want):
        where = next(name for name, pile in piles.items() if person in pile)
        i = piles[where].index(person)
        current = piles["display"][slot]
        piles[where][i] = current
        piles["display"][slot] = person
    s.brown, s.gray, s.display = tuple(piles["brown"]), tuple(piles["gray"]), tuple(piles["display"])
    touched(s)


def advance_passive(s, stop=None) -> None:
    """Apply 'do nothing' options (decline, none, pass, the first otherwise) until `stop(s)` or the end."""
    passive = ("decline", "hotel:none", "barmaid:none", "pass")
    while not s.is_terminal() and not (stop and stop(s)):
        keys = s.legal_keys()
        s.apply(next((k for k in passive if k in keys), keys[0]))


def play_state(players: int = 3, seat: int = 0, hand=(), seed: int = 1, **options):
    """A state in phase 3 of round 1 where `seat` is to play its first card, holding `hand` first.

    The start player is `seat`, so it acts first."""
    s = new(players, seed, start_player=seat, **options)
    draft_all(s)
    assert stage(s) == S_PLAY and s.to_act == seat
    if hand:
        set_hand(s, seat, hand)
    ok(s)
    return s


def to_bribes(s) -> None:
    """Decline every remaining action of phase 3 so phase 4 (bribes) begins."""
    advance_passive(s, stop=lambda x: stage(x) == S_BRIBE)


def bribe_state(players: int = 3, seat: int = 0, persons=("monk", "minstrel", "city_guard"), seed: int = 1,
                **options):
    """A state in phase 4 of round 1 where `seat` (the start player) is to bribe first."""
    s = play_state(players, seat, (), seed, **options)
    to_bribes(s)
    assert stage(s) == S_BRIBE and s.to_act == seat
    set_display(s, persons)
    ok(s)
    return s


def count(s, seat: int, name: str) -> int:
    """Stones on a sector, the trusted friend counting as one."""
    return s.sector_stones[seat * 7 + SEC[name]] + (1 if s.friend[seat] == SEC[name] else 0)


def sectors_of(s, seat: int) -> dict:
    return {name: s.sector_stones[seat * 7 + i] for i, name in enumerate(SECTORS)}


def random_game(players: int, seed: int, options=None, each=None):
    """Play a whole game with random legal keys; `each(state)` runs after every action."""
    s = GAME.new_state(players, seed, options)
    rng = random.Random(seed * 7919 + players)
    while not s.is_terminal():
        keys = s.legal_keys()
        s.apply(keys[rng.randrange(len(keys))])
        if each:
            each(s)
    return s


def put_message(s, market: str, colour: int, kind: str) -> None:
    """Put the message (colour, kind) on `market`, swapping it with whatever lies there."""
    kinds = [m.id for m in DATA.messages]
    code = colour * len(kinds) + kinds.index(kind)
    names = DATA.layouts[s.boroughs].names
    target = names.index(market)
    source = s.msg_at.index(code)
    s.msg_at[source], s.msg_at[target] = s.msg_at[target], code
    touched(s)
    ok(s)


def market(s, name: str) -> int:
    return DATA.layouts[s.boroughs].names.index(name)
