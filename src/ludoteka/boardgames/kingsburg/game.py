"""Kingsburg as a ludoteka Game: options, creation, invariants, evaluation and rendering."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ludoteka.kernel import Game, GameState, Option

from .action_space import action_keys
from .data import KingsburgData, load_data
from .evaluate import evaluate, evaluate_all
from .invariants import check
from .keys import advisor_text, alternative_text, goods_dict, goods_text
from .policy import playout_key
from .previews import SUPPLY_ITEMS, SUPPLY_ITEMS_ONE, supplies
from .render import render
from .state import Config, KingsburgState
from .tables import Tables
from .view import view

PASSIVE_KEYS = frozenset(("pass", "decline", "done", "skip", "keep"))

OPTIONS = {
    "reinforcements": Option(
        "reinforcements", "king_die",
        "How the King's reinforcements are set in Winter: 'king_die' = the first player rolls one die "
        "(KB-15.5); 'dice_difference' = variant KB-19.2, two dice, |d1-d2|+1; 'soldier_tokens' = variant "
        "KB-19.3-19.8, every seat secretly picks one of its tokens 0,1,1,2,3,4, the last one scores.",
        ("king_die", "dice_difference", "soldier_tokens")),
    "negative_vp": Option(
        "negative_vp", True,
        "KB-AMB-8/24/44: true (the co-designer's ruling, L. Iennaco, 'Kingsburg: Official Clarifications', "
        "1 Scoring): every VP loss (battles, the Smuggler) may take a score below 0, and the Smuggler "
        "(advisor 14) is usable at 0 VP or less. false: the floor-at-0 reading (losses stop at 0, the "
        "Smuggler needs 1 VP), the default before rules revision 2."),
    "one_token_per_season": Option(
        "one_token_per_season", True,
        "KB-8.7: true (the co-designer's ruling, L. Iennaco, 'Kingsburg: Official Clarifications', "
        "2 +2 Tokens): a seat adds a +2 token to at most one of its dice groups per production season "
        "(the Envoy's placement included); tokens paid at the Town Hall do not count. false: the literal "
        "reading of KB-8.7, one token per group and several per season, the default before rules revision 2."),
    "effect_order_choice": Option(
        "effect_order_choice", True,
        "KB-11.4, KB-AMB-22: true (the co-designer's ruling, L. Iennaco, 'Kingsburg: Official Clarifications', "
        "4 Buildings: the owner chooses the order of effects that apply at once): where the order changes "
        "the outcome, the seat chooses it; in this game that is only the Inn's token and the Town Hall at the "
        "end of Summer with token_supply_limit when the supply is empty (a token paid at the Town Hall "
        "first can come back from the Inn). false: the Inn always first, the default before rules revision 2."),
    "market_with_token": Option(
        "market_with_token", True,
        "KB-AMB-11: the Market's +-1 may be combined with a +2 token on the same group."),
    "token_supply_limit": Option(
        "token_supply_limit", False,
        "KB-AMB-6: only the 20 printed +2 tokens exist; gains beyond the supply are lost."),
    "building_token_limit": Option(
        "building_token_limit", True,
        "KB-AMB-7: a player has 17 building tokens, so at most 17 buildings stand at once (KB-1.7)."),
    "reward_without_buildings": Option(
        "reward_without_buildings", True,
        "KB-AMB-17: the King's Reward is given even when the most buildings is 0 (literal reading)."),
    "merchants_guild_any_good": Option(
        "merchants_guild_any_good", False,
        "KB-AMB-4: the Merchants' Guild gives 1 good of choice (the appendix wording) instead of 1 gold "
        "(the card text)."),
    "three_player_dummy": Option(
        "three_player_dummy", False,
        "KB-AMB-32: with 3 players, 3 dummy dice of an unused colour block one advisor each production "
        "phase (not in the text; unverified published rule)."),
}


class KingsburgGame(Game):
    """Kingsburg (Chiarvesio & Iennaco, 2007), 2 to 5 players."""

    name = "kingsburg"
    passive_keys = PASSIVE_KEYS                    # search playouts usually act: influence, help, build
    title = "Kingsburg"
    min_players = 2
    max_players = 5
    options = OPTIONS
    first_release = True                           # its format-1 records still replay

    # Revision 2 (issue 29): the co-designer's rulings became the defaults; revision 1 had the
    # floor at 0 VP and a +2 token on every group.
    rules_revision = 2
    earlier_defaults = {1: {"negative_vp": False, "one_token_per_season": False, "effect_order_choice": False}}
    # The score categories as players say them (the end screen of `ludoteka play`).
    category_names = {"kings_reward": "King's Reward", "town_hall": "Town Hall"}
    # The public counters of a seat that previews speak of (previews.py, kernel/preview.py).
    supply_items = SUPPLY_ITEMS
    supply_items_one = SUPPLY_ITEMS_ONE
    # help dice that get nothing, said in the log (28 November 2026)
    added_event_kinds = frozenset({"help_unavailable"})

    def __init__(self, data_dir: Path | str | None = None):
        self.data: KingsburgData = load_data(data_dir)
        self.tables = Tables(self.data)
        self.state_class = type("KingsburgState", (KingsburgState,),
                                {"__slots__": (), "game": self, "T": self.tables})

    def __reduce__(self):
        return (game_for_directory, (self.data.directory,))

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        state = self.state_class.__new__(self.state_class)
        state._begin(players, seed, options)
        state._setup()
        return state

    def _empty(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        state = self.state_class.__new__(self.state_class)
        state.rules = Config(options)
        return state

    def action_keys(self, players: int, options: dict[str, Any]) -> list[str]:
        return action_keys(players, options, self.data)

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    # ------------------------------------------------------------------ components
    def components(self) -> list[dict[str, Any]]:
        """Advisors, buildings and enemy cards, from the data files."""
        data = self.data
        out: list[dict[str, Any]] = []
        for adv in data.advisors[1:]:
            out.append({"id": f"advisor:{adv.number}", "kind": "advisor", "name": adv.name, "number": adv.number,
                        "text": f"Advisor {adv.number}, the {adv.name}: {advisor_text(adv)}",
                        "reward": [alternative_text(a) for a in adv.alternatives],
                        "alternatives": [a._asdict() for a in adv.alternatives], "confidence": adv.confidence})
        for b in data.buildings:
            battle = [f"{b.battle:+d} strength in battle"] if b.battle else []
            battle += [f"{v:+d} against {k}" for k, v in b.vs]
            out.append({"id": f"building:{b.id}", "kind": "building", "name": b.name, "row": b.row,
                        "column": b.column, "cost": goods_dict(*b.cost), "vp": b.vp, "battle": b.battle,
                        "battle_against": dict(b.vs), "effect": b.effect or None,
                        "text": f"{b.name} (row {b.row}, column {b.column}): costs {goods_text(*b.cost)}, {b.vp} VP"
                        + ("; " + ", ".join(battle) if battle else "") + (f". {b.text}" if b.text else ""),
                        "confidence": b.confidence})
        for e in data.enemies:
            lose = dict(zip(("gold", "wood", "stone", "choice", "buildings", "vp"), e.lose))
            gain = dict(zip(("gold", "wood", "stone", "choice", "vp"), e.gain))
            out.append({"id": f"enemy:{e.number}", "kind": "enemy", "name": e.name, "number": e.number,
                        "year": e.year, "type": e.type, "strength": e.strength, "gain": gain, "lose": lose,
                        "unverified": e.verify, "confidence": e.confidence,
                        "text": f"Year {e.year}: {e.name}, strength {e.strength}. Victory: "
                        + (", ".join(f"{v} {k}" for k, v in gain.items() if v) or "nothing")
                        + ". Defeat: " + (", ".join(f"{v} {k}" for k, v in lose.items() if v) or "nothing")
                        + "." + (" (card data unverified)" if e.verify else "")})
        return out

    def supplies(self, state: GameState, seat: int) -> dict[str, int]:
        """Goods, VP, +2 tokens, soldiers and the King's Envoy (0 or 1) of `seat`: all public."""
        return supplies(state, seat)

    # ------------------------------------------------------------------ invariants
    def check_invariants(self, state: GameState) -> list[str]:
        return check(self, state)

    # ------------------------------------------------------------------ heuristic
    def evaluate(self, state: GameState, seat: int) -> float:
        return evaluate(state, seat)

    def evaluate_all(self, state: GameState) -> list[float]:
        return evaluate_all(state)

    def playout_key(self, state: GameState, random) -> str:
        """The search's playout policy: a noisy greedy player on what the acting seat sees (policy.py)."""
        return playout_key(state, random)


    # ------------------------------------------------------------------ rendering
    def render(self, state: GameState, seat: int | None, full: bool = False) -> str:
        return render(state, seat, full)


_GAMES: dict[str, KingsburgGame] = {}


def game_for_directory(directory: str) -> KingsburgGame:
    """The Kingsburg game of a data directory (the registered one for the shipped data); for pickling."""
    if directory == GAME.data.directory:
        return GAME
    if directory not in _GAMES:
        _GAMES[directory] = KingsburgGame(directory)
    return _GAMES[directory]


GAME = KingsburgGame()


__all__ = ["GAME", "KingsburgGame", "OPTIONS", "game_for_directory"]
