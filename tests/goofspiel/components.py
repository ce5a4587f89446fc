"""Goofspiel's component data: the cards of `data/cards.toml`, read and checked (GS-1).

A missing or malformed file, or a value that breaks a rule, raises `DataError` naming the file,
the field and what is wrong.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ludoteka.kernel.data import check, field, load_toml

DATA_DIR = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True)
class Cards:
    """The cards: each rank's name and value, the players' suits and the prize suit."""

    ranks: tuple[str, ...]
    values: tuple[int, ...]
    suits: tuple[str, ...]
    prize_suit: str
    provenance: str


def load_cards(directory: str | Path | None = None) -> Cards:
    """The cards of `directory`/cards.toml (None: the shipped data), checked."""
    path = Path(directory if directory is not None else DATA_DIR) / "cards.toml"
    doc = load_toml(path)
    where = f"{path.name}: [deck]"
    deck = field(doc, "deck", dict, path.name)
    ranks = tuple(field(deck, "ranks", list, where))
    values = tuple(field(deck, "values", list, where))
    suits = tuple(field(deck, "suits", list, where))
    prize_suit = field(deck, "prize_suit", str, where)
    check(len(ranks) >= 2 and len(set(ranks)) == len(ranks), where, "'ranks' must name 2 or more different ranks")
    check(len(values) == len(ranks), where, f"'values' must give one value per rank ({len(ranks)}), found {len(values)}")
    check(all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in values), where,
          "'values' must be positive integers")
    check(len(set(values)) == len(values), where, "'values' must differ (the highest bid must be clear, GS-4)")
    check(len(suits) >= 2 and len(set(suits)) == len(suits), where, "'suits' must name 2 or more different suits")
    check(prize_suit not in suits, where, f"'prize_suit' {prize_suit!r} is also a player's suit")
    return Cards(ranks, values, suits, prize_suit, field(doc, "provenance", str, path.name))
