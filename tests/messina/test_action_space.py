"""Messina 1347's fixed action space (action_space.py): every legal key of every acting seat in
random games of every player count and every option value is in it and masked exactly; each
space's size and digest are pinned; the share of the space a random walk reaches is reported."""
from __future__ import annotations

import functools
import random
from collections import defaultdict

import pytest

from ludoteka.boardgames.messina.model.options import OPTIONS
from ludoteka.kernel import BadOption, UnknownKey

from .helpers import GAME

COUNTS = (1, 2, 3, 4)
# Pinned: these must NEVER change for an existing key order, or an index would mean another key
# for agents trained on it. New keys go at the end of `action_keys` only (then update these).
SIZES = {1: 796, 2: 801, 3: 811, 4: 818}
DIGESTS = {1: "bbeae1d48fad1cdf", 2: "2201095375a9c278", 3: "4d91f3b54ecb4c0b", 4: "2bd79ee60fce3a39"}

# The defaults, then every other value of every option one at a time (`mixed_sides` needs
# `advanced`; `data` names the shipped directory), each at every player count.
NEEDS = {"mixed_sides": {"advanced": True}}
VARIANTS = [{}] + [{**NEEDS.get(name, {}), name: value} for name, opt in OPTIONS.items() if name != "data"
                   for value in opt.choices if value != opt.default] + [{"data": GAME.data.directory}]
SEEDS = 10                      # games per player count and variant
EAGER = ("hut_tile:", "workshop:", "cart:", "to_workshop:", "repopulate", "action", "book_action:", "pay:",
         "ship:", "fight:", "reshuffle:")


def by_slot(key: str) -> bool:
    """A key naming a workshop slot of the estate (not a workshop tile id)."""
    return key.startswith("to_workshop:") or (key.startswith("workshop:") and key[9:].isdigit())


def policy(r: random.Random, keys: list[str], greed: float) -> str:
    """Random, often building, fighting and acting rather than passing, to reach rich positions."""
    keen = [k for k in keys if k.startswith(EAGER)]
    if keen and r.random() < greed:
        return r.choice(keen)
    active = [k for k in keys if k not in GAME.passive_keys]
    return r.choice(active) if active and r.random() < 0.85 else r.choice(keys)


@functools.lru_cache(maxsize=None)
def walk() -> tuple[int, dict[int, set[str]]]:
    """Play the random games, checking every acting seat's keys against its space after every
    action; (states checked, keys seen per player count)."""
    states, seen = 0, defaultdict(set)
    for players in COUNTS:
        for options in VARIANTS:
            space = GAME.action_space(players, options)
            for seed in range(SEEDS):
                s = GAME.new_state(players, seed, options)
                r = random.Random(seed)
                greed = r.random()
                while s.to_act is not None:
                    for seat in s.acting_seats():
                        keys = s.legal_keys(seat)
                        indices = space.indices(keys)           # UnknownKey names a missing key
                        mask = space.mask(keys)
                        assert len(mask) == len(space) and sum(mask) == len(set(keys))
                        assert all(mask[i] for i in indices), (players, options, seed, keys)
                        seen[players].update(keys)
                    states += 1
                    s.apply(policy(r, s.legal_keys(), greed))
    return states, dict(seen)


def test_every_legal_key_of_random_games_is_in_the_space_and_masked_exactly():
    states, seen = walk()
    assert states > 20_000
    assert set(seen) == set(COUNTS)


def test_share_of_the_space_reached_by_the_walk():
    """Most of the space is keyed by workshop slot (`to_workshop:<square>:<slot>`, `workshop:<slot>`:
    up to every workshop tile, MS-21.3 sets no limit), which random play barely reaches."""
    states, seen = walk()
    print(f"\nmessina-1347: {states} random states walked")
    for players in COUNTS:
        keys = GAME.action_space(players).keys
        share = len(seen[players] & set(keys)) / len(keys)
        other = [k for k in keys if not by_slot(k)]
        other_share = len(seen[players] & set(other)) / len(other)
        print(f"messina-1347 {players}p: the walk saw {share:.0%} of {len(keys)} keys, "
              f"{other_share:.0%} of the {len(other)} not keyed by workshop slot")
        assert share > 0.12 and other_share > 0.5     # loose: the print shows the real share


@pytest.mark.parametrize("players", COUNTS)
def test_size_and_digest_are_pinned(players):
    space = GAME.action_space(players)
    assert (len(space), space.digest()) == (SIZES[players], DIGESTS[players])
    assert space.players == players and space.game == "messina-1347"


@pytest.mark.parametrize("players", COUNTS)
def test_no_rules_option_changes_the_space(players):
    """Every board side and reshuffle payment is listed whatever the options (advanced included);
    only the `data` option could, and the shipped directory gives the same keys."""
    keys = GAME.action_space(players).keys
    for options in VARIANTS + [{"advanced": True, "priority_tile": True}]:
        assert GAME.action_space(players, options).keys == keys, options


def test_keys_every_player_count_offers_have_the_same_index_everywhere():
    spaces = [GAME.action_space(n) for n in COUNTS]
    shared = set.intersection(*(set(s.keys) for s in spaces))
    for s in spaces:
        assert set(s.keys[:len(shared)]) == shared
    assert len({s.keys[:len(shared)] for s in spaces}) == 1
    assert "lt:4" in shared and "lt:5" not in shared and "hex:A09" not in shared   # 4 seats: lt:5..19


def test_the_grammar_is_built_from_the_data():
    space = GAME.action_space(4)
    data = GAME.data
    for key in ([f"hex:{h.id}" for h in data.hexes] + [f"hex:{h.id}" for h in data.harbours]
                + [f"ship:{s.id}" for s in data.ships] + [f"cart:{c.id}" for c in data.carts]
                + [f"hut_tile:{u.id}" for u in data.hut_upgrades] + [f"workshop:{w.id}" for w in data.workshops]):
        assert key in space
    assert f"to_workshop:17:{len(data.workshops) - 1}" in space and f"workshop:{len(data.workshops)}" not in space
    two = GAME.action_space(2)
    assert "ship:S1-gems" not in two and "hex:A07" not in two and "lt:9" in two and "lt:10" not in two


def test_errors():
    with pytest.raises(BadOption):
        GAME.action_space(7)
    with pytest.raises(BadOption):
        GAME.action_space(0)
    with pytest.raises(BadOption):
        GAME.action_space(2, {"advanced": "yes"})
    space = GAME.action_space(3)
    with pytest.raises(UnknownKey, match="nope"):
        space.index("nope")
    with pytest.raises(UnknownKey, match="nope"):
        space.mask(["end_turn", "nope"])
