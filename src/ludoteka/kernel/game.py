"""The static part of a game: its name, player counts, options and how to start or load a state."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable, Mapping

from .action_space import ActionSpace
from .errors import BadOption, BadRecord, LudotekaError, short
from .options import Option, resolve_options, revision_defaults
from .rules_help import DEFAULT_LANGUAGE, check_language, read_help
from .state import STATE_FORMAT, GameState


class Game:
    """What never changes during a game. Subclasses set the class attributes and `_new`/`_empty`."""

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    passive_keys: frozenset[str] = frozenset()     # keys that do nothing: playouts prefer others
    options: dict[str, Option] = {}
    # The game was in the first release, so records (format 1) and states it saved exist; a
    # format-1 record of any other game is refused (kernel/record.py).
    first_release: bool = False

    # The rules revision: raised whenever a ruling changes what a game with unnamed options
    # plays (a new default, a new option). Records, snapshots and server tables store it, and
    # one written under an earlier revision resolves its unnamed options with that revision's
    # defaults, so a saved game keeps the rules it was played under.
    rules_revision: int = 1
    # Per earlier revision r: the defaults of r that revision r+1 changed, and each option that
    # r+1 added with the value that keeps r's rules.
    earlier_defaults: dict[int, dict[str, Any]] = {}
    # Per earlier revision r whose shipped component data revision r+1 changed: the name of the
    # data set r shipped (one `data_sets` lists). A saved game of revision r or earlier that names
    # no data set ('' for a data-set option) plays with it, not with today's shipped data.
    earlier_data_sets: dict[int, str] = {}
    # Event kinds a later release added (a notice, not a change of rules): a state saved before
    # had none, so they are left out when its saved events are checked against its history, and
    # it loads with the current events (_check_history).
    added_event_kinds: frozenset[str] = frozenset()
    # Agent specs this game's search is tuned with, by AI level name (`easy`, `medium`, `hard`),
    # where they differ from the AI layer's defaults (ludoteka.ai.levels). Only strings: a game
    # never imports the AI.
    ai_levels: dict[str, str] = {}
    # The lowest and highest final score a seat can reach (reward ranges for learners, e.g.
    # OpenSpiel's utilities of a solo game); games without a cap give a generous bound.
    score_bounds: tuple[float, float] = (0.0, 1000.0)
    # The public counters of a seat that previews speak of and a client's summary of the seat's
    # own pieces shows, in display order: item name -> English label (kernel/preview.py).
    supply_items: dict[str, str] = {}
    # Their English labels for an amount of exactly 1 where they differ ("coin", "rat").
    supply_items_one: dict[str, str] = {}
    # The items a seat wants fewer of (rats): a preview's rise of one is a cost ("take"), its fall
    # a relief ("get rid of"), never a "gain" of rats or a rat "paid" (kernel/preview.py).
    harmful_items: frozenset[str] = frozenset()

    def data_sets(self) -> list[str]:
        """The names of the data sets the game ships: a data-set option (`Option.data_set`) takes
        one of these, '' (the default data) or a name registered with `register_data_set`."""
        return []

    # ---------------------------------------------------------------- creation
    def new_state(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
                  revision: int | None = None) -> GameState:
        """A new game for `players` seats; all its randomness derives from `seed`.

        `revision`: the rules revision whose defaults fill in the options not given (default:
        the current one); a saved game passes the revision it was written under."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOption(f"{self.name}: players must be an integer, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise BadOption(f"{self.name}: {players} players is not allowed; "
                            f"allowed: {self.min_players} to {self.max_players}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadOption(f"{self.name}: seed must be an integer, not {seed!r}")
        resolved = self.resolve(options, revision)
        state = self._new(players, seed, resolved)
        state.revision = self.rules_revision if revision is None else revision
        return state

    def resolve(self, options: Mapping[str, Any] | None, revision: int | None = None) -> dict[str, Any]:
        """`options` merged over the defaults of rules revision `revision` (None: the current
        one), a data-set option left '' naming the data set that revision shipped where a later
        one changed it (`earlier_data_sets`); a bad option or revision raises BadOption naming it."""
        earlier = None if revision is None else revision_defaults(
            self.name, self.rules_revision, self.earlier_defaults, revision)
        resolved = resolve_options(self.name, self.options, options, earlier)
        shipped = None if revision is None else self.shipped_data_set(revision)
        if shipped:
            for name, option in self.options.items():
                if option.data_set and resolved[name] == "":
                    resolved[name] = shipped
        return resolved

    def shipped_data_set(self, revision: int) -> str | None:
        """The name of the data set rules revision `revision` shipped, where a later revision
        changed the shipped data (`earlier_data_sets`); None: today's shipped data."""
        later = [r for r in self.earlier_data_sets if r >= revision]
        return self.earlier_data_sets[min(later)] if later else None

    def revision_of(self, data: Mapping[str, Any], what: str = "game record") -> int:
        """The rules revision a saved record, state or table says it was written under: 1 when
        it names none (written before revisions existed). One this engine does not know raises
        BadRecord naming it (after `what`, when given)."""
        revision = data.get("revision", 1)
        if revision is None:
            revision = 1
        try:
            revision_defaults(self.name, self.rules_revision, self.earlier_defaults, revision)
        except BadOption as exc:
            raise BadRecord(f"{what}: {exc}" if what else str(exc)) from None
        return revision

    def state_from_json(self, data: Mapping[str, Any], verify_history: bool = True) -> GameState:
        """Restore a state written by `state.to_json()`; a malformed one raises BadRecord.

        With `verify_history` (the default, for anything read from outside), a state holding its
        history must be what replaying it gives; code that round-trips a state it made itself may
        skip that replay. A state saved by the first release (no `format`) is rebuilt by
        replaying its actions from its seed: its field layout no longer exists, its actions
        still replay exactly.
        """
        if not isinstance(data, Mapping):
            raise BadRecord(f"a {self.name} state must be a JSON object, not {type(data).__name__}")
        if data.get("game") != self.name:
            raise BadRecord(f"this state is of game {short(data.get('game'))}, not {self.name!r}")
        for name, kind in (("players", int), ("seed", int), ("options", dict), ("state", dict)):
            if not isinstance(data.get(name), kind) or isinstance(data.get(name), bool):
                raise BadRecord(f"{self.name} state: field {name!r} is missing or not a {kind.__name__}")
        players = data["players"]
        if not self.min_players <= players <= self.max_players:
            raise BadRecord(f"{self.name} state: {short(players)} players is outside "
                            f"{self.min_players}..{self.max_players}")
        revision = self.revision_of(data, f"{self.name} state")
        try:
            options = self.resolve(data["options"], revision)
        except BadOption as exc:
            raise BadRecord(str(exc)) from None
        if "format" not in data:
            return self._replay_first_format(data, options, revision)
        if data["format"] != STATE_FORMAT:
            raise BadRecord(f"{self.name} state: format {short(data['format'])} is not known; "
                            f"this release reads format {STATE_FORMAT} and the first release's")
        state = self._empty(players, data["seed"], options)
        state._begin(players, data["seed"], options)
        state.revision = revision
        try:
            state._restore(dict(data))
        except BadRecord:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise BadRecord(f"{self.name} state is malformed: {type(exc).__name__}: {short(str(exc), 80)}") from None
        try:
            problems = self.check_invariants(state)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            problems = [f"{type(exc).__name__}: {short(str(exc), 80)}"]
        if problems:
            raise BadRecord(f"{self.name} state is inconsistent: " + "; ".join(problems[:5]))
        if verify_history:
            self._check_history(state)
        return state

    def _check_history(self, state: GameState) -> None:
        """A state that holds its whole history must be what that history gives: replay it from
        the seed and compare every field, frame and event (the log is the truth, as in 18xx).
        A state without history (a determinization) is checked field by field only."""
        history = state.history()
        if not history and state.version:
            return
        if len(history) != state.version:
            raise BadRecord(f"{self.name} state: version {state.version} does not match its "
                            f"{len(history)} history entries")
        replayed = self.replayed(state.players, state.seed, state.options,
                                 [(seat, key) for seat, key, _ in history], "history entry", state.revision)
        for index, (entry, again) in enumerate(zip(history, replayed.history())):
            if entry[2] != again[2]:
                raise BadRecord(f"{self.name} state: history entry {index} has the wrong barrier flag")
        mine, theirs = state._snapshot(), replayed._snapshot()
        for name in sorted(set(mine) | set(theirs)):
            # Compared as JSON: in Python True == 1, in a saved state they differ.
            if json.dumps(mine.get(name), sort_keys=True) != json.dumps(theirs.get(name), sort_keys=True):
                raise BadRecord(f"{self.name} state: field {name!r} is not what its history gives")
        # An event's English text (row index 4) is how a release words it, not what happened:
        # a state saved before a rewording keeps loading, with the current words; so does one
        # saved before a release added a kind of event (`added_event_kinds`).
        mine, theirs = state._event_rows(), replayed._event_rows()
        late = self.added_event_kinds

        def told(rows: list[list[Any]]) -> str:
            return json.dumps([r[:4] + r[5:] for r in rows if r[1] not in late])
        if told(mine) != told(theirs):
            raise BadRecord(f"{self.name} state: its events are not what its history gives")
        if mine != theirs:
            state._log = replayed._log

    def replayed(self, players: int, seed: int, options: Mapping[str, Any],
                 decisions: "list[tuple[int | None, str]]", what: str = "decision",
                 revision: int | None = None) -> GameState:
        """The state that `decisions` ((seat, key) pairs; seat None: the seat to act) give from
        a new game (of rules `revision`, default the current one); one that does not replay
        raises BadRecord naming it (`what` and its index)."""
        state = self.new_state(players, seed, options, revision)
        for index, (seat, key) in enumerate(decisions):
            try:
                state.apply(key, seat)
            except LudotekaError as exc:
                raise BadRecord(f"{self.name} state: {what} {index} does not replay: {exc}") from None
        return state

    def _replay_first_format(self, data: Mapping[str, Any], options: dict[str, Any],
                             revision: int) -> GameState:
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise BadRecord(f"{self.name} state (first format): 'actions' must be a list of action keys")
        state = self.replayed(data["players"], data["seed"], options, [(None, key) for key in actions],
                              "(first format) action", revision)
        if data["state"].get("to_act", state.to_act) != state.to_act:
            raise BadRecord(f"{self.name} state (first format): its actions do not lead to the saved position")
        return state

    # ---------------------------------------------------------------- the fixed action space
    def action_space(self, players: int, options: Mapping[str, Any] | None = None) -> ActionSpace:
        """Every key this game can ever offer with `players` seats and `options`, each with a stable
        index (see ActionSpace); bad players or options raise BadOption as `new_state` does."""
        if isinstance(players, bool) or not isinstance(players, int) or not (
                self.min_players <= players <= self.max_players):
            raise BadOption(f"{self.name}: {short(players)} players is not allowed; "
                            f"allowed: {self.min_players} to {self.max_players}")
        resolved = resolve_options(self.name, self.options, options)
        cache = self.__dict__.setdefault("_action_spaces", {})
        signature = (players, tuple(sorted((k, repr(v)) for k, v in resolved.items())))
        space = cache.get(signature)
        if space is None:
            space = cache[signature] = ActionSpace(self.name, players, self.action_keys(players, resolved))
        return space

    # ---------------------------------------------------------------- per-game hooks
    def solo_target(self, options: Mapping[str, Any]) -> float | None:
        """The final score the rulebook calls a good result in a solo game with these resolved
        options (a learner's target), or None when the game names none."""
        return None

    def action_keys(self, players: int, options: dict[str, Any]) -> "list[str] | tuple[str, ...]":
        """Every key a state of this game can offer any seat (with these resolved options), in
        an order that new releases only extend at the end. Games without one raise."""
        raise NotImplementedError(f"{self.name} does not enumerate its action space")

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        raise NotImplementedError

    def _empty(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        """A blank state shell that `_restore` fills in."""
        raise NotImplementedError

    def check_invariants(self, state: GameState) -> list[str]:
        """Descriptions of every broken invariant of `state` (empty when all hold)."""
        return []

    def evaluate(self, state: GameState, seat: int) -> float:
        """A heuristic value of `state` for `seat`, higher is better (used by greedy and search).

        The default is the seat's score minus the best other score.
        """
        scores = state.scores()
        others = [v for s, v in enumerate(scores) if s != seat]
        return scores[seat] - (max(others) if others else 0)

    def evaluate_all(self, state: GameState) -> list[float]:
        """`evaluate(state, seat)` for every seat; games may override it to share the work."""
        return [self.evaluate(state, seat) for seat in range(state.players)]

    def projected_breakdown(self, state: GameState, seat: int) -> dict[str, float]:
        """`seat`'s points by scoring category (those of `score_breakdown`) as if the game ended
        now: what a hint's reasons compare between options (ludoteka.ai.analyse). The default is
        the points scored so far; a game whose final scoring gives much at the end scores a copy.
        It may read hidden state: callers pass a determinization of the seat's view."""
        return dict(state.score_breakdown()[seat]["points"])

    def playout_key(self, state: GameState, random: Callable[[], float]) -> str:
        """A cheap default policy for search playouts: one legal key for `state.to_act`.

        Uniform, except that a game naming its `passive_keys` (pass, decline...) gets a key that
        acts 85% of the time when it has one. Games may bias it further towards sensible play
        (never reading hidden state the acting seat could not see); it must stay far cheaper
        than a clone.
        """
        keys = state.legal_keys()
        if self.passive_keys and len(keys) > 1 and random() < 0.85:
            active = [k for k in keys if k not in self.passive_keys]
            if active:
                return active[int(random() * len(active))]
        return keys[int(random() * len(keys))]

    def components(self) -> list[dict[str, Any]]:
        """A JSON-ready description of every component a player may want explained (cards,
        persons, buildings...), each with at least `id`, `name` and `text`, read from the data files."""
        return []

    def supplies(self, state: GameState, seat: int) -> dict[str, int]:
        """The counters of `supply_items` that `seat` holds, as every seat may see them; a preview's
        changes are differences of these (kernel/preview.py)."""
        return {}

    def render(self, state: GameState, seat: int | None, full: bool = False) -> str:
        """A text picture of the table as `seat` sees it: compact by default, everything if `full`."""
        import json
        return json.dumps(state.view(seat), indent=1)

    def seat_name(self, state: GameState, seat: int) -> str:
        """How the event texts name `seat` (a client may put "You" in its place for its own seat)."""
        return f"seat {seat}"

    def describe(self) -> dict[str, Any]:
        """A JSON-ready description of the game and its options."""
        return {"name": self.name, "title": self.title, "min_players": self.min_players,
                "max_players": self.max_players, "rules_revision": self.rules_revision,
                "supply_items": dict(self.supply_items), "harmful_items": sorted(self.harmful_items),
                "options": [opt.to_json() for opt in self.options.values()]}

    # ---------------------------------------------------------------- the rules help
    def help_directory(self) -> Path:
        """Where the game's rules help files are: `data/help/` next to the module defining the
        game's class (its package)."""
        return Path(sys.modules[type(self).__module__].__file__).parent / "data" / "help"

    def rules_help(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """The rules help in language `lang` (kernel/rules_help.py: title, goal, rounds and one
        section per phase, each naming the decision kinds it explains), plus `lang`, the language
        actually given: English when `lang` has no file. Empty when the game has no help at all.
        The dict is read once and shared: do not modify it.

        A code that is not 2-3 lower-case letters raises BadOption; a corrupt file, DataError."""
        lang = check_language(lang)
        cache = self.__dict__.setdefault("_rules_help", {})
        if lang not in cache:
            directory = self.help_directory()
            chosen = lang if (directory / f"{lang}.json").is_file() else DEFAULT_LANGUAGE
            if not (directory / f"{chosen}.json").is_file():
                return {}
            cache[lang] = dict(read_help(directory / f"{chosen}.json"), lang=chosen)
        return cache[lang]
