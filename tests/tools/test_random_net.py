"""The net under every game (issue 22): random games over many seeds, every player count and every
value of every option, with the game's invariants (resources within bounds and conserved, who acts,
the score by category) and the kernel's contract checked after every action.

A legal sequence that drives a resource out of bounds (Messina's coins below 0 when a paid
advance spent what a pending repopulation had committed) shows up here as a violation. The
expensive checks (JSON round trip, clones, determinizations) have their own tests per game.
"""
from __future__ import annotations

import pytest

import ludoteka
from ludoteka.kernel import BadOption
from ludoteka.tools.simulate import simulate

# An option value that only exists together with another one.
NEEDS = {("messina-1347", "mixed_sides"): {"advanced": True}}
SEEDS = {"notre-dame": 3, "kingsburg": 3, "messina-1347": 2}
FIRST_SEED = 580_000                     # away from the seeds of the games' own random-play tests


def variants(game) -> list[dict]:
    """The default game and each non-default value of each option with choices, one at a time."""
    out: list[dict] = [{}]
    for name, option in game.options.items():
        for value in option.choices:
            if value != option.default:
                out.append({**NEEDS.get((game.name, name), {}), name: value})
    return out


def playable(game, players: int, options: dict) -> bool:
    """Whether the variant exists with this many players (Notre Dame's start_player=4 needs 5)."""
    try:
        game.new_state(players, 0, options)
    except BadOption:
        return False
    return True


CASES = [(game.name, players) for game in map(ludoteka.game, ludoteka.games())
         for players in range(game.min_players, game.max_players + 1)]


@pytest.mark.parametrize("name,players", CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_every_option_keeps_every_invariant_after_every_action(name, players):
    """Invariants after every action of random games with every option value (MS-24.4, MS-25.4,
    ND-9.3, KB-8.7 and every other rule whose bound the invariants check)."""
    game = ludoteka.game(name)
    for options in variants(game):
        if not playable(game, players, options):
            continue
        result = simulate(game, players, games=SEEDS[name], seed=FIRST_SEED, options=options, deep=0)
        assert result["completed"] == SEEDS[name], (options, result["violations"][:3])
        assert result["violations"] == [], (options, result["violations"][:5])


@pytest.mark.parametrize("name", ludoteka.games())
def test_every_variant_is_played_with_some_player_count(name):
    """No option value drops out of the net for every player count."""
    game = ludoteka.game(name)
    for options in variants(game):
        assert any(playable(game, p, options) for p in range(game.min_players, game.max_players + 1)), options
