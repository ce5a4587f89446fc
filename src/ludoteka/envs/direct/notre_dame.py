"""Notre Dame's direct observation (layout in docs/research.md): what `hidden.view` shows a seat,
egocentric. Others' prestige is shown only when the view shows it (game over, open_prestige);
hands, draft offers and passed cards are the seat's own (others': their hand size only)."""
from __future__ import annotations

from array import array
from typing import Any, Mapping

from ...boardgames.notre_dame.data import CARD_TYPES, SECTOR_COUNT
from ...boardgames.notre_dame.frames import phase_of
from ...kernel import Game
from .base import DirectEncoder, Layout, Memo
from .canvas import Section, copies

PHASES = ("draft", "actions", "bribes", "plague", "over")
LETTERS = ("A", "B", "C")
NONE: list = []            # no sparse blocks
SEAT = (1, 0, 1)           # a block with one slot per seat (canvas.py)


def build(game: Game, players: int, options: Mapping[str, Any]) -> DirectEncoder:
    """The encoder for `players` seats and resolved `options`."""
    n = players
    probe = game.new_state(players, 0, dict(options))
    data = probe.data
    boroughs = probe.boroughs
    markets = len(data.layouts[boroughs].names)
    kinds = list(type(probe).FLOW.kinds.values())
    kind_index = {kind: i for i, kind in enumerate(kinds)}
    codes = boroughs * len(data.messages)
    persons = len(data.persons)
    letter_of = [LETTERS.index(p.deck) if p.deck in LETTERS else -1 for p in data.persons]
    open_prestige = bool(options["open_prestige"])

    L = Layout()
    L.value("round", 1, 1, data.rounds, "the round")
    L.value("draft_pass", 1, 1, 2, "the pass of a pending draft pick (1 when none)")
    L.value("sectors", n * SECTOR_COUNT, 0, 14, "stones per seat and sector (seat-major)", ego=(1, 0, SECTOR_COUNT))
    L.value("personal_supply", n, 0, 14, ego=SEAT)
    L.value("general_supply", n, 0, 14, ego=SEAT)
    L.value("notre_dame", n, 0, 14, "stones on Notre Dame", ego=SEAT)
    L.value("coins", n, 0, 25, ego=SEAT)
    L.value("rat_marker", n, 0, 9, ego=SEAT)
    L.value("messages", n * boroughs, 0, 4, "messages held per seat and colour", ego=(1, 0, boroughs))
    L.value("prestige", n, 0, 80, "prestige when shown (see prestige_shown), else 0")
    L.value("played", n * CARD_TYPES, 0, 3, "cards played this round per seat and card type", ego=(1, 0, CARD_TYPES))
    L.value("hand_size", n, 0, 9, ego=SEAT)
    L.value("deck_size", n, 0, 9, ego=SEAT)
    L.value("coin_supply", 1, 0, 25)
    L.value("face_down_discards", 1, 0, 15)
    L.value("brown_deck_size", 1, 0, 6)
    L.value("gray_deck_letters", 3, 0, 3, "gray persons left per deck letter A, B, C")
    L.value("hand", CARD_TYPES, 0, 3, "own hand per card type")
    L.value("draft_offer", CARD_TYPES, 0, 3, "own draft offer per card type")
    L.value("passed_left", CARD_TYPES, 0, 3, "cards the seat passes left this pass, per type")
    L.flags("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
    L.flags("decision", len(kinds) + 1, "one-hot: the pending frame kind (last: game over)")
    L.flags("to_act", n + 1, "one-hot, egocentric; last: nobody (game over)", ego=SEAT)
    L.flags("acting", n, "egocentric: the seats with a decision pending", ego=SEAT)
    L.flags("start_player", n, "one-hot, egocentric", ego=SEAT)
    L.flags("trusted_friend", n * (SECTOR_COUNT + 1), "one-hot per seat: its sector, last: off the board",
            ego=(1, 0, SECTOR_COUNT + 1))
    L.flags("carriage", n * markets, "one-hot per seat: the carriage's market", ego=(1, 0, markets))
    L.flags("prestige_shown", n, "the seat's prestige is visible (own, open_prestige, game over)")
    L.flags("bribed", n, ego=SEAT)
    L.flags("physician", n, ego=SEAT)
    L.flags("messages_on_board", markets * codes, "per market, one-hot colour x kind (none: all 0)")
    L.flags("persons", 3 * persons, "the displayed persons in order, one-hot each")
    o_phase, o_kind, o_to_act, o_acting, o_start, o_friend, o_carriage, o_shown, o_bribed, o_phys, \
        o_msg, o_person = (L.start(name) for name in (
            "phase", "decision", "to_act", "acting", "start_player", "trusted_friend", "carriage",
            "prestige_shown", "bribed", "physician", "messages_on_board", "persons"))
    per_type = [0] * CARD_TYPES
    seat_order_of = [[(i, (seat + i) % n) for i in range(n)] for seat in range(n)]
    shown_all = [o_shown + i for i in range(n)]
    hidden_others = [0] * (n - 1)
    played_zero = [0] * (n * CARD_TYPES)
    friend_width = SECTOR_COUNT + 1

    def bag(cards) -> list[int]:
        out = per_type[:]
        for c in cards:
            out[c % CARD_TYPES] += 1
        return out

    cards_memo, own_memo, letters_memo, board_memo = memos = (Memo(), Memo(), Memo(), Memo())

    def cards(state, seat: int) -> list[int]:
        """Cards played per seat and type, hand and deck sizes (raw, egocentric): computed in
        seat order once per change (any seat's observation reuses it), then rotated."""
        played, hand, deck = state.played, state.hand, state.deck
        snapshot = (played[:], [len(h) for h in hand], [len(d) for d in deck])
        part = cards_memo.get(None, snapshot)
        if part is None:
            counts = played_zero[:]
            for s in range(n):
                for c in played[s]:
                    counts[s * CARD_TYPES + c % CARD_TYPES] += 1
            part = cards_memo.put(None, snapshot, counts)
        k = seat * CARD_TYPES
        sizes = snapshot[1][seat:] + snapshot[1][:seat] + snapshot[2][seat:] + snapshot[2][:seat]
        return part[k:] + part[:k] + sizes

    def own(state, seat: int) -> list[int]:
        """The seat's own hand, draft offer and passed cards per type, per seat."""
        snapshot = (state.hand[seat], state.offer[seat], state.outgoing[seat])
        part = own_memo.get(seat, snapshot)
        if part is None:
            part = own_memo.put(seat, snapshot, bag(snapshot[0]) + bag(snapshot[1]) + bag(snapshot[2]))
        return part

    def letters(gray: tuple) -> list[int]:
        """Gray persons left per deck letter."""
        part = letters_memo.get(None, gray)
        if part is None:
            part = [0, 0, 0]
            for p in gray:
                if letter_of[p] >= 0:
                    part[letter_of[p]] += 1
            letters_memo.put(None, gray, part)
        return part

    def board(state, seat: int) -> list[int]:
        """Trusted friends, carriages, bribes, physicians (egocentric), messages and persons
        (the same for every seat, remembered): hot slots."""
        friend, carriage, bribed, physician = state.friend, state.carriage, state.bribed, state.physician
        rot = seat_order_of[seat]
        hot = [o_friend + i * friend_width + (friend[s] if friend[s] >= 0 else SECTOR_COUNT) for i, s in rot]
        hot += [o_carriage + i * markets + carriage[s] for i, s in rot]
        if any(bribed):
            hot += [o_bribed + i for i, s in rot if bribed[s]]
        if any(physician):
            hot += [o_phys + i for i, s in rot if physician[s]]
        msg_at, display = state.msg_at, state.display
        snapshot = (msg_at[:], display)
        part = board_memo.get(None, snapshot)
        if part is None:
            part = [o_msg + m * codes + code for m, code in enumerate(msg_at) if code >= 0]
            part += [o_person + j * persons + p for j, p in enumerate(display)]
            board_memo.put(None, snapshot, part)
        return hot + part

    def write(state, seat: int) -> tuple[list, list[int], list[int], list]:
        k7 = seat * SECTOR_COUNT
        kb = seat * boroughs
        top = state.top()
        over = top is None
        to_act = state.to_act
        hot = [o_phase + PHASES.index(phase_of(state)),
               o_kind + (len(kinds) if over else kind_index[top[0]]),
               o_to_act + (n if to_act is None else (to_act - seat) % n),
               o_start + (state.start - seat) % n]
        if not over:
            hot += [o_acting + (s - seat) % n for s in state.acting_seats()]
        raw = [state.round, top[2] if not over and top[0].name == "draft_pick" else 1]
        raw += state.sector_stones[k7:] + state.sector_stones[:k7]
        for field in (state.personal, state.general, state.notre_dame_stones, state.coins, state.rat):
            raw += field[seat:] + field[:seat]
        raw += state.held[kb:] + state.held[:kb]
        hot += board(state, seat)
        prestige = state.prestige
        if over or open_prestige:
            hot += shown_all
            raw += prestige[seat:] + prestige[:seat]
        else:
            hot.append(o_shown)
            raw.append(prestige[seat])
            raw += hidden_others
        raw += cards(state, seat)
        raw += [state.supply, len(state.unused), len(state.brown)]
        raw += letters(state.gray)
        raw += own(state, seat)
        return raw, hot, NONE, NONE

    # ---- the incremental encoder (canvas.py): the same vector, in seat order, by sections
    o_round, o_played, o_prestige, o_supply, o_letters, o_own = (
        L.start(name) for name in ("round", "played", "prestige", "coin_supply",
                                   "gray_deck_letters", "hand"))
    n_own = 3 * CARD_TYPES
    o_sizes = L.start("hand_size")

    # the phase of a frame kind that names one (the top frame's is the phase: ND-3.2)
    phase_at = {kind: PHASES.index(kind.phase) for kind in kinds if getattr(kind, "phase", "")}
    if o_supply != o_sizes + 2 * n:
        raise ValueError("the hand and deck sizes must lie just before the coin supply")

    def table(state, canvas) -> None:
        """What changes at almost every decision: the round and draft pass, the hand and deck
        sizes, the supplies, the phase, the pending frame and the seats to act."""
        top = state.top()
        over = top is None
        to_act = state.to_act
        buf = canvas.buf
        buf[o_round] = state.round - 1                   # raw - lo
        buf[o_round + 1] = top[2] - 1 if not over and top[0].name == "draft_pick" else 0
        # hand and deck sizes, the coin supply, the discards and the brown deck lie in a row
        canvas.put(o_sizes, [*map(len, state.hand), *map(len, state.deck),
                             state.supply, len(state.unused), len(state.brown)])
        phase = None if over else phase_at.get(top[0])
        buf[o_phase + (PHASES.index(phase_of(state)) if phase is None else phase)] = 1.0
        buf[o_kind + (len(kinds) if over else kind_index[top[0]])] = 1.0
        buf[o_to_act + (n if to_act is None else to_act)] = 1.0
        if not over:
            for s in state.acting_seats():
                buf[o_acting + s] = 1.0

    def pieces(state, canvas) -> None:
        """The start player, trusted friends, carriages, bribes and physicians."""
        buf = canvas.buf
        buf[o_start + state.start] = 1.0
        friend, carriage, bribed, physician = state.friend, state.carriage, state.bribed, state.physician
        for s in range(n):
            buf[o_friend + s * friend_width + (friend[s] if friend[s] >= 0 else SECTOR_COUNT)] = 1.0
            buf[o_carriage + s * markets + carriage[s]] = 1.0
            if bribed[s]:
                buf[o_bribed + s] = 1.0
            if physician[s]:
                buf[o_phys + s] = 1.0

    def card_counts(state, canvas) -> None:
        """Cards played per seat and type."""
        played, buf = state.played, canvas.buf
        for s in range(n):
            for c in played[s]:
                buf[o_played + s * CARD_TYPES + c % CARD_TYPES] += 1.0

    def gray_letters(state, canvas) -> None:
        buf = canvas.buf
        for j, count in enumerate(letters(state.gray)):
            buf[o_letters + j] = count

    def markets_and_persons(state, canvas) -> None:
        buf = canvas.buf
        for m, code in enumerate(state.msg_at):
            if code >= 0:
                buf[o_msg + m * codes + code] = 1.0
        for j, p in enumerate(state.display):
            buf[o_person + j * persons + p] = 1.0

    own_arrays = Memo()

    def private(state, seat: int, buf: memoryview) -> None:
        """Prestige as the seat sees it (ND-10.3) and its own cards, egocentric, into the seat's
        vector `buf` (raw: the encoder scales them after)."""
        prestige = state.prestige
        if open_prestige or state.top() is None:
            for i in range(n):
                buf[o_prestige + i] = prestige[(seat + i) % n]
                buf[o_shown + i] = 1.0
        else:
            buf[o_prestige] = prestige[seat]
            buf[o_shown] = 1.0
        snapshot = (state.hand[seat], state.offer[seat], state.outgoing[seat])
        part = own_arrays.get(seat, snapshot)
        if part is None:
            part = array("f", bytes(4 * n_own))
            for j, cards in enumerate(snapshot):
                for c in cards:
                    part[j * CARD_TYPES + c % CARD_TYPES] += 1.0
            own_arrays.put(seat, snapshot, part)
        buf[o_own:o_own + n_own] = part

    sections = (
        Section(("round", "draft_pass", "hand_size", "deck_size", "coin_supply", "face_down_discards",
                 "brown_deck_size", "phase", "decision", "to_act", "acting"), table),
        Section(("sectors", "personal_supply", "general_supply", "notre_dame", "coins", "rat_marker", "messages"),
                copies([(field, L.start(block), 0) for field, block in (
                    ("sector_stones", "sectors"), ("personal", "personal_supply"), ("general", "general_supply"),
                    ("notre_dame_stones", "notre_dame"), ("coins", "coins"), ("rat", "rat_marker"),
                    ("held", "messages"))]), clear=False),
        Section(("start_player", "trusted_friend", "carriage", "bribed", "physician"), pieces,
                fields=("start", "friend", "carriage", "bribed", "physician")),
        Section(("played",), card_counts, fields=("played",)),
        Section(("gray_deck_letters",), gray_letters, fields=("gray",)),
        Section(("messages_on_board", "persons"), markets_and_persons,
                fields=("msg_at", "display")))
    return DirectEncoder(L, write, memos + (own_arrays,), sections, private,
                         ("prestige", "prestige_shown", "hand", "draft_offer", "passed_left"), n)
