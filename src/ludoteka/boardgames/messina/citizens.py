"""PLACEHOLDER until the estate branch lands: citizens moving into workshops."""


def workshop_move_keys(state, seat):
    return []


def describe_workshop_move(state, seat, key):
    raise NotImplementedError


def apply_workshop_move(state, seat, key):
    raise NotImplementedError


def free_squares(state, seat, cls):
    return []


def empty_workshops(state, seat, cls):
    return []


def place_in_workshop(state, seat, slot, code):
    raise NotImplementedError
