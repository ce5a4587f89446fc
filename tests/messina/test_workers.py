"""States and the game travel to worker processes (arena and simulate with --workers)."""
import pickle

from ludoteka.registry import game

GAME = game("messina-1347")


def test_a_state_pickles_to_the_same_state():
    state = GAME.new_state(3, 11)
    for _ in range(40):
        state.apply(state.legal_keys()[-1])
    copy = pickle.loads(pickle.dumps(state))
    assert copy.to_json() == state.to_json()
    assert copy.legal_keys() == state.legal_keys()
    assert pickle.loads(pickle.dumps(GAME)) is GAME
