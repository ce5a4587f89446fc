"""`ludoteka play`: a game in the terminal, humans and agents at the table.

The human sees `game.render(state, seat)` and the numbered options of the pending decision, and
answers with a number or a command (s save, q quit, l log, h help). Agents' moves appear as the
log lines the human may see. With stdin closed (no TTY, CI) the game stops cleanly.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from pathlib import Path
from typing import Any, Callable, TextIO

from ..ai import make_agent
from ..ai.base import shown
from ..kernel import Game, GameState, LudotekaError, load_record, record_of, replay, save_record
from .arguments import MAX_SEED, UsageError, players_for, seat_number, split_agents

HELP = """Type the number of an option to choose it. Commands:
  s   save the game (to --save FILE, the --resume FILE, or ./saves/<game>-<date>-<time>.json)
  q   quit (offers to save first)
  l   show the whole log as your seat sees it
  r   show the table again
  h ? this help"""


class _Quit(Exception):
    pass


_CHOICE = re.compile(r"[0-9]{1,6}")


def decision_seed(game_seed: int, seat: int, decisions: int) -> int:
    """The seed of the agent at `seat` for the decision after `decisions` actions of the game.

    It depends only on the game and the moment, so a saved and resumed game plays on exactly
    as the uninterrupted one would.
    """
    return (game_seed * 1_000_003 + seat) * 1_000_003 + decisions


def new_seed() -> int:
    """A fresh random game seed (never shown while the game is on: it gives away future chance)."""
    return random.SystemRandom().randrange(MAX_SEED + 1)


class Session:
    """One terminal game: the state, who sits where, and the input and output streams."""

    def __init__(self, state: GameState, seats: list[str], save_path: Path,
                 out: TextIO, read_line: Callable[[], str], save_on_eof: bool = False):
        self.state = state
        self.game = state.game
        self.seats = seats
        self.humans = [s for s, spec in enumerate(seats) if spec == "human"]
        # Agents are built anew for every decision (see `agent_key`), so they play the same
        # whether or not the game was saved and resumed in between.
        self.agents = {s: spec for s, spec in enumerate(seats) if spec != "human"}
        self.save_path = save_path
        self.out = out
        self.read_line = read_line
        self.shown: dict[int | None, int] = {}
        self.saved: str | None = None
        self.save_on_eof = save_on_eof     # only when the user named a --save file

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def ask(self, prompt: str) -> str:
        """One line of input; EOF (stdin closed) ends the game cleanly."""
        self.out.write(prompt)
        self.out.flush()
        line = self.read_line()
        if line == "":
            raise EOFError
        return line.strip()

    def show_new_log(self, seat: int | None) -> None:
        """Print the log lines `seat` may see that it has not been shown yet."""
        lines = self.state.log(seat)
        start = self.shown.get(seat, 0)
        for line in lines[start:]:
            self.say(f"  · {line}")
        self.shown[seat] = len(lines)

    def save(self) -> bool:
        """Save the game record; a failure is reported and the game goes on. True if saved."""
        try:
            self.save_path.parent.mkdir(parents=True, exist_ok=True)
            save_record(self.save_path, record_of(self.state))
        except (OSError, LudotekaError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.say(f"Could not save to {shown(self.save_path, 200)}: {shown(reason, 200)[1:-1]}. "
                     "Nothing was saved; the game goes on.")
            return False
        self.saved = str(self.save_path)
        self.say(f"Saved to {self.save_path} (resume with: ludoteka play --resume {self.save_path})")
        return True

    def agent_key(self, seat: int) -> str:
        """The agent's choice at `seat`, with randomness fixed by the game seed and the moment."""
        agent = make_agent(self.agents[seat], decision_seed(self.state.seed, seat, len(self.state.actions())))
        return agent.choose(self.state)

    def human_turn(self, seat: int) -> str:
        state = self.state
        if len(self.humans) > 1:
            self.say(f"\n=== Seat {seat}'s turn (others, look away) ===")
        self.show_new_log(seat)
        self.say("")
        self.say(self.game.render(state, seat))
        actions = state.legal_actions()
        if len(actions) == 1:              # nothing to decide: say what happens and go on
            self.say(f"\nSeat {seat}: {actions[0].label} (the only choice).")
            return actions[0].key
        self.say(f"\nSeat {seat}, choose:")
        for i, action in enumerate(actions, 1):
            self.say(f"  {i:>2}. {action.label}")
        while True:
            answer = self.ask(f"[1-{len(actions)}, h for help] > ").lower()
            if _CHOICE.fullmatch(answer) and 1 <= int(answer) <= len(actions):
                return actions[int(answer) - 1].key
            if answer in ("h", "?", "help"):
                self.say(HELP)
            elif answer == "s":
                self.save()
            elif answer == "l":
                for line in state.log(seat):
                    self.say(f"  · {line}")
            elif answer == "r":
                self.say(self.game.render(state, seat))
                for i, action in enumerate(actions, 1):
                    self.say(f"  {i:>2}. {action.label}")
            elif answer == "q":
                if self.ask("Save before quitting? [y/N] ").lower().startswith("y") and not self.save():
                    continue               # the save failed: stay, so nothing is lost unawares
                raise _Quit
            else:
                self.say(f"Please type a number from 1 to {len(actions)}, or h for help.")

    def run(self) -> bool:
        """Play until the game is over (True) or the human quits or input ends (False)."""
        state = self.state
        # Only one human: show what the agents do as it happens; several: each sees on its turn.
        watcher = self.humans[0] if len(self.humans) == 1 else (None if not self.humans else -1)
        try:
            while state.to_act is not None:
                seat = state.to_act
                if seat in self.agents:
                    key = self.agent_key(seat)
                else:
                    key = self.human_turn(seat)
                state.apply(key, seat)
                if watcher != -1:
                    self.show_new_log(watcher)
        except _Quit:
            self.say("You left the game.")
            return False
        except EOFError:
            self.say("\nNo more input (stdin is closed): the game stops here.")
            if self.save_on_eof:
                self.save()
            return False
        self.say(f"\nThe game is over (it was seed {state.seed}).")
        self.say(self.game.render(state, None))
        winners = state.winners()
        for s, v in enumerate(state.scores()):
            who = "you" if s in self.humans else self.seats[s]
            self.say(f"  seat {s} ({who}): {v}{'  <- winner' if s in winners else ''}")
        return True


def _seat_specs(args: argparse.Namespace, players: int) -> list[str]:
    seats = ["human"] + ["ismcts"] * (players - 1)
    if args.agents is not None:
        given = split_agents(args.agents) or []
        if len(given) != players:
            raise UsageError(f"--agents names {len(given)} seats; this game has {players} players")
        seats = given
    for item in args.seat or []:
        number, eq, spec = item.partition("=")
        if not eq:
            raise UsageError(f"--seat expects N=SPEC (e.g. 1=ismcts), not {shown(item)}")
        seats[seat_number(number, players)] = spec.strip()
    for seat, spec in enumerate(seats):
        if spec.lower() == "human":
            seats[seat] = "human"
        else:
            make_agent(spec, 0)       # an unknown agent or parameter fails before the game starts
    return seats


def _save_path(args: argparse.Namespace, game: Game) -> Path:
    """Where `s` saves: --save FILE, else the --resume FILE, else a new file under ./saves/."""
    if args.save:
        return Path(args.save)
    if args.resume:
        return Path(args.resume)
    return Path("saves") / f"{game.name}-{time.strftime('%Y%m%d-%H%M%S')}.json"


def run_play(args: argparse.Namespace, lookup: Callable[[str], Game],
             parse_options: Callable[[Any], dict[str, Any]],
             default_players: Callable[[Game], int],
             stdin: TextIO | None = None) -> int:
    """The `play` command (see the module docstring)."""
    stdin = stdin or sys.stdin
    if hasattr(stdin, "reconfigure"):
        stdin.reconfigure(errors="replace")     # undecodable bytes are bad input, not a crash
    out = sys.stderr if args.json else sys.stdout
    if args.resume:
        record = load_record(args.resume)
        state = replay(record, lookup)
        if args.game and args.game != state.game.name:
            raise UsageError(f"--resume {args.resume} is a game of {state.game.name}, not {args.game}")
        if args.players is not None and args.players != state.players:
            raise UsageError(f"--resume {args.resume} has {state.players} players, not {args.players}")
        game, players, seed = state.game, state.players, state.seed
    else:
        if not args.game:
            raise UsageError("play needs a GAME (or --resume FILE)")
        game = lookup(args.game)
        players = players_for(game, args.players, default_players)
        seed = args.seed if args.seed is not None else new_seed()
        state = game.new_state(players, seed, parse_options(args.option))
    seats = _seat_specs(args, players)
    session = Session(state, seats, _save_path(args, game), out, stdin.readline,
                      save_on_eof=bool(args.save))
    # The seed is never shown while the game is on: it would give away future dice and cards.
    session.say(f"{game.title or game.name}: {players} players. "
                + ", ".join(f"seat {s}: {spec}" for s, spec in enumerate(seats)))
    if session.humans:
        session.say("Type h for help.")
    if args.resume:
        session.say(f"Resumed from {args.resume} after {len(state.actions())} decisions.")
    finished = session.run()
    if args.json:
        print(json.dumps({"game": game.name, "players": players, "seed": seed if finished else None,
                          "seats": seats,
                          "finished": finished, "decisions": len(state.actions()),
                          "scores": state.scores(), "winners": state.winners() if finished else [],
                          "saved": session.saved}, indent=1))
    return 0
