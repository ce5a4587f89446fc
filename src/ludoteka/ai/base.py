"""The agent interface and `make_agent`, which builds an agent from a short text spec."""
from __future__ import annotations

import importlib
import math
import random
import re
from typing import Any, ClassVar, NamedTuple, Sequence

from ..kernel import GameState, LudotekaError

SHOWN_CHARS = 40      # bad input is quoted as at most this many characters and an ellipsis


class AgentSpecError(LudotekaError, ValueError):
    """An unknown agent name, an unknown parameter or a bad parameter value in an agent spec."""


class Param(NamedTuple):
    """One agent parameter: its type, default, help text and allowed range.

    `low` is exclusive when `low_open` (e.g. seconds must be above 0), `high` is inclusive.
    """

    kind: type
    default: Any
    doc: str
    low: float
    high: float
    low_open: bool = False

    def allowed(self) -> str:
        """The allowed values in words, e.g. `an integer from 1 to 100000`."""
        what = "an integer" if self.kind is int else "a finite number"
        if self.low_open:
            return f"{what} above {_number(self.low)} and at most {_number(self.high)}"
        return f"{what} from {_number(self.low)} to {_number(self.high)}"


def _number(value: float) -> str:
    return f"{int(value):,}" if float(value).is_integer() else f"{value}"


def shown(text: object, limit: int = SHOWN_CHARS) -> str:
    """`repr(text)`, cut to its first `limit` characters plus an ellipsis when longer."""
    text = str(text)
    return repr(text) if len(text) <= limit else repr(text[:limit]) + "…"


class Agent:
    """Chooses, for any game, one legal key of the pending decision.

    Subclasses set `kind` and `params` (name -> (type, default, doc)) and implement `choose`.
    Every agent owns its own `random.Random`, so a given seed gives the same choices.
    """

    kind: ClassVar[str] = ""
    params: ClassVar[dict[str, Param]] = {}

    def __init__(self, seed: int = 0, **settings: Any):
        self.seed = seed
        self.rng = random.Random(seed)
        for name, value in settings.items():
            if name not in self.params:
                allowed = ", ".join(self.params) or "none"
                raise AgentSpecError(f"agent {self.kind!r} has no parameter {shown(name)}; allowed: {allowed}")
            check_param(self.kind, name, self.params[name], value)
        for name, param in self.params.items():
            setattr(self, name, settings.get(name, param.default))
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


# Agents known by name whose module is imported when first asked for (kind -> module that
# registers it): the research extra's `policy` agent needs numpy and every game's direct encoder,
# which would cost every start of the command line and of the server a third of a second.
LATER: dict[str, str] = {}


def register(cls: type[Agent]) -> type[Agent]:
    """Class decorator: make an agent class available to `make_agent` under its `kind`."""
    AGENTS[cls.kind] = cls
    return cls


def register_later(kind: str, module: str) -> None:
    """Make agent `kind` known now and import `module` (which registers it) on first use."""
    if kind not in AGENTS:
        LATER[kind] = module


def _agent_class(name: str) -> type[Agent] | None:
    """The class of agent `name`, importing its module if it was registered for later."""
    if name not in AGENTS and name in LATER:
        try:
            importlib.import_module(LATER[name])
        except ImportError as exc:
            raise AgentSpecError(f"agent {name!r} needs a package that is not installed: {exc}") from exc
        LATER.pop(name)
    return AGENTS.get(name)


def _known() -> str:
    return ", ".join(sorted({*AGENTS, *LATER}))


def check_param(agent: str, name: str, param: Param, value: Any, text: str | None = None) -> None:
    """Raise AgentSpecError unless `value` is of the parameter's type, finite and in its range.

    `text` is what the user typed, quoted in the error instead of the parsed value.
    """
    ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    if ok and param.kind is int:
        ok = isinstance(value, int)
    if ok:
        ok = math.isfinite(value) and value <= param.high and (
            value > param.low if param.low_open else value >= param.low)
    if not ok:
        positive = param.low > 0 or (param.low == 0 and param.low_open)
        raise AgentSpecError(f"agent {agent!r}: parameter {name!r} must be "
                             f"{'positive: ' if positive else ''}{param.allowed()}, "
                             f"not {shown(value if text is None else text)}")


_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?", re.ASCII)


def _parse_value(agent: str, name: str, param: Param, text: str) -> Any:
    """Parse an ASCII decimal number (no nan, inf, underscores or other scripts' digits)."""
    if param.kind is int:
        ok = re.fullmatch(r"[+-]?\d{1,18}", text, re.ASCII) is not None
    else:
        ok = len(text) <= 40 and _NUMBER.fullmatch(text) is not None
    if not ok:
        raise AgentSpecError(f"agent {agent!r}: parameter {name!r} must be {param.allowed()}, "
                             f"not {shown(text)}")
    value = param.kind(text)
    check_param(agent, name, param, value, text)
    return value


def parse_spec(spec: str) -> tuple[type[Agent], dict[str, Any]]:
    """Split `name[:param=value,...]` into the agent class and its validated parameters."""
    if not isinstance(spec, str) or not spec.strip():
        raise AgentSpecError(f"empty agent spec; known agents: {_known()}")
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    cls = _agent_class(name)
    if cls is None:
        raise AgentSpecError(f"unknown agent {shown(name)}; known agents: {_known()}")
    if getattr(cls, "takes_path", False):        # `policy:PATH`: the rest is a file, not parameters
        if not rest.strip():
            raise AgentSpecError(f"agent {name!r} needs a file: {name}:PATH")
        return cls, {"path": rest.strip()}
    settings: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        pname, eq, text = part.partition("=")
        pname = pname.strip().lower()
        if pname not in cls.params:
            allowed = ", ".join(cls.params) or "none"
            raise AgentSpecError(f"agent {name!r} has no parameter {shown(pname)}; allowed: {allowed}")
        if not eq:
            raise AgentSpecError(f"agent {name!r}: parameter {pname!r} needs a value ({pname}=...)")
        settings[pname] = _parse_value(name, pname, cls.params[pname], text.strip())
    return cls, settings


def seat_specs(agents: Sequence[str] | None, players: int, default: str) -> list[str]:
    """One checked agent spec per seat: `agents` names one for every seat or one per seat
    (`default` for every seat when none is given); a bad count or spec raises ValueError."""
    specs = list(agents) if agents else [default]
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise ValueError(f"{len(specs)} agents given for {players} players; give one for every seat or {players}")
    for spec in specs:
        parse_spec(spec)
    return specs


def make_agent(spec: str, seed: int) -> Agent:
    """Build an agent from a spec such as `random`, `greedy`, `ismcts:iterations=400`.

    An unknown agent, parameter or value raises AgentSpecError (a ValueError) naming what is allowed.
    """
    cls, settings = parse_spec(spec)
    return cls(seed, **settings)


def _summary(doc: str | None) -> str:
    """A docstring's first paragraph as one line (its first sentence may span several lines)."""
    return " ".join((doc or "").strip().split("\n\n")[0].split())


def describe_agents() -> list[dict[str, Any]]:
    """A JSON-ready list of the agents, their parameters and defaults (those registered for
    later are imported first; one whose package is missing is left out)."""
    for name in list(LATER):
        try:
            _agent_class(name)
        except AgentSpecError:
            pass
    return [{"name": cls.kind, "doc": _summary(cls.__doc__),
             "params": [{"name": n, "type": p.kind.__name__, "default": p.default, "doc": p.doc,
                         "allowed": p.allowed()}
                        for n, p in cls.params.items()]}
            for cls in AGENTS.values()]
