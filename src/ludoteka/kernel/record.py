"""Game records: the game, options, players, seed and decisions; saved, loaded and replayed.

Format 2 (`ludoteka-record/2`) stores the seat of every decision (several seats may decide at
once) and a digest over the final state *and* the decisions, so an edited or swapped action is
caught even when it ends in the same position; every release wrote it, so it is required.
Format 1 records (the first release: keys only, each applied by the seat to act, and always a
digest) still replay for the games of that release: every action, the finish and the scores are
checked; their digest covered a state layout that no longer exists and is not compared. A record
labelled format 1 that could not have been written by the first release (seats, no digest, the
format-2 digest, a game added later) is refused rather than checked the weaker way.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Callable, Mapping

from .errors import BadRecord, LudotekaError, TamperedRecord, short
from .state import GameState

RECORD_FORMAT = "ludoteka-record/2"
FIRST_FORMAT = "ludoteka-record/1"


def state_digest(state: GameState) -> str:
    """A SHA-256 over the canonical JSON of the state's contents and of its decisions."""
    payload = json.dumps({"state": state._snapshot(),
                          "decisions": [[seat, key] for seat, key, _ in state.history()]},
                         sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(payload.encode()).hexdigest()


def record_of(state: GameState) -> dict[str, Any]:
    """The game record of `state`: enough to rebuild it exactly by replay."""
    history = state.history()
    return {
        "format": RECORD_FORMAT,
        "game": state.game.name,
        "players": state.players,
        "options": dict(state.options),
        "revision": state.revision,
        "seed": state.seed,
        "actions": [key for _, key, _ in history],
        "seats": [seat for seat, _, _ in history],
        "finished": state.is_terminal(),
        "scores": state.scores(),
        "digest": state_digest(state),
    }


def replay(record: Mapping[str, Any], lookup: Callable[[str], Any],
           on_step: Callable[[GameState], None] | None = None) -> GameState:
    """Rebuild the state a record describes, checking every action and the recorded results.

    `lookup(name)` returns the game. `on_step` is called with the state after every action.
    A malformed record raises BadRecord; one whose actions, scores or digest do not replay
    as recorded raises TamperedRecord, naming the first difference.
    """
    if not isinstance(record, Mapping):
        raise BadRecord(f"a game record must be a JSON object, not {type(record).__name__}")
    fmt = record.get("format")
    if fmt not in (RECORD_FORMAT, FIRST_FORMAT):
        raise BadRecord(f"not a ludoteka game record: format is {short(fmt)}, "
                        f"expected {RECORD_FORMAT!r} (or {FIRST_FORMAT!r})")
    for name, kind in (("game", str), ("players", int), ("seed", int), ("actions", list)):
        value = record.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise BadRecord(f"game record: field {name!r} is missing or not a {kind.__name__}")
    actions = record["actions"]
    _check_label(record, fmt)
    seats = record.get("seats") if fmt == RECORD_FORMAT else [None] * len(actions)
    if not isinstance(seats, list) or len(seats) != len(actions) or not all(
            s is None or (isinstance(s, int) and not isinstance(s, bool)) for s in seats):
        raise BadRecord("game record: field 'seats' must list one seat number per action")
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise BadRecord("game record: field 'options' must be an object")
    if "finished" in record and not isinstance(record["finished"], bool):
        raise BadRecord(f"game record: field 'finished' must be true or false, not {short(record['finished'])}")
    if "scores" in record and not isinstance(record["scores"], list):
        raise BadRecord("game record: field 'scores' must be a list of numbers")
    try:
        game = lookup(record["game"])
        # unnamed options take the defaults of the rules the record was written under
        state = game.new_state(record["players"], record["seed"], options,
                               game.revision_of(record, ""))
    except LudotekaError as exc:
        raise BadRecord(f"game record: {exc}") from None
    if fmt == FIRST_FORMAT and not getattr(game, "first_release", False):
        raise BadRecord(f"game record: {game.name} was not in the first release, so no record of it "
                        f"is {FIRST_FORMAT!r}; write it as {RECORD_FORMAT!r} with its seats and digest")
    for index, (key, seat) in enumerate(zip(actions, seats)):
        if not isinstance(key, str):
            raise BadRecord(f"game record: action {index} is {short(key)}, not a key string")
        try:
            state.apply(key, seat)
        except LudotekaError as exc:
            raise TamperedRecord(f"game record: action {index} ({short(key)}) does not replay: {exc}") from None
        if on_step is not None:
            on_step(state)
    if "finished" in record and record["finished"] != state.is_terminal():
        raise TamperedRecord(f"game record says finished={record['finished']}, "
                             f"but the replayed game {'is' if state.is_terminal() else 'is not'} over")
    if "scores" in record and list(record["scores"]) != list(state.scores()):
        raise TamperedRecord(f"game record scores {short(record['scores'], 80)} differ from the replayed "
                             f"scores {state.scores()}")
    if fmt == RECORD_FORMAT and record["digest"] != state_digest(state):
        raise TamperedRecord("game record digest does not match the replayed decisions and final state")
    if fmt == FIRST_FORMAT and record["digest"] == state_digest(state):
        raise BadRecord(f"game record: a {RECORD_FORMAT!r} record relabelled {FIRST_FORMAT!r} "
                        "(its digest is the format-2 digest); restore its label and seats")
    return state


def _check_label(record: Mapping[str, Any], fmt: str) -> None:
    """The digest is present and well formed, and a format-1 label is on a record shaped like one.

    Every format-2 writer included the digest, and the first release's writer always included
    one too (over its own state layout) but never `seats`: without these checks an edited
    format-2 record relabelled format 1 would skip the seats and the digest.
    """
    if fmt == FIRST_FORMAT and "seats" in record:
        raise BadRecord(f"game record: a {FIRST_FORMAT!r} record has no 'seats' (the first release "
                        f"never wrote them); a record with seats is {RECORD_FORMAT!r}")
    digest = record.get("digest")
    if digest is None:
        raise BadRecord("game record: field 'digest' is missing (every release writes it; "
                        "a record without it cannot be checked)")
    if not (isinstance(digest, str) and len(digest) == 64 and all(c in "0123456789abcdef" for c in digest)):
        raise BadRecord(f"game record: field 'digest' must be 64 lowercase hexadecimal digits, not {short(digest)}")


def save_record(path: Path | str, record: Mapping[str, Any]) -> None:
    """Write a record as JSON (atomically: a crash never leaves half a file).

    If writing fails (OSError), the temporary file is removed and the error is raised again.
    """
    path = Path(path)
    tmp = path.with_suffix(path.suffix + ".tmp")
    try:
        tmp.write_text(json.dumps(record, indent=1) + "\n")
        tmp.replace(path)
    except OSError:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        raise


MAX_RECORD_BYTES = 32 * 1024 * 1024


def load_record(path: Path | str) -> dict[str, Any]:
    """Read a record file; a missing, huge (over 32 MB) or non-JSON file raises BadRecord naming it."""
    path = Path(path)
    try:
        with path.open("rb") as file:
            data = file.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise BadRecord(f"cannot read game record {path}: {exc.strerror}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise BadRecord(f"game record {path} is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MB; "
                        "not a game record")
    try:
        data = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadRecord(f"game record {path} is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise BadRecord(f"game record {path} is not valid JSON: {exc}") from None
    except RecursionError:
        raise BadRecord(f"game record {path} is nested too deeply to be a game record") from None
    if not isinstance(data, dict):
        raise BadRecord(f"game record {path} must hold a JSON object")
    return data
