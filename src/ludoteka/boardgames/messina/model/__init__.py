"""Messina 1347's model layer, above the data: the declared state (state.py), the options
(options.py), the flow the rule modules register on (flow.py), the city graph (board.py), the
city's tiles, cubes and citizens (city.py), which board sides are in play (sides.py) and the
wording of components (texts.py). It knows no rule of a round.
"""
