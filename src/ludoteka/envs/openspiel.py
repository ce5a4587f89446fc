"""Every ludoteka game as an OpenSpiel Python game.

    import pyspiel
    import ludoteka.envs.openspiel            # registers python_ludoteka_notre_dame, ...
    game = pyspiel.load_game("python_ludoteka_notre_dame", {"players": 4, "carriage_may_stay": False})

Parameters: `players`, `seed` (the first game's seed; each `new_initial_state()` takes the next
one, so a training loop sees new deals) and one parameter per game option, with the option's
default (options whose choices mix types, such as Notre Dame's `start_player`, are strings:
"random" or "2"). Actions are indices into the game's fixed action space. The games are
sequential and *sampled stochastic*: the shuffles and dice are drawn inside the state from its
seed, never shown to a player who may not see them. Returns are each seat's share of the win
(1, or 1/k in a k-way tie); a solo game returns its final score (`min_utility`/`max_utility`
are the game's `score_bounds`), since its one seat always "wins".

Seeds advance only on the user's `new_initial_state()`: OpenSpiel's C++ side makes a new
initial state for every `clone()`, `deserialize_state()` and tensor call (to learn the tensor
size); from Python these calls are answered here without one, and the C++ side's own ones
get an empty shell that takes no seed. The observers are built once per game.

Information: the observation string is the seat's `view` (JSON); the tensor is the game's
direct encoder (ludoteka.envs.direct; the generic view encoding, ludoteka.envs.observation, for a
game without one); the information-state string adds every event the seat has seen,
in order, and its tensor adds them as a bag hashed after the view's slots (each event kind's
count and each whole event's count). `resample_from_infostate` draws
a full state consistent with what a seat saw (the game's `determinize`), for OpenSpiel's
Python IS-MCTS bot. States serialize by their decisions, which replay exactly.
"""
from __future__ import annotations

import json
import random
from contextlib import contextmanager
from typing import Any, Iterator

import numpy as np
import pyspiel

from .. import registry
from ..kernel import Game, GameState
from ..kernel.options import parse_option_value
from .direct import DirectEncoder, direct_encoder
from .observation import ViewEncoder, encoder_for

PREFIX = "python_ludoteka_"
EVENT_SLOTS = 1024            # information-state tensor: the seen events, hashed
MAX_GAME_LENGTH = 20_000      # decisions; no game of ours comes near (simulate's default cap)


def short_name(game: Game) -> str:
    """The OpenSpiel name of a ludoteka game: `python_ludoteka_` and its name with underscores."""
    return PREFIX + game.name.replace("-", "_")


def _parameters(game: Game) -> dict[str, Any]:
    params: dict[str, Any] = {"players": max(game.min_players, min(2, game.max_players)), "seed": 0}
    for name, option in game.options.items():
        kinds = {type(c) for c in option.choices} | {type(option.default)}
        params[name] = option.default if len(kinds) == 1 else str(option.default)
    return params


def _game_type(game: Game, players: int = 2) -> pyspiel.GameType:
    # Shares of the win add up to 1 between several seats; a solo game's result stands alone.
    utility = pyspiel.GameType.Utility.GENERAL_SUM if players == 1 else pyspiel.GameType.Utility.CONSTANT_SUM
    return pyspiel.GameType(
        short_name=short_name(game), long_name=f"ludoteka {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players, min_num_players=game.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_parameters(game))


class _Held:
    """The ludoteka state inside an OpenSpiel state: cloned cheaply, pickled as its decisions."""

    __slots__ = ("state",)

    def __init__(self, state: GameState):
        self.state = state

    def __deepcopy__(self, memo: dict) -> "_Held":
        return _Held(self.state.clone())

    def __reduce__(self):
        s = self.state
        return (_replayed, (s.game.name, s.players, s.seed, dict(s.options),
                            [(seat, key) for seat, key, _ in s.history()]))


def _replayed(name: str, players: int, seed: int, options: dict, decisions: list) -> _Held:
    return _Held(registry.game(name).replayed(players, seed, options, decisions))


class LudotekaGame(pyspiel.Game):
    """One ludoteka game with its player count, options and first seed (see the module docstring)."""

    ludoteka: Game

    def __init__(self, params: dict[str, Any] | None = None):
        defaults = _parameters(self.ludoteka)
        given = dict(params or {})
        unknown = sorted(set(given) - set(defaults))
        if unknown:
            raise ValueError(f"{short_name(self.ludoteka)}: unknown parameter {unknown[0]!r}; "
                             f"known: {', '.join(defaults)}")
        merged = defaults | given
        self.players = int(merged.pop("players"))
        self.first_seed = int(merged.pop("seed"))
        self.options = {name: parse_option_value(value) if isinstance(value, str) else value
                        for name, value in merged.items()}
        self.space = self.ludoteka.action_space(self.players, self.options)
        resolved = self.ludoteka.new_state(self.players, self.first_seed, self.options).options  # bad options fail here
        self.encoder: DirectEncoder | ViewEncoder = (
            direct_encoder(self.ludoteka, self.players, resolved) or encoder_for(self.ludoteka.name))
        self.next_seed = self.first_seed
        self._shells = 0             # > 0: new_initial_state answers OpenSpiel's C++ side (a shell)
        self._observers: dict[bool, Observer] = {}
        solo = self.players == 1
        low, high = self.ludoteka.score_bounds if solo else (0.0, 1.0)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space), max_chance_outcomes=0, num_players=self.players,
            min_utility=float(low), max_utility=float(high), utility_sum=None if solo else 1.0,
            max_game_length=MAX_GAME_LENGTH)
        super().__init__(_game_type(self.ludoteka, self.players), info, params or {})

    def new_initial_state(self, *args: Any) -> "LudotekaState":
        """A new game, seeded with the next seed (`seed`, `seed + 1`, ...)."""
        if self._shells:
            return LudotekaState(self, None)
        seed = self.next_seed
        self.next_seed += 1
        return LudotekaState(self, self.ludoteka.new_state(self.players, seed, self.options))

    @contextmanager
    def shells(self) -> Iterator[None]:
        """While inside, OpenSpiel's C++ side gets empty shells from `new_initial_state` (it
        fills them in itself: clone, deserialize), which take no seed and cost no setup."""
        self._shells += 1
        try:
            yield
        finally:
            self._shells -= 1

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "Observer":
        """The observation (default) or, with perfect recall, the information-state observer;
        each is built once per game."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        observer = self._observers.get(recall)
        if observer is None:
            observer = self._observers[recall] = Observer(self.encoder, recall)
        return observer

    def deserialize_state(self, text: str) -> "LudotekaState":
        """The state `serialize()` wrote (it takes no seed)."""
        with self.shells():
            return super().deserialize_state(text)

    # The tensor sizes are the observers' (OpenSpiel's C++ side would encode a new game for them).
    def observation_tensor_shape(self) -> list[int]:
        return [self.make_py_observer().tensor.size]

    def observation_tensor_size(self) -> int:
        return self.make_py_observer().tensor.size

    def information_state_tensor_shape(self) -> list[int]:
        return [self.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True)).tensor.size]

    def information_state_tensor_size(self) -> int:
        return self.information_state_tensor_shape()[0]


class LudotekaState(pyspiel.State):
    """An OpenSpiel state around a ludoteka state; actions are action-space indices."""

    def __init__(self, game: LudotekaGame, state: GameState):
        super().__init__(game)
        self.held = _Held(state)          # the only attribute: OpenSpiel serializes __dict__

    @property
    def space(self):
        """The game's fixed action space (cached by the game)."""
        state = self.held.state
        return state.game.action_space(state.players, state.options)

    @property
    def ludoteka(self) -> GameState:
        """The ludoteka state (read it, never change it)."""
        return self.held.state

    def current_player(self) -> int:
        to_act = self.held.state.to_act
        return pyspiel.PlayerId.TERMINAL if to_act is None else to_act

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.space.indices(self.held.state.legal_keys(player)))

    def _apply_action(self, action: int) -> None:
        self.held.state.apply(self.space.key(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.space.key(action)

    def is_terminal(self) -> bool:
        return self.held.state.to_act is None

    def returns(self) -> list[float]:
        state = self.held.state
        out = [0.0] * state.players
        if state.to_act is None and state.players == 1:
            out[0] = float(state.scores()[0])     # solo: the score (its one seat always "wins")
        elif state.to_act is None:
            for seat in state.winners():
                out[seat] = 1.0 / len(state.winners())
        return out

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> "LudotekaState":
        """A full state that `player_id` cannot tell from this one (the game's determinization),
        seeded by `probability_sampler` (a callable giving a number in [0, 1)) when given."""
        state = self.held.state
        draw = probability_sampler() if callable(probability_sampler) else random.random()
        seed = int(draw * (1 << 62)) ^ state.version
        return LudotekaState(self.get_game(), state.determinize(player_id, seed))

    def clone(self) -> "LudotekaState":
        """An independent copy (the engine's clone; no new game is set up, no seed taken)."""
        game = self.get_game()
        with game.shells():
            return super().clone()

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The seat's observation tensor (default: the seat to act), from the game's observer."""
        return self._tensor(self.get_game().make_py_observer(), player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The seat's information-state tensor (default: the seat to act)."""
        return self._tensor(self.get_game().make_py_observer(
            pyspiel.IIGObservationType(perfect_recall=True)), player)

    def _tensor(self, observer: "Observer", player: int | None) -> list[float]:
        if player is None:
            player = self.current_player()
        if not 0 <= player < self.held.state.players:
            raise ValueError(f"player must be a seat from 0 to {self.held.state.players - 1}, not {player}")
        observer.set_from(self, player)
        return observer.tensor.tolist()

    def __str__(self) -> str:
        state = self.held.state
        return json.dumps({"seed": state.seed, "decisions": state.actions()})


class Observer:
    """OpenSpiel's Python observer: `tensor` and `dict` filled by `set_from`, strings by `string_from`."""

    def __init__(self, encoder: "DirectEncoder | ViewEncoder", recall: bool):
        self.encoder = encoder
        self.recall = recall
        self.events = ViewEncoder(capacity=encoder.size, hashed=EVENT_SLOTS) if recall else None
        size = encoder.size + (EVENT_SLOTS if recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"view": self.tensor[:encoder.size]}
        if recall:
            self.dict["events"] = self.tensor[encoder.size:]

    def set_from(self, state: LudotekaState, player: int) -> None:
        inner = state.held.state
        if isinstance(self.encoder, DirectEncoder):
            self.encoder.encode(inner, player, self.dict["view"])
        else:
            self.dict["view"][:] = self.encoder.encode(inner.view(player))
        if self.recall:
            counts = self.dict["events"]
            counts.fill(0.0)
            slot, base = self.events.slot, self.encoder.size
            for event in _seen_events(inner, player):    # a bag: each kind, and each whole event
                counts[slot("kind=" + str(event["kind"])) - base] += 1.0
                counts[slot(json.dumps(event, sort_keys=True)) - base] += 1.0

    def string_from(self, state: LudotekaState, player: int) -> str:
        inner = state.held.state
        data: dict[str, Any] = {"view": inner.view(player)}
        if self.recall:
            data["events"] = _seen_events(inner, player)
        return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _seen_events(state: GameState, seat: int) -> list[dict[str, Any]]:
    """The kind and data of every event `seat` has seen, in order (its perfect recall)."""
    return [{"kind": e.get("kind"), "data": e.get("data")} for e in state.events(seat)]


def register_all() -> list[str]:
    """Register every ludoteka game with OpenSpiel (once) and return their short names."""
    names = []
    known = {t.short_name for t in pyspiel.registered_games()}
    for game in map(registry.game, registry.games()):
        name = short_name(game)
        if name not in known:
            cls = type(f"LudotekaGame_{game.name.replace('-', '_')}", (LudotekaGame,), {"ludoteka": game})
            pyspiel.register_game(_game_type(game), cls)
        names.append(name)
    return names


GAMES = register_all()
