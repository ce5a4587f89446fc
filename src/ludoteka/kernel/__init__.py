"""The game-agnostic kernel: the decision flow, the state contract, options, records, data files.

It imports no game and no outer layer (AI, tools, server, clients).
"""
from .action import Action
from .action_space import ActionSpace, UnknownKey
from .errors import (BadOption, BadRecord, DataError, GameOver, IllegalAction, LudotekaError,
                     TamperedRecord, UndoRefused, UnknownGame, WrongSeat)
from .game import Game
from .options import Option
from .record import load_record, record_of, replay, save_record, state_digest
from .signing import sign_record, verify_record
from .state import GameState

__all__ = ["Action", "ActionSpace", "BadOption", "BadRecord", "DataError", "Game", "GameOver", "GameState",
           "IllegalAction", "LudotekaError", "Option", "TamperedRecord", "UndoRefused", "UnknownGame", "UnknownKey",
           "WrongSeat", "load_record", "record_of", "replay", "save_record", "sign_record", "state_digest",
           "verify_record"]
