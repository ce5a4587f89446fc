"""Play many games with agents and check the generic invariants after every action."""
from __future__ import annotations

import math
import time
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from ..ai import make_agent, seat_specs
from ..kernel import Game, record_of, replay, save_record, state_digest
from .distribute import run_jobs
from .invariants import check_state
from .stats import share_wins

MAX_VIOLATIONS = 200
MAX_GAMES = 1_000_000          # games per simulate or arena run
MAX_DECISIONS = 10_000_000     # the largest allowed `max_decisions`


def agent_seed(game_seed: int, index: int) -> int:
    """The seed of agent `index` in the game seeded `game_seed` (independent of run order)."""
    return game_seed * 1009 + index


def _checked(state, deep: bool, seed: int) -> list[str]:
    try:
        return check_state(state, deep=deep, seed=seed)
    except Exception as exc:  # a crash inside a check is itself a violation
        return [f"checking the state raised {type(exc).__name__}: {exc}"]


def _undo_problems(state, before, seat: int) -> list[str]:
    """Where the game allows undoing the decision just made, undo gives back the state before it."""
    if not state.can_undo(seat):
        return []
    undone = state.clone()
    try:
        undone.undo(seat)
    except Exception as exc:  # a crash inside a check is itself a violation
        return [f"undo raised {type(exc).__name__}: {exc}"]
    if state_digest(undone) != state_digest(before) or undone.view(seat) != before.view(seat):
        return [f"undo by seat {seat} does not restore the state before its decision"]
    return []


def _simulate_one(job: tuple[Game, int, list[str], int, dict[str, Any] | None, float, int, bool]
                  ) -> dict[str, Any]:
    """Play and check one game (seeded `game_seed`); the violations found, its result and record."""
    game, players, specs, game_seed, options, deep, max_decisions, keep_record = job
    violations: list[str] = []
    count = 0

    def report(where: str, problems: list[str]) -> None:
        nonlocal count
        for p in problems:
            count += 1
            if len(violations) < MAX_VIOLATIONS:
                violations.append(f"{where}: {p}")

    state = game.new_state(players, game_seed, options)
    seat_agents = [make_agent(specs[s], agent_seed(game_seed, s)) for s in range(players)]
    where = f"game seed {game_seed}"
    report(f"{where} at start", _checked(state, deep > 0, game_seed))
    decisions = 0
    aborted = False
    while state.to_act is not None:
        if decisions >= max_decisions:
            report(where, [f"not over after {max_decisions} decisions"])
            aborted = True
            break
        seat = state.to_act
        # The deep checks are spread evenly over each game's decisions.
        deep_now = int((decisions + 1) * deep) > int(decisions * deep)
        before = state.clone() if deep_now else None
        try:
            key = seat_agents[seat].choose(state)
            state.apply(key, seat)
        except Exception as exc:  # a game bug must be reported, not end the whole run
            report(f"{where} decision {decisions}", [f"seat {seat} ({specs[seat]}): {type(exc).__name__}: {exc}"])
            aborted = True
            break
        decisions += 1
        problems = _checked(state, deep_now, game_seed + decisions)
        if before is not None:
            problems += _undo_problems(state, before, seat)
        if problems:
            report(f"{where} decision {decisions} after {key!r}", problems)
    result: dict[str, Any] = {"seed": game_seed, "decisions": decisions, "completed": not aborted,
                              "violations": violations, "violation_count": count, "record": None}
    if not aborted:
        result["scores"] = list(state.scores())
        result["wins"] = share_wins(state.winners(), players)
        try:
            record = record_of(state)
            again = replay(record, lambda name: game)
            if state_digest(again) != record["digest"]:
                report(where, ["replaying its record gives another state"])
            elif keep_record:
                result["record"] = record
        except Exception as exc:
            report(where, [f"its record does not replay: {exc}"])
        result["violation_count"] = count
    return result


def simulate(game: Game, players: int, games: int = 10, seed: int = 0,
             agents: Sequence[str] | None = None, options: Mapping[str, Any] | None = None,
             deep: float = 1.0, max_decisions: int = 20000, save_dir: str | Path | None = None,
             workers: int = 1, ray: str | None = None,
             progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play `games` games (game i seeded `seed + i`) and check invariants after every action.

    `agents` is one spec for every seat or one per seat (default `random`). `deep` is the share
    of each game's actions (0..1, spread evenly) after which the expensive checks also run (JSON
    round trip, clone independence, views, determinization). Each finished game is also replayed
    from its record, which must give the same final state. Violations are reported, never raised.
    `workers` > 1 checks games in parallel processes, `ray` on a Ray cluster (see `run_jobs`):
    the results, apart from timings, are the same either way.
    """
    specs = seat_specs(agents, players, "random")
    if not (isinstance(deep, (int, float)) and math.isfinite(deep) and 0.0 <= deep <= 1.0):
        raise ValueError(f"deep must be a share from 0 to 1, not {deep!r:.40}")
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be from 1 to {MAX_GAMES:,}, not {games!r:.40}")
    if not 1 <= max_decisions <= MAX_DECISIONS:
        raise ValueError(f"max_decisions must be from 1 to {MAX_DECISIONS:,}, not {max_decisions!r:.40}")
    resolved = game.new_state(players, seed, options).options   # bad players or options fail here
    out_dir = Path(save_dir) if save_dir is not None else None
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    given = dict(options) if options else None
    jobs = ((game, players, specs, seed + g, given, deep, max_decisions, out_dir is not None)
            for g in range(games))
    start = time.perf_counter()
    results = run_jobs(_simulate_one, jobs, games, workers=workers, ray=ray, progress=progress)
    seconds = time.perf_counter() - start

    violations = [v for r in results for v in r["violations"]][:MAX_VIOLATIONS]
    finished = [r for r in results if r["completed"]]
    scores = [r["scores"] for r in finished]
    wins = [sum(r["wins"][s] for r in finished) for s in range(players)]
    for r in finished:
        if out_dir is not None and r["record"] is not None:
            save_record(out_dir / f"{game.name}-{players}p-{r['seed']}.json", r["record"])
    mean_scores = [sum(s[i] for s in scores) / len(scores) for i in range(players)] if scores else []
    return {
        "game": game.name, "players": players, "options": dict(resolved), "seed": seed,
        "agents": specs, "games": games, "completed": len(finished),
        "decisions": sum(r["decisions"] for r in results),
        "decisions_per_game": [r["decisions"] for r in results],
        "seconds": round(seconds, 4), "deep": deep, "workers": workers, "ray": ray,
        "violations": violations, "violation_count": sum(r["violation_count"] for r in results),
        "scores": scores, "wins": wins, "mean_scores": mean_scores,
    }
