"""Messina 1347 step 1 of a turn: choosing a hex, movement costs and blocking (MS-8), docks as
destinations (MS-9.1, MS-9.2, MS-9.3, MS-9.4, MS-9.5, MS-9.6) and recall turns (MS-10)."""
from __future__ import annotations

from ludoteka.boardgames.messina.model.board import move_cost

from .helpers import (ESTATE, blank, dock_ship, keys, kind, labels, lt, node, only, place,
                      points, start_turns)

NW, NE, SE, SW = 0, 1, 2, 3


def hex_turn_position(players=3, seed=1):
    """Seat 0 (first in turn order) has one lieutenant lying on node 0; the others are in the supply."""
    s = blank(players, seed)
    s.turn_order = list(range(players))
    s.round = 2
    for seat in range(players):
        only(s, seat, ESTATE)                 # the others still have a turn: the round goes on
    only(s, 0, 0)
    return s


def costs(s) -> dict[str, int]:
    return {a.key: a.data.get("cost", 0) for a in s.legal_actions() if a.key != "recall"}


def test_round_one_estate_placement_is_free():
    """MS-8.1, MS-8.2, MS-8.16, MS-9.6 (AMB-7): a lieutenant from the estate goes free to any hex
    without a standing figure, any harbour, and any dock with a ship."""
    s = blank(3, 1)
    s.coins = [0, 0, 0]
    dock_ship(s, "S1-silk", SE)
    start_turns(s)
    c = costs(s)
    every = {f"hex:{s.data.hexes[t].id}" for t in s.hex_at if t >= 0} | {f"hex:{k}" for k in ("NW", "NE", "SE", "SW")}
    assert set(c) == every | {"ship:S1-silk"}
    assert set(c.values()) == {0}
    assert "pay" not in " ".join(labels(s).values())


def test_movement_costs_book_numbers():
    """MS-EX-3, MS-8.5, MS-8.6, MS-8.7, MS-8.9 (AMB-6): from a lying lieutenant: same hex 0, adjacent 0,
    distance 2 -> 1 coin, 3 -> 2, 4 -> 3 (shortest path over placed tiles)."""
    s = hex_turn_position()
    s.coins[0] = 10
    start_turns(s)
    c = costs(s)
    dist = s.board.distances(0)[0]
    seen = set()
    for key, cost in c.items():
        if key.startswith("hex:"):
            d = dist[node(s, key[4:])]
            assert cost == max(0, d - 1)
            seen.add((d, cost))
    assert {(0, 0), (1, 0), (2, 1), (3, 2), (4, 3)} <= seen
    assert labels(s)["hex:SE"].endswith("(pay 3 coins)")          # 4 hexes away: 3 coins
    assert [move_cost(d) for d in range(5)] == [0, 0, 1, 2, 3]


def test_paying_the_way():
    """MS-8.6, MS-8.12: the cost is paid on choosing; the lieutenant stands on the hex, used."""
    s = hex_turn_position()
    s.coins[0] = 5
    start_turns(s)
    s.apply("hex:SE")
    assert s.coins[0] == 2
    assert s.lt_at[lt(0, 0)] == node(s, "SE") and s.lt_used[lt(0, 0)]


def test_cannot_choose_what_you_cannot_pay():
    """MS-8.8 (AMB-6): a destination costing more coins than you hold is not offered."""
    s = hex_turn_position()
    s.coins[0] = 1
    start_turns(s)
    dist = s.board.distances(0)[0]
    for key in keys(s):
        if key.startswith("hex:"):
            assert dist[node(s, key[4:])] <= 2
    assert "hex:SE" not in keys(s) and "recall" in keys(s)


def test_empty_expansions_are_not_part_of_a_path():
    """MS-8.9 (AMB-6): paths run through placed tiles; a filled expansion location can shorten
    the way (NW harbour to NE harbour: 4 hexes, 3 once two northern expansions are filled)."""
    s = hex_turn_position()
    only(s, 0, node(s, "NW"))
    s.coins[0] = 10
    start_turns(s)
    assert costs(s)["hex:NE"] == 3
    b = s.board
    s.hex_at[b.first_expansion + 4], s.hex_stack = s.hex_stack[0], s.hex_stack[1:]
    s.hex_at[b.first_expansion + 5], s.hex_stack = s.hex_stack[0], s.hex_stack[1:]
    start_turns(s)
    assert costs(s)["hex:NE"] == 2


def test_standing_figure_blocks_lying_does_not():
    """MS-8.3, MS-8.4, MS-8.10, MS-8.17: a standing figure (any player's) blocks its hex; lying
    lieutenants of several players may share a hex and do not block it."""
    s = hex_turn_position()
    place(s, 1, 0, 1, used=True)          # seat 1 stands on node 1
    place(s, 2, 0, 2, used=False)         # seat 2 lies on node 2
    place(s, 1, 1, 2, used=False)         # seat 1 lies on node 2 too
    s.coins[0] = 5
    start_turns(s)
    h1 = s.data.hexes[s.hex_at[1]].id
    h2 = s.data.hexes[s.hex_at[2]].id
    assert f"hex:{h1}" not in keys(s)
    assert f"hex:{h2}" in keys(s)


def test_own_standing_figure_blocks_and_lying_one_cannot_stay():
    """MS-8.3, MS-8.11, MS-8.13: your own standing figure blocks you; your lying lieutenant cannot
    stay on a hex where a figure already stands."""
    s = hex_turn_position()
    place(s, 0, 1, 1, used=True)          # our own, already used this round
    place(s, 2, 0, 0, used=True)          # someone stands where our lieutenant lies
    start_turns(s)
    here = s.data.hexes[s.hex_at[0]].id
    assert f"hex:{here}" not in keys(s)
    assert f"hex:{s.data.hexes[s.hex_at[1]].id}" not in keys(s)
    s.apply(f"hex:{s.data.hexes[s.hex_at[3]].id}")
    assert 3 in s.standing_nodes()


def test_chosen_hex_is_blocked_for_the_round():
    """MS-8.12, MS-8.13, MS-7.4: after a hex turn the hex cannot be chosen again this round, by
    anyone; the next player sees it missing."""
    s = blank(3, 1)
    s.turn_order = [0, 1, 2]
    start_turns(s)
    s.apply("hex:NW")
    while s.to_act == 0:
        s.apply("end_turn" if "end_turn" in keys(s) else "done")
    assert s.to_act == 1 and "hex:NW" not in keys(s)


def test_estate_lieutenant_only_after_those_in_messina():
    """MS-EX-25, MS-8.15, MS-8.16 (AMB-45), MS-36: with 3 lying lieutenants in Messina and 1 in the
    estate, the first three turns use the lying ones; only the 4th may use the estate one, free,
    on any unblocked hex or any dock with a ship."""
    s = blank(2, 1)
    s.turn_order = [0, 1]
    s.round = 3
    only(s, 1)
    only(s, 0, 0, 1, 2, ESTATE)
    s.coins[0] = 0
    dock_ship(s, "S1-silk", SW)
    start_turns(s)
    for turn in range(2):
        assert kind(s) == "ChooseLieutenant"
        assert "lt:3" not in keys(s) and len(keys(s)) == 3 - turn
        s.apply(keys(s)[0])
        s.apply("recall")
    assert kind(s) == "ChooseDestination" and s.top()[2] == lt(0, 2)   # the last lying one
    s.apply("recall")
    assert kind(s) == "ChooseDestination"                 # the estate one, the only one left
    c = costs(s)
    assert set(c.values()) == {0}
    assert "ship:S1-silk" in c
    assert all(f"hex:{s.data.hexes[s.hex_at[n]].id}" in c for n in range(3))   # recalled: not standing


def test_estate_lieutenant_placed_free_despite_distance():
    """MS-8.16: an estate lieutenant pays nothing and ignores lying figures."""
    s = hex_turn_position()
    only(s, 0, ESTATE)
    place(s, 1, 0, 5, used=False)
    start_turns(s)
    c = costs(s)
    assert c[f"hex:{s.data.hexes[s.hex_at[5]].id}"] == 0 and c["hex:SE"] == 0


def test_visit_bonus_goes_to_the_repopulator():
    """MS-8.18, MS-24.12, MS-36: choosing a repopulated hex gives its repopulator 2 points at once,
    whoever chooses it (the repopulator too)."""
    s = hex_turn_position()
    s.repopulated_by[0] = 1
    s.repopulated_by[3] = 0
    start_turns(s)
    s.apply(f"hex:{s.data.hexes[s.hex_at[0]].id}")
    assert points(s, 1, "visits") == 2 and s.score[1] == points(s, 1, "start") + 2
    t = hex_turn_position()
    t.repopulated_by[3] = 0
    start_turns(t)
    t.apply(f"hex:{t.data.hexes[t.hex_at[3]].id}")
    assert points(t, 0, "visits") == 2


def test_dock_costs():
    """MS-EX-3, MS-9.1, MS-9.2, MS-9.3: a dock is adjacent only to its harbour: from the harbour 0 coins, from
    a city hex next to the harbour 1 coin."""
    s = hex_turn_position()
    dock_ship(s, "S1-silk", NW)
    only(s, 0, node(s, "NW"))
    s.coins[0] = 0
    start_turns(s)
    assert costs(s)["ship:S1-silk"] == 0
    next_to = [m for m in s.board.neighbours[node(s, "NW")] if s.board.is_harbour(m) is False
               and not s.board.is_dock(m) and s.hex_at[m] >= 0][0]
    only(s, 0, next_to)
    s.coins[0] = 1
    start_turns(s)
    assert costs(s)["ship:S1-silk"] == 1
    s.coins[0] = 0
    start_turns(s)
    assert "ship:S1-silk" not in keys(s)                       # MS-8.8


def test_docks_never_block():
    """MS-9.4, MS-9.5, MS-36: a dock visited this round (a standing lieutenant on it) can be chosen
    again while it has a ship; a dock without a ship cannot be chosen."""
    s = hex_turn_position()
    dock_ship(s, "S1-silk", NE)
    place(s, 1, 0, s.board.dock(NE), used=True)
    s.coins[0] = 10
    start_turns(s)
    assert "ship:S1-silk" in keys(s)
    assert not [k for k in keys(s) if k.startswith("ship:") and k != "ship:S1-silk"]


def test_recall_gives_one_coin_and_nothing_else():
    """MS-10.1, MS-10.2, MS-10.4 (AMB-10), MS-7.5: a recall puts the lieutenant in the estate, used
    this round, gives exactly 1 coin; no rescue, fight, action or paid advance; the next player's
    turn follows."""
    s = hex_turn_position()
    only(s, 1, 3)
    s.coins[0] = 9
    s.city_citizens[0] = 1
    s.cubes[0] = 1
    start_turns(s)
    before = (list(s.fire), list(s.rats), list(s.books), list(s.squares), list(s.huts))
    s.apply("recall")
    assert s.coins[0] == 10
    assert s.lt_at[lt(0, 0)] == ESTATE and s.lt_used[lt(0, 0)]
    assert (list(s.fire), list(s.rats), list(s.books), list(s.squares), list(s.huts)) == before
    assert s.city_citizens[0] == 1 and s.cubes[0] == 1
    assert s.to_act == 1


def test_recall_always_legal():
    """MS-10.5, MS-7.4: with no coins and every reachable hex blocked, recall is still offered."""
    s = hex_turn_position()
    s.coins[0] = 0
    place(s, 1, 0, 0, used=True)
    start_turns(s)
    assert "recall" in keys(s)
    assert "hex:" + s.data.hexes[s.hex_at[0]].id not in keys(s)


def test_recall_estate_lieutenant():
    """MS-10.4 (AMB-10), MS-10.3: an unused estate lieutenant may be recalled (it stays in the
    estate, used) for 1 coin."""
    s = hex_turn_position()
    only(s, 0, ESTATE)
    start_turns(s)
    c0 = s.coins[0]
    s.apply("recall")
    assert s.coins[0] == c0 + 1 and s.lt_at[lt(0, 0)] == ESTATE and s.lt_used[lt(0, 0)]


def test_hex_turn_steps_in_order():
    """MS-7.6: a hex turn is choose, rescue, fight, then the action step."""
    s = hex_turn_position()
    target = 3
    s.city_citizens[target * 3 + 0] = 1
    s.city_citizens[target * 3 + 1] = 1
    s.cubes[target] = 1
    s.fire[0] = 1
    start_turns(s)
    s.apply(f"hex:{s.data.hexes[s.hex_at[target]].id}")
    assert kind(s) == "Rescue"
    s.apply("hut:0")
    assert kind(s) == "Rescue"
    s.apply("hut:1")
    assert kind(s) == "Fight"
    s.apply("fight:fire")
    assert kind(s) == "Fight"
    s.apply("done")
    assert kind(s) == "Turn" and "end_turn" in keys(s)
