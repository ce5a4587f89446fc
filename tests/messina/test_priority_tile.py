"""The book priority tile (MS-34, DATA-11): it covers the priority column of the round overview table,
in the standard and the advanced game; everything else in the table stays as printed."""
from __future__ import annotations

import pytest

from ludoteka.boardgames.messina import GAME
from ludoteka.boardgames.messina.rules import preparation
from ludoteka.boardgames.messina.views.render import render
from ludoteka.boardgames.messina.model.sides import side_name


def fresh(players: int, seed: int = 1, **options):
    """A new game with an empty flow (round I is being left)."""
    s = GAME.new_state(players, seed, options)
    s._stack = None
    return s


def spread(s) -> None:
    """Distinct positions on every book and the score track, so each priority gives its own order."""
    n = s.players
    for seat in range(n):
        s.books[seat * 3:seat * 3 + 3] = [seat + 1, n - seat, (seat * 2) % n + 1]
        s.score[seat] = 10 + (seat * 3) % n


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("advanced", [False, True])
def test_tile_decides_the_priority_of_every_round(players, advanced):
    """MS-34.1, MS-28.5, MS-28.7: with the tile, rounds II-VI take their priority from the tile's
    column (in a standard game and in an advanced one), and the turn order follows that book or the
    score track."""
    s = fresh(players, priority_tile=True, advanced=advanced)
    tile = s.data.sides[side_name(players)].priority_tile
    for round_ in range(2, 7):
        spread(s)
        s.score = [x + round_ for x in s.score]          # the order moves on the score track too
        preparation.prepare_round(s)
        assert s.round == round_
        assert preparation.priority(s) == tile[round_ - 1]
        event = [e for e in s.events() if e["kind"] == "turn_order"][-1]
        assert event["data"]["priority"] == tile[round_ - 1]
        assert s.turn_order == preparation.order_by(s, tile[round_ - 1])


def test_without_the_tile_the_printed_column():
    """MS-34.1, MS-3.15: without the tile the round overview's own priority column decides; the tile
    changes at least one round on this data."""
    s = fresh(3)
    rows = s.data.sides["3-4p"].rounds
    priorities = []
    for _ in range(2, 7):
        spread(s)
        preparation.prepare_round(s)
        priorities.append(preparation.priority(s))
    assert priorities == [row.priority for row in rows[1:]]
    assert priorities != list(s.data.sides["3-4p"].priority_tile[1:])


@pytest.mark.parametrize("players", [2, 4])
def test_tile_changes_only_the_priority_column(players):
    """MS-34.2: ships, the wheel (double rounds), fire cost, citizens and the late workshops stay as
    printed: two games alike but for the tile prepare every round the same, but for the turn order;
    the view's round rows differ only in the priority."""
    with_tile, without = fresh(players, 7, priority_tile=True), fresh(players, 7)
    assert with_tile.to_json()["state"] == without.to_json()["state"]        # round I: random order
    for _ in range(2, 7):
        for s in (with_tile, without):
            spread(s)
            preparation.prepare_round(s)
        a, b = with_tile.to_json()["state"], without.to_json()["state"]
        a.pop("turn_order"), b.pop("turn_order")
        assert a == b
        row_a = GAME.view(with_tile, 0)["scoring_board"]["row"]
        row_b = GAME.view(without, 0)["scoring_board"]["row"]
        assert row_a["priority"] == preparation.priority(with_tile)
        row_a.pop("priority"), row_b.pop("priority")
        assert row_a == row_b


def test_view_and_terminal_show_the_tile():
    """MS-34.1: the view says the tile is used, its rows carry the tile's priorities, and the terminal
    header names the tile."""
    s = GAME.new_state(3, 1, {"priority_tile": True})
    v = GAME.view(s, 0)["scoring_board"]
    assert v["priority_tile"] is True
    assert [r["priority"] for r in v["rounds"]] == list(s.data.sides["3-4p"].priority_tile)
    assert "(priority tile)" in render(s, 0)
    assert "(priority tile)" not in render(GAME.new_state(3, 1), 0)
