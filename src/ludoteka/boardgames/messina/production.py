"""PLACEHOLDER until the round-end branch lands: a bare end of round."""
from ludoteka.kernel.flow import Automatic

from .city import add_hex, arrive_ships, place_citizens, turn_wheel_and_place_cubes
from .flow import FLOW, step


@FLOW.kind
class EndOfRound(Automatic):
    def run(self, state, frame):
        if state.round == 6:
            return
        state.round += 1
        for i in range(len(state.lt_used)):
            state.lt_used[i] = False
        corner = arrive_ships(state, 1)
        add_hex(state, corner)
        if state.round < 6:
            turn_wheel_and_place_cubes(state)
            place_citizens(state)
        state.push(step("next_turn")(0))
