"""Numbers and nouns agree in every text of every language (issue 23 §4).

A plural text chooses its form by the parameter `n` alone (static/i18n.js), so a number in any
other parameter cannot make the noun next to it agree: "1 points", cs "2 bodů", pl "1 ognia".
Such a number must either be `n` or stand where no noun depends on it ("points: {points}",
"o {back}", an abbreviation such as "pkt", "VP"). The checker below lists every placeholder other
than `{n}` that carries a number and is directly followed (allowing adjectives and "of them" in
between) or directly preceded by a word whose form depends on that number."""
from __future__ import annotations

import random
import re

import pytest

from browser_kit import LANG, strings
from ludoteka import registry

LANGUAGES = ("en", "cs", "de", "pl")

# Placeholders whose value is a text (a name, a list, an amount already worded with its noun):
# no noun after them depends on a number. Every other placeholder is taken to carry a number.
TEXTS = set("""seat name names seats advisor advisors building enemy citizen class hex square workshop
    cart ship book market person persons piece from to colour sector goods gain give get lose lost reward
    payment pay paid items changes category option game message reason text what when decision action
    list order results result dice season phase card kept passed take payer start_player winners scores
    stone tile dock ids cards board scroll boards branch track via detail extra gained production normal
    upgraded priority squares holding artisan aristocrat nun corner a b amount deck id revision time
    token tokens rats rat""".split())

# Words whose form depends on the number before them (nouns, adjectives, verbs), per language.
# Abbreviations (VP, pkt, b., SP, VB, PZ), English mass nouns (fire, timber, prestige) and German
# nouns alike in singular and plural (Feuer, Bauholz, Bürger, Marker, Würfel) do not.
AFTER = {
    "en": r"points?|coins?|citizens?|hex(?:es)?|spaces?|markers?|rats?|stones?|cubes?|ships?|turns?"
          r"|soldiers?|lieutenants?|steps?|messages?|leaves?|leave|holds?|arrives?|arrive",
    "cs": r"bod[yůu]?|minc\w*|dřev\w*|měšťan\w*|oh(?:eň|ně|ňů)|velk\w+|kost(?:ka|ky|ek|ku)|krys\w*"
          r"|pol[eí]|kámen|kamen\w+|lod[ěí]|tah\w*|vojá\w+|služebník\w*|žeton\w*|znovuosídlen\w+",
    "de": r"Punkte?n?|Münzen?|Feld|Felder|Ratten?|Steine?|Schiffe?|Zug|Züge|Soldaten?|Leutnants?"
          r"|groß\w*|übrige\w*|wiederbevölkert\w*|Prestigepunkte?|Hexfeld\w*|Stadt-Hexfeld\w*",
    "pl": r"punkt\w*|monet\w*|drewn\w*|mieszka\w+|og(?:ień|nie|ni|nia)|duż\w+|kost(?:ka|ki|ek|kę)"
          r"|szczur\w*|pol[eau]|pól|kamie\w+|kamień|statk\w*|statek|żołnierz\w*|namiestnik\w*|heks\w*"
          r"|zaludnion\w+|są",
}
# Inflected plural forms before a number ("Punkte 2"); a label in the singular ("space 3",
# "pole 3", "Feld 3") and a colon ("body: 2") are number-agnostic.
BEFORE = {
    "en": r"points|coins|citizens|hexes|spaces|markers|rats|stones|cubes|ships|turns|soldiers",
    "cs": r"body|bodů|mincí|mince|měšťanů|měšťané|ohně|ohňů|krysy|krys|polí|kamenů|lodě|lodí|žetonů",
    "de": r"Punkte|Münzen|Felder|Ratten|Steine|Schiffe|Soldaten",
    "pl": r"punkty|punktów|monet|monety|mieszkańców|mieszkańcy|ognie|ogni|ognia|szczury|szczurów|pola|pól"
          r"|kamienie|kamieni|statki|statków|żołnierzy",
}
# The browser module binds `n` to this very number, so the plural forms agree: (key, placeholder)
# -> the binding that must stay in the module's source.
BOUND = {
    ("ms.level.each", "each"): ("messina-texts.js", "n: value <= divisor ? 1 : 2"),
    ("nd.ev.notre_dame_scoring", "stones"): ("notre-dame.js", "p.n = d.coins ?? d.stones ??"),
    ("nd.ev.plague_overflow", "prestige"): ("notre-dame.js", "d.stones ?? d.prestige ??"),
}
# a word between the number and its noun (an adjective, "of them"), not a conjunction: in
# "{step} a jedno pole" the noun belongs to "jedno"
WORD = r"(?!(?:a|i|and|und|oraz|or|oder|nebo|albo)\b)[^\W\d_][\w-]*"


def disagreements(language: str, texts: dict) -> list[str]:
    """Every `key [form]: …{number} noun…` of `texts` where a number other than `n` governs a noun."""
    after = re.compile(r"\{(\w+)\}((?:\s+" + WORD + r"){0,2}?\s+(?:" + AFTER[language] + r"))(?![\w-])",
                       re.IGNORECASE)
    before = re.compile(r"(?<![\w-])(?:" + BEFORE[language] + r")\s+\{(\w+)\}", re.IGNORECASE)
    found = []
    for key, value in texts.items():
        for form, text in (value.items() if isinstance(value, dict) else [("", value)]):
            for match in [*after.finditer(text), *before.finditer(text)]:
                name = match.group(1)
                if name == "n" or name in TEXTS or (key, name) in BOUND:
                    continue
                found.append(f"{key}{f' [{form}]' if form else ''}: …{match.group(0)}…")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_number_but_n_governs_a_noun(language):
    assert disagreements(language, strings(language)) == []


def test_the_checker_finds_what_it_is_meant_to_find():
    bad = {"en": "{seat} scores {points} points for {hexes} repopulated city hexes",
           "cs": "stojí {cost} ohně a {citizens} měšťanů", "de": "{back} Felder und {points} Punkte",
           "pl": "kosztuje {cost} ognia; na {held} z nich są"}
    counts = {"en": 2, "cs": 2, "de": 2, "pl": 2}
    for language, text in bad.items():
        assert len(disagreements(language, {"k": text})) == counts[language], language
    good = {"en": "{seat} scores {n} points; points: {points}; {vp} VP; costs {fire} fire; space {space}",
            "cs": "body: {points}; posun o {back}; pole {space}; {each} b.",
            "de": "Punkte: {points}; Feld {space}; {fire} Feuer; {citizens} Bürger",
            "pl": "traci {points} pkt; ognie: {fire}; pole {space}"}
    for language, text in good.items():
        assert disagreements(language, {"k": text}) == [], language


def test_the_bound_numbers_are_bound_in_the_browser_modules():
    for (key, name), (module, binding) in BOUND.items():
        assert binding in (LANG.parent / "games" / module).read_text(encoding="utf-8"), (key, name)


# The engine's English texts (the terminal's log and the browser's fallback): no "1 points", no
# "2 rat". A word may stand between the number and its noun ("1 popularity spaces"). Not listed
# as singular: "stone" (a good in Kingsburg, "3 stone") and "lieutenant" ("5 lieutenant turns").
PLURAL = ("points coins citizens hexes spaces markers rats stones cubes ships turns soldiers lieutenants"
          " steps messages squares options leave hold arrive").split()
SINGULAR = ("point coin citizen hex space marker rat cube ship turn soldier step message"
            " square option leaves holds arrives").split()
ONE_MANY = re.compile(r"(?<![\w./-])1 (?:[a-z]+ )?(?:" + "|".join(PLURAL) + r")\b")
MANY_ONE = re.compile(r"(?<![\w./-])(?:0|[2-9]|\d\d+) (?:" + "|".join(SINGULAR) + r")\b(?![-'])")
# Messina's texts; Notre Dame's and Kingsburg's agree already (Notre Dame's plague value, the
# "{value} steps" of its notes, is at least 2: one person of the display has no rat, ND-20.1).
ENGINE_GAMES = {"messina-1347": [(1, {}), (1, {"advanced": True}), (2, {}), (3, {"advanced": True}), (4, {})]}


def engine_texts(game_name: str) -> set[str]:
    """The English texts of random games' events, option notes and guides."""
    game, texts = registry.game(game_name), set()
    for k, (players, options) in enumerate(ENGINE_GAMES[game_name] * 2):
        state = game.new_state(players, 200 + k, options)
        rng = random.Random(k)
        while not state.is_terminal():
            seat = state.acting_seats()[0]
            actions = state.legal_actions(seat)
            guide = state.view(seat).get("guide") or {}
            notes = [n for a in actions for n in (a.data.get("preview") or {}).get("notes", [])]
            notes += [guide["next"]] if guide.get("next") else []
            texts |= {n.get("text", "") for n in notes + guide.get("warnings", [])}
            state.apply(rng.choice(actions).key, seat)
        texts |= {e["text"] for e in state.events(None)}
    return texts


@pytest.mark.parametrize("game_name", ENGINE_GAMES)
def test_the_engine_english_texts_agree(game_name):
    wrong = sorted(t for t in engine_texts(game_name) if ONE_MANY.search(t) or MANY_ONE.search(t))
    assert wrong == []
