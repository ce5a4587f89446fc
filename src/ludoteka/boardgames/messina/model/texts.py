"""English texts of actions and costs, in the English edition's terms (labels, events, views)."""
from __future__ import annotations

from ..data.components import CLASSES

NOUNS = {"coin": ("coin", "coins"), "timber": ("timber", "timber"), "fire": ("fire", "fire"),
         "large_fire": ("large fire", "large fires"), "points": ("point", "points"),
         "citizen": ("citizen", "citizens")}
VERB_TEXT = {
    "scroll": "advance on your scroll board",
    "city_book": "advance on the city book",
    "church_book": "advance on the church book",
    "book": "advance on the city or church book",
    "upgrade_citizen": "upgrade a citizen",
    "overseer_skip": "advance an overseer of your choice, may skip a space",
    "upgrade_overseer": "upgrade an overseer",
    "upgrade_and_advance": "upgrade an overseer (if not yet) and advance it",
    "lieutenant": "take a lieutenant from the supply",
    "any_hex": "use the action of any hex in Messina",
    "build": "build (a hut upgrade, a workshop or a cart)",
}


def amount_text(resource: str, n: int) -> str:
    """'2 coins', '1 large fire'."""
    one, many = NOUNS[resource]
    return f"{n} {one if n == 1 else many}"


def count_text(n: int, one: str, many: str = "") -> str:
    """'1 rat', '2 rats', '0 rats': a number and the noun agreeing with it (`many` defaults to one + 's')."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def and_list(parts: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def counts_text(counts: dict[str, int]) -> str:
    """'2 coins, 1 fire and 1 point' of a dict of resource to amount; 'nothing' when all are 0."""
    parts = [amount_text(r, n) for r, n in counts.items() if n]
    return and_list(parts) if parts else "nothing"


def payment_text(tokens) -> str:
    """'2 fire', '1 large fire and 1 fire': a payment's tokens, equal ones counted together."""
    counts: dict[str, int] = {}
    for token in tokens:
        counts[token] = counts.get(token, 0) + 1
    return counts_text(counts)


def citizen_name(cls: int, upgraded: bool) -> str:
    """'an upgraded nun', 'an artisan' ... (cls: index in CLASSES)."""
    name = CLASSES[cls]
    if upgraded:
        return "an upgraded " + name
    return ("an " if name[0] in "aeiou" else "a ") + name


def cost_text(cost) -> str:
    """'1 timber + 2 coins', or 'nothing'."""
    return " + ".join(amount_text(r, n) for r, n in cost) or "nothing"


def atom_text(atom) -> str:
    """One atom of an action in words."""
    verb, n, arg = atom
    if verb in NOUNS:
        return ("gain " if verb != "points" else "score ") + amount_text(verb, n)
    if verb == "overseer":
        what = "an overseer of your choice" if arg == "any" else f"your {arg} overseer"
        return f"advance {what}"
    if verb == "activate":
        return f"activate up to {n} citizen{'s' if n != 1 else ''} on your estate"
    text = VERB_TEXT[verb]
    return text if n == 1 else f"{text} ({n} times)"


def alternative_text(atoms) -> str:
    """The atoms of one alternative joined with 'and'."""
    return " and ".join(atom_text(a) for a in atoms) or "nothing"


def action_text(spec) -> str:
    """A printed action: alternatives joined with 'or' (a slash in print)."""
    return " / ".join(alternative_text(alt) for alt in spec) or "no action"
