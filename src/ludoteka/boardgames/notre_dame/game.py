"""The Notre Dame game object: options, creation, invariants, components, heuristic and rendering."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ...kernel import Game, GameState, Option
from . import bribes, coins, plague  # noqa: F401  (registers their frame kinds)
from . import policy
from .action_space import action_keys
from .actions import message_reward
from .data import CARD_TYPES, DATA_DIR, SECTOR_COUNT, Components, load_components
from .keys import CATEGORY_COUNT
from .render import render
from .rounds import setup
from .hidden import determinize, view
from .outlook import SUPPLY_ITEMS, SUPPLY_ITEMS_ONE, supplies
from .state import NotreDameState, seat_names

OPTIONS = {
    "open_prestige": Option(
        "open_prestige", False,
        "Show every seat's prestige to everyone. Off: prestige tokens are hidden (ND-10.3, ND-AMB-21)."),
    "start_player": Option(
        "start_player", "random",
        "Who holds the bell-ringer first: 'random' (seeded) or a seat number (ND-2.15, ND-AMB-26).",
        ("random", 0, 1, 2, 3, 4)),
    "carriage_may_stay": Option(
        "carriage_may_stay", True,
        "The carriage may end where it started (0 markets) and take a message there (ND-AMB-14). "
        "False: the stricter reading, at least one market."),
    "coin_shortage": Option(
        "coin_shortage", "richest_pays",
        "When the coin supply runs short on any coin gain: 'richest_pays' applies the Bank rule "
        "(ND-9.3) to every gain (ND-AMB-7); 'bank_only' applies it to the Bank alone and other gains "
        "receive only what the supply holds.",
        ("richest_pays", "bank_only")),
}


class PlayedState(NotreDameState):
    """The declared state (state.py) joined with the hidden-information filter (hidden.py), which
    reads the state and so sits above it."""

    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (ND-5.3, ND-6.4, ND-10.3, 5.3 of the digest); None is a spectator."""
        return view(self, seat)

    def determinize(self, seat: int, seed: int) -> "NotreDameState":
        """A full state `seat` cannot tell from this one, depending only on what it may see and
        on `seed` (see hidden.determinize)."""
        return determinize(self, seat, seed)


class NotreDame(Game):
    """Notre Dame (Stefan Feld, alea 2007) for 2 to 5 players."""

    name = "notre-dame"
    rules_revision = 1            # raised when a ruling changes a default (Game.rules_revision)
    title = "Notre Dame"
    min_players = 2
    max_players = 5
    options = OPTIONS
    first_release = True                           # its format-1 records still replay
    # The score categories as players say them (the end screen of `ludoteka play`).
    category_names = {"notre_dame": "Notre Dame", "persons": "Persons (bribes)"}
    state_class = PlayedState
    # The public counters of a seat (outlook.py); prestige is among them only with open_prestige.
    supply_items = SUPPLY_ITEMS
    supply_items_one = SUPPLY_ITEMS_ONE
    harmful_items = frozenset({"rats"})
    # `evaluate` misjudges a round in mid-play (the plague and the bribes come at its end), so the
    # hard level plays its playouts to the end of the game rather than 80 decisions: at the
    # default's thinking time that alone won 17 of 30 four-player games against three default
    # searches (docs/measurements.md#ai-levels-issue-11).
    ai_levels = {"hard": "ismcts_parallel:iterations=1000,depth=400,seconds=1.5"}

    def __init__(self, data_dir: Path | str = DATA_DIR):
        self.data_dir = Path(data_dir)
        self._data: Components | None = None

    @property
    def data(self) -> Components:
        """The component data, loaded and validated on first use."""
        if self._data is None:
            self._data = load_components(self.data_dir)
        return self._data

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        state = self._empty(players, seed, options)
        state._begin(players, seed, options)
        setup(state, players, seed, options)
        state._settle()
        return state

    def _empty(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        state = self.state_class.__new__(self.state_class)
        state.game = self
        state.data = self.data
        state.boroughs = 4 if players == 2 else players
        state.seat_borough = (0, 2) if players == 2 else tuple(range(players))
        state.seat_names = seat_names(self.data, state.seat_borough)
        return state

    def action_keys(self, players: int, options: dict[str, Any]) -> list[str]:
        return action_keys(players, options, self.data)

    def components(self) -> list[dict[str, Any]]:
        """The nine action cards (with their sector effects), the fifteen persons (effects and
        rats) and the four kinds of message, from the data files, with their provenance."""
        data = self.data
        out: list[dict[str, Any]] = []
        for i, (cid, name) in enumerate(zip(data.card_ids, data.card_names)):
            text = data.card_effects[i].replace("{n}", "N")
            if i < SECTOR_COUNT:
                text += " (N: your pieces in the sector, after placing)"
            out.append({"id": cid, "type": "action_card", "name": name, "text": text,
                        "sector": i < SECTOR_COUNT, "provenance": "text"})
        for p in data.persons:
            out.append({"id": p.id, "type": "person", "name": p.name, "text": p.text, "deck": p.deck,
                        "effect": p.effect, "rats": p.rats,
                        "provenance": "reconstructed (rats)" if data.rats_reconstructed else "text"})
        for m in data.messages:
            out.append({"id": m.id, "type": "message", "name": f"Message: {message_reward(m)}",
                        "text": f"Taken with the carriage: {message_reward(m)}", "prestige": m.prestige,
                        "coins": m.coins, "stones": m.stones, "rat_back": m.rat_back,
                        "per_colour": 1, "provenance": "text"})
        return out

    def check_invariants(self, state: GameState) -> list[str]:
        """Conservation of stones, coins, messages and cards; bounds; who acts (ND-1, ND-20.5)."""
        assert isinstance(state, NotreDameState)
        data = state.data
        n = state.players
        problems = []
        for s in range(n):
            on_sectors = state.sector_stones[s * SECTOR_COUNT:(s + 1) * SECTOR_COUNT]
            total = state.personal[s] + state.general[s] + state.notre_dame_stones[s] + sum(on_sectors)
            if total != data.stones_per_colour or min(on_sectors + [state.personal[s], state.general[s],
                                                                    state.notre_dame_stones[s]]) < 0:
                problems.append(f"seat {s}: stones {total} (personal {state.personal[s]}, general "
                                f"{state.general[s]}, Notre Dame {state.notre_dame_stones[s]}, sectors {on_sectors}), "
                                f"expected {data.stones_per_colour}, none negative")
            if not 0 <= state.rat[s] <= data.plague_max:
                problems.append(f"seat {s}: rat marker {state.rat[s]} outside 0..{data.plague_max}")
            if state.prestige[s] < 0 or state.coins[s] < 0:
                problems.append(f"seat {s}: negative prestige or coins")
            if not -1 <= state.friend[s] < SECTOR_COUNT:
                problems.append(f"seat {s}: trusted friend on {state.friend[s]}")
        coin_count = state.supply + sum(state.coins)
        if coin_count != data.coins_total or state.supply < 0:
            problems.append(f"coins: supply {state.supply} + players {sum(state.coins)} = {coin_count}, "
                            f"expected {data.coins_total}")
        kinds = len(data.messages)
        for colour in range(state.boroughs):
            board = sum(1 for code in state.msg_at if code >= 0 and code // kinds == colour)
            held = sum(state.held[s * state.boroughs + colour] for s in range(n))
            if board != state.on_board[colour] or board + held != data.messages_per_colour:
                problems.append(f"messages of colour {colour}: {board} on the board "
                                f"(counted {state.on_board[colour]}) + {held} held")
        places = [state.discard, state.unused] + state.deck + state.offer + state.outgoing + state.hand \
            + state.played
        seen = sorted(c for place in places for c in place)
        if seen != list(range(n * CARD_TYPES)):
            problems.append(f"action cards: {len(seen)} found, each card must be in exactly one place")
        if state.to_act is None and state.round != data.rounds:
            problems.append(f"the game is over in round {state.round}, before round {data.rounds}")
        if not 1 <= state.round <= data.rounds:
            problems.append(f"round {state.round} outside 1..{data.rounds}")
        if len(state.held) != n * state.boroughs or len(state.on_board) != state.boroughs \
                or len(state.msg_at) != len(data.layouts[state.boroughs].names):
            problems.append("the message fields do not fit the board")
        for s in range(n):
            if sum(state.points[s * CATEGORY_COUNT:(s + 1) * CATEGORY_COUNT]) != state.prestige[s]:
                problems.append(f"seat {s}: prestige {state.prestige[s]} is not the sum of its categories")
            if state.carriage[s] >= len(data.layouts[state.boroughs].names):
                problems.append(f"seat {s}: carriage on market {state.carriage[s]}, which does not exist")
        if any(len(hand) > 3 for hand in state.hand) or any(len(offer) > 3 for offer in state.offer):
            problems.append("a hand or a draft offer holds more than 3 cards")
        if state.to_act is not None and len(state.display) != 3:
            problems.append(f"{len(state.display)} persons on display while the game is running")
        persons = sorted(state.brown + state.gray + state.display)
        if persons != list(range(len(data.persons))):
            problems.append(f"persons: each of the {len(data.persons)} must be in exactly one deck or "
                            f"on display, found {persons}")
        elif state.to_act is not None:
            problems.extend(_round_problems(state))
        return problems

    def evaluate(self, state: GameState, seat: int) -> float:
        """Prestige plus a rough value of coins, stones, buildings and messages, less the plague it
        faces, minus the best other seat's value (policy.py). Used by the greedy and search agents."""
        assert isinstance(state, NotreDameState)
        return policy.evaluate(state, seat)

    def evaluate_all(self, state: GameState) -> list[float]:
        """`evaluate` for every seat, with each seat's worth computed once."""
        assert isinstance(state, NotreDameState)
        return policy.evaluate_all(state)

    def playout_key(self, state: GameState, random) -> str:
        """The search's playout policy: a noisy greedy player that sees what the acting seat
        sees and heads off its plague overflow (policy.py)."""
        return policy.playout_key(state, random)

    def supplies(self, state: GameState, seat: int) -> dict[str, int]:
        """`seat`'s coins, stones in the personal supply, rat marker and messages held, and its
        prestige when open_prestige makes it public: the same for every seat's view."""
        assert isinstance(state, NotreDameState)
        return supplies(state, seat)

    def render(self, state: GameState, seat: int | None, full: bool = False) -> str:
        """The table as text, as `seat` sees it: compact, or everything if `full`."""
        assert isinstance(state, NotreDameState)
        return render(state, seat, full)

    def seat_name(self, state: GameState, seat: int) -> str:
        """How the event texts name a seat: its colour and number, e.g. 'Red (seat 0)'."""
        assert isinstance(state, NotreDameState)
        return state.name(seat)


def _round_problems(state: NotreDameState) -> list[str]:
    """While a round is on: the decks and the pending turns fit its round number (ND-3, ND-5.1,
    ND-6.2); a saved state without its history is checked against them."""
    data = state.data
    problems = []
    in_period = (state.round - 1) % data.rounds_per_period
    dealt = 3 * (in_period + 1)                           # ND-5.1: 3 cards a round from a 9-card deck
    for s in range(state.players):
        if len(state.deck[s]) != CARD_TYPES - dealt:
            problems.append(f"deck: seat {s} has {len(state.deck[s])} cards in the deck in round {state.round}, "
                            f"not {CARD_TYPES - dealt}")
    names = [f[0].name for f in state.frames()]
    plays = [0] * state.players
    for frame in state.frames():
        for item in (frame[1] if frame[0].name == "in_order" else (frame,)):
            if item[0].name == "play_card":
                plays[item[1]] += 1
    for s in range(state.players):
        cards = len(state.hand[s])
        if "begin_actions" in names:                      # ND-5: drafting, 3 cards in hand
            cards += len(state.offer[s]) + len(state.outgoing[s])
            if cards != 3:
                problems.append(f"hand: seat {s} drafts with {cards} cards")
        elif "end_actions" in names:                      # ND-6.2: 2 of the 3 cards are played
            if plays[s] != cards - 1:
                problems.append(f"hand: seat {s} has {cards} cards in hand and {plays[s]} cards to play")
        elif cards:
            problems.append(f"hand: seat {s} holds {cards} cards after the actions phase")
    return problems
