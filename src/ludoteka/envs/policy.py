"""The reference learner's agent: `policy:PATH` plays with a checkpoint written by
`ludoteka.envs.policy_train` (see docs/research.md, "A reference learner").

The agent looks one decision ahead like `greedy` (on a determinization, following its own next
decisions for `lookahead` choices), but values each resulting position with the game's
evaluation **plus a learned linear correction** over the seat's direct observation
(ludoteka.envs.direct): V(s) = evaluate(s, seat) + w . x(s) + b. The weights are fitted to the
final score difference of games it played (Monte Carlo afterstate values, approximate policy
iteration); with w = 0 it is the greedy player. The product w . x is taken on the encoder's raw
lists (values, flags, sparse amounts) with the scaling folded into the weights, so a decision
costs a few µs more than greedy's.

A checkpoint is a small JSON file: {"format", "game", "players", "options", "lookahead",
"weights" (one per slot of the direct observation), "bias", "trained" (what produced it)}. A
bad file raises AgentSpecError naming the problem. The agent needs the research extra (numpy,
for the direct encoder), and is registered when this module is imported (the CLI does).
"""
from __future__ import annotations

import json
import math
import operator
from pathlib import Path
from typing import Any, Mapping, Sequence

from ..ai.base import Agent, AgentSpecError, register, shown
from ..ai.simple import best_greedy
from ..kernel import GameState
from ..registry import game as lookup_game
from .direct import DirectEncoder, direct_encoder
from .direct.base import FLAG, SPARSE

FORMAT = "ludoteka-policy-1"
MAX_BYTES = 20_000_000                # a checkpoint is a few hundred kB at most


class LinearValue:
    """w . x + b over a direct encoder's slots, computed from the write function's raw lists."""

    def __init__(self, encoder: DirectEncoder, weights: Sequence[float], bias: float):
        if len(weights) != encoder.size:
            raise ValueError(f"{len(weights)} weights for an observation of {encoder.size} slots")
        self.encoder = encoder
        self.weights = [float(w) for w in weights]
        self.bias = float(bias)
        layout = encoder.layout
        value_w = [0.0] * encoder.values
        sparse_w = {}
        const = self.bias
        for block in layout.blocks.values():
            for j in range(block.length):
                slot = block.start + j
                w = self.weights[slot]
                if block.kind == FLAG:
                    continue
                scale = 1.0 / (block.hi - block.lo)
                if block.kind == SPARSE:
                    sparse_w[slot] = w * scale
                else:
                    value_w[slot] = w * scale
                    const -= w * block.lo * scale
        self._value_w = value_w
        self._sparse_w = sparse_w
        self._const = const

    def __call__(self, state: GameState, seat: int) -> float:
        """The correction for `seat` in `state` (what the seat sees only)."""
        raw, hot, spots, amounts = self.encoder.write(state, seat)
        w = self.weights
        total = self._const + sum(map(operator.mul, self._value_w, raw))
        total += sum([w[k] for k in hot])
        if spots:
            sw = self._sparse_w
            total += sum(sw[k] * a for k, a in zip(spots, amounts))
        return total


def save_checkpoint(path: str | Path, game: str, players: int, options: Mapping[str, Any],
                    weights: Sequence[float], bias: float, lookahead: int, trained: Mapping[str, Any]) -> None:
    """Write a checkpoint (JSON; weights rounded to 6 significant digits)."""
    data = {"format": FORMAT, "game": game, "players": players, "options": dict(options),
            "lookahead": lookahead, "bias": float(f"{bias:.6g}"),
            "weights": [float(f"{w:.6g}") for w in weights], "trained": dict(trained)}
    Path(path).write_text(json.dumps(data, separators=(",", ":")) + "\n")


def load_checkpoint(path: str | Path) -> dict[str, Any]:
    """Read and check a checkpoint; any problem raises AgentSpecError naming it."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_BYTES:
            raise AgentSpecError(f"policy checkpoint {shown(path)} is larger than {MAX_BYTES:,} bytes")
        data = json.loads(p.read_text())
    except OSError as exc:
        raise AgentSpecError(f"policy checkpoint {shown(path)} cannot be read: {exc.strerror}") from None
    except (ValueError, UnicodeDecodeError):
        raise AgentSpecError(f"policy checkpoint {shown(path)} is not JSON") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise AgentSpecError(f"policy checkpoint {shown(path)} is not a {FORMAT} file")
    weights = data.get("weights")
    if (not isinstance(data.get("game"), str) or type(data.get("players")) is not int
            or not isinstance(data.get("options"), dict) or type(data.get("lookahead")) is not int
            or not isinstance(weights, list) or not all(type(w) in (int, float) and math.isfinite(w) for w in weights)
            or type(data.get("bias")) not in (int, float)):
        raise AgentSpecError(f"policy checkpoint {shown(path)}: game, players, options, lookahead, "
                             "weights (finite numbers) and bias are needed")
    return data


class Policy:
    """A loaded checkpoint: the game, its evaluation and the learned correction."""

    def __init__(self, data: Mapping[str, Any]):
        self.data = data
        try:
            self.game = lookup_game(data["game"])
            probe = self.game.new_state(data["players"], 0, dict(data["options"]))
        except (KeyError, ValueError) as exc:
            raise AgentSpecError(f"policy checkpoint: {exc}") from None
        encoder = direct_encoder(self.game, data["players"], probe.options)
        if encoder is None:
            raise AgentSpecError(f"policy checkpoint: {self.game.name} has no direct observation")
        try:
            self.correction = LinearValue(encoder, data["weights"], data["bias"])
        except ValueError as exc:
            raise AgentSpecError(f"policy checkpoint: {exc}") from None
        self.players = data["players"]
        self.lookahead = data["lookahead"]
        self.options = probe.options

    def value(self, state: GameState, seat: int) -> float:
        """The position's value for `seat`: the game's evaluation plus the learned correction
        (at the end of the game: the evaluation alone, i.e. the final result)."""
        base = self.game.evaluate(state, seat)
        return base if state.to_act is None else base + self.correction(state, seat)


_LOADED: dict[tuple[str, float], Policy] = {}


def load_policy(path: str) -> Policy:
    """The policy of a checkpoint file, loaded once per path and modification time."""
    try:
        stamp = Path(path).stat().st_mtime
    except OSError as exc:
        raise AgentSpecError(f"policy checkpoint {shown(path)} cannot be read: {exc.strerror}") from None
    found = _LOADED.get((path, stamp))
    if found is None:
        found = _LOADED[(path, stamp)] = Policy(load_checkpoint(path))
    return found


def choose_with(policy: Policy, state: GameState, rng, explore: float = 0.0) -> tuple[str, GameState | None]:
    """The key `policy` chooses in `state` for `state.to_act` and the position it valued (None
    for a forced or exploring choice); with probability `explore` a uniformly random key."""
    keys = state.legal_keys()
    if len(keys) == 1:
        return keys[0], None
    if explore and rng.random() < explore:
        return keys[rng.randrange(len(keys))], None
    best = best_greedy(state, keys, policy.value, policy.lookahead, rng)
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


@register
class PolicyAgent(Agent):
    """The reference learner: greedy lookahead on the game's evaluation plus a learned linear
    correction (`policy:PATH`, a checkpoint of ludoteka.envs.policy_train)."""

    kind = "policy"
    takes_path = True

    def __init__(self, seed: int = 0, path: str | None = None):
        super().__init__(seed)
        if not path:
            raise AgentSpecError("agent 'policy' needs a checkpoint: policy:PATH")
        self.path = path
        self.policy = load_policy(path)
        self.given = {"path": path}

    @property
    def spec(self) -> str:
        return f"policy:{self.path}"

    def choose(self, state: GameState) -> str:
        if state.game.name != self.policy.game.name or state.players != self.policy.players:
            raise AgentSpecError(f"policy {shown(self.path)} plays {self.policy.game.name} with "
                                 f"{self.policy.players} players, not {state.game.name} with {state.players}")
        return choose_with(self.policy, state, self.rng)[0]
