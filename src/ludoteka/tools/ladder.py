"""A rated round robin of agents: every table of N agents plays with rotating seats, and each
agent gets an openskill rating (Plackett-Luce) and a win rate with a Wilson interval.

The schedule: every N-subset of the agents (in the order given, `itertools.combinations`) is a
table; each table plays `games` games, game g of table t seeded `seed + t * games + g`, with the
table's agent i at seat (i + g) % N, as `arena` does. With exactly N agents there is one table.
Give `games` as a multiple of N so every agent sits in every seat equally often.

Ratings: every agent starts at openskill's default (mu 25, sigma 25/3) and the games are rated
one after another in schedule order (so the result does not depend on how many processes played
them). A game's ranks come from its final scores, the game's winners first (its tie-breaks), equal
scores sharing a rank. Each agent is reported with mu, sigma, mu ± 1.96 sigma and the ordinal
mu - 3 sigma (the conservative estimate the agents are sorted by), its wins (a k-way shared win
counts 1/k) and win rate with a Wilson 95% interval, and its mean score with a 95% interval.

Head to head: for every ordered pair of agents, the games where both sat and how often the first
finished ahead of the second (a better rank; an equal rank counts 1/2), with a Wilson interval.
With 2 players that is the first's win rate against the second.
"""
from __future__ import annotations

import itertools
import math
import time
from typing import Any, Callable, Mapping, Sequence

from ..ai import parse_spec
from ..kernel import Game, LudotekaError
from .arena import _play_one
from .distribute import MAX_WORKERS, run_jobs
from .simulate import MAX_GAMES
from .stats import Z95, mean_ci, wilson

MAX_TABLES = 10_000          # N-subsets of the agents: a ladder of more is refused
INSTALL_HINT = "pip install 'ludoteka[research]'"


class OpenskillMissing(LudotekaError):
    """The ladder needs openskill, which is in the `research` extra."""


class LadderError(LudotekaError, ValueError):
    """Bad ladder input: too few agents, a repeated agent, too many tables."""


def _model():
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise OpenskillMissing(f"the ladder rates with openskill, which is not installed: {INSTALL_HINT}") from None
    return PlackettLuce()


def ranks_of(scores: Sequence[float], wins: Sequence[float]) -> list[int]:
    """Competition ranks (1 best): winners first, then by score; equal (winner, score) share a rank."""
    keys = [(w > 0, s) for w, s in zip(wins, scores)]
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


def head_to_head(rows: Sequence[Mapping[str, Any]], agent_count: int) -> list[dict[str, Any]]:
    """For every ordered pair (agent, opponent) that met: games, how often the agent finished ahead
    (a better rank; equal ranks count 1/2) and that rate with its Wilson 95% interval."""
    met = [[0] * agent_count for _ in range(agent_count)]
    ahead = [[0.0] * agent_count for _ in range(agent_count)]
    for row in rows:
        for (a, rank_a), (b, rank_b) in itertools.permutations(zip(row["agents"], row["ranks"]), 2):
            met[a][b] += 1
            ahead[a][b] += 1.0 if rank_a < rank_b else 0.5 if rank_a == rank_b else 0.0
    pairs = []
    for a, b in itertools.permutations(range(agent_count), 2):
        if met[a][b]:
            lo, hi = wilson(ahead[a][b], met[a][b])
            pairs.append({"agent": a, "opponent": b, "games": met[a][b], "ahead": ahead[a][b],
                          "rate": ahead[a][b] / met[a][b], "rate_ci95": [lo, hi]})
    return pairs


def schedule(agent_count: int, players: int) -> list[tuple[int, ...]]:
    """The tables: every `players`-subset of the agent indexes, in lexicographic order."""
    return list(itertools.combinations(range(agent_count), players))


def ladder(game: Game, players: int, agents: Sequence[str], games: int | None = None, seed: int = 0,
           options: Mapping[str, Any] | None = None, workers: int = 1, ray: str | None = None,
           progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play every table of `players` agents `games` times (default 2 × players) and rate the agents.

    Returns a JSON-ready dict: the settings, `tables` (agent indexes per table), `agents` (best
    first by ordinal: rating, wins, win rate and score with 95% intervals, seconds per decision),
    `head_to_head` (per ordered pair of agent indexes that met: how often the first finished
    ahead) and `results` (per game: table, seed, seats, scores, wins, ranks; by agent index).
    """
    specs = [s.strip() if isinstance(s, str) else s for s in agents]
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise LadderError(f"a ladder needs games of at least 2 players, not {players!r:.40}")
    if len(specs) < 2 or len(specs) < players:
        raise LadderError(f"a ladder of {players}-player games needs at least {max(2, players)} agents, "
                          f"got {len(specs)}")
    for spec in specs:
        parse_spec(spec)                                        # AgentSpecError names what is allowed
    seen: set[str] = set()
    for spec in specs:
        if spec in seen:
            raise LadderError(f"agent {spec!r:.60} is given twice; every ladder entry must be a different spec")
        seen.add(spec)
    if games is None:
        games = 2 * players
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise LadderError(f"games must be from 1 to {MAX_GAMES:,}, not {games!r:.40}")
    if not 1 <= workers <= MAX_WORKERS:
        raise LadderError(f"workers must be from 1 to {MAX_WORKERS}, not {workers!r:.40}")
    if math.comb(len(specs), players) > MAX_TABLES:
        raise LadderError(f"{len(specs)} agents make {math.comb(len(specs), players):,} tables of {players}; "
                          f"at most {MAX_TABLES:,} are allowed")
    model = _model()                                            # fails early without openskill
    resolved = game.new_state(players, seed, options).options   # bad players or options fail here
    tables = schedule(len(specs), players)
    plain = dict(options) if options else None
    jobs = ((game, players, [specs[i] for i in table], g, seed + t * games, plain)
            for t, table in enumerate(tables) for g in range(games))
    total = len(tables) * games
    start = time.perf_counter()
    results = run_jobs(_play_one, jobs, total, workers=workers, ray=ray, progress=progress)
    seconds = time.perf_counter() - start

    ratings = [model.rating(name=spec) for spec in specs]
    played = [[] for _ in specs]        # per agent: (score, win share, rank) of each game
    spent = [0.0] * len(specs)
    decisions = [0] * len(specs)
    worst = [0.0] * len(specs)
    rows = []
    for k, result in enumerate(results):
        t = k // games
        table = tables[t]
        ranks = ranks_of(result["scores"], result["wins"])
        new = model.rate([[ratings[a]] for a in table], ranks=ranks)
        for position, a in enumerate(table):
            ratings[a] = new[position][0]
            played[a].append((result["scores"][position], result["wins"][position], ranks[position]))
            spent[a] += result["seconds"][position]
            decisions[a] += result["decisions"][position]
            worst[a] = max(worst[a], result["max_seconds"][position])
        rows.append({"table": t, "seed": result["seed"], "agents": list(table), "seats": result["seats"],
                     "scores": result["scores"], "wins": result["wins"], "ranks": ranks})

    summary = []
    for a, spec in enumerate(specs):
        mine = played[a]
        n = len(mine)
        wins = sum(w for _, w, _ in mine)
        w_lo, w_hi = wilson(wins, n)
        mean, lo, hi = mean_ci([s for s, _, _ in mine])
        mu, sigma = float(ratings[a].mu), float(ratings[a].sigma)
        summary.append({
            "index": a, "agent": spec, "games": n,
            "rating": {"mu": mu, "sigma": sigma, "ci95": [mu - Z95 * sigma, mu + Z95 * sigma],
                       "ordinal": mu - 3 * sigma},
            "wins": wins, "win_rate": wins / n if n else 0.0, "win_rate_ci95": [w_lo, w_hi],
            "mean_rank": sum(r for _, _, r in mine) / n if n else 0.0,
            "mean_score": mean, "mean_score_ci95": [lo, hi],
            "decisions": decisions[a],
            "mean_seconds_per_decision": spent[a] / decisions[a] if decisions[a] else 0.0,
            "max_seconds_per_decision": worst[a],
        })
    summary.sort(key=lambda row: (-row["rating"]["ordinal"], row["index"]))
    for place, row in enumerate(summary, 1):
        row["place"] = place
    return {"game": game.name, "players": players, "options": dict(resolved), "seed": seed,
            "games_per_table": games, "tables": [list(t) for t in tables], "games": total,
            "workers": workers, "ray": ray, "seconds": round(seconds, 4),
            "rating_model": "openskill PlackettLuce (mu 25, sigma 25/3 at the start; ordinal = mu - 3 sigma)",
            "agents": summary, "head_to_head": head_to_head(rows, len(specs)), "results": rows}
