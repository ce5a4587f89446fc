"""Messina 1347 as a ludoteka Game: options, the data set, creation, views and rendering."""
from __future__ import annotations

from typing import Any

from ludoteka.kernel import Action, BadOption, DataError, Game, GameState
from ludoteka.kernel.data import registered_data_sets

from .action_space import action_keys
from .data.components import Components
from .data.earlier import V1, V2, earlier_data_set
from .data.loader import check_directory, load_components, provenances
from .evaluate import evaluate_all
from .invariants import check
from .model.board import Board
from .model.options import OPTIONS, Rules
from .model.state import CATEGORIES, MessinaState
from .policy import playout_key
from .rules import activation, books, build, citizens, overseers, plague, preparation, production  # noqa: F401
from .rules import repopulation, turns  # noqa: F401  (the rule modules register their frame kinds and atoms)
from .rules.setup import setup
from .scoring.standard import as_if_ended, breakdown, winners
from .views.hidden import determinize
from .views.preview import SUPPLY_ITEMS, SUPPLY_ITEMS_ONE, supplies, with_previews
from .views.render import render
from .views.view import components as view_components, view

PASSIVE_KEYS = frozenset(("recall", "done", "decline", "skip", "stop", "end_turn", "discard"))


class PlayedState(MessinaState):
    """The declared state (model/state.py) joined, on top, with what the layers above it give:
    the setup (rules), the final scores (scoring) and determinization (views)."""

    __slots__ = ()

    def score_breakdown(self) -> list[dict[str, dict[str, Any]]]:
        return breakdown(self)

    def winners(self) -> list[int]:
        return winners(self)

    def determinize(self, seat: int, seed: int) -> "PlayedState":
        return determinize(self, seat, seed)

    def _setup(self) -> None:
        setup(self)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The options, each with its preview (views/preview.py): built only here, for labels,
        never when keys are listed (the AI's and the bench's path)."""
        actions = super().legal_actions(seat)
        return with_previews(self, self.to_act if seat is None else seat, actions)


class MessinaGame(Game):
    """Messina 1347 (Fernández Aparicio & Suchý, Delicious Games 2021), 2 to 4 players."""

    name = "messina-1347"
    # Raised when a ruling changes a default (Game.rules_revision). Revision 2: a large fire pays
    # for fire in printed costs too (MS-12.9); revision 1 took it only for plague cubes.
    # Revision 3: the shipped data's side-a nun overseer starts beside the "1 fire" and "build"
    # squares, as the rulebook's example has it (MS-17.3); earlier games keep data set v1.
    rules_revision = 3
    earlier_defaults = {1: {"large_fire_as_fire": False}}
    earlier_data_sets = {2: V1}
    passive_keys = PASSIVE_KEYS                    # search playouts usually act rather than pass
    # `medium` searches twice the default's 200 iterations (still capped at 0.9 s): at 200 it beat
    # `easy` in 66.7% of 120 two-player games, at 400 in 74.4% of 80 (docs/measurements.md, the ladder).
    ai_levels = {"medium": "ismcts:iterations=400,seconds=0.9"}
    title = "Messina 1347"
    min_players = 1
    max_players = 4
    options = OPTIONS
    # MS-30.4/30.5: the rat penalty (at most 21) can make a final score negative; no rule caps
    # the top (MS-31.15), so 400 is a generous bound (random solo play scores about -15).
    score_bounds = (-21.0, 400.0)
    supply_items = SUPPLY_ITEMS
    supply_items_one = SUPPLY_ITEMS_ONE
    harmful_items = frozenset({"rats"})
    # a large fire paying for fire, said in the log (28 November 2026)
    added_event_kinds = frozenset({"large_fire_as_fire"})
    category_names = {"rat_penalty": "Rat penalty", "popularity_ranking": "Popularity ranking",
                      "repopulated_hexes": "Repopulated hexes", "scroll_board": "Scroll board",
                      "remaining_markers": "Remaining markers"}

    def __init__(self) -> None:
        self.data: Components = load_components(None)
        self._v1: Components | None = None          # data set v1, derived when first needed
        self._boards: dict[tuple[str, str, int], Board] = {}
        self.state_class = type("MessinaState", (PlayedState,), {"__slots__": (), "game": self})

    def __reduce__(self):
        return (_registered_game, ())

    def data_sets(self) -> list[str]:
        return [self.data.data_set] + ([V1] if self.data.data_set == V2 else [])

    def shipped_data_set(self, revision: int) -> str | None:
        """Data set v1 for games of rules revision 1 or 2, while the shipped data is the set it
        preceded (data replaced by its owner has no such history: '' keeps meaning it)."""
        return super().shipped_data_set(revision) if self.data.data_set == V2 else None

    def components_for(self, options: dict[str, Any]) -> Components:
        """The shipped data, or the data set named by the `data` option: the shipped set's id, a
        registered name (`ludoteka serve --data-dir`), else a directory (validated)."""
        directory = options.get("data") or None
        if directory is None or directory == self.data.data_set:
            return self.data
        try:
            if directory == V1:               # the data of games saved under rules revision 1 or 2
                if self._v1 is None:
                    self._v1 = earlier_data_set(self.data, V1)
                return self._v1
            return load_components(registered_data_sets(self.name).get(directory, directory))
        except DataError as exc:
            raise BadOption(f"messina-1347: option 'data': {exc}") from None

    def validate_data(self, directory: str | None) -> tuple[str, int, bool, list[str]]:
        """`ludoteka data validate`: (data set id, records, reconstructed, problems) of a directory."""
        components, problems = check_directory(directory)
        if components is None:
            return "", 0, False, problems
        return components.data_set, len(provenances(components)), components.reconstructed, problems

    def board_for(self, data: Components, players: int) -> Board:
        """The city graph of a data set's layout for a player count (solo uses 2), cached."""
        key = (data.directory, data.data_set, max(players, 2))
        board = self._boards.get(key)
        if board is None:
            board = self._boards[key] = Board(data.layouts[key[2]])
            # the destination keys of this data set, written once (turns.destinations)
            board.hex_keys = tuple("hex:" + h.id for h in data.hexes)
            board.harbour_keys = tuple("hex:" + h.id for h in data.harbours)
            board.ship_keys = tuple("ship:" + s.id for s in data.ships)
            board.tile_index = {h.id: i for i, h in enumerate(data.hexes)}
            board.harbour_index = {h.id: k for k, h in enumerate(data.harbours)}
        return board

    def action_keys(self, players: int, options: dict[str, Any]) -> list[str]:
        return action_keys(self.components_for(options), players)

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        state = self._empty(players, seed, options)
        state._begin(players, seed, options)
        state._setup()
        return state

    def _empty(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        """A state with its data, rules and city board; `_setup` or `_restore` fills the rest."""
        if options["mixed_sides"] != "none" and not options["advanced"]:
            raise BadOption(f"messina-1347: option 'mixed_sides' = {options['mixed_sides']!r} mixes the "
                            "sides of the advanced variant: it needs option 'advanced' = true")
        state = self.state_class.__new__(self.state_class)
        state.data = self.components_for(options)
        state.rules = Rules(options, state.data.tables.rat_penalty)
        state.board = self.board_for(state.data, players)
        return state

    def supplies(self, state: GameState, seat: int) -> dict[str, int]:
        """The public counters of a seat: markers, rats, points, book spaces, lieutenants left."""
        return supplies(state, seat)

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def render(self, state: GameState, seat: int | None, full: bool = False) -> str:
        return render(state, seat, full)

    def components(self) -> list[dict[str, Any]]:
        return view_components(self.data)

    def check_invariants(self, state: GameState) -> list[str]:
        return check(state)

    def evaluate_all(self, state: GameState) -> list[float]:
        return evaluate_all(state)

    def solo_target(self, options: dict[str, Any]) -> float:
        """MS-35.24: a good solo result is 130 points, 140 with the advanced rules."""
        return 140.0 if options.get("advanced") else 130.0

    def playout_key(self, state: GameState, random) -> str:
        """The search playouts' policy (policy.py): repopulations are planned, not left to chance."""
        return playout_key(state, random)

    def evaluate(self, state: GameState, seat: int) -> float:
        """The seat's heuristic value minus the best other seat's (solo: the value itself)."""
        values = self.evaluate_all(state)
        return values[seat] - max((v for s, v in enumerate(values) if s != seat), default=0.0)

    def projected_breakdown(self, state: GameState, seat: int) -> dict[str, float]:
        """The points per category if round VI ended now: the final scoring (MS-29 - MS-31, the
        rat penalty, books, ranking, repopulated hexes, scroll board, markers) of a copy."""
        end = as_if_ended(state)
        return {name: float(points) for name, points in zip(CATEGORIES, end.category_points(seat)) if points}



def _registered_game() -> MessinaGame:
    """The registered Messina game (for pickling: arena workers)."""
    return GAME


GAME = MessinaGame()


__all__ = ["GAME", "MessinaGame", "PlayedState"]
