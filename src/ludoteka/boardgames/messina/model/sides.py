"""Which side of each board is in play: the scoring board's side by player count (MS-3.13) and
each seat's player board and scroll board (side a, or a side b board in the advanced variant,
MS-33.1/33.2). The rules, the scoring and the view all ask; it sits below them.
"""
from __future__ import annotations


def side_name(players: int) -> str:
    """MS-3.13: the 2-player side (also solo, D-11) or the 3-4-player side of the scoring board."""
    return "2p" if players <= 2 else "3-4p"


def board_id(k: int) -> str:
    """The data id of a `player_board` / `scroll_board` value: 0 side a, k board "bk"."""
    return f"b{k}" if k else "a"


def board_of(state, seat: int):
    """The player board the seat plays: side a, or its side b board (advanced, MS-33.1)."""
    return state.data.boards[board_id(state.player_board[seat])]


def scroll_board_of(state, seat: int):
    """The scroll board the seat plays: side a, or its side b board (advanced, MS-33.2)."""
    return state.data.scroll_boards[board_id(state.scroll_board[seat])]
