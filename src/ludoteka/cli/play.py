"""`ludoteka play`: a game in the terminal, humans and agents at the table.

The human sees the compact table (`game.render(state, seat)`; `r` shows the full one) and the
numbered options of the pending decision, each with what it costs and gains where the game says
so (its preview), and answers with a number or a command (i NAME explains a component, s save,
q quit, l log, hint the AI's three best options with reasons, h the rules of the current phase
and the commands). Agents' moves appear as the
log lines the human may see, with the human's own seat called "You". The game is saved after every decision; Ctrl-C or
the end of stdin stop it cleanly, saved. When it ends, the score breakdown and the winners are
shown and the finished record is written (`ludoteka replay FILE` replays it).
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
import textwrap
import time
from pathlib import Path
from typing import Any, Callable, TextIO

from ..ai import analyse, make_agent
from ..ai.analysis import DEFAULT_BUDGET, MAX_BUDGET, hint_seed
from ..ai.base import AgentSpecError, shown
from ..ai.levels import LEVELS, decision_seed, resolve_level
from ..kernel import Game, GameState, LudotekaError, load_record, record_of, replay, save_record
from ..kernel.preview import common_preview, preview_text, without_common
from .arguments import MAX_SEED, UsageError, players_for, seat_number, split_agents
from .resume import LAST, resume_command, unfinished_saves
from .rules import WIDTH, rules_text

HELP = """Type the number of an option to choose it. Commands:
  h       the rules of the current phase and these commands; h all: the whole rules
  r       show the full table (the compact one is shown before each decision)
  i NAME  explain a component (a card, person, advisor, building...); i alone lists them
  hint    the AI's three best options with its estimates and reasons (hint N: search N
          iterations instead of the default; unless hints are off for this game)
  l       show the whole log as your seat sees it
  s       save now (the game is also saved after every decision, to --save FILE, the
          --resume FILE, or ./saves/<game>-<date>-<time>.json)
  q       save and quit (Ctrl-C and Ctrl-D also save and quit)"""

_VERBS = {"has": "have", "is": "are", "does": "do", "was": "were"}


def _base_verb(word: str) -> str:
    """'plays' -> 'play', 'passes' -> 'pass', 'carries' -> 'carry', 'has' -> 'have'."""
    if word in _VERBS:
        return _VERBS[word]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def personal(text: str, name: str | None) -> str:
    """`text` with the seat called `name` (as the game's texts name it) called you: "Red (seat 0)
    plays Bank." -> "You play Bank.", "Red (seat 0)'s rat marker" -> "Your rat marker". The first
    letter of the line is capitalised ("seat 1 passes" -> "Seat 1 passes"). The name's first
    letter matches in either case: a sentence may begin with it ("Seat 0 chooses hex A05." for the
    seat named "seat 0" -> "You choose hex A05.")."""
    if name:
        first = f"[{re.escape(name[0].lower())}{re.escape(name[0].upper())}]" if name[0].isalpha() else re.escape(name[0])
        pattern = re.compile(first + re.escape(name[1:]) + r"(?![\w])('s)?( ([a-z]+)(?![\w']))?")

        def you(match: re.Match) -> str:
            before = text[:match.start()].rstrip()
            start = not before or before.endswith((".", "!", "?"))
            word = ("Your" if start else "your") if match.group(1) else ("You" if start else "you")
            if match.group(2):
                verb = match.group(3)
                word += " " + (verb if match.group(1) else _base_verb(verb))
            return word

        text = pattern.sub(you, text)
    return text[:1].upper() + text[1:]


def _humanize(name: str, names: dict[str, str]) -> str:
    """A score category's name as players say it: 'personal_stones' -> 'Personal stones'."""
    if name in names:
        return names[name]
    words = name.replace("_", " ")
    return words[:1].upper() + words[1:]


def _plural(noun: str) -> str:
    """'Person' -> 'Persons', 'City hex' -> 'City hexes', 'Harbour' -> 'Harbours'."""
    return noun + ("es" if noun.endswith(("s", "x", "z", "ch", "sh")) else "s")


class _Quit(Exception):
    pass


RECENT = 15        # log lines shown when a resumed game starts
_CHOICE = re.compile(r"[0-9]{1,6}")


def new_seed() -> int:
    """A fresh random game seed (never shown while the game is on: it gives away future chance)."""
    return random.SystemRandom().randrange(MAX_SEED + 1)


class Session:
    """One terminal game: the state, who sits where, and the input and output streams."""

    def __init__(self, state: GameState, seats: list[str], save_path: Path,
                 out: TextIO, read_line: Callable[[], str], save_on_eof: bool = False,
                 autosave: bool = False, hints: bool | None = None):
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
        self.save_on_eof = save_on_eof or autosave
        self.autosave = autosave           # save after every decision (`run_play` turns it on)
        self.autosave_failed = False       # a failing autosave is reported once
        # Hints (`hint`): on unless turned off; at a table of several humans off unless turned on.
        self.hints = len(self.humans) <= 1 if hints is None else hints

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

    def name_of(self, seat: int) -> str:
        return self.game.seat_name(self.state, seat)

    def you(self, text: str, seat: int | None) -> str:
        """`text` as `seat` reads it: its own seat is called you."""
        return personal(text, self.name_of(seat) if seat is not None else None)

    def show_new_log(self, seat: int | None) -> None:
        """Print the log lines `seat` may see that it has not been shown yet."""
        lines = self.state.log(seat)
        start = self.shown.get(seat)
        if start is None:                  # the first time (a resumed game): only the recent lines
            start = max(0, len(lines) - RECENT)
            if start:
                self.say(f"  · ... ({start} earlier lines: type l to see the whole log)")
        for line in lines[start:]:
            self.say(f"  · {self.you(line, seat)}")
        self.shown[seat] = len(lines)

    def save(self, quiet: bool = False) -> bool:
        """Save the game record; a failure is reported and the game goes on. True if saved.

        `quiet` (the autosave after each decision) says nothing when it works, and reports only
        the first failure."""
        try:
            self.save_path.parent.mkdir(parents=True, exist_ok=True)
            save_record(self.save_path, record_of(self.state))
        except (OSError, LudotekaError) as exc:
            if quiet and self.autosave_failed:
                return False
            self.autosave_failed = self.autosave_failed or quiet
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.say(f"Could not save to {shown(self.save_path, 200)}: {shown(reason, 200)[1:-1]}. "
                     "Nothing was saved; the game goes on.")
            return False
        self.saved = str(self.save_path)
        if not quiet:
            self.say(f"Saved to {self.save_path} (resume with: {self.resume_command()})")
        return True

    def resume_command(self) -> str:
        """The command that resumes this game with the same seats (the record does not hold them:
        seats other than the default ones are given as --agents)."""
        agents = None if self.seats == default_seats(len(self.seats)) else ",".join(self.seats)
        return resume_command(self.save_path, agents)

    def agent_key(self, seat: int) -> str:
        """The agent's choice at `seat`, with randomness fixed by the game seed and the moment."""
        agent = make_agent(self.agents[seat], decision_seed(self.state.seed, seat, len(self.state.actions())))
        return agent.choose(self.state)

    def explain(self, query: str) -> None:
        """`i NAME`: the text of the components whose id or name starts with NAME (any case); all
        their names when NAME is empty or matches several."""
        components = self.game.components()
        if not components:
            self.say("This game has no components to explain.")
            return
        query = query.strip().lower()
        if not query:
            self.say("Components (type i NAME; a prefix or a word of the name is enough):")
            groups: dict[str, list[str]] = {}
            for c in components:
                groups.setdefault(str(c.get("type") or c.get("kind") or "other"), []).append(c["name"])
            for group, names in groups.items():
                self.say(textwrap.fill(f"{_plural(_humanize(group, {}))}: " + "; ".join(names), width=110,
                                       initial_indent="  ", subsequent_indent="    "))
            return
        exact = [c for c in components if query in (str(c["id"]).lower(), c["name"].lower())]
        found = exact or [c for c in components
                          if any(k.startswith(query) for k in (str(c["id"]).lower(), c["name"].lower()))]
        if not found:     # a word of the name: "i guard" finds the City Guard and the Guard Tower
            found = [c for c in components if any(w.startswith(query) for w in re.split(r"[\s:'-]+", c["name"].lower()))]
        if not found:
            self.say(f"No component is called {shown(query, 40)}; type i alone to list them.")
        elif len({c["name"] for c in found}) == 1:     # several of a kind (enemy cards): all of them
            for c in found:
                self.say(f"{c['name']}: {c['text']}")
        elif len(found) > 1:
            self.say(f"{len(found)} components match: " + ", ".join(c["name"] for c in found)
                     + ". Type more of the name.")
        else:
            self.say(f"{found[0]['name']}: {found[0]['text']}")

    def hint(self, seat: int, actions: list, rest: str) -> None:
        """`hint [N]`: the AI's three best options for `seat` (ludoteka.ai.analyse, N iterations
        per search, default DEFAULT_BUDGET), with the option numbers to type."""
        if not self.hints:
            self.say("Hints are off for this game.")
            return
        budget = DEFAULT_BUDGET
        if rest:
            if not _CHOICE.fullmatch(rest) or not 1 <= int(rest) <= MAX_BUDGET:
                self.say(f"hint N: N is a number of iterations from 1 to {MAX_BUDGET:,}, not {shown(rest, 40)}.")
                return
            budget = int(rest)
        self.say(f"Thinking about your options ({budget:,} iterations per search)...")
        # seeded by public things only, as the server's hints (the game's seed is hidden)
        analysis = analyse(self.state, seat, budget, hint_seed(seat, self.state.version))
        numbers = {action.key: i for i, action in enumerate(actions, 1)}
        self.say(analysis.text(3, numbers, WIDTH))

    def option_line(self, action: Any, prefix: str, common: dict | None = None) -> str:
        """An option as a line (or two): its label, then its preview where it has one (without
        what `common` says for every option)."""
        said = self.said(without_common(action.data.get("preview"), common))
        line = f"{prefix}{action.label}"
        if not said:
            return line
        if len(line) + len(said) + 4 <= WIDTH:
            return f"{line}  [{said}]"
        return f"{line}\n{' ' * len(prefix)}[{said}]"

    def said(self, preview: Any) -> str:
        """A preview in one line of English, with this game's names of its items."""
        return preview_text(preview, self.game.supply_items, self.game.supply_items_one, self.game.harmful_items)

    def show_options(self, actions: list, seat: int) -> None:
        self.say(f"\n{self.you(self.name_of(seat), seat)}, choose:")
        # what every option does alike is said once, as in the browser
        common = common_preview([action.data.get("preview") for action in actions])
        if common:
            self.say(textwrap.fill(f"Whatever you choose: {self.said(common)}", WIDTH,
                                   initial_indent="  ", subsequent_indent="  "))
        for i, action in enumerate(actions, 1):
            self.say(self.option_line(action, f"  {i:>2}. ", common))

    def confirmed(self, action: Any) -> bool:
        """Whether to take `action`: an irreversible one (its preview's `confirm`) asks once first,
        as the browser does; the terminal has no undo, so it always asks."""
        preview = action.data.get("preview") or {}
        key = preview.get("confirm")
        if not key:
            return True
        reason = next((n["text"] for n in preview.get("notes", ()) if n["key"] == key), "")
        reason = f"{reason[:1].upper()}{reason[1:]}. " if reason else ""
        answer = self.ask(f"{action.label}: {reason}This cannot be taken back. Go ahead? [y/N] ")
        return answer.strip().lower() in ("y", "yes")

    def human_turn(self, seat: int) -> str:
        state = self.state
        if len(self.humans) > 1:
            self.say(f"\n=== {self.name_of(seat)}: your turn (others, look away) ===")
        self.show_new_log(seat)
        actions = state.legal_actions(seat)
        if len(actions) == 1:              # nothing to decide: say what happens and go on
            self.say(self.option_line(actions[0], f"{self.you(self.name_of(seat), seat)}: ") + " (the only choice)")
            return actions[0].key
        self.say("")
        self.say(self.game.render(state, seat))
        self.show_options(actions, seat)
        while True:
            answer = self.ask(f"[1-{len(actions)}, r table, i NAME explain{', hint' if self.hints else ''}, h help] > ")
            command, _, rest = answer.partition(" ")
            command = command.lower()
            if _CHOICE.fullmatch(answer) and 1 <= int(answer) <= len(actions):
                action = actions[int(answer) - 1]
                if self.confirmed(action):
                    return action.key
                self.say("Not taken; choose again.")
            elif command in ("h", "?", "help"):
                self.say(rules_text(self.game, state.decision_kind(), rest))
                if not rest:
                    self.say("\n" + HELP)
            elif command == "i":
                self.explain(rest)
            elif command == "hint":
                self.hint(seat, actions, rest.strip())
            elif answer.lower() == "s":
                self.save()
            elif answer.lower() == "l":
                for line in state.log(seat):
                    self.say(f"  · {self.you(line, seat)}")
            elif answer.lower() == "r":
                self.say(self.game.render(state, seat, full=True))
                self.show_options(actions, seat)
            elif answer.lower() == "q":
                if not self.save() and not self.ask("Quit anyway? [y/N] ").lower().startswith("y"):
                    continue               # the save failed: stay, so nothing is lost unawares
                raise _Quit
            else:
                self.say(f"Please type a number from 1 to {len(actions)}, or h for help.")

    def stopped(self, why: str) -> None:
        """The game stops before its end: save it and say how to resume."""
        self.say(why)
        if self.save_on_eof and self.save(quiet=True):
            self.say(f"The game is saved to {self.save_path}, resume with: {self.resume_command()}")

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
                if self.autosave:
                    self.save(quiet=True)
                if watcher != -1:
                    self.show_new_log(watcher)
        except _Quit:
            self.say("You left the game.")
            return False
        except EOFError:
            self.stopped("\nNo more input (stdin is closed): the game stops here.")
            return False
        except KeyboardInterrupt:
            self.stopped("\nInterrupted: the game stops here.")
            return False
        self.end_screen()
        return True

    def end_screen(self) -> None:
        """The final table, the score breakdown, the winners; the finished record is written."""
        state = self.state
        viewer = self.humans[0] if len(self.humans) == 1 else None
        self.say(f"\nThe game is over (it was seed {state.seed}).")
        self.say(self.game.render(state, viewer, full=True))
        self.say("")
        self.say(breakdown_table(state, [self.you(self.name_of(s), viewer) for s in range(state.players)]))
        winners = state.winners()
        names = [self.you(self.name_of(s), viewer) for s in winners]
        if state.players == 1:
            pass                              # a solo game: the table above judged the score
        elif viewer is not None and viewer in winners:
            self.say("You win!" if len(winners) == 1 else "You share the win with "
                     + ", ".join(n for s, n in zip(winners, names) if s != viewer) + ".")
        else:
            self.say(("Winner: " if len(winners) == 1 else "Winners: ") + ", ".join(names) + ".")
        if viewer is not None and state.players > 1:
            said = why_line(state, viewer, [self.you(self.name_of(s), viewer) for s in range(state.players)])
            if said:
                self.say(said)
        if self.autosave or self.save_on_eof:
            if self.save(quiet=True):
                self.say(f"The game record is in {self.save_path} (replay it with: "
                         f"ludoteka replay {self.save_path})")


def breakdown_table(state: GameState, names: list[str]) -> str:
    """The score breakdown: one column per seat, one row per category, the total and the
    tie-break values (the rows of each column sum to its score)."""
    parts = state.score_breakdown()
    scores = state.scores()
    labels = getattr(state.game, "category_names", {})
    categories: list[str] = []
    tiebreaks: list[str] = []
    for part in parts:
        categories += [c for c in part["points"] if c not in categories]
        tiebreaks += [t for t in part.get("tiebreak", {}) if t not in tiebreaks]
    rows = [(_humanize(c, labels), [part["points"].get(c, 0) for part in parts]) for c in categories]
    rows.append(("Total", scores))
    rows += [(f"Tie-break: {_humanize(t, labels).lower()}", [part.get("tiebreak", {}).get(t, "") for part in parts])
             for t in tiebreaks]
    first = max(len(r[0]) for r in rows) + 2
    width = [max(len(n), 5) + 2 for n in names]
    lines = [" " * first + "".join(f"{n:>{w}}" for n, w in zip(names, width))]
    for label, values in rows:
        if label == "Total":
            lines.append(" " * first + "".join(f"{'-' * (w - 2):>{w}}" for w in width))
        lines.append(f"{label:<{first}}" + "".join(f"{v!s:>{w}}" for v, w in zip(values, width)))
    return "\n".join(lines)


def why_line(state: GameState, seat: int, names: list[str]) -> str:
    """Why `seat` lost (or won), as the browser's end screen says it: the gap to the best winner
    (to the best other seat when it won) and the three categories where most of it was made;
    empty when a tie-break decided or nobody else is to compare with."""
    parts, scores, winners = state.score_breakdown(), state.scores(), state.winners()
    won = seat in winners
    others = [s for s in range(state.players) if s != seat and (s in winners) != won]
    if not others:
        return ""
    rival = max(others, key=lambda s: scores[s])
    gap = abs(scores[seat] - scores[rival])
    if not gap:
        return ""
    ahead, behind = (seat, rival) if won else (rival, seat)
    labels = getattr(state.game, "category_names", {})
    points = [part["points"] for part in parts]
    categories = list(dict.fromkeys(c for p in points for c in p))
    gaps = sorted(((points[ahead].get(c, 0) - points[behind].get(c, 0), c) for c in categories), key=lambda g: -g[0])
    items = [f"{_humanize(c, labels)} ({points[seat].get(c, 0)} against {points[rival].get(c, 0)})"
             for g, c in gaps[:3] if g > 0]
    unit = "point" if gap == 1 else "points"
    head = (f"The runner-up ({names[rival]}) has {gap} {unit} less than you." if won
            else f"The winner ({names[rival]}) has {gap} {unit} more than you.")
    return head + (f" The biggest differences: {', '.join(items)}." if items else "")


def default_seats(players: int) -> list[str]:
    """Who sits where unless --agents or --seat say otherwise: you at seat 0, ismcts at the others."""
    return ["human"] + ["ismcts"] * (players - 1)


def _seat_specs(args: argparse.Namespace, game: Game, players: int) -> list[str]:
    seats = default_seats(players)
    if args.agents is not None:
        given = split_agents(args.agents, game) or []
        if len(given) != players:
            raise UsageError(f"--agents names {len(given)} seats; this game has {players} players")
        seats = given
    for item in args.seat or []:
        number, eq, spec = item.partition("=")
        if not eq:
            raise UsageError(f"--seat expects N=SPEC (e.g. 1=ismcts), not {shown(item)}")
        seats[seat_number(number, players)] = resolve_level(spec.strip(), game)
    for seat, spec in enumerate(seats):
        if spec.lower() == "human":
            seats[seat] = "human"
        else:                         # an unknown agent or parameter fails before the game starts
            try:
                make_agent(spec, 0)
            except AgentSpecError as exc:      # a wrong name: say what else a seat may be
                if not str(exc).startswith("unknown agent"):
                    raise
                raise UsageError(f"{exc}; levels: {', '.join(LEVELS)}; or human") from None
    return seats


def _save_path(args: argparse.Namespace, game: Game) -> Path:
    """Where `s` saves: --save FILE, else the --resume FILE, else a new file under ./saves/."""
    if args.save:
        return Path(args.save)
    if args.resume:
        return Path(args.resume)
    return Path("saves") / f"{game.name}-{time.strftime('%Y%m%d-%H%M%S')}.json"


def _offer_resume(game: Game, out: TextIO, stdin: TextIO) -> str | None:
    """`--ask-resume` (what `make play` does): when ./saves holds an unfinished game of `game`,
    ask whether to resume the newest; the path to resume, or None for a new game."""
    found = unfinished_saves(game.name)
    if not found:
        return None
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(found[0].stat().st_mtime))
    out.write(f"You have an unfinished {game.title or game.name} game ({found[0]}, saved {when}). "
              "Resume it? [Y/n] ")
    out.flush()
    answer = stdin.readline().strip().lower()
    return None if answer.startswith("n") else str(found[0])


def run_play(args: argparse.Namespace, lookup: Callable[[str], Game],
             parse_options: Callable[[Any], dict[str, Any]],
             default_players: Callable[[Game], int],
             stdin: TextIO | None = None) -> int:
    """The `play` command (see the module docstring)."""
    stdin = stdin or sys.stdin
    if hasattr(stdin, "reconfigure"):
        stdin.reconfigure(errors="replace")     # undecodable bytes are bad input, not a crash
    out = sys.stderr if args.json else sys.stdout
    if args.resume == LAST and not Path(LAST).exists():
        found = unfinished_saves(lookup(args.game).name if args.game else None)
        if not found:
            raise UsageError("--resume last: ./saves holds no unfinished game"
                             + (f" of {args.game}" if args.game else ""))
        args.resume = str(found[0])
    elif not args.resume and getattr(args, "ask_resume", False) and args.game and stdin.isatty():
        args.resume = _offer_resume(lookup(args.game), out, stdin)
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
    seats = _seat_specs(args, game, players)
    session = Session(state, seats, _save_path(args, game), out, stdin.readline, autosave=True,
                      hints=getattr(args, "hints", None))
    # The seed is never shown while the game is on: it would give away future dice and cards.
    session.say(f"{game.title or game.name}: {players} player{'' if players == 1 else 's'}. "
                + ", ".join(f"seat {s}: {spec}" for s, spec in enumerate(seats)))
    if session.humans:
        session.say("Type h for the rules of the current phase and the commands"
                    + (", hint for the AI's best options." if session.hints else "."))
    if args.resume:
        session.say(f"Resumed from {args.resume} after {len(state.actions())} decisions.")
    finished = session.run()
    if args.json:
        print(json.dumps({"game": game.name, "players": players, "seed": seed if finished else None,
                          "seats": seats,
                          "finished": finished, "decisions": len(state.actions()),
                          # an unfinished game's scores may hold hidden points (Notre Dame's prestige)
                          "scores": state.scores() if finished else None,
                          "winners": state.winners() if finished else [],
                          "saved": session.saved}, indent=1))
    return 0
