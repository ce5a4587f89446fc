"""Phase 4, bribes (ND-17 to ND-19): in turn order each seat with a coin may bribe one of the
three persons; some persons ask a follow-up decision (Barmaid, Minstrel, Juggler, Bishop)."""
from __future__ import annotations

from ...kernel import Action
from ...kernel.flow import Automatic, Decision
from ...kernel.preview import attach, note
from .actions import card_effect, sector_action
from .data import SECTOR_COUNT
from .frames import FLOW
from .outlook import effect_note, effect_notes, preview
from .keys import (BARMAID_KEYS, BISHOP_INDEX, BISHOP_KEYS, HOSPITAL, HOTEL_COIN, HOTEL_RAT, HOTEL_STONE,
                   JUGGLE_INDEX, JUGGLE_KEYS, JUGGLE_TO_INDEX, JUGGLE_TO_KEYS, MINSTREL_INDEX,
                   MINSTREL_KEYS, MOVE_INDEX, MOVE_KEYS, NOTRE_DAME, PASS, PERSON_POINTS, REWARD_LABELS, REWARD_TEXTS)


@FLOW.kind
class OfferBribe(Automatic):
    """ND-17.1, ND-17.3: a seat's turn to bribe; a seat without a coin is passed over."""

    args = ("seat",)
    over = ("end_bribes",)

    def run(self, state, frame):
        seat = frame[1]
        if state.coins[seat] > 0:
            state.push(BRIBE(seat))
        else:
            state.event("cannot_bribe", f"{state.name(seat)} has no coin and cannot bribe.", {"seat": seat}, (seat,))


@FLOW.kind
class Bribe(Decision):
    """ND-17.2: pay 1 coin to one of the three persons and carry out its effect, or pass."""

    args = ("seat",)
    over = ("end_bribes",)
    phase = "bribes"
    title = "bribe a person"

    def keys(self, state, frame, seat):
        keys = state.data.bribe_keys
        return [keys[p] for p in state.display] + [PASS]

    def describe(self, state, frame, seat, key):
        if key == PASS:
            return attach(Action(key, "Bribe nobody", {"kind": "pass"}),
                          preview(state, seat, key, confirm="bribe_nobody"))
        person = state.data.persons[state.data.person_index[key]]
        action = Action(key, f"Bribe the {person.name}: {person.text}",
                        {"kind": "bribe", "person": person.id, "coins": 1})
        return attach(action, preview(state, seat, key, bribe_notes(state, seat, person.effect)))

    def apply(self, state, frame, seat, key):
        if key == PASS:
            state.event("bribe_pass", f"{state.name(seat)} bribes nobody.", {"seat": seat}, (seat,))
            return
        person = state.data.persons[state.data.person_index[key]]
        state.coins[seat] -= 1                                      # ND-17.2: pay first
        state.supply += 1
        state.bribed[seat] = True
        state.event("bribe", f"{state.name(seat)} bribes the {person.name} (1 coin).",
                    {"seat": seat, "person": person.id}, (seat,))
        PERSON_EFFECTS[person.effect](state, seat)


def _count_sectors(state, seat: int, at_least: int) -> int:
    return sum(1 for s in range(SECTOR_COUNT) if state.count(seat, s) >= at_least)


def _barmaid(state, seat):                                         # ND-18.1
    state.gain_pp(seat, 3, PERSON_POINTS, "Barmaid")
    if len(barmaid_keys(state, seat)) > 1:
        state.push(BARMAID_REWARD(seat))


def _monk(state, seat):                                            # ND-18.2
    state.gain_pp(seat, 1, PERSON_POINTS, "Monk")
    state.gain_stones(seat, 2)


def _moneylender(state, seat):                                     # ND-18.3
    state.gain_pp(seat, 1, PERSON_POINTS, "Moneylender")
    state.gain_coins(seat, 2, bank=False)


def _minstrel(state, seat):                                        # ND-18.4 to ND-18.6
    if minstrel_keys(state, seat):
        state.push(MINSTREL_FROM(seat))


def _juggler(state, seat):                                         # ND-18.7 to ND-18.9
    if juggler_keys(state, seat):
        state.push(JUGGLER_PIECE(seat))


def _physician(state, seat):                                       # ND-18.10
    state.physician[seat] = True


def _city_guard(state, seat) -> int:                               # ND-19.1
    base = seat * SECTOR_COUNT
    return sum(state.sector_stones[base:base + SECTOR_COUNT]) + (state.friend[seat] >= 0) + state.notre_dame_stones[seat]


def _night_watchman(state, seat) -> int:                           # ND-19.2
    return len(state.empty_sectors(seat))


def _bishop(state, seat):                                          # ND-19.3, ND-AMB-17
    if state.general[seat] > 0 and state.empty_sectors(seat):
        state.push(BISHOP_SECTOR(seat))
    else:
        why = "no stone in the general supply" if state.general[seat] == 0 else "no empty sector"
        state.event("no_effect", f"The Bishop has no effect for {state.name(seat)} ({why}).",
                    {"seat": seat, "person": "bishop"}, (seat,))


def _guild_master(state, seat) -> int:                             # ND-19.5
    return 2 * _count_sectors(state, seat, 2)


def _king_of_beggars(state, seat) -> int:                          # ND-19.6, ND-AMB-29
    return state.data.plague_max - state.rat[seat]


def _lawyer(state, seat) -> int:                                   # ND-19.7
    return 3 * (sum(state.held[seat * state.boroughs:(seat + 1) * state.boroughs]) // 2)


def _lady_in_waiting(state, seat) -> int:                          # ND-19.8
    return max(state.count(seat, s) for s in range(SECTOR_COUNT))


def _mayor(state, seat) -> int:                                    # ND-19.9
    return 3 * _count_sectors(state, seat, 3)


def _carpenter(state, seat) -> int:                                # ND-19.10
    return _count_sectors(state, seat, 1)


# The persons who give prestige alone: how much, for the effect and for the option's notes.
PERSON_POINTS_OF = {
    "city_guard": _city_guard, "night_watchman": _night_watchman, "guild_master": _guild_master,
    "king_of_beggars": _king_of_beggars, "lawyer": _lawyer, "lady_in_waiting": _lady_in_waiting,
    "mayor": _mayor, "carpenter": _carpenter,
}


def _prestige_person(effect: str, name: str):
    points = PERSON_POINTS_OF[effect]
    return lambda state, seat: state.gain_pp(seat, points(state, seat), PERSON_POINTS, name)


def bribe_notes(state, seat: int, effect: str) -> list[dict]:
    """What a bribe's preview cannot show by itself: the plague steps the Physician saves
    (ND-18.10), the Bishop's empty sectors or why he does nothing (ND-19.3), the move the
    Minstrel or the Juggler lets the seat make next (ND-18.4, ND-18.7), and a person who gives
    nothing now, so that no coin is spent on him unwarned."""
    if effect == "physician":
        # the steps the marker would move on, not the plague's value: the hospital's pieces still
        # move it back, and it stops at 0 (ND-20.3)
        back = state.count(seat, HOSPITAL)
        steps = max(0, state.rat[seat] + state.plague_value() - back) - max(0, state.rat[seat] - back)
        return [note("physician", f"your rat marker does not advance in this round's plague "
                     f"({steps} steps saved)", n=steps)]
    if effect == "bishop":
        empty = len(state.empty_sectors(seat))
        if state.general[seat] > 0 and empty:
            return [note("bishop_sectors", f"then a free stone in one of your {empty} empty sectors, "
                         f"and that sector's action", n=empty)]
        if state.general[seat] == 0:
            return [note("bishop_no_stone", "it gives you nothing now: no stone in your general supply")]
        return [note("bishop_no_sector", "it gives you nothing now: you have no empty sector")]
    nothing = ((effect in PERSON_POINTS_OF and PERSON_POINTS_OF[effect](state, seat) == 0)
               or (effect == "minstrel" and not minstrel_keys(state, seat))
               or (effect == "juggler" and not juggler_keys(state, seat)))
    if nothing:
        return [note("bribe_nothing", "it gives you nothing now")]
    # the move comes as a decision of its own after the coin: its row says what it will be
    if effect == "minstrel":
        return [note("minstrel_moves", "then move up to 3 of your pieces (stones, or the trusted friend) "
                     "from one of your sectors to another; no action there")]
    if effect == "juggler":
        return [note("juggler_moves", "then move 1 stone or the trusted friend from a sector or Notre Dame "
                     "to another sector, and carry out that sector's action")]
    return []


PERSON_EFFECTS = {
    "barmaid": _barmaid, "monk": _monk, "moneylender": _moneylender, "minstrel": _minstrel,
    "juggler": _juggler, "physician": _physician, "bishop": _bishop,
    "city_guard": _prestige_person("city_guard", "City Guard"),
    "night_watchman": _prestige_person("night_watchman", "Night Watchman"),
    "guild_master": _prestige_person("guild_master", "Guild Master"),
    "king_of_beggars": _prestige_person("king_of_beggars", "King of Beggars"),
    "lawyer": _prestige_person("lawyer", "Lawyer"),
    "lady_in_waiting": _prestige_person("lady_in_waiting", "Lady-in-Waiting"),
    "mayor": _prestige_person("mayor", "Mayor"),
    "carpenter": _prestige_person("carpenter", "Carpenter"),
}


def barmaid_keys(state, seat: int) -> list[str]:
    """ND-18.1 with ND-AMB-30: the options that have an effect, plus none."""
    keys = [k for k, ok in (("barmaid:coin", state.coin_possible(seat)), ("barmaid:stone", state.general[seat] > 0),
                            ("barmaid:rat", state.rat[seat] > 0)) if ok]
    return keys + ["barmaid:none"]


@FLOW.kind
class BarmaidReward(Decision):
    """ND-18.1: after the 3 prestige, 1 coin, 1 stone or the rat marker back 1."""

    args = ("seat",)
    over = ("end_bribes",)
    phase = "bribes"
    title = "barmaid reward"

    def keys(self, state, frame, seat):
        return barmaid_keys(state, seat)

    def describe(self, state, frame, seat, key):
        part = BARMAID_KEYS[key]
        label = f"From the Barmaid: {REWARD_LABELS[part]}" if part else "Take nothing more from the Barmaid"
        if part == HOTEL_RAT:
            label = "Move your rat marker back 1 (Barmaid)"
        return attach(Action(key, label, {"kind": "barmaid", "take": part or "none"}),
                      preview(state, seat, key, confirm=None if part else "take_nothing"))

    def apply(self, state, frame, seat, key):
        part = BARMAID_KEYS[key]
        state.event("barmaid", f"{state.name(seat)} takes from the Barmaid: {REWARD_TEXTS[part] if part else 'nothing'}.",
                    {"seat": seat, "take": part or "none"}, (seat,))
        if part == HOTEL_COIN:
            state.gain_coins(seat, 1, bank=False)
        elif part == HOTEL_STONE:
            state.gain_stones(seat, 1)
        elif part == HOTEL_RAT:
            state.rat_back(seat, 1)


def minstrel_keys(state, seat: int) -> list[str]:
    """ND-18.4, ND-18.5: from one sector with a stone or the friend to another sector."""
    return [MINSTREL_KEYS[a][b] for a in range(SECTOR_COUNT) if state.count(seat, a)
            for b in range(SECTOR_COUNT) if b != a]


def minstrel_count_keys(state, seat: int, origin: int) -> list[str]:
    stones = state.sector_stones[seat * SECTOR_COUNT + origin]
    keys = [MOVE_KEYS[k][0] for k in range(1, min(3, stones) + 1)]
    if state.friend[seat] == origin:
        keys += [MOVE_KEYS[k][1] for k in range(0, min(2, stones) + 1)]
    return keys


@FLOW.kind
class MinstrelFrom(Decision):
    """ND-18.4, step 1: the sectors to move pieces from and to."""

    args = ("seat",)
    over = ("end_bribes",)
    phase = "bribes"
    title = "minstrel: move stones"

    def keys(self, state, frame, seat):
        return minstrel_keys(state, seat)

    def describe(self, state, frame, seat, key):
        a, b = MINSTREL_INDEX[key]
        names, ids = state.data.card_names, state.data.card_ids
        counts = minstrel_count_keys(state, seat, a)
        after = minstrel_notes(state, seat, a, b, counts[0]) if len(counts) == 1 else []   # moved at once
        return attach(Action(key, f"Move pieces from your {names[a]} to your {names[b]} (Minstrel)",
                             {"kind": "minstrel", "from": ids[a], "to": ids[b]}),
                      preview(state, seat, key, [note("no_action", "no sector action follows")] + after))   # ND-18.6

    def apply(self, state, frame, seat, key):
        origin, dest = MINSTREL_INDEX[key]
        keys = minstrel_count_keys(state, seat, origin)
        if len(keys) == 1:
            minstrel_move(state, seat, origin, dest, keys[0])
        else:
            state.push(MINSTREL_COUNT(seat, origin, dest))


def minstrel_notes(state, seat: int, origin: int, dest: int, key: str) -> list[dict]:
    """What the two sectors' actions will give once the pieces have moved (ND-18.5): the pieces
    left and arrived, then each sector's `effect_note` with its new count and the piece a card
    played there places first (as the draft's notes count, ND-8 to ND-16)."""
    stones, with_friend = MOVE_INDEX[key]
    moved = stones + (1 if with_friend else 0)
    left, there = state.count(seat, origin) - moved, state.count(seat, dest) + moved
    return [note("pieces_after", f"then {left} pieces stay and {there} are at the destination; played "
                 "later, with the piece then placed, their actions give:", left=left, there=there),
            effect_note(state, seat, origin, left + 1), effect_note(state, seat, dest, there + 1)]


def minstrel_move(state, seat: int, origin: int, dest: int, key: str) -> None:
    """ND-18.5, ND-18.6: move the pieces; no sector action follows."""
    stones, with_friend = MOVE_INDEX[key]
    base = seat * SECTOR_COUNT
    state.sector_stones[base + origin] -= stones
    state.sector_stones[base + dest] += stones
    if with_friend:
        state.friend[seat] = dest
    names = state.data.card_names
    parts = [f"{stones} stone{'s' if stones != 1 else ''}"] if stones else []
    what = " and ".join(parts + (["the trusted friend"] if with_friend else []))
    state.event("minstrel", f"{state.name(seat)} moves {what} from the {names[origin]} to the "
                f"{names[dest]} (Minstrel; no sector action follows).",
                {"seat": seat, "from": state.data.card_ids[origin], "to": state.data.card_ids[dest],
                 "stones": stones, "friend": with_friend}, (seat,))


@FLOW.kind
class MinstrelCount(Decision):
    """ND-18.4, step 2: how many stones (and whether the trusted friend) to move."""

    args = ("seat", "origin", "dest")
    over = ("end_bribes",)
    phase = "bribes"
    title = "minstrel: how many"

    def keys(self, state, frame, seat):
        return minstrel_count_keys(state, seat, frame[2])

    def describe(self, state, frame, seat, key):
        stones, friend = MOVE_INDEX[key]
        parts = ([f"{stones} stone{'s' if stones != 1 else ''}"] if stones else []) + (
            ["the trusted friend"] if friend else [])
        names = state.data.card_names
        return attach(Action(key, f"Move {' and '.join(parts)} from your {names[frame[2]]} to your {names[frame[3]]}",
                             {"kind": "minstrel_count", "stones": stones, "friend": friend}),
                      preview(state, seat, key, [note("no_action", "no sector action follows")]   # ND-18.6
                              + minstrel_notes(state, seat, frame[2], frame[3], key)))

    def apply(self, state, frame, seat, key):
        minstrel_move(state, seat, frame[2], frame[3], key)


def juggler_keys(state, seat: int) -> list[str]:
    """ND-18.7: one stone or the friend, from a sector or Notre Dame (stones only there)."""
    keys = []
    base = seat * SECTOR_COUNT
    for s in range(SECTOR_COUNT):
        if state.sector_stones[base + s]:
            keys.append(JUGGLE_KEYS[s][0])
        if state.friend[seat] == s:
            keys.append(JUGGLE_KEYS[s][1])
    if state.notre_dame_stones[seat]:
        keys.append(JUGGLE_KEYS[NOTRE_DAME][0])
    return keys


@FLOW.kind
class JugglerPiece(Decision):
    """ND-18.7, step 1: which piece the Juggler moves."""

    args = ("seat",)
    over = ("end_bribes",)
    phase = "bribes"
    title = "juggler: what to move"

    def keys(self, state, frame, seat):
        return juggler_keys(state, seat)

    def describe(self, state, frame, seat, key):
        origin, friend = JUGGLE_INDEX[key]
        place = "Notre Dame" if origin == NOTRE_DAME else f"your {state.place_name(origin)}"
        return attach(Action(key, f"Move {'the trusted friend' if friend else 'a stone'} from {place} (Juggler)",
                             {"kind": "juggle", "from": state.data.card_ids[origin],
                              "piece": "friend" if friend else "stone"}), preview(state, seat, key))

    def apply(self, state, frame, seat, key):
        origin, friend = JUGGLE_INDEX[key]
        state.push(JUGGLER_TARGET(seat, origin, bool(friend)))


@FLOW.kind
class JugglerTarget(Decision):
    """ND-18.8, ND-18.9: the sector it goes to (not the one it came from), then that action."""

    args = ("seat", "origin", "friend")
    over = ("end_bribes",)
    phase = "bribes"
    title = "juggler: where to"

    def keys(self, state, frame, seat):
        return [JUGGLE_TO_KEYS[s] for s in range(SECTOR_COUNT) if s != frame[2]]

    def describe(self, state, frame, seat, key):
        dest = JUGGLE_TO_INDEX[key]
        data = state.data
        n = state.count(seat, dest) + 1
        piece = "friend" if frame[3] else "stone"          # the piece chosen just before
        text = "the trusted friend" if frame[3] else "a stone"
        action = Action(key, f"Juggler: move {text} to your {data.card_names[dest]}: {card_effect(data, dest, n)}",
                        {"kind": "juggle_to", "sector": data.card_ids[dest], "count": n, "piece": piece})
        return attach(action, preview(state, seat, key, effect_notes(state, seat, dest, n)))

    def apply(self, state, frame, seat, key):
        _, _, origin, friend = frame
        dest = JUGGLE_TO_INDEX[key]
        if friend:
            state.friend[seat] = dest
            what = "the trusted friend"
        else:
            if origin == NOTRE_DAME:
                state.notre_dame_stones[seat] -= 1
            else:
                state.sector_stones[seat * SECTOR_COUNT + origin] -= 1
            state.sector_stones[seat * SECTOR_COUNT + dest] += 1
            what = "a stone"
        state.event("juggler", f"{state.name(seat)} moves {what} from {state.place_name(origin)} to the "
                    f"{state.data.card_names[dest]} (Juggler).",
                    {"seat": seat, "from": state.data.card_ids[origin], "to": state.data.card_ids[dest],
                     "piece": "friend" if friend else "stone"}, (seat,))
        sector_action(state, seat, dest)                          # ND-18.8


@FLOW.kind
class BishopSector(Decision):
    """ND-19.3, ND-19.4: a stone from the general supply in an empty sector, then its action."""

    args = ("seat",)
    over = ("end_bribes",)
    phase = "bribes"
    title = "bishop: which sector"

    def keys(self, state, frame, seat):
        return [BISHOP_KEYS[s] for s in state.empty_sectors(seat)]

    def describe(self, state, frame, seat, key):
        sector = BISHOP_INDEX[key]
        data = state.data
        action = Action(key, f"Put the Bishop's stone in your {data.card_names[sector]}: "
                        f"{card_effect(data, sector, 1)}",
                        {"kind": "bishop", "sector": data.card_ids[sector]})
        return attach(action, preview(state, seat, key, effect_notes(state, seat, sector, 1)))

    def apply(self, state, frame, seat, key):
        sector = BISHOP_INDEX[key]
        state.general[seat] -= 1                                  # ND-19.3: from the general supply
        state.sector_stones[seat * SECTOR_COUNT + sector] += 1
        state.event("bishop", f"{state.name(seat)} puts a stone from the general supply in the "
                    f"{state.data.card_names[sector]} (Bishop).",
                    {"seat": seat, "sector": state.data.card_ids[sector]}, (seat,))
        sector_action(state, seat, sector)                        # ND-19.4


OFFER_BRIBE, BRIBE, BARMAID_REWARD = OfferBribe, Bribe, BarmaidReward
MINSTREL_FROM, MINSTREL_COUNT, JUGGLER_PIECE, JUGGLER_TARGET, BISHOP_SECTOR = (
    MinstrelFrom, MinstrelCount, JugglerPiece, JugglerTarget, BishopSector)
