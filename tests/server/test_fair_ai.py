"""The AI pool is shared fairly between tables (issue 24 §1): a table whose AI waits is served
before the tables served more recently, so one table's AI never delays another's by more than one
decision."""
from __future__ import annotations

import asyncio
import time

import httpx

import ludoteka
from ludoteka.server.ai_pool import AiPool
from server_kit import create


def _first_ai_move_seconds(url: str, seats: list[str], limit: float = 20) -> float:
    started = time.time()
    table = create(url, "kingsburg", seats)
    while time.time() - started < limit:
        if httpx.get(f"{url}/api/tables/{table['id']}").json()["version"] >= 1:
            return time.time() - started
        time.sleep(0.02)
    raise AssertionError(f"no AI move in {limit} s")


def test_busy_tables_delay_another_tables_first_ai_move_by_one_decision_at_most(start_server, sqlite_url):
    # One worker, four tables whose AI seats think up to 1 s a decision without pause (less when
    # a single action is legal). First in, first out, a new table's first move waits for the
    # decision running and the three queued (measured 3.7 to 4 s); served before the tables
    # served more recently, it waits for the running one alone (at most 1 s, plus the commit).
    server = start_server(sqlite_url, "--ai-workers", "1")
    assert _first_ai_move_seconds(server.url, ["ai:random", "ai:random"]) < 10     # the worker is up
    slow = "ai:ismcts:seconds=1"
    for _ in range(4):
        create(server.url, "kingsburg", [slow, slow])
    # Each slow table served once at least: none is new any more (a table never served would
    # rightly go before the new one too, having waited longer).
    time.sleep(4.5)
    waited = _first_ai_move_seconds(server.url, ["ai:random", "ai:random"])
    assert waited < 2.0, f"the new table's first AI move waited {waited:.2f} s behind the busy tables"


def test_the_fair_queue_serves_the_table_served_least_recently_first():
    from ludoteka.server.ai_pool import FairQueue

    async def run() -> list[str]:
        queue, order = FairQueue(1), []

        async def decide(table: str) -> None:
            await queue.acquire(table)
            order.append(table)
            await asyncio.sleep(0)
            queue.release(table)

        await queue.acquire("a")                  # a thinks; b, then a again, then c wait
        waiting = [asyncio.create_task(decide(t)) for t in ("b", "a", "c")]
        await asyncio.sleep(0)
        queue.release("a")
        await asyncio.gather(*waiting)
        return order
    # c, never served, goes before a, served just now; b waited first.
    assert asyncio.run(run()) == ["b", "c", "a"]


def test_a_worker_that_dies_while_idle_is_replaced():
    """A worker killed between decisions breaks the pool before the next decision is submitted:
    that decision fails, and the next one runs on new workers (not 'broken' forever)."""
    async def run() -> None:
        pool = AiPool(workers=1)
        state = ludoteka.game("kingsburg").new_state(2, 1)
        try:
            assert (await pool.choose(state, "random", 1, "t"))[1] in state.legal_keys()
            for process in list(pool._pool._processes.values()):
                process.kill()
                process.join()
            await asyncio.sleep(0.5)                 # the pool notices its dead worker
            try:
                await pool.choose(state, "random", 2, "t")
            except Exception:
                pass                                 # this decision may be lost (the table retries)
            seat, key = await pool.choose(state, "random", 3, "t")
            assert seat == state.to_act and key in state.legal_keys()
        finally:
            pool.close()
    asyncio.run(run())
