"""Helpers to build Kingsburg states for rule tests: set fields, script dice, play keys."""
from __future__ import annotations

import pytest

import ludoteka.boardgames.kingsburg.state as ks
from ludoteka.boardgames.kingsburg import GAME
from ludoteka.boardgames.kingsburg.state import (PC_AID, PC_BUILD, PC_INFL, PC_PROD, PC_RECRUIT, PC_REROLL,
                                                  PC_WINTER)

T = GAME.tables
DATA = GAME.data
BIDX = {b.id: b.index for b in DATA.buildings}
ANN, BRIAN, CINDY, DAVID = 0, 1, 2, 3


def new(players: int = 4, seed: int = 0, **options):
    return GAME.new_state(players, seed, options)


class Dice:
    """Scripted dice: `_roll` returns these values in order, then falls back to the real generator."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch):
        self.values: list[int] = []
        real = ks._roll

        def roll(rng: int):
            if self.values:
                return rng, self.values.pop(0)
            return real(rng)
        monkeypatch.setattr(ks, "_roll", roll)

    def script(self, *values: int) -> None:
        self.values.extend(values)


def blank(players: int = 4, order=None, **options):
    """A state at the very start with the given turn order and nothing decided yet."""
    s = new(players, 0, **options)
    s.queue = []
    s._log = None
    if order is not None:
        s.order = list(order)
    return s


def set_goods(s, seat: int, gold: int = 0, wood: int = 0, stone: int = 0) -> None:
    s.goods[3 * seat:3 * seat + 3] = [gold, wood, stone]


def set_buildings(s, seat: int, *ids: str) -> None:
    m = 0
    for i in ids:
        m |= 1 << BIDX[i]
    s.bld[seat] = m


def has(s, seat: int, bid: str) -> bool:
    return bool(s.bld[seat] >> BIDX[bid] & 1)


def goods(s, seat: int) -> tuple[int, int, int]:
    return tuple(s.goods[3 * seat:3 * seat + 3])


def goto(s, pc: int, phase: int, year: int | None = None, cur: int = 0) -> None:
    """Jump to a point of the year and run the automatic steps up to the next decision."""
    s.pc = pc
    s.phase = phase
    if year is not None:
        s.year = year
        s.revealed = year - 1
    s.cur = cur
    s.queue = []
    s._legal = None
    s.to_act = None
    s._advance()


def set_dice(s, seat: int, coloured, white=()) -> None:
    b = 5 * seat
    s.dv[b:b + 5] = list(coloured) + [0] * (3 - len(coloured)) + list(white) + [0] * (2 - len(white))


def start_influence(s, phase: int = 2) -> None:
    """Dice already set: skip the roll, compute the turn order, start influencing (KB-7, KB-8)."""
    goto(s, PC_REROLL, phase)


def play(s, *keys: str) -> None:
    for k in keys:
        assert k in s.legal_keys(), f"{k!r} not legal for seat {s.to_act}: {s.legal_keys()}"
        s.apply(k)


def card_index(number: int) -> int:
    return number - 1


def battle(s, dice: Dice, die: int, card: int, year: int = 1) -> None:
    """Resolve Winter of `year` against enemy card `card` with the King's die showing `die`."""
    deck = list(s.deck)
    deck[year - 1] = card_index(card)
    s.deck = tuple(deck)
    dice.script(die)
    goto(s, PC_WINTER, 8, year)


__all__ = ["ANN", "BRIAN", "CINDY", "DAVID", "BIDX", "DATA", "Dice", "GAME", "PC_AID", "PC_BUILD", "PC_INFL",
           "PC_PROD", "PC_RECRUIT", "PC_REROLL", "PC_WINTER", "T", "battle", "blank", "card_index", "goods",
           "goto", "has", "new", "play", "set_buildings", "set_dice", "set_goods", "start_influence"]
