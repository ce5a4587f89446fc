"""Messina 1347: the log says every marker and point an action gives, and the texts read right
(equal payment tokens counted together, articles from the language files)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from .helpers import ESTATE, blank, only, start_turns

LANG = Path(__file__).resolve().parents[2] / "src" / "ludoteka" / "web" / "static" / "lang"


def _turn(round_: int = 1, fire: int = 0):
    """Seat 0 to move with one lieutenant in its estate; no cubes or citizens in Messina."""
    s = blank(2, 1)
    s.turn_order = [0, 1]
    s.round = round_
    for seat in range(2):
        only(s, seat, ESTATE)
    s.fire[0] = fire
    start_turns(s)
    return s


@pytest.mark.rule("MS-15.1", "MS-14.1")
def test_a_hex_action_logs_the_markers_it_gives():
    """MS-15.1: a marker action takes the markers shown; the log says so (hex A03: gain 2 coins)."""
    s = _turn()
    s.apply("hex:A03")
    s.apply("done")
    before = s.coins[0]
    s.apply("action")
    assert s.coins[0] == before + 2
    gains = [e for e in s.events(1) if e["kind"] == "gain"]
    assert [e["data"] for e in gains] == [{"seat": 0, "resource": "coin", "n": 2}]
    assert gains[0]["text"] == "Seat 0 gains 2 coins."


@pytest.mark.rule("MS-12.3")
def test_a_two_fire_payment_says_2_fire():
    """MS-12.3: from round V a cube costs 2 fire: the option says 'Pay 2 fire', not 'fire and fire'."""
    s = _turn(round_=5, fire=2)
    node = next(n for n, t in enumerate(s.hex_at) if t >= 0 and s.data.hexes[t].id == "A03")
    s.cubes[node] = 1
    s.cube_supply -= 1
    s._legal = None
    s.apply("hex:A03")
    labels = {a.key: a.label for a in s.legal_actions()}
    assert labels["fight:fire+fire"] == "Pay 2 fire to remove a plague cube"


def test_rescued_citizens_take_the_article_of_their_class():
    """'rescues an aristocrat', 'rescues a nun': the article comes from the language file."""
    en = json.loads((LANG / "en.json").read_text(encoding="utf-8"))
    assert [en[f"ms.a_class.{c}"] for c in ("artisan", "aristocrat", "nun")] == ["an artisan", "an aristocrat", "a nun"]
    assert all(" a {" not in en[k] for k in ("ms.ev.rescue_hut", "ms.ev.rescue_square", "ms.explain.needs"))
