"""Messina 1347's fixed action space: every key a state can offer any seat, in a stable order.

The key grammar (the decision modules write these keys; saved games store them, so they never
change). A key's meaning depends on the decision it answers: `square:3` is a rescue square, an
activation, an upgrade or a quarantine exit, and `workshop:W01` (a tile to build) shares its prefix
with `workshop:0` (a slot of the estate); the space lists each key string once.

  lt:<n>                       a lieutenant: the seat's own 0..4 (turns.ChooseLieutenant), but the
                               global index seat * 5 + k when given up to repopulate (RepopulateChoice)
  hex:<hex id|corner>  ship:<ship id>  recall        where it goes (ChooseDestination, MS-8 - MS-10);
                               hex: also answers the any-hex action (AnyHex) and the adjacent cube
  fight:<payment>  done  decline                     the plague (Fight, ShipFight, MS-12, MS-9.7);
                               payment fire | large_fire | fire+fire | large_fire+fire | large_fire+large_fire
  hut:<0..3>  square:<0..17>  discard                rescue (MS-11); also PlaceHutUpgrade, UpgradeCitizen,
                               Activate, QuarantineExit, RepopulateChoice
  action  action:<k>  repopulate  ship_bonus  book_action:<book * 64 + space>  pay:city|church  end_turn
                               the action step and the turn's "any time" options (turns.Turn, MS-14, MS-25)
  option:<k>                   a slash between alternatives (ChooseOption, MS-15.2)
  book:city|church  scroll:<track>  stop             free book advance, scroll track, stop activating
  overseer:<class>  left  right  advance  skip       the overseers (MS-16)
  reshuffle:huts|workshops:<points|coin|timber|fire|large_fire>
  hut_tile:<id>  workshop:<id>  cart:<id>  skip      the build action (Build, MS-19 - MS-22)
  workshop:<slot>  to_workshop:<square>:<slot>  produce    the estate's workshops (MS-21.5, MS-26, MS-27)

Ids come from the data files in file order: the city hexes in play for the player count (the A hexes
of the count, every B and C, MS-2) and the harbours, the ships (none of the first goods with 1-2
players, MS-3), carts, hut upgrades and workshops; the book spaces of the scoring-board side of the
count; `option:`/`action:` up to the widest printed slash. Workshop slots go up to the number of
workshop tiles (there is no workshop limit, MS-21.3), so `to_workshop` is most of the space.

Why the order is stable: the keys are generated grouped by decision kind, roughly in the order of
a turn, each group in data-file order; then the keys that every player count (1 to 4) offers come
first, so they have the same index in every space, and this count's own keys (more lieutenants, the
A hexes and ships of larger games) follow. No rules option changes the space: every side of the
player and scroll boards and every reshuffle payment is listed whatever the options; only the
`data` option (other ids) does. New keys must only ever be appended at the very end of
`action_keys` (the tests pin each space's size and digest).
"""
from __future__ import annotations

from .rules.build import KINDS
from .data.components import GOODS, RESOURCES, Components
from .model.sides import side_name
from .model.state import BOOKS, HUTS, LIEUTENANTS, OVERSEERS, POPULARITY, SQUARES

PLAYER_COUNTS = (1, 2, 3, 4)       # fixed: the counts of the first release (the shared part)
LIEUTENANT_ONLY = ((("lieutenant", 1, ""),),)    # taken at once during production (books.advance)


def action_keys(data: Components, players: int) -> list[str]:
    """Every key of Messina 1347 with `players` seats and these components: the keys every
    player count offers first, then this count's own ones, each part in `_grouped` order."""
    own = _grouped(data, players)
    shared = set.intersection(*(set(_grouped(data, n)) for n in PLAYER_COUNTS))
    return [k for k in own if k in shared] + [k for k in own if k not in shared]


def _grouped(data: Components, players: int) -> list[str]:
    """The keys of one player count grouped by decision kind, each group in data order, once each."""
    hexes = [h for h in data.hexes if h.hex_class != "A" or max(players, 2) in h.player_counts]
    places = hexes + list(data.harbours)
    ships = [s for s in data.ships if players > 2 or s.goods != GOODS[0]]
    side = data.sides[side_name(players)]
    books = [side.books[name] for name in BOOKS]
    keys: list[str] = []
    # A turn (DEC-1 - DEC-3): the lieutenant, where it goes. Repopulation names any seat's one.
    keys += [f"lt:{i}" for i in range(LIEUTENANTS * players)]
    keys += [f"hex:{h.id}" for h in places]
    keys += [f"ship:{s.id}" for s in ships] + ["recall"]
    # The plague (MS-12, MS-9.7): the payments for one cube at the fire costs of the round table.
    costs = {row.fire_cost for row in side.rounds}
    if 1 in costs:
        keys += ["fight:fire", "fight:large_fire"]
    if 2 in costs:             # large_fire alone: D-2 'two_cubes' (a large fire holds 2 fire)
        keys += ["fight:fire+fire", "fight:large_fire", "fight:large_fire+fire", "fight:large_fire+large_fire"]
    keys += ["done", "decline"]
    # Rescue (MS-11): a quarantine hut, a sector square, or no room.
    keys += [f"hut:{h}" for h in range(HUTS)] + [f"square:{q}" for q in range(SQUARES)] + ["discard"]
    # The action step (MS-14, MS-25): the hex action (one key per slash alternative), repopulation,
    # the even-ship advance, the book actions waiting (popularity, or any deferred from
    # production but a lieutenant, taken at once), the paid advances, the end of the turn.
    widths = {len(h.action) for h in places}
    keys += ["action"] if 1 in widths else []
    keys += [f"action:{k}" for k in range(max(widths)) if max(widths) > 1]
    keys += ["repopulate", "ship_bonus"]
    keys += [f"book_action:{b * 64 + space}" for b, book in enumerate(books)
             for space, spec in enumerate(book.spaces) if spec and (b == POPULARITY or spec != LIEUTENANT_ONLY)]
    keys += [f"pay:{name}" for name in BOOKS if name != BOOKS[POPULARITY]] + ["end_turn"]
    # A slash in any printed action that is carried out: hex, book space, square, late reward.
    specs = [h.action for h in places] + [spec for book in books for spec in book.spaces]
    specs += [spec for board in data.boards.values() for spec in board.squares]
    specs += [w.reward for w in data.workshops]
    widest = max(len(spec) for spec in specs)
    keys += [f"option:{k}" for k in range(widest) if widest > 1]
    # Simple actions (MS-15): a free book advance, a scroll track, stop activating (MS-17.12).
    keys += [f"book:{name}" for name in BOOKS if name != BOOKS[POPULARITY]]
    keys += [f"scroll:{k}" for k in range(max(len(b.tracks) for b in data.scroll_boards.values()))]
    keys += ["stop"]
    # The overseers (MS-16): which one, the branch, the skip option.
    keys += [f"overseer:{c}" for c in OVERSEERS] + ["left", "right", "advance", "skip"]
    # The build (MS-19 - MS-22): a reshuffle with any payment of any reading (D-3), a tile, skip.
    keys += [f"reshuffle:{kind}:{p}" for kind in KINDS for p in ("points",) + RESOURCES]
    keys += [f"hut_tile:{u.id}" for u in data.hut_upgrades]
    keys += [f"workshop:{w.id}" for w in data.workshops]
    keys += [f"cart:{c.id}" for c in data.carts]
    # The estate's workshops, by slot: upgrade, quarantine exit, repopulation, the "any time" move
    # of a sector citizen (MS-21.5), and producing (MS-26, AMB-21).
    slots = range(len(data.workshops))
    keys += [f"workshop:{slot}" for slot in slots]
    keys += [f"to_workshop:{q}:{slot}" for q in range(SQUARES) for slot in slots]
    keys += ["produce"]
    return list(dict.fromkeys(keys))
