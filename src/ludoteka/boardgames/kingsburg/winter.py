"""Recruiting soldiers (KB-14) and Winter: the enemy is revealed (KB-15.1), the King's
reinforcements (KB-15.5, variants KB-19.2 and KB-19.5-19.7 with simultaneous soldier tokens),
and every seat's battle with its rewards and losses (KB-15.6-15.17)."""
from __future__ import annotations

from ludoteka.kernel.flow import BOTTOM, Automatic, Decision, Simultaneous, in_order

from . import flow
from .flow import FLOW, InTurnOrder, step
from .keys import RecruitKey, TokenKey, goods_dict, goods_text
from .previews import battle_note, described, own_change, simulated, token_notes

REINF_DIE, REINF_TWO_DICE, REINF_TOKENS = 0, 1, 2
RESULTS = ("lost", "tie", "won")


def recruit_keys(state, seat: int) -> list[str]:
    cost = 1 if state.buildings[seat] & state.T.B_BARRACKS else 2
    g, w, s = state.goods_of(seat)
    if g + w + s < cost:
        return []
    out = [k for k, c in state.T.recruit_keys[cost] if c[0] <= g and c[1] <= w and c[2] <= s]
    out.append("done")
    return out


@FLOW.kind
class RecruitRound(InTurnOrder):
    """KB-14: each seat in turn order recruits soldiers, one per decision."""

    over = ()

    def turn(self, state, seat, position):
        return RECRUIT(seat, position) if recruit_keys(state, seat) else None

    def after(self, state):
        state.phase = 8
        state.push(WINTER())


@FLOW.kind
class Recruit(Decision):
    """Recruit one soldier for 2 goods (1 with the Barracks, KB-17.11), or be done."""

    args = ("seat", "position")
    over = (BOTTOM,)

    def keys(self, state, frame, seat):
        return recruit_keys(state, seat)

    def describe(self, state, frame, seat, key):
        if key == "done":
            return described(key, "Done: recruit no more soldiers", {"pass": True},
                             simulated(state, seat, key, notes=[battle_note(state, seat)]))
        pay = RecruitKey.parse(key)
        preview = simulated(state, seat, key, own_change(-pay[0], -pay[1], -pay[2], soldiers=1),
                            notes=[battle_note(state, seat, 1)])
        return described(key, RecruitKey.label(key), {"pay": goods_dict(*pay), "soldiers": 1}, preview)

    def apply(self, state, frame, seat, key):
        if key == "done":
            RECRUIT_ROUND.next_seat(state, frame[2] + 1)
            return
        cost = state.T.recruit_info[key]
        state.add_goods(seat, -cost[0], -cost[1], -cost[2])
        state.soldiers[seat] += 1
        state.event("recruit", f"seat {seat} recruits 1 soldier for {goods_text(*cost)}",
                    {"seat": seat, "pay": goods_dict(*cost), "soldiers": state.soldiers[seat]}, (seat,))
        if recruit_keys(state, seat):
            state.push(RECRUIT(seat, frame[2]))
        else:
            RECRUIT_ROUND.next_seat(state, frame[2] + 1)


@FLOW.kind
class Winter(Automatic):
    """KB-15.1: the top enemy card is turned face up before the reinforcements (in the token
    variant every seat picks its token knowing the enemy, KB-19.1)."""

    over = ()

    def run(self, state, frame):
        if state.enemies_revealed < state.year:
            state.enemies_revealed = state.year
            card = state.T.data.enemies[state.enemy_deck[state.year - 1]]
            state._mark_barrier()
            state.event("enemy_revealed", f"Winter of year {state.year}: {card.name}, strength {card.strength}",
                        {"year": state.year, "enemy": card.number, "type": card.type, "strength": card.strength})
        state.push(BATTLE())
        if state.rules.reinforcements == REINF_TOKENS:
            state.push(SOLDIER_TOKENS(tuple(state.turn_order)))


@FLOW.kind
class SoldierTokens(Simultaneous):
    """KB-19.5/19.6: every seat at once puts one of its tokens face down; revealed together."""

    args = ("seats",)
    over = ("battle",)
    once = True

    def keys(self, state, frame, seat):
        b = 5 * seat
        left = state.soldier_tokens
        return [state.T.token_keys[i] for i in range(5) if left[b + i]]

    def describe(self, state, frame, seat, key):
        v = TokenKey.parse(key)
        return described(key, TokenKey.label(key), {"token": v},
                         simulated(state, seat, key, notes=token_notes(state, seat, v)))

    def choose(self, state, frame, seat, key):
        v = TokenKey.parse(key)
        left = list(state.soldier_tokens)
        left[5 * seat + v] -= 1
        state.soldier_tokens = tuple(left)
        pick = list(state.soldier_token_picked)
        pick[seat] = v
        state.soldier_token_picked = tuple(pick)
        state.event("soldier_token_picked", f"you put soldier token {v} face down", {"seat": seat, "token": v},
                    (seat,), visible_to=seat)
        state.event("soldier_token_placed", f"seat {seat} puts a soldier token face down", {"seat": seat}, (seat,))

    def resolve(self, state, frame):
        state._mark_barrier()         # the tokens are revealed (the Battle frame below reads them)


def strength_of(state, seat: int, card_index: int) -> tuple[int, list[dict]]:
    """A seat's soldiers plus its buildings' modifiers against this enemy (KB-15.6, KB-17.16-18)."""
    T = state.T
    mods = T.card_mod[card_index]
    total = state.soldiers[seat]
    bonuses = []
    m = state.buildings[seat]
    i = 0
    while m:
        if m & 1 and mods[i]:
            total += mods[i]
            bonuses.append({"building": T.bid[i], "strength": mods[i]})
        m >>= 1
        i += 1
    return total, bonuses


@FLOW.kind
class Battle(Automatic):
    """KB-15: the King's reinforcements and every seat's battle against the revealed enemy."""

    over = (BOTTOM,)
    once = True

    def run(self, state, frame):
        T = state.T
        n = state.players
        card_index = state.enemy_deck[state.year - 1]
        card = T.data.enemies[card_index]
        mode = state.rules.reinforcements
        rng = state.rng
        if mode == REINF_TOKENS:
            reinf = list(state.soldier_token_picked)
            state.kings_soldiers = -1
            state.event("soldier_tokens_revealed", "soldier tokens revealed: "
                        + ", ".join(f"seat {s}: {reinf[s]}" for s in range(n)), {"tokens": reinf})
            state.soldier_token_picked = (-1,) * n
        else:
            rng, a = flow.roll(rng)
            dice = [a]
            if mode == REINF_TWO_DICE:
                rng, b = flow.roll(rng)
                dice.append(b)
                r = abs(a - b) + 1      # KB-19.2
            else:
                r = a                   # KB-15.5
            state.event("kings_reinforcements", f"seat {state.turn_order[0]} rolls {' and '.join(map(str, dice))}: "
                        f"the King sends {r} soldier{'' if r == 1 else 's'}", {"seat": state.turn_order[0], "dice": dice, "soldiers": r},
                        (state.turn_order[0],))
            state.kings_soldiers = r
            reinf = [r] * n
        state.rng = rng
        enemy = card.strength
        strengths, results, detail = [], [], []
        for s in range(n):
            recruited = state.soldiers[s]
            state.soldiers[s] += reinf[s]
            st, bonuses = strength_of(state, s, card_index)
            strengths.append(st)
            if st > enemy or (st == enemy and state.buildings[s] & T.B_WALL):
                results.append(1)
            elif st == enemy:
                results.append(0)
            else:
                results.append(-1)
            detail.append({"seat": s, "soldiers": recruited, "reinforcements": reinf[s], "buildings": bonuses,
                           "strength": st, "result": RESULTS[results[-1] + 1]})
        state.event("battle", f"battle of year {state.year} against {card.name}, strength {enemy}: " + "; ".join(
            f"seat {s}: {strengths[s]} {RESULTS[results[s] + 1]}" for s in range(n)),
            {"year": state.year, "enemy": card.number, "enemy_strength": enemy, "seats": detail}, tuple(range(n)))
        best = max((strengths[s] for s in range(n) if results[s] > 0), default=None)
        gg, gw, gs, gc, gvp = card.gain
        lg, lw, ls, lc, lb, lvp = card.lose
        choices = []
        for s in state.turn_order:
            if results[s] > 0:
                state.add_goods(s, gg, gw, gs)
                vp = gvp
                if state.buildings[s] & T.B_FORTRESS:
                    vp += 1          # KB-17.19
                if strengths[s] == best:
                    vp += 1          # KB-15.10
                state.gain_vp(s, vp, "battles")
                state.event("battle_won", f"seat {s} defeats the enemy: {goods_text(gg, gw, gs)}, +{vp} VP"
                            + (f" and {gc} goods of choice" if gc else ""),
                            {"seat": s, "goods": goods_dict(gg, gw, gs), "vp": vp, "goods_of_choice": gc,
                             "fortress": bool(state.buildings[s] & T.B_FORTRESS), "strongest": strengths[s] == best},
                            (s,))
                if gc:
                    choices.append(step("take_goods")(s, gc, "battle"))
            elif results[s] < 0:
                g, w, st = state.goods_of(s)
                lost = (min(g, lg), min(w, lw), min(st, ls))     # KB-15.12
                state.add_goods(s, -lost[0], -lost[1], -lost[2])
                if lc:
                    choices.append(step("lose_goods")(s, lc))
                destroyed = state.destroy(s, lb) if lb else []
                vp = state.lose_vp(s, lvp) if lvp else 0
                loss = [goods_text(*lost)] if any(lost) else []
                loss += ([f"{vp} VP"] if vp else []) + ([f"{lc} goods of choice"] if lc else [])
                state.event("battle_lost", f"seat {s} loses the battle"
                            + (": " + (", ".join(loss[:-1]) + " and " + loss[-1] if len(loss) > 1 else loss[0])
                               if loss else ", with nothing more to lose"),
                            {"seat": s, "goods": goods_dict(*lost), "vp": -vp, "goods_of_choice": lc,
                             "buildings": destroyed}, (s,))
        state.battle_strength = tuple(strengths)
        state.battle_result = tuple(results)
        state.soldiers = [0] * n    # KB-15.17: all soldiers go home
        state.push(step("year_end")())
        state.push(in_order(choices))


RECRUIT_ROUND, RECRUIT, WINTER, SOLDIER_TOKENS, BATTLE = RecruitRound, Recruit, Winter, SoldierTokens, Battle
