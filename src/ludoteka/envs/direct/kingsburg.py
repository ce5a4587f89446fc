"""Kingsburg's direct observation (layout in docs/research.md): what `view.view` shows a seat,
egocentric. Everything is public but the enemy cards the seat has not seen and the others'
face-down soldier-token picks. The court is an 18 x seats block: per advisor and seat, the
group placed there (dice count and sum), first influencer, +2 token, Market and Envoy flags."""
from __future__ import annotations

from typing import Any, Mapping

from ...boardgames.kingsburg.state import CATEGORIES, REINF_TOKENS
from ...kernel import Game
from .base import DirectEncoder, Layout, Memo
from .canvas import Section, copies

ADVISORS = 18
PHASES = 8
SEAT = (1, 0, 1)           # a block with one slot per seat (canvas.py)


def build(game: Game, players: int, options: Mapping[str, Any]) -> DirectEncoder:
    """The encoder for `players` seats and resolved `options`."""
    n = players
    probe = game.new_state(players, 0, dict(options))
    T = probe.T
    nb = T.nb
    cards = len(T.data.enemies)
    kinds = list(type(probe).FLOW.kinds.values())
    kind_index = {kind: i for i, kind in enumerate(kinds)}
    k = len(CATEGORIES)
    tokens_variant = probe.rules.reinforcements == REINF_TOKENS
    choose_advisor = type(probe).FLOW.kinds["choose_advisor"]
    goods_kinds = (type(probe).FLOW.kinds["take_goods"], type(probe).FLOW.kinds["choose_loss"])
    take_help = type(probe).FLOW.kinds["take_help"]
    winter_kind = type(probe).FLOW.kinds["battle"]

    L = Layout()
    L.value("year", 1, 1, 5)
    L.value("vp", n, -20, 80, "victory points (negative ones stay linear)", ego=SEAT)
    L.value("goods", 3 * n, 0, 20, "gold, wood, stone per seat", ego=(1, 0, 3))
    L.value("plus_two_tokens", n, 0, 5, ego=SEAT)
    L.value("soldiers", n, 0, 20, ego=SEAT)
    L.value("dice", 5 * n, 0, 6, "per seat: coloured dice not yet placed (3), then white dice (2), 0 none",
            ego=(1, 0, 5))
    L.value("points", k * n, -20, 40, "VP per scoring category per seat: " + ", ".join(CATEGORIES), ego=(1, 0, k))
    dummies = 5 if n == 2 else 3          # KB-18.2: two more dummy dice with 2 players
    L.value("dummy_dice", dummies, 0, 6, "the dummy dice rolled this season, 0 none")
    L.value("pending_goods", 1, 0, 5, "goods a pending take/lose decision is about")
    L.value("helping_advisor", 1, 0, 18, "the advisor whose help is being taken, else 0")
    L.value("battle_strength", n, 0, 40, "the last battle: each seat's strength", ego=SEAT)
    L.value("battle_result", n, -1, 1, "the last battle: -1 lost, 0 tie, 1 won", ego=SEAT)
    L.value("kings_soldiers", 1, -1, 6, "the last battle's King's reinforcements (-1 tokens, or no battle yet)")
    if tokens_variant:
        L.value("soldier_tokens_left", 5 * n, 0, 2, "tokens of value 0..4 left per seat (a face-down pick counted)",
                ego=(1, 0, 5))
    L.sparse("court_dice", ADVISORS * n * 2, 18, "per advisor and seat: dice count, dice sum of its group",
             ego=(ADVISORS, 0, 2))
    L.flags("phase", PHASES, "one-hot: phases 1..8")
    L.flags("decision", len(kinds) + 1, "one-hot: the pending frame kind (last: game over)")
    L.flags("to_act", n + 1, "one-hot, egocentric; last: nobody", ego=SEAT)
    L.flags("acting", n, "egocentric: the seats with a decision pending", ego=SEAT)
    L.flags("turn_order", n * n, "per position, the seat there (one-hot, egocentric)", ego=(n, 0, 1))
    L.flags("buildings", nb * n, "per seat, each building standing", ego=(1, 0, nb))
    L.flags("used", 5 * n, "per seat: passed, market used, statue used, chapel used, +2 token used", ego=(1, 0, 5))
    L.flags("court", ADVISORS * n * 4, "per advisor and seat: first influencer, +2 token, Market, Envoy",
            ego=(ADVISORS, 0, 4))
    L.flags("dummy_blocked", ADVISORS)
    L.flags("envoy", n + 1, "one-hot, egocentric; last: nobody", ego=SEAT)
    L.flags("kings_aid_die", n + 1, "one-hot, egocentric; last: nobody", ego=SEAT)
    L.flags("enemy_revealed", 5)
    L.flags("enemy_seen_by", 5 * n, "per year, egocentric", ego=(5, 0, 1))
    L.flags("enemy_card", 5 * cards, "per year, the card when the seat may see it")
    L.flags("selected_dice", 5, "the dice chosen in a pending advisor choice")
    L.flags("pending_goods_seat", n + 1, "egocentric; gain (last slot)", ego=SEAT)
    L.flags("battle_this_year", 1, "the last battle was this year's")
    if tokens_variant:
        L.flags("soldier_token_chosen", n, ego=SEAT)
        L.flags("soldier_token", 5, "the seat's own face-down pick")
    start = L.start
    o_phase, o_kind, o_to_act, o_acting, o_order, o_build, o_used, o_court, o_blocked, o_envoy, \
        o_aid, o_rev, o_seen, o_card, o_sel, o_pg, o_battle = (start(name) for name in (
            "phase", "decision", "to_act", "acting", "turn_order", "buildings", "used", "court",
            "dummy_blocked", "envoy", "kings_aid_die", "enemy_revealed", "enemy_seen_by", "enemy_card",
            "selected_dice", "pending_goods_seat", "battle_this_year"))
    o_chosen = start("soldier_token_chosen") if tokens_variant else 0
    o_token = start("soldier_token") if tokens_variant else 0
    court_width = n * 2
    o_court_dice = start("court_dice")
    bit_lists: dict[int, list[int]] = {}       # a bitmask's set bits, remembered

    def bits_of(mask: int) -> list[int]:
        found = bit_lists.get(mask)
        if found is None:
            found = [j for j in range(mask.bit_length()) if mask >> j & 1]
            if len(bit_lists) < 1 << 16:
                bit_lists[mask] = found
        return found
    no_battle = [0] * (2 * n) + [-1]
    court_memo = Memo()

    def court(state, seat: int) -> tuple[list[int], list[int], list[int]]:
        """The court block (hot slots, then the dice counts and sums as sparse slots and
        amounts) and the blocked advisors, remembered per seat."""
        placements, court_slots = state.placements, state.court
        snapshot = (placements, court_slots[:])
        part = court_memo.get(seat, snapshot)
        if part is not None:
            return part
        hot: list[int] = []
        dice: dict[int, int] = {}
        first = set()
        for adv, s, vals, tok, mkt, env in placements:
            i = (s - seat) % n
            if adv not in first:           # the first group on an advisor is its first influencer
                first.add(adv)
                hot.append(o_court + ((adv - 1) * n + i) * 4)
            c = o_court_dice + (adv - 1) * court_width + 2 * i
            dice[c] = dice.get(c, 0) + len(vals)
            dice[c + 1] = dice.get(c + 1, 0) + sum(vals)
            base = o_court + ((adv - 1) * n + i) * 4
            if tok:
                hot.append(base + 1)
            if mkt:
                hot.append(base + 2)
            if env:
                hot.append(base + 3)
        hot += [o_blocked + adv - 1 for adv in range(1, ADVISORS + 1) if court_slots[2 * adv] == -2]
        return court_memo.put(seat, snapshot, (hot, list(dice), list(dice.values())))

    def write(state, seat: int) -> tuple[list, list[int], list[int], list]:
        top = state.top()
        over = top is None
        kind = None if over else top[0]
        to_act = state.to_act
        hot = [o_phase + state.phase - 1, o_kind + (len(kinds) if over else kind_index[kind]),
               o_to_act + (n if to_act is None else (to_act - seat) % n)]
        if not over:
            hot += [o_acting + (s - seat) % n for s in state.acting_seats()]
        for pos, s in enumerate(state.turn_order):
            hot.append(o_order + pos * n + (s - seat) % n)
        g3, d5, kk = 3 * seat, 5 * seat, k * seat
        vp, goods, points, dice = state.vp, state.goods, state.points, state.dice_values
        raw = [state.year] + vp[seat:] + vp[:seat] + goods[g3:] + goods[:g3]
        raw += state.tokens[seat:] + state.tokens[:seat]
        raw += state.soldiers[seat:] + state.soldiers[:seat]
        masks = (state.passed, state.market_used, state.statue_used, state.chapel_used, state.token_used)
        buildings = state.buildings
        for i in range(n):
            s = (seat + i) % n
            b = 5 * s
            coloured = [v for v in dice[b:b + 3] if v]
            white = [v for v in dice[b + 3:b + 5] if v]
            raw += coloured + [0] * (3 - len(coloured)) + white + [0] * (2 - len(white))
            if buildings[s]:
                base = o_build + i * nb
                hot += [base + j for j in bits_of(buildings[s])]
            for j, m in enumerate(masks):
                if m >> s & 1:
                    hot.append(o_used + 5 * i + j)
        raw += points[kk:] + points[:kk]
        court_hot, court_spots, court_amounts = court(state, seat)
        hot += court_hot
        dummy = list(state.dummy_dice)
        raw += dummy + [0] * (dummies - len(dummy))
        pending = help_adv = 0
        if kind is choose_advisor:
            mask = top[3]
            hot += [o_sel + j for j in range(5) if mask >> j & 1]
        elif kind in goods_kinds:
            pending = top[2]
            hot.append(o_pg + (top[1] - seat) % n)
            if kind is goods_kinds[0]:
                hot.append(o_pg + n)
        elif kind is take_help:
            help_adv = top[2] >> 1
        raw += [pending, help_adv]
        strength, result = state.battle_strength, state.battle_result
        if strength:
            raw += strength[seat:] + strength[:seat] + result[seat:] + result[:seat]
            raw.append(state.kings_soldiers)
            if state.phase == 8 and all(f[0] is not winter_kind for f in state.frames()):
                hot.append(o_battle)
        else:
            raw += no_battle
        envoy, aid = state.envoy_holder, state.kings_aid_seat
        hot.append(o_envoy + ((envoy - seat) % n if envoy >= 0 else n))
        hot.append(o_aid + ((aid - seat) % n if aid >= 0 else n))
        revealed = state.enemies_revealed
        known = state.enemy_seen[seat]
        deck = state.enemy_deck
        for y in range(5):
            if y < revealed:
                hot.append(o_rev + y)
            if y < revealed or known >> y & 1:
                hot.append(o_card + y * cards + deck[y])
        seen = state.enemy_seen
        for i in range(n):
            if seen[(seat + i) % n]:
                hot += [o_seen + y * n + i for y in bits_of(seen[(seat + i) % n])]
        if tokens_variant:
            left, picked = state.soldier_tokens, state.soldier_token_picked
            for i in range(n):
                s = (seat + i) % n
                counts = list(left[5 * s:5 * s + 5])
                if picked[s] >= 0:
                    counts[picked[s]] += 1
                    hot.append(o_chosen + i)
                raw += counts
            if picked[seat] >= 0:
                hot.append(o_token + picked[seat])
        return raw, hot, court_spots, court_amounts

    # ---- the incremental encoder (canvas.py): the same vector, in seat order, by sections
    o_year, o_dice, o_dummy, o_pending, o_strength = (start(name) for name in (
        "year", "dice", "dummy_dice", "pending_goods", "battle_strength"))
    o_left = start("soldier_tokens_left") if tokens_variant else 0
    no_dummies = [0] * dummies

    def table(state, canvas) -> None:
        """What almost every decision changes: the frame, the seat to act, the pending choice."""
        buf = canvas.buf
        top = state.top()
        over = top is None
        kind = None if over else top[0]
        to_act = state.to_act
        buf[o_kind + (len(kinds) if over else kind_index[kind])] = 1.0
        buf[o_to_act + (n if to_act is None else to_act)] = 1.0
        if not over:
            for s in state.acting_seats():
                buf[o_acting + s] = 1.0
        if kind is choose_advisor:
            for j in bits_of(top[3]):
                buf[o_sel + j] = 1.0
        elif kind in goods_kinds:
            buf[o_pending] = top[2]
            buf[o_pg + top[1]] = 1.0
            if kind is goods_kinds[0]:
                buf[o_pg + n] = 1.0
        elif kind is take_help:
            buf[o_pending + 1] = top[2] >> 1
        if state.battle_strength and state.phase == 8 and all(f[0] is not winter_kind for f in state.frames()):
            buf[o_battle] = 1.0

    def season(state, canvas) -> None:
        """The year, the phase, the turn order, the Envoy and the King's Aid die (each changes a
        few times a year)."""
        buf = canvas.buf
        buf[o_year] = state.year - 1                    # raw - lo
        buf[o_phase + state.phase - 1] = 1.0
        for pos, s in enumerate(state.turn_order):
            buf[o_order + pos * n + s] = 1.0
        envoy, aid = state.envoy_holder, state.kings_aid_seat
        buf[o_envoy + (envoy if envoy >= 0 else n)] = 1.0
        buf[o_aid + (aid if aid >= 0 else n)] = 1.0

    packed_dice: dict[tuple[int, ...], list[int]] = {}       # remembered: a season rolls once

    def dice_part(state, canvas) -> None:
        """Each seat's dice not yet placed: coloured ones first, then white ones."""
        dice = tuple(state.dice_values)
        values = packed_dice.get(dice)
        if values is None:
            values = []
            for s in range(n):
                b = 5 * s
                coloured = [v for v in dice[b:b + 3] if v]
                white = [v for v in dice[b + 3:b + 5] if v]
                values += coloured + [0] * (3 - len(coloured)) + white + [0] * (2 - len(white))
            if len(packed_dice) >= 4096:
                packed_dice.clear()
            packed_dice[dice] = values
        canvas.put(o_dice, values)

    def built(state, canvas) -> None:
        """Each seat's buildings."""
        buf, buildings = canvas.buf, state.buildings
        for s in range(n):
            for j in bits_of(buildings[s]):
                buf[o_build + s * nb + j] = 1.0

    def marks(state, canvas) -> None:
        """Each seat's passed / used marks (they change several times a season, the buildings
        a few times a year: two sections, so a pass does not rewrite every building)."""
        buf = canvas.buf
        for j, m in enumerate((state.passed, state.market_used, state.statue_used, state.chapel_used,
                               state.token_used)):
            for s in range(n):
                if m >> s & 1:
                    buf[o_used + 5 * s + j] = 1.0

    def court_part(state, canvas) -> None:
        buf = canvas.buf
        hot, spots, amounts = court(state, 0)
        for j in hot:
            buf[j] = 1.0
        for j, a in zip(spots, amounts):
            buf[j] = a

    def dummy_part(state, canvas) -> None:
        dummy = list(state.dummy_dice)
        canvas.put(o_dummy, dummy + no_dummies[len(dummy):])

    def battle(state, canvas) -> None:
        """The last battle (raw - lo: the results and the King's soldiers start at -1)."""
        strength, result, buf = state.battle_strength, state.battle_result, canvas.buf
        if strength:
            for s in range(n):
                buf[o_strength + s] = strength[s]
                buf[o_strength + n + s] = result[s] + 1
            buf[o_strength + 2 * n] = state.kings_soldiers + 1
        else:
            for s in range(n):
                buf[o_strength + n + s] = 1.0       # no battle yet: results 0
            buf[o_strength + 2 * n] = 0.0            # and -1 for the King's soldiers

    def enemies(state, canvas) -> None:
        buf, seen = canvas.buf, state.enemy_seen
        for y in range(state.enemies_revealed):
            buf[o_rev + y] = 1.0
        for s in range(n):
            for y in bits_of(seen[s]):
                buf[o_seen + y * n + s] = 1.0

    def rare(state, canvas) -> None:
        dummy_part(state, canvas)
        battle(state, canvas)
        enemies(state, canvas)

    def tokens(state, canvas) -> None:
        left, picked, buf = state.soldier_tokens, state.soldier_token_picked, canvas.buf
        values = list(left[:5 * n])
        for s in range(n):
            if picked[s] >= 0:
                values[5 * s + picked[s]] += 1
                buf[o_chosen + s] = 1.0
        canvas.put(o_left, values)

    def private(state, seat: int, buf: memoryview) -> None:
        """The enemy cards the seat may see (KB-19.5) and its own soldier token (KB-19.6), into
        the seat's vector `buf`."""
        revealed, known, deck = state.enemies_revealed, state.enemy_seen[seat], state.enemy_deck
        for y in range(revealed):
            buf[o_card + y * cards + deck[y]] = 1.0
        if known >> revealed:             # cards seen ahead of the reveal (KB-19.5)
            for y in range(revealed, 5):
                if known >> y & 1:
                    buf[o_card + y * cards + deck[y]] = 1.0
        if tokens_variant and state.soldier_token_picked[seat] >= 0:
            buf[o_token + state.soldier_token_picked[seat]] = 1.0

    sections = [
        Section(("pending_goods", "helping_advisor", "decision", "to_act", "acting", "selected_dice",
                 "pending_goods_seat", "battle_this_year"), table),
        Section(("year", "phase", "turn_order", "envoy", "kings_aid_die"), season,
                fields=("year", "phase", "turn_order", "envoy_holder", "kings_aid_seat")),
        Section(("vp", "goods", "plus_two_tokens", "soldiers", "points"), copies([
            ("vp", start("vp"), -20), ("goods", start("goods"), 0), ("tokens", start("plus_two_tokens"), 0),
            ("soldiers", start("soldiers"), 0), ("points", start("points"), -20)]), clear=False),
        Section(("dice",), dice_part, fields=("dice_values",)),
        Section(("buildings",), built, fields=("buildings",)),
        Section(("used",), marks, fields=("passed", "market_used", "statue_used", "chapel_used", "token_used")),
        Section(("court_dice", "court", "dummy_blocked"), court_part,
                fields=("placements", "court")),
        # what changes a few times a year, in one section (one comparison a call instead of three)
        Section(("dummy_dice", "battle_strength", "battle_result", "kings_soldiers", "enemy_revealed",
                 "enemy_seen_by"), rare,
                fields=("dummy_dice", "battle_strength", "battle_result", "kings_soldiers", "enemies_revealed",
                        "enemy_seen"))]
    private_blocks = ["enemy_card"]
    if tokens_variant:
        sections.append(Section(("soldier_tokens_left", "soldier_token_chosen"), tokens,
                                fields=("soldier_tokens", "soldier_token_picked")))
        private_blocks.append("soldier_token")
    return DirectEncoder(L, write, (court_memo,), sections, private, private_blocks, n)
