"""Kingsburg's invariants: what must hold in every reachable state (`state_from_json` rejects
a saved state that breaks one, and `tools/invariants.py` checks them along random games)."""
from __future__ import annotations

from .state import CATEGORIES, DUMMY, EMPTY, REINF_TOKENS, SOLDIER_TOKEN_SET
from .tables import BUILDING_TOKENS, FULL_COURT, TOKEN_VALUES


def check(game, state) -> list[str]:
    T = game.tables
    n = state.players
    bad = []
    over = state.to_act is None
    if over != (state.top() is None):
        bad.append("to_act and the pending frames disagree about the game being over")
    if over and not (state.year == 5 and state.phase == 8):
        bad.append(f"the game ended in year {state.year}, phase {state.phase}")
    if sorted(state.turn_order) != list(range(n)):
        bad.append(f"turn order {state.turn_order} is not a permutation of the seats")
    k = len(CATEGORIES)
    for s in range(n):
        if min(state.goods_of(s)) < 0:
            bad.append(f"seat {s} has negative goods {list(state.goods_of(s))}")
        if sum(state.points[k * s:k * s + k]) != state.vp[s]:
            bad.append(f"seat {s}'s VP by category do not add up to its {state.vp[s]} VP")
        if state.vp[s] < 0 and not state.rules.negative_vp:
            bad.append(f"seat {s} has {state.vp[s]} VP")
        count = state.building_count(s)
        if state.rules.building_cap and count > BUILDING_TOKENS:
            bad.append(f"seat {s} has {count} buildings, more than {BUILDING_TOKENS} tokens")
        m = state.buildings[s]
        for i in range(T.nb):
            if m >> i & 1 and i % 4 and not m >> (i - 1) & 1:
                bad.append(f"seat {s}'s {T.bname[i]} stands without the building to its left")
        if state.phase == 1 and state.soldiers[s]:
            bad.append(f"seat {s} still has {state.soldiers[s]} soldiers after Winter")
        if over and state.soldiers[s]:
            bad.append(f"seat {s} still has soldiers after the last Winter")
        if state.phase not in (2, 4, 6) and any(state.dice_of(s)):
            bad.append(f"seat {s} holds dice outside a production phase")
        # KB-6.6: the King's white die only in Spring for the King's Aid seat, the
        # Farms' white die only with the Farms
        dice = state.dice_of(s)
        if dice[3] and not (state.phase == 2 and state.kings_aid_seat == s):
            bad.append(f"dice_values: seat {s} holds the King's white die without the King's Aid")
        if dice[4] and not state.buildings[s] & T.B_FARMS:
            bad.append(f"dice_values: seat {s} holds the Farms' white die without the Farms")
        if state.enemy_seen[s] >> state.year:
            bad.append(f"seat {s} has seen the enemy card of a future year")
    tokens = sum(state.tokens) + sum(p[3] for p in state.placements)
    if tokens > 20 and state.rules.token_cap:
        bad.append(f"{tokens} +2 tokens are held or on the court, more than the 20 printed")
    seconds = 0
    for a in range(1, 19):
        first, second = state.court[2 * a], state.court[2 * a + 1]
        if first >= n or second >= n or second == DUMMY:
            bad.append(f"advisor {a}: the court holds seat {max(first, second)}, which does not exist")
        if (first != EMPTY) != bool(state.advisors_taken >> a & 1) \
                or (second != EMPTY) != bool(state.advisors_shared >> a & 1):
            bad.append(f"advisor {a}: occupancy marks disagree with the court")
        if second != EMPTY:
            seconds += 1
            if first == EMPTY:
                bad.append(f"advisor {a} holds only Envoy dice")
    if seconds > 1:
        bad.append(f"{seconds} advisors hold dice of two players; the Envoy allows one")
    if seconds and state.envoy_holder != -1:
        bad.append("an advisor holds two players' dice but the Envoy was not used")
    if state.court[0] != EMPTY or state.court[1] != EMPTY or state.advisors_taken & 1 or state.advisors_shared & 1:
        bad.append("there is no advisor 0")
    if state.inn_pending and not any(f[0].name in ("town_hall_round", "town_hall", "inn_order")
                                     for f in state.frames()):
        bad.append("an Inn token waits outside the Town Hall decisions")
    if state.token_used and not state.rules.token_per_season:
        bad.append("a season's +2 token is marked used without the one_token_per_season option")
    for s in range(n):
        # KB-8.7 (one_token_per_season): at most one token on the court per seat, and marked
        on_court = sum(p[3] for p in state.placements if p[1] == s)
        if state.rules.token_per_season and (on_court > 1 or on_court and not state.token_used >> s & 1):
            bad.append(f"seat {s} has {on_court} +2 tokens on the court this season, marked "
                       f"{'used' if state.token_used >> s & 1 else 'unused'}")
    for p in state.placements:
        if len(p) != 6 or not 1 <= p[0] <= 18 or not 0 <= p[1] < n or p[5] not in (0, 1) \
                or state.court[2 * p[0] + p[5]] != p[1]:
            bad.append(f"placement {list(p)[:6]} is not on the court")
        elif not _placement_adds_up(p):
            bad.append(f"placements: {list(p)[:6]}: its dice, token and Market do not make advisor {p[0]}")
    for name in ("kings_aid_seat", "envoy_holder"):
        if getattr(state, name) >= n:
            bad.append(f"{name} is seat {getattr(state, name)}, which does not exist")
    if state.kings_aid_seat != -1 and state.phase > 2:
        bad.append("the King's white die was not returned after Spring")
    # KB-15.1: the year's enemy is turned face up when Winter (phase 8) begins, and only then.
    if state.enemies_revealed != state.year - (0 if state.phase == 8 else 1):
        bad.append(f"enemies_revealed: {state.enemies_revealed} enemy cards are revealed in phase {state.phase} "
                   f"of year {state.year}")
    for y, c in enumerate(state.enemy_deck, 1):
        if c >= len(game.data.enemies) or game.data.enemies[c].year != y:
            bad.append(f"the enemy card for year {y} is not a year-{y} card")
    if len(state.battle_strength) not in (0, n) or len(state.battle_result) != len(state.battle_strength):
        bad.append("the last battle's results must hold one entry per seat")
    if state.rules.reinforcements == REINF_TOKENS:
        battles = state.year - 1 + (1 if state.battle_fought() else 0)
        for s in range(n):
            left = sum(state.soldier_tokens[5 * s:5 * s + 5]) + (1 if state.soldier_token_picked[s] >= 0 else 0)
            if left != len(TOKEN_VALUES) - battles:
                bad.append(f"seat {s} has {left} soldier tokens after {battles} battles")
            # KB-19.3: a seat's tokens (left and picked) are part of its set, never more of a value
            held = list(state.soldier_tokens[5 * s:5 * s + 5])
            if state.soldier_token_picked[s] >= 0:
                held[state.soldier_token_picked[s]] += 1
            if any(h > k for h, k in zip(held, SOLDIER_TOKEN_SET)):
                bad.append(f"soldier_tokens: seat {s} holds tokens {held} by value, more than a set "
                           f"{list(SOLDIER_TOKEN_SET)}")
    bad.extend(_frame_problems(state))
    if state.advisors_taken & ~FULL_COURT & ~1:
        bad.append("an advisor number above 18 is occupied")
    return bad


# The phases in which a frame of each kind can be pending (its kind's `over` says where in the
# stack): King's Aid goods in phase 1, the Merchants' Guild's before a season's roll, the dice and
# the buildings of the production phases, recruiting in 7, Winter's tokens, battle and losses in 8.
FRAME_PHASES = {"start_season": (1,), "take_goods": (1, 2, 4, 6, 8), "roll": (2, 4, 6), "reroll": (2, 4, 6),
                "choose_dice": (2, 4, 6), "choose_advisor": (2, 4, 6), "take_help": (2, 4, 6),
                "build": (2, 4, 6), "envoy_build": (2, 4, 6), "town_hall": (2, 4, 6), "recruit": (7,),
                "soldier_tokens": (8,), "battle": (8,), "year_end": (8,), "lose_goods": (8,),
                "choose_loss": (8,)}
REASON_PHASES = {"kings_aid": (1,), "merchants_guild": (2, 4, 6), "battle": (8,)}


def _frame_problems(state) -> list[str]:
    """The pending frames agree with the phase, the turn order and the dice (a saved state
    without its history is checked against these)."""
    bad = []
    frames = []
    for frame in state.frames():
        frames.extend(frame[1] if frame[0].name == "in_order" else (frame,))
    for frame in frames:
        name = frame[0].name
        if state.phase not in FRAME_PHASES.get(name, (state.phase,)):
            bad.append(f"stack: a {name!r} frame is pending in phase {state.phase}")
        args = frame[0].args
        if args[:2] == ("seat", "position") and state.turn_order[frame[2]] != frame[1]:
            bad.append(f"stack: a {name!r} frame of seat {frame[1]} at turn-order position {frame[2]}")
        if name == "take_goods" and state.phase not in REASON_PHASES[frame[3]]:
            bad.append(f"stack: goods taken for {frame[3]!r} in phase {state.phase}")
        if name == "choose_advisor":
            dice = [state.dice_values[5 * frame[1] + i] for i in state.T.mask_dice[frame[3]]]
            if 0 in dice or sum(dice) != frame[4]:
                bad.append(f"stack: seat {frame[1]} chooses an advisor for dice {dice} that do not total {frame[4]}")
    return bad


def _placement_adds_up(p) -> bool:
    """KB-8.4-8.7, KB-17.6: 1 to 5 dice of 1..6, plus 2 with a +2 token, plus or minus 1 with the
    Market (a flag: used or not), make the advisor's number."""
    advisor, _, dice, token, market, _ = p
    return (type(dice) is tuple and 1 <= len(dice) <= 5 and all(1 <= d <= 6 for d in dice)
            and token in (0, 1) and market in (0, 1) and abs(advisor - sum(dice) - 2 * token) <= market)
