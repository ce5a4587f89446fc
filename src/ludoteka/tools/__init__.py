"""Game-agnostic tools: simulation with invariant checks, replay, benchmarks, arenas.

Each is a function taking a `Game` object and returning a JSON-ready dict; the command line
(`ludoteka.cli`) is a thin layer over them. They use only the kernel contract.
"""
from .arena import arena
from .bench import bench
from .catalog import list_agents, list_games
from .invariants import check_state
from .replay import replay_file, replay_record
from .simulate import simulate

__all__ = ["arena", "bench", "check_state", "list_agents", "list_games", "replay_file",
           "replay_record", "simulate"]
