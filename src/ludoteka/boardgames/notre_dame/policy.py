"""Notre Dame's heuristics for the search agents: the evaluation of a position and the playout
policy (the game's `evaluate`, `evaluate_all` and `playout_key`).

Worth of a seat: prestige now plus a rough prestige value of everything that will turn into
prestige (coins, stones, the residence, park pairs, Notre Dame stones, messages), minus the
plague it faces: the overflow this round's plague will cause if nothing changes (ND-20.5 to
ND-20.7: 2 prestige and a stone, and a marker stuck at the top for the rounds after), and the
pressure of the rounds still to come.

The playout policy is a noisy greedy player that reads only what the acting seat sees: its own
offer or hand, the public board, coins, rat markers and the persons on display. It never
clones a state: each option gets a value from a few counts. When this round's plague would push
its marker past the end and one of its options prevents that (hospital, park, hotel, the trusted
friend in the hospital, the Physician, the rat-back rewards), it takes that first.
"""
from __future__ import annotations

from .data import SECTOR_COUNT
from .frames import phase_of
from .keys import (BANK, BARMAID_KEYS, CATEGORY_COUNT, PLAGUE_POINTS, CLOISTER_SCHOOL, DONATE_INDEX, FRIEND_INDEX,
                   HOSPITAL, HOTEL, HOTEL_COIN, HOTEL_PARTS, HOTEL_RAT, HOTEL_STONE, KEEP_INDEX, NOTRE_DAME,
                   PARK, PLAY_INDEX, RESIDENCE, TRUSTED_FRIEND)

# Prestige a resource is worth while the game goes on (about what it turns into).
COIN = 0.9
STONE = 0.6
# ND-20.6 and ND-20.7: an overflow costs 2 prestige and a stone from the fullest sector; the
# evaluation counts it at SCAR more, before the plague (OVERFLOW) and after it (SCAR per point of
# prestige lost to the plague, so the two sides of the plague agree): a player whose plague runs
# over has let it get out of hand, and the search should almost never allow it.
SCAR = 2.0
OVERFLOW = 2.0 + 2.0 + 2 * SCAR
STUCK = 3.0                   # a marker near the end overflows at the next plague unless the seat acts
MEAN_PLAGUE = 4.0             # the mean plague value of a round (15 persons, 20 rats, 3 a round)
# The playout policy values a coin and a stone more than the evaluation does (they buy the
# actions and bribes of the next rounds, which a playout cut short does not see); tuned by
# playing the policy against the uniform one.
PLAY_COIN = 2.0
PLAY_STONE = 1.0
NOISE = 0.8                   # playouts: random spread added to each option's value
EXPLORE = 0.03                # playouts: share of uniformly random choices


def plague_pending(state) -> bool:
    """Whether this round's plague (phase 5) is still to come."""
    return state.to_act is not None and phase_of(state) not in ("plague", "over")


def projected_rat(state, seat: int) -> int:
    """Where the seat's marker would go at this round's plague if nothing changes (may pass 9)."""
    value = 0 if state.physician[seat] else state.plague_value()
    return max(0, state.rat[seat] + value - state.count(seat, HOSPITAL))


def worth(state, seat: int, pending: bool | None = None) -> float:
    """Prestige now plus what the rest of the position is likely to turn into, less the plague."""
    data = state.data
    rounds = data.rounds
    if pending is None:
        pending = plague_pending(state)
    # Rounds whose plague is still to come, this one included while its plague is pending.
    plagues = rounds - state.round + (1 if pending else 0)
    left = (rounds - state.round + 1) / rounds          # share of the game still to play
    base = seat * SECTOR_COUNT
    stones = state.sector_stones
    friend = state.friend[seat]
    value = float(state.prestige[seat])
    if state.to_act is None:
        return value
    value += SCAR * state.points[seat * CATEGORY_COUNT + PLAGUE_POINTS]      # the points are <= 0
    value += COIN * state.coins[seat] + STONE * state.personal[seat] + 0.1 * state.general[seat] * left
    residence = stones[base + RESIDENCE] + (friend == RESIDENCE)
    park = stones[base + PARK] + (friend == PARK)
    hospital = stones[base + HOSPITAL] + (friend == HOSPITAL)
    value += residence * 1.2 * left
    value += (park >> 1) * 3.0 * left
    value += sum(stones[base:base + SECTOR_COUNT]) * 0.4 * left
    total_nd = sum(state.notre_dame_stones)
    if total_nd:
        value += state.notre_dame_stones[seat] * data.tile_points[state.players] / total_nd
    value += sum(state.held[seat * state.boroughs:(seat + 1) * state.boroughs]) * 0.8
    # The plague: this round's overflow, then the rounds after it.
    top = data.plague_max
    rat = state.rat[seat]
    if pending:
        rat = projected_rat(state, seat)
        if rat > top:
            value -= OVERFLOW
            rat = top
        plagues -= 1
    if plagues > 0:
        step = MEAN_PLAGUE - hospital                       # the marker's mean move a round
        value += min(hospital, 3) * 0.6 * plagues / rounds * 3
        if rat + step > top:                                # the next plague overflows unless it acts
            value -= STUCK * min(1.0, (rat + step - top) / 2)
        need = rat + plagues * step - top                   # steps to undo in the rest of the game
        if need > 0:
            value -= 0.5 * min(need, 3 * plagues)
    return value


def evaluate_all(state) -> list[float]:
    """Each seat's worth minus the best other seat's worth."""
    pending = plague_pending(state)
    values = [worth(state, s, pending) for s in range(state.players)]
    out = []
    for seat, mine in enumerate(values):
        out.append(mine - max(v for s, v in enumerate(values) if s != seat))
    return out


def evaluate(state, seat: int) -> float:
    """`seat`'s worth minus the best other seat's worth."""
    return evaluate_all(state)[seat]


# ---------------------------------------------------------------------- the playout policy
_PASSIVE = frozenset(("decline", "hotel:none", "barmaid:none", "pass"))
# The decisions that come before the round's plague and where its danger matters.
_BEFORE_PLAGUE = frozenset(("play_card", "draft_pick", "bribe", "place_friend", "hotel_reward",
                            "barmaid_reward", "move_carriage"))
_RATS: dict[int, tuple[int, ...]] = {}


def _rats(data) -> tuple[int, ...]:
    rats = _RATS.get(id(data))
    if rats is None:
        rats = _RATS[id(data)] = tuple(p.rats for p in data.persons)
    return rats


class _Seat:
    """What the policy looks at for the acting seat, worked out once per decision."""

    __slots__ = ("state", "seat", "counts", "bonus", "danger", "rounds_left", "personal")

    def __init__(self, state, seat: int, kind: str):
        self.state = state
        self.seat = seat
        base = seat * SECTOR_COUNT
        counts = state.sector_stones[base:base + SECTOR_COUNT]
        friend = state.friend[seat]
        if friend >= 0:
            counts[friend] += 1
        self.counts = counts
        self.bonus = counts[PARK] >> 1
        self.rounds_left = state.data.rounds - state.round
        self.personal = state.personal[seat]
        danger = 0
        if kind in _BEFORE_PLAGUE:
            rats = _rats(state.data)
            value = 0 if state.physician[seat] else sum(rats[p] for p in state.display)
            danger = max(0, state.rat[seat] + value - counts[HOSPITAL] - state.data.plague_max)
        self.danger = danger

    def message_value(self, market: int) -> float:
        state = self.state
        messages = state.data.messages
        message = messages[state.msg_at[market] % len(messages)]
        return (message.prestige + self.bonus + PLAY_COIN * message.coins + PLAY_STONE * message.stones
                + (2.0 if self.danger else 0.4) * message.rat_back)

    def carriage_value(self, n: int) -> float:
        """The best message the carriage can take within `n` markets (0.3 when none)."""
        state = self.state
        seat = self.seat
        b = state.boroughs
        held = state.held[seat * b:(seat + 1) * b]
        on_board = state.on_board
        least = min((held[c] for c in range(b) if on_board[c]), default=0)
        reach = state.data.layouts[b].within[state.carriage[seat]]
        kinds = len(state.data.messages)
        msg_at = state.msg_at
        best = 0.3
        for market in reach[min(n, len(reach) - 1)]:
            code = msg_at[market]
            if code >= 0 and held[code // kinds] <= least:      # ND-11.8 (State.may_take)
                value = self.message_value(market)
                if value > best:
                    best = value
        return best

    def sector_value(self, sector: int) -> float:
        """What putting one more piece into `sector` is worth now (prestige units)."""
        n = self.counts[sector] + 1
        if sector == RESIDENCE:
            return n + self.bonus
        if sector == BANK:
            return PLAY_COIN * n
        if sector == CLOISTER_SCHOOL:
            return PLAY_STONE * min(n, self.state.general[self.seat]) * (1.5 if self.personal <= 1 else 0.7)
        if sector == HOTEL:
            return (2.0 if n >= 4 else 1.0) + (1.8 if self.danger else 0.0)
        if sector == PARK:
            return 0.6 + (3.0 * (self.rounds_left + 1) / 9 if n % 2 == 0 else 0.3) + (1.8 if self.danger else 0.0)
        if sector == HOSPITAL:
            return 0.8 + 0.35 * self.rounds_left + (4.0 if self.danger else 0.0)
        return self.carriage_value(n)

    def card_value(self, card: int) -> float:
        """What playing an action card of type `card` is worth now."""
        if card == TRUSTED_FRIEND:
            here = self.state.friend[self.seat]
            move = 0.0 if here < 0 else 0.5
            return max(self.sector_value(s) - move for s in range(SECTOR_COUNT) if s != here)
        state = self.state
        if card == NOTRE_DAME:
            coins = min(3, state.coins[self.seat])
            if not coins:
                return -1.0
            total = sum(state.notre_dame_stones) + 1
            return (0, 1, 3, 6)[coins] - PLAY_COIN * coins + self.bonus + state.data.tile_points[state.players] / total
        if self.personal == 0:
            return self.sector_value(card) - 1.0                      # a stone must be moved
        return self.sector_value(card)

    def person_value(self, person) -> float:
        effect = person.effect
        state = self.state
        seat = self.seat
        bonus = self.bonus
        if effect == "physician":
            return OVERFLOW + 1.0 if self.danger else 0.25 * state.plague_value()
        if effect == "barmaid":
            return 3 + bonus + (1.5 if self.danger else PLAY_COIN)
        if effect == "monk":
            return 1 + bonus + PLAY_STONE * min(2, state.general[seat])
        if effect == "moneylender":
            return 1 + bonus + 2 * PLAY_COIN
        if effect in ("minstrel", "juggler", "bishop"):
            return 1.5
        counts = self.counts
        if effect == "city_guard":
            points = sum(counts) + state.notre_dame_stones[seat]
        elif effect == "night_watchman":
            points = sum(1 for c in counts if c == 0)
        elif effect == "guild_master":
            points = 2 * sum(1 for c in counts if c >= 2)
        elif effect == "king_of_beggars":
            points = state.data.plague_max - state.rat[seat]
        elif effect == "lawyer":
            points = 3 * (sum(state.held[seat * state.boroughs:(seat + 1) * state.boroughs]) // 2)
        elif effect == "lady_in_waiting":
            points = max(counts)
        elif effect == "mayor":
            points = 3 * sum(1 for c in counts if c >= 3)
        else:                                   # carpenter
            points = sum(1 for c in counts if c >= 1)
        return points + (bonus if points else 0)

    def parts_value(self, parts) -> float:
        value = 0.0
        rat = self.state.rat[self.seat]
        danger = self.danger
        for part in parts:
            if part == HOTEL_COIN:
                value += PLAY_COIN
            elif part == HOTEL_STONE:
                value += 1.0 if self.personal == 0 else PLAY_STONE
            elif part == HOTEL_RAT and rat > 0:
                value += 3.0 if danger else (0.8 if rat >= 5 else 0.2)
                rat -= 1
                danger = max(0, danger - 1)
        return value

    def option_value(self, kind: str, key: str) -> float | None:
        """The value of `key` in a decision of `kind`, or None: no opinion (uniform)."""
        if key in _PASSIVE:
            return 0.0
        if kind == "play_card":
            return self.card_value(PLAY_INDEX[key])
        if kind == "draft_pick":
            return self.card_value(KEEP_INDEX[key])
        if kind == "bribe":
            data = self.state.data
            return self.person_value(data.persons[data.person_index[key]]) - 1.0 - PLAY_COIN
        if kind == "place_friend":
            return self.sector_value(FRIEND_INDEX[key])
        if kind == "donate":
            return float(DONATE_INDEX[key])
        if kind == "hotel_reward":
            return self.parts_value(HOTEL_PARTS[key])
        if kind == "barmaid_reward":
            return self.parts_value((BARMAID_KEYS[key],))
        if kind == "move_carriage":
            market, take = self.state.data.layouts[self.state.boroughs].move_index[key]
            return self.message_value(market) if take else 0.2
        return None


_OPINIONS = frozenset(("play_card", "draft_pick", "bribe", "place_friend", "donate", "hotel_reward",
                       "barmaid_reward", "move_carriage"))


def option_values(state, keys: list[str]) -> list[float] | None:
    """The policy's value of each key for the seat to act, or None where it has no opinion."""
    kind = state.top()[0].name
    if kind not in _OPINIONS:
        return None
    me = _Seat(state, state.to_act, kind)
    return [me.option_value(kind, key) for key in keys]


def playout_key(state, random) -> str:
    """A noisy greedy choice for the seat to act (see the module's docstring)."""
    keys = state.legal_keys()
    if len(keys) == 1:
        return keys[0]
    if random() < EXPLORE or state.top()[0].name not in _OPINIONS:
        active = [k for k in keys if k not in _PASSIVE] or keys
        return active[int(random() * len(active))]
    values = option_values(state, keys)
    best_key, best = keys[0], float("-inf")
    for key, value in zip(keys, values):
        value += NOISE * random()
        if value > best:
            best_key, best = key, value
    return best_key
