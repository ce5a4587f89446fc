"""Kingsburg's fixed action space (action_space.py): every key that random games offer any acting
seat is in the space, for every player count and every value of every option; the spaces'
sizes and digests are pinned so that an index never silently changes meaning."""
from __future__ import annotations

import random

import pytest

import space_walk

from ludoteka.boardgames.kingsburg.action_space import action_keys
from ludoteka.kernel import BadOption, UnknownKey
from ludoteka.kernel.options import resolve_options

from .helpers import GAME

PLAYERS = range(GAME.min_players, GAME.max_players + 1)

# The size and digest of each player count's space with the default options, and of the
# options that change the space. These must NEVER change for an existing key order: agents
# trained on one release act by these indices. New keys go at the end of the space only; then
# update the constants here and say in the commit which keys were appended and why.
PINNED = {
    2: (2135, "c95eeeaaa3014a84"),
    3: (2135, "c95eeeaaa3014a84"),
    4: (2135, "c95eeeaaa3014a84"),
    5: (2135, "c95eeeaaa3014a84"),
}
PINNED_OPTIONS = [
    ({"market_with_token": False}, 2101, "e2cb298c0bbb5d6e"),        # no adv:<n>+token+market
    ({"reinforcements": "soldier_tokens"}, 2140, "d88c820b4c0c901e"),  # token:0 to token:4 appended
]
BASE = 2101           # the keys every option allows: the same indices in every space

PASSIVE = frozenset(("pass", "decline", "done", "skip", "keep"))
ROW_2 = ("build:inn", "build:market", "build:farms")
PLAYERS_FOR = {"three_player_dummy": 3}          # the option only matters with 3 players


def configs() -> list[tuple[int, dict]]:
    """Every player count with the default options, then each other value of every option once
    (at the player counts in turn)."""
    out: list[tuple[int, dict]] = [(n, {}) for n in PLAYERS]
    i = 0
    for name, option in GAME.options.items():
        for value in option.choices:
            if value == option.default:
                continue
            out.append((PLAYERS_FOR.get(name, PLAYERS[i % len(PLAYERS)]), {name: value}))
            i += 1
    return out


def choose(r: random.Random, state, seat: int, keys: list[str], farmer: bool) -> str:
    """Mostly act rather than pass. A `farmer` seat 0 builds only the Inn, Market and Farms and
    recruits nobody: it keeps the fewest buildings, so it rolls the King's white die besides
    the Farms' (groups with two white dice, KB-5.2, KB-17.5), and it loses battles (lose:)."""
    if farmer and seat == 0:
        if any(k.startswith("build:") for k in keys):
            return next((k for k in keys if k in ROW_2), "pass")
        if "done" in keys and any(k.startswith("recruit:") for k in keys):
            return "done"
    active = [k for k in keys if k not in PASSIVE]
    return r.choice(active if active and r.random() < 0.85 else keys)


def walk(players: int, options: dict, seed: int, farmer: bool, seen: set[str]) -> int:
    """Play one game with this policy, checking every state's keys (see space_walk.walk)."""
    return space_walk.walk(GAME, players, options, seed, seen,
                           lambda r, state, seat, keys: choose(r, state, seat, keys, farmer))


@pytest.fixture(scope="module")
def seen() -> set[str]:
    """The keys offered in random games of every configuration (walked once for the module)."""
    keys: set[str] = set()
    states = 0
    for players, options in configs():
        for seed in range(12):
            for farmer in (False, True):
                states += walk(players, options, seed, farmer, keys)
    assert states > 80_000
    return keys


def test_every_offered_key_is_in_the_space(seen):
    """The walk itself asserts it at every state; here: it reached the option-only keys too."""
    assert any(k.startswith("token:") for k in seen) and any("+token+market" in k for k in seen)


def two_white_dice(key: str) -> bool:
    return key.startswith("dice:") and len(key.partition("+w")[2]) == 2


def test_share_of_the_space_seen(seen):
    """Over-enumeration shows up as keys never offered: report the share seen, with loose lower
    bounds. Most of the space is dice groups with both white dice (the King's Aid die and the
    Farms' die, KB-5.2, KB-17.5): each is possible, few happen in a few hundred games."""
    space = set(GAME.action_space(3, {"reinforcements": "soldier_tokens"}).keys)   # every key
    assert seen <= space
    rest = {k for k in space if not two_white_dice(k)}
    share, share_rest = len(seen) / len(space), len(seen & rest) / len(rest)
    print(f"kingsburg: {len(seen)} of {len(space)} keys seen ({share:.0%}); without the groups with "
          f"two white dice {len(seen & rest)} of {len(rest)} ({share_rest:.0%})")
    assert share >= 0.35 and share_rest >= 0.85, sorted(rest - seen)


@pytest.mark.parametrize("players", PLAYERS)
def test_size_and_digest_are_pinned(players):
    space = GAME.action_space(players)
    assert (len(space), space.digest()) == PINNED[players]


@pytest.mark.parametrize("options,size,digest", PINNED_OPTIONS)
def test_options_that_change_the_space_are_pinned(options, size, digest):
    for players in PLAYERS:
        space = GAME.action_space(players, options)
        assert (len(space), space.digest()) == (size, digest)


def test_no_duplicates_and_option_keys_come_last():
    default = GAME.action_space(3)
    keys = action_keys(3, resolve_options(GAME.name, GAME.options, None), GAME.data)
    assert len(set(keys)) == len(keys) and tuple(keys) == default.keys
    base = GAME.action_space(3, {"market_with_token": False}).keys
    assert len(base) == BASE and default.keys[:BASE] == base
    assert all("+token+market" in k for k in default.keys[BASE:])
    tokens = GAME.action_space(3, {"reinforcements": "soldier_tokens"}).keys
    assert tokens[:len(default)] == default.keys and tokens[len(default):] == tuple(f"token:{v}" for v in range(5))
    # Iennaco's ruling 4: the Inn's order with the Town Hall, only with a limited token supply
    limited = GAME.action_space(3, {"token_supply_limit": True}).keys
    assert limited == default.keys + ("inn:first", "inn:after-town-hall")
    assert GAME.action_space(3, {"token_supply_limit": True, "effect_order_choice": False}).keys == default.keys
    for players, options in configs():           # no other option and no player count matters
        if not {"market_with_token", "reinforcements", "token_supply_limit"} & set(options):
            assert GAME.action_space(players, options).keys == default.keys
    assert all(default.key(default.index(k)) == k for k in default.keys)


def test_errors_name_what_is_wrong():
    with pytest.raises(BadOption):
        GAME.action_space(9)
    with pytest.raises(BadOption):
        GAME.action_space(3, {"reinforcements": "mercenaries"})
    space = GAME.action_space(3)
    with pytest.raises(UnknownKey, match="no-such-key"):
        space.index("no-such-key")
    with pytest.raises(UnknownKey, match="token:4"):               # only with soldier tokens
        space.mask(["pass", "token:4"])
    with pytest.raises(IndexError):
        space.key(-1)
    with pytest.raises(IndexError):
        space.key(len(space))
