"""Kingsburg's action keys, one family per class: each family's keys are built, parsed and
labelled here and nowhere else. Keys are stable strings that never depend on menu order:

  dice:25+w3                a group of one's dice: coloured 2 and 5, plus the white 3 (KB-8)
  adv:8+token+market+envoy  the advisor a group influences, with the modifiers used (KB-8, KB-13.3)
  take:gws / trade:s        a form of an advisor's help (KB-9); goods letters g/w/s
  take:gw / lose:gg         goods of one's choice gained or lost (King's Aid, Guild, battles)
  build:<id>, envoy-build:<id>, townhall:<g|w|s|token>, recruit:<letters>, token:<value>
  pass, done, skip, keep, decline, statue, statue-white, chapel

Also the English texts of goods, advisors' rewards and buildings, which labels, events and
`components()` share (the rules may use these; nothing here imports the presentation modules).
"""
from __future__ import annotations

from typing import NamedTuple

LETTERS = "gws"
GOOD_NAMES = ("gold", "wood", "stone")
GOOD_OF_LETTER = {"g": "gold", "w": "wood", "s": "stone"}


# ---------------------------------------------------------------------- texts
def goods_letters(gold: int, wood: int, stone: int) -> str:
    return "g" * gold + "w" * wood + "s" * stone


def letters_count(letters: str) -> tuple[int, int, int]:
    return letters.count("g"), letters.count("w"), letters.count("s")


def and_list(parts: list[str]) -> str:
    if not parts:
        return ""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def goods_text(gold: int, wood: int, stone: int) -> str:
    """'1 gold, 2 wood and 1 stone' ('nothing' when all are 0)."""
    return and_list([f"{n} {name}" for n, name in zip((gold, wood, stone), GOOD_NAMES) if n]) or "nothing"


def goods_dict(gold: int, wood: int, stone: int) -> dict[str, int]:
    return {"gold": gold, "wood": wood, "stone": stone}


def alternative_text(alt) -> str:
    """The text of one form of an advisor's help (an `Alternative` of the data files)."""
    parts = []
    if alt.trade:
        return "exchange 1 good for 1 of each of the other two"
    if alt.gold or alt.wood or alt.stone:
        parts.append(goods_text(alt.gold, alt.wood, alt.stone))
    if alt.choice:
        parts.append(f"{alt.choice} good{'s' if alt.choice > 1 else ''} of your choice")
    if alt.vp:
        parts.append(f"{alt.vp} VP")
    if alt.soldiers:
        parts.append(f"{alt.soldiers} soldier{'s' if alt.soldiers > 1 else ''}")
    if alt.tokens:
        parts.append(f"{alt.tokens} +2 token{'s' if alt.tokens > 1 else ''}")
    if alt.peek:
        parts.append("a look at the top enemy card")
    if alt.pay_vp:              # the Smuggler: the VP are paid for the goods, not with them
        return f"pay {alt.pay_vp} VP for {and_list(parts)}" if parts else f"pay {alt.pay_vp} VP"
    return and_list(parts)


def advisor_text(advisor) -> str:
    """'1 gold or 1 wood': an advisor's reward, every form of it."""
    return " or ".join(alternative_text(a) for a in advisor.alternatives)


def advisor_title(advisor) -> str:
    return f"the {advisor.name} ({advisor.number})"


def building_title(building) -> str:
    return f"the {building.name}"


# ---------------------------------------------------------------------- key families
class DiceGroupKey:
    """`dice:<coloured faces>[+w<white faces>]`: a group of one's dice (KB-8.4, KB-8.9)."""

    @staticmethod
    def build(coloured: list[int], white: list[int]) -> str:
        return "dice:" + "".join(map(str, sorted(coloured))) + ("+w" + "".join(map(str, sorted(white))) if white else "")

    @staticmethod
    def parse(key: str) -> tuple[list[int], list[int]]:
        coloured, _, white = key[5:].partition("+w")
        return [int(c) for c in coloured], [int(c) for c in white]

    @staticmethod
    def label(key: str, total: int, reach: str) -> str:
        coloured, white = DiceGroupKey.parse(key)
        if len(coloured) == 1 and not white:         # one die: its face is the total
            return f"Die {coloured[0]} → {reach}"
        faces = "+".join(map(str, coloured + white))
        dice = f"Dice {faces}" + (f" (white {'+'.join(map(str, white))})" if white else "")
        return f"{dice} = {total} → {reach}"


class Target(NamedTuple):
    """What an `adv:` key means: the advisor and the modifiers used (KB-8.6, KB-13.3, KB-17.6)."""
    advisor: int
    token: int
    market: int
    envoy: int


class TargetKey:
    """`adv:<n>[+token][+market][+envoy]`: the advisor a dice group influences."""

    @staticmethod
    def build(advisor: int, token: int, market: int, envoy: int) -> str:
        return f"adv:{advisor}" + ("+token" if token else "") + ("+market" if market else "") \
            + ("+envoy" if envoy else "")

    @staticmethod
    def parse(key: str) -> Target:
        head, *mods = key[4:].split("+")
        return Target(int(head), int("token" in mods), int("market" in mods), int("envoy" in mods))

    @staticmethod
    def label(target: Target, total: int, advisor) -> str:
        how = []
        if target.token:
            how.append("a +2 token")
        if target.market:
            how.append(f"the Market ({'+1' if target.advisor > total + 2 * target.token else '-1'})")
        if target.envoy:
            how.append("the King's Envoy (sharing a taken advisor)")
        return f"Influence {advisor_title(advisor)}" + (" using " + and_list(how) if how else "") \
            + f": {advisor_text(advisor)}"


class HelpKey:
    """`take[:letters]`, `take:<letters>#2` (a second form giving the same goods), `trade:<letter>`
    (the Alchemist: return that good) and `decline` (KB-9)."""

    DECLINE = "decline"

    @staticmethod
    def build(gold: int, wood: int, stone: int) -> str:
        letters = goods_letters(gold, wood, stone)
        return "take:" + letters if letters else "take"

    @staticmethod
    def build_trade(letter: str) -> str:
        return "trade:" + letter

    @staticmethod
    def label(option, advisor) -> str:
        if option.key.startswith("trade:"):
            paid = option.key[6]
            got = [GOOD_OF_LETTER[x] for x in LETTERS if x != paid]
            return f"{advisor.name}: give 1 {GOOD_OF_LETTER[paid]} for 1 {got[0]} and 1 {got[1]}"
        parts = []
        if option.need_vp:
            parts.append(f"pay {option.need_vp} VP")
        if option.gold or option.wood or option.stone:
            parts.append("take " + goods_text(option.gold, option.wood, option.stone))
        gained = option.vp + option.need_vp
        if gained:
            parts.append(f"gain {gained} VP")
        if option.soldiers:
            parts.append(f"recruit {option.soldiers} soldier{'s' if option.soldiers > 1 else ''}")
        if option.tokens:
            parts.append(f"take {option.tokens} +2 token{'s' if option.tokens > 1 else ''}")
        if option.peek:
            parts.append("look at the top enemy card")
        return f"{advisor.name}: " + and_list(parts)


class GoodsKey:
    """`take:<letters>` / `lose:<letters>`: goods of one's choice gained or lost."""

    @staticmethod
    def build(verb: str, gold: int, wood: int, stone: int) -> str:
        return f"{verb}:" + goods_letters(gold, wood, stone)

    @staticmethod
    def parse(key: str) -> tuple[int, int, int]:
        return letters_count(key[5:])

    @staticmethod
    def label(key: str, why: str) -> str:
        verb = "Take" if key.startswith("take") else "Lose"
        return f"{verb} {goods_text(*GoodsKey.parse(key))}" + (f" ({why})" if why else "")


class BuildKey:
    """`build:<id>` and, with the King's Envoy, `envoy-build:<id>`; `pass` / `done` (KB-10, KB-13.4)."""

    @staticmethod
    def build(building_id: str, envoy: bool = False) -> str:
        return ("envoy-build:" if envoy else "build:") + building_id

    @staticmethod
    def label(building, cost: tuple[int, int, int], envoy: bool) -> str:
        head = "With the King's Envoy, also build" if envoy else "Build"
        effect = f"; {building.text.rstrip('.')}" if building.text else ""   # (no full stop inside the brackets)
        return f"{head} the {building.name} for {goods_text(*cost)} (+{building.vp} VP{effect})"


class TownHallKey:
    """`townhall:token` / `townhall:<letter>`: pay it for 1 VP; `skip` (KB-11.2, KB-17.20)."""

    @staticmethod
    def build(what: str) -> str:
        return "townhall:" + what

    @staticmethod
    def label(key: str) -> str:
        what = key[9:]
        return "Town Hall: pay " + ("a +2 token" if what == "token" else f"1 {GOOD_OF_LETTER[what]}") + " for 1 VP"


class RecruitKey:
    """`recruit:<letters>`: recruit one soldier paying these goods; `done` (KB-14)."""

    @staticmethod
    def build(gold: int, wood: int, stone: int) -> str:
        return "recruit:" + goods_letters(gold, wood, stone)

    @staticmethod
    def parse(key: str) -> tuple[int, int, int]:
        return letters_count(key[8:])

    @staticmethod
    def label(key: str) -> str:
        return f"Recruit 1 soldier for {goods_text(*RecruitKey.parse(key))}"


class TokenKey:
    """`token:<value>`: the soldier token put face down (variant, KB-19.5)."""

    @staticmethod
    def build(index: int) -> str:
        return f"token:{index}"

    @staticmethod
    def parse(key: str) -> int:
        return int(key[6:])

    @staticmethod
    def label(key: str) -> str:
        v = TokenKey.parse(key)
        return f"Put your soldier token {v} face down ({v} soldier{'s' if v != 1 else ''} this Winter)"


REROLL_LABELS = {"statue": "Statue: reroll one coloured die (all your dice show the same number)",
                 "statue-white": "Statue: reroll the white die (all your dice show the same number)",
                 "chapel": "Chapel: reroll all your dice (their total is 7 or less)",
                 "keep": "Keep the dice"}
