"""Research adapters: a game's seat view as a fixed-size numeric vector, PettingZoo AEC and
parallel environments, a Gymnasium single-agent environment, vectorised batches of games and
OpenSpiel games. They need the `research` extra (numpy, Gymnasium, PettingZoo, OpenSpiel)."""
