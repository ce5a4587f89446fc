"""PLACEHOLDER until the estate branch lands: the estate's atoms do nothing yet."""
from .flow import atom


@atom("overseer", "overseer_skip", "upgrade_overseer", "upgrade_and_advance", "activate", "upgrade_citizen", "build")
def _nothing(state, seat, amount, arg):
    return None
