"""Agents against each other over many games, with rotating seats and confidence intervals."""
from __future__ import annotations

import time
from typing import Any, Callable, Mapping, Sequence

from ..ai import make_agent, parse_spec
from ..kernel import Game
from .distribute import MAX_WORKERS, run_jobs
from .simulate import MAX_GAMES, agent_seed
from .stats import mean_ci, share_wins, wilson


def _play_one(job: tuple[Game, int, list[str], int, int, dict[str, Any] | None]) -> dict[str, Any]:
    """Play game `g`: agent i sits at seat (i + g) % N. Results are indexed by agent, not seat."""
    game, players, specs, g, seed, options = job
    game_seed = seed + g
    seat_of = [(i + g) % players for i in range(players)]
    agent_at = [0] * players
    for i, seat in enumerate(seat_of):
        agent_at[seat] = i
    # Agent seeds depend only on the game and the agent, so the worker count changes nothing.
    agents = [make_agent(specs[i], agent_seed(game_seed, i)) for i in range(players)]
    state = game.new_state(players, game_seed, options)
    spent = [0.0] * players
    worst = [0.0] * players
    count = [0] * players
    perf = time.perf_counter
    while state.to_act is not None:
        i = agent_at[state.to_act]
        t0 = perf()
        key = agents[i].choose(state)
        dt = perf() - t0
        spent[i] += dt
        count[i] += 1
        if dt > worst[i]:
            worst[i] = dt
        state.apply(key, state.to_act)
    scores = state.scores()
    shares = share_wins(state.winners(), players)
    return {"g": g, "seed": game_seed, "seats": seat_of,
            "scores": [scores[seat_of[i]] for i in range(players)],
            "wins": [shares[seat_of[i]] for i in range(players)],
            "seconds": spent, "max_seconds": worst, "decisions": count}


def arena(game: Game, players: int, agents: Sequence[str], games: int = 20, seed: int = 0,
          options: Mapping[str, Any] | None = None, workers: int = 1, ray: str | None = None,
          progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play `games` games between `agents` (one spec per seat) and summarise per agent.

    Game g is seeded `seed + g` and agent i sits at seat (i + g) % N, so seat advantages even out.
    Ties share the win fractionally. A solo game (1 player) takes any number of agents: each plays
    every seed alone and they compare by mean score (win rates are None). `workers` > 1 plays
    games in parallel processes, `ray` on a Ray cluster (see `run_jobs`); the results (apart
    from timings) are the same for any worker count and on Ray.
    """
    specs = list(agents)
    solo = players == 1
    if not specs or (len(specs) != players and not solo):
        raise ValueError(f"{len(specs)} agents given for {players} players; give one per seat")
    for spec in specs:
        parse_spec(spec)
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be from 1 to {MAX_GAMES:,}, not {games!r:.40}")
    if not 1 <= workers <= MAX_WORKERS:
        raise ValueError(f"workers must be from 1 to {MAX_WORKERS}, not {workers!r:.40}")
    resolved = game.new_state(players, seed, options).options   # bad options fail here
    # A generator: the plan of a long arena is made game by game, never held whole.
    if solo:
        jobs = ((game, 1, [spec], g, seed, dict(options) if options else None)
                for g in range(games) for spec in specs)
    else:
        jobs = ((game, players, specs, g, seed, dict(options) if options else None) for g in range(games))
    total = games * len(specs) if solo else games
    start = time.perf_counter()
    results = run_jobs(_play_one, jobs, total, workers=workers, ray=ray, progress=progress)
    seconds = time.perf_counter() - start

    summary = []
    for i, spec in enumerate(specs):
        # solo: agent i's games are every len(specs)-th result, each with the agent at index 0
        mine, at = (results[i::len(specs)], 0) if solo else (results, i)
        wins = sum(r["wins"][at] for r in mine)
        mean, lo, hi = mean_ci([r["scores"][at] for r in mine])
        decisions = sum(r["decisions"][at] for r in mine)
        spent = sum(r["seconds"][at] for r in mine)
        w_lo, w_hi = wilson(wins, games)
        summary.append({
            "index": i, "agent": spec, "games": games, "wins": None if solo else wins,
            "win_rate": None if solo else wins / games, "win_rate_ci95": None if solo else [w_lo, w_hi],
            "mean_score": mean, "mean_score_ci95": [lo, hi],
            "decisions": decisions,
            "mean_seconds_per_decision": spent / decisions if decisions else 0.0,
            "max_seconds_per_decision": max(r["max_seconds"][at] for r in mine),
        })
    return {"game": game.name, "players": players, "options": dict(resolved), "seed": seed,
            "games": games, "workers": workers, "ray": ray, "seconds": round(seconds, 4),
            "agents": summary,
            "results": [{"seed": r["seed"], "seats": r["seats"], "scores": r["scores"], "wins": r["wins"]}
                        | ({"agent": k % len(specs)} if solo else {}) for k, r in enumerate(results)]}
