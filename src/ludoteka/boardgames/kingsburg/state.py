"""The Kingsburg game state: its fields, declared once, and the helpers every rule module uses.

The year's flow is a stack of frames (kernel v2): `year.py` (King's Aid, Reward, Envoy, the end
of the year and of the game, goods of one's choice), `production.py` (rolls, rerolls,
influencing advisors, their help), `building.py` (building, the Town Hall, the end of a season)
and `winter.py` (recruiting, the soldier-token variant, the battle). The state keeps only what
the table shows: goods, VP (and the VP by scoring category), buildings (bitmasks, bit =
(row-1)*4 + column-1), dice (5 per seat: 3 coloured, the King's white die, the Farms' white
die; 0 = no die or already placed), the court (2 slots per advisor, slot 1 only for the Envoy:
a seat, EMPTY or DUMMY), the enemy deck, and the soldier tokens.
"""
from __future__ import annotations

from typing import Any

from ludoteka.kernel import GameState
from ludoteka.kernel.fields import Const, Int, Ints, Tuple, slots
from ludoteka.kernel.rng import derive, next_u64, seed_state

from . import building, production, winter, year  # noqa: F401  (building and production register their frame kinds)
from .flow import FLOW
from .tables import BUILDING_TOKENS, TOKEN_SUPPLY, Placement, Tables

REINF_DIE, REINF_TWO_DICE, REINF_TOKENS = 0, 1, 2
EMPTY, DUMMY = -1, -2
COURT_SLOTS = 38                          # 2 slots for each advisor 0..18 (advisor 0 unused)
# Bounds no game reaches, for checking saved states (KB-9.24 and KB-AMB-6: goods and +2 tokens are
# unlimited; the most goods, soldiers or VP a seat can gain in 15 seasons and 5 battles is far
# below them). VP may go below 0 with the negative_vp option (KB-AMB-9) or a floor option.
MAX_GOODS, MAX_TOKENS, MAX_SOLDIERS, MAX_VP, MIN_VP, MAX_STRENGTH = 1000, 100, 1000, 1000, -1000, 2000
SOLDIER_TOKEN_SET = (1, 2, 1, 1, 1)       # KB-19.3: how many tokens of value 0..4 a set holds
PHASE_NAMES = ("", "King's Aid", "Spring", "King's Reward", "Summer", "King's Envoy", "Autumn",
               "Recruit Soldiers", "Winter")
SEASON_NAME = {2: "Spring", 4: "Summer", 6: "Autumn"}
# Where VP come from (score_breakdown); losses are negative.
CATEGORIES = ("buildings", "advisors", "kings_reward", "battles", "town_hall", "embassy", "cathedral",
              "soldier_token", "losses")
CATEGORY = {name: i for i, name in enumerate(CATEGORIES)}
LOSSES = CATEGORY["losses"]
# The decisions of a productive season from its help step on: while none of them is pending, the
# season's influencing is still to come or open (KB-8, KB-9, KB-10, KB-11.2).
_AFTER_INFLUENCE = (production.TAKE_HELP, building.BUILD, building.ENVOY_BUILD, building.TOWN_HALL,
                    building.INN_ORDER)


class Config:
    """The resolved options of one game, as plain attributes (shared by every clone)."""

    __slots__ = ("reinforcements", "negative_vp", "token_per_season", "order_choice", "market_with_token",
                 "token_cap", "building_cap", "reward_at_zero", "guild_choice", "dummy3")

    def __init__(self, options: dict[str, Any]):
        self.reinforcements = {"king_die": REINF_DIE, "dice_difference": REINF_TWO_DICE,
                               "soldier_tokens": REINF_TOKENS}[options["reinforcements"]]
        self.negative_vp = options["negative_vp"]
        self.token_per_season = options["one_token_per_season"]
        self.order_choice = options["effect_order_choice"]
        self.market_with_token = options["market_with_token"]
        self.token_cap = options["token_supply_limit"]
        self.building_cap = options["building_token_limit"]
        self.reward_at_zero = options["reward_without_buildings"]
        self.guild_choice = options["merchants_guild_any_good"]
        self.dummy3 = options["three_player_dummy"]


class KingsburgState(GameState):
    """A Kingsburg game in progress (see the module docstring)."""

    T: Tables  # set on the per-game subclass, with `game`

    FIELDS = (
        Const("rules", doc="the resolved options (Config)"),
        Int("year", lo=1, hi=5), Int("phase", lo=1, hi=8),
        Ints("turn_order", per_seat=1, lo=0, hi=4),
        Ints("goods", per_seat=3, lo=0, hi=MAX_GOODS, doc="gold, wood, stone per seat"),
        Ints("vp", per_seat=1, lo=MIN_VP, hi=MAX_VP),
        Ints("points", per_seat=len(CATEGORIES), lo=MIN_VP, hi=MAX_VP,
             doc="VP per scoring category (CATEGORIES); sums to vp"),
        Ints("tokens", per_seat=1, lo=0, hi=MAX_TOKENS, doc="+2 tokens"),
        Ints("soldiers", per_seat=1, lo=0, hi=MAX_SOLDIERS),
        Ints("buildings", per_seat=1, lo=0, hi=(1 << 20) - 1, doc="bitmask of standing buildings"),
        Ints("dice_values", per_seat=5, lo=0, hi=6, doc="3 coloured, King's white, Farms' white; 0: none"),
        Ints("court", length=COURT_SLOTS, lo=DUMMY, hi=4, doc="per advisor: first influencer, Envoy user"),
        Int("advisors_taken", lo=0, hi=(1 << 19) - 2, doc="bitmask of advisors with dice"),
        Int("advisors_shared", lo=0, hi=(1 << 19) - 2, doc="bitmask of advisors with Envoy dice too"),
        Int("passed", lo=0, hi=31, doc="seats that passed this season (bitmask)"),
        Int("market_used", lo=0, hi=31), Int("statue_used", lo=0, hi=31), Int("chapel_used", lo=0, hi=31),
        # Set only under the one_token_per_season option, so games without it save (and digest)
        # exactly as before the field existed.
        Int("token_used", lo=0, hi=31, added=lambda players: 0,
            doc="seats that added a +2 token to an influence this season (bitmask)"),
        Int("inn_pending", lo=0, hi=31, added=lambda players: 0,
            doc="seats whose Inn token waits for their choice of order with the Town Hall (bitmask)"),
        Int("kings_aid_seat", lo=-1, hi=4, doc="the seat rolling the King's white die this Spring"),
        Int("envoy_holder", lo=-1, hi=4, doc="the seat holding the King's Envoy"),
        Tuple("enemy_deck", length=5, lo=0, hidden="all", doc="enemy card index per year"),
        Tuple("enemy_seen", per_seat=1, lo=0, hi=31, doc="years whose card the seat looked at (bitmask)"),
        Int("enemies_revealed", lo=0, hi=5),
        Tuple("soldier_tokens", per_seat=5, lo=0, hi=2, doc="tokens of value 0..4 left (variant)"),
        Tuple("soldier_token_picked", per_seat=1, lo=-1, hi=4, hidden="owner"),
        Int("kings_soldiers", lo=-1, hi=6, doc="the King's last reinforcements (-1: tokens)"),
        Tuple("battle_strength", lo=-MAX_STRENGTH, hi=MAX_STRENGTH, doc="last battle: each seat's strength"),
        Tuple("battle_result", lo=-1, hi=1, doc="last battle: -1 lost, 0 tie, 1 won"),
        Tuple("dummy_dice", lo=1, hi=6),
        Tuple("placements", nested=True, lo=0, hi=18,
              doc="Placement of every group on the court this season (see invariants.py)"),
    )
    __slots__ = slots(FIELDS)
    FLOW = FLOW

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        T = self.T
        players = self.players
        self.rules = Config(self.options)
        rng = self.rng
        # KB-3.9: random initial turn order
        order = list(range(players))
        for i in range(players - 1, 0, -1):
            rng, z = next_u64(rng)
            j = z % (i + 1)
            order[i], order[j] = order[j], order[i]
        # KB-3.10/3.11: one unseen card from each year's shuffled pile
        deck = []
        for cards in T.data.cards_of_year:
            rng, z = next_u64(rng)
            deck.append(cards[z % len(cards)])
        self.rng = rng
        self.enemy_deck = tuple(deck)
        self.year, self.phase = 1, 1
        self.turn_order = order
        self.goods = [0] * (3 * players)   # KB-3.12
        self.vp = [0] * players
        self.points = [0] * (len(CATEGORIES) * players)
        self.tokens = [0] * players
        self.soldiers = [0] * players
        self.buildings = [0] * players
        self.dice_values = [0] * (5 * players)
        self.court = [EMPTY] * COURT_SLOTS
        self.advisors_taken = self.advisors_shared = 0
        self.passed = self.market_used = self.statue_used = self.chapel_used = self.token_used = 0
        self.inn_pending = 0
        self.kings_aid_seat = -1
        self.envoy_holder = -1   # KB-3.3: the Envoy starts on the board
        self.enemy_seen = (0,) * players
        self.enemies_revealed = 0
        self.soldier_tokens = SOLDIER_TOKEN_SET * players
        self.soldier_token_picked = (-1,) * players
        self.kings_soldiers = 0
        self.battle_strength = ()
        self.battle_result = ()
        self.dummy_dice = ()
        self.placements = ()
        self.event("year_begins", f"Year 1 begins; turn order {', '.join('seat %d' % s for s in order)}",
                   {"year": 1, "turn_order": list(order)})
        self.push(year.KINGS_AID())
        self._settle()

    def begin_at(self, frame) -> None:
        """Continue the game from one step of the year (a frame of the automatic kind that starts
        it, e.g. `production.INFLUENCE_ROUND(0)`), dropping what was pending: for rule tests and
        puzzles that set a position up through the declared fields."""
        self._stack = None
        self._legal = None
        self.push(frame)
        self._settle()

    def _after_restore(self) -> None:
        self.rules = Config(self.options)
        self.placements = tuple(Placement(*p) for p in self.placements)

    # ------------------------------------------------------------------ reading
    def goods_of(self, seat: int) -> tuple[int, int, int]:
        b = 3 * seat
        return self.goods[b], self.goods[b + 1], self.goods[b + 2]

    def goods_total(self, seat: int) -> int:
        g = self.goods
        return g[3 * seat] + g[3 * seat + 1] + g[3 * seat + 2]

    def building_count(self, seat: int) -> int:
        m = self.buildings[seat]
        pc = self.T.popcount
        return pc[m & 1023] + pc[m >> 10]

    def dice_of(self, seat: int) -> tuple[int, int, int, int, int]:
        b = 5 * seat
        d = self.dice_values
        return d[b], d[b + 1], d[b + 2], d[b + 3], d[b + 4]

    def dice_text(self, seat: int) -> str:
        b = 5 * seat
        d = self.dice_values
        c = ",".join([str(v) for v in d[b:b + 3] if v])
        w = [str(v) for v in d[b + 3:b + 5] if v]
        return c + " + white " + ",".join(w) if w else c

    def may_build(self, seat: int) -> bool:
        return not self.rules.building_cap or self.building_count(seat) < BUILDING_TOKENS

    def affordable(self, seat: int, gold: int, wood: int, stone: int) -> list[int]:
        """The buildings (indexes) `seat` could build next with these goods: the next in each row
        (KB-10.5), at its cost (the Crane's discount), while it may build at all."""
        if not self.may_build(seat):
            return []
        T = self.T
        mask = self.buildings[seat]
        costs = T.cost_crane if mask & T.B_CRANE else T.cost
        return [i for i in T.buildable(mask) if costs[i][0] <= gold and costs[i][1] <= wood and costs[i][2] <= stone]

    def battle_fought(self) -> bool:
        """Whether this year's battle is over (from then until the next year begins)."""
        return self.phase == 8 and all(f[0] is not winter.BATTLE for f in self.frames())

    def usable_tokens(self, seat: int) -> int | None:
        """How many +2 tokens `seat` can still use, or None (no limit) without the one_token_per_season
        ruling. KB-8.7 (Iennaco's ruling): one token a season on the advisors, so one for each season
        to come, and for this one only while its influencing is open to the seat (not passed) and its
        token unused; KB-11.2: one more a season at a Town Hall, through this season's end. (For the
        AI's evaluation and playout policy.)"""
        if not self.rules.token_per_season:
            return None
        phase = self.phase
        later = 3 * (5 - self.year) + (phase < 2) + (phase < 4) + (phase < 6)
        usable = later
        town_hall = self.buildings[seat] & self.T.B_TOWNHALL
        if phase in (2, 4, 6):
            top = self.top()
            if top is not None and top[0] not in _AFTER_INFLUENCE and not (self.token_used | self.passed) >> seat & 1:
                usable += 1
            if town_hall:
                usable += 1
        if town_hall:
            usable += later
        return usable

    def pending(self):
        """The frame kind pending now (None when the game is over), e.g. `production.CHOOSE_DICE`."""
        top = self.top()
        return None if top is None else top[0]

    # ------------------------------------------------------------------ changing (rules call these)
    def add_goods(self, seat: int, gold: int, wood: int, stone: int) -> None:
        b = 3 * seat
        g = self.goods
        g[b] += gold
        g[b + 1] += wood
        g[b + 2] += stone

    def gain_vp(self, seat: int, n: int, category: str) -> None:
        if n:
            self.vp[seat] += n
            self.points[len(CATEGORIES) * seat + CATEGORY[category]] += n

    def lose_vp(self, seat: int, n: int) -> int:
        """Lose n VP (below 0 with the negative_vp option, else down to 0 only, KB-AMB-8/24); the VP lost."""
        before = self.vp[seat]
        v = before - n
        if v < 0 and not self.rules.negative_vp:
            v = 0
        self.vp[seat] = v
        self.points[len(CATEGORIES) * seat + LOSSES] += v - before
        return before - v

    def gain_tokens(self, seat: int, n: int) -> int:
        """Take n +2 tokens (fewer when the supply is limited, KB-AMB-6); the number taken."""
        if self.rules.token_cap:
            # KB-9.23: tokens placed on advisors return to the supply only after the help step
            on_court = sum(p.token for p in self.placements)
            n = min(n, TOKEN_SUPPLY - sum(self.tokens) - on_court)
        if n > 0:
            self.tokens[seat] += n
            return n
        return 0

    def destroy(self, seat: int, count: int) -> list[str]:
        """KB-15.13/15.14: destroy the right-most buildings, top row first; lose their VP."""
        T = self.T
        lost = []
        for i in T.destroy_order:
            if count == 0:
                break
            if self.buildings[seat] >> i & 1:
                self.buildings[seat] &= ~(1 << i)
                vp = self.lose_vp(seat, T.bvp[i])
                self.event("building_destroyed", f"seat {seat} loses the {T.bname[i]} (-{vp} VP)",
                           {"seat": seat, "building": T.bid[i], "vp": -vp}, (seat,))
                lost.append(T.bid[i])
                count -= 1
        return lost

    # ------------------------------------------------------------------ results
    def scores(self) -> list[float]:
        return list(self.vp)

    def tiebreak(self, seat: int) -> tuple[int, int]:
        """KB-16.5: most goods left, then most buildings."""
        return self.goods_total(seat), self.building_count(seat)

    def winners(self) -> list[int]:
        """KB-16.4/16.5: most VP, then most goods, then most buildings; a tie shares the win."""
        keys = [(self.vp[s], *self.tiebreak(s)) for s in range(self.players)]
        best = max(keys)
        return [s for s in range(self.players) if keys[s] == best]

    def score_breakdown(self) -> list[dict[str, dict[str, Any]]]:
        k = len(CATEGORIES)
        out = []
        for s in range(self.players):
            pts = self.points[k * s:k * s + k]
            goods, built = self.tiebreak(s)
            out.append({"points": {name: pts[i] for i, name in enumerate(CATEGORIES) if pts[i]},
                        "tiebreak": {"goods": goods, "buildings": built}})
        return out

    # ------------------------------------------------------------------ hidden information
    def visible_cards(self, seat: int | None) -> dict[int, int]:
        """Year -> card index of the enemy cards `seat` has seen (revealed ones for everyone)."""
        out = {}
        known = self.enemy_seen[seat] if seat is not None and 0 <= seat < self.players else 0
        for y in range(1, 6):
            if y <= self.enemies_revealed or known >> (y - 1) & 1:
                out[y] = self.enemy_deck[y - 1]
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self, seat)

    def determinize(self, seat: int, seed: int) -> "KingsburgState":
        """Resample what `seat` cannot see: unseen enemy cards, others' face-down token picks; the
        future dice come from the generator `_determinized` derives from `seed`."""
        T = self.T
        d = self._determinized(seat, seed)
        rng = seed_state(derive(seed, 0xE4E3))
        deck = list(d.enemy_deck)
        seen = self.visible_cards(seat)
        for y in range(1, 6):
            if y not in seen:
                cards = T.data.cards_of_year[y - 1]
                rng, z = next_u64(rng)
                deck[y - 1] = cards[z % len(cards)]
        d.enemy_deck = tuple(deck)
        if any(p >= 0 for p in d.soldier_token_picked):
            pick = list(d.soldier_token_picked)
            left = list(d.soldier_tokens)
            for s in range(d.players):
                if s != seat and pick[s] >= 0:
                    b = 5 * s
                    left[b + pick[s]] += 1
                    pool = [v for v in range(5) for _ in range(left[b + v])]
                    rng, z = next_u64(rng)
                    pick[s] = pool[z % len(pool)]
                    left[b + pick[s]] -= 1
            d.soldier_token_picked = tuple(pick)
            d.soldier_tokens = tuple(left)
        return d

    def __reduce__(self):
        # the state class is made per Game (it carries the game's tables): pickle through JSON
        return (self.game.state_from_json, (self.to_json(),))
