"""Kingsburg's fixed action space: every key a state can offer any seat, in a stable order.

The key grammar (built by the key families of keys.py; saved games store these keys):

  statue  statue-white  chapel  keep           rerolls (KB-17.1-17.4)
  dice:<coloured faces>[+w<white faces>]  pass a group of one's dice, faces sorted (KB-8.4, KB-8.9)
  adv:<n>[+token][+market][+envoy]             the advisor it influences (KB-8.6, KB-13.3, KB-17.6)
  take[:<letters>][#k]  trade:<letter>  decline   an advisor's help (KB-9); letters g, w, s
  take:<letters>  lose:<letters>               goods of one's choice (KB-5.3, KB-15.7, KB-15.12)
  build:<id>  envoy-build:<id>  done           building (KB-10, KB-13.4)
  townhall:<token|g|w|s>  skip                 the Town Hall (KB-11.2, KB-17.20)
  recruit:<letters>                            one soldier for 1 or 2 goods (KB-14, KB-17.11)
  token:<value>                                a soldier token (variant KB-19.5)
  inn:first  inn:after-town-hall               the Inn's token before or after the Town Hall
                                               (options effect_order_choice, token_supply_limit)

Everything comes from the data files: the advisors and their forms of help (advisors.toml),
the buildings and which of them carry the Statue, Chapel, Market, Farms, Barracks and Town
Hall effects (buildings.toml), the goods of choice won or lost in battle (enemies.toml).
Dice are 1 to 6: three coloured dice, the King's white die and, if some building has the
Farms effect, the Farms' white die; a group needs a coloured die and is offered only if its
total can reach an advisor (18 at most, 19 with the Market's -1).

Why the order is stable: the keys are grouped by decision kind in the order of a season, each
group in data-file order (advisor numbers, building rows); a key shared by two decisions (pass,
done, take:g) sits where it first appears. The keys that only some options allow come last:
the +2 token combined with the Market (option market_with_token, KB-AMB-11), then the soldier
tokens (option reinforcements = soldier_tokens). No player count changes the keys. New keys must
only ever be appended at the end (the tests pin each space's size and digest).
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from .keys import LETTERS, BuildKey, DiceGroupKey, GoodsKey, HelpKey, RecruitKey, TargetKey, TokenKey
from .tables import TOKEN_VALUES, multisets

FACES = range(1, 7)
COLOURED_DICE = 3


def action_keys(players: int, options: dict[str, Any], data) -> list[str]:
    """Every key of Kingsburg with these resolved `options` (`players` changes none of them)."""
    del players
    keys: dict[str, None] = {}                     # an ordered set: a shared key keeps its first place

    def add(*new: str) -> None:
        keys.update(dict.fromkeys(new))

    effects = data.effect_bit
    market = "market" in effects
    last = len(data.advisors) - 1                  # advisors 1..18
    # KB-17.1-17.4: rerolls
    if "statue" in effects:
        add("statue", "statue-white")
    if "chapel" in effects:
        add("chapel")
    if "statue" in effects or "chapel" in effects:
        add("keep")
    # KB-8.4, KB-8.9: dice groups (at least one coloured die) whose total can reach an advisor
    whites = 1 + ("farms" in effects)
    top = last + market                            # the Market may take 1 off the total
    for size in range(1, COLOURED_DICE + 1):
        for coloured in combinations_with_replacement(FACES, size):
            for count in range(whites + 1):
                for white in combinations_with_replacement(FACES, count):
                    if sum(coloured) + sum(white) <= top:
                        add(DiceGroupKey.build(list(coloured), list(white)))
    add("pass")
    # KB-8.6, KB-13.3, KB-17.6: the advisor, with a +2 token, the Market (+-1) or the Envoy
    combos = [(0, 0, (0,)), (1, 0, (2,))] + ([(0, 1, (-1, 1))] if market else [])
    add(*_targets(last, combos))
    # KB-9: every form of every advisor's help, then goods of one's choice won or lost
    for advisor in data.advisors[1:]:
        add(*_help_keys(advisor))
    add(HelpKey.DECLINE)
    taken = {1} | {e.gain[3] for e in data.enemies if e.gain[3]}      # King's Aid (KB-5.3): 1
    for n in sorted(taken):
        add(*(GoodsKey.build("take", *goods) for _, goods in multisets(n)))
    for n in sorted({e.lose[3] for e in data.enemies if e.lose[3]}):
        add(*(GoodsKey.build("lose", *goods) for _, goods in multisets(n)))
    # KB-10, KB-13.4: building, and a second building with the King's Envoy
    add(*(BuildKey.build(b.id) for b in data.buildings), "pass")
    add(*(BuildKey.build(b.id, envoy=True) for b in data.buildings), "done")
    if "town_hall" in effects:                                        # KB-17.20
        add("townhall:token", *(f"townhall:{letter}" for letter in LETTERS), "skip")
    for cost in ((1, 2) if "barracks" in effects else (2,)):          # KB-14, KB-17.11
        add(*(RecruitKey.build(*goods) for _, goods in multisets(cost)))
    add("done")
    # Only with some options, at the end so that every other key keeps its index.
    if market and options["market_with_token"]:                      # KB-AMB-11
        add(*_targets(last, [(1, 1, (1, 3))]))
    if options["reinforcements"] == "soldier_tokens":                 # KB-19.5
        add(*(TokenKey.build(v) for v in sorted(set(TOKEN_VALUES))))
    # Iennaco's ruling 4: the order of the Inn and the Town Hall matters only with a limited supply
    if options["effect_order_choice"] and options["token_supply_limit"] and "inn" in effects \
            and "town_hall" in effects:
        add("inn:first", "inn:after-town-hall")
    return list(keys)


def _targets(last: int, combos) -> list[str]:
    """adv: keys per advisor, for each (token, market, possible changes to the dice total); a
    target needs a dice total of at least 1, and every key has a form with the Envoy."""
    out = []
    for n in range(1, last + 1):
        for token, market, deltas in combos:
            if any(n - delta >= 1 for delta in deltas):
                out += [TargetKey.build(n, token, market, 0), TargetKey.build(n, token, market, 1)]
    return out


def _help_keys(advisor) -> list[str]:
    """The forms of one advisor's help as tables.py keys them (a repeated form gets #2, #3)."""
    out: list[str] = []
    bases: list[str] = []
    for alt in advisor.alternatives:
        if alt.trade:
            forms = [HelpKey.build_trade(letter) for letter in LETTERS]
        else:
            forms = [HelpKey.build(alt.gold + g, alt.wood + w, alt.stone + s)
                     for _, (g, w, s) in multisets(alt.choice)]
        for key in forms:
            repeat = bases.count(key)
            bases.append(key)
            out.append(f"{key}#{repeat + 1}" if repeat else key)
    return out
