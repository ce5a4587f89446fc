"""A tiny game that implements the whole kernel contract, for testing the kernel, agents and tools.

"Toy market", 2-4 players, `rounds` rounds (default 3). Each seat holds one hidden *secret* card.
A turn is two decisions by the same seat (so agents meet consecutive decisions of one seat):
  1. `take:P` takes the face-up market card at position P (its value is scored at once and the
     slot is refilled from the hidden deck), or `roll` (option `roll`) scores a seeded die roll,
     or `pass` when nothing else is possible;
  2. `keep` keeps the secret, or `swap` discards it face up and draws a new secret from the deck.
At the end each seat scores its taken points plus its secret card. Skill matters (take the best
card, swap low secrets), so a search agent beats a random one.
"""
from __future__ import annotations

from typing import Any

from ludoteka.kernel import Action, BadRecord, Game, GameState, Option
from ludoteka.kernel.rng import below, seed_state, shuffle

VALUES = range(1, 10)
COPIES = 4
MARKET = 3


class ToyState(GameState):
    """The dynamic state: flat lists of ints, copied by hand in `clone`."""

    __slots__ = ("rng", "deck", "market", "secret", "pile", "discard", "taken", "turn", "step")
    game: "ToyGame"

    # ------------------------------------------------------------ decisions
    def _legal_keys(self) -> list[str]:
        if self.step == 1:
            return ["keep", "swap"] if self.deck else ["keep"]
        keys = [f"take:{p}" for p in range(MARKET) if self.market[p]]
        if self.options["roll"]:
            keys.append("roll")
        return keys or ["pass"]

    def _describe(self, key: str) -> Action:
        if key.startswith("take:"):
            pos = int(key[5:])
            return Action(key, f"Take the {self.market[pos]} from the market",
                          {"position": pos, "value": self.market[pos]})
        labels = {"roll": "Roll the die", "pass": "Pass", "keep": "Keep your secret card",
                  "swap": "Swap your secret card for one from the deck"}
        return Action(key, labels[key])

    def _apply(self, key: str) -> None:
        seat = self.to_act
        if key == "keep" or key == "swap":
            if key == "swap":
                old = self.secret[seat]
                self.discard.append(old)
                self.secret[seat] = self.deck.pop()
                self._log_event(f"Seat {seat} swaps its secret card, discarding a {old}.")
                self._log_event(f"Seat {seat} draws a {self.secret[seat]} as its new secret.", seat)
            self.step = 0
            self.turn += 1
            if self.turn >= self.options["rounds"] * self.players:
                self.to_act = None
                self._log_event("The game is over. Scores: " + ", ".join(
                    f"seat {s}: {v}" for s, v in enumerate(self.scores())))
            else:
                self.to_act = self.turn % self.players
            return
        if key == "roll":
            self.rng, die = below(self.rng, 6)
            self.pile[seat] += die + 1
            self._log_event(f"Seat {seat} rolls a {die + 1}.")
        elif key == "pass":
            self._log_event(f"Seat {seat} passes.")
        else:
            pos = int(key[5:])
            value = self.market[pos]
            self.pile[seat] += value
            self.taken += 1
            self.market[pos] = self.deck.pop() if self.deck else 0
            self._log_event(f"Seat {seat} takes the {value}.")
        self.step = 1

    # ------------------------------------------------------------ copies and serialisation
    def clone(self) -> "ToyState":
        cls = type(self)                  # subclasses in tests (broken variants) clone as themselves
        c = cls.__new__(cls)
        c.to_act = self.to_act
        c.players = self.players
        c.seed = self.seed
        c.options = self.options          # never mutated after creation
        c._history = self._history        # persistent linked lists: sharing is safe
        c._log = self._log
        c._legal = self._legal
        c.rng = self.rng
        c.deck = self.deck[:]
        c.market = self.market[:]
        c.secret = self.secret[:]
        c.pile = self.pile[:]
        c.discard = self.discard[:]
        c.taken = self.taken
        c.turn = self.turn
        c.step = self.step
        return c

    def _snapshot(self) -> dict[str, Any]:
        return {"to_act": self.to_act, "rng": self.rng, "deck": self.deck[:], "market": self.market[:],
                "secret": self.secret[:], "pile": self.pile[:], "discard": self.discard[:],
                "taken": self.taken, "turn": self.turn, "step": self.step}

    def _restore(self, data: dict[str, Any]) -> None:
        def ints(name: str, length: int | None = None) -> list[int]:
            value = data[name]
            if not isinstance(value, list) or not all(type(v) is int for v in value):
                raise BadRecord(f"toy state: {name!r} must be a list of integers")
            if length is not None and len(value) != length:
                raise BadRecord(f"toy state: {name!r} must have {length} entries")
            return list(value)

        for name in ("rng", "taken", "turn", "step"):
            if type(data[name]) is not int:
                raise BadRecord(f"toy state: {name!r} must be an integer")
        to_act = data["to_act"]
        if to_act is not None and type(to_act) is not int:
            raise BadRecord("toy state: 'to_act' must be a seat number or null")
        self.to_act = to_act
        self.rng, self.taken, self.turn, self.step = data["rng"], data["taken"], data["turn"], data["step"]
        self.deck = ints("deck")
        self.market = ints("market", MARKET)
        self.secret = ints("secret", self.players)
        self.pile = ints("pile", self.players)
        self.discard = ints("discard")

    # ------------------------------------------------------------ results and views
    def scores(self) -> list[float]:
        if self.to_act is None:
            return [self.pile[s] + self.secret[s] for s in range(self.players)]
        return list(self.pile)      # secrets are hidden until the end

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"to_act": self.to_act, "turn": self.turn, "step": self.step,
                "market": list(self.market), "piles": list(self.pile), "discard": list(self.discard),
                "deck_size": len(self.deck),
                "secrets": [v if (s == seat or self.to_act is None) else None
                            for s, v in enumerate(self.secret)]}

    def determinize(self, seat: int, seed: int) -> "ToyState":
        c = self.clone()
        others = [s for s in range(self.players) if s != seat]
        pool = c.deck + [c.secret[s] for s in others]
        rng = shuffle(seed_state(seed), pool)
        for s in others:
            c.secret[s] = pool.pop()
        c.deck = pool
        c.rng = seed_state(rng)       # future rolls are reseeded too
        return c


class ToyGame(Game):
    """The static part of the toy game."""

    name = "toy"
    title = "Toy market"
    min_players = 2
    max_players = 4
    options = {
        "rounds": Option("rounds", 3, "number of rounds", (2, 3, 4)),
        "roll": Option("roll", True, "allow rolling a die instead of taking a card"),
    }

    state_class = ToyState

    def _empty(self, players: int, seed: int, options: dict[str, Any]) -> ToyState:
        s = self.state_class.__new__(self.state_class)
        s.to_act, s.players, s.seed, s.options = 0, players, seed, options
        s._history = s._log = s._legal = None
        s.rng, s.deck, s.market, s.secret, s.pile, s.discard = 0, [], [0] * MARKET, [0] * players, [0] * players, []
        s.taken = s.turn = s.step = 0
        return s

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> ToyState:
        s = self._empty(players, seed, options)
        deck = [v for v in VALUES for _ in range(COPIES)]
        s.rng = shuffle(seed_state(seed), deck)
        s.secret = [deck.pop() for _ in range(players)]
        s.market = [deck.pop() for _ in range(MARKET)]
        s.deck = deck
        s._log_event(f"A game of {players} players starts; the market shows {s.market}.")
        for seat in range(players):
            s._log_event(f"Your secret card is a {s.secret[seat]}.", seat)
        return s

    def check_invariants(self, state: GameState) -> list[str]:
        assert isinstance(state, ToyState)
        problems = []
        cards = len(state.deck) + sum(1 for v in state.market if v) + len(state.secret) \
            + len(state.discard) + state.taken
        if cards != len(VALUES) * COPIES:
            problems.append(f"{cards} cards are accounted for, not {len(VALUES) * COPIES}")
        if any(v not in VALUES for v in state.deck + state.secret + state.discard):
            problems.append("a card outside 1..9")
        if state.step not in (0, 1):
            problems.append(f"step {state.step} is not 0 or 1")
        over = state.turn >= state.options["rounds"] * state.players
        if over != (state.to_act is None):
            problems.append(f"turn {state.turn} and to_act {state.to_act} disagree about the end")
        elif not over and state.to_act != state.turn % state.players:
            problems.append(f"seat {state.to_act} acts on turn {state.turn}")
        return problems

    def evaluate(self, state: GameState, seat: int) -> float:
        # The secrets count at the end; search evaluates determinized states, where they are known.
        totals = [p + s for p, s in zip(state.pile, state.secret)]
        return totals[seat] - max(v for s, v in enumerate(totals) if s != seat)

    def render(self, state: GameState, seat: int | None) -> str:
        v = state.view(seat)
        lines = [f"Turn {v['turn'] + 1}; market: {v['market']}; deck: {v['deck_size']} cards",
                 f"Discarded: {v['discard']}"]
        for s in range(state.players):
            secret = v["secrets"][s]
            lines.append(f"  seat {s}: {v['piles'][s]} points, secret {'?' if secret is None else secret}")
        return "\n".join(lines)


GAME = ToyGame()
ToyState.game = GAME      # the kernel reaches the static game through `state.game`
