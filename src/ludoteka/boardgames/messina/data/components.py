"""The component data of Messina 1347 as the rules read it: plain frozen records.

`load_components(directory)` (data.py) reads the TOML files of a data directory into one
`Components`; nothing in the rules knows the file format. Every record carries `provenance`:
"rulebook <file:line>", "review <url>", "owner-verified" or "reconstructed".

Actions (hexes, squares, book spaces, tiles) share one small vocabulary, written in the data
files as text, e.g. "2 coin + 1 timber", "build / 1 large_fire", "overseer nun", "activate 2":
  an ActionSpec is a tuple of alternatives (a slash "/" in print, MS-15.2; one when no slash);
  an alternative is a tuple of atoms done together ("+");
  an atom is (verb, amount, arg).
Verbs (MS-37): coin, timber, fire, large_fire (markers), points, scroll, city_book, church_book,
book (city or church, free), upgrade_citizen, overseer (arg: artisan | aristocrat | nun | any),
overseer_skip (any overseer, may skip a space), upgrade_overseer, upgrade_and_advance,
lieutenant, any_hex, build, activate (amount = number of citizens).
A cost is a tuple of (resource, amount) with resources coin, timber, fire, large_fire.
"""
from __future__ import annotations

from dataclasses import dataclass, field

Atom = tuple[str, int, str]
Alternative = tuple[Atom, ...]
ActionSpec = tuple[Alternative, ...]
Cost = tuple[tuple[str, int], ...]

CLASSES = ("artisan", "aristocrat", "nun")          # sector order on side a: top, left, right
RESOURCES = ("coin", "timber", "fire", "large_fire")
VERBS = ("coin", "timber", "fire", "large_fire", "points", "scroll", "city_book", "church_book",
         "book", "upgrade_citizen", "overseer", "overseer_skip", "upgrade_overseer",
         "upgrade_and_advance", "lieutenant", "any_hex", "build", "activate")
RATS = ("left", "right", "standing")
GOODS = ("gems", "spices", "silk")
CORNERS = ("NW", "NE", "SE", "SW")                   # clockwise


@dataclass(frozen=True)
class CityHex:
    """DATA-1: one city hex (neighbourhood)."""
    id: str                                          # "A01" ...; solo tiles refer to it
    hex_class: str                                   # "A", "B" or "C"
    player_counts: frozenset[int]                    # A hexes: the counts it is used for; B/C: {1,2,3,4}
    action: ActionSpec
    colour: str                                      # orange, white, blue, red ...
    rat: str                                         # left, right, standing, or "" (none)
    repop_cost: Cost
    repop_citizens: tuple[tuple[str, bool], ...]     # (class, upgraded required)
    repop_lieutenant: bool
    points: int                                      # final scoring when repopulated (MS-31.8)
    provenance: str = "reconstructed"


@dataclass(frozen=True)
class Harbour:
    """DATA-2: a harbour hex at a corner of the city; its dock is the dock of the same corner."""
    id: str                                          # "NW", "NE", "SE", "SW"
    action: ActionSpec
    provenance: str = "reconstructed"


@dataclass(frozen=True)
class Layout:
    """DATA-3: the city for one player count, in axial hex coordinates (q, r)."""
    players: int
    start: tuple[tuple[int, int], ...]               # the starting slots, in the order hexes are laid
    harbours: dict[str, tuple[int, int]]             # corner -> coordinates
    expansions: tuple[tuple[int, int], ...]          # the 6 expansion locations
    clockwise: dict[str, tuple[int, ...]]            # corner -> expansion indexes met clockwise from it
    provenance: str = "reconstructed"


@dataclass(frozen=True)
class WheelWindow:
    """DATA-12: one position of the population wheel."""
    rat: str                                         # left, right or standing
    classes: dict[str, str]                          # citizen class -> hex colour
    provenance: str = "reconstructed"


@dataclass(frozen=True)
class RoundRow:
    """DATA-10: one row of the round overview table."""
    round: int                                       # 1..6
    priority: str                                    # random (round I), popularity, city, church, score
    ships: int
    wheel_steps: int                                 # 0, 1 or 2
    fire_cost: int                                   # fire per plague cube (1 or 2)
    points_per_cube: int                             # 0 or 2
    citizens: bool                                   # citizens placed in this round's preparation
    city_plague: bool                                # plague cubes placed on city hexes
    late_workshops: bool                             # late workshops replace the early ones now
    provenance: str = "reconstructed"


@dataclass(frozen=True)
class Book:
    """DATA-10: one book track; index 0 is the first space, where discs start."""
    name: str                                        # popularity, city, church
    spaces: tuple[ActionSpec, ...]                   # the effect of reaching each space (() none)
    points: tuple[int, ...]                          # end-game points per space
    single_bar: int                                  # past this index: the smaller bar value
    double_bar: int                                  # past this index: the larger bar value
    provenance: str = "reconstructed"


@dataclass(frozen=True)
class ScoringSide:
    """DATA-10: one side of the scoring board (2 players / 3-4 players)."""
    name: str                                        # "2p" or "3-4p"
    rounds: tuple[RoundRow, ...]                     # 6 rows
    books: dict[str, Book]
    priority_tile: tuple[str, ...]                   # DATA-11: the priority per round with the tile
    provenance: str = "reconstructed"


@dataclass(frozen=True)
class Ship:
    """DATA-6."""
    id: str
    number: int                                      # 1, 2 or 3: stack order
    goods: str
    coins: int
    points: int
    cargo: int = 1
    provenance: str = "reconstructed"


@dataclass(frozen=True)
class Cart:
    """DATA-9."""
    id: str
    number: int                                      # 1..5 on the back
    cost: Cost
    points: int
    provenance: str = "reconstructed"


@dataclass(frozen=True)
class HutUpgrade:
    """DATA-7."""
    id: str
    cost: Cost
    production: Alternative                          # what a citizen in the hut produces
    provenance: str = "reconstructed"


@dataclass(frozen=True)
class Workshop:
    """DATA-8."""
    id: str
    period: str                                      # early, late
    citizen: str                                     # the class it takes
    cost: Cost
    requires_upgraded: bool
    production: Alternative                          # early: with a normal citizen
    production_upgraded: Alternative                 # early: with an upgraded citizen (without the +1 point)
    reward: ActionSpec                               # late: the one-time reward
    provenance: str = "reconstructed"


@dataclass(frozen=True)
class Activation:
    """DATA-13: what an overseer's path space activates (MS-17)."""
    kind: str                                        # pair, area, two_areas, centre
    squares: tuple[int, ...] = ()                    # pair: the 2 squares
    areas: tuple[int, ...] = ()                      # area: 1 area; two_areas: 2 areas
    count: int = 0                                   # centre: up to this many (3)


@dataclass(frozen=True)
class Path:
    """DATA-13: one overseer's path: step 1, then the left or right branch (steps 2..6)."""
    overseer: str                                    # artisan, aristocrat, nun
    first: Activation
    left: tuple[Activation, ...]                     # steps 2..6 (step 6 is the centre)
    right: tuple[Activation, ...]


@dataclass(frozen=True)
class PlayerBoard:
    """DATA-13: one side of a player board. Square index = sector * 6 + i, sectors in CLASSES order."""
    id: str                                          # "a" (all colours alike) or "b-red" ...
    squares: tuple[ActionSpec, ...]                  # 18
    square_area: tuple[int, ...]                     # 18: area index 0..5 (area // 2 = sector)
    one_time: tuple[bool, ...]                       # 18: side b lightning squares
    paths: dict[str, Path]                           # overseer type -> path
    provenance: str = "reconstructed"


@dataclass(frozen=True)
class ScrollTrack:
    """DATA-14: one track of a scroll board; the cube starts on level 0."""
    kind: str                                        # buildings, ships, repopulated (side a); b kinds later
    values: tuple[int, ...]                          # points per counted item at each level (level 0 first)
    cap: int = 0                                     # at most this many items count (0: no cap)
    book: str = ""                                   # book-position tracks (side b)
    provenance: str = "reconstructed"
    tiers: tuple[tuple[int, ...], ...] = ()          # book: (single-bar, double-bar) values per level;
                                                     # overseers: (hex 1, hex 2, centre) per level
    divisor: int = 1                                 # points = value * items // divisor (coins: 2, MS-33.15)


@dataclass(frozen=True)
class ScrollBoard:
    """DATA-14."""
    id: str
    tracks: tuple[ScrollTrack, ...]                  # 3
    provenance: str = "reconstructed"


@dataclass(frozen=True)
class SoloTile:
    """DATA-15 (solo game, next issue)."""
    id: str
    hex: str                                         # a city hex id or a harbour corner
    action: str                                      # none, ship, cart, workshop, huts
    citizen: str = ""                                # workshop: the class
    provenance: str = "reconstructed"


@dataclass(frozen=True)
class Tables:
    """The small tables the rulebook prints (MS-1.15, MS-5.7, MS-30.2, MS-31.3/31.4)."""
    plague_cubes: dict[int, int]                     # players -> cubes used
    rat_penalty: tuple[int, ...]                     # index = rats, the last value for more
    popularity_ranking: dict[int, tuple[int, ...]]   # players -> points by place
    compensation: tuple[tuple[int, int], ...]        # per turn position: (points, coins)
    start_lieutenants: int = 3
    max_lieutenants: int = 5
    repopulated_tiles: int = 5
    visit_points: int = 2
    huts: int = 4
    squares_per_sector: int = 6
    remaining_markers_divisor: int = 3
    repop_majority: dict[int, tuple[int, ...]] = field(default_factory=dict)  # advanced (MS-33.7, 33.9)
    solo_repop_bonus: tuple[int, ...] = ()           # index = repopulated hexes (solo, MS-35)
    solo_popularity_bonus: int = 0
    workshop_places: int = 6
    berths: int = 3
    provenance: str = "reconstructed"


@dataclass(frozen=True)
class Components:
    """Everything the rules read, loaded and validated from one data directory."""
    directory: str
    data_set: str                                    # e.g. "reconstructed-default-v1"
    reconstructed: bool                              # any record is reconstructed: show the banner
    hexes: tuple[CityHex, ...]
    harbours: tuple[Harbour, ...]                    # in CORNERS order
    layouts: dict[int, Layout]                       # 2, 3, 4 (solo uses 2)
    wheel: tuple[WheelWindow, ...]
    sides: dict[str, ScoringSide]                    # "2p", "3-4p"
    ships: tuple[Ship, ...]
    carts: tuple[Cart, ...]
    hut_upgrades: tuple[HutUpgrade, ...]
    workshops: tuple[Workshop, ...]
    boards: dict[str, PlayerBoard]                   # "a", and the b sides
    scroll_boards: dict[str, ScrollBoard]            # "a", and the b sides
    solo_tiles: tuple[SoloTile, ...]
    tables: Tables
    extra: dict = field(default_factory=dict)
