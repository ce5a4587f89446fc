import pytest

from .helpers import Dice


@pytest.fixture
def dice(monkeypatch):
    """Scripted dice for one test."""
    return Dice(monkeypatch)
