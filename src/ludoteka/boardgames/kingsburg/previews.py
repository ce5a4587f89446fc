"""What an option will do, said before it is chosen (kernel/preview.py): Kingsburg's supplies,
the previews the rule modules attach when they describe an option, and the battle forecast that
the previews and the view's guide share.

A preview's changes come from applying the option to a clone (`simulated`): the rules that apply
an option are the only place that knows its effect, automatic follow-ups included (the Inn, the
Embassy, the King's Reward, the Envoy, the Merchants' Guild). The one step whose outcome the
seat cannot know is the battle (the King's die, an enemy card it has not seen, the others'
face-down soldier tokens): when it comes before the next decision, the preview keeps only the
option's own, exact part of goods, VP and soldiers (a build in Autumn costs its goods, not the
soldiers that go home after the battle, KB-15.17), lists them under `then` (the battle changes
them afterwards), and a note says that the battle follows. Previews are built only when an
option is described, never when keys are generated, so search and playouts never pay for them.
Notes carry stable keys a client translates (`kb.note.<key>`) and args that are numbers (or
lists of numbers).
"""
from __future__ import annotations

from typing import Any, Iterable

from ludoteka.kernel import Action
from ludoteka.kernel.preview import attach, changes, make_preview, note

from .keys import advisor_text

# The public counters of a seat, in display order (the glossary of the English edition).
SUPPLY_ITEMS = {"gold": "gold", "wood": "wood", "stone": "stone", "vp": "VP", "plus_two_tokens": "+2 tokens",
                "soldiers": "soldiers", "envoy": "King's Envoy"}
# Their labels for an amount of 1 (Game.supply_items_one).
SUPPLY_ITEMS_ONE = {"plus_two_tokens": "+2 token", "soldiers": "soldier"}
# What a battle may change and the seat cannot foresee (KB-15.9-15.16).
BATTLE_ITEMS = ("gold", "wood", "stone", "vp")
# The reinforcement modes of the `reinforcements` option (state.py and winter.py name them too).
REINF_DIE, REINF_TWO_DICE, REINF_TOKENS = 0, 1, 2
# The King's reinforcements as a distribution: one die (KB-15.5), |d1-d2|+1 (KB-19.2), in 36ths.
KING_ODDS = {REINF_DIE: {r: 6 for r in range(1, 7)},
             REINF_TWO_DICE: {1: 6, 2: 10, 3: 8, 4: 6, 5: 4, 6: 2}}


def supplies(state, seat: int) -> dict[str, int]:
    """The public counters of `seat`: goods, VP, +2 tokens, soldiers, the King's Envoy (0 or 1)."""
    b = 3 * seat
    g = state.goods
    return {"gold": g[b], "wood": g[b + 1], "stone": g[b + 2], "vp": state.vp[seat],
            "plus_two_tokens": state.tokens[seat], "soldiers": state.soldiers[seat],
            "envoy": 1 if state.envoy_holder == seat else 0}


# ---------------------------------------------------------------------- the battle forecast
def forecast(state, seat: int, soldiers: int = 0) -> dict[str, Any]:
    """This year's battle as `seat` may foresee it (KB-15.5-15.9, KB-17.16-17.18): its strength
    without reinforcements (soldiers, plus `soldiers` more, and its buildings' general modifiers),
    the enemy's strength range (the card itself if the seat has seen it), the reinforcements'
    range, and with the King's dice the odds in percent of winning, a tie and losing."""
    T = state.T
    data = T.data
    y = state.year
    seen = state.visible_cards(seat)
    cards = (seen[y],) if y in seen else data.cards_of_year[y - 1]
    built = state.buildings[seat]
    own = state.soldiers[seat] + soldiers
    general = own + sum(data.buildings[i].battle for i in range(T.nb) if built >> i & 1)
    strengths = [data.enemies[c].strength for c in cards]
    out: dict[str, Any] = {"strength": general, "low": min(strengths), "high": max(strengths)}
    mode = state.rules.reinforcements
    if mode == REINF_TOKENS:
        left = [v for v in range(5) if state.soldier_tokens[5 * seat + v]]
        picked = state.soldier_token_picked[seat]
        if picked >= 0:
            left = [picked]
        out["king_low"], out["king_high"] = (min(left), max(left)) if left else (0, 0)
        return out
    odds = KING_ODDS[mode]
    out["king_low"], out["king_high"] = min(odds), max(odds)
    wall = bool(built & T.B_WALL)
    win = tie = total = 0
    for c in cards:
        mods = T.card_mod[c]
        mine = own + sum(mods[i] for i in range(T.nb) if built >> i & 1)
        enemy = data.enemies[c].strength
        for r, weight in odds.items():
            total += weight
            if mine + r > enemy or (mine + r == enemy and wall):
                win += weight
            elif mine + r == enemy:
                tie += weight
    out["win"] = round(100 * win / total)
    out["tie"] = round(100 * tie / total)
    out["lose"] = 100 - out["win"] - out["tie"]
    return out


def battle_note(state, seat: int, soldiers: int = 0) -> dict[str, Any]:
    """The forecast as a note: `battle_odds` (the King's dice) or `battle_tokens` (soldier tokens),
    with `_known` when the seat knows the enemy card (its strength is then `low`)."""
    f = forecast(state, seat, soldiers)
    known = f["low"] == f["high"] and state.year in state.visible_cards(seat)
    enemy = f"the enemy's {f['low']}" if known else f"an enemy of {f['low']}-{f['high']}"
    if "win" in f:
        return note("battle_odds_known" if known else "battle_odds",
                    f"Battle this Winter: your strength {f['strength']} + the King's {f['king_low']}-{f['king_high']} "
                    f"against {enemy}: win {f['win']}%, tie {f['tie']}%, lose {f['lose']}%", **f)
    return note("battle_tokens_known" if known else "battle_tokens",
                f"Battle this Winter: your strength {f['strength']} + your soldier token "
                f"({f['king_low']}-{f['king_high']}) against {enemy}", **f)


def reroll_note(dice: tuple[int, ...], key: str) -> dict[str, Any]:
    """What a Statue or Chapel reroll (KB-17.1/17.2) does to the seat's dice total on average, to
    weigh against the turn order (the lowest total places first, KB-7.4): a browser audit met
    "reroll all your dice / keep the dice" with no number to choose by."""
    faces = [v for v in dice if v]
    total = sum(faces)
    # the Chapel rerolls every die; the Statue one, of dice that all show the same number
    rerolled = faces if key == "chapel" else faces[:1]
    average = total - sum(rerolled) + 3.5 * len(rerolled)
    return note("reroll_average", f"Your dice total {total} now; rerolled, they total {average:g} on average "
                "(the player with the lowest total places first)", total=total, average=average)


# ---------------------------------------------------------------------- one option's preview
def simulated(state, seat: int, key: str, own: dict[str, int] | None = None,
              notes: Iterable[dict[str, Any]] = (), confirm: str | None = None) -> dict[str, Any] | None:
    """The preview of `key`: every seat's supplies after applying it to a clone, up to the next
    decision, minus before. `own`: the option's own change of goods and VP, the part of them
    that is certain when the battle follows before the next decision."""
    world = state.clone()
    n = state.players
    before = [supplies(world, s) for s in range(n)]
    fought = state.battle_fought()
    year = state.year
    mark = world.event_mark()
    world.apply(key, seat)
    diff = [_ordered(changes(before[s], supplies(world, s))) for s in range(n)]
    notes = list(notes)
    for event in world.events(seat, since=mark):
        # KB-12.1: the reward that the option brings about at once, not a VP of the option itself
        if event["kind"] == "kings_reward" and seat in event["data"]["seats"]:
            notes.append(note("kings_reward_follows", f"Then the King's Reward: 1 VP for the most buildings "
                              f"({event['data']['buildings']})", buildings=event["data"]["buildings"]))
        # KB-13.1/13.6: the Envoy handed out (or taken back) at once, so a preview's Envoy says why
        if event["kind"] == "kings_envoy":
            if event["data"]["seat"] == seat:
                notes.append(note("envoy_follows_you", "Then the King's Envoy comes to you: the fewest "
                                  "buildings, then the fewest goods"))
            else:
                notes.append(note("envoy_follows", "Then the King's Envoy is given out: to the fewest "
                                  "buildings, then the fewest goods (a tie on both: to nobody)"))
    later: tuple[str, ...] = ()
    if not fought and (world.year != year or world.battle_fought()):
        # KB-15: the battle came before the next decision: what it changes is not the option's
        # (its goods and VP by chance, every soldier home after it, KB-15.17); the option's own
        # part is exact, so it is no estimate ("≈2 gold" read as an unsure price): `then`
        later = BATTLE_ITEMS + ("soldiers",)
        for d in diff:
            for item in later:
                d.pop(item, None)
        diff[seat].update((item, v) for item, v in (own or {}).items() if v)
        notes.append(note("battle_follows", "Winter follows at once: the battle decides goods and VP, "
                          "and then every soldier goes home"))
        if not any(x["key"].startswith("battle_") for x in notes[:-1]):
            notes.append(battle_note(state, seat, (own or {}).get("soldiers", 0)))
    return make_preview(diff[seat], others={s: diff[s] for s in range(n) if s != seat},
                        then=later, notes=notes, confirm=confirm)


def _ordered(diff: dict[str, int]) -> dict[str, int]:
    return {item: diff[item] for item in SUPPLY_ITEMS if item in diff}


def described(key: str, label: str, data: dict[str, Any], preview: dict[str, Any] | None) -> Action:
    """The Action of an option with its preview in `data["preview"]` (none when it says nothing)."""
    return attach(Action(key, label, data), preview)


def own_change(gold: int = 0, wood: int = 0, stone: int = 0, vp: int = 0, soldiers: int = 0) -> dict[str, int]:
    """An option's own change of the seat's supplies (see `simulated`)."""
    return {"gold": gold, "wood": wood, "stone": stone, "vp": vp, "soldiers": soldiers}


# ---------------------------------------------------------------------- notes
def advisor_note(advisor) -> dict[str, Any]:
    """`advisor_<n>`: what the advisor gives (and asks), every form of it (KB-9.3-9.22)."""
    return note(f"advisor_{advisor.number}", f"{advisor.name} ({advisor.number}): {advisor_text(advisor)}")


def cheapest_ways(state, reach: list[str]) -> dict[int, Any]:
    """Advisor -> the `Target` that reaches it spending least (no Envoy if possible, then fewest
    modifiers, the Market before a +2 token), among the target keys `reach`."""
    best: dict[int, Any] = {}
    for key in reach:
        t = state.T.target_info[key]
        cost = (t.envoy, t.token + t.market, t.token)
        if t.advisor not in best or cost < best[t.advisor][0]:
            best[t.advisor] = (cost, t)
    return {n: way for n, (_, way) in best.items()}


WAYS = {(1, 0): "with a +2 token", (0, 1): "with the Market", (1, 1): "with a +2 token and the Market"}


def way_text(target) -> str:
    """How a dice group reaches an advisor beyond its own total, in English ('' for its total)."""
    if target.envoy:
        return "with the King's Envoy"
    return WAYS.get((target.token, target.market), "")


def reach_notes(state, seat: int, reach: list[str]) -> list[dict[str, Any]]:
    """For a dice group: each advisor it reaches with what it gives, and what reaching it costs
    when the dice alone do not (a +2 token KB-8.7, the Market KB-17.6, the Envoy KB-13.3)."""
    T = state.T
    best = cheapest_ways(state, reach)
    out = []
    for number in sorted(best):
        t = best[number]
        out.append(advisor_note(T.data.advisors[number]))
        if t.envoy:
            out.append(note("needs_envoy", f"advisor {number} is taken: only with the King's Envoy", advisor=number))
        elif t.token and t.market:
            out.append(note("needs_token_market", f"advisor {number}: only with a +2 token and the Market",
                            advisor=number))
        elif t.token:
            out.append(note("needs_token", f"advisor {number}: only with a +2 token", advisor=number))
        elif t.market:
            out.append(note("needs_market", f"advisor {number}: only with the Market", advisor=number))
    return out


def target_notes(state, seat: int, target) -> list[dict[str, Any]]:
    """For an advisor chosen: what it gives, and the scarce things the choice spends."""
    out = [advisor_note(state.T.data.advisors[target.advisor])]
    if target.token:
        if state.rules.token_per_season:
            out.append(note("token_once", "Spends a +2 token: no other dice group of yours may take one "
                            "this season", left=state.tokens[seat] - 1))
        else:
            out.append(note("spend_token", f"Spends a +2 token ({state.tokens[seat] - 1} left)",
                            left=state.tokens[seat] - 1))
    if target.market:
        out.append(note("market_used", "Uses your Market for this season"))
    if target.envoy:
        out.append(note("spend_envoy", "Spends the King's Envoy: it will not give you a second building"))
    return out


def help_notes(state, seat: int, option) -> list[dict[str, Any]]:
    """For an advisor's help taken: the buildings its goods would make affordable, the Stable's
    extra soldier (KB-17.12), the look at the enemy."""
    out = []
    if option.gold > 0 or option.wood > 0 or option.stone > 0:
        g, w, s = state.goods_of(seat)
        before = state.affordable(seat, g, w, s)
        new = [i for i in state.affordable(seat, g + option.gold, w + option.wood, s + option.stone) if i not in before]
        if new:
            # a browser audit chose among the Smuggler's 11 mixes of goods without seeing which
            # would build what; buildings named by row and column, as on the province sheet
            T = state.T
            out.append(note("builds_then", "Then enough for: " + ", ".join(T.bname[i] for i in new),
                            buildings=[[T.data.buildings[i].row, T.data.buildings[i].column] for i in new]))
    if option.soldiers and state.buildings[seat] & state.T.B_STABLE:
        out.append(note("stable_bonus", "+1 soldier from your Stable"))
    if option.peek:
        out.append(note("peek", "You see this year's enemy card; the others only learn that you looked"))
    return out


def building_notes(state, seat: int, index: int, envoy: bool) -> list[dict[str, Any]]:
    """For a building: its effect, its battle strength, and the Envoy's second building."""
    T = state.T
    b = T.data.buildings[index]
    out = []
    if b.effect:
        out.append(note(f"effect_{b.effect}", b.text or b.effect))
    if b.battle > 0:
        out.append(note("building_battle", f"+{b.battle} strength in every battle", n=b.battle))
    elif b.battle < 0:
        out.append(note("building_battle_loss", f"-{-b.battle} strength in every battle", n=-b.battle))
    for enemy, n in b.vs:
        out.append(note(f"battle_vs_{enemy}", f"{n:+d} strength against {enemy}", n=n))
    if envoy:
        out.append(note("envoy_build", "Uses the King's Envoy: it goes back to the board"))
    elif state.envoy_holder == seat:
        out.append(note("envoy_second", "With the King's Envoy you may then build a second building"))
    return out


def token_notes(state, seat: int, value: int) -> list[dict[str, Any]]:
    """For a soldier token (KB-19.5-19.8): the battle against the revealed enemy with it."""
    T = state.T
    card = state.visible_cards(seat)[state.year]     # revealed before the tokens (KB-19.1)
    mods = T.card_mod[card]
    built = state.buildings[seat]
    mine = state.soldiers[seat] + value + sum(mods[i] for i in range(T.nb) if built >> i & 1)
    enemy = T.data.enemies[card].strength
    if mine > enemy or (mine == enemy and built & T.B_WALL):
        key, said = "token_win", "you win"
    elif mine == enemy:
        key, said = "token_tie", "a tie"
    else:
        key, said = "token_lose", "you lose"
    return [note(key, f"With it your strength is {mine} against the enemy's {enemy}: {said}",
                 strength=mine, enemy=enemy)]

