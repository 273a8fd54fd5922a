"""How late do armed deadlines fire? 10,000 timers on the runtime's scheduler,
beside the same 10,000 on bare ``loop.call_at`` (the floor) in the same run.

    python -m bench.timers [--count 10000] [--spread 3.0]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics

from bot.runtime import LoopTime, Scheduler


def _percentiles(lateness_ms: list[float]) -> str:
    ordered = sorted(lateness_ms)
    p = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return f"p50 {p(0.50):7.3f} ms   p99 {p(0.99):7.3f} ms   max {ordered[-1]:7.3f} ms"


async def _scheduler_run(count: int, spread: float, seed: int) -> list[float]:
    loop = asyncio.get_running_loop()
    scheduler = Scheduler(LoopTime())
    scheduler.start()
    rng = random.Random(seed)
    lateness: list[float] = []
    done = asyncio.Event()

    def make(when: float):  # type: ignore[no-untyped-def]
        async def fire() -> None:
            lateness.append((loop.time() - when) * 1000)
            if len(lateness) == count:
                done.set()

        return fire

    start = loop.time() + 0.5
    for _ in range(count):
        when = start + rng.uniform(0, spread)
        scheduler.call_at(when, make(when))
    await done.wait()
    await scheduler.stop()
    return lateness


async def _bare_run(count: int, spread: float, seed: int) -> list[float]:
    loop = asyncio.get_running_loop()
    rng = random.Random(seed)
    lateness: list[float] = []
    done = asyncio.Event()

    def fire(when: float) -> None:
        lateness.append((loop.time() - when) * 1000)
        if len(lateness) == count:
            done.set()

    start = loop.time() + 0.5
    for _ in range(count):
        when = start + rng.uniform(0, spread)
        loop.call_at(when, fire, when)
    await done.wait()
    return lateness


async def main(count: int, spread: float) -> None:
    bare = await _bare_run(count, spread, seed=1)
    ours = await _scheduler_run(count, spread, seed=1)
    print(f"timers: {count:,} deadlines spread over {spread:.1f} s")
    print(f"  bare loop.call_at (floor): {_percentiles(bare)}")
    print(f"  genius scheduler:          {_percentiles(ours)}")
    ratio = statistics.median(ours) / max(statistics.median(bare), 1e-6)
    print(f"  median lateness ratio scheduler/floor: {ratio:.1f}x")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--spread", type=float, default=3.0)
    args = parser.parse_args()
    asyncio.run(main(args.count, args.spread))
