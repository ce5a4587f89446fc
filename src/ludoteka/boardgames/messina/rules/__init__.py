"""Messina 1347's rules of a round, one module per area in round order: setup and preparation,
the lieutenants' turns, plague and fights, books, activation and overseers, citizens, building,
repopulation, production, and the solo game's automa. Each registers its frame kinds and action
atoms on the model's flow; they reach each other's kinds by name (`flow.step`) or import only
modules that do not import them back. They import the model, the data and the scoring below.
"""
