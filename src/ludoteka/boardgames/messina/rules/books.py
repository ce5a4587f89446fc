"""The books (MS-25) and the simple actions (MS-15): markers, points, scroll advances, free and
paid book advances, lieutenants from the supply, the any-hex action, and the choice of a slash.

Reaching a book space triggers its action: a popularity action waits in `state.pending` until the
acting seat uses it in this turn's action step (MS-25.8, lost at the end of the turn, AMB-23);
city and church actions are carried out at once. During production the disc moves at once but
the action waits for the seat's next action step (`state.deferred`, MS-25.16); a lieutenant
figure is taken at once (AMB-24).
"""
from __future__ import annotations

from ludoteka.kernel import Action
from ludoteka.kernel.flow import Decision

from ..model.flow import FLOW, ON_EFFECT, atom, perform
from ..model.state import BOOKS, CITY, CHURCH, ESTATE, POPULARITY, SUPPLY
from ..model.texts import action_text, alternative_text, amount_text
from ..model.sides import scroll_board_of, side_name
from ..scoring.advanced import level_text, track_name


def book_data(state, book: int):
    """The Book record of the scoring-board side in play."""
    return state.data.sides[side_name(state.players)].books[BOOKS[book]]


def at_end(state, seat: int, book: int) -> bool:
    """MS-25.18: a disc on the last space cannot advance."""
    return state.books[seat * 3 + book] + 1 >= len(book_data(state, book).spaces)


def advance(state, seat: int, book: int, during_production: bool = False) -> None:
    """Advance one space (a lost advance at the end, MS-25.18); the disc goes on top (MS-25.15)."""
    if at_end(state, seat, book):
        return
    i = seat * 3 + book
    state.books[i] += 1
    state.stamp += 1
    state.book_stamp[i] = state.stamp
    space = state.books[i]
    spec = book_data(state, book).spaces[space]
    state.event("book", f"Seat {seat} advances to space {space} of the {BOOKS[book]} book.",
                {"book": BOOKS[book], "space": space}, seats=(seat,))
    if not spec:
        return
    if during_production or state.producing:
        if spec == ((("lieutenant", 1, ""),),):
            take_lieutenant(state, seat)
        else:
            state.deferred[seat] = state.deferred[seat] + (book * 64 + space,)
    elif book == POPULARITY:
        state.pending = state.pending + (book * 64 + space,)
    else:
        do_action(state, seat, spec)


def do_action(state, seat: int, spec) -> None:
    """Carry out a printed action: its atoms, or first the choice of a slash (MS-15.2)."""
    if len(spec) == 1:
        perform(state, seat, spec[0])
    elif spec:
        state.push(ChooseOption(seat, spec))


def take_lieutenant(state, seat: int) -> None:
    """MS-15.12 / MS-25.9: a figure of the seat's colour from the supply to its estate (nothing
    when none is left, AMB-13/54); unused, so it can be sent to Messina this round (MS-25.10)."""
    for i in state.lieutenants(seat):
        if state.lt_at[i] == SUPPLY:
            state.lt_at[i] = ESTATE
            state.lt_used[i] = False
            state.event("lieutenant", f"Seat {seat} takes a lieutenant from the supply.", {}, seats=(seat,))
            return


def paid_cost(state, seat: int) -> int:
    """MS-25.5: 1 coin per lieutenant the seat owns, boxed ones included."""
    return state.owned_lieutenants(seat)


def paid_keys(state, seat: int) -> list[str]:
    """MS-25.4: the paid advances the seat can afford now."""
    cost = paid_cost(state, seat)
    if state.coins[seat] < cost:
        return []
    return [f"pay:{BOOKS[b]}" for b in (CITY, CHURCH) if not at_end(state, seat, b)]


def pay_advance(state, seat: int, key: str) -> None:
    """A paid advance chosen with a `pay:` key."""
    state.coins[seat] -= paid_cost(state, seat)
    advance(state, seat, BOOKS.index(key[4:]))


def describe_paid(state, seat: int, key: str) -> Action:
    book = key[4:]
    return Action(key, f"Pay {amount_text('coin', paid_cost(state, seat))} to advance on the {book} book",
                  {"book": book, "coins": paid_cost(state, seat)})


def pending_keys(state) -> list[str]:
    """The book actions waiting for this action step (`book_action:<book * 64 + space>`), each once."""
    return [f"book_action:{v}" for v in dict.fromkeys(state.pending)]


def use_pending(state, seat: int, key: str) -> None:
    value = int(key[12:])
    pending = list(state.pending)
    pending.remove(value)
    state.pending = tuple(pending)
    do_action(state, seat, book_data(state, value // 64).spaces[value % 64])


def describe_pending(state, key: str) -> Action:
    value = int(key[12:])
    book, space = value // 64, value % 64
    spec = book_data(state, book).spaces[space]
    return Action(key, f"{BOOKS[book].capitalize()} book, space {space}: {action_text(spec)}",
                  {"book": BOOKS[book], "space": space})


def start_action_step(state, seat: int) -> None:
    """Actions deferred from production become usable in this action step (MS-25.16)."""
    if state.deferred[seat]:
        state.pending = state.pending + state.deferred[seat]
        state.deferred[seat] = ()


@FLOW.kind
class ChooseOption(Decision):
    """MS-15.2: a slash between two options: choose exactly one."""

    args = ("seat", "spec")
    over = ON_EFFECT

    def keys(self, state, frame, seat):
        return [f"option:{k}" for k in range(len(frame[2]))]

    def describe(self, state, frame, seat, key):
        k = int(key[7:])
        return Action(key, alternative_text(frame[2][k]).capitalize(), {"option": k, "atoms": frame[2][k]})

    def apply(self, state, frame, seat, key):
        perform(state, seat, frame[2][int(key[7:])])


def gain_text(seat: int, resource: str, amount: int) -> str:
    """'Seat 0 gains 2 coins.' / 'Seat 0 scores 1 point.' (written only when the log is read)."""
    return f"Seat {seat} {'scores' if resource == 'points' else 'gains'} {amount_text(resource, amount)}."


def _log_gain(state, seat: int, resource: str, amount: int) -> None:
    # Production logs what each seat produced in one event; elsewhere (hex, square, book and
    # workshop actions) every marker or point an action gives is logged as it is gained.
    if not state.producing:
        state.event("gain", (gain_text, seat, resource, amount),
                    {"seat": seat, "resource": resource, "n": amount}, seats=(seat,))


def _gain(resource):
    def handler(state, seat, amount, arg):
        state.gain(seat, resource, amount)
        _log_gain(state, seat, resource, amount)
    return handler


for _resource in ("coin", "timber", "fire", "large_fire"):
    atom(_resource)(_gain(_resource))


@atom("points")
def _points(state, seat, amount, arg):
    state.add_points(seat, amount, "actions")
    _log_gain(state, seat, "points", amount)


@atom("city_book")
def _city_book(state, seat, amount, arg):
    for _ in range(amount):
        advance(state, seat, CITY)


@atom("church_book")
def _church_book(state, seat, amount, arg):
    for _ in range(amount):
        advance(state, seat, CHURCH)


@atom("lieutenant")
def _lieutenant(state, seat, amount, arg):
    for _ in range(amount):
        take_lieutenant(state, seat)


@atom("book")
def _book(state, seat, amount, arg):
    """MS-15.3: a free advance on the city or the church book (each of several chosen in turn)."""
    if amount > 1:
        perform(state, seat, (("book", 1, arg),) * amount)
        return
    keys = [f"book:{BOOKS[b]}" for b in (CITY, CHURCH) if not at_end(state, seat, b)]
    if len(keys) == 1:
        advance(state, seat, BOOKS.index(keys[0][5:]))
    elif keys:
        state.push(ChooseBook(seat))


@FLOW.kind
class ChooseBook(Decision):
    """MS-15.3: advance 1 space on either the city or the church book, free."""

    args = ("seat",)
    over = ON_EFFECT

    def keys(self, state, frame, seat):
        return [f"book:{BOOKS[b]}" for b in (CITY, CHURCH) if not at_end(state, seat, b)]

    def describe(self, state, frame, seat, key):
        return Action(key, f"Advance on the {key[5:]} book (free)", {"book": key[5:]})

    def apply(self, state, frame, seat, key):
        advance(state, seat, BOOKS.index(key[5:]))


def scroll_keys(state, seat: int) -> list[str]:
    board = scroll_board_of(state, seat)
    return [f"scroll:{k}" for k, track in enumerate(board.tracks)
            if state.scroll[seat * 3 + k] + 1 < len(track.values)]


@atom("scroll")
def _scroll(state, seat, amount, arg):
    """MS-15.5: move the cube of one scroll track up 1 (lost when all are at the top). Several
    advances are chosen one after the other, each looking at the tracks left then."""
    if amount > 1:
        perform(state, seat, (("scroll", 1, arg),) * amount)
    elif scroll_keys(state, seat):
        state.push(ChooseScroll(seat))


@FLOW.kind
class ChooseScroll(Decision):
    """MS-15.5: choose one of your 3 scroll tracks and move its cube up 1 space."""

    args = ("seat",)
    over = ON_EFFECT

    def keys(self, state, frame, seat):
        return scroll_keys(state, seat)

    def describe(self, state, frame, seat, key):
        k = int(key[7:])
        track = scroll_board_of(state, seat).tracks[k]
        level = state.scroll[seat * 3 + k] + 1
        return Action(key, f"Scroll board: {track_name(track)} track up to level {level} "
                      f"({level_text(track, level)})", {"track": k, "level": level})

    def apply(self, state, frame, seat, key):
        k = int(key[7:])
        state.scroll[seat * 3 + k] += 1
        state.event("scroll", f"Seat {seat} advances on the scroll board.", {"track": k}, seats=(seat,))


def any_hex_nodes(state) -> list[int]:
    """MS-25.11/AMB-55: every city and harbour hex in Messina, blocked or not (no docks)."""
    b = state.board
    return [n for n in range(b.first_dock) if state.hex_at[n] >= 0 or b.is_harbour(n)]


def hex_record(state, node: int):
    """The CityHex or Harbour record at a node."""
    b = state.board
    if b.is_harbour(node):
        return state.data.harbours[node - b.first_harbour]
    return state.data.hexes[state.hex_at[node]]


@atom("any_hex")
def _any_hex(state, seat, amount, arg):
    for _ in range(amount):
        state.push(AnyHex(seat))


@FLOW.kind
class AnyHex(Decision):
    """MS-25.11: use the action printed on any hex in Messina (not repopulation, MS-25.12)."""

    args = ("seat",)
    over = ON_EFFECT

    def keys(self, state, frame, seat):
        return [f"hex:{hex_record(state, n).id}" for n in any_hex_nodes(state)] + ["decline"]

    def describe(self, state, frame, seat, key):
        if key == "decline":
            return Action(key, "Use no hex action")
        node = node_of(state, key[4:])
        return Action(key, f"Use the action of hex {key[4:]}: {action_text(hex_record(state, node).action)}",
                      {"hex": key[4:]})

    def apply(self, state, frame, seat, key):
        if key != "decline":
            do_action(state, seat, hex_record(state, node_of(state, key[4:])).action)


def node_of(state, hex_id: str) -> int:
    """The node of a hex id (a city hex in Messina or a harbour corner)."""
    b = state.board
    corner = b.harbour_index.get(hex_id)
    if corner is not None:
        return b.first_harbour + corner
    tile = b.tile_index.get(hex_id, -1)
    if tile < 0 or tile not in state.hex_at:
        raise KeyError(hex_id)
    return state.hex_at.index(tile)
