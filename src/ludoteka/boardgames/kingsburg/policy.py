"""Kingsburg's playout policy for the search agents (the game's `playout_key`).

A noisy greedy player that reads only what the acting seat sees (its own dice, goods, tokens and
buildings, the public court): dice go to the most valuable free advisor they reach, using few
dice for much; an advisor's help is taken in its most valuable form; the building with the most
victory points (and a lasting effect while years remain) is built. Each option's value is a few
table look-ups; nothing is cloned. Decisions without an opinion here (rerolls, recruits, goods
to lose, tokens...) are uniform, acting rather than passing most of the time.
"""
from __future__ import annotations

from .keys import LETTERS
from .production import target_keys

GOLD, WOOD, STONE = 0.65, 0.55, 0.6      # about what a good brings in victory points
CHOICE = 0.65
SOLDIER = 0.3
TOKEN = 0.5
SEASON_TOKEN = 0.3                        # one token a season (KB-8.7 ruling): kept for a better group
SURPLUS_TOKEN = 0.1                       # a token no season left can take (the ruling): the tie-break only
DIE = 0.5                                 # what an extra die spent on one advisor costs
NOISE = 0.4
EXPLORE = 0.1
PASSIVE = frozenset(("pass", "decline", "done", "skip", "keep"))

_ADVISOR_VALUES: dict[int, tuple[float, ...]] = {}


def _alternative_value(alt) -> float:
    if alt.trade:
        return 0.9 + alt.vp - alt.pay_vp
    return (GOLD * alt.gold + WOOD * alt.wood + STONE * alt.stone + CHOICE * alt.choice + alt.vp
            - alt.pay_vp + SOLDIER * alt.soldiers + TOKEN * alt.tokens + (0.2 if alt.peek else 0.0))


def advisor_values(T) -> tuple[float, ...]:
    """The value of each advisor's best form of help (index 0 unused), worked out once per data set."""
    values = _ADVISOR_VALUES.get(id(T))
    if values is None:
        values = (0.0,) + tuple(max(_alternative_value(a) for a in adv.alternatives)
                                for adv in T.data.advisors[1:])
        _ADVISOR_VALUES[id(T)] = values
    return values


def _target_value(T, values, key: str, token_cost: float = TOKEN) -> float:
    advisor, token, market, envoy = T.target_info[key]
    return values[advisor] - token_cost * token - 0.2 * market - 0.3 * envoy


def _token_cost(state, seat: int, mask: int) -> float:
    """What adding a +2 token to the group of dice `mask` costs: the token, and under
    one_token_per_season, while a coloured die is left for another group, the chance to give
    this season's token to a better one."""
    if state.rules.token_per_season:
        b = 5 * seat
        dv = state.dice_values
        if any(dv[b + i] and not mask >> i & 1 for i in range(3)):
            return TOKEN + SEASON_TOKEN
    return TOKEN


def _group_values(state, seat: int, keys: list[str]) -> list[float]:
    """The value of each dice group (or 0 for `pass`): the best advisor it reaches, less DIE
    for every die beyond the first."""
    T = state.T
    values = advisor_values(T)
    groups = T.groups(state.dice_of(seat))[1]
    popcount = T.popcount
    best_of_total: dict[tuple[int, float], float] = {}
    out = []
    for key in keys:
        group = groups.get(key)
        if group is None:
            out.append(0.0)
            continue
        _, total, mask = group
        cost = _token_cost(state, seat, mask)
        best = best_of_total.get((total, cost))
        if best is None:
            reach = target_keys(state, seat, total)
            best = best_of_total[total, cost] = max((_target_value(T, values, k, cost) for k in reach),
                                                    default=0.0)
        out.append(best - DIE * (popcount[mask] - 1))
    return out


def token_worth(state, seat: int, extra: int = 0) -> float:
    """What the seat's last +2 token (after `extra` more) is worth: TOKEN, or SURPLUS_TOKEN when
    the one_token_per_season ruling leaves no season to use it in (`usable_tokens`)."""
    usable = state.usable_tokens(seat)
    if usable is None or state.tokens[seat] + extra <= usable:
        return TOKEN
    return SURPLUS_TOKEN


def _help_value(option, token: float = TOKEN) -> float:
    return (GOLD * option.gold + WOOD * option.wood + STONE * option.stone + option.vp
            + SOLDIER * option.soldiers + token * option.tokens)


_PAID = {"token": None, "g": GOLD, "w": WOOD, "s": STONE}


def _building_value(state, index: int) -> float:
    T = state.T
    building = T.data.buildings[index]
    years_left = 5 - state.year
    value = float(building.vp)
    if building.effect and years_left > 0:
        value += 0.8
    if building.battle > 0:
        value += 0.5 * building.battle * (years_left + 1) / 5
    return value


def option_value(state, seat: int, kind: str, key: str) -> float | None:
    """The policy's value of `key` in a decision of `kind`, or None: no opinion (uniform)."""
    if key in PASSIVE:
        return 0.0
    T = state.T
    if kind == "choose_dice":
        return _group_values(state, seat, [key])[0]
    if kind == "choose_advisor":
        return _target_value(T, advisor_values(T), key, _token_cost(state, seat, state.top()[3]))
    if kind == "take_help":
        option = T.help_info[state.top()[2] >> 1].get(key)      # frame: (kind, seat, slot)
        if option is None:
            return None
        return _help_value(option, token_worth(state, seat, option.tokens) if option.tokens else TOKEN)
    if kind == "town_hall":                  # KB-11.2: 1 VP for what is paid
        paid = _PAID[key[9:]]
        return 1.0 - (token_worth(state, seat) if paid is None else paid)
    if kind in ("build", "envoy_build"):
        index = T.build_info.get(key)
        if index is None:
            index = T.envoy_info.get(key)
        return None if index is None else _building_value(state, index)
    if kind == "take_goods" and key.startswith("take:"):
        g, w, s = (key[5:].count(letter) for letter in LETTERS)
        return GOLD * g + WOOD * w + STONE * s
    return None


def playout_key(state, random) -> str:
    """A noisy greedy choice for the seat to act (see the module's docstring)."""
    keys = state.legal_keys()
    if len(keys) == 1:
        return keys[0]
    active = [k for k in keys if k not in PASSIVE] or keys
    if random() < EXPLORE:
        return active[int(random() * len(active))]
    seat = state.to_act
    kind = state.top()[0].name
    best_key, best = None, float("-inf")
    if kind == "choose_dice":
        for key, value in zip(keys, _group_values(state, seat, keys)):
            value += NOISE * random()
            if value > best:
                best_key, best = key, value
        return best_key
    for key in keys:
        value = option_value(state, seat, kind, key)
        if value is None:
            if random() < 0.85:
                return active[int(random() * len(active))]
            return keys[int(random() * len(keys))]
        value += NOISE * random()
        if value > best:
            best_key, best = key, value
    return best_key
