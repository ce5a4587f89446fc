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

import random
from typing import Any

from ludoteka.kernel import Action, Game, GameState, Option
from ludoteka.kernel.fields import Int, Ints, slots
from ludoteka.kernel.flow import Automatic, Decision, Flow, Simultaneous
from ludoteka.kernel.preview import attach, make_preview, note
from ludoteka.kernel.rng import below, seed_state, shuffle

VALUES = range(1, 10)
COPIES = 4
MARKET = 3
FLOW = Flow()


@FLOW.kind
class Wager(Simultaneous):
    """Option `wager`: every seat at once bets 0-2 points on ending first; revealed together."""

    args = ("seats",)

    def keys(self, state, frame, seat):
        return ["bet:0", "bet:1", "bet:2"]

    def describe(self, state, frame, seat, key):
        return Action(key, f"Bet {key[4:]} points on ending first", {"bet": int(key[4:])})

    def choose(self, state, frame, seat, key):
        state.bet[seat] = int(key[4:])

    def resolve(self, state, frame):
        state._mark_barrier()                                  # the bets are revealed
        state.event("bets", f"The bets are {state.bet}.", {"bets": list(state.bet)})


@FLOW.kind
class Turn(Decision):
    """Step 1 of a turn: take a market card, roll, or pass."""

    args = ("seat",)

    def keys(self, state, frame, seat):
        return state.turn_keys()

    def describe(self, state, frame, seat, key):
        return state.describe_key(key)

    def apply(self, state, frame, seat, key):
        state.apply_turn(seat, key)
        state.push(SECRET(seat))


@FLOW.kind
class Secret(Decision):
    """Step 2 of a turn: keep the secret card or swap it for one from the deck."""

    args = ("seat",)

    def keys(self, state, frame, seat):
        return ["keep", "swap"] if state.deck else ["keep"]

    def describe(self, state, frame, seat, key):
        return state.describe_key(key)

    def apply(self, state, frame, seat, key):
        state.apply_secret(seat, key)


@FLOW.kind
class NextTurn(Automatic):
    """Between turns: the next seat's turn, or the end of the game."""

    def run(self, state, frame):
        state.next_turn()


TURN, SECRET, NEXT_TURN, WAGER = Turn, Secret, NextTurn, Wager   # the kinds' instances


class ToyState(GameState):
    """The dynamic state: flat lists of ints, declared once in FIELDS."""

    FIELDS = (Ints("deck", hidden="all"), Ints("market", length=MARKET), Ints("secret", per_seat=1, hidden="owner"),
              Ints("pile", per_seat=1), Ints("discard"), Ints("bet", per_seat=1, lo=0, hi=2),
              Int("taken", lo=0), Int("turn", lo=0))
    __slots__ = slots(FIELDS)
    FLOW = FLOW
    game: "ToyGame"

    # ------------------------------------------------------------ decisions (the kinds call these)
    def turn_keys(self) -> list[str]:
        keys = [f"take:{p}" for p in range(MARKET) if self.market[p]]
        if self.options["roll"]:
            keys.append("roll")
        return keys or ["pass"]

    def describe_key(self, key: str) -> Action:
        if key.startswith("take:"):
            pos = int(key[5:])
            return Action(key, f"Take the {self.market[pos]} from the market",
                          {"position": pos, "value": self.market[pos]})
        labels = {"roll": "Roll the die", "pass": "Pass", "keep": "Keep your secret card",
                  "swap": "Swap your secret card for one from the deck"}
        return Action(key, labels[key])

    def apply_turn(self, seat: int, key: str) -> None:
        if key == "roll":
            self.rng, die = below(self.rng, 6)
            self.pile[seat] += die + 1
            self.event("roll", f"Seat {seat} rolls a {die + 1}.", {"die": die + 1}, (seat,))
        elif key == "pass":
            self.event("pass", f"Seat {seat} passes.", {}, (seat,))
        else:
            pos = int(key[5:])
            value = self.market[pos]
            self.pile[seat] += value
            self.taken += 1
            self.market[pos] = self.deck.pop() if self.deck else 0
            self.event("take", f"Seat {seat} takes the {value}.", {"value": value, "position": pos}, (seat,))
            self._mark_barrier()                                # the refill reveals a card

    def apply_secret(self, seat: int, key: str) -> None:
        if key == "swap":
            old = self.secret[seat]
            self.discard.append(old)
            self.secret[seat] = self.deck.pop()
            self.event("swap", f"Seat {seat} swaps its secret card, discarding a {old}.", {"discarded": old}, (seat,))
            self.event("draw_secret", f"Seat {seat} draws a {self.secret[seat]} as its new secret.",
                       {"card": self.secret[seat]}, (seat,), visible_to=seat)
            self._mark_barrier()
        self.push(NEXT_TURN())

    def next_turn(self) -> None:
        self.turn += 1
        if self.turn >= self.options["rounds"] * self.players:
            self.event("game_over", "The game is over. Scores: " + ", ".join(
                f"seat {s}: {v}" for s, v in enumerate(self.final_scores())), {"scores": self.final_scores()})
        else:
            self.push(TURN(self.turn % self.players))

    @property
    def step(self) -> int:
        """0: the turn's first decision is pending; 1: the secret decision."""
        top = self.top()
        return 1 if top is not None and top[0] is SECRET else 0

    # ------------------------------------------------------------ results and views
    def _wagering(self) -> bool:
        top = self.top()
        return top is not None and top[0] is WAGER

    def final_scores(self) -> list[float]:
        totals = [self.pile[s] + self.secret[s] for s in range(self.players)]
        best = max(totals)
        return [t + (self.bet[s] if t == best else -self.bet[s]) for s, t in enumerate(totals)]

    def scores(self) -> list[float]:
        if self.to_act is None:
            return self.final_scores()
        return list(self.pile)      # secrets are hidden until the end

    def score_breakdown(self) -> list[dict]:
        over = self.to_act is None
        final = self.final_scores()
        out = []
        for s in range(self.players):
            points = {"cards": self.pile[s]}
            if over:
                points["secret"] = self.secret[s]
                points["bet"] = final[s] - self.pile[s] - self.secret[s]
            out.append({"points": points, "tiebreak": {}})
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"to_act": self.to_act, "turn": self.turn, "step": self.step,
                "bets": [b if s == seat or not self._wagering() else None for s, b in enumerate(self.bet)],
                "market": list(self.market), "piles": list(self.pile), "discard": list(self.discard),
                "deck_size": len(self.deck),
                "secrets": [v if (s == seat or self.to_act is None) else None
                            for s, v in enumerate(self.secret)]}

    def determinize(self, seat: int, seed: int) -> "ToyState":
        c = self._determinized(seat, seed)
        others = [s for s in range(self.players) if s != seat]
        pool = sorted(c.deck + [c.secret[s] for s in others])   # sorted: nothing of the order leaks
        shuffle(seed_state(seed), pool)
        for s in others:
            c.secret[s] = pool.pop()
        c.deck = pool
        if self._wagering():                                   # other seats' pending bets are secret
            for s in others:
                c.bet[s] = 0
        return c


class ToyGame(Game):
    """The static part of the toy game."""

    name = "toy"
    title = "Toy market"
    min_players = 2
    max_players = 4
    first_release = True            # the kernel tests replay first-release (format 1) records of it
    options = {
        "rounds": Option("rounds", 3, "number of rounds", (2, 3, 4)),
        "roll": Option("roll", True, "allow rolling a die instead of taking a card"),
        "wager": Option("wager", False, "every seat first bets 0-2 points, all at once, on ending first"),
    }

    state_class = ToyState

    def _empty(self, players: int, seed: int, options: dict[str, Any]) -> ToyState:
        return self.state_class.__new__(self.state_class)

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> ToyState:
        s = self._empty(players, seed, options)
        s._begin(players, seed, options)
        deck = [v for v in VALUES for _ in range(COPIES)]
        s.rng = shuffle(seed_state(seed), deck)
        s.secret = [deck.pop() for _ in range(players)]
        s.market = [deck.pop() for _ in range(MARKET)]
        s.deck = deck
        s.pile, s.discard, s.bet, s.taken, s.turn = [0] * players, [], [0] * players, 0, 0
        s.event("start", f"A game of {players} players starts; the market shows {s.market}.",
                {"market": list(s.market)})
        for seat in range(players):
            s.event("secret", f"Your secret card is a {s.secret[seat]}.", {"card": s.secret[seat]},
                    (seat,), visible_to=seat)
        s.push(TURN(0))
        if options["wager"]:
            s.push(WAGER(tuple(range(players))))
        s._settle()
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
        turn = state.turn
        over = turn >= state.options["rounds"] * state.players
        if over != (state.to_act is None):
            problems.append(f"turn {turn} and to_act {state.to_act} disagree about the end")
        elif not over and state.top()[0] is not WAGER and state.to_act != turn % state.players:
            problems.append(f"seat {state.to_act} acts on turn {turn}")
        return problems

    def evaluate(self, state: GameState, seat: int) -> float:
        # The secrets count at the end; search evaluates determinized states, where they are known.
        totals = [p + s for p, s in zip(state.pile, state.secret)]
        return totals[seat] - max((v for s, v in enumerate(totals) if s != seat), default=0)

    def render(self, state: GameState, seat: int | None, full: bool = False) -> str:
        v = state.view(seat)
        lines = [f"Turn {v['turn'] + 1}; market: {v['market']}; deck: {v['deck_size']} cards",
                 f"Discarded: {v['discard']}"]
        for s in range(state.players):
            secret = v["secrets"][s]
            lines.append(f"  seat {s}: {v['piles'][s]} points, secret {'?' if secret is None else secret}")
        return "\n".join(lines)


GAME = ToyGame()
ToyState.game = GAME      # the kernel reaches the static game through `state.game`


def play_random(state: GameState, seed: int, steps: int | None = None) -> GameState:
    """Play uniformly random keys of `to_act` (at most `steps` of them), in place; for tests."""
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal() and (steps is None or n < steps):
        keys = state.legal_keys()
        state.apply(keys[rng.randrange(len(keys))])
        n += 1
    return state


class PreviewToyState(ToyState):
    """The toy game whose turn options carry previews (kernel/preview.py) of the points they score."""

    def describe_key(self, key):
        action = super().describe_key(key)
        if key.startswith("take:"):
            return attach(action, make_preview({"points": self.market[int(key[5:])]}))
        if key == "roll":
            return attach(action, make_preview(uncertain=["points"], notes=[note("die", "1 to 6 points")]))
        return action


class PreviewToyGame(ToyGame):
    state_class = PreviewToyState
