"""Game-agnostic agents. They use only the kernel contract.

    from ludoteka.ai import make_agent
    agent = make_agent("ismcts:iterations=400", seed=1)
    key = agent.choose(state)          # a legal key for state.to_act

    from ludoteka.ai import analyse
    print(analyse(state, state.to_act, budget=300, seed=1).text())   # a hint: the options ranked

    from ludoteka.ai import review
    print(review(record, seat=0, budget=300).text())   # after the game: the costliest decisions
"""
from . import simple as _simple  # noqa: F401  (registers random and greedy)
from . import ismcts as _ismcts  # noqa: F401  (registers ismcts)
from . import parallel as _parallel  # noqa: F401  (registers ismcts_parallel)
from .analysis import Analysis, OptionEstimate, analyse
from .review import Moment, Review, review
from .base import AGENTS, Agent, AgentSpecError, describe_agents, make_agent, parse_spec, seat_specs
from .ismcts import DEFAULT_DEPTH, DEFAULT_ITERATIONS, DEFAULT_SECONDS, IsmctsAgent
from .parallel import ParallelIsmctsAgent
from .simple import GreedyAgent, RandomAgent

__all__ = ["AGENTS", "Agent", "Analysis", "OptionEstimate", "analyse", "Moment", "Review", "review", "AgentSpecError", "GreedyAgent", "IsmctsAgent", "ParallelIsmctsAgent", "RandomAgent",
           "DEFAULT_DEPTH", "DEFAULT_ITERATIONS", "DEFAULT_SECONDS",
           "describe_agents", "make_agent", "parse_spec", "seat_specs"]
