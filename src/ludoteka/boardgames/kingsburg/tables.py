"""Precomputed tables and key strings of one Kingsburg data set (built once per Game).

Everything the hot path needs is here as tuples, dicts and pre-built key strings, so a
decision never formats a string or walks the data records.
"""
from __future__ import annotations

from typing import NamedTuple

from .data import KingsburgData
from .keys import (LETTERS, BuildKey, DiceGroupKey, GoodsKey, HelpKey, RecruitKey, Target, TargetKey, TokenKey)

FULL_COURT = ((1 << 19) - 1) & ~1   # advisor bits 1..18
CHAPEL_MAX = 7                      # KB-17.2: total of 7 or less
TOKEN_VALUES = (0, 1, 1, 2, 3, 4)   # KB-19.3
TOKEN_SUPPLY = 20                   # KB-1.3 (only with the token_supply_limit option)
BUILDING_TOKENS = 17                # KB-1.7 (only with the building_token_limit option)


def multisets(n: int) -> list[tuple[str, tuple[int, int, int]]]:
    """All ways to pick n goods of any types: (letters, (gold, wood, stone))."""
    out = []
    for g in range(n, -1, -1):
        for w in range(n - g, -1, -1):
            s = n - g - w
            out.append(("g" * g + "w" * w + "s" * s, (g, w, s)))
    return out


class Placement(NamedTuple):
    """Dice placed on an advisor this season (KB-8)."""
    advisor: int
    seat: int
    dice: tuple[int, ...]
    token: int
    market: int
    envoy: int


class HelpOption(NamedTuple):
    """One form of an advisor's help as a key offers it (KB-9): what it gives and what it needs."""
    key: str
    gold: int
    wood: int
    stone: int
    vp: int              # net VP change (gained minus paid)
    soldiers: int
    tokens: int
    peek: bool
    need_gold: int
    need_wood: int
    need_stone: int
    need_vp: int


class Tables:
    """Static lookup tables derived from a `KingsburgData`."""

    def __init__(self, data: KingsburgData):
        self.data = data
        bs = data.buildings
        self.nb = len(bs)
        self.bvp = tuple(b.vp for b in bs)
        self.bname = tuple(b.name for b in bs)
        self.bid = tuple(b.id for b in bs)
        self.cost = tuple(b.cost for b in bs)
        # KB-17.10: the Crane lowers the gold cost of columns III and IV by 1 (never below 0).
        self.cost_crane = tuple((max(0, b.cost[0] - 1), b.cost[1], b.cost[2]) if b.column >= 3 else b.cost
                                for b in bs)
        self.build_key = tuple(BuildKey.build(b.id) for b in bs)
        self.envoy_key = tuple(BuildKey.build(b.id, envoy=True) for b in bs)
        self.build_info = {k: i for i, k in enumerate(self.build_key)}
        self.envoy_info = {k: i for i, k in enumerate(self.envoy_key)}
        eff = data.effect_bit
        bit = {name: (1 << eff[name]) if name in eff else 0 for name in
               ("statue", "chapel", "cathedral", "inn", "market", "farms", "merchants_guild", "barracks",
                "stable", "stone_wall", "fortress", "crane", "town_hall", "embassy")}
        self.E = bit
        self.B_STATUE, self.B_CHAPEL, self.B_CATHEDRAL = bit["statue"], bit["chapel"], bit["cathedral"]
        self.B_INN, self.B_MARKET, self.B_FARMS = bit["inn"], bit["market"], bit["farms"]
        self.B_GUILD, self.B_BARRACKS, self.B_STABLE = bit["merchants_guild"], bit["barracks"], bit["stable"]
        self.B_WALL, self.B_FORTRESS, self.B_CRANE = bit["stone_wall"], bit["fortress"], bit["crane"]
        self.B_TOWNHALL, self.B_EMBASSY = bit["town_hall"], bit["embassy"]
        # KB-15.13: destruction order, right-most column first, then top row first.
        self.destroy_order = tuple(sorted(range(self.nb), key=lambda i: (-bs[i].column, bs[i].row)))
        # Battle modifiers of each building against each enemy card (KB-15.6, KB-17.16-18).
        self.card_mod = tuple(tuple(dict(b.vs).get(e.type, b.battle) for b in bs) for e in data.enemies)
        self.popcount = [bin(m).count("1") for m in range(1 << 10)]
        self._buildable: dict[int, tuple[int, ...]] = {}
        # Advisor help: per advisor, a tuple of HelpOption.
        self.help = [()]
        self.help_info = [{}]
        self.help_gives = [{}]
        for adv in data.advisors[1:]:
            opts = []
            for alt in adv.alternatives:
                if alt.trade:
                    for i, letter in enumerate(LETTERS):
                        d = [1, 1, 1]
                        d[i] = -1
                        need = [0, 0, 0]
                        need[i] = 1
                        opts.append([HelpKey.build_trade(letter), d[0], d[1], d[2], alt.vp - alt.pay_vp, alt.soldiers,
                                     alt.tokens, alt.peek, need[0], need[1], need[2], alt.pay_vp])
                    continue
                for letters, (g, w, s) in multisets(alt.choice):
                    tg, tw, ts = alt.gold + g, alt.wood + w, alt.stone + s
                    opts.append([HelpKey.build(tg, tw, ts), tg, tw, ts, alt.vp - alt.pay_vp, alt.soldiers, alt.tokens, alt.peek,
                                 0, 0, 0, alt.pay_vp])
            seen: dict[str, int] = {}
            for o in opts:
                if o[0] in seen:
                    seen[o[0]] += 1
                    o[0] = f"{o[0]}#{seen[o[0]]}"
                else:
                    seen[o[0]] = 1
            tup = tuple(HelpOption(*o) for o in opts)
            self.help.append(tup)
            self.help_info.append({o[0]: o for o in tup})
            # what each form gives, as the advisor_help event says it (its label after the name)
            self.help_gives.append({o.key: HelpKey.label(o, adv).split(": ", 1)[1] for o in tup})
        self.help = tuple(self.help)
        self.multi = [tuple(multisets(n)) for n in range(7)]
        self.take_keys = [tuple((GoodsKey.build("take", *c), c) for l, c in m) for m in self.multi]
        self.lose_keys = [tuple((GoodsKey.build("lose", *c), c) for l, c in m) for m in self.multi]
        self.goods_info = {}
        for m in self.take_keys + self.lose_keys:
            for k, c in m:
                self.goods_info[k] = c
        self.recruit_keys = [(), tuple((RecruitKey.build(*c), c) for l, c in self.multi[1]),
                             tuple((RecruitKey.build(*c), c) for l, c in self.multi[2])]
        self.recruit_info = {k: c for m in self.recruit_keys for k, c in m}
        self.token_keys = tuple(TokenKey.build(v) for v in range(5))
        # Influence: per (dice total, modifiers) the reachable advisors and the target keys.
        # mods bit 0: may add a +2 token; bit 1: may use the Market; bit 2: may combine both.
        self.targets = {}
        self.target_info = {}
        for total in range(0, 41):
            for mods in range(8):
                combos = [(0, 0, 0)]
                if mods & 1:
                    combos.append((1, 0, 2))
                if mods & 2:
                    combos += [(0, 1, -1), (0, 1, 1)]
                if mods & 3 == 3 and mods & 4:
                    combos += [(1, 1, 1), (1, 1, 3)]
                entries = []
                reach = 0
                for tok, mkt, delta in combos:
                    n = total + delta
                    if 1 <= n <= 18:
                        k = TargetKey.build(n, tok, mkt, 0)
                        ke = TargetKey.build(n, tok, mkt, 1)
                        entries.append((1 << n, k, ke))
                        self.target_info[k] = Target(n, tok, mkt, 0)
                        self.target_info[ke] = Target(n, tok, mkt, 1)
                        reach |= 1 << n
                entries.sort(key=lambda e: (e[0], e[1]))
                self.targets[total * 8 + mods] = (reach, tuple(entries))
        self._groups: dict[tuple, tuple] = {}
        # the indices of the dice a 5-bit mask picks
        self.mask_dice = tuple(tuple(i for i in range(5) if mask >> i & 1) for mask in range(32))

    def buildable(self, mask: int) -> tuple[int, ...]:
        """Indices of the buildings that KB-10.5 allows next (the leftmost unbuilt one per row)."""
        out = self._buildable.get(mask)
        if out is None:
            res = []
            for row in range(5):
                for col in range(4):
                    i = row * 4 + col
                    if not mask >> i & 1:
                        res.append(i)
                        break
            out = self._buildable[mask] = tuple(res)
        return out

    def groups(self, dice: tuple[int, int, int, int, int]) -> tuple:
        """Distinct dice groups of one seat's available dice (0 = not available).

        Returns (entries, info): entries are (key, total, mask) with at least one coloured die
        (KB-8.9); the mask picks the lowest-index dice with those values, so keys do not depend
        on which physical die is which.
        """
        out = self._groups.get(dice)
        if out is None:
            seen = {}
            for mask in range(1, 32):
                if not mask & 7:
                    continue
                if any(mask >> i & 1 and dice[i] == 0 for i in range(5)):
                    continue
                c = sorted(dice[i] for i in range(3) if mask >> i & 1)
                w = sorted(dice[i] for i in (3, 4) if mask >> i & 1)
                key = DiceGroupKey.build(c, w)
                if key not in seen:
                    seen[key] = (key, sum(c) + sum(w), mask)
            entries = tuple(sorted(seen.values(), key=lambda e: (e[1], e[0])))
            out = self._groups[dice] = (entries, {e[0]: e for e in entries})
        return out
