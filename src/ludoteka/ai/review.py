"""`review(record, seat)`: after a game, the seat's decisions whose chosen option the AI
estimates clearly below its best one, the costliest first (issue 26 §2).

For every decision of the seat with more than one option (and the seat alone to act):

1. `analyse` (the `hard` search at `budget` iterations per search, seed `moment_seed(seed,
   index)`) names the best option: exactly the hint the seat would have had, and what `hard`
   plays there. A decision where the seat chose it costs nothing and is not weighed further.
2. Otherwise the chosen option and the best one are both estimated again, *paired*: `budget`
   samples, each a determinization of the seat's view on which both options are played and then
   followed by the same playout (the game's `playout_key` with the same random numbers, the
   `hard` level's depth), and scored with `game.evaluate` for the seat (the final score in solo,
   the lead over the best other seat with several players). The loss is the mean of the paired
   differences (best - chosen); its noise the standard error of those differences.

Why not the analysis' own numbers: a chosen option the search hardly visited has no estimate or
a very noisy one, and the most visited option's mean is picked *because* it looked best (a
winner's curse). The paired samples are fresh (their seeds differ from the search's) and share
their determinization and playout, so chance and hidden cards cancel out of the difference.
Their bias: after the option both continue with the cheap playout policy, not with the search,
so an option whose worth needs skilled play later is underestimated, for both alike.

A decision is a mistake when its loss is at least `threshold` points (default MIN_LOSS) *and* at
least NOISE_FACTOR standard errors: clearly above the noise of the estimate. Every input is
what the seat saw at that moment (analyse and the samples start from `state.determinize(seat)`,
the seeds depend only on the game seed given and the decision's index), so two games differing
only in what the seat could not see get the same review of that seat.
"""
from __future__ import annotations

import math
import random
import textwrap
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from .. import registry
from ..kernel import GameState
from ..kernel.errors import BadOption, BadRecord, short
from ..kernel.record import record_of, replay
from .analysis import DEFAULT_BUDGET, OptionEstimate, analyse, reasons, search_agent

MIN_LOSS = 1.0          # points: a smaller loss is not a mistake, however sure
NOISE_FACTOR = 2.0      # the loss must also exceed this many standard errors of the paired estimate
TOP = 3                 # the costliest decisions a review shows first


@dataclass
class Moment:
    """One reviewed decision: the option the seat chose against the AI's best."""

    index: int                  # the action's index in the record: the replay shows it after `index` actions
    decision: str               # the decision kind
    options: int                # how many options the seat had
    chosen: str                 # the key and label of the option chosen
    chosen_label: str
    best: str                   # the key and label of the AI's best option
    best_label: str
    loss: float                 # estimated points lost (best - chosen); 0 when chosen is best
    noise: float                # the standard error of `loss`
    mistake: bool
    chosen_points: float | None = None   # the paired estimates (None when chosen is best)
    best_points: float | None = None
    chosen_changes: dict[str, float] = field(default_factory=dict)  # category: mean projected - now
    best_changes: dict[str, float] = field(default_factory=dict)    # what the better option would have done
    reasons: list[dict[str, Any]] = field(default_factory=list)     # notes: why the chosen option lost
    chosen_data: dict[str, Any] = field(default_factory=dict)       # the options' Action.data (what a
    best_data: dict[str, Any] = field(default_factory=dict)         # browser needs to name them)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of every field."""
        return {"index": self.index, "decision": self.decision, "options": self.options,
                "chosen": {"key": self.chosen, "label": self.chosen_label, "data": self.chosen_data,
                           "points": self.chosen_points, "categories": dict(self.chosen_changes)},
                "best": {"key": self.best, "label": self.best_label, "data": self.best_data,
                         "points": self.best_points, "categories": dict(self.best_changes)},
                "loss": self.loss, "noise": self.noise, "mistake": self.mistake,
                "reasons": [dict(r) for r in self.reasons]}


@dataclass
class Review:
    """A seat's decisions of one game weighed by the AI; `mistakes` costliest first."""

    game: str
    seat: int
    players: int
    budget: int
    seed: int
    threshold: float
    estimate: str               # "score" (solo) or "margin": what the points are
    decisions: int              # decisions weighed (the seat's, with more than one option)
    agreed: int                 # of those, where the seat chose the AI's best
    skipped: int                # the seat's decisions taken together with other seats (not weighed)
    mistakes: list[Moment]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (what the server stores and `ludoteka review --json` prints)."""
        return {"game": self.game, "seat": self.seat, "players": self.players, "budget": self.budget,
                "seed": self.seed, "threshold": self.threshold, "noise_factor": NOISE_FACTOR,
                "estimate": self.estimate, "decisions": self.decisions, "agreed": self.agreed,
                "skipped": self.skipped, "mistakes": [m.to_json() for m in self.mistakes]}

    def text(self, top: int = TOP, width: int = 100) -> str:
        """The review in English for a terminal: a summary and the `top` costliest mistakes."""
        what = "final score" if self.estimate == "score" else "lead over the best other seat"
        lines = [f"Review of seat {self.seat} ({self.game}, {self.budget} iterations per search): "
                 f"{self.decisions} decisions weighed, {self.agreed} as the AI would play, "
                 f"{len(self.mistakes)} clearly worse (points: your estimated {what})."]
        if not self.mistakes:
            lines.append("No decision fell clearly below the AI's best.")
        for rank, m in enumerate(self.mistakes[:top], 1):
            lines.append(f"  {rank}. after {m.index} actions ({m.decision}): about {m.loss:.1f} points lost "
                         f"(± {m.noise:.1f})")
            lines.append(textwrap.fill(f"you chose: {m.chosen_label}", width, initial_indent="       ",
                                       subsequent_indent="         "))
            lines.append(textwrap.fill(f"better:    {m.best_label}", width, initial_indent="       ",
                                       subsequent_indent="         "))
            for reason in m.reasons:
                lines.append(textwrap.fill(f"- {reason['text']}", width, initial_indent="       ",
                                           subsequent_indent="         "))
        if len(self.mistakes) > top:
            lines.append(f"  ... and {len(self.mistakes) - top} more (--top to see them).")
        return "\n".join(lines)


def moment_seed(seed: int, index: int) -> int:
    """The seed of the decision after `index` actions: public (the seed given and the moment)."""
    return (seed * 1_000_003 + index) % (1 << 63)


Decisions = list[tuple[int, GameState, str]]      # (index, the state before, the key chosen)


def _check_seat(seat: Any, players: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        allowed = "0 (a solo game)" if players == 1 else f"from 0 to {players - 1} ({players} players)"
        raise BadOption(f"review seat must be {allowed}, not {short(seat)}")


def given_decisions(pairs: Sequence[tuple[GameState, str]], seat: int) -> tuple[Decisions, int, GameState]:
    """Decisions given as (state before, key chosen) pairs, each checked: the seat alone to act
    there and the key one of its options (else BadRecord naming the pair). The index of each is
    the number of actions before it; pairs with a single option are left out."""
    if not pairs:
        raise BadRecord("review: no decisions given (a record, a state, or (state, key) pairs)")
    found = []
    for number, pair in enumerate(pairs):
        if not (isinstance(pair, (tuple, list)) and len(pair) == 2 and isinstance(pair[0], GameState)):
            raise BadRecord(f"review: decision {number} must be a (state, key) pair, not {short(pair)}")
        state, key = pair
        _check_seat(seat, state.players)
        if state.to_act != seat or len(state.acting_seats()) != 1:
            raise BadRecord(f"review: decision {number}: seat {seat} is not alone to act there")
        if key not in state.legal_keys(seat):
            raise BadRecord(f"review: decision {number}: {short(key)} is not an option of seat {seat} there")
        if len(state.legal_keys(seat)) > 1:
            found.append((len(state.history()), state, key))
    return found, 0, pairs[-1][0]


def decisions_of(record: Mapping[str, Any] | GameState | Sequence[tuple[GameState, str]], seat: int,
                 lookup: Callable[[str], Any] | None = None) -> tuple[Decisions, int, GameState]:
    """The seat's decisions in a record, a state's history or given (state, key) pairs:
    (index, the state before, the key chosen) for each with more than one option and the seat
    alone to act, the number of the seat's decisions taken together with other seats (skipped),
    and the final state. A bad record raises BadRecord; a seat not at the table, BadOption."""
    if isinstance(record, (list, tuple)):
        return given_decisions(record, seat)
    if isinstance(record, GameState):
        record = record_of(record)
    final = replay(record, lookup or registry.game)         # checks the whole record first
    _check_seat(seat, final.players)
    game = final.game
    state = game.new_state(record["players"], record["seed"], record.get("options", {}),
                           game.revision_of(record, ""))
    seats = record.get("seats") or [None] * len(record["actions"])
    found, skipped = [], 0
    for index, (key, who) in enumerate(zip(record["actions"], seats)):
        who = state.to_act if who is None else who
        if who == seat and len(state.legal_keys(seat)) > 1:
            if state.to_act == seat and len(state.acting_seats()) == 1:
                found.append((index, state.clone(), key))
            else:
                skipped += 1
        state.apply(key, who)
    return found, skipped, final


def paired(state: GameState, seat: int, keys: tuple[str, str], samples: int, seed: int,
           depth: int) -> list[tuple[list[float], dict[str, float]]]:
    """Per key: its `game.evaluate` for the seat on each of `samples` determinizations of the
    seat's view, the key played and then the same playout (same random numbers) for every key,
    and the mean projected points per category at those ends. A sample where a key is not legal
    on the determinization is left out for every key, so the lists stay paired."""
    game = state.game
    rng = random.Random(seed)
    values: list[list[float]] = [[] for _ in keys]
    sums: list[dict[str, float]] = [{} for _ in keys]
    for _ in range(samples):
        base = state.determinize(seat, rng.getrandbits(63))
        play_seed = rng.getrandbits(63)
        if not all(k in base.legal_keys(seat) for k in keys):
            continue
        for slot, key in enumerate(keys):
            end = base.clone()
            end.apply(key, seat)
            draw = random.Random(play_seed).random
            steps = 0
            while end.to_act is not None and steps < depth:
                end.apply(game.playout_key(end, draw))
                steps += 1
            values[slot].append(float(game.evaluate(end, seat)))
            cats = sums[slot]
            for name, points in game.projected_breakdown(end, seat).items():
                cats[name] = cats.get(name, 0.0) + points
    count = len(values[0]) or 1
    return [(v, {name: total / count for name, total in c.items()}) for v, c in zip(values, sums)]


def weigh(state: GameState, seat: int, index: int, chosen: str, budget: int, seed: int,
          threshold: float) -> Moment:
    """The decision after `index` actions (`state`, the seat to act) where the seat chose `chosen`:
    the AI's best option by `analyse`, and when it differs the paired estimate of both (see the
    module docstring)."""
    mine = moment_seed(seed, index)
    analysis = analyse(state, seat, budget, mine)
    best = analysis.options[0]
    labels = {o.key: o.label for o in analysis.options}
    data = {a.key: a.data for a in state.legal_actions(seat)}
    common = dict(index=index, decision=analysis.decision, options=len(analysis.options), chosen=chosen,
                  chosen_label=labels.get(chosen, chosen), best=best.key, best_label=best.label,
                  chosen_data=data.get(chosen, {}), best_data=data.get(best.key, {}))
    if best.key == chosen:
        return Moment(loss=0.0, noise=0.0, mistake=False, **common)
    depth = search_agent(state, budget, mine).depth
    (best_values, best_cats), (chosen_values, chosen_cats) = paired(
        state, seat, (best.key, chosen), budget, mine ^ 0x5EED_5EED, depth)
    n = len(best_values)
    if n == 0:          # neither could be played on any determinization: nothing to compare
        return Moment(loss=0.0, noise=0.0, mistake=False, **common)
    diffs = [b - c for b, c in zip(best_values, chosen_values)]
    loss = sum(diffs) / n
    var = sum((d - loss) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    noise = math.sqrt(var / n)
    now = state.game.projected_breakdown(state.determinize(seat, mine), seat)

    def estimate(key: str, values: list[float], cats: dict[str, float]) -> OptionEstimate:
        mean = sum(values) / n
        spread = math.sqrt(max(0.0, sum(v * v for v in values) / n - mean * mean))
        changes = {name: round(cats.get(name, 0.0) - now.get(name, 0.0), 2)
                   for name in dict.fromkeys([*now, *cats])}
        return OptionEstimate(key, labels.get(key, key), 0, 0.0, None, round(mean, 2), round(spread, 2), changes)

    good, bad = estimate(best.key, best_values, best_cats), estimate(chosen, chosen_values, chosen_cats)
    why = reasons(bad, good, "best", getattr(state.game, "category_names", {}), now)
    return Moment(loss=round(loss, 2), noise=round(noise, 2),
                  mistake=loss >= threshold and loss >= NOISE_FACTOR * noise,
                  chosen_points=bad.points, best_points=good.points, chosen_changes=bad.categories,
                  best_changes=good.categories, reasons=why, **common)


def review(record: Mapping[str, Any] | GameState | Sequence[tuple[GameState, str]], seat: int, budget: int = DEFAULT_BUDGET, seed: int = 0,
           threshold: float = MIN_LOSS, progress: Callable[[int, int], None] | None = None,
           lookup: Callable[[str], Any] | None = None) -> Review:
    """The review of `seat` in a game record (or a state's history, or (state before, key chosen)
    pairs): every decision of the seat with more than one option weighed (see the module docstring), the mistakes costliest first.
    `budget`: iterations per search and paired samples per decision; `threshold`: the least loss
    in points that counts; `progress(done, total)` is called before the first decision and after
    each. Deterministic for `seed`. A bad record raises BadRecord; a bad seat or threshold,
    BadOption; a bad budget, AgentSpecError."""
    if (isinstance(threshold, bool) or not isinstance(threshold, (int, float))
            or not math.isfinite(threshold) or threshold < 0):
        raise BadOption(f"review threshold must be a number of points of 0 or more, not {threshold!r}")
    found, skipped, final = decisions_of(record, seat, lookup)
    search_agent(final, budget, seed)                # a bad budget fails before any work
    moments = []
    if progress is not None:
        progress(0, len(found))
    for done, (index, state, chosen) in enumerate(found, 1):
        moments.append(weigh(state, seat, index, chosen, budget, seed, float(threshold)))
        if progress is not None:
            progress(done, len(found))
    return summary(final, seat, budget, seed, float(threshold), moments, skipped)


def summary(final: GameState, seat: int, budget: int, seed: int, threshold: float, moments: list[Moment],
            skipped: int) -> Review:
    """The Review of weighed decisions (`weigh` of each, perhaps computed elsewhere: a server's
    workers), the mistakes costliest first (ties: the earlier first)."""
    mistakes = sorted((m for m in moments if m.mistake), key=lambda m: (-m.loss, m.index))
    return Review(game=final.game.name, seat=seat, players=final.players, budget=budget, seed=seed,
                  threshold=threshold, estimate="score" if final.players == 1 else "margin",
                  decisions=len(moments), agreed=sum(m.best == m.chosen for m in moments),
                  skipped=skipped, mistakes=mistakes)
