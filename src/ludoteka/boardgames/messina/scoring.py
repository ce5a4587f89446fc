"""PLACEHOLDER until the round-end branch lands."""


def breakdown(state):
    return [{"points": {"total": s}, "tiebreak": {}} for s in state.score]


def winners(state):
    best = max(state.score)
    return [s for s, v in enumerate(state.score) if v == best]
