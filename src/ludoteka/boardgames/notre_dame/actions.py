"""Phase 3, action cards (ND-6 to ND-16): each seat plays a card, places a stone (or the trusted
friend) and carries out the sector's action. The sector actions are shared with the Juggler and
the Bishop (bribes.py), which is why the hotel and carriage kinds name no phase of their own."""
from __future__ import annotations

import re

from ...kernel import Action
from ...kernel.flow import Decision
from ...kernel.preview import attach, note
from .data import CARD_TYPES, SECTOR_COUNT
from .frames import FLOW
from .outlook import effect_note, effect_notes, preview
from .keys import (BANK, CARRIAGE_HOUSE, CLOISTER_SCHOOL, DECLINE, DONATE_INDEX, DONATE_KEYS,
                   DONATION_POINTS, DONATION_PRESTIGE, FRIEND_INDEX, FRIEND_KEYS, FROM_INDEX, FROM_KEYS,
                   HOTEL, HOTEL_COIN, HOTEL_ITEMS, HOTEL_KEYS, HOTEL_PAIRS, HOTEL_PARTS, HOTEL_RAT,
                   HOTEL_STONE, MESSAGE_POINTS, NOTRE_DAME, PLACE, PLAY_INDEX, PLAY_KEYS, RESIDENCE,
                   RESIDENCE_POINTS, REWARD_LABELS, REWARD_TEXTS, TRUSTED_FRIEND)

MARKET_PLACES = {"C": "centre", "IL": "inner-left", "IR": "inner-right", "OL": "outer-left", "OR": "outer-right"}


def market_name(data, name: str) -> str:
    """'0.IL' as players say it: 'the inner-left market of the red borough'."""
    borough, _, place = name.partition(".")
    return f"the {MARKET_PLACES.get(place, place)} market of the {data.colours[int(borough)]} borough"


def card_effect(data, card: int, n: int) -> str:
    """An action card's effect from the data file, with the count `n` filled in ('1 coin', '2 coins')."""
    text = data.card_effects[card].format(n=n)
    return re.sub(r"\b1 (coin|stone|market|prestige)s\b", r"1 \1", text)


def message_reward(message) -> str:
    """A message's reward, e.g. '+2 prestige, +1 stone'."""
    parts = [f"+{message.prestige} prestige"] if message.prestige else []
    if message.coins:
        parts.append(f"+{message.coins} coin{'s' if message.coins > 1 else ''}")
    if message.stones:
        parts.append(f"+{message.stones} stone{'s' if message.stones > 1 else ''}")
    if message.rat_back:
        parts.append(f"rat marker back {message.rat_back}")
    return ", ".join(parts)


def declined(state, seat: int) -> None:
    state.event("decline", f"{state.name(seat)} declines the action.", {"seat": seat}, (seat,))


@FLOW.kind
class PlayCard(Decision):
    """ND-6.1: play one card face up, then carry out (or decline) its action."""

    args = ("seat",)
    over = ("end_actions",)
    phase = "actions"
    title = "play an action card"

    def keys(self, state, frame, seat):
        types = sorted({c % CARD_TYPES for c in state.hand[seat]})
        return [PLAY_KEYS[t] for t in types]

    def describe(self, state, frame, seat, key):
        card = PLAY_INDEX[key]
        data = state.data
        n = state.count(seat, card) + 1 if card < SECTOR_COUNT else 0
        effect = card_effect(data, card, n)
        action = Action(key, f"Play {data.card_names[card]}: {effect}",
                        {"kind": "play", "card": data.card_ids[card], "count": n})
        return attach(action, preview(state, seat, key, play_notes(state, seat, card, n)))

    def apply(self, state, frame, seat, key):
        card_type = PLAY_INDEX[key]
        hand = state.hand[seat]
        card = min([c for c in hand if c % CARD_TYPES == card_type])  # equal cards: colour has no effect (ND-5.7)
        state.hand[seat] = tuple([c for c in hand if c != card])
        state.played[seat] += (card,)
        bit = 1 << card
        known = state.known
        passed = state.passed
        for obs in range(state.players):
            known[obs] |= bit
            passed[obs] &= ~bit
        state._mark_barrier()                                     # a hidden card is revealed
        state.event("play", f"{state.name(seat)} plays {state.data.card_names[card_type]}.",
                    {"seat": seat, "card": state.data.card_ids[card_type], "colour": card // CARD_TYPES}, (seat,))
        if card_type == TRUSTED_FRIEND:
            state.push(PLACE_FRIEND(seat))
        elif card_type == NOTRE_DAME and state.coins[seat] == 0:
            state.event("no_donation", f"{state.name(seat)} places nothing on Notre Dame (no coin to donate).",
                        {"seat": seat}, (seat,))
        else:
            keys = place_keys(state, seat, card_type)
            if len(keys) == 1:
                state.event("no_stone", f"{state.name(seat)} has no stone to place; the action is not carried "
                            f"out.", {"seat": seat}, (seat,))
            else:
                state.push((PLACE_STONE, seat, card_type), keys)


def play_notes(state, seat: int, card: int, n: int) -> list[dict]:
    """What playing `card` will do (its action is chosen next), and what is given up with it."""
    if card == NOTRE_DAME and state.coins[seat] == 0:
        notes = [note("no_coin_donation", "you have no coin: nothing is placed on Notre Dame")]
    elif card != TRUSTED_FRIEND and len(place_keys(state, seat, card)) == 1:
        notes = [note("no_stone", "you have no stone to place: the card does nothing")]
    else:
        notes = [effect_note(state, seat, card, n)]
    if len(state.hand[seat]) == 2:                                # ND-6.3: the third card stays unused
        notes.append(note("unused_card", "your other card stays unused this round"))
    return notes


def place_keys(state, seat: int, target: int) -> list[str]:
    """ND-7.1 to ND-7.5: place from the personal supply, or (only if it is empty) move a stone."""
    if state.personal[seat] > 0:
        return [PLACE, DECLINE]
    keys = []
    base = seat * SECTOR_COUNT
    for s in range(SECTOR_COUNT):
        if s != target and state.sector_stones[base + s] > 0:
            keys.append(FROM_KEYS[s])
    if target != NOTRE_DAME and state.notre_dame_stones[seat] > 0:
        keys.append(FROM_KEYS[NOTRE_DAME])
    keys.append(DECLINE)
    return keys


@FLOW.kind
class PlaceStone(Decision):
    """ND-7: put a stone in the sector of the card played (or on Notre Dame)."""

    args = ("seat", "target")
    over = ("end_actions",)
    phase = "actions"
    title = "place a stone"

    def keys(self, state, frame, seat):
        return place_keys(state, seat, frame[2])

    def describe(self, state, frame, seat, key):
        where = state.place_name(frame[2])
        if key == DECLINE:
            return attach(Action(key, "Decline the action (the card stays played; nothing is placed)",
                                 {"kind": "decline"}), preview(state, seat, key, confirm="decline"))
        target = frame[2]
        notes = effect_notes(state, seat, target, state.count(seat, target) + 1 if target < SECTOR_COUNT else 0)
        if key == PLACE:
            action = Action(key, f"Place a stone from your personal supply on {where}"
                            if target == NOTRE_DAME else f"Place a stone from your personal supply in your {where}",
                            {"kind": "place", "to": state.data.card_ids[target]})
            return attach(action, preview(state, seat, key, notes))
        origin = FROM_INDEX[key]
        source = "Notre Dame" if origin == NOTRE_DAME else f"your {state.place_name(origin)}"
        action = Action(key, f"Move a stone from {source} to {where}",
                        {"kind": "move", "from": state.data.card_ids[origin], "to": state.data.card_ids[target]})
        return attach(action, preview(state, seat, key, notes))

    def apply(self, state, frame, seat, key):
        target = frame[2]
        if key == DECLINE:
            declined(state, seat)
            return
        if key == PLACE:
            state.personal[seat] -= 1
            origin, source = -1, "from the personal supply"
        else:
            origin = FROM_INDEX[key]
            if origin == NOTRE_DAME:
                state.notre_dame_stones[seat] -= 1
            else:
                state.sector_stones[seat * SECTOR_COUNT + origin] -= 1
            source = f"moved from {state.place_name(origin)}"
        data = {"seat": seat, "to": state.data.card_ids[target],
                "from": None if origin < 0 else state.data.card_ids[origin]}
        if target == NOTRE_DAME:
            state.notre_dame_stones[seat] += 1
            state.event("stone", f"{state.name(seat)} puts a stone on Notre Dame ({source}).", data, (seat,))
            if state.coins[seat] == 1:
                donate(state, seat, 1)
            else:
                state.push(DONATE(seat))
            return
        state.sector_stones[seat * SECTOR_COUNT + target] += 1
        state.event("stone", f"{state.name(seat)} puts a stone in the {state.place_name(target)} ({source}).",
                    data, (seat,))
        sector_action(state, seat, target)


def donate(state, seat: int, amount: int) -> None:
    """ND-16.2, ND-16.3: 1, 2 or 3 coins give 1, 3 or 6 PP (plus the park bonus)."""
    state.coins[seat] -= amount
    state.supply += amount
    state.event("donate", f"{state.name(seat)} donates {amount} coin{'s' if amount > 1 else ''}.",
                {"seat": seat, "coins": amount}, (seat,))
    state.gain_pp(seat, DONATION_PRESTIGE[amount], DONATION_POINTS, "Notre Dame donation")


@FLOW.kind
class Donate(Decision):
    """ND-16.2: how many coins to give to Notre Dame (asked only when there is a choice)."""

    args = ("seat",)
    over = ("end_actions",)
    phase = "actions"
    title = "donate to Notre Dame"

    def keys(self, state, frame, seat):
        return list(DONATE_KEYS[:min(3, state.coins[seat])])

    def describe(self, state, frame, seat, key):
        amount = DONATE_INDEX[key]
        action = Action(key, f"Donate {amount} coin{'s' if amount > 1 else ''} to Notre Dame for "
                        f"{DONATION_PRESTIGE[amount]} prestige", {"kind": "donate", "coins": amount})
        # Giving the last coin before the bribes leaves no coin to bribe with (ND-17.3).
        last = amount == state.coins[seat] and state.phase() == "actions"
        return attach(action, preview(state, seat, key, confirm="last_coin" if last else None))

    def apply(self, state, frame, seat, key):
        donate(state, seat, DONATE_INDEX[key])


@FLOW.kind
class PlaceFriend(Decision):
    """ND-13.1 to ND-13.4: put the trusted friend in any sector but the one it stands on."""

    args = ("seat",)
    over = ("end_actions",)
    phase = "actions"
    title = "place the trusted friend"

    def keys(self, state, frame, seat):
        here = state.friend[seat]
        return [FRIEND_KEYS[s] for s in range(SECTOR_COUNT) if s != here] + [DECLINE]

    def describe(self, state, frame, seat, key):
        if key == DECLINE:
            return attach(Action(key, "Decline the action (the card stays played; nothing is placed)",
                                 {"kind": "decline"}), preview(state, seat, key, confirm="decline"))
        sector = FRIEND_INDEX[key]
        data = state.data
        n = state.count(seat, sector) + 1
        action = Action(key, f"Put the trusted friend in your {data.card_names[sector]}: "
                        f"{card_effect(data, sector, n)}",
                        {"kind": "friend", "sector": data.card_ids[sector], "count": n})
        return attach(action, preview(state, seat, key, effect_notes(state, seat, sector, n)))

    def apply(self, state, frame, seat, key):
        if key == DECLINE:
            declined(state, seat)
            return
        sector = FRIEND_INDEX[key]
        state.friend[seat] = sector
        state.event("friend", f"{state.name(seat)} puts the trusted friend in the {state.data.card_names[sector]}.",
                    {"seat": seat, "sector": state.data.card_ids[sector]}, (seat,))
        sector_action(state, seat, sector)                         # ND-13.4


def sector_action(state, seat: int, sector: int) -> None:
    """Carry out a sector's action for `seat` with the count after placement (ND-8 to ND-15)."""
    count = state.count(seat, sector)
    if sector == CLOISTER_SCHOOL:                                 # ND-8.2, ND-8.4
        state.gain_stones(seat, count)
    elif sector == BANK:                                          # ND-9.2, ND-9.3
        state.gain_coins(seat, count, bank=True)
    elif sector == RESIDENCE:                                     # ND-10.2
        state.gain_pp(seat, count, RESIDENCE_POINTS, "Residence")
    elif sector == CARRIAGE_HOUSE:                                # ND-11.2
        state.push(MOVE_CARRIAGE(seat, count))
    elif sector == HOTEL:                                         # ND-12.2, ND-12.4
        if len(hotel_keys(state, seat, count)) > 1:
            state.push(HOTEL_REWARD(seat, count))
    else:                                                         # PARK (ND-14.2), HOSPITAL (ND-15.2)
        state.rat_back(seat, 1)


def hotel_keys(state, seat: int, count: int) -> list[str]:
    """The hotel's options that have an effect, plus declining (ND-12.2 to 12.4, ND-AMB-11, ND-AMB-30)."""
    coin_ok = state.coin_possible(seat)
    stones = state.general[seat]
    rat = state.rat[seat]
    if count <= 3:
        keys = [k for k, ok in ((HOTEL_KEYS[0], coin_ok), (HOTEL_KEYS[1], stones > 0),
                                (HOTEL_KEYS[2], rat > 0)) if ok]
    else:
        coin_limit = 2 if state.options["coin_shortage"] == "richest_pays" else min(2, state.supply)
        limits = {HOTEL_COIN: coin_limit if coin_ok else 0, HOTEL_STONE: min(2, stones), HOTEL_RAT: min(2, rat)}
        keys = [key for key, parts in HOTEL_PAIRS if all(parts.count(p) <= limits[p] for p in parts)]
        if not keys:   # only one single option has any effect
            keys = [k for k, p in zip(HOTEL_KEYS, HOTEL_ITEMS) if limits[p]]
    return keys + ["hotel:none"]


@FLOW.kind
class HotelReward(Decision):
    """ND-12: 1 coin, 1 stone or the rat marker back 1; two of them with 4 or more pieces."""

    args = ("seat", "count")
    over = ("end_actions", "end_bribes")
    title = "hotel reward"

    def keys(self, state, frame, seat):
        return hotel_keys(state, seat, frame[2])

    def describe(self, state, frame, seat, key):
        parts = HOTEL_PARTS[key]
        if not parts:
            return attach(Action(key, "Take nothing from the hotel", {"kind": "hotel", "take": []}),
                          preview(state, seat, key, confirm="take_nothing"))
        action = Action(key, "From the hotel: " + " and ".join(REWARD_LABELS[p] for p in parts),
                        {"kind": "hotel", "take": list(parts)})
        return attach(action, preview(state, seat, key))

    def apply(self, state, frame, seat, key):
        parts = HOTEL_PARTS[key]
        state.event("hotel", f"{state.name(seat)} takes from the hotel: "
                    f"{' and '.join(REWARD_TEXTS[p] for p in parts) or 'nothing'}.",
                    {"seat": seat, "take": list(parts)}, (seat,))
        for part in parts:
            if part == HOTEL_STONE:
                state.gain_stones(seat, 1)
            elif part == HOTEL_RAT:
                state.rat_back(seat, 1)
        coins = parts.count(HOTEL_COIN)
        if coins:
            state.gain_coins(seat, coins, bank=False)


@FLOW.kind
class MoveCarriage(Decision):
    """ND-11.2 to ND-11.9: any market within `count` roads; take an allowed message there."""

    args = ("seat", "count")
    over = ("end_actions", "end_bribes")
    title = "move the carriage"

    def keys(self, state, frame, seat):
        layout = state.data.layouts[state.boroughs]
        here = state.carriage[seat]
        reach = layout.within[here][min(frame[2], len(layout.within[here]) - 1)]
        allow_stay = state.options["carriage_may_stay"]
        names = layout.move_keys
        kinds = len(state.data.messages)
        keys = []
        for market in reach:
            if market == here and not allow_stay:               # ND-AMB-14 variant: at least 1 step
                continue
            keys.append(names[market][0])
            if state.msg_at[market] >= 0 and state.may_take(seat, state.msg_at[market] // kinds):
                keys.append(names[market][1])
        return keys

    def describe(self, state, frame, seat, key):
        data = state.data
        layout = data.layouts[state.boroughs]
        market, take = layout.move_index[key]
        info = {"kind": "carriage", "market": layout.names[market], "take_message": take}
        where = market_name(data, layout.names[market])
        if market == state.carriage[seat]:
            label = f"Leave the carriage on {where}"
        else:
            label = f"Move the carriage to {where}"
        if take:
            kinds = len(data.messages)
            colour, kind = divmod(state.msg_at[market], kinds)
            message = data.messages[kind]
            info.update(colour=data.colours[colour], message=message.id)
            label += f" and take the {data.colours[colour]} message ({message_reward(message)})"
        return attach(Action(key, label, info), preview(state, seat, key))

    def apply(self, state, frame, seat, key):
        data = state.data
        layout = data.layouts[state.boroughs]
        market, take = layout.move_index[key]
        state.carriage[seat] = market
        state.event("carriage", f"{state.name(seat)} moves the carriage to {market_name(data, layout.names[market])}.",
                    {"seat": seat, "market": layout.names[market]}, (seat,))
        if take:                                                  # ND-11.6, ND-11.7
            code = state.msg_at[market]
            kinds = len(data.messages)
            colour, kind = divmod(code, kinds)
            state.msg_at[market] = -1
            state.on_board[colour] -= 1
            state.held[seat * state.boroughs + colour] += 1
            msg = data.messages[kind]
            state.event("message", f"{state.name(seat)} takes a {data.colours[colour]} message "
                        f"({message_reward(msg)}).",
                        {"seat": seat, "market": layout.names[market], "colour": data.colours[colour],
                         "message": msg.id}, (seat,))
            if msg.stones:
                state.gain_stones(seat, msg.stones)
            if msg.rat_back:
                state.rat_back(seat, msg.rat_back)                # ND-11.10
            state.gain_pp(seat, msg.prestige, MESSAGE_POINTS, "message")   # ND-AMB-3
            if msg.coins:
                state.gain_coins(seat, msg.coins, bank=False)


PLAY_CARD, PLACE_STONE, DONATE, PLACE_FRIEND = PlayCard, PlaceStone, Donate, PlaceFriend
HOTEL_REWARD, MOVE_CARRIAGE = HotelReward, MoveCarriage
