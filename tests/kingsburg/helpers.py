"""Helpers to build Kingsburg states for rule tests: set the declared fields, script dice, start
the flow at one step of the year (`state.begin_at`), play keys."""
from __future__ import annotations

import pytest

from ludoteka.boardgames.kingsburg import GAME, building, flow, production, winter, year

T = GAME.tables
DATA = GAME.data
BIDX = {b.id: b.index for b in DATA.buildings}
ANN, BRIAN, CINDY, DAVID = 0, 1, 2, 3

# The steps of the year a test may start from, and the decision kinds it may check are pending.
STEP_AID, STEP_PRODUCTION, STEP_REROLL, STEP_INFLUENCE, STEP_HELP, STEP_BUILD, STEP_REWARD, STEP_ENVOY, \
    STEP_RECRUIT, STEP_WINTER, STEP_CLEAN_SEASON, STEP_END_OF_SEASON = (
        "aid", "production", "reroll", "influence", "help", "build", "reward", "envoy", "recruit", "winter", "clean",
        "end_season")
GOODS = (year.TAKE_GOODS, year.CHOOSE_LOSS)
REROLL, CHOOSE_DICE, CHOOSE_ADVISOR = production.REROLL, production.CHOOSE_DICE, production.CHOOSE_ADVISOR
TAKE_HELP, BUILD, ENVOY_BUILD, TOWN_HALL = production.TAKE_HELP, building.BUILD, building.ENVOY_BUILD, building.TOWN_HALL
RECRUIT, SOLDIER_TOKENS = winter.RECRUIT, winter.SOLDIER_TOKENS


def _frame(step: str, phase: int, position: int):
    return {"aid": lambda: year.KINGS_AID(), "production": lambda: year.START_SEASON(phase),
            "reroll": lambda: production.REROLL_ROUND(position),
            "influence": lambda: production.INFLUENCE_ROUND(position), "help": lambda: production.HELP_STEP(2),
            "build": lambda: building.BUILD_ROUND(position), "reward": lambda: year.KINGS_REWARD(),
            "envoy": lambda: year.KINGS_ENVOY(), "recruit": lambda: winter.RECRUIT_ROUND(position),
            "winter": lambda: winter.WINTER(), "clean": lambda: building.CLEAN_SEASON(),
            "end_season": lambda: building.END_OF_SEASON()}[step]()


def new(players: int = 4, seed: int = 0, **options):
    return GAME.new_state(players, seed, options)


class Dice:
    """Scripted dice: `flow.roll` returns these values in order, then falls back to the real generator."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch):
        self.values: list[int] = []
        real = flow.roll

        def roll(rng: int):
            if self.values:
                return rng, self.values.pop(0)
            return real(rng)
        monkeypatch.setattr(flow, "roll", roll)

    def script(self, *values: int) -> None:
        self.values.extend(values)


def blank(players: int = 4, order=None, **options):
    """A state at the very start with the given turn order and nothing decided yet (no log lines)."""
    s = new(players, 0, **options)
    s.begin_at(None)
    s._log = None           # the kernel's event list: a blank table starts with an empty log
    if order is not None:
        s.turn_order = list(order)
    return s


def set_goods(s, seat: int, gold: int = 0, wood: int = 0, stone: int = 0) -> None:
    s.goods[3 * seat:3 * seat + 3] = [gold, wood, stone]


def set_buildings(s, seat: int, *ids: str) -> None:
    m = 0
    for i in ids:
        m |= 1 << BIDX[i]
    s.buildings[seat] = m


def has(s, seat: int, bid: str) -> bool:
    return bool(s.buildings[seat] >> BIDX[bid] & 1)


def goods(s, seat: int) -> tuple[int, int, int]:
    return tuple(s.goods[3 * seat:3 * seat + 3])


def helping(s):
    """The advisor whose help is being decided (None when no help decision is pending)."""
    return s.view(None).get("helping_advisor")


def goto(s, step: str, phase: int, year_: int | None = None, cur: int = 0) -> None:
    """Jump to a step of the year and run the automatic steps up to the next decision."""
    s.phase = phase
    if year_ is not None:
        s.year = year_
        s.enemies_revealed = year_ - 1
    s.begin_at(_frame(step, phase, cur))


def run_step(s, step: str, phase: int) -> None:
    """Run one automatic step alone (its kind's `run`), without what follows it."""
    s.phase = phase
    frame = _frame(step, phase, 0)
    frame[0].run(s, frame)


def set_dice(s, seat: int, coloured, white=()) -> None:
    b = 5 * seat
    s.dice_values[b:b + 5] = list(coloured) + [0] * (3 - len(coloured)) + list(white) + [0] * (2 - len(white))


def start_influence(s, phase: int = 2) -> None:
    """Dice already set: skip the roll, compute the turn order, start influencing (KB-7, KB-8)."""
    goto(s, STEP_REROLL, phase)


def play(s, *keys: str) -> None:
    for k in keys:
        assert k in s.legal_keys(), f"{k!r} not legal for seat {s.to_act}: {s.legal_keys()}"
        s.apply(k)


def card_index(number: int) -> int:
    return number - 1


def battle(s, dice: Dice, die: int, card: int, year_: int = 1) -> None:
    """Resolve Winter of `year_` against enemy card `card` with the King's die showing `die`."""
    deck = list(s.enemy_deck)
    deck[year_ - 1] = card_index(card)
    s.enemy_deck = tuple(deck)
    dice.script(die)
    goto(s, STEP_WINTER, 8, year_)


__all__ = ["ANN", "BRIAN", "BUILD", "CHOOSE_ADVISOR", "CHOOSE_DICE", "CINDY", "DAVID", "BIDX", "DATA", "Dice",
           "ENVOY_BUILD", "GAME", "GOODS", "RECRUIT", "REROLL", "SOLDIER_TOKENS", "STEP_AID", "STEP_BUILD",
           "STEP_CLEAN_SEASON", "STEP_END_OF_SEASON", "run_step", "STEP_ENVOY", "STEP_HELP", "STEP_INFLUENCE", "STEP_PRODUCTION", "STEP_RECRUIT",
           "STEP_REROLL", "STEP_REWARD", "STEP_WINTER", "T", "TAKE_HELP", "TOWN_HALL", "battle", "blank",
           "card_index", "goods", "goto", "has", "helping", "new", "play", "set_buildings", "set_dice", "set_goods",
           "start_influence"]
