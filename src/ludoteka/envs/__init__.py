"""Research adapters: a game's seat view as a fixed-size numeric vector, PettingZoo AEC environments
and OpenSpiel games. They need the `research` extra (numpy, PettingZoo, OpenSpiel)."""
