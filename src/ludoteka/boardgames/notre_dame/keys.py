"""The stable action keys of Notre Dame, built and parsed here (labels live with each decision).

Saved games store these keys, so they never change: `keep:<card>`, `play:<card>`, `place`,
`from:<sector>`, `decline`, `donate:<n>`, `friend:<sector>`, `hotel:<parts>`, `to:<market>[:take]`
(built by the board layout), `payer:<seat>`, `bribe:<person>` (built from the person data), `pass`,
`barmaid:<part>`, `minstrel:<a>><b>`, `move:<k>[+friend]`, `juggle:<where>:<stone|friend>`,
`juggle-to:<sector>`, `bishop:<sector>`, `lose:<sector>`.
"""
from __future__ import annotations

CLOISTER_SCHOOL, BANK, RESIDENCE, CARRIAGE_HOUSE, HOTEL, PARK, HOSPITAL = range(7)
NOTRE_DAME = 7            # the Notre Dame card, and the "sector" index of a stone on Notre Dame
TRUSTED_FRIEND = 8
OFF_BOARD = -1            # the trusted friend before it is first placed

CARD_IDS = ("cloister_school", "bank", "residence", "carriage_house", "hotel", "park", "hospital",
            "notre_dame", "trusted_friend")
KEEP_KEYS = tuple(f"keep:{c}" for c in CARD_IDS)
KEEP_INDEX = {k: i for i, k in enumerate(KEEP_KEYS)}
PLAY_KEYS = tuple(f"play:{c}" for c in CARD_IDS)
PLAY_INDEX = {k: i for i, k in enumerate(PLAY_KEYS)}
FROM_KEYS = tuple(f"from:{c}" for c in CARD_IDS[:8])          # index 7: from Notre Dame
FROM_INDEX = {k: i for i, k in enumerate(FROM_KEYS)}
FRIEND_KEYS = tuple(f"friend:{c}" for c in CARD_IDS[:7])
FRIEND_INDEX = {k: i for i, k in enumerate(FRIEND_KEYS)}
DONATE_KEYS = ("donate:1", "donate:2", "donate:3")
DONATE_INDEX = {"donate:1": 1, "donate:2": 2, "donate:3": 3}
DONATION_PRESTIGE = (0, 1, 3, 6)                              # ND-16.3

HOTEL_COIN, HOTEL_STONE, HOTEL_RAT = "coin", "stone", "rat"
HOTEL_ITEMS = (HOTEL_COIN, HOTEL_STONE, HOTEL_RAT)
HOTEL_KEYS = ("hotel:coin", "hotel:stone", "hotel:rat")
HOTEL_PAIRS = tuple((f"hotel:{a}+{b}", (a, b)) for i, a in enumerate(HOTEL_ITEMS) for b in HOTEL_ITEMS[i:])
HOTEL_PARTS: dict[str, tuple[str, ...]] = {"hotel:none": ()}
HOTEL_PARTS.update({k: (p,) for k, p in zip(HOTEL_KEYS, HOTEL_ITEMS)})
HOTEL_PARTS.update(dict(HOTEL_PAIRS))
REWARD_LABELS = {HOTEL_COIN: "take 1 coin", HOTEL_STONE: "take 1 stone", HOTEL_RAT: "move your rat marker back 1"}
REWARD_TEXTS = {HOTEL_COIN: "1 coin", HOTEL_STONE: "1 stone", HOTEL_RAT: "the rat marker back 1"}

PAYER_KEYS = tuple(f"payer:{s}" for s in range(5))
PAYER_INDEX = {k: i for i, k in enumerate(PAYER_KEYS)}
PASS = "pass"
DECLINE = "decline"
PLACE = "place"
BARMAID_KEYS = {"barmaid:coin": HOTEL_COIN, "barmaid:stone": HOTEL_STONE, "barmaid:rat": HOTEL_RAT,
                "barmaid:none": ""}
LOSE_KEYS = tuple(f"lose:{c}" for c in CARD_IDS[:7])
LOSE_INDEX = {k: i for i, k in enumerate(LOSE_KEYS)}
MINSTREL_KEYS = tuple(tuple(f"minstrel:{CARD_IDS[a]}>{CARD_IDS[b]}" for b in range(7)) for a in range(7))
MINSTREL_INDEX = {MINSTREL_KEYS[a][b]: (a, b) for a in range(7) for b in range(7) if a != b}
MOVE_KEYS = tuple((f"move:{k}", f"move:{k}+friend") for k in range(4))
MOVE_INDEX = {key: (k, bool(friend)) for k in range(4) for friend, key in enumerate(MOVE_KEYS[k])}
JUGGLE_KEYS = tuple((f"juggle:{c}:stone", f"juggle:{c}:friend") for c in CARD_IDS[:8])
JUGGLE_INDEX = {key: (s, piece) for s in range(8) for piece, key in enumerate(JUGGLE_KEYS[s])}
JUGGLE_TO_KEYS = tuple(f"juggle-to:{c}" for c in CARD_IDS[:7])
JUGGLE_TO_INDEX = {k: i for i, k in enumerate(JUGGLE_TO_KEYS)}
BISHOP_KEYS = tuple(f"bishop:{c}" for c in CARD_IDS[:7])
BISHOP_INDEX = {k: i for i, k in enumerate(BISHOP_KEYS)}

# Prestige by where it came from (the score breakdown). The park bonus is counted apart.
PRESTIGE_CATEGORIES = ("residence", "messages", "persons", "donations", "notre_dame", "park", "plague")
RESIDENCE_POINTS, MESSAGE_POINTS, PERSON_POINTS, DONATION_POINTS, NOTRE_DAME_POINTS, PARK_POINTS, \
    PLAGUE_POINTS = range(7)
CATEGORY_COUNT = len(PRESTIGE_CATEGORIES)
