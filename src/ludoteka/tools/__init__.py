"""Game-agnostic tools: simulation, replay, benchmarks, arenas."""
