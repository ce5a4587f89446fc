"""The end of a production phase: building (KB-10, the Envoy's second building KB-13.4), the Inn
and the Embassy, the Town Hall (KB-11), then the season's clean-up and the next phase (KB-18.5)."""
from __future__ import annotations

from ludoteka.kernel import Action
from ludoteka.kernel.flow import BOTTOM, Automatic, Decision

from .flow import FLOW, InTurnOrder, step
from .keys import LETTERS, BuildKey, TownHallKey, goods_dict, goods_text
from .previews import building_notes, described, own_change, simulated
from .tables import TOKEN_SUPPLY
from .texts import build_text


def cost_of(state, seat: int, index: int) -> tuple[int, int, int]:
    T = state.T
    return (T.cost_crane if state.buildings[seat] & T.B_CRANE else T.cost)[index]


def build_keys(state, seat: int, keys: tuple[str, ...]) -> list[str]:
    """The buildings `seat` may build now (KB-10.5 next in a row, affordable, a token left)."""
    return [keys[i] for i in state.affordable(seat, *state.goods_of(seat))]


def build(state, seat: int, index: int, envoy: bool) -> None:
    T = state.T
    cost = cost_of(state, seat, index)
    state.add_goods(seat, -cost[0], -cost[1], -cost[2])
    state.buildings[seat] |= 1 << index
    state.gain_vp(seat, T.bvp[index], "buildings")
    state.event("build", (build_text, seat, T.bname[index], envoy),
                {"seat": seat, "building": T.bid[index], "cost": goods_dict(*cost), "vp": T.bvp[index],
                 "envoy": envoy}, (seat,))


def _describe_build(state, seat: int, key: str, envoy: bool) -> Action:
    T = state.T
    i = (T.envoy_info if envoy else T.build_info)[key]
    cost = cost_of(state, seat, i)
    b = T.data.buildings[i]
    preview = simulated(state, seat, key, own_change(-cost[0], -cost[1], -cost[2], b.vp),
                        notes=building_notes(state, seat, i, envoy))
    return described(key, BuildKey.label(b, cost, envoy),
                     {"building": b.id, "cost": goods_dict(*cost), "vp": b.vp, "envoy": envoy}, preview)


@FLOW.kind
class BuildRound(InTurnOrder):
    """KB-10.1: each seat in turn order may build one building."""

    over = ()

    def turn(self, state, seat, position):
        return BUILD(seat, position) if build_keys(state, seat, state.T.build_key) else None

    def after(self, state):
        state.push(END_OF_SEASON())


@FLOW.kind
class Build(Decision):
    """Build one building or pass (KB-10)."""

    args = ("seat", "position")
    over = (BOTTOM,)

    def keys(self, state, frame, seat):
        return build_keys(state, seat, state.T.build_key) + ["pass"]

    def describe(self, state, frame, seat, key):
        if key == "pass":
            # a building the seat could afford is given up for this season (KB-10.1)
            return described(key, "Pass: build nothing this season", {"pass": True, "build": True},
                             simulated(state, seat, key, confirm="pass_build"))
        return _describe_build(state, seat, key, False)

    def apply(self, state, frame, seat, key):
        if key != "pass":
            build(state, seat, state.T.build_info[key], False)
            if state.envoy_holder == seat and build_keys(state, seat, state.T.envoy_key):
                state.push(ENVOY_BUILD(seat, frame[2]))
                return
        BUILD_ROUND.next_seat(state, frame[2] + 1)


@FLOW.kind
class EnvoyBuild(Decision):
    """KB-13.4/13.5: with the King's Envoy, a second building; the Envoy then goes back to the board."""

    args = ("seat", "position")
    over = (BOTTOM,)

    def keys(self, state, frame, seat):
        return build_keys(state, seat, state.T.envoy_key) + ["done"]

    def describe(self, state, frame, seat, key):
        if key == "done":
            return described(key, "Done: keep the King's Envoy", {"pass": True}, simulated(state, seat, key))
        return _describe_build(state, seat, key, True)

    def apply(self, state, frame, seat, key):
        if key != "done":
            state.envoy_holder = -1   # KB-13.4/13.5: the Envoy is used and goes back to the board
            state.event("envoy_used", f"seat {seat} uses the King's Envoy for a second building", {"seat": seat},
                        (seat,))
            build(state, seat, state.T.envoy_info[key], True)
        BUILD_ROUND.next_seat(state, frame[2] + 1)


@FLOW.kind
class EndOfSeason(Automatic):
    """KB-11: the Inn (Summer), then the Embassy; the Town Hall decisions follow in turn order.

    The order of one seat's end-of-season effects changes nothing (Inn and Embassy only add; a
    Town Hall paid before the Inn leaves the same choices) except in one case, which the seat
    then decides (effect_order_choice, Iennaco's ruling 4): see `inn_order_matters`."""

    over = ()

    def run(self, state, frame):
        end_of_season(state)


def inn_order_matters(state, seat: int) -> bool:
    """Whether the Inn's token before or after the Town Hall changes the outcome for `seat`:
    only when the supply is limited and empty (the Inn then gives nothing) and the seat can pay
    a token at the Town Hall, which would come back from the Inn were the Town Hall first."""
    return (state.rules.order_choice and state.rules.token_cap and state.tokens[seat] > 0
            and state.buildings[seat] & state.T.B_TOWNHALL
            and TOKEN_SUPPLY - sum(state.tokens) - sum(p.token for p in state.placements) <= 0)


def inn_token(state, seat: int) -> None:
    """KB-11.1: the Inn's +2 token at the end of Summer."""
    state.inn_pending &= ~(1 << seat)
    got = state.gain_tokens(seat, 1)
    state.event("inn", f"seat {seat}'s Inn gives {got} +2 token", {"seat": seat, "tokens": got}, (seat,))


def end_of_season(state) -> None:
    T = state.T
    for seat in state.turn_order:
        m = state.buildings[seat]
        if state.phase == 4 and m & T.B_INN:
            if inn_order_matters(state, seat):
                state.inn_pending |= 1 << seat     # the seat chooses at its Town Hall turn
            else:
                inn_token(state, seat)
        if m & T.B_EMBASSY:
            state.gain_vp(seat, 1, "embassy")
            state.event("embassy", f"seat {seat}'s Embassy gives 1 VP", {"seat": seat, "vp": 1}, (seat,))
    state.push(TOWN_HALL_ROUND(0))


def town_hall_keys(state, seat: int) -> list[str]:
    out = []
    if state.tokens[seat]:
        out.append(TownHallKey.build("token"))
    b = 3 * seat
    for i in range(3):
        if state.goods[b + i]:
            out.append(TownHallKey.build(LETTERS[i]))
    if out:
        out.append("skip")
    return out


@FLOW.kind
class TownHallRound(InTurnOrder):
    """KB-11.2, KB-17.20: owners of the Town Hall, in turn order."""

    over = ()

    def turn(self, state, seat, position):
        if state.inn_pending >> seat & 1:
            if inn_order_matters(state, seat):     # earlier seats' payments may have refilled the supply
                return INN_ORDER(seat, position)
            inn_token(state, seat)
        if state.buildings[seat] & state.T.B_TOWNHALL and town_hall_keys(state, seat):
            return TOWN_HALL(seat, position)
        return None

    def after(self, state):
        state.push(CLEAN_SEASON())


@FLOW.kind
class InnOrder(Decision):
    """Iennaco's ruling 4 (effect_order_choice): the Inn's token before or after the Town Hall,
    offered only when the order changes the outcome (`inn_order_matters`)."""

    args = ("seat", "position")
    over = (BOTTOM,)

    def keys(self, state, frame, seat):
        return ["inn:first", "inn:after-town-hall"]

    def describe(self, state, frame, seat, key):
        if key == "inn:first":
            return described(key, "Take the Inn's +2 token first (the supply is empty: none comes), then the "
                             "Town Hall", {"inn_first": True}, simulated(state, seat, key))
        return described(key, "Use the Town Hall first, then take the Inn's +2 token", {"inn_first": False},
                         simulated(state, seat, key))

    def apply(self, state, frame, seat, key):
        if key == "inn:first":
            inn_token(state, seat)
            if not town_hall_keys(state, seat):
                TOWN_HALL_ROUND.next_seat(state, frame[2] + 1)
                return
        state.push(TOWN_HALL(seat, frame[2]))     # the Inn follows in TownHall.apply


@FLOW.kind
class TownHall(Decision):
    """Pay a +2 token or one good for 1 VP, or skip (KB-11.2, KB-11.3, KB-17.20)."""

    args = ("seat", "position")
    over = (BOTTOM,)

    def keys(self, state, frame, seat):
        return town_hall_keys(state, seat)

    def describe(self, state, frame, seat, key):
        if key == "skip":
            return described(key, "Do not use the Town Hall", {"pass": True}, simulated(state, seat, key))
        what = key[9:]
        own = own_change(vp=1) if what == "token" else own_change(*(-1 if x == what else 0 for x in LETTERS), vp=1)
        return described(key, TownHallKey.label(key), {"pay": what, "vp": 1}, simulated(state, seat, key, own))

    def apply(self, state, frame, seat, key):
        if key != "skip":
            what = key[9:]
            if what == "token":
                state.tokens[seat] -= 1
                paid = "a +2 token"
            else:
                i = LETTERS.index(what)
                state.goods[3 * seat + i] -= 1
                paid = goods_text(*(1 if j == i else 0 for j in range(3)))
            state.gain_vp(seat, 1, "town_hall")
            state.event("town_hall", f"seat {seat} pays {paid} at the Town Hall for 1 VP",
                        {"seat": seat, "paid": what, "vp": 1}, (seat,))
        if state.inn_pending >> seat & 1:
            inn_token(state, seat)                 # the seat chose the Town Hall first
        TOWN_HALL_ROUND.next_seat(state, frame[2] + 1)


@FLOW.kind
class CleanSeason(Automatic):
    """KB-18.5: the season's once-only uses reset, the dummy dice leave; the next phase begins."""

    over = ()

    def run(self, state, frame):
        state.market_used = state.statue_used = state.chapel_used = state.token_used = 0
        state.dummy_dice = ()
        if state.phase == 2:
            state.kings_aid_seat = -1    # KB-5.5: the King's white die returns after Spring
        state.phase += 1
        state.push(step({3: "kings_reward", 5: "kings_envoy", 7: "recruit_round"}[state.phase])(
            *(() if state.phase != 7 else (0,))))


BUILD_ROUND, BUILD, ENVOY_BUILD, TOWN_HALL_ROUND, TOWN_HALL, CLEAN_SEASON, END_OF_SEASON, INN_ORDER = \
    BuildRound, Build, EnvoyBuild, TownHallRound, TownHall, CleanSeason, EndOfSeason, InnOrder
