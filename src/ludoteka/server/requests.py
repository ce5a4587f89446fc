"""Reading what clients send: JSON bodies, tokens and parameters, each checked with an error that
names what is wrong (never a 5xx for bad input)."""
from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request

from .. import registry
from ..ai.base import AgentSpecError
from ..ai.levels import DEFAULT_LEVEL, LEVELS, level_spec
from ..kernel import LudotekaError
from ..kernel.data import registered_data_sets
from .live import ApiError

MAX_KEY = 200                         # longer than any key a game offers
MAX_TURN_SECONDS = 30 * 24 * 3600     # correspondence play: up to 30 days a decision


MAX_BODY = 64 * 1024                  # a new table or a move is a few hundred bytes


async def read_json(request: Request, empty_ok: bool = False) -> dict[str, Any]:
    """The request body as a JSON object; 413 over 64 KB (read no further), 400 for anything else."""
    declared = request.headers.get("content-length", "0")
    if not declared.isdigit() or int(declared) > MAX_BODY:
        raise ApiError(413, f"the body must be at most {MAX_BODY // 1024} KB")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise ApiError(413, f"the body must be at most {MAX_BODY // 1024} KB")
        chunks.append(chunk)
    body = b"".join(chunks)
    if not body.strip() and empty_ok:
        return {}
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):      # bad JSON, bad UTF-8, an integer of 5,000 digits
        raise ApiError(400, "the body must be JSON") from None
    if not isinstance(data, dict):
        raise ApiError(400, f"the body must be a JSON object, not {type(data).__name__}")
    return data


def token_of(request: Request) -> str | None:
    """The bearer token of a request, if any."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ApiError(422, f"{what} must be an integer from {low} to {high}, not {_short(value)}")
    return value


def _short(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


def seat_param(request: Request, body: dict[str, Any] | None) -> int | None:
    """The `seat` a hot-seat request names (body or query), if any."""
    value = (body or {}).get("seat", request.query_params.get("seat"))
    if value is None:
        return None
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 4:
        value = int(value)
    return _int(value, "'seat'", 0, 99)


def parse_move(body: dict[str, Any], key_needed: bool = True) -> tuple[str | None, int]:
    """`{key, version}` of a move (`{version}` of an undo)."""
    key = body.get("key")
    if key_needed and (not isinstance(key, str) or not 0 < len(key) <= MAX_KEY):
        raise ApiError(422, f"'key' must be an action key (a string of 1 to {MAX_KEY} characters), "
                            f"not {_short(key)}")
    if "version" not in body:
        raise ApiError(422, "'version' is needed: the table version the move was made against")
    return key, _int(body["version"], "'version'", 0, 10**9)


def ai_levels(game) -> list[str]:
    """The AI levels a client may ask for at `game`: the standard ones and the game's own."""
    return list(dict.fromkeys([*LEVELS, *game.ai_levels]))


def data_set_names(game) -> list[str]:
    """What a data-set option of `game` accepts through the server: '' (the default data), the
    sets the game ships and those the operator registered (`--data-dir`); never a path."""
    return list(dict.fromkeys(["", *game.data_sets(), *registered_data_sets(game.name)]))


def check_data_sets(game, options: dict[str, Any]) -> None:
    """400 unless every data-set option names an allowed set: a client must not make the server
    read a directory of its choosing (nor learn which exist from the errors)."""
    for name, option in game.options.items():
        if not option.data_set or name not in options:
            continue
        allowed = data_set_names(game)
        if not (isinstance(options[name], str) and options[name] in allowed):
            shown = ", ".join(repr(n) if n else "'' (the default)" for n in allowed)
            raise ApiError(400, f"option {name!r} must name a data set of this server: {shown}")


def parse_new_table(body: dict[str, Any], allow_specs: bool = False, min_turn: float = 1.0
                    ) -> tuple[str, int, dict[str, Any], list[str], float | None]:
    """`{game, players, options, seats, turn_seconds}` of a new table, checked: seat specs become
    `human`, `hotseat`, `open` or `ai:SPEC`. An AI seat names a level; a raw agent spec (which
    could ask for an hour of search on 64 processes) only when the operator `allow_specs`. A turn
    timer is at least `min_turn` seconds."""
    unknown = set(body) - {"game", "players", "options", "seats", "turn_seconds", "turn_based", "at_limit"}
    if unknown:
        raise ApiError(422, f"unknown field {_short(sorted(unknown)[0])}; fields: game, players, options, "
                            "seats, turn_seconds, turn_based, at_limit")
    try:
        game = registry.game(body.get("game"))
    except LudotekaError as exc:
        raise ApiError(422, str(exc)) from None
    players = _int(body.get("players", game.min_players), "'players'", game.min_players, game.max_players)
    options = body.get("options", {})
    if not isinstance(options, dict):
        raise ApiError(422, "'options' must be an object of option names and values")
    check_data_sets(game, options)
    try:
        game.new_state(players, 0, options)
    except LudotekaError as exc:
        raise ApiError(422, str(exc)) from None
    seats = body.get("seats", ["human"] + ["ai"] * (players - 1))
    if not isinstance(seats, list) or len(seats) != players:
        raise ApiError(422, f"'seats' must list {players} seat kinds, one per seat")
    checked = []
    for seat, spec in enumerate(seats):
        if not isinstance(spec, str):
            raise ApiError(422, f"seat {seat}: a seat kind must be a string, not {_short(spec)}")
        kind, _, level = spec.strip().partition(":")
        if kind in ("human", "hotseat", "open") and not level:
            checked.append(kind)
        elif kind == "ai":
            levels = ai_levels(game)
            if not allow_specs and level and level.strip().lower() not in levels:
                raise ApiError(400, f"seat {seat}: AI seats take a level: {', '.join(levels)} "
                                    f"(not {_short(level)}); this server does not accept agent specs")
            try:
                checked.append("ai:" + level_spec(level or DEFAULT_LEVEL, game))
            except AgentSpecError as exc:
                raise ApiError(422, f"seat {seat}: {exc}") from None
        else:
            raise ApiError(422, f"seat {seat}: unknown seat kind {_short(spec)}; kinds: human, hotseat, "
                                f"open, ai, ai:LEVEL ({', '.join(ai_levels(game))})"
                                + (" or ai:AGENT_SPEC" if allow_specs else ""))
    turn = body.get("turn_seconds")
    if turn is not None and (isinstance(turn, bool) or not isinstance(turn, (int, float))
                             or not max(1.0, min_turn) <= turn <= MAX_TURN_SECONDS):   # (nan fails too)
        raise ApiError(422, f"'turn_seconds' must be a number of seconds from {max(1.0, min_turn):g} to "
                            f"{MAX_TURN_SECONDS}, or null, not {_short(turn)}")
    return game.name, players, options, checked, float(turn) if turn is not None else None
