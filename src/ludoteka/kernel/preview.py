"""What an option will do, said before it is chosen: the preview in `Action.data["preview"]`.

A preview is structured, JSON-ready data that a client translates (it never parses English):

    {"gain": {"coins": -2, "vp": 1},          # the choosing seat's supplies: after minus before
     "others": {"1": {"vp": -1}},             # other seats' changes, by seat (JSON keys are text)
     "uncertain": ["vp"],                     # supplies that chance or hidden cards decide
     "then": ["gold", "vp"],                  # supplies a chance step after the shown change decides
     "notes": [{"key": "plague_here", "text": "2 plague cubes here and you have no fire",
                "args": {"cubes": 2}}],       # risks, where a branch leads, what becomes impossible
     "confirm": "ends_turn"}                  # a note key: ask once before this irreversible choice

The supplies are the game's public counters of a seat (`Game.supply_items`, `Game.supplies`):
the same numbers a client shows in its summary of the seat's own pieces. A change is what
applying the option does up to the next decision, automatic follow-ups included. A game computes
its previews from what the choosing seat may see, never from hidden state. `uncertain` marks a
change shown as an estimate ("about 2 VP"); `then` says instead that the shown change is exact and
a chance step that follows before the next decision (Kingsburg's battle, named by a note) changes
these supplies again, so a client shows the change plainly and leaves the rest to the note; `tests/preview_kit.py`
checks every preview against what applying the option did on the seat's own determinizations.
"""
from __future__ import annotations

import json
from typing import Any, Iterable, Mapping

from .action import Action

PREVIEW = "preview"


def note(key: str, text: str, **args: Any) -> dict[str, Any]:
    """One preview note: a stable `key` a client translates (with `args`), and English `text`."""
    return {"key": key, "text": text, "args": args}


def make_preview(gain: Mapping[str, int] | None = None, *, others: Mapping[int, Mapping[str, int]] | None = None,
                 uncertain: Iterable[str] = (), notes: Iterable[dict[str, Any]] = (),
                 confirm: str | None = None, then: Iterable[str] = ()) -> dict[str, Any] | None:
    """A preview without zero changes, or None when it would say nothing."""
    preview: dict[str, Any] = {}
    own = {item: n for item, n in (gain or {}).items() if n}
    if own:
        preview["gain"] = own
    other = {str(seat): {item: n for item, n in changes.items() if n} for seat, changes in (others or {}).items()}
    other = {seat: changes for seat, changes in other.items() if changes}
    if other:
        preview["others"] = other
    unsure = sorted(set(uncertain))
    if unsure:
        preview["uncertain"] = unsure
    later = sorted(set(then))
    if later:
        preview["then"] = later
    notes = list(notes)
    if notes:
        preview["notes"] = notes
    if confirm:
        preview["confirm"] = confirm
    # `then` alone says nothing: what follows the option is not the option's
    return preview if set(preview) - {"then"} else None


def attach(action: Action, preview: dict[str, Any] | None) -> Action:
    """`action` with `preview` in its data (nothing added for None); returns the action."""
    if preview:
        action.data[PREVIEW] = preview
    return action


def changes(before: Mapping[str, int], after: Mapping[str, int]) -> dict[str, int]:
    """The non-zero differences `after - before`, item by item."""
    return {item: after.get(item, 0) - before.get(item, 0) for item in set(before) | set(after)
            if after.get(item, 0) != before.get(item, 0)}


def preview_text(preview: Mapping[str, Any] | None, labels: Mapping[str, str],
                 labels_one: Mapping[str, str] | None = None, harmful: Iterable[str] = ()) -> str:
    """The preview in one line of English for a terminal: "pay 2 coins, gain 1 coin; <notes>".

    `labels`: the English name of each supply item (`Game.supply_items`); `labels_one`: its name
    for an amount of 1 where that differs (`Game.supply_items_one`); `harmful`: the items a seat
    wants fewer of (`Game.harmful_items`), said "take 1 rat" and "get rid of 1 rat"."""
    if not preview:
        return ""
    one = labels_one or {}

    def name(item: str, n: int) -> str:
        return one.get(item) or labels.get(item, item) if abs(n) == 1 else labels.get(item, item)

    unsure = set(preview.get("uncertain", ()))
    parts = []
    for item, n in preview.get("gain", {}).items():
        if item in harmful:
            verb = "take" if n > 0 else "get rid of"
        else:
            verb = "gain" if n > 0 else "pay"
        parts.append(f"{verb} {'about ' if item in unsure else ''}{abs(n)} {name(item, n)}")
    for seat, diff in preview.get("others", {}).items():
        said = ", ".join(f"{n:+d} {name(item, n)}" for item, n in diff.items())
        parts.append(f"seat {seat}: {said}")
    line = ", ".join(parts)
    texts = [n["text"] for n in preview.get("notes", ())]
    return "; ".join(x for x in [line, *texts] if x)


def _note_id(note: Mapping[str, Any]) -> str:
    """A note's identity: its key and arguments (as the browser's `noteKey`: JSON, keys sorted)."""
    return json.dumps([note["key"], note.get("args") or {}], sort_keys=True, default=str)


def common_preview(previews: list[Mapping[str, Any] | None]) -> dict[str, Any] | None:
    """What every option's preview says alike (the browser's `commonPreview`): the seat's items
    and the others' changing by the same amount (and alike certain or uncertain), the same notes;
    said once above the options, not on each (a player read the plague that ends a Notre Dame
    round after any bribe as the cost of each bribe). None with fewer than 2 previews or nothing
    in common."""
    if len(previews) < 2:
        return None
    all_ = [p or {} for p in previews]
    first = all_[0]
    unsure = [set(p.get("uncertain", ())) for p in all_]
    gain = {item: n for item, n in first.get("gain", {}).items()
            if all(p.get("gain", {}).get(item) == n and (item in u) == (item in unsure[0])
                   for p, u in zip(all_, unsure))}
    others = {}
    for seat, diff in first.get("others", {}).items():
        kept = {item: n for item, n in diff.items()
                if all(p.get("others", {}).get(seat, {}).get(item) == n for p in all_)}
        if kept:
            others[seat] = kept
    notes = [n for n in first.get("notes", ())
             if all(any(_note_id(m) == _note_id(n) for m in p.get("notes", ())) for p in all_)]
    if not gain and not others and not notes:
        return None
    # uncertain everywhere: with its change lifted, or with no change on any option ("? VP")
    uncertain = [item for item in first.get("uncertain", ()) if all(item in u for u in unsure)
                 and (item in gain or not any(item in p.get("gain", {}) for p in all_))]
    return {"gain": gain, "others": others, "notes": notes, "uncertain": uncertain}


def without_common(preview: Mapping[str, Any] | None, common: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """`preview` without what `common` (common_preview) says for every option."""
    if not preview or not common:
        return preview
    gain = {item: n for item, n in preview.get("gain", {}).items() if item not in common["gain"]}
    others = {}
    for seat, diff in preview.get("others", {}).items():
        kept = {item: n for item, n in diff.items() if item not in common["others"].get(seat, {})}
        if kept:
            others[seat] = kept
    said = {_note_id(n) for n in common["notes"]}
    # an item said uncertain above leaves; one whose change stays here stays uncertain here
    uncertain = [item for item in preview.get("uncertain", ())
                 if item not in common["gain"] and item not in common["uncertain"]]
    return {**preview, "gain": gain, "others": others, "uncertain": uncertain,
            "notes": [n for n in preview.get("notes", ()) if _note_id(n) not in said]}
