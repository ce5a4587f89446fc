"""The browser client: plain ES modules, SVG and one translation file per language, served as
static files by the game server (`ludoteka.server`). It renders the views and frames the server
sends and sends back action keys: no rule of any game lives here."""
from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).parent / "static"
LANGUAGES = ("en", "cs", "de", "pl")
