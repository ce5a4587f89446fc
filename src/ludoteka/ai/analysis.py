"""`analyse(state, seat)`: the options of the seat's pending decision ranked by the AI, with
estimates and short reasons: what a hint shows (and, later, a review of a finished game).

The analysis is the `hard` level's search (the game's own tuning of it, `Game.ai_levels`) run
with `budget` iterations per search and no time cap, so it is deterministic for its `seed` and
its first option is exactly what `hard` plays with that budget and seed. Every iteration starts
from a determinization of the seat's view (as the search always does), so an analysis depends
only on what the seat may see.

Per option it reports the search's visits (the ranking: the most visited first, as the agent
chooses), the mean search reward, and the seat's `game.evaluate` at the end of the playouts
that went through it: mean and standard deviation over those playouts, each on its own
determinization. The reasons compare the option's mean points per scoring category at those
ends (`game.projected_breakdown`: what the final scoring would give there) with the best other
option's, and name the categories that differ most.
"""
from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass, field
from typing import Any

from ..kernel import GameState, WrongSeat
from ..kernel.preview import note
from .base import AgentSpecError, parse_spec
from .ismcts import IsmctsAgent, RootTally
from .levels import decision_seed, level_spec
from .parallel import ParallelIsmctsAgent

DEFAULT_BUDGET = 300        # iterations per search of the `hard` level (2 searches): about 1-3 s
MAX_BUDGET = 1_000_000
HINT_SEED = 26              # a hint's analysis seed base: public, unlike the game's seed
LEVEL = "hard"
MIN_DIFFERENCE = 0.5        # category differences (points) smaller than this are not a reason
REASONS = 2                 # at most this many category reasons per option


@dataclass
class OptionEstimate:
    """One option of the decision as the search saw it."""

    key: str
    label: str
    visits: int                 # root visits (all searches): the ranking
    share: float                # visits / all root visits
    value: float | None         # mean search reward in [0, 1] (rank share mostly; None: unvisited)
    points: float | None        # mean `game.evaluate` of the seat at the playouts' ends
    spread: float | None        # its standard deviation over those playouts (determinizations)
    categories: dict[str, float] = field(default_factory=dict)   # mean projected points - now
    reasons: list[dict[str, Any]] = field(default_factory=list)  # notes {key, text, args}

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of every field."""
        return {"key": self.key, "label": self.label, "visits": self.visits, "share": self.share,
                "value": self.value, "points": self.points, "spread": self.spread,
                "categories": dict(self.categories), "reasons": [dict(r) for r in self.reasons]}


@dataclass
class Analysis:
    """The seat's options ranked best first, and how they were estimated."""

    game: str
    seat: int
    decision: str               # the decision kind (state.decision_kind())
    budget: int                 # iterations per search
    seed: int
    iterations: int             # iterations run by all searches together
    spec: str                   # the agent spec of the search
    estimate: str               # what `points` means for this table: "score" (solo) or "margin"
    options: list[OptionEstimate]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (for a server endpoint or a stored review)."""
        return {"game": self.game, "seat": self.seat, "decision": self.decision, "budget": self.budget,
                "seed": self.seed, "iterations": self.iterations, "spec": self.spec,
                "estimate": self.estimate, "options": [o.to_json() for o in self.options]}

    def text(self, top: int = 3, numbers: dict[str, int] | None = None, width: int = 100) -> str:
        """The best `top` options in English for a terminal: each with its share of the search,
        its estimated points and their spread, and its reasons; `numbers` (key -> the number a
        player types) names each option by its number too."""
        what = ("your estimated final score" if self.estimate == "score"
                else "your estimated lead over the best other seat")
        lines = [f"The AI's best options ({self.iterations:,} simulated continuations; points: {what}):"]
        for rank, option in enumerate(self.options[:top], 1):
            name = f"option {numbers.get(option.key, '?')}: " if numbers is not None else ""
            lines.append(textwrap.fill(f"  {rank}. {name}{option.label}", width=width, subsequent_indent="       "))
            if option.points is not None:
                lines.append(f"       {option.share:.0%} of the search, estimate {option.points:+.1f} points "
                             f"(spread {option.spread:.1f})")
            for reason in option.reasons:
                lines.append(textwrap.fill(f"- {reason['text']}", width=width, initial_indent="       ",
                                           subsequent_indent="         "))
        return "\n".join(lines)


def hint_seed(seat: int, version: int) -> int:
    """The seed of a hint's analysis for `seat` after `version` actions: made of public things
    only. The game's seed would not do: it makes all the hidden chance (cards, future dice), so
    two games the seat cannot tell apart would get different hints."""
    return decision_seed(HINT_SEED, seat, version)


def search_agent(state: GameState, budget: int, seed: int) -> IsmctsAgent:
    """The `hard` level's agent for this game with `budget` iterations per search and no time cap
    (deterministic for `seed`): the search an analysis runs and the agent it must agree with."""
    if isinstance(budget, bool) or not isinstance(budget, int) or not 1 <= budget <= MAX_BUDGET:
        raise AgentSpecError(f"analysis budget must be an integer from 1 to {MAX_BUDGET:,} iterations, "
                             f"not {budget!r}")
    cls, settings = parse_spec(level_spec(LEVEL, state.game))
    if not issubclass(cls, IsmctsAgent):
        raise AgentSpecError(f"the {LEVEL} level of {state.game.name} is {cls.kind!r}, not a search")
    settings.pop("seconds", None)
    settings["iterations"] = budget
    return cls(seed, **settings)


def analyse(state: GameState, seat: int, budget: int = DEFAULT_BUDGET, seed: int = 0) -> Analysis:
    """The options of `seat`'s pending decision ranked by the `hard` search (see the module
    docstring), from what `seat` may see only. `budget`: iterations per search. The state is not
    changed. A seat that is not to act raises WrongSeat; a bad budget, AgentSpecError."""
    if state.to_act != seat:
        raise WrongSeat(seat, state.to_act)
    agent = search_agent(state, budget, seed)
    game = state.game
    actions = state.legal_actions(seat)
    estimate = "score" if state.players == 1 else "margin"
    common = dict(game=game.name, seat=seat, decision=state.decision_kind(), budget=budget, seed=seed,
                  spec=agent.spec, estimate=estimate)
    if len(actions) == 1:          # nothing to weigh: the agent would not search either
        only = OptionEstimate(actions[0].key, actions[0].label, 0, 1.0, None, None, None,
                              reasons=[note("ai.only_option", "the only option")])
        return Analysis(iterations=0, options=[only], **common)
    tally = RootTally(seat)
    if isinstance(agent, ParallelIsmctsAgent):
        stats = agent.root_stats(state, tally)
    else:
        root = agent.search(state, tally)
        stats = {key: (node.visits, node.reward) for key, node in root.children.items()}
    # Now, as the seat sees it: a determinization (the projection may read hidden parts).
    now = game.projected_breakdown(state.determinize(seat, seed), seat)
    total = sum(stats.get(a.key, (0, 0.0))[0] for a in actions) or 1
    options = []
    for action in actions:
        visits, reward = stats.get(action.key, (0, 0.0))
        count, sum_, squares, cats = tally.sums.get(action.key, (0, 0.0, 0.0, {}))
        if not count:
            options.append(OptionEstimate(action.key, action.label, visits, visits / total, None, None, None))
            continue
        mean = sum_ / count
        spread = math.sqrt(max(0.0, squares / count - mean * mean))
        changes = {name: round(cats.get(name, 0.0) / count - now.get(name, 0.0), 2)
                   for name in dict.fromkeys([*now, *cats])}
        options.append(OptionEstimate(action.key, action.label, visits, round(visits / total, 4),
                                      round(reward / visits, 4) if visits else None,
                                      round(mean, 2), round(spread, 2), changes))
    # The agent's order: most visited first, ties by mean reward, then the legal order (a stable
    # sort), exactly as IsmctsAgent.choose picks; the unrounded mean, so a tie breaks the same.
    def order(option: OptionEstimate) -> tuple[int, float]:
        visits, reward = stats.get(option.key, (0, 0.0))
        return (visits, reward / visits if visits else 0.0)

    options.sort(key=order, reverse=True)
    labels = getattr(game, "category_names", {})
    for rank, option in enumerate(options):
        versus = options[1] if rank == 0 else options[0]
        option.reasons = reasons(option, versus, "next" if rank == 0 else "best", labels, now)
    return Analysis(iterations=agent.last_iterations, options=options, **common)


def category_label(name: str, labels: dict[str, str]) -> str:
    """A category as players say it: the game's `category_names`, else 'scroll_board' -> 'Scroll board'."""
    if name in labels:
        return labels[name]
    words = name.replace("_", " ")
    return words[:1].upper() + words[1:]


def reasons(option: OptionEstimate, versus: OptionEstimate, which: str,
            labels: dict[str, str], now: dict[str, float]) -> list[dict[str, Any]]:
    """Why `option` stands where it does: the (at most REASONS) scoring categories where its
    estimated points differ most from `versus` (the next option for the best one, `which`
    "next"; else the best option, "best"), as notes {key, text, args}. `now`: the projected
    points per category before the decision (the options' `categories` are changes from it)."""
    if option.points is None:
        return [note("ai.unexplored", "the search did not try it")]
    if versus.points is None:
        return []
    than = "the next best option" if which == "next" else "the best option"
    mine, theirs = option.categories, versus.categories
    diffs = [(mine.get(c, 0.0) - theirs.get(c, 0.0), c) for c in dict.fromkeys([*mine, *theirs])]
    diffs = sorted((d for d in diffs if abs(d[0]) >= MIN_DIFFERENCE), key=lambda d: -abs(d[0]))[:REASONS]
    out = []
    for diff, name in diffs:
        label = category_label(name, labels)
        points = round(abs(diff), 1)
        amount = f"{points:g} point{'' if points == 1 else 's'}"
        args = {"category": name, "points": points, "versus": which}
        # A category that costs points (a penalty, losses) reads the other way round.
        loss = 2 * now.get(name, 0.0) + mine.get(name, 0.0) + theirs.get(name, 0.0) < 0
        if loss and diff > 0:
            out.append(note("ai.loses_less", f"loses {amount} less to {label} than {than}", **args))
        elif loss:
            out.append(note("ai.loses_more", f"loses {amount} more to {label} than {than}", **args))
        elif diff > 0:
            out.append(note("ai.more_points", f"{amount} more from {label} than {than}", **args))
        else:
            out.append(note("ai.fewer_points", f"{amount} less from {label} than {than}", **args))
    if not out:
        gap = round(option.points - versus.points, 1)
        out.append(note("ai.similar", f"about the same points by category as {than} "
                                      f"({gap:+g} in all)", points=gap, versus=which))
    return out
