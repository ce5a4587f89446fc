"""Messina 1347's presentation layer, what a seat sees: the view (view.py), the hidden-information
filter and determinization (hidden.py) and the terminal rendering (render.py, render_city.py). The
rules and the scoring never import it.
"""
