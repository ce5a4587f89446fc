"""The texts of Kingsburg's most frequent events, written only when someone reads them: the rules
record `(function, *args)` (see `GameState.event`), so search playouts never format them."""
from __future__ import annotations


def rolled_text(season: str, dice: list) -> str:
    parts = []
    for seat, d in enumerate(dice):
        coloured = ",".join([str(v) for v in d[:3] if v])
        white = [str(v) for v in d[3:] if v]
        parts.append(f"seat {seat}: " + (coloured + " + white " + ",".join(white) if white else coloured))
    return season + " rolls: " + "; ".join(parts)


def turn_order_text(order: list, totals: list) -> str:
    return "turn order (lowest dice total first): " + ", ".join(f"seat {s} ({totals[s]})" for s in order)


def influence_text(seat: int, dice: list, name: str, advisor: int, token: int, market: int, envoy: int) -> str:
    return (f"seat {seat} places {'+'.join(map(str, dice))} on the {name} ({advisor})"
            + (" with a +2 token" if token else "") + (" using the Market" if market else "")
            + (" using the King's Envoy" if envoy else ""))


def declined_text(seat: int, name: str, advisor: int) -> str:
    return f"seat {seat} declines the help of the {name} ({advisor})"


def unavailable_text(seat: int, name: str, advisor: int) -> str:
    return f"seat {seat} has nothing to give for the {name}'s help ({advisor})"


def help_text(seat: int, name: str, got: str) -> str:
    return f"seat {seat} takes the {name}'s help: {got}"


def build_text(seat: int, building: str, envoy: bool) -> str:
    """The text of a build event, written when it is read."""
    return f"seat {seat} builds the {building}" + (" with the King's Envoy" if envoy else "")
