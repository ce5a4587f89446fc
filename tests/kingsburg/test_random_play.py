"""Random play for 2-5 players and every variant, with the invariants checked after every action."""
import json
import random

import pytest

from ludoteka.kernel.checks import stack_problems

from .helpers import GAME

CONFIGS = [(n, {}) for n in range(2, 6)] + [
    (2, {"reinforcements": "soldier_tokens"}), (5, {"reinforcements": "soldier_tokens"}),
    (3, {"reinforcements": "dice_difference"}), (4, {"reinforcements": "dice_difference", "negative_vp": False}),
    # the rulings of revision 2 (negative VP, one +2 token per season) on and off, alone and together
    (2, {"negative_vp": False, "one_token_per_season": False}), (3, {"one_token_per_season": False}),
    (5, {"negative_vp": False, "token_supply_limit": True}), (4, {"one_token_per_season": True, "negative_vp": True}),
    (3, {"three_player_dummy": True, "merchants_guild_any_good": True}),
    (4, {"token_supply_limit": True, "building_token_limit": False, "market_with_token": False,
         "reward_without_buildings": False}),
]


def policy(r: random.Random, keys: list[str]) -> str:
    """Random, but usually acting rather than passing, so games reach rich positions."""
    active = [k for k in keys if k not in ("pass", "decline", "done", "skip", "keep")]
    if active and r.random() < 0.85:
        return r.choice(active)
    return r.choice(keys)


def play_checked(players, options, seed, deep_every=7):
    s = GAME.new_state(players, seed, options)
    r = random.Random(seed)
    steps = 0
    while not s.is_terminal():
        assert isinstance(s.to_act, int) and 0 <= s.to_act < players
        keys = s.legal_keys()
        assert keys and len(set(keys)) == len(keys)
        key = policy(r, keys)
        if steps % deep_every == 0:
            c = s.clone()
            before = s.to_json()
            c.apply(key)
            assert s.to_json() == before                          # the clone never aliases
            restored = GAME.state_from_json(before)
            assert restored.to_json() == before and restored.legal_keys() == keys
            assert restored.view(s.to_act) == s.view(s.to_act)
            for action in s.legal_actions():
                assert action.label and json.dumps(action.to_json())
        s.apply(key)
        steps += 1
        problems = GAME.check_invariants(s) + stack_problems(s.FLOW, s)   # frames as loading checks them
        assert not problems, (steps, problems)
    assert s.year == 5 and s.phase == 8 and s.legal_keys() == [] and s.to_act is None
    winters = [line for line in s.log() if line.startswith("Winter of year")]
    assert [w.split(":")[0] for w in winters] == [f"Winter of year {y}" for y in range(1, 6)]
    assert GAME.state_from_json(s.to_json()).to_json() == s.to_json()
    return s


@pytest.mark.parametrize("players,options", CONFIGS, ids=[f"{n}p-{'-'.join(o) or 'base'}" for n, o in CONFIGS])
@pytest.mark.rule("KB-4.1", "KB-4.2", "KB-16.2")
def test_random_games_keep_every_invariant(players, options):
    for seed in range(4):
        s = play_checked(players, options, seed)
        assert s.winners()


def test_same_seed_same_game():
    a = play_checked(3, {}, 11, deep_every=1000)
    b = GAME.new_state(3, 11, {})
    for key in a.actions():
        b.apply(key)
    assert b.to_json() == a.to_json()


def test_evaluate_and_render_everywhere():
    s = GAME.new_state(4, 3, {"reinforcements": "soldier_tokens"})
    r = random.Random(3)
    while not s.is_terminal():
        for seat in (None, 0, 3):
            text = GAME.render(s, seat, full=True)
            assert "ROYAL COURT" in text and "ENEMIES" in text
            assert "KINGSBURG" in GAME.render(s, seat)
        vals = [GAME.evaluate(s, seat) for seat in range(4)]
        assert all(isinstance(v, float) for v in vals)
        s.apply(policy(r, s.legal_keys()))
    assert "GAME OVER" in GAME.render(s, 0, full=True) and "game over" in GAME.render(s, 0)
    final = [GAME.evaluate(s, seat) for seat in range(4)]
    best = max(s.vp)
    assert all((final[seat] >= 0) == (s.vp[seat] == best) for seat in range(4))


def test_playout_policy_is_legal_and_prefers_acting():
    import random as rnd
    r = rnd.Random(2)
    s = GAME.new_state(4, 2, {})
    passive = 0
    total = 0
    while not s.is_terminal():
        k = GAME.playout_key(s, r.random)
        assert k in s.legal_keys()
        passive += k in ("pass", "decline", "done", "skip", "keep")
        total += 1
        s.apply(k)
    assert passive < total / 2
