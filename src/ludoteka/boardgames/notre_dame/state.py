"""Notre Dame: the state of a game, its declared fields and the small rules every phase shares
(rule IDs refer to the digest shared/rules/notre-dame.md).

Fields are flat lists of ints indexed by seat (or seat * 7 + sector), so `clone()` is a handful
of list copies. Cards are ints: `seat * 9 + type`, type 0..6 the sectors, 7 Notre Dame,
8 Trusted Friend. Persons are indexes into the data file's list. Markets are indexes into the
layout's market list. What is pending is the kernel's stack of frames: the decisions and the
steps of a round are kinds declared in draft.py, actions.py, coins.py, bribes.py, plague.py and
rounds.py.
"""
from __future__ import annotations

from typing import Any

from ...kernel import GameState
from ...kernel.fields import Const, Flags, Int, Ints, Tuple, Tuples, slots
from .coins import SETTLE_DEBT
from .data import CARD_TYPES, SECTOR_COUNT
from .frames import FLOW, phase_of
from .keys import CATEGORY_COUNT, NOTRE_DAME, PARK, PARK_POINTS, PRESTIGE_CATEGORIES

MAX_CARD = 5 * CARD_TYPES - 1
# More prestige than 9 rounds can give (2 cards a round, each worth a few points with the park
# bonus, 3 persons, messages and Notre Dame scorings: the games played score under 100).
MAX_PRESTIGE = 1000


class NotreDameState(GameState):
    """A game of Notre Dame for 2 to 5 players."""

    FIELDS = (
        Const("game", doc="the NotreDame game object this state belongs to"),
        Const("data", doc="the component data (data.py)"),
        Const("boroughs", doc="boroughs on the board: 4 with 2 players (ND-24.1), else one a seat"),
        Const("seat_borough", doc="the borough of each seat (opposite ones with 2 players, ND-24.2)"),
        Const("seat_names", doc="each seat as players call it (`name`), worked out once"),
        Int("round", lo=1, hi=9, doc="the round, 1..9"),
        Int("start", lo=0, hi=4, doc="the start player, who holds the bell-ringer"),
        Ints("sector_stones", per_seat=SECTOR_COUNT, lo=0, hi=14, doc="stones per seat and sector"),
        Ints("friend", per_seat=1, lo=-1, hi=SECTOR_COUNT - 1, doc="the trusted friend's sector, -1 off the board"),
        Ints("personal", per_seat=1, lo=0, hi=14, doc="stones in the personal supply"),
        Ints("general", per_seat=1, lo=0, hi=14, doc="stones in the general supply"),
        Ints("notre_dame_stones", per_seat=1, lo=0, hi=14, doc="stones on Notre Dame"),
        Ints("coins", per_seat=1, lo=0, hi=25),
        Int("supply", lo=0, hi=25, doc="coins in the bank"),
        Ints("prestige", per_seat=1, lo=0, hi=MAX_PRESTIGE, hidden="owner",
             doc="prestige; hidden from the others unless open_prestige (ND-10.3, ND-AMB-21)"),
        Ints("points", per_seat=CATEGORY_COUNT, lo=-MAX_PRESTIGE, hi=MAX_PRESTIGE, hidden="owner",
             doc="prestige by category (PRESTIGE_CATEGORIES); each seat's sum is its prestige"),
        Ints("rat", per_seat=1, lo=0, hi=9, doc="rat marker, 0..9"),
        Ints("carriage", per_seat=1, lo=0, hi=24, doc="the market of each carriage"),
        Ints("held", lo=0, hi=4, doc="messages held, seat * boroughs + colour"),
        Ints("msg_at", lo=-1, hi=19, doc="the message on each market (colour * kinds + kind), -1 none"),
        Ints("on_board", lo=0, hi=4, doc="messages of each colour still on the board"),
        Tuples("deck", lo=0, hi=MAX_CARD, hidden="all", doc="each seat's action deck, top last"),
        Tuples("offer", lo=0, hi=MAX_CARD, hidden="owner", doc="the draft cards a seat chooses from"),
        Tuples("outgoing", lo=0, hi=MAX_CARD, hidden="owner", doc="the cards a seat passes left this pass"),
        Tuples("hand", lo=0, hi=MAX_CARD, hidden="owner"),
        Tuples("played", lo=0, hi=MAX_CARD, doc="cards played face up this round"),
        Tuple("discard", lo=0, hi=MAX_CARD, doc="cards played in earlier rounds of the period"),
        Tuple("unused", lo=0, hi=MAX_CARD, hidden="all", doc="the unused third cards, face down"),
        Ints("known", per_seat=1, lo=0, hi=(1 << 45) - 1, hidden="owner",
             doc="bitmask of the cards whose place each seat knows"),
        Ints("passed", per_seat=1, lo=0, hi=(1 << 45) - 1, hidden="owner",
             doc="bitmask of the cards each seat passed face down in this round's first draft pass"),
        Tuple("brown", lo=0, hi=14, hidden="all", doc="the brown person deck, top last"),
        Tuple("gray", lo=0, hi=14, hidden="all", doc="the gray person deck, top last (A, then B, then C)"),
        Tuple("display", lo=0, hi=14, doc="the three persons of this round"),
        Flags("bribed", per_seat=1),
        Flags("physician", per_seat=1, doc="bribed the Physician this round (ND-18.10)"),
    )
    __slots__ = slots(FIELDS)
    FLOW = FLOW

    # ------------------------------------------------------------------ small helpers
    def name(self, seat: int) -> str:
        """A seat as players call it: its colour and number."""
        return self.seat_names[seat]

    def place_name(self, where: int) -> str:
        """A sector's name, or Notre Dame."""
        return "Notre Dame" if where == NOTRE_DAME else self.data.card_names[where]

    def count(self, seat: int, sector: int) -> int:
        """Stones on a sector now, the trusted friend counting as one (ND-7.6, ND-13.5)."""
        return self.sector_stones[seat * SECTOR_COUNT + sector] + (1 if self.friend[seat] == sector else 0)

    def park_bonus(self, seat: int) -> int:
        """Extra PP per PP-giving event: one per complete pair in the park (ND-14.3)."""
        return self.count(seat, PARK) >> 1

    def plague_value(self) -> int:
        """Rats on the three displayed persons (ND-20.1)."""
        persons = self.data.persons
        return sum(persons[p].rats for p in self.display)

    def phase(self) -> str:
        """The phase now (ND-3.2), derived from the pending frames: a hotel, carriage or payer
        decision that a bribe triggered belongs to phase 4, 'bribes'."""
        return phase_of(self)

    def gain_pp(self, seat: int, points: int, category: int, why: str) -> None:
        """Gain prestige; a gain of more than 0 gets the park bonus once (ND-14.3, ND-14.4, ND-AMB-4).
        The event is seen by the gaining seat only, unless the option open_prestige is on."""
        if points <= 0:
            return
        bonus = self.park_bonus(seat)
        self.prestige[seat] += points + bonus
        base = seat * CATEGORY_COUNT
        self.points[base + category] += points
        self.points[base + PARK_POINTS] += bonus
        extra = f", {bonus} of it the park bonus" if bonus else ""
        self.event("prestige", f"{self.name(seat)} gains {points + bonus} prestige ({why}{extra}).",
                   {"seat": seat, "points": points, "park_bonus": bonus,
                    "category": PRESTIGE_CATEGORIES[category]}, (seat,),
                   None if self.options["open_prestige"] else seat)

    def lose_pp(self, seat: int, points: int, category: int) -> int:
        """Lose up to `points` prestige (never below 0); returns what was lost."""
        lost = min(points, self.prestige[seat])
        self.prestige[seat] -= lost
        self.points[seat * CATEGORY_COUNT + category] -= lost
        return lost

    def gain_stones(self, seat: int, wanted: int) -> int:
        """Move up to `wanted` stones from the general to the personal supply (ND-AMB-9/10)."""
        got = min(wanted, self.general[seat])
        self.general[seat] -= got
        self.personal[seat] += got
        if got:
            self.event("stones", f"{self.name(seat)} takes {got} stone{'s' if got != 1 else ''} "
                       f"into the personal supply.", {"seat": seat, "stones": got}, (seat,))
        return got

    def rat_back(self, seat: int, steps: int) -> None:
        """Move the rat marker back; steps below 0 are lost (ND-12.3, ND-14.2, ND-15.2)."""
        before = self.rat[seat]
        self.rat[seat] = max(0, before - steps)
        if before != self.rat[seat]:
            self.event("rat", f"{self.name(seat)} moves the rat marker back to {self.rat[seat]}.",
                       {"seat": seat, "rat": self.rat[seat]}, (seat,))

    def gain_coins(self, seat: int, wanted: int, bank: bool) -> None:
        """Take coins from the supply; a shortfall is owed by the richest other players (ND-9.3,
        ND-AMB-7/8): a frame settling it runs once the effect in progress is done."""
        got = min(wanted, self.supply)
        self.supply -= got
        self.coins[seat] += got
        if got:
            self.event("coins", f"{self.name(seat)} takes {got} coin{'s' if got != 1 else ''}.",
                       {"seat": seat, "coins": got}, (seat,))
        if wanted > got and (bank or self.options["coin_shortage"] == "richest_pays"):
            self.push(SETTLE_DEBT(seat, wanted - got))

    def coin_possible(self, seat: int) -> bool:
        """Whether a coin gain can bring `seat` anything (ND-AMB-30)."""
        return self.supply > 0 or (self.options["coin_shortage"] == "richest_pays" and
                                   any(self.coins[s] for s in range(self.players) if s != seat))

    def may_take(self, seat: int, colour: int) -> bool:
        """ND-11.8, ND-11.9: only a colour held least, among colours still on the board."""
        b = self.boroughs
        held = self.held
        base = seat * b
        mine = held[base + colour]
        on_board = self.on_board
        for c in range(b):
            if on_board[c] and held[base + c] < mine:
                return False
        return True

    def empty_sectors(self, seat: int) -> list[int]:
        """Sectors with no stone and no trusted friend."""
        return [s for s in range(SECTOR_COUNT) if self.count(seat, s) == 0]

    def plague_sectors(self, seat: int) -> list[int]:
        """ND-20.7 to ND-20.9, ND-AMB-19: the fullest sectors (friend counted) that hold a stone."""
        counts = [self.count(seat, s) for s in range(SECTOR_COUNT)]
        most = max(counts)
        base = seat * SECTOR_COUNT
        return [s for s in range(SECTOR_COUNT) if counts[s] == most and self.sector_stones[base + s] > 0] if most else []

    # ------------------------------------------------------------------ scores
    def scores(self) -> list[float]:
        """Prestige points per seat (ND-23.2)."""
        return list(self.prestige)

    def tiebreak(self, seat: int) -> int:
        """ND-23.3: coins plus stones in the personal supply."""
        return self.coins[seat] + self.personal[seat]

    def winners(self) -> list[int]:
        """Most prestige; ties broken by coins + personal stones; still tied: shared (ND-23, ND-AMB-25)."""
        best = max(self.prestige)
        tied = [s for s in range(self.players) if self.prestige[s] == best]
        top = max(self.tiebreak(s) for s in tied)
        return [s for s in tied if self.tiebreak(s) == top]

    def score_breakdown(self) -> list[dict[str, dict[str, Any]]]:
        """Per seat, prestige by category (residence, messages, persons bribed, Notre Dame
        donations, Notre Dame scoring, park bonus, plague losses as a negative number), summing
        exactly to `scores()`, and the tiebreak of ND-23.3 (coins + personal stones).

        It is meant for the end-of-game table. While the game is on it includes prestige that is
        hidden from the other seats (unless open_prestige): the server shows it only at the end.
        """
        out = []
        for seat in range(self.players):
            base = seat * CATEGORY_COUNT
            points = {name: self.points[base + i] for i, name in enumerate(PRESTIGE_CATEGORIES)}
            out.append({"points": points,
                        "tiebreak": {"coins_and_personal_stones": self.tiebreak(seat)}})
        return out

    def _after_restore(self) -> None:
        """The seats' boroughs and names (the kernel then checks the frames, see checks.py)."""
        n = self.players
        self.boroughs = 4 if n == 2 else n
        self.seat_borough = (0, 2) if n == 2 else tuple(range(n))
        self.seat_names = seat_names(self.data, self.seat_borough)


def seat_names(data, seat_borough: tuple[int, ...]) -> tuple[str, ...]:
    """Each seat as players call it: its colour and number."""
    return tuple(f"{data.colours[borough].capitalize()} (seat {seat})" for seat, borough in enumerate(seat_borough))
