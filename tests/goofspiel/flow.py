"""The flow Goofspiel's frame kinds register on (rules.py); the state runs it."""
from __future__ import annotations

from ludoteka.kernel.flow import Flow

FLOW = Flow()
