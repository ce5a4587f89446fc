"""Hints at a table (issue 26 §2, docs/server.md "Hints"): the table's `hints` setting (its
default by the human seats, its checks, a rated table has none), the hint endpoint's refusals
(spectator 403, hints off / stale / not deciding 409, one in flight 429), its answer, its cache,
and that an answer holds nothing the seat may not see."""
from __future__ import annotations

import asyncio

import httpx
import pytest

from ludoteka import registry
from ludoteka.server.hints import Hints, hint_answer, hint_in_worker, hints_setting
from ludoteka.server.live import ApiError, LiveTable

from ai.test_analyse import (KINGSBURG, MESSINA, NOTRE_DAME, _kingsburg_hidden_twin, _messina_hidden_twin,
                             _notre_dame_hidden_twin, played)
from .accounts_kit import Browser

rule = pytest.mark.rule


def _post(url: str, path: str, token: str | None = None, **body) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.post(url + path, json=body, headers=headers, timeout=120)


def _new(url: str, game: str, seats: list[str], **extra) -> httpx.Response:
    return _post(url, "/api/tables", game=game, players=len(seats), seats=seats, **extra)


# ------------------------------------------------------------------ the table setting, by HTTP
def test_hints_default_by_human_seats_can_be_chosen_and_show_in_the_frame(start_server, sqlite_url):
    server = start_server(sqlite_url, "--hint-budget", "10")
    url = server.url
    cases = [("messina-1347", ["human"], None, True), ("kingsburg", ["human", "ai:random"], None, True),
             ("kingsburg", ["ai:random", "open"], None, True), ("kingsburg", ["human", "human"], None, False),
             ("kingsburg", ["human", "open"], None, False), ("kingsburg", ["hotseat", "hotseat"], None, False),
             ("kingsburg", ["human", "human"], True, True), ("messina-1347", ["human"], False, False)]
    for game, seats, wanted, expected in cases:
        extra = {} if wanted is None else {"hints": wanted}
        made = _new(url, game, seats, **extra)
        assert made.status_code == 201, made.text
        assert made.json()["hints"] is expected, (game, seats, wanted)
        frame = httpx.get(f"{url}/api/tables/{made.json()['id']}", timeout=30).json()
        assert frame["hints"] is expected, (game, seats, wanted)
    for bad in ("yes", 1, 0, [True], {"on": True}):
        refused = _new(url, "messina-1347", ["human"], hints=bad)
        assert refused.status_code == 400 and "'hints' must be true or false" in refused.json()["error"]


def test_a_rated_table_has_no_hints_and_cannot_ask_for_them(start_server, sqlite_url):
    server = start_server(sqlite_url)
    anna = Browser(server.url)
    try:
        assert anna.sign_up("anna").status_code == 201
        body = {"game": "kingsburg", "players": 2, "seats": ["human", "open"], "rated": True}
        refused = anna.request("POST", "/api/tables", json={**body, "hints": True})
        assert refused.status_code == 400 and "rated table cannot have hints" in refused.json()["error"]
        made = anna.request("POST", "/api/tables", json=body)
        assert made.status_code == 201 and made.json()["hints"] is False
        with_off = anna.request("POST", "/api/tables", json={**body, "hints": False})
        assert with_off.status_code == 201 and with_off.json()["hints"] is False
    finally:
        anna.close()


def test_the_setting_rules_without_a_server():
    assert hints_setting(None, ["human", "ai:x"], False) is True
    assert hints_setting(None, ["human", "hotseat"], False) is False
    assert hints_setting(None, ["human", "open"], True) is False
    assert hints_setting(False, ["human", "open"], True) is False
    with pytest.raises(ApiError) as refused:
        hints_setting(True, ["human", "open"], True)
    assert refused.value.status == 400


# ------------------------------------------------------------------ the endpoint, by HTTP
def test_the_hint_endpoint_answers_the_deciding_seat_and_refuses_the_others(start_server, sqlite_url):
    server = start_server(sqlite_url, "--hint-budget", "15")
    url = server.url
    made = _new(url, "kingsburg", ["human", "ai:random"]).json()
    table, token = made["id"], made["seats"][0]["token"]
    frame = httpx.get(f"{url}/api/tables/{table}", headers={"Authorization": f"Bearer {token}"}, timeout=30).json()
    while not frame["actions"]:          # (the AI may decide first)
        frame = httpx.get(f"{url}/api/tables/{table}", headers={"Authorization": f"Bearer {token}"},
                          timeout=30).json()
    version = frame["version"]
    spectator = _post(url, f"/api/tables/{table}/hint", version=version)
    assert spectator.status_code == 403
    assert _post(url, f"/api/tables/{table}/hint", "not-a-token", version=version).status_code == 403
    stale = _post(url, f"/api/tables/{table}/hint", token, version=version + 5)
    assert stale.status_code == 409 and stale.json()["version"] == version and "stale" in stale.json()["error"]
    answer = _post(url, f"/api/tables/{table}/hint", token, version=version)
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    keys = [a["key"] for a in frame["actions"]]
    assert (hint["table"], hint["seat"], hint["version"], hint["budget"]) == (table, 0, version, 15)
    assert hint["estimate"] == "margin" and hint["suggested"] == hint["options"][0]["key"]
    assert hint["count"] == len(keys) and 1 <= len(hint["options"]) <= 5
    for option in hint["options"]:
        assert option["key"] in keys and option["label"]
        assert set(option) >= {"points", "spread", "share", "reasons"}
        assert all(set(r) == {"key", "text", "args"} and r["key"].startswith("ai.") for r in option["reasons"])
    assert _post(url, f"/api/tables/{table}/hint", token, version=version).json() == hint   # the cache

    off = _new(url, "kingsburg", ["human", "human"]).json()
    refused = _post(url, f"/api/tables/{off['id']}/hint", off["seats"][0]["token"], version=0)
    assert refused.status_code == 409 and refused.json()["error"] == "hints are off at this table"


# ------------------------------------------------------------------ in flight, cache (one process)
class GatedPool:
    """The AI pool's `run`, in this process, held until `gate` opens; counts the analyses."""

    def __init__(self):
        self.gate = asyncio.Event()
        self.calls = 0

    async def run(self, table: str, fn, *args):
        self.calls += 1
        await self.gate.wait()
        return fn(*args)


def _table(seats: list[str], hints: bool | None = None, game: str = "messina-1347") -> LiveTable:
    state = registry.game(game).new_state(len(seats), 4)
    row = {"id": "t1", "seats": str(seats).replace("'", '"'), "turn_seconds": None, "deadline": None,
           "hints": hints}
    return LiveTable(row, state, 0, {s: "h" for s in range(len(seats))})


def test_one_hint_in_flight_per_seat_then_the_cache_answers_without_thinking():
    async def main():
        pool = GatedPool()
        hints = Hints(pool, budget=8, cache_size=2)
        table = _table(["human"])
        first = asyncio.create_task(hints.hint(table, 0, 0))
        await asyncio.sleep(0)
        with pytest.raises(ApiError) as busy:
            await hints.hint(table, 0, 0)
        assert busy.value.status == 429
        pool.gate.set()
        answer = await first
        assert await hints.hint(table, 0, 0) is answer and pool.calls == 1      # asked twice: one analysis
        # The cache is bounded: two other versions push the first out, and it is thought again.
        for version in (1, 2):
            table.seq = version
            await hints.hint(table, 0, version)
        table.seq = 0
        await hints.hint(table, 0, 0)
        assert pool.calls == 4 and len(hints._cache) == 2
    asyncio.run(main())


def test_hints_off_stale_and_not_deciding_are_refused_with_the_version():
    async def main():
        pool = GatedPool()
        pool.gate.set()
        hints = Hints(pool, budget=8)
        for table, seat, version, words in [(_table(["human", "human"]), 0, 0, "hints are off"),
                                            (_table(["human"], hints=True), 0, 3, "stale version 3"),
                                            (_table(["human", "human"], hints=True), 1, 0, "no decision")]:
            with pytest.raises(ApiError) as refused:
                await hints.hint(table, seat, version)
            assert refused.value.status == 409 and words in str(refused.value)
            assert refused.value.extra["version"] == 0
        assert pool.calls == 0
    asyncio.run(main())


def test_the_worker_rebuilds_the_table_and_answers_as_in_the_server_process():
    state = played(MESSINA, 1, 3, 4)
    history = [(s, k) for s, k, _ in state.history()]
    answer = hint_in_worker("messina-1347", 1, state.seed, dict(state.options), history, state.to_act, 10)
    assert answer == hint_answer(state, state.to_act, 10)
    assert answer["estimate"] == "score"


# ------------------------------------------------------------------ nothing hidden
@rule("HID-1", "HID-2", "HID-5", "ND-5.3", "ND-6.4", "KB-3.10")
@pytest.mark.parametrize("game, players, steps, twin, budget", [
    (MESSINA, 2, 12, _messina_hidden_twin, 30),
    (NOTRE_DAME, 3, 2, _notre_dame_hidden_twin, 10),
    (KINGSBURG, 3, 6, _kingsburg_hidden_twin, 30),
], ids=["messina", "notre-dame", "kingsburg"])
def test_a_hint_is_the_same_for_states_that_differ_only_in_hidden_information(game, players, steps, twin, budget):
    # The twin has other hidden cards and another game seed (what decides every hidden draw): the
    # hint's search seed must come from public things only.
    state = played(game, players, 5, steps)
    seat = state.to_act
    other = twin(state)
    other.seed = state.seed + 1
    assert other.to_json() != state.to_json() and other.view(seat) == state.view(seat)
    assert hint_answer(state, seat, budget) == hint_answer(other, seat, budget)
