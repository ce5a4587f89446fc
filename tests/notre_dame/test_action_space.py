"""Notre Dame's fixed action space (action_space.py): every key that random games offer any acting
seat is in the space, for every player count and every value of every option; the spaces'
sizes and digests are pinned so that an index never silently changes meaning."""
from __future__ import annotations

import random

import pytest

import space_walk

import ludoteka
from ludoteka.boardgames.notre_dame.action_space import action_keys
from ludoteka.kernel import BadOption, UnknownKey

GAME = ludoteka.game("notre-dame")
PLAYERS = range(GAME.min_players, GAME.max_players + 1)

# The size and digest of each player count's space with the default options. These must NEVER
# change for an existing key order: agents trained on one release act by these indices. New
# keys go at the end of the space only; then update the constants here and say in the commit
# which keys were appended and why.
PINNED = {
    2: (188, "8f8bf3d384229909"),
    3: (182, "264f9b5e5e9d3d0b"),
    4: (192, "3a8f68eca00468ea"),
    5: (202, "ab22fe127c9ea044"),
}
SHARED = 152          # the keys before the board's markets: the same indices at every player count

PASSIVE = frozenset(("pass", "decline", "hotel:none", "barmaid:none"))
# Keys that bring coins: a policy that prefers them empties the supply, so that the richest
# players pay (ND-9.3) and, on a tie, the gaining seat chooses who (the payer:<seat> keys).
COINS = frozenset(("keep:bank", "play:bank", "place", "friend:bank", "hotel:coin", "hotel:coin+coin",
                   "barmaid:coin", "bribe:moneylender", "juggle-to:bank", "bishop:bank"))


def configs() -> list[tuple[int, dict]]:
    """Every player count with the default options, then each other value of every option once
    (at the player counts in turn; a start player must be a seat that exists)."""
    out: list[tuple[int, dict]] = [(n, {}) for n in PLAYERS]
    i = 0
    for name, option in GAME.options.items():
        for value in option.choices:
            if value == option.default:
                continue
            players = PLAYERS[i % len(PLAYERS)]
            i += 1
            if name == "start_player":
                players = max(players, value + 1)
            out.append((players, {name: value}))
    return out


def choose(r: random.Random, keys: list[str], hoard: bool) -> str:
    if hoard:
        rich = [k for k in keys if k in COINS or k.endswith(":take")]
        if rich and r.random() < 0.9:
            return r.choice(rich)
    active = [k for k in keys if k not in PASSIVE and not (hoard and k.startswith("donate"))]
    return r.choice(active if active and r.random() < 0.85 else keys)


def walk(players: int, options: dict, seed: int, hoard: bool, seen: set[str]) -> int:
    """Play one game with this policy, checking every state's keys (see space_walk.walk)."""
    return space_walk.walk(GAME, players, options, seed, seen,
                           lambda r, state, seat, keys: choose(r, keys, hoard))


@pytest.fixture(scope="module")
def seen_by_players() -> dict[int, set[str]]:
    """The keys offered in random games, by player count (walked once for the module)."""
    seen: dict[int, set[str]] = {n: set() for n in PLAYERS}
    states = 0
    for players, options in configs():
        for seed in range(8):
            for hoard in (False, True):
                states += walk(players, options, seed, hoard, seen[players])
    assert states > 40_000
    return seen


def test_every_offered_key_is_in_the_space(seen_by_players):
    """The walk itself asserts it at every state; here: it covered every player count."""
    assert all(seen_by_players[n] for n in PLAYERS)


def test_share_of_the_space_seen(seen_by_players):
    """Over-enumeration shows up as keys never offered: report the share seen, with a loose
    lower bound (only a rare Juggler move or coin tie may go unseen)."""
    for n in PLAYERS:
        space = GAME.action_space(n)
        share = len(seen_by_players[n] & set(space.keys)) / len(space)
        print(f"notre-dame {n} players: {len(seen_by_players[n])} of {len(space)} keys seen ({share:.0%})")
        assert share >= 0.95, sorted(set(space.keys) - seen_by_players[n])


@pytest.mark.parametrize("players", PLAYERS)
def test_size_and_digest_are_pinned(players):
    space = GAME.action_space(players)
    assert (len(space), space.digest()) == PINNED[players]


@pytest.mark.parametrize("players", PLAYERS)
def test_no_duplicates_and_no_option_changes_the_keys(players):
    keys = action_keys(players, {}, GAME.data)
    assert len(set(keys)) == len(keys)
    default = GAME.action_space(players)
    assert default.keys == tuple(keys)
    for n, options in configs():
        if n == players:
            assert GAME.action_space(players, options).keys == default.keys
    assert default.keys[:SHARED] == GAME.action_space(GAME.min_players).keys[:SHARED]
    assert default.keys[SHARED].startswith("to:") and not default.keys[SHARED - 1].startswith("to:")
    payers = [f"payer:{s}" for s in range(players)] if players >= 3 else []   # ND-AMB-8: a tie of 2 others
    assert [k for k in default.keys if k.startswith("payer:")] == payers
    assert all(default.key(default.index(k)) == k for k in default.keys)


def test_errors_name_what_is_wrong():
    with pytest.raises(BadOption):
        GAME.action_space(9)
    with pytest.raises(BadOption):
        GAME.action_space(3, {"coin_shortage": "nobody_pays"})
    space = GAME.action_space(3)
    with pytest.raises(UnknownKey, match="no-such-key"):
        space.index("no-such-key")
    with pytest.raises(UnknownKey, match="payer:4"):               # seat 4 does not exist
        space.mask(["pass", "payer:4"])
    with pytest.raises(IndexError):
        space.key(-1)
    with pytest.raises(IndexError):
        space.key(len(space))
