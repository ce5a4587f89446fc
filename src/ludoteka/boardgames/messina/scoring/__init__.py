"""Messina 1347's scoring layer: the final scoring (standard.py, MS-29), the advanced variant's
side b tracks and repopulation bonus (advanced.py, MS-33) and the solo game's result (solo.py,
MS-35), with what they share (common.py). It reads the state and the data only; the rules call it
at the end of the game, and the view shows its results.
"""
