"""The hub wakes a table's seats at once and its spectators a batch per turn of the event loop,
so that a table watched by hundreds stalls no other table (docs/measurements.md, issue 24 §5)."""
from __future__ import annotations

import asyncio

from ludoteka.server.hub import WAKE_AT_ONCE, Hub, Watcher


def test_spectators_are_woken_a_batch_per_turn_of_the_event_loop_and_seats_at_once():
    async def run() -> list[int]:
        hub = Hub()
        seats = [Watcher(seat, 0) for seat in range(2)]
        spectators = [Watcher(None, 0) for _ in range(3 * WAKE_AT_ONCE + 1)]
        for watcher in seats + spectators:
            hub.watch("t", watcher)
        hub.wake_local("t")
        assert all(w.wake.is_set() for w in seats)
        woken = []
        for _ in range(6):
            woken.append(sum(w.wake.is_set() for w in spectators))
            await asyncio.sleep(0)
        return woken
    assert asyncio.run(run()) == [WAKE_AT_ONCE, 2 * WAKE_AT_ONCE, 3 * WAKE_AT_ONCE] + [3 * WAKE_AT_ONCE + 1] * 3
