"""Hidden information: what a seat may see (`view`) and a full state it cannot tell from the real
one (`determinize`). Hidden: other hands, draft offers and picks, deck orders, the unused third
cards, the persons not yet revealed, and (unless the option open_prestige) other seats' prestige."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...kernel import rng as rnd
from .data import CARD_TYPES, SECTOR_COUNT
from .frames import decision_title, phase_of
from .guide import guide

if TYPE_CHECKING:
    from .state import NotreDameState


def reconstructed_note(data) -> str:
    """Which component data is reconstructed, as the data files' provenance says ('' if none)."""
    parts = [what for what, flag in (("the rats on each person card", data.rats_reconstructed),
                                     ("the city map", data.map_reconstructed)) if flag]
    if not parts:
        return ""
    return (f"Reconstructed data: {' and '.join(parts)} {'are' if len(parts) > 1 else 'is'} invented "
            f"to fit the rules (the printed values are not public).")


def view(state: "NotreDameState", seat: int | None) -> dict[str, Any]:
    """A JSON-ready dict of what `seat` may see; None is a spectator."""
    data = state.data
    n = state.players
    cards = data.card_ids
    layout = data.layouts[state.boroughs]
    over = state.to_act is None
    kinds = len(data.messages)
    players = []
    for s in range(n):
        base = s * SECTOR_COUNT
        show_pp = over or seat == s or state.options["open_prestige"]
        players.append({
            "seat": s,
            "colour": data.colours[state.seat_borough[s]],
            "borough": state.seat_borough[s],
            "sectors": {data.sectors[i]: state.sector_stones[base + i] for i in range(SECTOR_COUNT)},
            "trusted_friend": data.sectors[state.friend[s]] if state.friend[s] >= 0 else None,
            "personal_supply": state.personal[s],
            "general_supply": state.general[s],
            "notre_dame": state.notre_dame_stones[s],
            "coins": state.coins[s],
            "rat_marker": state.rat[s],
            "carriage": layout.names[state.carriage[s]],
            "messages": {data.colours[c]: state.held[s * state.boroughs + c] for c in range(state.boroughs)},
            "prestige": state.prestige[s] if show_pp else None,
            "played": [cards[c % CARD_TYPES] for c in state.played[s]],
            "hand_size": len(state.hand[s]),
            "deck_size": len(state.deck[s]),
            "bribed": state.bribed[s],
            "physician": state.physician[s],
        })
    result: dict[str, Any] = {
        "game": "notre-dame",
        "seat": seat,
        "round": state.round,
        "period": "ABC"[(state.round - 1) // data.rounds_per_period],
        "phase": phase_of(state),
        "decision": decision_title(state),
        "to_act": state.to_act,
        "acting_seats": list(state.acting_seats()),
        "start_player": state.start,
        "notre_dame_points": data.tile_points[n],
        "persons": [{"id": data.persons[p].id, "name": data.persons[p].name,
                     "deck": data.persons[p].deck, "rats": data.persons[p].rats} for p in state.display],
        "plague_value": state.plague_value() if state.display else 0,
        "coin_supply": state.supply,
        "players": players,
        "messages_on_board": {layout.names[m]: {"colour": data.colours[code // kinds],
                                                "kind": data.messages[code % kinds].id}
                              for m, code in enumerate(state.msg_at) if code >= 0},
        "boroughs": state.boroughs,
        "borough_colours": list(data.colours[:state.boroughs]),
        "roads": layout.roads,          # pairs as in the data file; shared, not rebuilt per view
        "face_down_discards": len(state.unused),
        "brown_deck_size": len(state.brown),
        "gray_deck_letters": [data.persons[p].deck for p in reversed(state.gray)],
        "reconstructed": reconstructed_note(data),
        "reconstructed_parts": [part for part, flag in (("rats", data.rats_reconstructed),
                                                        ("map", data.map_reconstructed)) if flag],
        "guide": guide(state, seat),          # what happens next, and warnings for `seat`
    }
    if seat is not None:
        result["hand"] = [cards[c % CARD_TYPES] for c in state.hand[seat]]
        result["draft_offer"] = [cards[c % CARD_TYPES] for c in state.offer[seat]]
        result["passed_left"] = [cards[c % CARD_TYPES] for c in state.outgoing[seat]]
    if over:
        result["winners"] = state.winners()
        result["scores"] = state.scores()
    return result


def public_cards(state: "NotreDameState") -> int:
    """The bitmask of the cards every seat knows the place of: played this round or earlier."""
    mask = 0
    for pile in state.played:
        for card in pile:
            mask |= 1 << card
    for card in state.discard:
        mask |= 1 << card
    return mask


def determinize(state: "NotreDameState", seat: int, seed: int) -> "NotreDameState":
    """A full state `seat` cannot tell from this one, depending only on what it may see and `seed`.

    Every card whose place `seat` does not know is exchanged with other such cards of the same
    deck (colour) and knowledge class (never seen, or passed away by `seat` in this round's first
    draft pass); each class's cards are sorted before the seeded shuffle, so nothing of their true
    order survives. Persons not yet revealed are reshuffled within their decks (gray within their
    letter), sorted first too. Other seats' knowledge masks are replaced by what the determinized
    cards and the public piles tell them (their own cards and every played card), so they hold
    nothing of the true deal. Future chance gets a seed derived from `seed`.

    Prestige totals are kept: every change of them follows from a public event (ND-AMB-21: the
    placements, messages, bribes, donations and the plague are all public), so a seat with perfect
    memory knows them; states with the same public history have the same prestige.
    """
    d = state._determinized(seat, seed)
    rng = rnd.seed_state(rnd.derive(seed, 0xD7A3))
    n = state.players
    known, passed = state.known[seat], state.passed[seat]
    piles = [d.deck, d.hand, d.offer, d.outgoing]
    boxes = [(pile, s) for pile in piles for s in range(n) if pile is d.deck or s != seat]
    lists = [list(pile[s]) for pile, s in boxes]
    unused = list(d.unused)
    groups: dict[tuple[int, bool], list[tuple[list[int], int]]] = {}
    for box in lists + [unused]:
        for i, card in enumerate(box):
            if not known >> card & 1:
                groups.setdefault((card // CARD_TYPES, bool(passed >> card & 1)), []).append((box, i))
    for key in sorted(groups):
        slots = groups[key]
        if len(slots) > 1:
            cards = sorted(box[i] for box, i in slots)
            rng = rnd.shuffle(rng, cards)
            for (box, i), card in zip(slots, cards):
                box[i] = card
    for (pile, s), box in zip(boxes, lists):
        pile[s] = tuple(box)
    d.unused = tuple(unused)
    public = public_cards(d)
    for other in range(n):
        if other != seat:
            mask = public
            for pile in (d.hand, d.offer, d.outgoing):
                for card in pile[other]:
                    mask |= 1 << card
            d.known[other] = mask
            d.passed[other] = 0
    # Persons not yet revealed this period (ND-AMB-28): the top of each deck.
    data = state.data
    returned = 2 * ((state.round - 1) % data.rounds_per_period)   # revealed earlier this period
    hidden_brown = len(d.brown) - returned if state.display else 0
    if hidden_brown > 1:
        top = sorted(d.brown[-hidden_brown:])
        rng = rnd.shuffle(rng, top)
        d.brown = d.brown[:-hidden_brown] + tuple(top)
    persons = data.persons
    hidden_gray = data.rounds - state.round if state.to_act is not None else 0
    if hidden_gray > 1:
        tail = list(d.gray[-hidden_gray:])
        by_letter: dict[str, list[int]] = {}
        for i, p in enumerate(tail):
            by_letter.setdefault(persons[p].deck, []).append(i)
        for letter in sorted(by_letter):
            positions = by_letter[letter]
            cards = sorted(tail[i] for i in positions)
            rng = rnd.shuffle(rng, cards)
            for i, p in zip(positions, cards):
                tail[i] = p
        d.gray = d.gray[:-hidden_gray] + tuple(tail)
    return d
