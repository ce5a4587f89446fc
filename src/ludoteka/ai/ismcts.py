"""Single-observer information-set Monte Carlo tree search (Cowling, Powley, Whitehouse 2012).

The searching seat never looks at the real state's hidden parts: every iteration starts from
`state.determinize(seat, seed)`, a full state consistent with what the seat sees. The tree is
over action keys; since the legal keys differ between determinizations, UCB1 uses each child's
*availability* count (how often it could have been chosen) instead of its parent's visits.
Multi-player: each node keeps the reward of the seat that chose the move leading to it.
"""
from __future__ import annotations

import math
import time
from typing import Any

from ..kernel import GameState
from .base import Agent, Param, register
from .simple import follow_greedily

# The default level: at most DEFAULT_ITERATIONS iterations and at most DEFAULT_SECONDS seconds
# per decision (whichever comes first). An explicit `iterations=` without `seconds=` removes the
# time cap, so the agent is deterministic for its seed.
DEFAULT_ITERATIONS = 200
DEFAULT_SECONDS = 0.9
DEFAULT_DEPTH = 80
RANK_WEIGHT = 0.75
# The root prior (progressive bias, Chaslot et al. 2008): before searching, each root key is
# played on one determinization, the same seat's follow-up decisions greedily (PRIOR_LOOKAHEAD
# real choices), and the result scored with the game's `evaluate`. A key that scores d below the
# best gets the bias PRIOR_WEIGHT * max(-PRIOR_CLIP, d / PRIOR_SCALE) / (visits + 1) in the root's
# selection: the search starts from the keys whose immediate consequences look best (blunders
# such as a coin taken instead of the rat step that saves the plague get few visits) and its own
# results take over as visits grow. PRIOR_SCALE is in the units of `evaluate` (points).
PRIOR_WEIGHT = 1.0
PRIOR_SCALE = 1.5
PRIOR_CLIP = 4.0
PRIOR_LOOKAHEAD = 2
# The allowed ranges of the parameters (every value must also be finite).
MAX_ITERATIONS = 10_000_000
MAX_SECONDS = 3600.0
MAX_DEPTH = 100_000
MAX_C = 100.0


class _Node:
    __slots__ = ("children", "visits", "avail", "reward", "seat")

    def __init__(self, seat: int):
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.seat = seat          # the seat that chose the move leading here


@register
class IsmctsAgent(Agent):
    """Information-set MCTS with playouts (the game's `playout_key` policy) truncated after `depth`
    decisions and scored by the game's `evaluate`."""

    kind = "ismcts"
    params = {
        "iterations": Param(int, None, f"iterations per decision (default {DEFAULT_ITERATIONS}, "
                                       f"capped at {DEFAULT_SECONDS} s unless given alone)", 1, MAX_ITERATIONS),
        "seconds": Param(float, None, "seconds per decision (default: no time budget when iterations "
                                      "is given)", 0, MAX_SECONDS, low_open=True),
        "depth": Param(int, DEFAULT_DEPTH, "playout decisions (game.playout_key) before evaluating "
                                           "with game.evaluate", 0, MAX_DEPTH),
        "c": Param(float, 0.7, "UCB1 exploration constant (rewards are in [0, 1])", 0, MAX_C),
        "forced": Param(int, 0, "1: inside the tree, a decision with a single legal key is played "
                                "at once, without a node of its own (0: it gets one, as any decision)", 0, 1),
        "win": Param(int, 0, "1: the rank part of the reward counts first place only (win 1, a k-way "
                             "tie 1/k, else 0), for winning over placing (0: every place counts)", 0, 1),
    }

    def __init__(self, seed: int = 0, **settings: Any):
        super().__init__(seed, **settings)
        if self.iterations is None and self.seconds is None:
            self.iterations, self.seconds = DEFAULT_ITERATIONS, DEFAULT_SECONDS
        self.last_iterations = 0      # iterations run by the last search (for reports and tests)
        self.prior_weight = PRIOR_WEIGHT   # 0 turns the root prior off

    def choose(self, state: GameState) -> str:
        keys = state.legal_keys()
        if len(keys) == 1:
            self.last_iterations = 0
            return keys[0]
        root = self.search(state)
        # The most visited child among the real legal keys (robust child); ties by mean reward.
        best_key, best = None, (-1, -1.0)
        for key in keys:
            node = root.children.get(key)
            score = (node.visits, node.reward / node.visits) if node and node.visits else (0, 0.0)
            if score > best:
                best_key, best = key, score
        return best_key if best_key is not None else keys[self.rng.randrange(len(keys))]

    def search(self, state: GameState, tally: "RootTally | None" = None) -> _Node:
        """Run the search from `state` for its seat to act and return the root of the tree.

        `tally` (ludoteka.ai.analyse) also records, per root key, where its iterations ended;
        it reads the playouts' end states and draws no random numbers, so with an iteration
        budget the search is the same with or without (with a time budget it runs fewer)."""
        observer = state.to_act
        players = state.players
        evaluate_all = state.game.evaluate_all
        playout = state.game.playout_key
        rand = self.rng.random
        getrandbits = self.rng.getrandbits
        log, sqrt = math.log, math.sqrt
        c = self.c
        depth_cap = self.depth
        skip_forced = bool(self.forced)
        win_only = bool(self.win)
        limit = self.iterations if self.iterations is not None else 1 << 62
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        root = _Node(-1)
        if tally is not None:
            tally.start(root)
        scale = _Scale()
        done = 0
        bias = self.root_prior(state) if self.prior_weight else None
        while done < limit:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            done += 1
            d = state.determinize(observer, getrandbits(63))
            node = root
            path = []
            # Selection and expansion.
            while d.to_act is not None:
                keys = d.legal_keys()
                if skip_forced and len(keys) == 1:
                    # Forced: a node here would only spend an iteration's expansion on a move with
                    # no alternative, and push every real choice after it one level deeper.
                    d.apply(keys[0])
                    continue
                children = node.children
                untried = None
                for key in keys:
                    if key not in children:
                        if untried is None:
                            untried = [key]
                        else:
                            untried.append(key)
                if untried is not None:
                    for key in keys:
                        child = children.get(key)
                        if child is not None:
                            child.avail += 1
                    key = untried[int(rand() * len(untried))]
                    child = children[key] = _Node(d.to_act)
                    d.apply(key)
                    path.append(child)
                    break
                best_key, best_child, best_value = None, None, float("-inf")
                for key in keys:
                    child = children[key]
                    child.avail += 1
                    value = child.reward / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if bias is not None and node is root:
                        value += bias.get(key, 0.0) / (child.visits + 1)
                    if value > best_value:
                        best_key, best_child, best_value = key, child, value
                d.apply(best_key)
                path.append(best_child)
                node = best_child
            # Playout with the game's cheap policy (uniform by default), truncated.
            steps = 0
            while d.to_act is not None and steps < depth_cap:
                d.apply(playout(d, rand))
                steps += 1
            rewards = _rewards(d, players, evaluate_all, scale, win_only)
            if tally is not None:
                tally.add(path[0], d)
            for node in path:
                node.visits += 1
                node.reward += rewards[node.seat]
        root.visits = done
        self.last_iterations = done
        return root

    def root_prior(self, state: GameState) -> dict[str, float] | None:
        """The progressive bias of each root key (0 for the best, negative below; see PRIOR_WEIGHT),
        from a greedy look at its immediate consequences on one determinization."""
        keys = state.legal_keys()
        if len(keys) < 2:
            return None
        seat = state.to_act
        evaluate = state.game.evaluate
        base = state.determinize(seat, self.rng.getrandbits(63))
        values = []
        for key in keys:
            child = base.clone()
            child.apply(key)
            follow_greedily(child, seat, evaluate, PRIOR_LOOKAHEAD)
            values.append(float(evaluate(child, seat)))
        best = max(values)
        weight = self.prior_weight
        return {key: weight * max(-PRIOR_CLIP, (v - best) / PRIOR_SCALE) for key, v in zip(keys, values)}


class RootTally:
    """What an analysis (ludoteka.ai.analyse) learns from a search besides the root's visits:
    per root key, over the iterations through it, the searching seat's `game.evaluate` at the
    playout's end (count, sum, sum of squares) and the sum of its points per scoring category
    there (`game.projected_breakdown`). `plain()` is picklable, for root-parallel searches."""

    __slots__ = ("seat", "root", "sums")

    def __init__(self, seat: int):
        self.seat = seat
        self.root: _Node | None = None    # set by `start`: root children are told apart by identity
        self.sums: dict[str, list] = {}   # key -> [count, value sum, value squares, {category: sum}]

    def start(self, root: _Node) -> None:
        """Tally the iterations of the search whose tree starts at `root`."""
        self.root = root

    def add(self, child: _Node, end: GameState) -> None:
        """One iteration went through the root child `child` and ended at `end`."""
        key = next(k for k, node in self.root.children.items() if node is child)
        game = end.game
        value = float(game.evaluate(end, self.seat))
        slot = self.sums.get(key)
        if slot is None:
            slot = self.sums[key] = [0, 0.0, 0.0, {}]
        slot[0] += 1
        slot[1] += value
        slot[2] += value * value
        categories = slot[3]
        for name, points in game.projected_breakdown(end, self.seat).items():
            categories[name] = categories.get(name, 0.0) + points

    def plain(self) -> dict[str, list]:
        """The sums as plain lists and dicts (key -> [count, sum, squares, {category: sum}])."""
        return {key: [n, s, q, dict(c)] for key, (n, s, q, c) in self.sums.items()}

    def merge(self, plain: dict[str, list]) -> None:
        """Add the sums of another search (`plain()` of its tally)."""
        for key, (n, s, q, cats) in plain.items():
            slot = self.sums.get(key)
            if slot is None:
                slot = self.sums[key] = [0, 0.0, 0.0, {}]
            slot[0] += n
            slot[1] += s
            slot[2] += q
            for name, points in cats.items():
                slot[3][name] = slot[3].get(name, 0.0) + points


class _Scale:
    """A running mean of |evaluate| over the search, so margins map to [0, 1] for any game's units."""

    __slots__ = ("total", "count")

    def __init__(self):
        self.total = 0.0
        self.count = 0

    def add(self, values: list[float]) -> float:
        for v in values:
            self.total += abs(v)
        self.count += len(values)
        return self.total / self.count or 1.0


def _rewards(state: GameState, players: int, evaluate_all, scale: _Scale, win_only: bool = False) -> list[float]:
    """Per-seat rewards in [0, 1]: mostly the rank (win 1, last 0, ties share), plus a margin term.

    The rank is by final scores when the game is over, by `game.evaluate` otherwise; the margin
    term (a logistic of evaluate over its running mean magnitude) keeps the search steering
    towards bigger leads and smaller deficits when the rank does not change. `win_only`: the
    rank part is 1 for first place (1/k in a k-way tie; a finished game's `winners`, after its
    tie-breaks), else 0.
    """
    values = [float(v) for v in evaluate_all(state)]
    over = state.to_act is None
    ranked = state.scores() if over else values
    # a finished game's winners follow its tie-breaks (Kingsburg: goods, then buildings)
    winners = state.winners() if over and win_only else None
    unit = scale.add(values)
    out = []
    for s in range(players):
        mine = ranked[s]
        below = ties = 0
        for v in ranked:
            if v < mine:
                below += 1
            elif v == mine:
                ties += 1
        x = values[s] / unit
        margin = 1.0 / (1.0 + math.exp(-x)) if x > -50 else 0.0
        if players == 1:
            rank = margin                                   # solo: no rank
        elif winners is not None:
            rank = 1.0 / len(winners) if s in winners else 0.0
        elif win_only:
            rank = 1.0 / ties if below + ties == players else 0.0
        else:
            rank = (below + 0.5 * (ties - 1)) / (players - 1)
        out.append(RANK_WEIGHT * rank + (1.0 - RANK_WEIGHT) * margin)
    return out
