"""PLACEHOLDER until the estate branch lands."""


def can_repopulate(state, seat, node, chooser):
    return False
