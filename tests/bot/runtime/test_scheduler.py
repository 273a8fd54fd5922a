"""The timer heap: cancelled entries do not pile up, live ones fire in order."""

from __future__ import annotations

from bot.runtime import ManualTime, Scheduler
from bot.runtime.scheduler import Callback


async def test_cancelled_timers_are_dropped_not_carried() -> None:
    """Every move re-arms its match's timers: the ones it cancels must not stay in
    the heap (with the match they hold) until their time would have come."""
    scheduler = Scheduler(ManualTime(), auto=False)
    fired: list[int] = []

    def at(n: int) -> Callback:
        async def fire() -> None:
            fired.append(n)

        return fire

    keep = [scheduler.call_at(float(n), at(n)) for n in range(0, 1000, 10)]
    for n in range(1000):
        scheduler.call_at(500.0 + n, at(-1)).cancel()
    assert len(scheduler._heap) < 2 * len(keep) + 64
    assert scheduler.pending() == len(keep)
    keep[1].cancel()
    await scheduler.advance(2000)
    assert fired == [n for n in range(0, 1000, 10) if n != 10]
    assert scheduler.pending() == 0
