"""The Kingsburg game state: flat fields, one small decision at a time.

Flow. A "program counter" `pc` says where in the year the automatic part of the game stands;
`_advance()` runs automatic steps (rolls, rewards, battles) until a seat must decide, then sets
`stage` (the kind of decision), `to_act` and the legal keys. Decisions:

  goods      take or lose goods of one's choice (King's Aid, Merchants' Guild option, battle)
  reroll     Statue / Chapel reroll or keep (KB-7.2, KB-17.1-17.4)
  group      choose a group of one's dice to influence with, or pass (KB-8)
  target     choose the advisor for that group (+2 token, Market, Envoy) (KB-8, KB-13.3)
  help       take one form of an advisor's help or decline (KB-9)
  build      build one building or pass; `build2`: the Envoy's second build (KB-10, KB-13.4)
  townhall   pay a token or a good for 1 VP, or skip (KB-11.2)
  recruit    recruit one soldier paying these goods, or done (KB-14)
  token      soldier-token variant: pick a token face down (KB-19.5)

Field layout: goods is a flat list [gold, wood, stone] per seat; buildings are bitmasks (bit =
(row-1)*4 + column-1); dice are a flat list of 5 per seat (3 coloured, the King's white die,
the Farms' white die), 0 meaning no die or already placed; the court is a flat list of 2 slots
per advisor (slot 1 only for the Envoy), holding a seat, -1 (empty) or -2 (dummy dice).
Rarely changed fields are tuples replaced on change, so `clone()` shares them.
"""
from __future__ import annotations

from typing import Any

from ludoteka.kernel import Action
from ludoteka.kernel.legacy import LegacyState as GameState
from ludoteka.kernel.rng import MASK64, next_u64, seed_state

from .tables import BUILDING_TOKENS, CHAPEL_MAX, FULL_COURT, LETTERS, TOKEN_SUPPLY, Tables

# decision kinds
ST_END, ST_GOODS, ST_REROLL, ST_GROUP, ST_TARGET, ST_HELP, ST_BUILD, ST_BUILD2, ST_TOWNHALL, \
    ST_RECRUIT, ST_TOKEN = range(11)
STAGE_NAMES = ("over", "goods", "reroll", "group", "target", "help", "build", "build2", "townhall",
               "recruit", "token")

# program counter
(PC_AID, PC_AID_DONE, PC_PROD, PC_ROLL, PC_REROLL, PC_INFL, PC_HELP, PC_BUILD, PC_TOWNHALL, PC_REWARD,
 PC_ENVOY, PC_RECRUIT, PC_WINTER, PC_YEAR_END, PC_END) = range(15)

PHASE_NAMES = ("", "King's Aid", "Spring", "King's Reward", "Summer", "King's Envoy", "Autumn",
               "Recruit Soldiers", "Winter")
SEASON_NAME = {2: "Spring", 4: "Summer", 6: "Autumn"}

REINF_DIE, REINF_TWO_DICE, REINF_TOKENS = 0, 1, 2


class Config:
    """The resolved options of one game, as plain attributes (shared by every clone)."""

    __slots__ = ("reinf", "negative_vp", "market_with_token", "token_cap", "building_cap", "reward_at_zero",
                 "guild_choice", "dummy3")

    def __init__(self, options: dict[str, Any]):
        self.reinf = {"king_die": REINF_DIE, "dice_difference": REINF_TWO_DICE,
                      "soldier_tokens": REINF_TOKENS}[options["reinforcements"]]
        self.negative_vp = options["negative_vp"]
        self.market_with_token = options["market_with_token"]
        self.token_cap = options["token_supply_limit"]
        self.building_cap = options["building_token_limit"]
        self.reward_at_zero = options["reward_without_buildings"]
        self.guild_choice = options["merchants_guild_any_good"]
        self.dummy3 = options["three_player_dummy"]


def _roll(rng: int) -> tuple[int, int]:
    rng, z = next_u64(rng)
    return rng, z % 6 + 1


class KingsburgState(GameState):
    """A Kingsburg game in progress (see the module docstring for the field layout)."""

    T: Tables  # set on the per-game subclass

    __slots__ = ("cfg", "year", "phase", "pc", "stage", "cur", "rng", "order", "goods", "vp", "tok", "sold",
                 "bld", "dv", "court", "occ", "occ2", "passed", "mused", "sused", "cused", "sel", "selsum",
                 "hpos", "aid", "envoy", "deck", "known", "revealed", "queue", "vtok", "pick", "reinf",
                 "bstr", "bres", "dummy", "placed", "prev_order")

    # ------------------------------------------------------------------ setup
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> None:
        T = self.T
        self.to_act = None
        self.players = players
        self.seed = seed
        self.options = options
        self._history = None
        self._log = None
        self._legal = None
        self.cfg = Config(options)
        rng = seed_state(seed)
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
        self.deck = tuple(deck)
        self.year, self.phase, self.pc, self.stage, self.cur = 1, 1, PC_AID, ST_END, 0
        self.order = order
        self.prev_order = tuple(order)
        self.goods = [0] * (3 * players)   # KB-3.12
        self.vp = [0] * players
        self.tok = [0] * players
        self.sold = [0] * players
        self.bld = [0] * players
        self.dv = [0] * (5 * players)
        self.court = [-1] * 38
        self.occ = self.occ2 = 0
        self.passed = self.mused = self.sused = self.cused = 0
        self.sel = self.selsum = 0
        self.hpos = 0
        self.aid = -1
        self.envoy = -1   # KB-3.3: the Envoy starts on the board
        self.known = (0,) * players
        self.revealed = 0
        self.queue = []
        self.vtok = (1, 2, 1, 1, 1) * players if self.cfg.reinf == REINF_TOKENS else ()
        self.pick = (-1,) * players
        self.reinf = 0
        self.bstr = ()
        self.bres = ()
        self.dummy = ()
        self.placed = ()
        self._log_event(f"Year 1 begins; turn order {', '.join('seat %d' % s for s in order)}")
        self._advance()

    def clone(self) -> "KingsburgState":
        c = self.__class__.__new__(self.__class__)
        self._copy_kernel_fields(c)
        c.cfg = self.cfg
        c.year = self.year
        c.phase = self.phase
        c.pc = self.pc
        c.stage = self.stage
        c.cur = self.cur
        c.rng = self.rng
        c.order = self.order[:]
        c.prev_order = self.prev_order
        c.goods = self.goods[:]
        c.vp = self.vp[:]
        c.tok = self.tok[:]
        c.sold = self.sold[:]
        c.bld = self.bld[:]
        c.dv = self.dv[:]
        c.court = self.court[:]
        c.occ = self.occ
        c.occ2 = self.occ2
        c.passed = self.passed
        c.mused = self.mused
        c.sused = self.sused
        c.cused = self.cused
        c.sel = self.sel
        c.selsum = self.selsum
        c.hpos = self.hpos
        c.aid = self.aid
        c.envoy = self.envoy
        c.deck = self.deck
        c.known = self.known
        c.revealed = self.revealed
        c.queue = self.queue[:]
        c.vtok = self.vtok
        c.pick = self.pick
        c.reinf = self.reinf
        c.bstr = self.bstr
        c.bres = self.bres
        c.dummy = self.dummy
        c.placed = self.placed
        return c

    # ------------------------------------------------------------------ helpers
    def goods_total(self, seat: int) -> int:
        g = self.goods
        return g[3 * seat] + g[3 * seat + 1] + g[3 * seat + 2]

    def building_count(self, seat: int) -> int:
        m = self.bld[seat]
        pc = self.T.popcount
        return pc[m & 1023] + pc[m >> 10]

    def _lose_vp(self, seat: int, n: int) -> None:
        v = self.vp[seat] - n
        if v < 0 and not self.cfg.negative_vp:
            v = 0   # KB-AMB-8/24: VP never go below 0
        self.vp[seat] = v

    def _gain_tokens(self, seat: int, n: int) -> None:
        if self.cfg.token_cap:
            # KB-9.23: tokens placed on advisors return to the supply only after the help step
            on_court = sum(p[3] for p in self.placed)
            n = min(n, TOKEN_SUPPLY - sum(self.tok) - on_court)
        if n > 0:
            self.tok[seat] += n

    def _may_build(self, seat: int) -> bool:
        return not self.cfg.building_cap or self.building_count(seat) < BUILDING_TOKENS

    def _build_options(self, seat: int, keys: tuple[str, ...]) -> list[str]:
        T = self.T
        mask = self.bld[seat]
        if self.cfg.building_cap and self.building_count(seat) >= BUILDING_TOKENS:
            return []
        costs = T.cost_crane if mask & T.B_CRANE else T.cost
        b = 3 * seat
        g, w, s = self.goods[b], self.goods[b + 1], self.goods[b + 2]
        out = []
        for i in T.buildable(mask):
            c = costs[i]
            if c[0] <= g and c[1] <= w and c[2] <= s:
                out.append(keys[i])
        return out

    def _reroll_options(self, seat: int) -> list[str]:
        T = self.T
        mask = self.bld[seat]
        b = 5 * seat
        dv = self.dv
        out = []
        bit = 1 << seat
        if mask & T.B_STATUE and not self.sused & bit:
            vals = [v for v in dv[b:b + 5] if v]
            if all(v == vals[0] for v in vals):
                out.append("statue")
                if dv[b + 3] or dv[b + 4]:
                    out.append("statue-white")
        if mask & T.B_CHAPEL and not self.cused & bit and sum(dv[b:b + 5]) <= CHAPEL_MAX:
            out.append("chapel")
        if out:
            out.append("keep")
        return out

    def _group_options(self, seat: int) -> list[str]:
        """Keys of the dice groups with at least one legal advisor, plus "pass" (KB-8.12)."""
        T = self.T
        b = 5 * seat
        dv = self.dv
        if not (dv[b] or dv[b + 1] or dv[b + 2]):
            return []
        entries = T.groups((dv[b], dv[b + 1], dv[b + 2], dv[b + 3], dv[b + 4]))[0]
        mods = self._mods(seat)
        occ = self.occ
        allowed = FULL_COURT & ~occ
        if self.envoy == seat:
            allowed |= occ & ~self.occ2
        targets = T.targets
        out = [key for key, total, _ in entries if targets[total * 8 + mods][0] & allowed]
        if out:
            out.append("pass")
        return out

    def _mods(self, seat: int) -> int:
        mods = 1 if self.tok[seat] else 0
        if self.bld[seat] & self.T.B_MARKET and not self.mused >> seat & 1:
            mods |= 2
        if self.cfg.market_with_token:
            mods |= 4
        return mods

    def _target_options(self, seat: int) -> list[str]:
        occ = self.occ
        free = FULL_COURT & ~occ
        env = occ & ~self.occ2 if self.envoy == seat else 0
        out = []
        for bit, k, ke in self.T.targets[self.selsum * 8 + self._mods(seat)][1]:
            if free & bit:
                out.append(k)
            elif env & bit:
                out.append(ke)
        return out

    def _help_options(self, seat: int, adv: int) -> list[str]:
        b = 3 * seat
        goods = self.goods
        vp = self.vp[seat]
        neg = self.cfg.negative_vp
        out = []
        for o in self.T.help[adv]:
            if o[8] > goods[b] or o[9] > goods[b + 1] or o[10] > goods[b + 2]:
                continue
            if o[11] and not neg and vp < o[11]:
                continue
            out.append(o[0])
        if out:
            out.append("decline")
        return out

    def _townhall_options(self, seat: int) -> list[str]:
        out = []
        if self.tok[seat]:
            out.append("townhall:token")
        b = 3 * seat
        for i in range(3):
            if self.goods[b + i]:
                out.append("townhall:" + LETTERS[i])
        if out:
            out.append("skip")
        return out

    def _recruit_options(self, seat: int) -> list[str]:
        cost = 1 if self.bld[seat] & self.T.B_BARRACKS else 2
        b = 3 * seat
        g, w, s = self.goods[b], self.goods[b + 1], self.goods[b + 2]
        if g + w + s < cost:
            return []
        out = [k for k, c in self.T.recruit_keys[cost] if c[0] <= g and c[1] <= w and c[2] <= s]
        out.append("done")
        return out

    def _token_options(self, seat: int) -> list[str]:
        b = 5 * seat
        v = self.vtok
        return [self.T.token_keys[i] for i in range(5) if v[b + i]]

    def _goods_options(self) -> list[str]:
        if not self.queue:
            return []
        seat, n, mode = self.queue[0]
        if mode > 0:
            return [k for k, _ in self.T.take_keys[n]]
        b = 3 * seat
        g, w, s = self.goods[b], self.goods[b + 1], self.goods[b + 2]
        return [k for k, c in self.T.lose_keys[n] if c[0] <= g and c[1] <= w and c[2] <= s]

    def _legal_keys(self) -> list[str]:
        st = self.stage
        seat = self.to_act
        if st == ST_GROUP:
            return self._group_options(seat)
        if st == ST_TARGET:
            return self._target_options(seat)
        if st == ST_HELP:
            return self._help_options(seat, self.hpos >> 1)
        if st == ST_BUILD:
            return self._build_options(seat, self.T.build_key) + ["pass"]
        if st == ST_BUILD2:
            return self._build_options(seat, self.T.envoy_key) + ["done"]
        if st == ST_RECRUIT:
            return self._recruit_options(seat)
        if st == ST_REROLL:
            return self._reroll_options(seat)
        if st == ST_GOODS:
            return self._goods_options()
        if st == ST_TOWNHALL:
            return self._townhall_options(seat)
        if st == ST_TOKEN:
            return self._token_options(seat)
        return []

    # ------------------------------------------------------------------ applying decisions
    def _apply(self, key: str) -> None:
        st = self.stage
        seat = self.to_act
        T = self.T
        if st == ST_GROUP:
            if key == "pass":
                self.passed |= 1 << seat
                self.cur = (self.cur + 1) % self.players
            else:
                b = 5 * seat
                dv = self.dv
                _, total, mask = T.groups((dv[b], dv[b + 1], dv[b + 2], dv[b + 3], dv[b + 4]))[1][key]
                self.sel = mask
                self.selsum = total
                self.stage = ST_TARGET
                self._legal = self._target_options(seat)
                return
        elif st == ST_TARGET:
            self._place(seat, key)
        elif st == ST_HELP:
            if key != "decline":
                self._take_help(seat, self.hpos >> 1, T.help_info[self.hpos >> 1][key])
            self.hpos += 1
        elif st == ST_BUILD:
            if key == "pass":
                self.cur += 1
            else:
                self._build(seat, T.build_info[key])
                if self.envoy == seat and self._may_build(seat):
                    keys = self._build_options(seat, T.envoy_key)
                    if keys:
                        keys.append("done")
                        self.stage = ST_BUILD2
                        self._legal = keys
                        return
                self.cur += 1
        elif st == ST_BUILD2:
            if key != "done":
                self.envoy = -1   # KB-13.4/13.5: the Envoy is used and goes back to the board
                self._log_event(f"seat {seat} uses the King's Envoy for a second building")
                self._build(seat, T.envoy_info[key])
            self.cur += 1
        elif st == ST_RECRUIT:
            if key == "done":
                self.cur += 1
            else:
                c = T.recruit_info[key]
                b = 3 * seat
                self.goods[b] -= c[0]
                self.goods[b + 1] -= c[1]
                self.goods[b + 2] -= c[2]
                self.sold[seat] += 1
                keys = self._recruit_options(seat)
                if keys:
                    self._legal = keys
                    return
                self.cur += 1
        elif st == ST_REROLL:
            if key == "keep":
                self.cur += 1
            else:
                self._reroll(seat, key)
                keys = self._reroll_options(seat)
                if keys:
                    self._legal = keys
                    return
                self.cur += 1
        elif st == ST_GOODS:
            seat, n, mode = self.queue.pop(0)
            c = T.goods_info[key]
            b = 3 * seat
            self.goods[b] += mode * c[0]
            self.goods[b + 1] += mode * c[1]
            self.goods[b + 2] += mode * c[2]
        elif st == ST_TOWNHALL:
            if key != "skip":
                if key == "townhall:token":
                    self.tok[seat] -= 1
                else:
                    self.goods[3 * seat + LETTERS.index(key[9])] -= 1
                self.vp[seat] += 1
            self.cur += 1
        elif st == ST_TOKEN:
            v = int(key[6])
            i = 5 * seat + v
            vt = list(self.vtok)
            vt[i] -= 1
            self.vtok = tuple(vt)
            p = list(self.pick)
            p[seat] = v
            self.pick = tuple(p)
            self._log_event(f"you put soldier token {v} face down", seat)
            self._log_event(f"seat {seat} puts a soldier token face down")
            self.cur += 1
        self._advance()

    def _place(self, seat: int, key: str) -> None:
        """Influence an advisor with the selected dice group (KB-8.4-8.9, KB-13.3, KB-17.6)."""
        n, tok, mkt, env = self.T.target_info[key]
        b = 5 * seat
        dv = self.dv
        mask = self.sel
        vals = []
        for i in range(5):
            if mask >> i & 1:
                vals.append(dv[b + i])
                dv[b + i] = 0
        if env:
            self.court[2 * n + 1] = seat
            self.occ2 |= 1 << n
            self.envoy = -1
        else:
            self.court[2 * n] = seat
            self.occ |= 1 << n
        if tok:
            self.tok[seat] -= 1
        if mkt:
            self.mused |= 1 << seat
        self.placed = self.placed + ((n, seat, tuple(vals), tok, mkt, env),)
        self.sel = self.selsum = 0
        self.stage = ST_GROUP
        self.cur = (self.cur + 1) % self.players

    def _take_help(self, seat: int, adv: int, o: tuple) -> None:
        b = 3 * seat
        g = self.goods
        g[b] += o[1]
        g[b + 1] += o[2]
        g[b + 2] += o[3]
        if o[4] > 0:
            self.vp[seat] += o[4]
        elif o[4] < 0:
            self._lose_vp(seat, -o[4])
        if o[5]:
            # KB-17.12: the Stable adds 1 soldier to a help that recruits soldiers
            self.sold[seat] += o[5] + (1 if self.bld[seat] & self.T.B_STABLE else 0)
        if o[6]:
            self._gain_tokens(seat, o[6])
        if o[7]:
            k = list(self.known)
            k[seat] |= 1 << (self.year - 1)
            self.known = tuple(k)
            card = self.T.data.enemies[self.deck[self.year - 1]]
            self._log_event(f"you look at the top enemy card: {card.name}, strength {card.strength}", seat)
            self._log_event(f"seat {seat} looks at the top enemy card")

    def _build(self, seat: int, i: int) -> None:
        T = self.T
        c = (T.cost_crane if self.bld[seat] & T.B_CRANE else T.cost)[i]
        b = 3 * seat
        g = self.goods
        g[b] -= c[0]
        g[b + 1] -= c[1]
        g[b + 2] -= c[2]
        self.bld[seat] |= 1 << i
        self.vp[seat] += T.bvp[i]
        self._log_event(f"seat {seat} builds the {T.bname[i]}")

    def _reroll(self, seat: int, key: str) -> None:
        b = 5 * seat
        dv = self.dv
        rng = self.rng
        if key == "chapel":
            self.cused |= 1 << seat
            for i in range(5):
                if dv[b + i]:
                    rng, dv[b + i] = _roll(rng)
        else:
            self.sused |= 1 << seat
            i = 0 if key == "statue" else (3 if dv[b + 3] else 4)
            rng, dv[b + i] = _roll(rng)
        self.rng = rng
        self._log_event(f"seat {seat} rerolls ({key}): {self._dice_text(seat)}")

    def _dice_text(self, seat: int) -> str:
        b = 5 * seat
        c = [str(v) for v in self.dv[b:b + 3] if v]
        w = [str(v) for v in self.dv[b + 3:b + 5] if v]
        return ",".join(c) + (" + white " + ",".join(w) if w else "")

    # ------------------------------------------------------------------ automatic flow
    def _advance(self) -> None:
        """Run the automatic parts of the game until a seat must decide (or the game ends)."""
        T = self.T
        n = self.players
        while True:
            if self.queue:
                seat, num, mode = self.queue[0]
                if mode < 0 and self.goods_total(seat) <= num:
                    # KB-15.12 / KB-AMB-25: fewer goods than required: all of them are lost
                    b = 3 * seat
                    self.goods[b] = self.goods[b + 1] = self.goods[b + 2] = 0
                    self.queue.pop(0)
                    continue
                self.stage = ST_GOODS
                self.to_act = seat
                self._legal = self._goods_options()
                return
            pc = self.pc
            if pc == PC_INFL:
                if self.passed == (1 << n) - 1:
                    self.pc = PC_HELP
                    self.hpos = 2
                    self.passed = 0
                    continue
                seat = self.order[self.cur]
                if self.passed >> seat & 1:
                    self.cur = (self.cur + 1) % n
                    continue
                keys = self._group_options(seat)
                if keys:
                    self.stage = ST_GROUP
                    self.to_act = seat
                    self._legal = keys
                    return
                self.passed |= 1 << seat     # KB-8.10: no usable dice: must pass
                self.cur = (self.cur + 1) % n
                continue
            if pc == PC_HELP:
                court = self.court
                while self.hpos < 38:
                    seat = court[self.hpos]
                    if seat >= 0:
                        keys = self._help_options(seat, self.hpos >> 1)
                        if keys:
                            self.stage = ST_HELP
                            self.to_act = seat
                            self._legal = keys
                            return
                    self.hpos += 1
                # KB-9.23: dice go back; white dice and used +2 tokens go back to the supply
                self.dv = [0] * (5 * n)
                self.court = [-1] * 38
                self.occ = self.occ2 = 0
                self.placed = ()
                self.pc = PC_BUILD
                self.cur = 0
                continue
            if pc == PC_BUILD:
                while self.cur < n:
                    seat = self.order[self.cur]
                    keys = self._build_options(seat, T.build_key)
                    if keys:
                        keys.append("pass")
                        self.stage = ST_BUILD
                        self.to_act = seat
                        self._legal = keys
                        return
                    self.cur += 1
                self._end_of_season()
                continue
            if pc == PC_TOWNHALL:
                while self.cur < n:
                    seat = self.order[self.cur]
                    if self.bld[seat] & T.B_TOWNHALL:
                        keys = self._townhall_options(seat)
                        if keys:
                            self.stage = ST_TOWNHALL
                            self.to_act = seat
                            self._legal = keys
                            return
                    self.cur += 1
                self._clean_season()
                continue
            if pc == PC_REROLL:
                while self.cur < n:
                    seat = self.order[self.cur]
                    keys = self._reroll_options(seat)
                    if keys:
                        self.stage = ST_REROLL
                        self.to_act = seat
                        self._legal = keys
                        return
                    self.cur += 1
                self._set_turn_order()
                continue
            if pc == PC_RECRUIT:
                while self.cur < n:
                    seat = self.order[self.cur]
                    keys = self._recruit_options(seat)
                    if keys:
                        self.stage = ST_RECRUIT
                        self.to_act = seat
                        self._legal = keys
                        return
                    self.cur += 1
                self.phase = 8
                self.pc = PC_WINTER
                self.cur = 0
                continue
            if pc == PC_WINTER:
                if self.revealed < self.year:
                    self._reveal_enemy()
                if self.cfg.reinf == REINF_TOKENS and self.cur < n:
                    seat = self.order[self.cur]
                    self.stage = ST_TOKEN
                    self.to_act = seat
                    self._legal = self._token_options(seat)
                    return
                self._battle()
                continue
            if pc == PC_PROD:
                self._start_season()
                continue
            if pc == PC_ROLL:
                self._roll_all()
                continue
            if pc == PC_AID:
                self._kings_aid()
                continue
            if pc == PC_AID_DONE:
                self.phase = 2
                self.pc = PC_PROD
                continue
            if pc == PC_REWARD:
                self._kings_reward()
                continue
            if pc == PC_ENVOY:
                self._kings_envoy()
                continue
            if pc == PC_YEAR_END:
                self._year_end()
                if self.pc == PC_END:
                    self.stage = ST_END
                    self.to_act = None
                    self._legal = []
                    return
                continue
            raise AssertionError(f"bad program counter {pc}")

    def _fewest(self) -> tuple[list[int], bool]:
        """KB-5.1-5.3 / KB-13.1: the seats with the fewest buildings, then fewest goods.

        Returns (seats, unique): one seat if it is unique, else every seat tied on both.
        """
        counts = [self.building_count(s) for s in range(self.players)]
        low = min(counts)
        tied = [s for s in self.order if counts[s] == low]
        if len(tied) == 1:
            return tied, True
        goods = {s: self.goods_total(s) for s in tied}
        low = min(goods.values())
        tied = [s for s in tied if goods[s] == low]
        return tied, len(tied) == 1

    def _kings_aid(self) -> None:
        self.phase = 1
        seats, unique = self._fewest()
        if unique:
            self.aid = seats[0]
            self._log_event(f"King's Aid: seat {seats[0]} rolls an extra white die this Spring")
        else:
            # KB-5.3/5.4: each tied seat takes 1 good of choice, nobody gets the die
            self.queue.extend((s, 1, 1) for s in seats)
            self._log_event("King's Aid: seats " + ", ".join(map(str, seats)) + " each take 1 good of their choice")
        self.pc = PC_AID_DONE

    def _start_season(self) -> None:
        """Start of a production phase: the Merchants' Guild gold, before rolling (KB-17.9)."""
        T = self.T
        if T.B_GUILD:
            for seat in self.order:
                if self.bld[seat] & T.B_GUILD:
                    if self.cfg.guild_choice:
                        self.queue.append((seat, 1, 1))
                    else:
                        self.goods[3 * seat] += 1
        self.pc = PC_ROLL

    def _roll_all(self) -> None:
        """KB-18.1/18.2 dummy dice, then every seat rolls its dice (KB-7.1, KB-6.6)."""
        T = self.T
        n = self.players
        rng = self.rng
        if n == 2 or (n == 3 and self.cfg.dummy3):
            rng, a = _roll(rng)
            rng, b = _roll(rng)
            rng, c = _roll(rng)
            s3 = a + b + c
            self.court[2 * s3] = -2
            self.occ |= 1 << s3
            blocked = [s3]
            dummy = (a, b, c)
            if n == 2:
                rng, d = _roll(rng)
                rng, e = _roll(rng)
                dummy = (a, b, c, d, e)
                if d + e != s3:
                    targets = (d + e,)
                else:
                    targets = (d,) if d == e else (d, e)   # KB-18.2: split; doubles use one die
                for t in targets:
                    self.court[2 * t] = -2
                    self.occ |= 1 << t
                    blocked.append(t)
            self.dummy = dummy
            self._log_event(f"dummy dice {dummy} block advisor(s) {', '.join(map(str, blocked))}")
        dv = self.dv
        farms = T.B_FARMS
        for seat in range(n):
            b = 5 * seat
            for i in range(3):
                rng, dv[b + i] = _roll(rng)
            if self.phase == 2 and self.aid == seat:
                rng, dv[b + 3] = _roll(rng)
            if self.bld[seat] & farms:
                rng, dv[b + 4] = _roll(rng)
        self.rng = rng
        self._log_event(SEASON_NAME[self.phase] + " rolls: " + "; ".join(
            f"seat {s}: {self._dice_text(s)}" for s in range(n)))
        self.prev_order = tuple(self.order)
        self.cur = 0
        self.pc = PC_REROLL

    def _set_turn_order(self) -> None:
        """KB-7.3-7.5: lowest total first; ties keep the previous relative order."""
        dv = self.dv
        totals = [sum(dv[5 * s:5 * s + 5]) for s in range(self.players)]
        self.order.sort(key=totals.__getitem__)
        self._log_event("turn order: " + ", ".join(f"seat {s} ({totals[s]})" for s in self.order))
        self.cur = 0
        self.passed = 0
        self.pc = PC_INFL

    def _end_of_season(self) -> None:
        """KB-11: Inn (Summer), then Embassy; the Town Hall decisions follow in turn order."""
        T = self.T
        for seat in self.order:
            m = self.bld[seat]
            if self.phase == 4 and m & T.B_INN:
                self._gain_tokens(seat, 1)
            if m & T.B_EMBASSY:
                self.vp[seat] += 1
        self.pc = PC_TOWNHALL
        self.cur = 0

    def _clean_season(self) -> None:
        """KB-18.5: all dice leave the court; the season's once-only flags reset."""
        self.mused = self.sused = self.cused = 0
        self.dummy = ()   # KB-18.5: the dummy dice leave the court too
        if self.phase == 2:
            self.aid = -1    # KB-5.5: the King's white die returns after Spring
        self.phase += 1
        self.cur = 0
        self.pc = {3: PC_REWARD, 5: PC_ENVOY, 7: PC_RECRUIT}[self.phase]

    def _kings_reward(self) -> None:
        """KB-12: most buildings gain 1 VP, every tied seat too."""
        counts = [self.building_count(s) for s in range(self.players)]
        top = max(counts)
        if top > 0 or self.cfg.reward_at_zero:
            for s in range(self.players):
                if counts[s] == top:
                    self.vp[s] += 1
        self.phase = 4
        self.pc = PC_PROD

    def _kings_envoy(self) -> None:
        """KB-13.1/13.6: an unused Envoy returns, then goes to the fewest buildings/goods."""
        self.envoy = -1
        seats, unique = self._fewest()
        if unique:
            self.envoy = seats[0]
            self._log_event(f"the King's Envoy goes to seat {seats[0]}")
        else:
            self._log_event("the King's Envoy is not given out this year (tie)")
        self.phase = 6
        self.pc = PC_PROD

    def _reveal_enemy(self) -> None:
        """KB-15.1: Winter begins by turning the top enemy card face up, before the reinforcements
        (in the soldier-token variant every seat picks its token knowing the enemy, KB-19.1)."""
        self.revealed = self.year
        card = self.T.data.enemies[self.deck[self.year - 1]]
        self._log_event(f"Winter of year {self.year}: {card.name}, strength {card.strength}")

    def _battle(self) -> None:
        """KB-15: the King's reinforcements and every seat's battle against the revealed enemy."""
        T = self.T
        n = self.players
        year = self.year
        card_index = self.deck[year - 1]
        card = T.data.enemies[card_index]
        mode = self.cfg.reinf
        rng = self.rng
        if mode == REINF_TOKENS:
            reinf = list(self.pick)
            self.reinf = -1
            self._log_event("soldier tokens revealed: " + ", ".join(f"seat {s}: {reinf[s]}" for s in range(n)))
            self.pick = (-1,) * n
        else:
            rng, a = _roll(rng)
            if mode == REINF_TWO_DICE:
                rng, b = _roll(rng)
                r = abs(a - b) + 1      # KB-19.2
                self._log_event(f"seat {self.order[0]} rolls {a} and {b}: the King sends {r} soldiers")
            else:
                r = a                   # KB-15.5
                self._log_event(f"seat {self.order[0]} rolls {a}: the King sends {r} soldiers")
            self.reinf = r
            reinf = [r] * n
        self.rng = rng
        mods = T.card_mod[card_index]
        E = card.strength
        strengths = []
        results = []
        for s in range(n):
            self.sold[s] += reinf[s]
            st = self.sold[s]
            m = self.bld[s]
            i = 0
            while m:
                if m & 1:
                    st += mods[i]
                m >>= 1
                i += 1
            strengths.append(st)
            if st > E or (st == E and self.bld[s] & T.B_WALL):
                results.append(1)
            elif st == E:
                results.append(0)
            else:
                results.append(-1)
        self._log_event(f"battle of year {year} against strength {E}: " + "; ".join(
            f"seat {s}: {strengths[s]} {('lost', 'tie', 'won')[results[s] + 1]}" for s in range(n)))
        best = max((strengths[s] for s in range(n) if results[s] > 0), default=None)
        gg, gw, gs, gc, gvp = card.gain
        lg, lw, ls, lc, lb, lvp = card.lose
        goods = self.goods
        for s in self.order:
            b = 3 * s
            if results[s] > 0:
                goods[b] += gg
                goods[b + 1] += gw
                goods[b + 2] += gs
                self.vp[s] += gvp
                if gc:
                    self.queue.append((s, gc, 1))
                if self.bld[s] & T.B_FORTRESS:
                    self.vp[s] += 1          # KB-17.19
                if strengths[s] == best:
                    self.vp[s] += 1          # KB-15.10
            elif results[s] < 0:
                goods[b] = max(0, goods[b] - lg)      # KB-15.12
                goods[b + 1] = max(0, goods[b + 1] - lw)
                goods[b + 2] = max(0, goods[b + 2] - ls)
                if lc:
                    self.queue.append((s, lc, -1))
                if lb:
                    self._destroy(s, lb)
                if lvp:
                    self._lose_vp(s, lvp)
        self.bstr = tuple(strengths)
        self.bres = tuple(results)
        self.sold = [0] * n    # KB-15.17: all soldiers go home
        self.pc = PC_YEAR_END

    def _destroy(self, seat: int, count: int) -> None:
        """KB-15.13/15.14: destroy the right-most buildings, top row first; lose their VP."""
        T = self.T
        for i in T.destroy_order:
            if count == 0:
                break
            if self.bld[seat] >> i & 1:
                self.bld[seat] &= ~(1 << i)
                self._lose_vp(seat, T.bvp[i])
                self._log_event(f"seat {seat} loses the {T.bname[i]}")
                count -= 1

    def _year_end(self) -> None:
        """KB-16.1-16.3: next year, or the end of the game with the final bonuses."""
        if self.year < 5:
            self.year += 1
            self.phase = 1
            self.pc = PC_AID
            self._log_event(f"Year {self.year} begins")
            return
        T = self.T
        for s in range(self.players):
            if self.bld[s] & T.B_CATHEDRAL:
                self.vp[s] += self.goods_total(s) // 2       # KB-17.15
            if self.cfg.reinf == REINF_TOKENS:
                b = 5 * s
                self.vp[s] += sum(v * self.vtok[b + v] for v in range(5))   # KB-19.8
        self.pc = PC_END
        self._log_event("the game is over: " + ", ".join(f"seat {s}: {self.vp[s]} VP" for s in range(self.players)))

    # ------------------------------------------------------------------ results
    def scores(self) -> list[float]:
        return list(self.vp)

    def winners(self) -> list[int]:
        """KB-16.4/16.5: most VP, then most goods, then most buildings; a tie shares the win."""
        keys = [(self.vp[s], self.goods_total(s), self.building_count(s)) for s in range(self.players)]
        best = max(keys)
        return [s for s in range(self.players) if keys[s] == best]

    # ------------------------------------------------------------------ descriptions
    def _describe(self, key: str) -> Action:
        from .describe import describe
        return describe(self, key)

    # ------------------------------------------------------------------ hidden information
    def visible_cards(self, seat: int | None) -> dict[int, int]:
        """Year -> card index of the enemy cards `seat` has seen (revealed ones for everyone)."""
        out = {}
        known = self.known[seat] if seat is not None and 0 <= seat < self.players else 0
        for y in range(1, 6):
            if y <= self.revealed or known >> (y - 1) & 1:
                out[y] = self.deck[y - 1]
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        from .describe import view
        return view(self, seat)

    def determinize(self, seat: int, seed: int) -> "KingsburgState":
        """Resample what `seat` cannot see: unseen enemy cards, others' hidden token picks, future dice."""
        T = self.T
        c = self.clone()
        rng = seed_state(seed ^ 0x5DEECE66D)
        deck = list(c.deck)
        seen = self.visible_cards(seat)
        for y in range(1, 6):
            if y not in seen:
                cards = T.data.cards_of_year[y - 1]
                rng, z = next_u64(rng)
                deck[y - 1] = cards[z % len(cards)]
        c.deck = tuple(deck)
        if any(p >= 0 for p in c.pick):
            pick = list(c.pick)
            vtok = list(c.vtok)
            for s in range(c.players):
                if s != seat and pick[s] >= 0:
                    b = 5 * s
                    vtok[b + pick[s]] += 1
                    pool = [v for v in range(5) for _ in range(vtok[b + v])]
                    rng, z = next_u64(rng)
                    pick[s] = pool[z % len(pool)]
                    vtok[b + pick[s]] -= 1
            c.pick = tuple(pick)
            c.vtok = tuple(vtok)
        rng, z = next_u64(rng)
        c.rng = z & MASK64
        # The history and the log hold other seats' hidden keys and private lines: a determinized
        # state starts a fresh (empty) history and log.
        c._history = None
        c._log = None
        return c

    # ------------------------------------------------------------------ serialisation
    def _snapshot(self) -> dict[str, Any]:
        return {
            "year": self.year, "phase": self.phase, "pc": self.pc, "stage": self.stage, "cur": self.cur,
            "to_act": self.to_act, "rng": self.rng, "order": list(self.order), "prev_order": list(self.prev_order),
            "goods": list(self.goods), "vp": list(self.vp), "tokens": list(self.tok), "soldiers": list(self.sold),
            "buildings": list(self.bld), "dice": list(self.dv), "court": list(self.court),
            "occ": self.occ, "occ2": self.occ2, "passed": self.passed, "market_used": self.mused,
            "statue_used": self.sused, "chapel_used": self.cused, "sel": self.sel, "selsum": self.selsum,
            "hpos": self.hpos, "aid": self.aid, "envoy": self.envoy, "deck": list(self.deck),
            "known": list(self.known), "revealed": self.revealed, "queue": [list(q) for q in self.queue],
            "soldier_tokens": list(self.vtok), "picks": list(self.pick), "reinforcement": self.reinf,
            "battle_strength": list(self.bstr), "battle_result": list(self.bres), "dummy": list(self.dummy),
            "placed": [[n, s, list(v), t, m, e] for n, s, v, t, m, e in self.placed],
        }

    def __reduce__(self):
        # the state class is made per Game (it carries the game's tables): pickle through JSON
        from .game import _unpickle_state
        return (_unpickle_state, (self.game.data.directory, self.to_json()))

    def _restore(self, d: dict[str, Any]) -> None:
        from .describe import restore
        restore(self, d)
