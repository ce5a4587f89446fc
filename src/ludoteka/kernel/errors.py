"""Errors raised by the kernel and by games. Each names what is wrong and what is allowed."""
from __future__ import annotations


class LudotekaError(Exception):
    """Base class of every error the engine raises on bad input."""


def short(value: object, limit: int = 40) -> str:
    """`repr(value)`, cut to `limit` characters: errors never quote long input whole."""
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + "…"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


class IllegalAction(LudotekaError):
    """An action key that is not among the legal options of the pending decision."""

    def __init__(self, key: object, allowed: list[str], seat: int | None = None):
        shown = ", ".join(allowed[:20]) + (f", … ({len(allowed)} in all)" if len(allowed) > 20 else "")
        who = f" for seat {seat}" if seat is not None else ""
        super().__init__(f"illegal action {short(key)}{who}; allowed: {shown or 'none (the game is over)'}")
        self.key = key
        self.allowed = allowed


class WrongSeat(LudotekaError):
    """An action submitted by a seat that has no decision pending."""

    def __init__(self, seat: object, acting: "tuple[int, ...] | int | None"):
        if isinstance(acting, int):
            acting = (acting,)
        if not acting:
            super().__init__(f"seat {short(seat)} cannot act: the game is over")
        elif len(acting) == 1:
            super().__init__(f"seat {short(seat)} cannot act now: seat {acting[0]} is to act")
        else:
            super().__init__(f"seat {short(seat)} cannot act now: seats "
                             f"{', '.join(map(str, acting))} are to act")


class UndoRefused(LudotekaError):
    """An undo that the rules or a barrier (revealed information, drawn chance) forbid."""


class GameOver(LudotekaError):
    """An action applied to a finished game."""


class BadOption(LudotekaError):
    """An unknown option name or a value outside the option's allowed values."""


class BadRecord(LudotekaError):
    """A malformed game record or state file."""


class TamperedRecord(BadRecord):
    """A well-formed record whose actions or results do not replay as recorded."""


class DataError(LudotekaError):
    """A corrupt or inconsistent component data file."""


class UnknownGame(LudotekaError):
    """A game name that is not registered."""
