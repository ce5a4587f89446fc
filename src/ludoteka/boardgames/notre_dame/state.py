"""Notre Dame: the state of a game and every rule that changes it (rule IDs refer to the digest).

Fields are flat lists of ints indexed by seat (or seat * 7 + sector), so `clone()` is a handful
of list copies. Cards are ints: `seat * 9 + type`, type 0..6 the sectors, 7 Notre Dame,
8 Trusted Friend. Persons are indexes into the data file's list. Markets are indexes into the
layout's market list. A turn is a sequence of small decisions; `stage` says which one is pending.
"""
from __future__ import annotations

from typing import Any

from ...kernel import Action
from ...kernel.legacy import LegacyState as GameState
from ...kernel import rng as rnd
from ...kernel.errors import BadRecord
from .data import CARD_TYPES, NOTRE_DAME_CARD, SECTOR_COUNT, TRUSTED_FRIEND_CARD, Components

CLOISTER_SCHOOL, BANK, RESIDENCE, CARRIAGE_HOUSE, HOTEL, PARK, HOSPITAL = range(7)
NOTRE_DAME = NOTRE_DAME_CARD      # also the "sector" index used for a stone on Notre Dame
OFF_BOARD = -1

# Pending decisions.
(S_DRAFT_FIRST, S_DRAFT_SECOND, S_PLAY, S_PLACE, S_DONATE, S_FRIEND, S_HOTEL, S_CARRIAGE, S_PAYER,
 S_BRIBE, S_BARMAID, S_MINSTREL, S_MINSTREL_COUNT, S_JUGGLER, S_JUGGLER_TO, S_BISHOP, S_PLAGUE,
 S_OVER) = range(18)
STAGE_NAMES = ("draft: keep 1 of 3", "draft: keep 1 of 2", "play an action card", "place a stone",
               "donate to Notre Dame", "place the trusted friend", "hotel reward", "move the carriage",
               "who pays the missing coin", "bribe a person", "barmaid reward", "minstrel: move stones",
               "minstrel: how many", "juggler: what to move", "juggler: where to", "bishop: which sector",
               "plague: which sector loses a stone", "game over")
PHASE_OF_STAGE = ("draft", "draft", "actions", "actions", "actions", "actions", "actions", "actions",
                  "actions", "bribes", "bribes", "bribes", "bribes", "bribes", "bribes", "bribes",
                  "plague", "over")

# Where a finished effect returns to.
RESUME_PLAY, RESUME_BRIBE = 0, 1

# What an observer knows of where each card is: `known[obs]` is a bitmask of cards whose place
# the observer knows; `passed[obs]` of the cards it passed face down in this round's first draft
# pass (each is in one of a few hands). All other cards of the period are unseen by it.

HOTEL_COIN, HOTEL_STONE, HOTEL_RAT = "coin", "stone", "rat"


class NotreDameState(GameState):
    """A game of Notre Dame for 2 to 5 players."""

    __slots__ = (
        "game", "data", "rng", "round", "stage", "start", "turn", "play_pass", "boroughs", "seat_borough",
        "sec", "friend", "personal", "general", "nd", "coins", "pp", "rat", "carriage", "supply",
        "held", "msg_at", "on_board", "deck", "offer", "outgoing", "hand", "played", "discard",
        "unused", "known", "passed", "brown", "gray", "display", "bribed", "physician",
        "card", "count", "resume", "debt", "mover", "dest", "plague_queue")

    # ------------------------------------------------------------------ setup (ND-2)
    def _setup(self, game: Any, data: Components, players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.data = data
        self.players = players
        self.seed = seed
        self.options = options
        self._history = None
        self._log = None
        self._legal = None
        rng = rnd.seed_state(seed)
        n = players
        self.boroughs = 4 if n == 2 else n                      # ND-24.1
        self.seat_borough = (0, 2) if n == 2 else tuple(range(n))  # ND-24.2: opposite boroughs
        layout = data.layouts[self.boroughs]
        self.round = 1
        self.turn = 0
        self.play_pass = 0
        start = options["start_player"]
        if start == "random":                                    # ND-2.15, ND-AMB-26
            rng, start = rnd.below(rng, n)
        elif start >= n:
            from ...kernel.errors import BadOption
            raise BadOption(f"notre-dame: start_player {start} does not exist with {n} players; "
                            f"allowed: 'random' or 0 to {n - 1}")
        self.start = start
        self.sec = [0] * (n * SECTOR_COUNT)
        self.friend = [OFF_BOARD] * n                            # ND-2.5
        self.personal = [data.start_personal_stones] * n         # ND-2.7
        self.general = [data.stones_per_colour - data.start_personal_stones] * n  # ND-2.8
        self.nd = [0] * n
        self.coins = [data.start_coins] * n                      # ND-2.11
        self.supply = data.coins_total - data.start_coins * n
        self.pp = [0] * n                                        # ND-2.16
        self.rat = [0] * n                                       # ND-2.12
        self.carriage = [layout.start[self.seat_borough[s]] for s in range(n)]  # ND-2.6
        b = self.boroughs
        self.held = [0] * (n * b)
        self.msg_at = [-1] * len(layout.names)
        kinds = len(data.messages)
        for q in range(b):                                       # ND-2.9, ND-24.3
            order = list(range(kinds))
            rng = rnd.shuffle(rng, order)
            for market, kind in zip(layout.message_markets[q], order):
                self.msg_at[market] = q * kinds + kind
        self.on_board = [kinds] * b
        # Card piles are tuples, shared by clones and replaced when they change.
        self.deck = []
        for s in range(n):                                       # ND-2.10
            cards = [s * CARD_TYPES + t for t in range(CARD_TYPES)]
            rng = rnd.shuffle(rng, cards)
            self.deck.append(tuple(cards))
        self.offer = [()] * n
        self.outgoing = [()] * n
        self.hand = [()] * n
        self.played = [()] * n
        self.discard = ()
        self.unused = ()
        self.known = [0] * n
        self.passed = [0] * n
        persons = data.persons
        brown = [p.index for p in persons if p.deck == "brown"]   # ND-2.13
        rng = rnd.shuffle(rng, brown)
        self.brown = tuple(brown)                                # top of a deck = end of its tuple
        gray = []
        for letter in ("C", "B", "A"):                           # ND-2.14: A on top, then B, then C
            pile = [p.index for p in persons if p.deck == letter]
            rng = rnd.shuffle(rng, pile)
            gray.extend(pile)
        self.gray = tuple(gray)
        self.display = ()
        self.bribed = [False] * n
        self.physician = [False] * n
        self.card = self.count = self.mover = self.dest = 0
        self.resume = RESUME_PLAY
        self.debt = 0
        self.plague_queue = ()
        self.rng = rng
        self._log_event(f"Start player: {self._name(start)} holds the bell-ringer.")
        self._start_round()

    # ------------------------------------------------------------------ small helpers
    def _name(self, seat: int) -> str:
        return f"{self.data.colours[self.seat_borough[seat]]} (seat {seat})"

    def _count(self, seat: int, sector: int) -> int:
        """Stones on a sector now, the trusted friend counting as one (ND-7.6, ND-13.5)."""
        return self.sec[seat * SECTOR_COUNT + sector] + (1 if self.friend[seat] == sector else 0)

    def park_bonus(self, seat: int) -> int:
        """Extra PP per PP-giving event: one per complete pair in the park (ND-14.3)."""
        return self._count(seat, PARK) >> 1

    def _gain_pp(self, seat: int, points: int, why: str) -> None:
        """Gain prestige; a gain of more than 0 gets the park bonus once (ND-14.3, ND-14.4, ND-AMB-4)."""
        if points > 0:
            bonus = self.park_bonus(seat)
            self.pp[seat] += points + bonus
            extra = f" + {bonus} park bonus" if bonus else ""
            self._log_event(f"{self._name(seat)} gains {points}{extra} prestige ({why}).",
                            None if self.options["open_prestige"] else seat)

    def _gain_stones(self, seat: int, wanted: int) -> int:
        """Move up to `wanted` stones from the general to the personal supply (ND-AMB-9/10)."""
        got = min(wanted, self.general[seat])
        self.general[seat] -= got
        self.personal[seat] += got
        return got

    def _rat_back(self, seat: int, steps: int) -> None:
        """Move the rat marker back; steps below 0 are lost (ND-12.3, ND-14.2, ND-15.2)."""
        self.rat[seat] = max(0, self.rat[seat] - steps)

    def _gain_coins(self, seat: int, wanted: int, bank: bool) -> None:
        """Take coins from the supply; a shortfall is owed by the richest other players (ND-9.3,
        ND-AMB-7/8). The debt is settled by `_finish`, which may ask who pays on a tie."""
        got = min(wanted, self.supply)
        self.supply -= got
        self.coins[seat] += got
        if wanted > got and (bank or self.options["coin_shortage"] == "richest_pays"):
            self.debt += wanted - got

    def _acting(self) -> int:
        return (self.start + self.turn) % self.players

    # ------------------------------------------------------------------ round structure
    def _start_round(self) -> None:
        """Phase 1 (ND-4.1) and the draw of phase 2 (ND-5.1)."""
        brown, gray = self.brown, self.gray
        self.display = (brown[-1], brown[-2], gray[-1])
        self.brown = brown[:-2]
        self.gray = gray[:-1]
        names = ", ".join(self.data.persons[p].name for p in self.display)
        period = "ABC"[(self.round - 1) // self.data.rounds_per_period]
        self._log_event(f"Round {self.round} (period {period}): persons {names}; "
                        f"plague value {self.plague_value()}.")
        n = self.players
        for s in range(n):
            self.bribed[s] = False
            self.physician[s] = False
            deck = self.deck[s]
            offer = (deck[-1], deck[-2], deck[-3])
            self.deck[s] = deck[:-3]
            self.offer[s] = offer
            self.known[s] |= (1 << offer[0]) | (1 << offer[1]) | (1 << offer[2])
        self.stage = S_DRAFT_FIRST
        self.turn = 0
        self.to_act = self.start

    def phase(self) -> str:
        """The phase now (ND-3.2). A hotel, carriage or payer decision that a bribe triggered
        (Juggler, Bishop, Barmaid, Moneylender) belongs to phase 4, not to phase 3."""
        if self.stage in (S_HOTEL, S_CARRIAGE, S_PAYER) and self.resume == RESUME_BRIBE:
            return "bribes"
        return PHASE_OF_STAGE[self.stage]

    def plague_value(self) -> int:
        """Rats on the three displayed persons (ND-20.1)."""
        persons = self.data.persons
        return sum(persons[p].rats for p in self.display)

    def _draft_pick(self, card_type: int) -> None:
        """ND-5.2, ND-5.4: keep one card of the offer; the rest go face down to the left."""
        seat = self.to_act
        n = self.players
        offer = self.offer[seat]
        card = next(c for c in offer if c % CARD_TYPES == card_type)
        self.hand[seat] += (card,)
        rest = tuple(c for c in offer if c != card)
        self.outgoing[seat] = rest
        self.offer[seat] = ()
        if self.stage == S_DRAFT_FIRST:
            for c in rest:
                self.known[seat] &= ~(1 << c)
                self.passed[seat] |= 1 << c
        self._log_event(f"You keep {self.data.card_names[card_type]} and pass "
                        + " and ".join(self.data.card_names[c % CARD_TYPES] for c in rest) + " to the left.",
                        seat)
        self.turn += 1
        if self.turn < n:
            self.to_act = (self.start + self.turn) % n
            return
        # Everyone has chosen: the passing is simultaneous (ND-5.3).
        outgoing = self.outgoing
        if self.stage == S_DRAFT_FIRST:
            for s in range(n):
                received = outgoing[(s - 1) % n]
                self.offer[s] = received
                self.known[s] |= (1 << received[0]) | (1 << received[1])
            self.outgoing = [()] * n
            self.stage = S_DRAFT_SECOND
            self.turn = 0
            self.to_act = self.start
            self._log_event("Each player passes two cards face down to the left.")
            return
        for s in range(n):                                        # ND-5.5, ND-5.6
            card = outgoing[(s - 1) % n][0]
            self.hand[s] += (card,)
            self.known[s] |= 1 << card
            if n == 2:                                            # ND-24.4: one came back, the other is
                self.known[s] |= self.passed[s]                   # in the opponent's hand
                self.passed[s] = 0
        self.outgoing = [()] * n
        self._log_event("Each player passes the last card to the left; every hand holds 3 cards.")
        self.stage = S_PLAY
        self.turn = 0
        self.play_pass = 0
        self.to_act = self.start

    # ------------------------------------------------------------------ phase 3: action cards
    def _play_card(self, card_type: int) -> None:
        """ND-6.1: play one card face up, then carry out (or decline) its action."""
        seat = self.to_act
        hand = self.hand[seat]
        card = min(c for c in hand if c % CARD_TYPES == card_type)   # equal cards: colour has no effect (ND-5.7)
        self.hand[seat] = tuple(c for c in hand if c != card)
        self.played[seat] += (card,)
        bit = 1 << card
        known = self.known
        passed = self.passed
        for obs in range(self.players):
            known[obs] |= bit
            passed[obs] &= ~bit
        self._log_event(f"{self._name(seat)} plays {self.data.card_names[card_type]}.")
        self.card = card_type
        self.resume = RESUME_PLAY
        if card_type == TRUSTED_FRIEND_CARD:
            self.stage = S_FRIEND
        elif card_type == NOTRE_DAME_CARD and self.coins[seat] == 0:
            self._log_event(f"{self._name(seat)} has no coin to donate and places nothing (ND-16.4).")
            self._finish()
        elif not self._place_keys(seat, card_type)[:-1]:
            self._log_event(f"{self._name(seat)} has no stone to place; the action is not carried out (ND-7.5).")
            self._finish()
        else:
            self.stage = S_PLACE

    def _place_keys(self, seat: int, target: int) -> list[str]:
        """ND-7.1 to ND-7.5: place from the personal supply, or (only if it is empty) move a stone."""
        if self.personal[seat] > 0:
            return ["place", "decline"]
        keys = []
        base = seat * SECTOR_COUNT
        for s in range(SECTOR_COUNT):
            if s != target and self.sec[base + s] > 0:
                keys.append(FROM_KEYS[s])
        if target != NOTRE_DAME and self.nd[seat] > 0:
            keys.append(FROM_KEYS[NOTRE_DAME])
        keys.append("decline")
        return keys

    def _place(self, key: str) -> None:
        seat = self.to_act
        target = self.card
        if key == "decline":
            self._log_event(f"{self._name(seat)} declines the action (ND-6.6).")
            self._finish()
            return
        if key == "place":
            self.personal[seat] -= 1
            source = "from the personal supply"
        else:
            origin = FROM_INDEX[key]
            if origin == NOTRE_DAME:
                self.nd[seat] -= 1
            else:
                self.sec[seat * SECTOR_COUNT + origin] -= 1
            source = f"moved from {self._place_name(origin)}"
        if target == NOTRE_DAME:
            self.nd[seat] += 1
            self._log_event(f"{self._name(seat)} puts a stone on Notre Dame ({source}).")
            if self.coins[seat] == 1:
                self._donate(1)
            else:
                self.stage = S_DONATE
            return
        self.sec[seat * SECTOR_COUNT + target] += 1
        self._log_event(f"{self._name(seat)} puts a stone in the {self._place_name(target)} ({source}).")
        self._sector_action(seat, target)

    def _place_name(self, where: int) -> str:
        return "Notre Dame" if where == NOTRE_DAME else self.data.card_names[where]

    def _donate(self, amount: int) -> None:
        """ND-16.2, ND-16.3: 1, 2 or 3 coins give 1, 3 or 6 PP (plus the park bonus)."""
        seat = self.to_act
        self.coins[seat] -= amount
        self.supply += amount
        self._log_event(f"{self._name(seat)} donates {amount} coin{'s' if amount > 1 else ''}.")
        self._gain_pp(seat, DONATION_PP[amount], "Notre Dame donation")
        self._finish()

    def _friend_keys(self, seat: int) -> list[str]:
        """ND-13.1 to ND-13.3: any of the 7 sectors, but not the one it stands on."""
        here = self.friend[seat]
        return [FRIEND_KEYS[s] for s in range(SECTOR_COUNT) if s != here] + ["decline"]

    def _move_friend(self, key: str) -> None:
        seat = self.to_act
        if key == "decline":
            self._log_event(f"{self._name(seat)} declines the action (ND-6.6).")
            self._finish()
            return
        sector = FRIEND_INDEX[key]
        self.friend[seat] = sector
        self._log_event(f"{self._name(seat)} puts the trusted friend in the {self.data.card_names[sector]}.")
        self._sector_action(seat, sector)                         # ND-13.4

    def _sector_action(self, seat: int, sector: int) -> None:
        """Carry out a sector's action for `seat` with the count after placement (ND-8 to ND-15)."""
        count = self._count(seat, sector)
        if sector == CLOISTER_SCHOOL:                            # ND-8.2, ND-8.4
            got = self._gain_stones(seat, count)
            self._log_event(f"{self._name(seat)} takes {got} stone{'s' if got != 1 else ''} "
                            f"from the general supply (cloister school {count}).")
        elif sector == BANK:                                     # ND-9.2, ND-9.3
            self._log_event(f"{self._name(seat)} takes {count} coin{'s' if count != 1 else ''} (bank {count}).")
            self._gain_coins(seat, count, bank=True)
        elif sector == RESIDENCE:                                # ND-10.2
            self._gain_pp(seat, count, f"residence {count}")
        elif sector == CARRIAGE_HOUSE:                           # ND-11.2
            self.count = count
            self.stage = S_CARRIAGE
            self.to_act = seat
            return
        elif sector == HOTEL:                                    # ND-12.2, ND-12.4
            self.count = count
            if len(self._hotel_keys(seat)) > 1:
                self.stage = S_HOTEL
                self.to_act = seat
                return
        else:                                                    # PARK (ND-14.2), HOSPITAL (ND-15.2)
            before = self.rat[seat]
            self._rat_back(seat, 1)
            if before:
                self._log_event(f"{self._name(seat)} moves the rat marker back to {self.rat[seat]}.")
        self._finish()

    def _hotel_keys(self, seat: int) -> list[str]:
        """The hotel's options that have an effect, plus declining (ND-12.2 to 12.4, ND-AMB-11, ND-AMB-30)."""
        coin_ok = self.supply > 0 or (self.options["coin_shortage"] == "richest_pays" and
                                      any(self.coins[s] for s in range(self.players) if s != seat))
        stones = self.general[seat]
        rat = self.rat[seat]
        if self.count <= 3:
            keys = [k for k, ok in ((HOTEL_KEYS[0], coin_ok), (HOTEL_KEYS[1], stones > 0),
                                    (HOTEL_KEYS[2], rat > 0)) if ok]
        else:
            coin_limit = 2 if self.options["coin_shortage"] == "richest_pays" else min(2, self.supply)
            limits = {HOTEL_COIN: coin_limit if coin_ok else 0, HOTEL_STONE: min(2, stones), HOTEL_RAT: min(2, rat)}
            keys = [key for key, parts in HOTEL_PAIRS if all(
                parts.count(p) <= limits[p] for p in parts)]
            if not keys:   # only one single option has any effect
                keys = [k for k, p in zip(HOTEL_KEYS, (HOTEL_COIN, HOTEL_STONE, HOTEL_RAT)) if limits[p]]
        return keys + ["hotel:none"]

    def _hotel(self, key: str) -> None:
        seat = self.to_act
        parts = HOTEL_PARTS[key]
        for part in parts:
            if part == HOTEL_STONE:
                self._gain_stones(seat, 1)
            elif part == HOTEL_RAT:
                self._rat_back(seat, 1)
        coins = parts.count(HOTEL_COIN)
        if coins:
            self._gain_coins(seat, coins, bank=False)
        self._log_event(f"{self._name(seat)} takes from the hotel: {', '.join(parts) or 'nothing'}.")
        self._finish()

    def _carriage_keys(self, seat: int) -> list[str]:
        """ND-11.2 to ND-11.9: any market within `count` roads; take an allowed message there."""
        layout = self.data.layouts[self.boroughs]
        here = self.carriage[seat]
        reach = layout.within[here][min(self.count, len(layout.within[here]) - 1)]
        allow_stay = self.options["carriage_may_stay"]
        names = layout.move_keys
        kinds = len(self.data.messages)
        keys = []
        for market in reach:
            if market == here and not allow_stay:               # ND-AMB-14 variant: at least 1 step
                continue
            keys.append(names[market][0])
            if self.msg_at[market] >= 0 and self._may_take(seat, self.msg_at[market] // kinds):
                keys.append(names[market][1])
        return keys

    def _may_take(self, seat: int, colour: int) -> bool:
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

    def _carriage(self, key: str) -> None:
        seat = self.to_act
        layout = self.data.layouts[self.boroughs]
        market, take = layout.move_index[key]
        self.carriage[seat] = market
        self._log_event(f"{self._name(seat)} moves the carriage to market {layout.names[market]}.")
        if take:                                                  # ND-11.6, ND-11.7
            code = self.msg_at[market]
            kinds = len(self.data.messages)
            colour, kind = divmod(code, kinds)
            self.msg_at[market] = -1
            self.on_board[colour] -= 1
            self.held[seat * self.boroughs + colour] += 1
            msg = self.data.messages[kind]
            self._log_event(f"{self._name(seat)} takes a {self.data.colours[colour]} message ({msg.id}).")
            if msg.stones:
                self._gain_stones(seat, msg.stones)
            if msg.rat_back:
                self._rat_back(seat, msg.rat_back)                # ND-11.10
            self._gain_pp(seat, msg.prestige, "message")          # ND-AMB-3
            if msg.coins:
                self._gain_coins(seat, msg.coins, bank=False)
        self._finish()

    def _payer_keys(self) -> list[str]:
        seat = self.to_act
        best = max(self.coins[s] for s in range(self.players) if s != seat)
        return [PAYER_KEYS[s] for s in range(self.players) if s != seat and self.coins[s] == best]

    def _finish(self) -> None:
        """An effect is complete: settle any coin shortfall (ND-9.3), then continue the phase."""
        while self.debt:
            seat = self._acting()
            others = [s for s in range(self.players) if s != seat]
            best = max(self.coins[s] for s in others)
            if best == 0:                                         # ND-AMB-8: nobody else has a coin
                self._log_event(f"No coin is left anywhere: {self._name(seat)} receives "
                                f"{self.debt} coin{'s' if self.debt > 1 else ''} fewer.")
                self.debt = 0
                break
            richest = [s for s in others if self.coins[s] == best]
            if len(richest) > 1:                                  # ND-AMB-8: the acting player chooses
                self.to_act = seat
                self.stage = S_PAYER
                return
            self._take_coin(seat, richest[0])
        if self.resume == RESUME_PLAY:
            self._next_play_turn()
        else:
            self._next_bribe_turn()

    def _take_coin(self, seat: int, payer: int) -> None:
        self.coins[payer] -= 1
        self.coins[seat] += 1
        self.debt -= 1
        self._log_event(f"The supply is empty: {self._name(payer)} gives 1 coin to {self._name(seat)} (ND-9.3).")

    def _next_play_turn(self) -> None:
        n = self.players
        self.turn += 1
        if self.turn == n:                                        # ND-6.2
            self.turn = 0
            self.play_pass += 1
            if self.play_pass == 2:                               # ND-6.3, ND-6.4
                for s in range(n):
                    self.unused += self.hand[s]
                    self.hand[s] = ()
                self._log_event("Each player puts the unused third card face down (ND-6.4).")
                self._start_bribes()
                return
        self.stage = S_PLAY
        self.to_act = self._acting()

    # ------------------------------------------------------------------ phase 4: bribes
    def _start_bribes(self) -> None:
        self.turn = 0
        self.stage = S_BRIBE
        self.resume = RESUME_BRIBE
        self._bribe_prompt()

    def _bribe_prompt(self) -> None:
        """ND-17.1, ND-17.3: a player without a coin cannot bribe and is passed over."""
        n = self.players
        while self.turn < n:
            seat = self._acting()
            if self.coins[seat] > 0:
                self.stage = S_BRIBE
                self.to_act = seat
                return
            self._log_event(f"{self._name(seat)} has no coin and cannot bribe.")
            self.turn += 1
        self._plague()

    def _next_bribe_turn(self) -> None:
        self.turn += 1
        self._bribe_prompt()

    def _bribe(self, key: str) -> None:
        seat = self.to_act
        if key == "pass":
            self._log_event(f"{self._name(seat)} bribes nobody.")
            self._next_bribe_turn()
            return
        person = self.data.persons[self.data.person_index[key]]
        self.coins[seat] -= 1                                      # ND-17.2: pay first
        self.supply += 1
        self.bribed[seat] = True
        self._log_event(f"{self._name(seat)} bribes the {person.name} (1 coin).")
        effect = person.effect
        base = seat * SECTOR_COUNT
        sec = self.sec
        if effect == "barmaid":                                   # ND-18.1
            self._gain_pp(seat, 3, "Barmaid")
            if len(self._barmaid_keys(seat)) > 1:
                self.stage = S_BARMAID
                return
        elif effect == "monk":                                    # ND-18.2
            self._gain_pp(seat, 1, "Monk")
            self._gain_stones(seat, 2)
        elif effect == "moneylender":                             # ND-18.3
            self._gain_pp(seat, 1, "Moneylender")
            self._gain_coins(seat, 2, bank=False)
        elif effect == "minstrel":                                # ND-18.4 to ND-18.6
            if self._minstrel_keys(seat):
                self.stage = S_MINSTREL
                return
        elif effect == "juggler":                                 # ND-18.7 to ND-18.9
            if self._juggler_keys(seat):
                self.stage = S_JUGGLER
                return
        elif effect == "physician":                               # ND-18.10
            self.physician[seat] = True
        elif effect == "city_guard":                              # ND-19.1
            pieces = sum(sec[base:base + SECTOR_COUNT]) + (self.friend[seat] >= 0) + self.nd[seat]
            self._gain_pp(seat, pieces, "City Guard")
        elif effect == "night_watchman":                          # ND-19.2
            empty = sum(1 for s in range(SECTOR_COUNT) if self._count(seat, s) == 0)
            self._gain_pp(seat, empty, "Night Watchman")
        elif effect == "bishop":                                  # ND-19.3, ND-AMB-17
            if self.general[seat] > 0 and self._bishop_keys(seat):
                self.stage = S_BISHOP
                return
            self._log_event(f"The Bishop has no effect for {self._name(seat)} (ND-AMB-17).")
        elif effect == "guild_master":                            # ND-19.5
            self._gain_pp(seat, 2 * sum(1 for s in range(SECTOR_COUNT) if self._count(seat, s) >= 2),
                          "Guild Master")
        elif effect == "king_of_beggars":                         # ND-19.6, ND-AMB-29
            self._gain_pp(seat, self.data.plague_max - self.rat[seat], "King of Beggars")
        elif effect == "lawyer":                                  # ND-19.7
            held = sum(self.held[seat * self.boroughs:(seat + 1) * self.boroughs])
            self._gain_pp(seat, 3 * (held // 2), "Lawyer")
        elif effect == "lady_in_waiting":                         # ND-19.8
            self._gain_pp(seat, max(self._count(seat, s) for s in range(SECTOR_COUNT)), "Lady-in-Waiting")
        elif effect == "mayor":                                   # ND-19.9
            self._gain_pp(seat, 3 * sum(1 for s in range(SECTOR_COUNT) if self._count(seat, s) >= 3), "Mayor")
        elif effect == "carpenter":                               # ND-19.10
            self._gain_pp(seat, sum(1 for s in range(SECTOR_COUNT) if self._count(seat, s) >= 1), "Carpenter")
        self._finish()

    def _barmaid_keys(self, seat: int) -> list[str]:
        """ND-18.1 with ND-AMB-30: the options that have an effect, plus none."""
        coin_ok = self.supply > 0 or (self.options["coin_shortage"] == "richest_pays" and
                                      any(self.coins[s] for s in range(self.players) if s != seat))
        keys = [k for k, ok in (("barmaid:coin", coin_ok), ("barmaid:stone", self.general[seat] > 0),
                                ("barmaid:rat", self.rat[seat] > 0)) if ok]
        return keys + ["barmaid:none"]

    def _barmaid(self, key: str) -> None:
        seat = self.to_act
        if key == "barmaid:coin":
            self._gain_coins(seat, 1, bank=False)
        elif key == "barmaid:stone":
            self._gain_stones(seat, 1)
        elif key == "barmaid:rat":
            self._rat_back(seat, 1)
        self._log_event(f"{self._name(seat)} takes from the Barmaid: {key.split(':')[1]}.")
        self._finish()

    def _minstrel_keys(self, seat: int) -> list[str]:
        """ND-18.4, ND-18.5: from one sector with a stone or the friend to another sector."""
        return [MINSTREL_KEYS[a][b] for a in range(SECTOR_COUNT) if self._count(seat, a)
                for b in range(SECTOR_COUNT) if b != a]

    def _minstrel(self, key: str) -> None:
        self.mover, self.dest = MINSTREL_INDEX[key]
        keys = self._minstrel_count_keys(self.to_act)
        if len(keys) == 1:
            self._minstrel_move(keys[0])
        else:
            self.stage = S_MINSTREL_COUNT

    def _minstrel_count_keys(self, seat: int) -> list[str]:
        stones = self.sec[seat * SECTOR_COUNT + self.mover]
        friend = self.friend[seat] == self.mover
        keys = [MOVE_KEYS[k][0] for k in range(1, min(3, stones) + 1)]
        if friend:
            keys += [MOVE_KEYS[k][1] for k in range(0, min(2, stones) + 1)]
        return keys

    def _minstrel_move(self, key: str) -> None:
        seat = self.to_act
        stones, with_friend = MOVE_INDEX[key]
        base = seat * SECTOR_COUNT
        self.sec[base + self.mover] -= stones
        self.sec[base + self.dest] += stones
        if with_friend:
            self.friend[seat] = self.dest
        names = self.data.card_names
        parts = [f"{stones} stone{'s' if stones != 1 else ''}"] if stones else []
        what = " and ".join(parts + (["the trusted friend"] if with_friend else []))
        self._log_event(f"{self._name(seat)} moves {what} from the {names[self.mover]} to the "
                        f"{names[self.dest]} (Minstrel; no action, ND-18.6).")
        self._finish()

    def _juggler_keys(self, seat: int) -> list[str]:
        """ND-18.7: one stone or the friend, from a sector or Notre Dame (stones only there)."""
        keys = []
        base = seat * SECTOR_COUNT
        for s in range(SECTOR_COUNT):
            if self.sec[base + s]:
                keys.append(JUGGLE_KEYS[s][0])
            if self.friend[seat] == s:
                keys.append(JUGGLE_KEYS[s][1])
        if self.nd[seat]:
            keys.append(JUGGLE_KEYS[NOTRE_DAME][0])
        return keys

    def _juggler(self, key: str) -> None:
        self.mover, friend = JUGGLE_INDEX[key]
        self.count = friend
        self.stage = S_JUGGLER_TO

    def _juggler_to_keys(self) -> list[str]:
        return [JUGGLE_TO_KEYS[s] for s in range(SECTOR_COUNT) if s != self.mover]   # ND-18.9

    def _juggler_to(self, key: str) -> None:
        seat = self.to_act
        dest = JUGGLE_TO_INDEX[key]
        origin = self.mover
        names = self.data.card_names
        if self.count:
            self.friend[seat] = dest
            what = "the trusted friend"
        else:
            if origin == NOTRE_DAME:
                self.nd[seat] -= 1
            else:
                self.sec[seat * SECTOR_COUNT + origin] -= 1
            self.sec[seat * SECTOR_COUNT + dest] += 1
            what = "a stone"
        self._log_event(f"{self._name(seat)} moves {what} from {self._place_name(origin)} to the "
                        f"{names[dest]} (Juggler).")
        self._sector_action(seat, dest)                           # ND-18.8

    def _bishop_keys(self, seat: int) -> list[str]:
        return [BISHOP_KEYS[s] for s in range(SECTOR_COUNT) if self._count(seat, s) == 0]

    def _bishop(self, key: str) -> None:
        seat = self.to_act
        sector = BISHOP_INDEX[key]
        self.general[seat] -= 1                                   # ND-19.3: from the general supply
        self.sec[seat * SECTOR_COUNT + sector] += 1
        self._log_event(f"{self._name(seat)} puts a stone from the general supply in the "
                        f"{self.data.card_names[sector]} (Bishop).")
        self._sector_action(seat, sector)                         # ND-19.4

    # ------------------------------------------------------------------ phase 5: plague
    def _plague(self) -> None:
        """ND-20: every rat marker moves by the plague value less the hospital count."""
        value = self.plague_value()
        top = self.data.plague_max
        queue = []
        n = self.players
        for i in range(n):
            seat = (self.start + i) % n
            move = (0 if self.physician[seat] else value) - self._count(seat, HOSPITAL)   # ND-20.3, ND-18.10
            new = self.rat[seat] + move
            if new > top:                                         # ND-20.5 to ND-20.11
                self.rat[seat] = top
                lost = min(2, self.pp[seat])
                self.pp[seat] -= lost
                choices = self._plague_sectors(seat)
                stone = "a stone" if choices else "no stone (none can be removed, ND-AMB-19)"
                self._log_event(f"Plague: {self._name(seat)}'s rat marker would pass {top}: it stays on "
                                f"{top}, and they lose {lost} prestige and {stone}.")
                if len(choices) == 1:
                    self._lose_stone(seat, choices[0])
                elif choices:
                    queue.append(seat)
            else:
                self.rat[seat] = max(0, new)                      # ND-20.4, ND-20.12
        self._log_event("Plague: rat markers now " + ", ".join(
            f"{self._name(s)} {self.rat[s]}" for s in range(n)) + ".")
        self.plague_queue = tuple(queue)
        self._next_plague()

    def _plague_sectors(self, seat: int) -> list[int]:
        """ND-20.7 to ND-20.9, ND-AMB-19: the fullest sectors (friend counted) that hold a stone."""
        counts = [self._count(seat, s) for s in range(SECTOR_COUNT)]
        most = max(counts)
        base = seat * SECTOR_COUNT
        return [s for s in range(SECTOR_COUNT) if counts[s] == most and self.sec[base + s] > 0] if most else []

    def _lose_stone(self, seat: int, sector: int) -> None:
        self.sec[seat * SECTOR_COUNT + sector] -= 1
        self.general[seat] += 1
        self._log_event(f"{self._name(seat)} returns a stone from the {self.data.card_names[sector]} "
                        f"to the general supply.")

    def _next_plague(self) -> None:
        if self.plague_queue:
            self.stage = S_PLAGUE
            self.to_act = self.plague_queue[0]
            return
        self._end_round()

    def _plague_choice(self, key: str) -> None:
        seat = self.plague_queue[0]
        self.plague_queue = self.plague_queue[1:]
        self._lose_stone(seat, LOSE_INDEX[key])
        self._next_plague()

    # ------------------------------------------------------------------ end of round and period
    def _end_round(self) -> None:
        """ND-21, ND-AMB-27: Notre Dame scoring, persons under the decks, reshuffles, bell-ringer."""
        n = self.players
        for s in range(n):
            self.discard += self.played[s]
            self.played[s] = ()
            # The cards a seat passed that were not played lie face down in the discard now.
            self.known[s] |= self.passed[s]
            self.passed[s] = 0
        end_of_period = self.round % self.data.rounds_per_period == 0
        if end_of_period:
            self._score_notre_dame()
        display = self.display
        self.brown = (display[1], display[0]) + self.brown        # ND-3.3: under the decks
        self.gray = (display[2],) + self.gray
        self.display = ()
        if self.round == self.data.rounds:                        # ND-23.1
            self.stage = S_OVER
            self.to_act = None
            ranking = ", ".join(f"{self._name(s)} {self.pp[s]}" for s in range(n))
            self._log_event(f"Game over. Prestige: {ranking}. Winner: "
                            + " and ".join(self._name(s) for s in self.winners()) + ".")
            return
        rng = self.rng
        if end_of_period:
            brown = list(self.brown)
            rng = rnd.shuffle(rng, brown)                         # ND-3.6
            self.brown = tuple(brown)
            for s in range(n):                                    # ND-3.7
                cards = [s * CARD_TYPES + t for t in range(CARD_TYPES)]
                rng = rnd.shuffle(rng, cards)
                self.deck[s] = tuple(cards)
            self.discard = ()
            self.unused = ()
            self.known = [0] * n
            self.passed = [0] * n
            self._log_event("End of the period: brown persons and action cards are reshuffled.")
        self.rng = rng
        self.start = (self.start + 1) % n                         # ND-3.4
        self._log_event(f"The bell-ringer passes to {self._name(self.start)}.")
        self.round += 1
        self._start_round()

    def _score_notre_dame(self) -> None:
        """ND-22: tile value ÷ stones on Notre Dame, floored, per stone, plus one park bonus."""
        total = sum(self.nd)
        if total == 0:                                            # ND-22.5
            return
        per_stone = self.data.tile_points[self.players] // total
        for s in range(self.players):
            if self.nd[s]:
                self._gain_pp(s, per_stone * self.nd[s], f"Notre Dame, {self.nd[s]} × {per_stone}")
                self.general[s] += self.nd[s]                      # ND-22.4
                self.nd[s] = 0
        self._log_event(f"Notre Dame scoring: {total} stone{'s' if total > 1 else ''}, "
                        f"{per_stone} prestige each; the stones return to the general supply.")

    # ------------------------------------------------------------------ the kernel contract
    def _legal_keys(self) -> list[str]:
        stage = self.stage
        seat = self.to_act
        if stage == S_DRAFT_FIRST or stage == S_DRAFT_SECOND:
            return [KEEP_KEYS[c % CARD_TYPES] for c in self.offer[seat]]
        if stage == S_PLAY:
            types = sorted({c % CARD_TYPES for c in self.hand[seat]})
            return [PLAY_KEYS[t] for t in types]
        if stage == S_PLACE:
            return self._place_keys(seat, self.card)
        if stage == S_DONATE:
            return DONATE_KEYS[:min(3, self.coins[seat])]
        if stage == S_FRIEND:
            return self._friend_keys(seat)
        if stage == S_HOTEL:
            return self._hotel_keys(seat)
        if stage == S_CARRIAGE:
            return self._carriage_keys(seat)
        if stage == S_PAYER:
            return self._payer_keys()
        if stage == S_BRIBE:
            keys = self.data.bribe_keys
            return [keys[p] for p in self.display] + ["pass"]
        if stage == S_BARMAID:
            return self._barmaid_keys(seat)
        if stage == S_MINSTREL:
            return self._minstrel_keys(seat)
        if stage == S_MINSTREL_COUNT:
            return self._minstrel_count_keys(seat)
        if stage == S_JUGGLER:
            return self._juggler_keys(seat)
        if stage == S_JUGGLER_TO:
            return self._juggler_to_keys()
        if stage == S_BISHOP:
            return self._bishop_keys(seat)
        if stage == S_PLAGUE:
            return [LOSE_KEYS[s] for s in self._plague_sectors(seat)]
        return []

    def _apply(self, key: str) -> None:
        stage = self.stage
        if stage == S_DRAFT_FIRST or stage == S_DRAFT_SECOND:
            self._draft_pick(KEEP_INDEX[key])
        elif stage == S_PLAY:
            self._play_card(PLAY_INDEX[key])
        elif stage == S_PLACE:
            self._place(key)
        elif stage == S_DONATE:
            self._donate(DONATE_INDEX[key])
        elif stage == S_FRIEND:
            self._move_friend(key)
        elif stage == S_HOTEL:
            self._hotel(key)
        elif stage == S_CARRIAGE:
            self._carriage(key)
        elif stage == S_PAYER:
            self._take_coin(self.to_act, PAYER_INDEX[key])
            self._finish()
        elif stage == S_BRIBE:
            self._bribe(key)
        elif stage == S_BARMAID:
            self._barmaid(key)
        elif stage == S_MINSTREL:
            self._minstrel(key)
        elif stage == S_MINSTREL_COUNT:
            self._minstrel_move(key)
        elif stage == S_JUGGLER:
            self._juggler(key)
        elif stage == S_JUGGLER_TO:
            self._juggler_to(key)
        elif stage == S_BISHOP:
            self._bishop(key)
        elif stage == S_PLAGUE:
            self._plague_choice(key)

    def _describe(self, key: str) -> Action:
        from .render import describe_action
        return describe_action(self, key)

    def clone(self) -> "NotreDameState":
        """An independent copy (a few list copies; immutable data is shared)."""
        c = NotreDameState.__new__(NotreDameState)
        self._copy_kernel_fields(c)
        c.game = self.game
        c.data = self.data
        c.rng = self.rng
        c.round = self.round
        c.stage = self.stage
        c.start = self.start
        c.turn = self.turn
        c.play_pass = self.play_pass
        c.boroughs = self.boroughs
        c.seat_borough = self.seat_borough
        c.sec = self.sec[:]
        c.friend = self.friend[:]
        c.personal = self.personal[:]
        c.general = self.general[:]
        c.nd = self.nd[:]
        c.coins = self.coins[:]
        c.pp = self.pp[:]
        c.rat = self.rat[:]
        c.carriage = self.carriage[:]
        c.supply = self.supply
        c.held = self.held[:]
        c.msg_at = self.msg_at[:]
        c.on_board = self.on_board[:]
        c.deck = self.deck[:]
        c.offer = self.offer[:]
        c.outgoing = self.outgoing[:]
        c.hand = self.hand[:]
        c.played = self.played[:]
        c.discard = self.discard
        c.unused = self.unused
        c.known = self.known[:]
        c.passed = self.passed[:]
        c.brown = self.brown
        c.gray = self.gray
        c.display = self.display
        c.bribed = self.bribed[:]
        c.physician = self.physician[:]
        c.card = self.card
        c.count = self.count
        c.resume = self.resume
        c.debt = self.debt
        c.mover = self.mover
        c.dest = self.dest
        c.plague_queue = self.plague_queue
        return c

    def scores(self) -> list[float]:
        """Prestige points per seat (ND-23.2)."""
        return list(self.pp)

    def tiebreak(self, seat: int) -> int:
        """ND-23.3: coins plus stones in the personal supply."""
        return self.coins[seat] + self.personal[seat]

    def winners(self) -> list[int]:
        """Most prestige; ties broken by coins + personal stones; still tied: shared (ND-23, ND-AMB-25)."""
        best = max(self.pp)
        tied = [s for s in range(self.players) if self.pp[s] == best]
        top = max(self.tiebreak(s) for s in tied)
        return [s for s in tied if self.tiebreak(s) == top]

    # ------------------------------------------------------------------ hidden information
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (ND-5.3, ND-6.4, ND-10.3, 5.3 of the digest); None is a spectator."""
        from .render import view
        return view(self, seat)

    def determinize(self, seat: int, seed: int) -> "NotreDameState":
        """A full state `seat` cannot tell from this one: every card whose place `seat` does not
        know is swapped with other such cards of the same deck and knowledge class, unrevealed
        persons are reshuffled within their decks, and future chance gets a new seed.

        Prestige totals are kept: every change of them is a public event (ND-AMB-21), so a seat
        with perfect memory knows them.
        """
        d = self.clone()
        rng = rnd.seed_state(seed)
        n = self.players
        known, passed = self.known[seat], self.passed[seat]
        piles = [d.deck, d.hand, d.offer, d.outgoing]
        boxes = [(pile, s) for pile in piles for s in range(n) if pile is d.deck or s != seat]
        lists = [list(pile[s]) for pile, s in boxes]
        unused = list(d.unused)
        groups: dict[tuple[int, bool], list[tuple[list[int], int]]] = {}
        for box in lists + [unused]:
            for i, card in enumerate(box):
                if not known >> card & 1:
                    groups.setdefault((card // CARD_TYPES, bool(passed >> card & 1)), []).append((box, i))
        for slots in groups.values():
            if len(slots) > 1:
                cards = [box[i] for box, i in slots]
                rng = rnd.shuffle(rng, cards)
                for (box, i), card in zip(slots, cards):
                    box[i] = card
        for (pile, s), box in zip(boxes, lists):
            pile[s] = tuple(box)
        d.unused = tuple(unused)
        # Persons not yet revealed this period (ND-AMB-28): the top of each deck.
        returned = 2 * ((self.round - 1) % self.data.rounds_per_period)   # revealed earlier this period
        hidden_brown = len(d.brown) - returned if self.display else 0
        if hidden_brown > 1:
            top = list(d.brown[-hidden_brown:])
            rng = rnd.shuffle(rng, top)
            d.brown = d.brown[:-hidden_brown] + tuple(top)
        persons = self.data.persons
        hidden_gray = self.data.rounds - self.round if self.stage != S_OVER else 0
        if hidden_gray > 1:
            tail = list(d.gray[-hidden_gray:])
            by_letter: dict[str, list[int]] = {}
            for i, p in enumerate(tail):
                by_letter.setdefault(persons[p].deck, []).append(i)
            for positions in by_letter.values():
                cards = [tail[i] for i in positions]
                rng = rnd.shuffle(rng, cards)
                for i, p in zip(positions, cards):
                    tail[i] = p
            d.gray = d.gray[:-hidden_gray] + tuple(tail)
        d.rng = rnd.seed_state(seed ^ 0x5DEECE66D)
        d._legal = None
        d._forget_hidden(seat)
        return d

    # ------------------------------------------------------------------ serialisation
    def _snapshot(self) -> dict[str, Any]:
        return {name: _plain(getattr(self, name)) for name in SNAPSHOT_FIELDS}

    def _restore(self, data: dict[str, Any]) -> None:
        n = self.players
        missing = [name for name in SNAPSHOT_FIELDS if name not in data]
        if missing:
            raise BadRecord(f"notre-dame state is missing fields: {', '.join(missing)}")
        for name in SNAPSHOT_FIELDS:
            value = data[name]
            if name in INT_FIELDS:
                if name == "to_act":
                    ok = value is None or (_is_int(value) and 0 <= value < n)
                else:
                    ok = _is_int(value)
            elif name in NESTED_FIELDS:
                ok = isinstance(value, list) and len(value) == n and all(
                    isinstance(v, list) and all(_is_int(x) for x in v) for v in value)
                if ok:
                    value = [tuple(v) for v in value]
            else:
                ok = isinstance(value, list) and all(
                    _is_int(x) or isinstance(x, bool) for x in value)
                if ok:
                    value = tuple(value) if name in TUPLE_FIELDS else list(value)
            if not ok:
                raise BadRecord(f"notre-dame state: field {name!r} has a malformed value {value!r}")
            setattr(self, name, value)
        self.seat_borough = (0, 2) if n == 2 else tuple(range(n))
        self.boroughs = 4 if n == 2 else n
        self._legal = None
        lengths = {"sec": n * SECTOR_COUNT, "friend": n, "personal": n, "general": n, "nd": n, "coins": n,
                   "pp": n, "rat": n, "carriage": n, "bribed": n, "physician": n,
                   "held": n * self.boroughs, "known": n, "passed": n,
                   "on_board": self.boroughs, "msg_at": len(self.data.layouts[self.boroughs].names)}
        for name, length in lengths.items():
            if len(getattr(self, name)) != length:
                raise BadRecord(f"notre-dame state: field {name!r} must have {length} entries")
        if not 0 <= self.stage <= S_OVER or not 1 <= self.round <= self.data.rounds:
            raise BadRecord("notre-dame state: stage or round out of range")
        if (self.to_act is None) != (self.stage == S_OVER):
            raise BadRecord("notre-dame state: to_act must be null exactly when the game is over")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [list(v) if isinstance(v, tuple) else v for v in value]
    return value


INT_FIELDS = ("to_act", "rng", "round", "stage", "start", "turn", "play_pass", "supply", "card",
              "count", "resume", "debt", "mover", "dest")
NESTED_FIELDS = ("deck", "offer", "outgoing", "hand", "played")
LIST_FIELDS = ("sec", "friend", "personal", "general", "nd", "coins", "pp", "rat", "carriage", "held",
               "msg_at", "on_board", "discard", "unused", "known", "passed", "brown", "gray", "display",
               "bribed", "physician", "plague_queue")
TUPLE_FIELDS = ("discard", "unused", "brown", "gray", "display", "plague_queue")
SNAPSHOT_FIELDS = INT_FIELDS + NESTED_FIELDS + LIST_FIELDS

# ---------------------------------------------------------------------- stable action keys
CARD_IDS = ("cloister_school", "bank", "residence", "carriage_house", "hotel", "park", "hospital",
            "notre_dame", "trusted_friend")
KEEP_KEYS = tuple(f"keep:{c}" for c in CARD_IDS)
KEEP_INDEX = {k: i for i, k in enumerate(KEEP_KEYS)}
PLAY_KEYS = tuple(f"play:{c}" for c in CARD_IDS)
PLAY_INDEX = {k: i for i, k in enumerate(PLAY_KEYS)}
FROM_KEYS = tuple(f"from:{c}" for c in CARD_IDS[:8])          # index 7: from Notre Dame
FROM_INDEX = {k: i for i, k in enumerate(FROM_KEYS)}
FRIEND_KEYS = tuple(f"friend:{c}" for c in CARD_IDS[:7])
FRIEND_INDEX = {k: i for i, k in enumerate(FRIEND_KEYS)}
DONATE_KEYS = ["donate:1", "donate:2", "donate:3"]
DONATE_INDEX = {"donate:1": 1, "donate:2": 2, "donate:3": 3}
DONATION_PP = (0, 1, 3, 6)                                    # ND-16.3
HOTEL_KEYS = ("hotel:coin", "hotel:stone", "hotel:rat")
_HOTEL_ITEMS = (HOTEL_COIN, HOTEL_STONE, HOTEL_RAT)
HOTEL_PAIRS = tuple((f"hotel:{a}+{b}", (a, b)) for i, a in enumerate(_HOTEL_ITEMS) for b in _HOTEL_ITEMS[i:])
HOTEL_PARTS = {"hotel:none": ()}
HOTEL_PARTS.update({k: (p,) for k, p in zip(HOTEL_KEYS, _HOTEL_ITEMS)})
HOTEL_PARTS.update(dict(HOTEL_PAIRS))
PAYER_KEYS = tuple(f"payer:{s}" for s in range(5))
PAYER_INDEX = {k: i for i, k in enumerate(PAYER_KEYS)}
LOSE_KEYS = tuple(f"lose:{c}" for c in CARD_IDS[:7])
LOSE_INDEX = {k: i for i, k in enumerate(LOSE_KEYS)}
MINSTREL_KEYS = tuple(tuple(f"minstrel:{CARD_IDS[a]}>{CARD_IDS[b]}" for b in range(7)) for a in range(7))
MINSTREL_INDEX = {MINSTREL_KEYS[a][b]: (a, b) for a in range(7) for b in range(7) if a != b}
MOVE_KEYS = tuple((f"move:{k}", f"move:{k}+friend") for k in range(4))
MOVE_INDEX = {}
for _k in range(4):
    MOVE_INDEX[MOVE_KEYS[_k][0]] = (_k, False)
    MOVE_INDEX[MOVE_KEYS[_k][1]] = (_k, True)
JUGGLE_KEYS = tuple((f"juggle:{c}:stone", f"juggle:{c}:friend") for c in CARD_IDS[:8])
JUGGLE_INDEX = {}
for _s in range(8):
    JUGGLE_INDEX[JUGGLE_KEYS[_s][0]] = (_s, 0)
    JUGGLE_INDEX[JUGGLE_KEYS[_s][1]] = (_s, 1)
JUGGLE_TO_KEYS = tuple(f"juggle-to:{c}" for c in CARD_IDS[:7])
JUGGLE_TO_INDEX = {k: i for i, k in enumerate(JUGGLE_TO_KEYS)}
BISHOP_KEYS = tuple(f"bishop:{c}" for c in CARD_IDS[:7])
BISHOP_INDEX = {k: i for i, k in enumerate(BISHOP_KEYS)}
