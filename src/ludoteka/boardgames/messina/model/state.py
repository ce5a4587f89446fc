"""The Messina 1347 game state: its fields, declared once, and the small helpers every rule module uses.

The city is a graph of *nodes* (board.py): the starting slots, the 6 expansion locations, the 4
harbours and the 4 docks. Tiles, cubes, citizens and lieutenants are stored per node. Per seat:
markers, points (by scoring category), the three books, the scroll board, the overseers and the
estate (18 sector squares, 4 quarantine huts, workshops, carts). Stacks of tiles are tuples with
the face-up tile first. Every rule module registers its frame kinds on `FLOW` (flow.py).
"""
from __future__ import annotations

from typing import Any

from ludoteka.kernel import GameState
from ludoteka.kernel.fields import Const, Flag, Int, Ints, Flags, Tuple, Tuples, slots

from .flow import FLOW

# Lieutenant places (lt_at) other than a node index.
SUPPLY, ESTATE, BOX = -1, -2, -3
BOOKS = ("popularity", "city", "church")
POPULARITY, CITY, CHURCH = 0, 1, 2
OVERSEERS = ("artisan", "aristocrat", "nun")      # = the citizen classes, sector order
RESOURCE_FIELDS = {"coin": "coins", "timber": "timber", "fire": "fire", "large_fire": "large_fire"}
# Where points come from (score_breakdown); they sum to `score`. The first release's categories
# are kept in `points`; those added later in `later_points`, a field left out of the saved state
# while it is all 0, so the states and record digests of games that never score them stay valid.
FIRST_CATEGORIES = ("start", "actions", "visits", "ships", "carts", "plague", "production", "reshuffle",
                    "rat_penalty", "books", "popularity_ranking", "repopulated_hexes", "scroll_board",
                    "remaining_markers")
CATEGORIES = FIRST_CATEGORIES + ("repopulation_bonus",)     # advanced MS-33.7 (and solo MS-35.23)
CATEGORY = {name: i for i, name in enumerate(CATEGORIES)}
FIRST, LATER = len(FIRST_CATEGORIES), len(CATEGORIES) - len(FIRST_CATEGORIES)
SHIP_OWNED = 10                 # ship_at of a ship in a seat's estate: SHIP_OWNED + seat
LIEUTENANTS = 5
# Bounds no game reaches, for checking saved states: markers are unlimited (MS-1.12, MS-1.13) but
# a seat gains a few a turn over 6 rounds; points and stacking stamps likewise; plague cubes are
# at most 24 (MS-1.15); a hex gets at most 1 citizen of each class a round (MS-6.8, MS-28.20).
MAX_MARKERS, MAX_POINTS, MAX_STAMP, MAX_CUBES, MAX_CITIZENS = 1000, 1000, 100_000, 24, 6
SQUARES = 18
HUTS = 4


def citizen_code(cls: int, upgraded: bool) -> int:
    """A citizen in a hut or workshop: 1 + class * 2 + upgraded (0 is empty)."""
    return 1 + cls * 2 + (1 if upgraded else 0)


def citizen_class(code: int) -> int:
    """The class (index in OVERSEERS) of a citizen code."""
    return (code - 1) // 2


def citizen_upgraded(code: int) -> bool:
    """Whether a citizen code is upgraded."""
    return (code - 1) % 2 == 1


def affords(held: dict[str, int], cost: tuple[tuple[str, int], ...], large_fire_as_fire: bool) -> bool:
    """Whether markers `held` (resource -> count) pay a printed cost. With `large_fire_as_fire`
    (MS-12.9: a large fire may be used as a normal fire) large fire pays the fire that plain fire
    does not, besides any large fire the cost itself asks."""
    short = 0
    for r, n in cost:
        if held[r] < n:
            if r != "fire" or not large_fire_as_fire:
                return False
            short = n - held[r]
    return held["large_fire"] >= short + sum(n for r, n in cost if r == "large_fire")


class MessinaState(GameState):
    """A Messina 1347 game in progress (see the module docstring)."""

    FLOW = FLOW

    FIELDS = (
        Const("rules", doc="the resolved options (rules.Rules)"),
        Const("board", doc="the city graph of this player count (board.Board)"),
        Const("data", doc="the components (components.Components)"),
        Int("round", lo=1, hi=6),
        Ints("turn_order", per_seat=1, lo=0, hi=3),
        Int("stamp", lo=0, hi=MAX_STAMP, doc="a counter: a disc landing on a space gets the next stamp (on top)"),
        # --- the city
        Ints("hex_at", length=None, lo=-1, doc="per hex node (start slots, expansions): city hex index or -1"),
        Ints("cubes", length=None, lo=0, hi=MAX_CUBES, doc="plague cubes per node"),
        Ints("city_citizens", length=None, lo=0, hi=MAX_CITIZENS, doc="per node, 3 counts (artisan, aristocrat, nun)"),
        Ints("repopulated_by", length=None, lo=-1, hi=3, doc="per node: the seat that repopulated it, or -1"),
        Int("wheel", lo=0, doc="the population wheel window"),
        Int("cube_supply", lo=0, hi=MAX_CUBES),
        Tuple("hex_stack", lo=0, hidden="all", doc="city hexes still to come, top first"),
        Tuple("docking_stack", lo=0, hi=3, hidden="all", doc="docking tiles (corner indexes), top first"),
        Tuple("ship_stack", lo=0, hidden="all", doc="ship tiles still to arrive, top first"),
        Ints("ship_at", length=None, lo=-2, doc="per ship: dock 0..3, SHIP_OWNED + owner seat, -1 stack, -2 box"),
        Flags("ship_cube", length=None, doc="per ship: its plague cube is on it"),
        # --- the scoring board
        Tuple("hut_stacks", nested=True, lo=0, hidden="all", doc="3 stacks of hut upgrades, face-up first"),
        Tuple("workshop_stacks", nested=True, lo=0, hidden="all",
              doc="3 stacks (artisan, aristocrat, nun) of the current period, face-up first"),
        Tuple("late_stacks", nested=True, lo=0, hidden="all", doc="the 3 late stacks until round V"),
        Tuple("cart_stacks", nested=True, lo=0, hidden="all", doc="1 or 2 cart stacks, face-up first"),
        Ints("known_bottom", length=6, lo=0,
             doc="per hut and workshop stack: tiles at its bottom everyone saw (reshuffled, HID-4)"),
        # --- per seat
        Ints("coins", per_seat=1, lo=0, hi=MAX_MARKERS), Ints("timber", per_seat=1, lo=0, hi=MAX_MARKERS),
        Ints("fire", per_seat=1, lo=0, hi=MAX_MARKERS), Ints("large_fire", per_seat=1, lo=0, hi=MAX_MARKERS),
        Ints("rats", per_seat=1, lo=0, hi=MAX_MARKERS),
        Ints("score", per_seat=1, lo=-MAX_POINTS, hi=MAX_POINTS, doc="points (negative only after the rat penalty)"),
        Ints("score_stamp", per_seat=1, lo=0, hi=MAX_STAMP, doc="score-track stacking: higher is on top"),
        Ints("points", per_seat=FIRST, lo=-MAX_POINTS, hi=MAX_POINTS,
             doc="points per category of FIRST_CATEGORIES (see category_points)"),
        Ints("books", per_seat=3, lo=0, doc="popularity, city, church positions (bounds: invariants.py)"),
        Ints("book_stamp", per_seat=3, lo=0, hi=MAX_STAMP, doc="book stacking: higher is on top"),
        Ints("scroll", per_seat=3, lo=0, doc="scroll-track levels (bounds: invariants.py)"),
        Ints("overseer_step", per_seat=3, lo=0, hi=6, doc="artisan, aristocrat, nun: steps made"),
        Ints("overseer_branch", per_seat=3, lo=0, hi=2, doc="0 not chosen, 1 left, 2 right"),
        Flags("overseer_upgraded", per_seat=3),
        Ints("squares", per_seat=SQUARES, lo=0, hi=2, doc="0 empty, 1 citizen, 2 upgraded citizen"),
        Flags("one_time_used", per_seat=SQUARES, doc="side b lightning squares already used"),
        Ints("huts", per_seat=HUTS, lo=0, hi=6, doc="citizen code in each quarantine hut (0 empty)"),
        Ints("hut_space", per_seat=HUTS, lo=0, hi=2, doc="1 or 2 while a citizen is in the hut"),
        Ints("hut_upgrade", per_seat=HUTS, lo=-1, doc="hut-upgrade tile index or -1"),
        Tuples("workshops", doc="per seat: (tile, citizen code, reward taken) triples, flattened"),
        Tuples("carts", doc="per seat: (cart, used this round) pairs, flattened"),
        Ints("lt_at", per_seat=LIEUTENANTS, lo=BOX, doc="node, SUPPLY, ESTATE or BOX per lieutenant"),
        Flags("lt_used", per_seat=LIEUTENANTS, doc="used this round (standing, recalled or boxed)"),
        Tuple("pending", lo=0, doc="book actions the acting seat may use in this action step: book * 64 + space"),
        Flag("producing", doc="the end of round is under way: book actions reached wait (MS-25.16)"),
        Int("turn_done", lo=0, hi=3, doc="this turn: 1 the hex action or repopulation is done; 2 the ship bonus is open"),
        Tuples("deferred", lo=0, doc="per seat: book spaces reached during production: book * 64 + space"),
        # --- the advanced variant (MS-33) and the solo game (MS-35): added after the first release
        Ints("player_board", per_seat=1, lo=0, hi=4, added=lambda n: [0] * n,
             doc="the player board: 0 side a, k side b of colour k (board 'bk')"),
        Ints("scroll_board", per_seat=1, lo=0, hi=4, added=lambda n: [0] * n,
             doc="the scroll board: 0 side a, k side b number k (board 'bk')"),
        Ints("automa_at", length=None, lo=-1, added=lambda n: [],
             doc="solo: per automa lieutenant, its node in Messina or -1 (on its board)"),
        Int("automa_used", lo=0, hi=LIEUTENANTS, added=lambda n: 0, doc="solo: automa lieutenants used this round"),
        Int("automa_popularity", lo=0, added=lambda n: 0, doc="solo: the automa's popularity-book space"),
        Tuple("solo_deck", lo=0, hidden="all", added=lambda n: [], doc="solo: the face-down solo tiles, top first"),
        Tuple("solo_discard", lo=0, added=lambda n: [], doc="solo: the tiles revealed this round, last on top"),
        Tuple("automa_taken", nested=True, lo=0, added=lambda n: [],
              doc="solo: the hut upgrades, workshops and carts the automa took out of the game"),
        Ints("later_points", per_seat=LATER, lo=-MAX_POINTS, hi=MAX_POINTS, added=lambda n: [0] * (n * LATER),
             doc="points per category added after the first release (CATEGORIES[FIRST:])"),
    )
    __slots__ = slots(FIELDS)

    # ------------------------------------------------------------------ markers and points
    def gain(self, seat: int, resource: str, amount: int) -> None:
        """Add (or, negative, pay) markers of one kind."""
        values = getattr(self, RESOURCE_FIELDS[resource])
        values[seat] += amount

    def markers(self, seat: int) -> dict[str, int]:
        """The seat's markers by resource (coin, timber, fire, large_fire)."""
        return {r: getattr(self, field)[seat] for r, field in RESOURCE_FIELDS.items()}

    def can_pay(self, seat: int, cost: tuple[tuple[str, int], ...]) -> bool:
        """Whether the seat can pay a printed cost (a build, a repopulation; see `affords`)."""
        if all(getattr(self, RESOURCE_FIELDS[r])[seat] >= n for r, n in cost):
            return True
        # only a fire cost can be helped (build_keys asks for every face-up tile: keep it cheap)
        return (self.rules.large_fire_as_fire and any(r == "fire" for r, _ in cost)
                and affords(self.markers(seat), cost, True))

    def payment(self, seat: int, cost: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
        """The markers the seat would hand over for a printed cost it can pay: the cost itself, or
        with plain fire short, the fire it holds and a large fire for each one it lacks (MS-12.9)."""
        if self.fire[seat] >= sum(n for r, n in cost if r == "fire"):
            return cost                   # the common case, on the playouts' path: no dict built
        paid: dict[str, int] = {}
        for r, n in cost:
            held = getattr(self, RESOURCE_FIELDS[r])[seat]
            if r == "fire" and held < n:
                if held:
                    paid["fire"] = paid.get("fire", 0) + held
                paid["large_fire"] = paid.get("large_fire", 0) + n - held
            else:
                paid[r] = paid.get(r, 0) + n
        return tuple(paid.items())

    def pay(self, seat: int, cost: tuple[tuple[str, int], ...]) -> None:
        """Return the markers of a printed cost to the supply (the caller checked `can_pay`): plain
        fire first, a large fire for the fire it lacks (MS-12.9, told in a `large_fire_as_fire`
        event)."""
        paid = self.payment(seat, cost)
        for r, n in paid:
            getattr(self, RESOURCE_FIELDS[r])[seat] -= n
        if paid is not cost:
            lacking = dict(paid)["large_fire"] - sum(n for r, n in cost if r == "large_fire")
            self.event("large_fire_as_fire", f"Seat {seat} pays {lacking} large fire for the fire it lacks.",
                       {"seat": seat, "n": lacking}, (seat,))

    def add_points(self, seat: int, amount: int, category: str) -> None:
        """Move the seat's score disc; a disc landing on an occupied space goes on top (AMB-47)."""
        if not amount:
            return
        self.score[seat] += amount
        k = CATEGORY[category]
        if k < FIRST:
            self.points[seat * FIRST + k] += amount
        else:
            self.later_points[seat * LATER + k - FIRST] += amount
        self.stamp += 1
        self.score_stamp[seat] = self.stamp

    def category_points(self, seat: int) -> list[int]:
        """The seat's points per category, in CATEGORIES order (they sum to its score)."""
        return (self.points[seat * FIRST:(seat + 1) * FIRST]
                + self.later_points[seat * LATER:(seat + 1) * LATER])

    # ------------------------------------------------------------------ lieutenants
    def lieutenants(self, seat: int) -> range:
        """The indexes of the seat's 5 lieutenants in `lt_at` / `lt_used`."""
        return range(seat * LIEUTENANTS, seat * LIEUTENANTS + LIEUTENANTS)

    def owned_lieutenants(self, seat: int) -> int:
        """Lieutenants the seat owns, boxed ones included (the book-advance cost, MS-25.5)."""
        return sum(1 for i in self.lieutenants(seat) if self.lt_at[i] != SUPPLY)

    def available_lieutenants(self, seat: int) -> list[int]:
        """Lieutenants the seat may still use this round (MS-7.2): unused, in Messina or the estate."""
        return [i for i in self.lieutenants(seat)
                if not self.lt_used[i] and (self.lt_at[i] >= 0 or self.lt_at[i] == ESTATE)]

    def ships_owned(self, seat: int) -> int:
        """Ship tiles in the seat's estate."""
        return self.ship_at.count(SHIP_OWNED + seat)

    def standing_nodes(self) -> set[int]:
        """The nodes a figure stands on (a standing figure blocks its hex, MS-8.10); in the solo
        game the automa's lieutenants in Messina stand too (MS-35.11)."""
        lt_at, used = self.lt_at, self.lt_used
        nodes = {lt_at[i] for i in range(len(lt_at)) if used[i] and lt_at[i] >= 0}
        if self.automa_at:
            nodes.update(node for node in self.automa_at if node >= 0)
        return nodes

    # ------------------------------------------------------------------ scoring
    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self, seat)

    def __reduce__(self):
        # the state class is made per Game (it carries the game): pickle through JSON
        return (self.game.state_from_json, (self.to_json(),))
