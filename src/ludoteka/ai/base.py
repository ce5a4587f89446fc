"""The agent interface and `make_agent`, which builds an agent from a short text spec."""
from __future__ import annotations

import random
from typing import Any, ClassVar

from ..kernel import GameState, LudotekaError


class AgentSpecError(LudotekaError, ValueError):
    """An unknown agent name, an unknown parameter or a bad parameter value in an agent spec."""


class Agent:
    """Chooses, for any game, one legal key of the pending decision.

    Subclasses set `kind` and `params` (name -> (type, default, doc)) and implement `choose`.
    Every agent owns its own `random.Random`, so a given seed gives the same choices.
    """

    kind: ClassVar[str] = ""
    params: ClassVar[dict[str, tuple[type, Any, str]]] = {}

    def __init__(self, seed: int = 0, **settings: Any):
        self.seed = seed
        self.rng = random.Random(seed)
        for name, (_, default, _doc) in self.params.items():
            setattr(self, name, settings.get(name, default))
        self.given = dict(settings)

    def choose(self, state: GameState) -> str:
        """A legal key for `state.to_act` (the state must not be over). The state is not changed."""
        raise NotImplementedError

    @property
    def spec(self) -> str:
        """The spec that rebuilds this agent (with the parameters that were given)."""
        if not self.given:
            return self.kind
        return self.kind + ":" + ",".join(f"{k}={v}" for k, v in self.given.items())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec} seed={self.seed}>"


AGENTS: dict[str, type[Agent]] = {}


def register(cls: type[Agent]) -> type[Agent]:
    """Class decorator: make an agent class available to `make_agent` under its `kind`."""
    AGENTS[cls.kind] = cls
    return cls


def _parse_value(agent: str, name: str, kind: type, text: str) -> Any:
    try:
        value = kind(text)
    except ValueError:
        raise AgentSpecError(f"agent {agent!r}: parameter {name!r} must be "
                             f"{'an integer' if kind is int else 'a number'}, not {text!r}") from None
    if value < 0 or (value == 0 and name in ("iterations", "seconds")):
        raise AgentSpecError(f"agent {agent!r}: parameter {name!r} must be positive, not {text!r}")
    return value


def parse_spec(spec: str) -> tuple[type[Agent], dict[str, Any]]:
    """Split `name[:param=value,...]` into the agent class and its validated parameters."""
    if not isinstance(spec, str) or not spec.strip():
        raise AgentSpecError(f"empty agent spec; known agents: {', '.join(sorted(AGENTS))}")
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    if name not in AGENTS:
        raise AgentSpecError(f"unknown agent {name!r}; known agents: {', '.join(sorted(AGENTS))}")
    cls = AGENTS[name]
    settings: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        pname, eq, text = part.partition("=")
        pname = pname.strip().lower()
        if pname not in cls.params:
            allowed = ", ".join(cls.params) or "none"
            raise AgentSpecError(f"agent {name!r} has no parameter {pname!r}; allowed: {allowed}")
        if not eq:
            raise AgentSpecError(f"agent {name!r}: parameter {pname!r} needs a value ({pname}=...)")
        settings[pname] = _parse_value(name, pname, cls.params[pname][0], text.strip())
    return cls, settings


def make_agent(spec: str, seed: int) -> Agent:
    """Build an agent from a spec such as `random`, `greedy`, `ismcts:iterations=400`.

    An unknown agent, parameter or value raises AgentSpecError (a ValueError) naming what is allowed.
    """
    cls, settings = parse_spec(spec)
    return cls(seed, **settings)


def describe_agents() -> list[dict[str, Any]]:
    """A JSON-ready list of the agents, their parameters and defaults."""
    return [{"name": cls.kind, "doc": (cls.__doc__ or "").strip().splitlines()[0],
             "params": [{"name": n, "type": t.__name__, "default": d, "doc": doc}
                        for n, (t, d, doc) in cls.params.items()]}
            for cls in AGENTS.values()]
