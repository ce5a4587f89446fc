"""The year's automatic phases (KB-5 King's Aid, KB-12 King's Reward, KB-13 King's Envoy, KB-16
end of the year and of the game) and goods of one's choice (Aid, Merchants' Guild, battles)."""
from __future__ import annotations

from ludoteka.kernel.flow import BOTTOM, Automatic, Decision, in_order

from .flow import FLOW, step
from .keys import GoodsKey, goods_dict, goods_text
from .previews import described, own_change, simulated

GOODS_REASONS = {"kings_aid": "the King's Aid", "merchants_guild": "the Merchants' Guild",
                 "battle": "the battle"}


def fewest(state) -> tuple[list[int], bool]:
    """KB-5.1-5.3 / KB-13.1: the seats with the fewest buildings, then fewest goods.

    Returns (seats, unique): one seat if it is unique, else every seat tied on both.
    """
    counts = [state.building_count(s) for s in range(state.players)]
    low = min(counts)
    tied = [s for s in state.turn_order if counts[s] == low]
    if len(tied) == 1:
        return tied, True
    goods = {s: state.goods_total(s) for s in tied}
    low = min(goods.values())
    tied = [s for s in tied if goods[s] == low]
    return tied, len(tied) == 1


@FLOW.kind
class KingsAid(Automatic):
    """KB-5: the fewest buildings (then goods) rolls the King's white die in Spring; a tie on
    both gives each tied seat 1 good of its choice instead (KB-5.3, KB-5.4)."""

    over = ()

    def run(self, state, frame):
        state.phase = 1
        seats, unique = fewest(state)
        state.push(START_SEASON(2))
        if unique:
            state.kings_aid_seat = seats[0]
            state.event("kings_aid", f"King's Aid: seat {seats[0]} rolls an extra white die this Spring",
                        {"seat": seats[0], "die": True}, (seats[0],))
        else:
            state.event("kings_aid", "King's Aid: seats " + ", ".join(map(str, seats))
                        + " each take 1 good of their choice", {"seats": seats, "die": False}, tuple(seats))
            state.push(in_order([TAKE_GOODS(s, 1, "kings_aid") for s in seats]))


@FLOW.kind
class StartSeason(Automatic):
    """A production phase begins: the Merchants' Guild's gold, before rolling (KB-17.9)."""

    args = ("phase",)
    over = (BOTTOM,)
    once = True

    def run(self, state, frame):
        state.phase = frame[1]
        T = state.T
        choices = []
        if T.B_GUILD:
            for seat in state.turn_order:
                if state.buildings[seat] & T.B_GUILD:
                    if state.rules.guild_choice:
                        choices.append(TAKE_GOODS(seat, 1, "merchants_guild"))
                    else:
                        state.goods[3 * seat] += 1
                        state.event("merchants_guild", f"seat {seat}'s Merchants' Guild gives 1 gold",
                                    {"seat": seat, "goods": goods_dict(1, 0, 0)}, (seat,))
        state.push(step("roll")())
        state.push(in_order(choices))


@FLOW.kind
class TakeGoods(Decision):
    """Take `count` goods of one's choice (King's Aid KB-5.3, Merchants' Guild option, battle reward)."""

    args = ("seat", "count", "reason")
    over = ("start_season", "roll", "year_end")

    def keys(self, state, frame, seat):
        return [k for k, _ in state.T.take_keys[frame[2]]]

    def describe(self, state, frame, seat, key):
        gold, wood, stone = GoodsKey.parse(key)
        return described(key, GoodsKey.label(key, "from " + GOODS_REASONS[frame[3]]),
                         {"goods": goods_dict(gold, wood, stone), "gain": True, "reason": frame[3]},
                         simulated(state, seat, key, own_change(gold, wood, stone)))

    def apply(self, state, frame, seat, key):
        gold, wood, stone = state.T.goods_info[key]
        state.add_goods(seat, gold, wood, stone)
        state.event("goods_taken", f"seat {seat} takes {goods_text(gold, wood, stone)} "
                    f"({GOODS_REASONS[frame[3]]})",
                    {"seat": seat, "goods": goods_dict(gold, wood, stone), "reason": frame[3]}, (seat,))


@FLOW.kind
class LoseGoods(Automatic):
    """Lose `count` goods of one's choice (KB-15.12); with that many or fewer, all are lost (KB-AMB-25)."""

    args = ("seat", "count")
    over = ("year_end",)

    def run(self, state, frame):
        seat, count = frame[1], frame[2]
        if state.goods_total(seat) <= count:
            lost = state.goods_of(seat)
            state.add_goods(seat, -lost[0], -lost[1], -lost[2])
            if any(lost):
                state.event("goods_lost", f"seat {seat} loses all its goods ({goods_text(*lost)})",
                            {"seat": seat, "goods": goods_dict(*lost), "reason": "battle"}, (seat,))
        else:
            state.push(CHOOSE_LOSS(seat, count))


@FLOW.kind
class ChooseLoss(Decision):
    """Which goods to lose to the enemy (KB-15.12)."""

    args = ("seat", "count")
    over = ("year_end",)

    def keys(self, state, frame, seat):
        g, w, s = state.goods_of(seat)
        return [k for k, c in state.T.lose_keys[frame[2]] if c[0] <= g and c[1] <= w and c[2] <= s]

    def describe(self, state, frame, seat, key):
        gold, wood, stone = GoodsKey.parse(key)
        return described(key, GoodsKey.label(key, "to the enemy"),
                         {"goods": goods_dict(gold, wood, stone), "gain": False, "reason": "battle"},
                         simulated(state, seat, key, own_change(-gold, -wood, -stone)))

    def apply(self, state, frame, seat, key):
        gold, wood, stone = state.T.goods_info[key]
        state.add_goods(seat, -gold, -wood, -stone)
        state.event("goods_lost", f"seat {seat} loses {goods_text(gold, wood, stone)}",
                    {"seat": seat, "goods": goods_dict(gold, wood, stone), "reason": "battle"}, (seat,))


@FLOW.kind
class KingsReward(Automatic):
    """KB-12: the most buildings gain 1 VP, every tied seat too (KB-AMB-17: also at 0, by option)."""

    over = ()

    def run(self, state, frame):
        counts = [state.building_count(s) for s in range(state.players)]
        top = max(counts)
        if top > 0 or state.rules.reward_at_zero:
            seats = [s for s in range(state.players) if counts[s] == top]
            for s in seats:
                state.gain_vp(s, 1, "kings_reward")
            state.event("kings_reward", "King's Reward: 1 VP to seat" + ("s " if len(seats) > 1 else " ")
                        + ", ".join(map(str, seats)), {"seats": seats, "vp": 1, "buildings": top}, tuple(seats))
        state.push(START_SEASON(4))


@FLOW.kind
class KingsEnvoy(Automatic):
    """KB-13.1/13.6: an unused Envoy returns, then goes to the fewest buildings/goods."""

    over = ()

    def run(self, state, frame):
        state.envoy_holder = -1
        seats, unique = fewest(state)
        if unique:
            state.envoy_holder = seats[0]
            state.event("kings_envoy", f"the King's Envoy goes to seat {seats[0]}", {"seat": seats[0]}, (seats[0],))
        else:
            state.event("kings_envoy", "the King's Envoy is not given out this year (tie)",
                        {"seat": None, "tied": seats}, tuple(seats))
        state.push(START_SEASON(6))


@FLOW.kind
class YearEnd(Automatic):
    """KB-16.1-16.3: the next year, or the end of the game with the final bonuses."""

    over = (BOTTOM,)
    once = True

    def run(self, state, frame):
        if state.year < 5:
            state.year += 1
            state.phase = 1
            state.event("year_begins", f"Year {state.year} begins",
                        {"year": state.year, "turn_order": list(state.turn_order)})
            state.push(KINGS_AID())
            return
        T = state.T
        for s in range(state.players):
            if state.buildings[s] & T.B_CATHEDRAL:
                vp = state.goods_total(s) // 2       # KB-17.15
                state.gain_vp(s, vp, "cathedral")
                state.event("cathedral", f"seat {s}'s Cathedral: +{vp} VP", {"seat": s, "vp": vp}, (s,))
            if state.rules.reinforcements == 2:      # KB-19.8: the soldier token left scores
                b = 5 * s
                left = [v for v in range(5) if state.soldier_tokens[b + v]]
                vp = sum(v * state.soldier_tokens[b + v] for v in range(5))
                state.gain_vp(s, vp, "soldier_token")
                state.event("soldier_token_scored", f"seat {s}'s last soldier token: +{vp} VP",
                            {"seat": s, "tokens": left, "vp": vp}, (s,))
        scores = list(state.vp)
        state.event("game_over", "the game is over: " + ", ".join(f"seat {s}: {v} VP" for s, v in enumerate(scores)),
                    {"scores": scores, "winners": state.winners()})


KINGS_AID, START_SEASON, TAKE_GOODS, LOSE_GOODS, CHOOSE_LOSS = KingsAid, StartSeason, TakeGoods, LoseGoods, ChooseLoss
KINGS_REWARD, KINGS_ENVOY, YEAR_END = KingsReward, KingsEnvoy, YearEnd
