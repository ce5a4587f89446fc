"""Notre Dame's fixed action space: every key a state can offer any seat, in a stable order.

The key grammar (see keys.py; saved games store these keys, so they never change):

  keep:<card>  play:<card>                     the draft (ND-5) and playing a card (ND-6)
  place  from:<sector|notre_dame>  decline     placing a stone (ND-7)
  donate:<1..3>  friend:<sector>               Notre Dame (ND-16), the trusted friend (ND-13)
  hotel:none|<item>|<item>+<item>              the hotel (ND-12), items coin, stone, rat
  bribe:<person>  pass                         bribes (ND-17)
  barmaid:<item|none>  minstrel:<a>><b>  move:<k>[+friend]
  juggle:<where>:<stone|friend>  juggle-to:<sector>  bishop:<sector>   the persons (ND-18, ND-19)
  lose:<sector>                                the plague (ND-20)
  to:<borough>.<market>[:take]                 the carriage (ND-11), from the board layout
  payer:<seat>                                 who pays a missing coin (ND-AMB-8; 3+ players)

Cards and sectors come from components.toml, persons from persons.toml (in file order), the
markets from board.toml's layout for the number of boroughs (2 players use 4, ND-24.1).

Why the order is stable: the keys are grouped by decision kind in the order of a round, each
group in data-file order. Every key that is the same for all player counts and options comes
first, so its index is shared by every space; the board's markets and the payer seats, which
depend on the player count, come last. No option changes the keys: `carriage_may_stay` only
removes staying put, and every market can still be reached from another. New keys must only
ever be appended at the end (the tests pin each space's size and digest).
"""
from __future__ import annotations

from typing import Any

ITEMS = ("coin", "stone", "rat")          # the hotel's and the Barmaid's rewards (ND-12, ND-18.1)


def action_keys(players: int, options: dict[str, Any], data) -> list[str]:
    """Every key of Notre Dame with `players` seats (`options` change none of them)."""
    del options
    cards = data.card_ids                         # the 7 sectors, then notre_dame, trusted_friend
    sectors = data.sectors
    places = sectors + (cards[len(sectors)],)     # a stone can also stand on Notre Dame
    keys: list[str] = []
    keys += [f"keep:{c}" for c in cards]                                    # ND-5.2
    keys += [f"play:{c}" for c in cards]                                    # ND-6.1
    keys += ["place"] + [f"from:{p}" for p in places] + ["decline"]         # ND-7.1 to ND-7.5
    keys += [f"donate:{n}" for n in (1, 2, 3)]                              # ND-16.2
    keys += [f"friend:{s}" for s in sectors]                                # ND-13
    keys += ["hotel:none"] + [f"hotel:{a}" for a in ITEMS]                  # ND-12.2
    keys += [f"hotel:{a}+{b}" for i, a in enumerate(ITEMS) for b in ITEMS[i:]]   # ND-12.4: two
    keys += [f"bribe:{p.id}" for p in data.persons] + ["pass"]              # ND-17.2
    keys += [f"barmaid:{a}" for a in ITEMS] + ["barmaid:none"]              # ND-18.1
    keys += [f"minstrel:{a}>{b}" for a in sectors for b in sectors if a != b]    # ND-18.4
    # ND-18.5: 1 to 3 stones, or the friend with 0 to 2 stones (never nothing, never 4 pieces)
    keys += [f"move:{k}" for k in (1, 2, 3)] + [f"move:{k}+friend" for k in (0, 1, 2)]
    keys += [f"juggle:{p}:stone" for p in places]                           # ND-18.7
    keys += [f"juggle:{s}:friend" for s in sectors]                         # (never on Notre Dame)
    keys += [f"juggle-to:{s}" for s in sectors]                             # ND-18.8
    keys += [f"bishop:{s}" for s in sectors]                                # ND-19.3
    keys += [f"lose:{s}" for s in sectors]                                  # ND-20.7
    # The player-count part: the markets of the layout (a message lies only on a borough's
    # message markets, ND-2.9, so only those can be taken), then the seats that may pay a coin:
    # a choice only when two other seats tie for the most coins, so never with 2 players.
    layout = data.layouts[4 if players == 2 else players]
    message_markets = {m for markets in layout.message_markets for m in markets}
    for market, (move, take) in enumerate(layout.move_keys):               # ND-11.2, ND-11.6
        keys += [move, take] if market in message_markets else [move]
    if players >= 3:
        keys += [f"payer:{s}" for s in range(players)]                     # ND-AMB-8
    return keys
