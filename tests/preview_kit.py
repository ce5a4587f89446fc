"""Checks a game's previews (kernel/preview.py) against what applying each option actually did.

For a state and a seat with a decision, on two of the seat's own determinizations (states that
differ from the real one only in what the seat may not see):
- the supplies of every seat are the same in all three states (they are public);
- every option's preview is the same in all three (a preview never reads hidden state);
- applying the option changes each seat's supplies exactly as the preview says, except for the
  items the preview calls uncertain; an option that changes something has a preview.
"""
from __future__ import annotations

import json
import random
from typing import Any, Iterator

from ludoteka.kernel import Game, GameState
from ludoteka.kernel.preview import PREVIEW, changes


def random_decisions(game: Game, players: int, seed: int, options: dict[str, Any] | None = None,
                     every: int = 1, limit: int = 4000) -> Iterator[GameState]:
    """The states of one random game (seeded) at every `every`-th decision, until it ends."""
    state = game.new_state(players, seed, options or {})
    rng = random.Random(seed)
    for step in range(limit):
        if state.is_terminal():
            return
        if step % every == 0:
            yield state
        seat = state.acting_seats()[0]
        state.apply(rng.choice(state.legal_keys(seat)), seat)


def preview_problems(game: Game, state: GameState, seed: int = 0) -> list[str]:
    """Every way the previews of `state`'s pending options are wrong or leak (empty: all right)."""
    problems: list[str] = []
    for seat in state.acting_seats():
        worlds = [state, state.determinize(seat, seed), state.determinize(seat, seed + 1)]
        for other in range(state.players):
            seen = [game.supplies(w, other) for w in worlds]
            if any(s != seen[0] for s in seen):
                problems.append(f"seat {other}'s supplies differ in what seat {seat} may not see: {seen}")
        said = [{a.key: json.dumps(a.data.get(PREVIEW), sort_keys=True) for a in w.legal_actions(seat)}
                for w in worlds]
        if any(s != said[0] for s in said):
            problems.append(f"seat {seat}'s previews differ in what it may not see: {said}")
            continue
        for action in state.legal_actions(seat):
            preview = action.data.get(PREVIEW) or {}
            for world in worlds:
                problems += _mismatches(game, world, seat, action.key, preview)
    return problems


def _mismatches(game: Game, world: GameState, seat: int, key: str, preview: dict[str, Any]) -> list[str]:
    after = world.clone()
    before = [game.supplies(after, s) for s in range(world.players)]
    after.apply(key, seat)
    # `then`: a chance step after the shown change moves these again (its note says which)
    unsure = set(preview.get("uncertain", ())) | set(preview.get("then", ()))
    problems = []
    for s in range(world.players):
        did = changes(before[s], game.supplies(after, s))
        said = preview.get("gain", {}) if s == seat else preview.get("others", {}).get(str(s), {})
        for item in set(did) | set(said):
            if item not in unsure and did.get(item, 0) != said.get(item, 0):
                problems.append(f"option {key!r} of seat {seat}: seat {s}'s {item} changed by "
                                f"{did.get(item, 0)}, the preview says {said.get(item, 0)} ({preview})")
    return problems
