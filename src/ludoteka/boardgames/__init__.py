"""One package per game. Each defines `GAME`, an instance of `ludoteka.kernel.Game`."""
