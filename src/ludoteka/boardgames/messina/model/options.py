"""The options of Messina 1347: one per reading where the rulebooks differ (D-n), resolved once.

Each default is the digest's ruling (docs/games/messina-1347.md has the table); the other
values play the other editions' readings.
"""
from __future__ import annotations

from typing import Any

from ludoteka.kernel import Option

OPTIONS = {
    "data": Option(
        "data", "",
        "A directory of component data files to play with instead of the shipped reconstructed set "
        "(checked first: `ludoteka data validate messina-1347 DIR`), or the name of a registered "
        "data set (`ludoteka serve --data-dir`). Empty: the shipped data.",
        (), data_set=True),
    "large_fire": Option(
        "large_fire", "one_cube",
        "D-2: 'one_cube' (DE/PL) a large fire pays for 1 cube and may remove 1 cube of an adjacent hex; "
        "'two_cubes' (CZ) it pays for up to 2 cubes on the hex, plus the adjacent cube.",
        ("one_cube", "two_cubes")),
    "large_fire_as_fire": Option(
        "large_fire_as_fire", True,
        "MS-12.9 read generally, a ruling (DE: 'Du kannst einen großen Feuermarker auch als normalen "
        "Feuermarker nutzen', among the plague's special cases; DATA-19): true: a large fire pays any "
        "fire of a printed cost (a build, a repopulation) that the seat's fire does not, plain fire "
        "first; false: a large fire pays only for plague cubes, the default before rules revision 2."),
    "reshuffle_payment": Option(
        "reshuffle_payment", "de",
        "D-3: what pays for a build reshuffle besides 1 point. 'de': any marker (coin, timber, fire, "
        "large fire); 'cz': coin, timber or fire; 'pl': fire, large fire or timber.",
        ("de", "cz", "pl")),
    "after_reshuffle": Option(
        "after_reshuffle", "any_option",
        "D-4: after a reshuffle you must build: 'any_option' (DE/CZ) any of the 3 build options; "
        "'revealed_tile' (PL) one of the newly revealed tiles of the reshuffled kind.",
        ("any_option", "revealed_tile")),
    "winner_tiebreak": Option(
        "winner_tiebreak", "sum_then_single",
        "D-6: after the most repopulated hexes, 'sum_then_single' (DE, then CZ/PL) compares the total "
        "points of repopulated hexes, then the best single one; 'single' (CZ/PL) only the best single hex.",
        ("sum_then_single", "single")),
    "upgraded_area": Option(
        "upgraded_area", "two",
        "D-8: an upgraded overseer on an area space activates up to 'two' citizens there (PL) or 'one' "
        "(DE/CZ say nothing; the plain rule).",
        ("two", "one")),
    "rat_table": Option(
        "rat_table", "pl",
        "D-9: the rat penalty. 'pl': 1 rat 0, 2 rats 1 ... 7 rats 13 ... 10+ rats 21 (matches every "
        "example); 'de_literal': the DE/CZ table read as printed (1 rat: -, 2 rats 0, ... 7 rats 10, 10+ 18).",
        ("pl", "de_literal")),
    "boxed_lieutenant": Option(
        "boxed_lieutenant", "box",
        "D-30: a lieutenant given up to repopulate goes to the 'box' (DE, and CZ/PL in the detail) or "
        "back to the 'supply' (CZ/PL step 3), from where the city book can bring it back.",
        ("box", "supply")),
    "book_stack": Option(
        "book_stack", "first_at_bottom",
        "D-42: the book discs at setup, stacked 'in reverse order': 'first_at_bottom' (CZ: player 1 at "
        "the bottom, the last player on top, so the last player wins the first tie) or 'first_on_top' "
        "(the other reading of DE/PL).",
        ("first_at_bottom", "first_on_top")),
    "priority_tile": Option(
        "priority_tile", False,
        "MS-34: the book priority tile covers the first column of the round overview table."),
    "advanced": Option(
        "advanced", False,
        "MS-33: the advanced variant: side b of the player boards (by a random colour) and of the "
        "scroll boards (dealt at random), one-time squares and the extra repopulation points."),
    "mixed_sides": Option(
        "mixed_sides", "none",
        "MS-33.3, D-21 (untested by the designers; needs advanced): 'a_player_boards' plays side a "
        "player boards with side b scroll boards (DE), 'a_scroll_boards' the reverse (PL).",
        ("none", "a_player_boards", "a_scroll_boards")),
    "solo_repopulation": Option(
        "solo_repopulation", "cz_pl",
        "D-1: the solo repopulation bonus for 2/3/4+ hexes: 'cz_pl' 3/7/10 (CZ, PL), 'de' 3/4/10 (DE).",
        ("cz_pl", "de")),
}


class Rules:
    """The resolved options of one game, as plain attributes (shared by every clone)."""

    __slots__ = ("large_fire_two", "large_fire_as_fire", "reshuffle_payments", "after_any", "tiebreak_sum",
                 "upgraded_area", "rat_penalty", "box_lieutenant", "first_on_top", "priority_tile",
                 "advanced", "player_side_b", "scroll_side_b", "solo_repop_de")

    def __init__(self, options: dict[str, Any], rat_penalty: tuple[int, ...]):
        self.large_fire_two = options["large_fire"] == "two_cubes"
        self.large_fire_as_fire = options["large_fire_as_fire"]
        self.reshuffle_payments = {"de": ("points", "coin", "timber", "fire", "large_fire"),
                                   "cz": ("points", "coin", "timber", "fire"),
                                   "pl": ("points", "timber", "fire", "large_fire")}[options["reshuffle_payment"]]
        self.after_any = options["after_reshuffle"] == "any_option"
        self.tiebreak_sum = options["winner_tiebreak"] == "sum_then_single"
        self.upgraded_area = 2 if options["upgraded_area"] == "two" else 1
        # The DE/CZ table read literally shifts every value one rat later.
        self.rat_penalty = rat_penalty if options["rat_table"] == "pl" else (0,) + tuple(rat_penalty[:-1])
        self.box_lieutenant = options["boxed_lieutenant"] == "box"
        self.first_on_top = options["book_stack"] == "first_on_top"
        self.priority_tile = options["priority_tile"]
        self.advanced = options["advanced"]
        mixed = options["mixed_sides"]
        self.player_side_b = self.advanced and mixed != "a_player_boards"
        self.scroll_side_b = self.advanced and mixed != "a_scroll_boards"
        self.solo_repop_de = options["solo_repopulation"] == "de"
