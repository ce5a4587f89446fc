"""A heuristic value of a Kingsburg position for greedy and search agents (uses only what the seat sees)."""
from __future__ import annotations

from .state import REINF_TOKENS, KingsburgState

GOOD_VALUE = 0.6       # about what a good is worth in VP when turned into buildings
TOKEN_VALUE = 0.5
SURPLUS_TOKEN = 0.2    # the share of TOKEN_VALUE a token no season left can take is worth
SOLDIER_VALUE = 0.35
EFFECT_VALUE = 0.8     # a building with a lasting ability, before the last year
# Abilities that pay every productive season still to come, in VP a season: the Embassy's VP,
# the Merchants' Guild's gold, the Farms' white die, the Town Hall's exchange, the Inn's token.
PER_SEASON = {"embassy": 1.0, "merchants_guild": 0.6, "farms": 0.6, "town_hall": 0.4, "inn": 0.15}
STRENGTH_VALUE = 0.6   # a point of battle strength, in each battle after this year's
FORTRESS_VALUE = 0.5   # its VP for a battle won, in each battle after this year's

_BUILDING_WORTH: dict[int, tuple] = {}


def building_worth(T) -> tuple[tuple[int, float | None, bool, float], ...]:
    """Per building, worked out once per data set: (bit, VP a season or None, whether it has
    another ability, worth in each battle after this year's)."""
    worth = _BUILDING_WORTH.get(id(T))
    if worth is None:
        worth = _BUILDING_WORTH[id(T)] = tuple(
            (1 << b.index, PER_SEASON.get(b.effect), bool(b.effect) and b.effect not in PER_SEASON,
             STRENGTH_VALUE * b.battle + (FORTRESS_VALUE if b.effect == "fortress" else 0.0))
            for b in T.data.buildings)
    return worth


def _strength_mods(state: KingsburgState, seat: int, card_index: int | None) -> float:
    T = state.T
    m = state.buildings[seat]
    if card_index is not None:
        mods = T.card_mod[card_index]
        return sum(mods[i] for i in range(T.nb) if m >> i & 1)
    return sum(b.battle for b in T.data.buildings if m >> b.index & 1)


def _card_known(state: KingsburgState, viewer: int) -> int | None:
    """The card index of this year's enemy if `viewer` has seen it, else None."""
    year = state.year
    if year <= state.enemies_revealed or state.enemy_seen[viewer] >> (year - 1) & 1:
        return state.enemy_deck[year - 1]
    return None


def _value(state: KingsburgState, seat: int, viewer: int, card_index: int | None = -1) -> float:
    T = state.T
    data = T.data
    v = float(state.vp[seat])
    if state.to_act is None:
        return v
    years_left = 5 - state.year + (0 if state.phase < 8 else 0.2)
    # Goods and +2 tokens turn into VP only in the productive seasons still to come (their
    # influence and building, KB-8, KB-10): after the last one they are worth only the tie-break.
    seasons_left = 3 * (5 - state.year) + sum(1 for p in (2, 4, 6) if p >= state.phase)
    use = 1.0 if seasons_left >= 2 else (0.7 if seasons_left == 1 else 0.05)
    v += GOOD_VALUE * use * state.goods_total(seat)
    built = state.buildings[seat]
    tokens = state.tokens[seat]
    if tokens and state.rules.token_per_season:
        # KB-8.7 (Iennaco's ruling): tokens beyond what the seasons left can take (one a season,
        # one more at a Town Hall) are worth little more than the tie-break
        usable = state.usable_tokens(seat)
        if tokens > usable:
            tokens = usable + SURPLUS_TOKEN * (tokens - usable)
    v += TOKEN_VALUE * use * tokens
    battles_after = 5 - state.year
    for bit, per_season, other_ability, per_battle in building_worth(T):
        if built & bit:
            if per_season is not None:
                v += per_season * seasons_left
            elif other_ability:
                v += EFFECT_VALUE * years_left / 5
            v += per_battle * battles_after
    # the coming battle, as the viewer knows it
    if not state.battle_fought():      # this year's battle is still to come
        if card_index == -1:
            card_index = _card_known(state, viewer)
        if card_index is not None:
            card = data.enemies[card_index]
            enemy = card.strength
            win_value = card.gain[0] + card.gain[1] + card.gain[2] + card.gain[3] + card.gain[4] + 1
            vp_lost = card.lose[5] + card.lose[4] * 3
            if not state.rules.negative_vp:       # the floor-at-0 reading: no more than the VP held
                vp_lost = min(vp_lost, max(state.vp[seat], 0))
            lose_value = sum(card.lose[:4]) * GOOD_VALUE + vp_lost
        else:
            lo, hi = data.year_ranges[state.year - 1]
            enemy = (lo + hi) / 2
            win_value, lose_value = 1.5, 2.5
        reinf = 2.0 if state.rules.reinforcements == REINF_TOKENS else 3.5
        margin = state.soldiers[seat] + reinf + _strength_mods(state, seat, card_index) - enemy
        p = min(1.0, max(0.0, 0.5 + margin / 5))
        v += p * win_value - (1 - p) * lose_value + SOLDIER_VALUE * min(state.soldiers[seat], 3)
    return v


def evaluate(state: KingsburgState, seat: int) -> float:
    """This seat's value minus the best other seat's value (VP plus goods, tokens, buildings, battle outlook)."""
    mine = _value(state, seat, seat)
    others = [_value(state, s, seat) for s in range(state.players) if s != seat]
    return mine - (max(others) if others else 0.0)


def evaluate_all(state: KingsburgState) -> list[float]:
    """`evaluate` for every seat: the seats that know the same of this year's enemy share the
    values of all seats, so they are worked out once per kind of knowledge (usually once)."""
    n = state.players
    shared: dict[int | None, list[float]] = {}
    out = []
    for viewer in range(n):
        card = _card_known(state, viewer) if state.to_act is not None else None
        values = shared.get(card)
        if values is None:
            values = shared[card] = [_value(state, s, viewer, card) for s in range(n)]
        mine = values[viewer]
        others = [v for s, v in enumerate(values) if s != viewer]
        out.append(mine - (max(others) if others else 0.0))
    return out
