"""What a seat holds in public (`supplies`) and what an option will do before it is chosen (`preview`).

The supplies are the public counters a player glances at: coins, stones in the personal supply,
the rat marker, messages held, and prestige only when the option open_prestige makes it public
(ND-10.3, ND-AMB-21: otherwise each seat's prestige is its own secret).

A preview's numbers come from a trial: the option is applied to a copy of the seat's own
determinization (`state.determinize(seat, 0)`, which depends only on what the seat may see), up
to the next decision, and the supplies are compared before and after. So the numbers follow the
very code that applies the option (a rule lives in one place), and they cannot leak what the seat
may not see. The seat's own hidden prestige is said in a note. Each decision adds its own notes:
what a card will do, where a choice leads, what is given up. Built only when an option is
described (labels), never when keys are listed: search and playouts never pay for it.
"""
from __future__ import annotations

from typing import Any

from ...kernel.preview import make_preview, note

SUPPLY_ITEMS = {"coins": "coins", "stones": "stones in the personal supply", "rats": "rats (plague track)",
                "messages": "messages", "prestige": "prestige"}
# Their labels for an amount of 1 (Game.supply_items_one).
SUPPLY_ITEMS_ONE = {"coins": "coin", "stones": "stone in the personal supply", "rats": "rat (plague track)",
                    "messages": "message"}


def supplies(state, seat: int) -> dict[str, int]:
    """`seat`'s public counters (the same in every seat's view); prestige only if open_prestige."""
    b = state.boroughs
    out = {"coins": state.coins[seat], "stones": state.personal[seat], "rats": state.rat[seat],
           "messages": sum(state.held[seat * b:(seat + 1) * b])}
    if state.options["open_prestige"]:
        out["prestige"] = state.prestige[seat]
    return out


def preview(state, seat: int, key: str, notes: list[dict[str, Any]] | None = None,
            confirm: str | None = None) -> dict[str, Any] | None:
    """The preview of option `key` of `seat`: the supply changes of a trial up to the next decision,
    the seat's own hidden prestige change, the end of the round if the option reaches it, `notes`,
    and `confirm` (a note key, whose note is added if `notes` lacks it)."""
    # One determinization for all of the seat's options (a new one per option was half of a
    # server frame's time), cloned for each trial.
    world = state.memo(("preview", seat), lambda: state.determinize(seat, 0)).clone()
    n = state.players
    before = [supplies(world, s) for s in range(n)]
    prestige = world.prestige[seat]
    rat = world.rat[seat]
    mark = world.event_mark()
    world.apply(key, seat)
    gains = [_diff(before[s], supplies(world, s)) for s in range(n)]
    out = list(notes or ())
    events = world.events(seat, since=mark)
    if not state.options["open_prestige"]:
        # the option's own prestige, apart from what the round's end then adds or takes (each said
        # in its own note, even where they cancel out): a browser audit read Notre Dame's scoring
        # as the Night Watchman's
        scored, lost = _later_prestige(events, seat)
        gained = world.prestige[seat] - prestige - scored + lost
        if gained:
            out.append(note("prestige", f"you gain {gained} prestige (hidden from the others)", n=gained)
                       if gained > 0 else note("prestige_lost", f"you lose {-gained} prestige", n=-gained))
        if scored:
            out.append(note("notre_dame_mine", f"Notre Dame's scoring brings you {scored} prestige, hidden "
                            "from the others", n=scored))
    ahead = [x for event in events for x in _event_notes(event, seat, rat)]
    ahead.sort(key=lambda x: x["key"] != "plague")             # the plague first, then what it costs
    out += ahead
    if confirm and not any(x["key"] == confirm for x in out):
        out.append(note(confirm, CONFIRM_TEXTS[confirm]))
    return make_preview(gains[seat], others={s: gains[s] for s in range(n) if s != seat},
                        notes=out, confirm=confirm)


def _later_prestige(events: list[dict[str, Any]], seat: int) -> tuple[int, int]:
    """(the seat's prestige from Notre Dame's scoring, park bonus included; what the plague takes)
    among `events`, both said in notes of their own."""
    scored = lost = 0
    for event in events:
        data = event["data"]
        if event["kind"] == "prestige" and data["seat"] == seat and data["category"] == "notre_dame":
            scored += data["points"] + data["park_bonus"]
        elif event["kind"] == "plague_overflow" and data["seat"] == seat:
            lost += data["prestige"]
    return scored, lost


def _diff(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    return {item: after[item] - before[item] for item in after if after[item] != before[item]}


def _event_notes(event: dict[str, Any], seat: int, rat: int) -> list[dict[str, Any]]:
    """Notes for what the trial reached beyond the option itself: the plague, Notre Dame scoring."""
    kind, data = event["kind"], event["data"]
    if kind == "plague":
        now = data["rats"][seat]
        return [note("plague", f"then the plague (value {data['value']}): your rat marker goes from "
                     f"{rat} to {now}", value=data["value"], n=now)]
    if kind == "plague_overflow" and data["seat"] == seat:
        if data["stone"]:
            return [note("plague_overflow", f"the plague costs you {data['prestige']} prestige and a stone",
                         n=data["prestige"])]
        return [note("plague_overflow_no_stone", f"the plague costs you {data['prestige']} prestige (no "
                     f"stone can be removed)", n=data["prestige"])]
    if kind == "notre_dame_scoring":
        return [note("notre_dame_scoring", f"then Notre Dame scores: {data['per_stone']} prestige per stone",
                     n=data["per_stone"], stones=data["stones"])]
    if kind == "no_effect" and data["seat"] == seat:
        return [note("no_effect", "it has no effect for you now")]
    if kind == "coins_lost" and data["seat"] == seat:
        return [note("coins_lost", f"no coin is left anywhere: you receive {_plural(data['coins'], 'coin')} fewer",
                     n=data["coins"])]
    return []


# The notes of irreversible choices, asked once before they are taken (`confirm`).
CONFIRM_TEXTS = {
    "decline": "the card is played but does nothing: you give up this action",
    "take_nothing": "you give up the reward",
    "bribe_nobody": "you keep your coin and bribe nobody this round",
    "last_coin": "this spends your last coin: you cannot bribe a person this round",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def effect_notes(state, seat: int, sector: int, n: int) -> list[dict[str, Any]]:
    """`effect_note` for an option that carries the action out at once: only what its numbers
    cannot say (a carriage or hotel choice to come, the park's bonus, the hospital's protection)."""
    if state.data.card_ids[sector] in ("cloister_school", "bank", "residence"):
        return []
    return [effect_note(state, seat, sector, n)]


def effect_note(state, seat: int, sector: int, n: int) -> dict[str, Any]:
    """What a sector's action will give `seat` with `n` pieces there after placing (ND-8 to ND-16),
    for an option whose action comes at a later decision (playing a card, keeping it in the draft)."""
    ids = state.data.card_ids
    card = ids[sector]
    if card == "cloister_school":
        got = min(n, state.general[seat])
        return note("effect_cloister_school", f"Cloister School: take {_plural(got, 'stone')} from the "
                    f"general supply", n=got)
    if card == "bank":
        return note("effect_bank", f"Bank: take {_plural(n, 'coin')}", n=n)
    if card == "residence":
        points = n + state.park_bonus(seat)                    # ND-14.3: the park bonus once
        return note("effect_residence", f"Residence: gain {points} prestige", n=points)
    if card == "carriage_house":
        return note("effect_carriage_house", f"Carriage House: move the carriage up to "
                    f"{_plural(n, 'market')} and take a message there", n=n)
    # ND-11.10, ND-12.3, ND-14.2, ND-15.2: a marker on 0 cannot go back; the notes say so
    at_zero = state.rat[seat] == 0
    if card == "hotel":
        k = 2 if n >= 4 else 1
        if at_zero:
            return note("effect_hotel_at_zero", f"Hotel: choose {k} of 1 coin, 1 stone (your rat marker is "
                        f"on 0, so it cannot go back)", n=k)
        return note("effect_hotel", f"Hotel: choose {k} of 1 coin, 1 stone, rat marker back 1", n=k)
    if card == "park":
        back = "your rat marker is on 0 and cannot go back" if at_zero else "rat marker back 1"
        suffix = "_at_zero" if at_zero else ""
        if n < 2:                     # ND-14.3: no pair yet ("brings 0 more" said nothing useful)
            return note("effect_park_alone" + suffix, f"Park: {back}; from a second piece here on, every "
                        "prestige gain brings 1 more")
        return note("effect_park" + suffix, f"Park: {back}; then +{n >> 1} prestige on every prestige gain",
                    n=n >> 1)
    if card == "hospital":
        back = "your rat marker is on 0 and cannot go back" if at_zero else "rat marker back 1"
        return note("effect_hospital" + ("_at_zero" if at_zero else ""), f"Hospital: {back}; each plague "
                    f"moves it {_plural(n, 'step')} less", n=n)
    if card == "notre_dame":
        return note("effect_notre_dame", f"Notre Dame: a stone there and 1, 2 or 3 coins for 1, 3 or 6 "
                    f"prestige; at the period's end {state.data.tile_points[state.players]} prestige are "
                    f"shared among its stones", n=state.data.tile_points[state.players])
    if state.friend[seat] < 0:                   # ND-13.3: the first time it comes from off the board
        return note("effect_trusted_friend_first", "Trusted Friend: put it on a sector of your borough and "
                    "carry out that sector's action")
    return note("effect_trusted_friend", "Trusted Friend: move it to another sector and carry out that action")
