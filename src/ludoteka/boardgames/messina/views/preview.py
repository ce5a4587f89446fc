"""Messina 1347: the public supplies of a seat and the preview of every option (kernel/preview.py).

A preview is what applying the option does to every seat's supplies up to the next decision,
found by applying it to a copy of the state: the effect is the rules' own code, so a preview can
never disagree with it. An option that reveals hidden tiles or draws at random (a build that
turns up the next tile, the end of a round, the automa's turn) is applied instead to
determinizations of the choosing seat, which depend only on what it sees (HID-1 - HID-8); a
supply they disagree on is `uncertain`. On top come the notes a newcomer needs: the plague cubes
of a hex and the rats they bring (MS-12, MS-13, MS-30), where an overseer branch leads (MS-16.3),
the actions a seat gives up by ending its turn (MS-7.8) and what the forced step after an option
costs. Previews are built only when options are described (labels), never when keys are listed.
"""
from __future__ import annotations

from typing import Any

from ludoteka.kernel import Action
from ludoteka.kernel.preview import attach, changes, make_preview, note

from ..model.sides import board_of
from ..model.state import LIEUTENANTS, OVERSEERS, POPULARITY, SQUARES, affords
from ..model.texts import amount_text, and_list, count_text
from ..rules.activation import eligible, groups_for, space_at
from ..rules.build import free_huts
from ..rules.citizens import workshop_move_keys
from ..rules.overseers import CENTRE
from ..rules.plague import pay_for_cube, payment_keys, rescue_options, round_row
from ..rules.production import LAST_ROUND
from ..rules.repopulation import can_repopulate
from ..rules.turns import destinations
from ..scoring.standard import rat_penalty

# The public counters of a seat, in display order: item -> English label (Game.supply_items).
SUPPLY_ITEMS = {"coins": "coins", "timber": "timber", "fire": "fire", "large_fire": "large fire",
                "rats": "rats", "points": "points", "popularity": "popularity book spaces",
                "city_book": "city book spaces", "church_book": "church book spaces",
                "lieutenants": "lieutenants this round"}
# Their labels for an amount of 1 (Game.supply_items_one).
SUPPLY_ITEMS_ONE = {"coins": "coin", "rats": "rat", "points": "point", "popularity": "popularity book space",
                    "city_book": "city book space", "church_book": "church book space",
                    "lieutenants": "lieutenant this round"}
SEEDS = (0x9E1, 0x9E2, 0x9E3)       # the determinizations a revealing option is tried on
FORCED_STEPS = 8                    # forced follow-ups looked through for a note, at most
OPEN = ("action", "repopulate", "ship_bonus", "book_action:")   # turn options lost by ending it


def supplies(state, seat: int) -> dict[str, int]:
    """The public counters of `seat` (everything a player owns is public, AMB-52)."""
    i = seat * 3
    return {"coins": state.coins[seat], "timber": state.timber[seat], "fire": state.fire[seat],
            "large_fire": state.large_fire[seat], "rats": state.rats[seat], "points": state.score[seat],
            "popularity": state.books[i + POPULARITY], "city_book": state.books[i + 1],
            "church_book": state.books[i + 2], "lieutenants": len(state.available_lieutenants(seat))}


def _all(state) -> list[dict[str, int]]:
    return [supplies(state, s) for s in range(state.players)]


def _revealing(after, before) -> bool:
    """Whether the option just applied to `after` revealed hidden tiles or drew at random."""
    return after._history[1][2] or after.rng != before.rng


class _Worlds:
    """The choosing seat's determinizations, made once per description and only when needed."""

    def __init__(self, state, seat: int):
        self.state, self.seat, self._made = state, seat, None

    def get(self) -> list:
        if self._made is None:
            self._made = [self.state.determinize(self.seat, seed) for seed in SEEDS]
        return self._made


def _round_end(after, before) -> int:
    """How far applying the option to `before` went into the end of the round, as far as the trial
    went (`after`, the next decision): 0 not at all, 1 production begun and not done (a workshop
    move or a citizen leaving quarantine asks first), 2 the round over (or the game)."""
    if after.round != before.round or after.is_terminal():
        return 2
    return 1 if after.producing and not before.producing else 0


def _effect(state, seat: int, key: str, worlds: _Worlds):
    """(changes per seat, uncertain items, the state after, whether it was revealing, how far the
    round's end followed: `_round_end`, the least of the worlds tried)."""
    before = _all(state)
    after = state.clone()
    after.apply(key, seat)
    if not _revealing(after, state):
        return ([changes(b, supplies(after, s)) for s, b in enumerate(before)], set(), after, False,
                _round_end(after, state))
    seen, ended = [], 2
    for world in worlds.get():
        base, tried = _all(world), world.clone()
        tried.apply(key, seat)
        seen.append([changes(b, supplies(tried, s)) for s, b in enumerate(base)])
        ended = min(ended, _round_end(tried, world))
    first, unsure = seen[0], set()
    for other in seen[1:]:
        for s in range(state.players):
            for item in set(first[s]) | set(other[s]):
                if first[s].get(item, 0) != other[s].get(item, 0):
                    unsure.add(item)
    return first, unsure, None, True, ended


def _forced(after, seat: int) -> dict[str, int]:
    """What the seat's forced follow-ups (a single option, nothing hidden) change for it."""
    if after is None:
        return {}
    start = supplies(after, seat)
    state = after
    for _ in range(FORCED_STEPS):
        if state.is_terminal() or state.acting_seats() != (seat,):
            break
        keys = state.legal_keys(seat)
        if len(keys) != 1 or keys[0] == "end_turn":
            break
        nxt = state.clone()
        nxt.apply(keys[0], seat)
        if _revealing(nxt, state):
            break
        state = nxt
    return changes(start, supplies(state, seat))


def rat_cost(state, seat: int, more: int) -> dict[str, int]:
    """MS-30.1/30.2: what the seat's rats cost at the end if it takes `more`: `total` rats,
    `lost` points in all, `points` more than its rats cost now, `n` more popularity spaces back."""
    rats = state.rats[seat]
    table = state.rules.rat_penalty
    lost = rat_penalty(rats + more, table)
    return {"n": more, "total": rats + more, "lost": lost, "points": lost - rat_penalty(rats, table)}


def _rat_note(state, seat: int, more: int, forced: bool) -> dict[str, Any]:
    cost = rat_cost(state, seat, more)
    rats = f"{more} rat{'s' if more != 1 else ''}"
    head = f"then you must take {rats}" if forced else f"you take {rats}"
    return note("forced_rats" if forced else "rats_cost",
                f"{head}: {more} more popularity space{'s' if more != 1 else ''} back, rat penalty at the "
                f"end {cost['lost']} ({cost['points']} more)", **cost)


def _hex_notes(state, seat: int, node: int) -> list[dict[str, Any]]:
    """MS-12/MS-13: the plague cubes on a hex, what fighting them costs, the rats they bring."""
    cubes = state.cubes[node]
    if not cubes:
        return []
    cost = round_row(state).fire_cost
    fire, large = state.fire[seat], state.large_fire[seat]
    # the cubes the seat can pay for, counted with the rules' own payments (MS-12.2/12.3/12.8)
    scratch, payable = state.clone(), 0
    while payable < cubes:
        keys = payment_keys(scratch, seat, cost)
        if not keys:
            break
        pay_for_cube(scratch, seat, keys[0], cost)
        payable += 1
    rats = cubes - payable
    notes = [note("plague_here", f"plague cubes here: {cubes}, each {cost} fire to fight (you have {fire} fire, "
                  f"{large} large fire); each one not fought is a rat",
                  cubes=cubes, cost=cost, fire=fire, large_fire=large)]
    if rats:
        notes.append(_rat_note(state, seat, rats, True))
    return notes


def _rescue_notes(state, seat: int, node: int) -> list[dict[str, Any]]:
    """MS-11: every citizen on the hex is rescued: into quarantine huts when the hex has plague
    (MS-11.8/11.9), else onto free squares of its sector (MS-11.3); one with no room is discarded,
    unless (in the estate) a citizen moving into a workshop frees a square first (MS-11.6)."""
    counts = [state.city_citizens[node * 3 + cls] for cls in range(3)]
    if not any(counts):
        return []
    plague = state.cubes[node] > 0
    if plague:
        lost = max(0, sum(counts) - len(rescue_options(state, seat, 0, True)))
    else:
        lost = sum(max(0, n - len(rescue_options(state, seat, cls, False))) for cls, n in enumerate(counts))
    where = "into quarantine" if plague else "into your estate"
    rescued = and_list([count_text(n, name) for n, name in zip(counts, OVERSEERS) if n])
    notes = [note("rescue_quarantine" if plague else "rescue_estate", f"rescued {where}: {rescued}",
                  **dict(zip(OVERSEERS, counts)))]
    if lost:
        workshop = not plague and bool(workshop_move_keys(state, seat))
        notes.append(note("rescue_lost_workshop" if workshop else "rescue_lost",
                          f"no room for {lost} of them: discarded"
                          + (", unless a citizen moves into a workshop first" if workshop else ""), lost=lost))
    return notes


def _ship_notes(state, seat: int, ship_id: str) -> list[dict[str, Any]]:
    """MS-9.7, MS-13.2: a ship with a plague cube: fight it with the round's fire or take a rat."""
    ship = next(i for i, sh in enumerate(state.data.ships) if sh.id == ship_id)
    if not state.ship_cube[ship]:
        return []
    cost = round_row(state).fire_cost
    return [note("ship_cube", f"the ship carries a plague cube: fight it with {cost} fire (you have "
                 f"{state.fire[seat]} fire and {state.large_fire[seat]} large fire) or take a rat",
                 cost=cost, fire=state.fire[seat], large_fire=state.large_fire[seat])]


def _repopulation_notes(state, hex_id: str) -> list[dict[str, Any]]:
    """MS-24: what repopulating a hex pays, what it scores at the end (MS-31.8), the visits it
    earns (MS-24.12) and its risks: 1 rat now if it holds cubes (MS-24.7), 1 rat for every cube
    it gets later (MS-24.13)."""
    node = next(n for n, t in enumerate(state.hex_at) if t >= 0 and state.data.hexes[t].id == hex_id)
    h = state.data.hexes[state.hex_at[node]]
    cost = dict(h.repop_cost)
    rat = 1 if state.cubes[node] else 0
    return [note("repopulation", f"repopulating pays {amount_text('coin', cost.get('coin', 0))} and "
                 f"{amount_text('timber', cost.get('timber', 0))} and gives up "
                 f"{amount_text('citizen', len(h.repop_citizens))}; it scores {amount_text('points', h.points)} at "
                 f"the end and {state.data.tables.visit_points} each time a lieutenant chooses the hex; you take "
                 f"{count_text(rat, 'rat')} now "
                 "and 1 for every plague cube the hex gets later",
                 coins=cost.get("coin", 0), timber=cost.get("timber", 0), citizens=len(h.repop_citizens),
                 points=h.points, visit=state.data.tables.visit_points, rats=rat)] + (
        # MS-24.14: a printed lieutenant is one more of the seat's lieutenants given up (a browser
        # audit found it only in the hex's tooltip)
        [note("repopulation_lieutenant", "it also takes one more of your lieutenants still available this round")]
        if h.repop_lieutenant else [])


def _branch_notes(state, seat: int, cls: int, key: str) -> list[dict[str, Any]]:
    """MS-16.3/16.4: where a branch leads: the squares its steps 2-5 activate, by sector."""
    path = board_of(state, seat).paths[OVERSEERS[cls]]
    spaces = path.left if key == "left" else path.right
    squares: set[int] = set()
    for space in spaces[:-1]:                           # the last step is the centre (all squares)
        for group, _ in groups_for(state, seat, space, cls, False):
            squares.update(group)
    counts = {name: sum(1 for sq in squares if sq // 6 == k) for k, name in enumerate(OVERSEERS)}
    held = sum(1 for sq in squares if state.squares[seat * SQUARES + sq])
    return [note("branch_leads", f"this branch can activate {counts['artisan']} artisan, {counts['aristocrat']} "
                 f"aristocrat and {counts['nun']} nun squares on its way to the centre; your citizens are on "
                 f"{held} of them now; the other branch is closed for good",
                 held=held, **counts)]


def _pending(after, seat: int) -> tuple[str | None, tuple | None]:
    """The kind and frame of the decision `seat` faces after an option (None, None: none)."""
    frame = after.top()
    if frame is None or frame[1] != seat:
        return None, None
    return frame[0].name, frame


def _overseer_notes(before, after, seat: int, cls: int) -> list[dict[str, Any]]:
    """MS-16.3, MS-16.8, MS-17: after an overseer's advance, its branch still to choose, or the
    step it lands on and how many of the seat's citizens it can activate there (the quota of the
    space's groups, at most the citizens in each)."""
    if after is None:
        return []
    kind, frame = _pending(after, seat)
    if kind == "branch":
        return [note("overseer_branch_next", "then you choose its branch, left or right, for good")]
    step = after.overseer_step[seat * 3 + cls]
    if step == before.overseer_step[seat * 3 + cls]:
        return []
    if kind != "activate":
        return [note("overseer_idle", f"it lands on step {step} of 6, where none of your citizens can be "
                     f"activated", step=step)]
    citizens = len(eligible(after, seat, frame[2], frame[3]))
    can = _activations(after, seat, frame[2])
    return [note("overseer_activates", f"it lands on step {step} of 6, where it can activate {can} of your "
                 f"citizens (you have {citizens} there)", n=can, step=step, citizens=citizens)]


def _activations(state, seat: int, groups: tuple) -> int:
    """How many of the seat's citizens a space's groups let it activate (each group's quota, at
    most the eligible citizens in it)."""
    ready = set(eligible(state, seat, groups, ()))
    return sum(min(quota, len(ready.intersection(squares))) for squares, quota in groups)


def _upgrade_notes(state, seat: int, cls: int) -> list[dict[str, Any]]:
    """MS-16.11, MS-17.7-17.10: what upgrading this overseer changes at its next step, for the
    citizens there now (its branch not yet chosen, or the centre reached: said so)."""
    step = state.overseer_step[seat * 3 + cls] + 1
    if step > CENTRE:
        return [note("upgrade_centre", "it stands in the centre and moves no more: the upgrade gives it nothing")]
    if step >= 2 and not state.overseer_branch[seat * 3 + cls]:
        return [note("upgrade_later", "its branch is not chosen yet; from now on its activations may give more")]
    space = space_at(state, seat, cls, step)
    now, then = (_activations(state, seat, groups_for(state, seat, space, cls, up)) for up in (False, True))
    if then == now:         # "1 ... instead of 1" read as a slip (a browser audit)
        return [note("upgrade_same", f"at its next step it could activate {now} of your citizens there now, "
                     "upgraded or not", n=now, step=step)]
    return [note("upgrade_next", f"at its next step it could activate {then} of your citizens there now, "
                 f"instead of {now}", n=then, before=now, step=step)]


def _hex_action_notes(before, after, seat: int) -> list[dict[str, Any]]:
    """The hex action: an overseer it advances says where it lands (as in `_overseer_notes`); one
    that can do nothing now (nothing to build, upgrade or advance) says it is lost (MS-15.16)."""
    if after is None:
        return []
    kind, frame = _pending(after, seat)
    if kind == "branch":
        return _overseer_notes(before, after, seat, frame[2])
    i = seat * 3
    moved = [c for c in range(3) if after.overseer_step[i + c] != before.overseer_step[i + c]]
    if moved:
        return _overseer_notes(before, after, seat, moved[0])
    if kind == "turn" and not after.events(seat, since=before.event_mark()):
        return [note("action_lost", "you can do nothing with it now: the action is lost")]
    keys = after.legal_keys(seat) if kind == "build" else []
    if any(k.startswith("reshuffle:") for k in keys) and not any(k.startswith(TILE_KEYS) for k in keys):
        # MS-19.5/19.6: only paid reshuffles are left; a browser audit paid one, built nothing
        # and was told nothing
        return [note("build_nothing_affordable", "no tile on offer is affordable now: you could only pay to "
                     "reshuffle the stacks, hoping for one you can pay for, or build nothing")]
    return []


TILE_KEYS = ("hut_tile:", "workshop:", "cart:")       # the build keys of a tile (rules/build.py)


def _lieutenant_notes(state, seat: int, lt: int) -> list[dict[str, Any]]:
    """MS-8, MS-9: the places the lieutenant can reach this turn and what the way costs (from the
    estate every way is free; from a hex, 1 coin for each step beyond the first, MS-8.6)."""
    costs = [cost for _, _, cost in destinations(state, seat, lt)]
    paid = [c for c in costs if c]
    if not costs:                                      # only the recall: its own note says it
        return []
    if not paid:
        return [note("lieutenant_free", f"it can reach {len(costs)} place{'s' if len(costs) != 1 else ''} this "
                     f"turn, all for free", n=len(costs))]
    return [note("lieutenant_reach", f"it can reach {len(costs)} place{'s' if len(costs) != 1 else ''} this turn, "
                 f"{len(costs) - len(paid)} of them for free", n=len(costs), free=len(costs) - len(paid))]


def _reshuffle_notes(state, seat: int, key: str) -> list[dict[str, Any]]:
    """MS-19.5/19.6, D-4: a reshuffle is paid first; then any build option may follow (or, with
    `after_reshuffle = revealed_tile`, only the reshuffled kind). Where no tile the build may
    then take could be paid for with what is left, in the whole game (a hut upgrade also needs a
    free hut), it buys nothing: said from the tiles' printed costs, never from the hidden order
    of the stacks (a phone audit paid a point twice a game for nothing)."""
    _, kind, payment = key.split(":")
    held = state.markers(seat)
    if payment in held:
        held[payment] -= 1
    data = state.data
    tiles = {"huts": data.hut_upgrades if free_huts(state, seat) else (), "workshops": data.workshops,
             "carts": data.carts}
    for k in (tiles if state.rules.after_any else (kind,)):
        if any(affords(held, tile.cost, state.rules.large_fire_as_fire) for tile in tiles[k]):
            return []
    return [note("reshuffle_builds_nothing", "after paying, you could afford nothing this build may take: "
                 "the reshuffle would build nothing")]


def _end_turn_notes(state, seat: int, keys: list[str]) -> list[dict[str, Any]]:
    """MS-7.8, AMB-23: ending the turn gives up the actions still open (book actions are lost),
    named where they are all of one kind (the audit saw "the hex action or a book action" said
    when only a book action was left)."""
    left = [k for k in keys if k.startswith(OPEN)]
    if not left:
        return []
    n = len(left)
    if left == ["action"]:
        return [note("hex_action_left", "you have not taken this turn's hex action: ending the turn gives it up")]
    if all(k.startswith("book_action:") for k in left):
        return [note("book_actions_left", f"you still have {n} book action{'s' if n != 1 else ''} this turn: "
                     "ending the turn gives them up", n=n)]
    return [note("actions_left", f"you still have {n} option{'s' if n != 1 else ''} open this turn: ending the "
                 f"turn gives {'them' if n != 1 else 'it'} up", n=n)]


def preview(state, seat: int, action: Action, keys: list[str], worlds: _Worlds) -> dict[str, Any] | None:
    """The preview of one option of `seat` (see the module docstring)."""
    key, frame = action.key, state._stack[1]
    kind = frame[0].name
    diff, unsure, after, revealing, ended = _effect(state, seat, key, worlds)
    notes: list[dict[str, Any]] = []
    confirm = None
    if kind == "choose_destination" and key.startswith("hex:"):
        notes += _rescue_notes(state, seat, action.data.get("node", -1))
        notes += _hex_notes(state, seat, action.data.get("node", -1))
        # MS-24.1: the biggest points of the game, said where they can be had (a browser audit
        # found no destination saying so); judged once there, the way paid and the rescue not yet
        if after is not None and can_repopulate(after, seat, action.data.get("node", -1), frame[2]):
            notes.append(note("can_repopulate", "once there, you could repopulate this hex instead of its action"))
    elif kind == "choose_destination" and key.startswith("ship:"):
        notes += _ship_notes(state, seat, key[5:])
    elif kind == "turn" and key == "action":
        notes += _hex_action_notes(state, after, seat)
    elif kind == "choose_lieutenant" and key.startswith("lt:"):
        notes += _lieutenant_notes(state, seat, seat * LIEUTENANTS + int(key[3:]))
    elif kind == "choose_overseer" and frame[2] == "upgrade" and key[9:] in OVERSEERS:
        notes += _upgrade_notes(state, seat, OVERSEERS.index(key[9:]))
    elif kind == "choose_overseer" and key[9:] in OVERSEERS:
        notes += _overseer_notes(state, after, seat, OVERSEERS.index(key[9:]))
    elif kind == "skip_option" and key in ("advance", "skip"):
        notes += _overseer_notes(state, after, seat, frame[2])
    elif kind == "branch" and key in ("left", "right") and len(keys) > 1:
        notes += _branch_notes(state, seat, frame[2], key) + _overseer_notes(state, after, seat, frame[2])
        confirm = "branch_for_good"
    if key == "end_turn" and kind == "turn":
        notes += _end_turn_notes(state, seat, keys)
        if notes:
            confirm = "end_turn_early"
    elif key == "repopulate":
        notes += _repopulation_notes(state, action.data["hex"])
    elif key.startswith("reshuffle:"):
        notes += _reshuffle_notes(state, seat, key)
    elif key == "recall":
        notes.append(note("recall", "the lieutenant goes home and you take 1 coin: no hex action this turn"))
    own = diff[seat]
    if own.get("rats", 0) > 0 and "rats" not in unsure:
        notes.append(_rat_note(state, seat, own["rats"], False))
    if "large_fire" in own and own["large_fire"] < 0 and len(keys) > 1:
        confirm = confirm or "spend_large_fire"
    if not revealing and not any(n["key"] == "forced_rats" for n in notes):
        later = _forced(after, seat).get("rats", 0)
        if later > 0:
            notes.append(_rat_note(state, seat, later, True))
    if revealing:
        notes.append(note("reveals", "this reveals hidden tiles: it cannot be undone"))
    then: tuple[str, ...] = ()
    if ended:
        # the changes shown include the round's end; a count of "lieutenants this round" would
        # mix two rounds, so it is left to the note (a browser audit read "gain 4 lieutenants")
        notes.append(_round_end_note(state, ended))
        then = ("lieutenants",)
        diff = [{item: n for item, n in d.items() if item != "lieutenants"} for d in diff]
        own = diff[seat]
    others = {s: d for s, d in enumerate(diff) if s != seat}
    return make_preview(own, others=others, uncertain=unsure, notes=notes, confirm=confirm, then=then)


def _round_end_note(state, ended: int) -> dict[str, Any]:
    """MS-26 - MS-29: what follows the option before the next decision, included in its changes
    (`ended`: see `_round_end`)."""
    if ended == 1:
        return note("production_starts", f"then round {state.round} ends and production begins (the changes "
                    "shown go up to your next choice in it)", round=state.round)
    if state.round >= LAST_ROUND:
        return note("game_ends", "then the game ends: production, the rat penalty and the final scoring "
                    "(the changes shown include them)", round=state.round)
    if state.producing:
        return note("round_set_up", f"then round {state.round + 1} is set up (the changes shown include it)",
                    next=state.round + 1)
    return note("round_ends", f"then round {state.round} ends: production, the quarantine advance and the "
                f"set-up of round {state.round + 1} (the changes shown include them)",
                round=state.round, next=state.round + 1)


def with_previews(state, seat: int, actions: list[Action]) -> list[Action]:
    """`actions` (the options of `seat` in `state`) each with its preview attached."""
    if not actions or state.is_terminal():
        return actions
    keys = [a.key for a in actions]
    worlds = _Worlds(state, seat)
    for action in actions:
        attach(action, preview(state, seat, action, keys, worlds))
    return actions


__all__ = ["SUPPLY_ITEMS", "supplies", "with_previews", "preview", "rat_cost"]
