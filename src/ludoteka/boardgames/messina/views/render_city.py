r"""An ASCII map of Messina drawn from the axial coordinates of the view (render.py uses it).

Pointy-top hexes in a brick layout: a hex at axial (q, r) starts at column (2q + r) * HALF and
line 3r. Each hex is 3 lines of CELL characters:

     /A05 oL @2\        id, colour initial, rat (L left, R right, S standing), repopulated by seat 2
     |** A1 N2 |        plague cubes, citizens: A artisans, R aristocrats, N nuns
     \1! 2.    /        lieutenants: seat 1 standing (!), seat 2 lying (.)
"""
from __future__ import annotations

from typing import Any

CELL = 11           # characters of one hex, borders included
HALF = 6            # half the horizontal step between neighbours
INNER = CELL - 2
RATS = {"left": "L", "right": "R", "standing": "S", None: "-"}
CLASS_LETTER = {"artisan": "A", "aristocrat": "R", "nun": "N"}
LEGEND = ["Map: * plague cube | A/R/N artisans/aristocrats/nuns | 2! seat 2 standing, 2. lying | "
          "V! the automa (solo)",
          "     @2 repopulated by seat 2 | rat L/R/S, colour b/o/r/w | 1s* ship 1 (silk) with a cube | "
          "e3 empty location"]


def _fit(text: str) -> str:
    return text[:INNER].ljust(INNER)


def cubes(n: int) -> str:
    """'**', or '*5' for many."""
    return "*" * n if n <= 3 else f"*{n}"


def figures(lieutenants: list[dict[str, Any]]) -> str:
    """'2!1.' : standing first (they block the hex); the solo automa's figures are 'V!'."""
    order = sorted(lieutenants, key=lambda f: (not f["standing"], str(f["seat"])))
    return "".join(f"{'V' if f['seat'] == 'automa' else f['seat']}{'!' if f['standing'] else '.'}" for f in order)


def ship_short(ship: dict[str, Any]) -> str:
    """'1s*': number, goods initial, '*' while its plague cube is on it."""
    number, _, goods = ship["ship"].partition("-")
    return f"{number.lstrip('S')}{goods[:1] or '?'}{'*' if ship['cube'] else ''}"


def cell(cid: str, e: dict[str, Any]) -> tuple[str, str, str]:
    """The 3 inner lines of one node."""
    people = figures(e["lieutenants"])
    if e["kind"] == "dock":
        ships = [ship_short(s) for s in e["ships"]]
        return _fit(f"dock {e['harbour']}"), _fit(" ".join(ships[:2])), _fit(" ".join(ships[2:]) + " " + people)
    if e["kind"] == "harbour":
        return _fit(f"{cid} harb"), _fit(cubes(e["cubes"])), _fit(people)
    top = f"{cid} {e['colour'][:1]}{RATS.get(e['rat'], '?')}"
    if e["repopulated_by"] is not None:
        top += f" @{e['repopulated_by']}"
    people_line = "".join(f"{CLASS_LETTER[c]}{k}" for c, k in e["citizens"].items() if k)
    mid = cubes(e["cubes"])
    mid = f"{mid} {people_line}" if mid and people_line else mid or people_line
    return _fit(top), _fit(mid), _fit(people)


def city_map(v: dict[str, Any]) -> list[str]:
    """The map lines of a view (city nodes, docks and empty expansion locations)."""
    cells = []
    for cid, e in v["city"].items():
        cells.append((e["q"], e["r"], "/|\\", "\\|/", cell(cid, e)))
    for loc in v["empty_locations"]:
        cells.append((loc["q"], loc["r"], "...", "...", (_fit(""), _fit(f"   e{loc['location']}"), _fit(""))))
    xs = [2 * q + r for q, r, *_ in cells]
    rs = [r for _, r, *_ in cells]
    x0, r0 = min(xs), min(rs)
    width = (max(xs) - x0) * HALF + CELL
    grid = [[" "] * width for _ in range((max(rs) - r0 + 1) * 3)]
    for q, r, left, right, inner in cells:
        col = (2 * q + r - x0) * HALF
        for k in range(3):
            text = left[k] + inner[k] + right[k]
            grid[(r - r0) * 3 + k][col:col + CELL] = list(text)
    return ["  " + "".join(row).rstrip() for row in grid]
