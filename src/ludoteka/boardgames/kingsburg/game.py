"""Kingsburg as a ludoteka Game: options, creation, invariants, evaluation and rendering."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ludoteka.kernel import Game, GameState, Option

from .data import KingsburgData, load_data
from .state import PC_END, PC_YEAR_END, REINF_TOKENS, ST_END, KingsburgState
from .tables import BUILDING_TOKENS, FULL_COURT, TOKEN_VALUES, Tables

PASSIVE_KEYS = frozenset(("pass", "decline", "done", "skip", "keep"))

OPTIONS = {
    "reinforcements": Option(
        "reinforcements", "king_die",
        "How the King's reinforcements are set in Winter: 'king_die' = the first player rolls one die "
        "(KB-15.5); 'dice_difference' = variant KB-19.2, two dice, |d1-d2|+1; 'soldier_tokens' = variant "
        "KB-19.3-19.8, every seat secretly picks one of its tokens 0,1,1,2,3,4, the last one scores.",
        ("king_die", "dice_difference", "soldier_tokens")),
    "negative_vp": Option(
        "negative_vp", False,
        "KB-AMB-8/44: allow VP below 0 (losses and the Smuggler). Default: VP never drop below 0 and the "
        "Smuggler needs 1 VP."),
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
    title = "Kingsburg"
    min_players = 2
    max_players = 5
    options = OPTIONS

    def __init__(self, data_dir: Path | str | None = None):
        self.data: KingsburgData = load_data(data_dir)
        self.tables = Tables(self.data)
        self.state_class = type("KingsburgState", (KingsburgState,),
                                {"__slots__": (), "game": self, "T": self.tables})

    def __reduce__(self):
        return (game_for_directory, (self.data.directory,))

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        state = self.state_class.__new__(self.state_class)
        state._setup(players, seed, options)
        return state

    def _empty(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        from .state import Config
        state = self.state_class.__new__(self.state_class)
        state.to_act = None
        state.players = players
        state.seed = seed
        state.options = options
        state._history = state._log = state._legal = None
        state.cfg = Config(options)
        return state

    # ------------------------------------------------------------------ invariants
    def check_invariants(self, state: GameState) -> list[str]:
        from .state import ST_GOODS
        assert isinstance(state, KingsburgState)
        T = self.tables
        n = state.players
        bad = []
        if not 1 <= state.year <= 5:
            bad.append(f"year {state.year} is outside 1..5")
        if not 1 <= state.phase <= 8:
            bad.append(f"phase {state.phase} is outside 1..8")
        if (state.to_act is None) != (state.stage == ST_END) or (state.stage == ST_END) != (state.pc == PC_END):
            bad.append("to_act, the decision kind and the program counter disagree about the game being over")
        if state.to_act is not None:
            if not (isinstance(state.to_act, int) and 0 <= state.to_act < n):
                bad.append(f"to_act {state.to_act!r} is not a seat")
            elif not state._legal_keys():
                bad.append(f"seat {state.to_act} must act but has no legal option")
            if state.stage == ST_GOODS and (not state.queue or state.queue[0][0] != state.to_act):
                bad.append("a goods decision is pending for a seat other than the one to act")
        if sorted(state.order) != list(range(n)):
            bad.append(f"turn order {state.order} is not a permutation of the seats")
        for s in range(n):
            g = state.goods[3 * s:3 * s + 3]
            if min(g) < 0:
                bad.append(f"seat {s} has negative goods {g}")
            if state.tok[s] < 0:
                bad.append(f"seat {s} has {state.tok[s]} +2 tokens")
            if state.sold[s] < 0:
                bad.append(f"seat {s} has {state.sold[s]} soldiers")
            if state.vp[s] < 0 and not state.cfg.negative_vp:
                bad.append(f"seat {s} has {state.vp[s]} VP")
            count = state.building_count(s)
            if state.cfg.building_cap and count > BUILDING_TOKENS:
                bad.append(f"seat {s} has {count} buildings, more than {BUILDING_TOKENS} tokens")
            m = state.bld[s]
            for i in range(T.nb):
                if m >> i & 1 and i % 4 and not m >> (i - 1) & 1:
                    bad.append(f"seat {s}'s {T.bname[i]} stands without the building to its left")
            if state.phase == 1 and state.sold[s]:
                bad.append(f"seat {s} still has {state.sold[s]} soldiers after Winter")
            if state.pc == PC_END and state.sold[s]:
                bad.append(f"seat {s} still has soldiers after the last Winter")
            if any(not 0 <= v <= 6 for v in state.dv[5 * s:5 * s + 5]):
                bad.append(f"seat {s} has an impossible die value")
            if state.phase not in (2, 4, 6) and any(state.dv[5 * s:5 * s + 5]):
                bad.append(f"seat {s} holds dice outside a production phase")
            if state.known[s] >> state.year:
                bad.append(f"seat {s} has seen the enemy card of a future year")
        tokens = sum(state.tok) + sum(p[3] for p in state.placed)
        if tokens > 20 and state.cfg.token_cap:
            bad.append(f"{tokens} +2 tokens are held or on the court, more than the 20 printed")
        seconds = 0
        for a in range(1, 19):
            first, second = state.court[2 * a], state.court[2 * a + 1]
            if (first != -1) != bool(state.occ >> a & 1) or (second != -1) != bool(state.occ2 >> a & 1):
                bad.append(f"advisor {a}: occupancy marks disagree with the court")
            if second != -1:
                seconds += 1
                if first == -1:
                    bad.append(f"advisor {a} holds only Envoy dice")
        if seconds > 1:
            bad.append(f"{seconds} advisors hold dice of two players; the Envoy allows one")
        if seconds and state.envoy != -1:
            bad.append("an advisor holds two players' dice but the Envoy was not used")
        if state.court[0] != -1 or state.court[1] != -1 or state.occ & 1 or state.occ2 & 1:
            bad.append("there is no advisor 0")
        for a, s, vals, tok, mkt, env in state.placed:
            if state.court[2 * a + env] != s:
                bad.append(f"advisor {a}: placed dice of seat {s} are not on the court")
        if state.aid != -1 and state.phase > 2:
            bad.append("the King's white die was not returned after Spring")
        if not (state.revealed == state.year or state.revealed == state.year - 1):
            bad.append(f"{state.revealed} enemy cards are revealed in year {state.year}")
        for y, c in enumerate(state.deck, 1):
            if self.data.enemies[c].year != y:
                bad.append(f"the enemy card for year {y} is a year-{self.data.enemies[c].year} card")
        if state.cfg.reinf == REINF_TOKENS:
            battles = state.year - 1 + (1 if state.pc >= PC_YEAR_END else 0)
            for s in range(n):
                left = sum(state.vtok[5 * s:5 * s + 5]) + (1 if state.pick[s] >= 0 else 0)
                if left != len(TOKEN_VALUES) - battles:
                    bad.append(f"seat {s} has {left} soldier tokens after {battles} battles")
        if state.occ & ~FULL_COURT & ~1:
            bad.append("an advisor number above 18 is occupied")
        return bad

    # ------------------------------------------------------------------ heuristic
    def evaluate(self, state: GameState, seat: int) -> float:
        from .evaluate import evaluate
        return evaluate(state, seat)

    def playout_key(self, state: GameState, random) -> str:
        """Search playouts: usually act (influence, take help, build) rather than pass or decline."""
        keys = state.legal_keys()
        if len(keys) > 1 and random() < 0.85:
            active = [k for k in keys if k not in PASSIVE_KEYS]
            if active:
                return active[int(random() * len(active))]
        return keys[int(random() * len(keys))]

    # ------------------------------------------------------------------ rendering
    def render(self, state: GameState, seat: int | None) -> str:
        from .render import render
        return render(state, seat)


_GAMES: dict[str, KingsburgGame] = {}


def game_for_directory(directory: str) -> KingsburgGame:
    """The Kingsburg game of a data directory (the registered one for the shipped data); for pickling."""
    from . import GAME
    if directory == GAME.data.directory:
        return GAME
    if directory not in _GAMES:
        _GAMES[directory] = KingsburgGame(directory)
    return _GAMES[directory]


def _unpickle_state(directory: str, data: dict[str, Any]) -> GameState:
    return game_for_directory(directory).state_from_json(data)


__all__ = ["KingsburgGame", "OPTIONS", "game_for_directory"]
