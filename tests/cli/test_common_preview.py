"""The terminal says once what every option does alike ("Whatever you choose: ..."), as the
browser does, and leaves it off each option's own preview."""
from __future__ import annotations

import io
import random

from ludoteka import registry
from ludoteka.cli.play import Session
from ludoteka.kernel.preview import common_preview


def first_shared(name: str, seed: int):
    """A 2-player state of random play at the first decision whose options share a preview part."""
    state = registry.game(name).new_state(2, seed)
    rng = random.Random(seed)
    while state.to_act is not None:
        actions = state.legal_actions(state.to_act)
        if len(actions) > 1 and common_preview([a.data.get("preview") for a in actions]):
            return state, actions
        state.apply(actions[rng.randrange(len(actions))].key)
    raise AssertionError(f"no shared preview in {name} seed {seed}")


def test_the_shared_part_is_said_once_above_the_options(tmp_path):
    for name in ("notre-dame", "kingsburg", "messina-1347"):
        state, actions = first_shared(name, 7)
        out = io.StringIO()
        session = Session(state, ["human", "random"], tmp_path / "game.json", out, lambda: "")
        session.show_options(actions, state.to_act)
        lines = out.getvalue().splitlines()
        shared = session.said(common_preview([a.data.get("preview") for a in actions]))
        heads = [line for line in lines if line.strip().startswith("Whatever you choose:")]
        assert len(heads) == 1 and " ".join(shared.split()) in " ".join(out.getvalue().split()), (name, lines[:4])
        # no option line repeats it; every option is still listed, numbered
        options = [line for line in lines if line.strip()[:2].rstrip(".").isdigit()]
        assert len(options) == len(actions), (name, lines)
        below = lines[lines.index(options[0]):]
        assert not any(shared in line for line in below), (name, below)
