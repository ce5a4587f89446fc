"""Errors raised by the kernel and by games. Each names what is wrong and what is allowed."""
from __future__ import annotations


class LudotekaError(Exception):
    """Base class of every error the engine raises on bad input."""


class IllegalAction(LudotekaError):
    """An action key that is not among the legal options of the pending decision."""

    def __init__(self, key: object, allowed: list[str], seat: int | None = None):
        shown = ", ".join(allowed[:20]) + (f", … ({len(allowed)} in all)" if len(allowed) > 20 else "")
        who = f" for seat {seat}" if seat is not None else ""
        super().__init__(f"illegal action {key!r}{who}; allowed: {shown or 'none (the game is over)'}")
        self.key = key
        self.allowed = allowed


class WrongSeat(LudotekaError):
    """An action submitted by a seat that is not the one to act."""

    def __init__(self, seat: object, to_act: int | None):
        if to_act is None:
            super().__init__(f"seat {seat!r} cannot act: the game is over")
        else:
            super().__init__(f"seat {seat!r} cannot act now: seat {to_act} is to act")


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
