"""A fixed action space: every key a game can ever offer for a player count and options, each with
a stable integer index, so learning agents can act by number and read a legal-action mask."""
from __future__ import annotations

from typing import Iterable, Sequence

from .errors import LudotekaError, short


class UnknownKey(LudotekaError, KeyError):
    """A legal key that the game's action space does not enumerate (a bug in the game's space)."""

    def __str__(self) -> str:       # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class ActionSpace:
    """The keys of one game, player count and options in a fixed order: key i has index i.

    Games build it from their data in an order that only ever grows at the end, so an index
    means the same key across runs and releases (tests pin each space's size and digest).
    """

    __slots__ = ("game", "players", "keys", "_index")

    def __init__(self, game: str, players: int, keys: Iterable[str]):
        self.game = game
        self.players = players
        self.keys: tuple[str, ...] = tuple(keys)
        self._index = {key: i for i, key in enumerate(self.keys)}
        if len(self._index) != len(self.keys):
            seen: set[str] = set()
            twice = next(k for k in self.keys if k in seen or seen.add(k))
            raise ValueError(f"{game}: the action space lists {twice!r} twice")

    def __len__(self) -> int:
        return len(self.keys)

    def __contains__(self, key: object) -> bool:
        return key in self._index

    def index(self, key: str) -> int:
        """The index of `key`; a key outside the space raises UnknownKey naming it."""
        try:
            return self._index[key]
        except KeyError:
            raise UnknownKey(f"{self.game} ({self.players} players): key {short(key)} is not in "
                             f"the action space of {len(self.keys)} keys") from None

    def key(self, index: int) -> str:
        """The key at `index`; a bad index raises IndexError naming the allowed range."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.keys):
            raise IndexError(f"{self.game}: action index {short(index)} is outside 0..{len(self.keys) - 1}")
        return self.keys[index]

    def indices(self, keys: Sequence[str]) -> list[int]:
        """The indices of `keys` (e.g. a state's legal keys), in the same order."""
        index = self._index
        try:
            return [index[k] for k in keys]
        except KeyError:
            missing = next(k for k in keys if k not in index)
            raise UnknownKey(f"{self.game} ({self.players} players): legal key {short(missing)} is "
                             f"not in the action space of {len(self.keys)} keys") from None

    def mask(self, keys: Sequence[str]) -> list[int]:
        """A 0/1 list as long as the space with 1 at the index of each of `keys`."""
        out = [0] * len(self.keys)
        for i in self.indices(keys):
            out[i] = 1
        return out

    def digest(self) -> str:
        """A short hash of the ordered keys: pinned by tests, so an index never silently moves."""
        import hashlib
        return hashlib.sha256("\n".join(self.keys).encode()).hexdigest()[:16]
