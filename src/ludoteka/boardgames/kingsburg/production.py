"""A production phase (Spring, Summer, Autumn): roll (KB-7), reroll with the Statue or Chapel
(KB-17.1-17.4), influence the advisors round after round (KB-8, KB-13.3), then take their help in
advisor order (KB-9). Building and the end of the season follow in `building.py`."""
from __future__ import annotations

from ludoteka.kernel.flow import BOTTOM, Automatic, Decision

from . import flow
from .flow import FLOW, InTurnOrder, step
from .keys import REROLL_LABELS, DiceGroupKey, HelpKey, TargetKey, advisor_text, advisor_title, goods_dict
from .previews import (cheapest_ways, described, help_notes, own_change, reach_notes, reroll_note, simulated,
                       target_notes, way_text)
from .tables import CHAPEL_MAX, FULL_COURT, Placement
from .texts import declined_text, help_text, influence_text, rolled_text, turn_order_text, unavailable_text

EMPTY, DUMMY = -1, -2


@FLOW.kind
class Roll(Automatic):
    """KB-18.1/18.2 dummy dice, then every seat rolls its dice (KB-7.1, KB-6.6)."""

    over = (BOTTOM,)
    once = True

    def run(self, state, frame):
        T = state.T
        n = state.players
        rng = state.rng
        roll = flow.roll
        if n == 2 or (n == 3 and state.rules.dummy3):
            rng, a = roll(rng)
            rng, b = roll(rng)
            rng, c = roll(rng)
            s3 = a + b + c
            state.court[2 * s3] = DUMMY
            state.advisors_taken |= 1 << s3
            blocked = [s3]
            dummy = (a, b, c)
            if n == 2:
                rng, d = roll(rng)
                rng, e = roll(rng)
                dummy = (a, b, c, d, e)
                if d + e != s3:
                    targets = (d + e,)
                else:
                    targets = (d,) if d == e else (d, e)   # KB-18.2: split; doubles use one die
                for t in targets:
                    state.court[2 * t] = DUMMY
                    state.advisors_taken |= 1 << t
                    blocked.append(t)
            state.dummy_dice = dummy
            state.event("dummy_dice", f"dummy dice {dummy} block advisor(s) {', '.join(map(str, blocked))}",
                        {"dice": list(dummy), "advisors": blocked})
        dv = state.dice_values
        farms = T.B_FARMS
        buildings = state.buildings
        king = state.kings_aid_seat if state.phase == 2 else -1
        for seat in range(n):
            b = 5 * seat
            rng, dv[b] = roll(rng)
            rng, dv[b + 1] = roll(rng)
            rng, dv[b + 2] = roll(rng)
            if seat == king:
                rng, dv[b + 3] = roll(rng)
            if buildings[seat] & farms:
                rng, dv[b + 4] = roll(rng)
        state.rng = rng
        season = {2: "Spring", 4: "Summer", 6: "Autumn"}[state.phase]
        dice = [dv[5 * s:5 * s + 5] for s in range(n)]
        state.event("dice_rolled", (rolled_text, season, dice), {"season": season, "dice": dice})
        state.push(REROLL_ROUND(0))


def reroll_keys(state, seat: int) -> list[str]:
    T = state.T
    mask = state.buildings[seat]
    if not mask & (T.B_STATUE | T.B_CHAPEL):
        return []
    dv = state.dice_of(seat)
    out = []
    bit = 1 << seat
    if mask & T.B_STATUE and not state.statue_used & bit:
        vals = [v for v in dv if v]
        if all(v == vals[0] for v in vals):
            out.append("statue")
            if dv[3] or dv[4]:
                out.append("statue-white")
    if mask & T.B_CHAPEL and not state.chapel_used & bit and sum(dv) <= CHAPEL_MAX:
        out.append("chapel")
    if out:
        out.append("keep")
    return out


@FLOW.kind
class RerollRound(InTurnOrder):
    """Statue and Chapel rerolls, seat by seat in the previous turn order; then the new order (KB-7.3-7.5)."""

    over = ()

    def turn(self, state, seat, position):
        return REROLL(seat, position) if reroll_keys(state, seat) else None

    def after(self, state):
        n = state.players
        dv = state.dice_values
        totals = [sum(dv[5 * s:5 * s + 5]) for s in range(n)]
        state.turn_order.sort(key=totals.__getitem__)
        order = list(state.turn_order)
        state.event("turn_order", (turn_order_text, order, totals), {"turn_order": order, "totals": totals})
        state.passed = 0
        state.push(INFLUENCE_ROUND(0))


@FLOW.kind
class Reroll(Decision):
    """KB-17.1-17.4: the Statue rerolls one die of an all-equal roll, the Chapel all dice totalling
    7 or less; each once per season."""

    args = ("seat", "position")
    over = (BOTTOM,)

    def keys(self, state, frame, seat):
        return reroll_keys(state, seat)

    def describe(self, state, frame, seat, key):
        dice = state.dice_of(seat)
        notes = [] if key == "keep" else [reroll_note(dice, key)]
        return described(key, REROLL_LABELS[key], {"building": key.split("-")[0] if key != "keep" else None,
                                                   "dice": list(dice)}, simulated(state, seat, key, notes=notes))

    def apply(self, state, frame, seat, key):
        if key == "keep":
            REROLL_ROUND.next_seat(state, frame[2] + 1)
            return
        b = 5 * seat
        dv = state.dice_values
        rng = state.rng
        if key == "chapel":
            state.chapel_used |= 1 << seat
            for i in range(5):
                if dv[b + i]:
                    rng, dv[b + i] = flow.roll(rng)
        else:
            state.statue_used |= 1 << seat
            i = 0 if key == "statue" else (3 if dv[b + 3] else 4)
            rng, dv[b + i] = flow.roll(rng)
        state.rng = rng
        state.event("reroll", f"seat {seat} rerolls ({key}): {state.dice_text(seat)}",
                    {"seat": seat, "building": key.split("-")[0], "dice": list(state.dice_of(seat))}, (seat,))
        if reroll_keys(state, seat):
            state.push(REROLL(seat, frame[2]))
        else:
            REROLL_ROUND.next_seat(state, frame[2] + 1)


# ---------------------------------------------------------------------- influence (KB-8)
def modifiers(state, seat: int) -> int:
    """Bit 0: may add a +2 token (KB-8.7: with one_token_per_season, if none added yet this
    season); bit 1: may use the Market; bit 2: may combine both (KB-AMB-11)."""
    mods = 1 if state.tokens[seat] and not state.token_used >> seat & 1 else 0
    if state.buildings[seat] & state.T.B_MARKET and not state.market_used >> seat & 1:
        mods |= 2
    if state.rules.market_with_token:
        mods |= 4
    return mods


def group_keys(state, seat: int) -> list[str]:
    """Keys of the dice groups with at least one legal advisor, plus "pass" (KB-8.12)."""
    T = state.T
    dv = state.dice_of(seat)
    if not (dv[0] or dv[1] or dv[2]):
        return []
    entries = T.groups(dv)[0]
    mods = modifiers(state, seat)
    taken = state.advisors_taken
    allowed = FULL_COURT & ~taken
    if state.envoy_holder == seat:
        allowed |= taken & ~state.advisors_shared
    targets = T.targets
    out = [key for key, total, _ in entries if targets[total * 8 + mods][0] & allowed]
    if out:
        out.append("pass")
    return out


def target_keys(state, seat: int, total: int) -> list[str]:
    taken = state.advisors_taken
    free = FULL_COURT & ~taken
    shared = taken & ~state.advisors_shared if state.envoy_holder == seat else 0
    out = []
    for bit, key, envoy_key in state.T.targets[total * 8 + modifiers(state, seat)][1]:
        if free & bit:
            out.append(key)
        elif shared & bit:
            out.append(envoy_key)
    return out


@FLOW.kind
class InfluenceRound(Automatic):
    """KB-8.1-8.12: seats in turn order, round after round, until every seat has passed."""

    args = ("position",)
    over = ()

    def run(self, state, frame):
        influence_from(state, frame[1])


def influence_from(state, pos: int) -> None:
    """The influence round from turn-order position `pos`: push the next seat's ChooseDice (with
    its keys), or the help step when every seat has passed. A decision that ends a seat's turn
    calls it directly rather than pushing an InfluenceRound frame (the same, one frame fewer)."""
    n = state.players
    while True:
        if state.passed == (1 << n) - 1:
            state.passed = 0
            state.push(HELP_STEP(2))
            return
        seat = state.turn_order[pos]
        if not state.passed >> seat & 1:
            keys = group_keys(state, seat)
            if keys:
                state.push((CHOOSE_DICE, seat, pos), keys)
                return
            state.passed |= 1 << seat     # KB-8.10: no usable dice: must pass
            state.event("pass", f"seat {seat} passes (no usable dice)", {"seat": seat, "forced": True},
                        (seat,))
        pos = (pos + 1) % n


@FLOW.kind
class ChooseDice(Decision):
    """Pick a group of one's dice (at least one coloured, KB-8.9) to influence an advisor with, or pass."""

    args = ("seat", "position")
    over = (BOTTOM,)

    def keys(self, state, frame, seat):
        return group_keys(state, seat)

    def describe(self, state, frame, seat, key):
        if key == "pass":
            # KB-8.12: passing ends the seat's influencing for the season, dice left unused
            return described(key, "Pass: influence no more advisors this season", {"pass": True},
                             simulated(state, seat, key, confirm="pass_dice_left"))
        _, total, _ = state.T.groups(state.dice_of(seat))[1][key]
        coloured, white = DiceGroupKey.parse(key)
        reach = target_keys(state, seat, total)
        advisors = state.T.data.advisors
        ways = cheapest_ways(state, reach)
        # the advisor the dice total reaches first, then those that need a token, the Market or the Envoy
        others = [f"{advisor_title(advisors[a])} {way_text(ways[a])}" for a in sorted(ways) if way_text(ways[a])]
        if total in ways and not way_text(ways[total]):
            text = advisor_title(advisors[total]) + ": " + advisor_text(advisors[total])
            if others:
                text += "; or " + ", ".join(others)
        else:
            text = ", ".join(others)
        return described(key, DiceGroupKey.label(key, total, text),
                         {"coloured": coloured, "white": white, "total": total,
                          "advisors": sorted({state.T.target_info[k].advisor for k in reach})},
                         simulated(state, seat, key, notes=reach_notes(state, seat, reach)))

    def apply(self, state, frame, seat, key):
        if key == "pass":
            state.passed |= 1 << seat
            state.event("pass", f"seat {seat} passes", {"seat": seat, "forced": False}, (seat,))
            influence_from(state, (frame[2] + 1) % state.players)
            return
        _, total, mask = state.T.groups(state.dice_of(seat))[1][key]
        state.push((CHOOSE_ADVISOR, seat, frame[2], mask, total))


@FLOW.kind
class ChooseAdvisor(Decision):
    """The advisor the chosen dice influence, with a +2 token, the Market or the King's Envoy
    (KB-8.4-8.9, KB-13.3, KB-17.6)."""

    args = ("seat", "position", "dice_mask", "total")
    over = (BOTTOM,)

    def keys(self, state, frame, seat):
        return target_keys(state, seat, frame[4])

    def describe(self, state, frame, seat, key):
        target = state.T.target_info[key]
        advisor = state.T.data.advisors[target.advisor]
        preview = simulated(state, seat, key, notes=target_notes(state, seat, target),
                            confirm="spend_envoy" if target.envoy else None)
        return described(key, TargetKey.label(target, frame[4], advisor),
                         {"advisor": target.advisor, "token": bool(target.token), "market": bool(target.market),
                          "envoy": bool(target.envoy), "total": frame[4]}, preview)

    def apply(self, state, frame, seat, key):
        T = state.T
        n, tok, mkt, env = T.target_info[key]
        b = 5 * seat
        dv = state.dice_values
        vals = []
        for i in T.mask_dice[frame[3]]:
            vals.append(dv[b + i])
            dv[b + i] = 0
        if env:
            state.court[2 * n + 1] = seat
            state.advisors_shared |= 1 << n
            state.envoy_holder = -1
        else:
            state.court[2 * n] = seat
            state.advisors_taken |= 1 << n
        if tok:
            state.tokens[seat] -= 1
            if state.rules.token_per_season:
                state.token_used |= 1 << seat     # KB-8.7: no second token this season
        if mkt:
            state.market_used |= 1 << seat
        state.placements = state.placements + (Placement(n, seat, tuple(vals), tok, mkt, env),)
        state.event("influence", (influence_text, seat, vals, T.data.advisors[n].name, n, tok, mkt, env),
                    {"seat": seat, "advisor": n, "dice": vals, "token": bool(tok), "market": bool(mkt),
                     "envoy": bool(env)}, (seat,))
        influence_from(state, (frame[2] + 1) % state.players)


# ---------------------------------------------------------------------- help (KB-9)
def help_keys(state, seat: int, advisor: int) -> list[str]:
    g, w, s = state.goods_of(seat)
    vp = state.vp[seat]
    negative = state.rules.negative_vp
    out = []
    for o in state.T.help[advisor]:
        if o.need_gold > g or o.need_wood > w or o.need_stone > s:
            continue
        if o.need_vp and not negative and vp < o.need_vp:
            continue
        out.append(o.key)
    if out:
        out.append(HelpKey.DECLINE)
    return out


@FLOW.kind
class HelpStep(Automatic):
    """KB-9.1: the advisors help in order 1 to 18, first influencer then Envoy user (KB-AMB-14);
    then all dice and used +2 tokens go back (KB-9.23)."""

    args = ("slot",)
    over = ()

    def run(self, state, frame):
        help_from(state, frame[1])


def help_from(state, slot: int) -> None:
    """The help step from court slot `slot`: push the next TakeHelp (with its keys), or clear the
    court and start building. TakeHelp calls it directly rather than pushing a HelpStep frame."""
    court = state.court
    while slot < 38:
        seat = court[slot]
        if seat >= 0:
            keys = help_keys(state, seat, slot >> 1)
            if keys:
                state.push((TAKE_HELP, seat, slot), keys)
                return
            # KB-9.10/9.18: nothing to give for the Alchemist's goods or the Smuggler's VP; said
            # in the log, where a browser audit found dice on an advisor and no word of its help
            advisor = state.T.data.advisors[slot >> 1]
            state.event("help_unavailable", (unavailable_text, seat, advisor.name, advisor.number),
                        {"seat": seat, "advisor": advisor.number}, (seat,))
        slot += 1
    state.dice_values = [0] * (5 * state.players)
    state.court = [EMPTY] * 38
    state.advisors_taken = state.advisors_shared = 0
    state.placements = ()
    state.push(step("build_round")(0))


@FLOW.kind
class TakeHelp(Decision):
    """Take one form of an advisor's help, or decline it (KB-9)."""

    args = ("seat", "slot")
    over = (BOTTOM,)

    def keys(self, state, frame, seat):
        return help_keys(state, seat, frame[2] >> 1)

    def describe(self, state, frame, seat, key):
        advisor = state.T.data.advisors[frame[2] >> 1]
        if key == HelpKey.DECLINE:
            data = {"advisor": advisor.number}
            free = free_help(state, seat, advisor.number)
            if free is not None:
                data["dominated_by"] = free      # a client may take that help without asking
            return described(key, f"Decline the {advisor.name}'s help", data,
                             simulated(state, seat, key, confirm="decline_help"))
        o = state.T.help_info[advisor.number][key]
        preview = simulated(state, seat, key, own_change(o.gold, o.wood, o.stone, o.vp, o.soldiers),
                            notes=help_notes(state, seat, o))
        return described(key, HelpKey.label(o, advisor),
                         {"advisor": advisor.number, "goods": goods_dict(o.gold, o.wood, o.stone), "vp": o.vp,
                          "soldiers": o.soldiers, "tokens": o.tokens, "peek": bool(o.peek)}, preview)

    def apply(self, state, frame, seat, key):
        advisor = frame[2] >> 1
        if key == HelpKey.DECLINE:
            state.event("help_declined", (declined_text, seat, state.T.data.advisors[advisor].name, advisor),
                        {"seat": seat, "advisor": advisor}, (seat,))
        else:
            take_help(state, seat, advisor, state.T.help_info[advisor][key])
        help_from(state, frame[2] + 1)


def free_help(state, seat: int, advisor: int) -> str | None:
    """The key of the advisor's help when it is the only form offered and costs nothing (no
    good, VP or card look given up: only goods, VP, soldiers or +2 tokens gained), else None.
    Declining it (KB-9.4, e.g. after influencing only to block) can then never do better than
    taking it: more goods, VP, soldiers or tokens never hurt in Kingsburg."""
    keys = [k for k in help_keys(state, seat, advisor) if k != HelpKey.DECLINE]
    if len(keys) != 1:
        return None
    o = state.T.help_info[advisor][keys[0]]
    if min(o.gold, o.wood, o.stone, o.vp, o.soldiers, o.tokens) < 0 or o.peek \
            or o.need_gold or o.need_wood or o.need_stone or o.need_vp:
        return None
    return keys[0]


def take_help(state, seat: int, advisor: int, o) -> None:
    state.add_goods(seat, o.gold, o.wood, o.stone)
    vp = 0
    if o.vp > 0:
        state.gain_vp(seat, o.vp, "advisors")
        vp = o.vp
    elif o.vp < 0:
        vp = -state.lose_vp(seat, -o.vp)
    soldiers = tokens = 0
    if o.soldiers:
        # KB-17.12: the Stable adds 1 soldier to a help that recruits soldiers
        soldiers = o.soldiers + (1 if state.buildings[seat] & state.T.B_STABLE else 0)
        state.soldiers[seat] += soldiers
    if o.tokens:
        tokens = state.gain_tokens(seat, o.tokens)
    state.event("advisor_help", (help_text, seat, state.T.data.advisors[advisor].name,
                                 state.T.help_gives[advisor][o.key]),
                {"seat": seat, "advisor": advisor, "goods": goods_dict(o.gold, o.wood, o.stone), "vp": vp,
                 "soldiers": soldiers, "tokens": tokens, "peek": bool(o.peek)}, (seat,))
    if o.peek:
        known = list(state.enemy_seen)
        known[seat] |= 1 << (state.year - 1)
        state.enemy_seen = tuple(known)
        index = state.enemy_deck[state.year - 1]
        card = state.T.data.enemies[index]
        state._mark_barrier()
        state.event("enemy_seen", f"you look at the top enemy card: {card.name}, strength {card.strength}",
                    {"seat": seat, "year": state.year, "enemy": card.number, "strength": card.strength},
                    (seat,), visible_to=seat)
        state.event("enemy_looked_at", f"seat {seat} looks at the top enemy card", {"seat": seat, "year": state.year},
                    (seat,))


REROLL_ROUND, REROLL, INFLUENCE_ROUND, CHOOSE_DICE, CHOOSE_ADVISOR = \
    RerollRound, Reroll, InfluenceRound, ChooseDice, ChooseAdvisor
HELP_STEP, TAKE_HELP = HelpStep, TakeHelp
