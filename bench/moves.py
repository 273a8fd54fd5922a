"""Moves through the runtime: N concurrent Goofspiel matches on SQLite or PostgreSQL.

Closed loop (the default): simulated players bid as fast as the runtime takes
them. Open loop (``--rate``): moves are offered at a fixed rate, spread over
the matches, as real players press at their own pace; what matters there is
the latency each move sees, not the throughput.

Reports moves/s, latency from action to committed (``submit`` returns after
the commit) as p50/p99/max, how many steps the writer put in each transaction,
the process's CPU time per move (all threads: the figure that holds still on a
busy machine), RSS per match, and, in the same run on the same database, the
rate of bare one-row-commit transactions (the ceiling, measured before and
after the moves and averaged: it wanders with whatever else the machine is
doing) and the ratio between the two. As the bot does once started, the
runtime's heap is settled after start-up (bot.runtime.heap: frozen, young
collections spaced out); ``--no-settle`` leaves it alone.

    python -m bench.moves [--matches 100 1000] [--auctions 6]
    python -m bench.moves --matches 1000 --rate 200 --seconds 20
    python -m bench.moves --database-url postgresql+asyncpg://user@host/db
    python -m bench.moves --matches 1000 --observe both

``--observe on`` runs with what an operator turns on: Prometheus metrics (a
registry of the runtime's own, scraped once a second, as a busy Prometheus
would) and JSON log lines (to /dev/null, at INFO). ``both`` runs off, on, off,
on in the same process and prints the ratio of the on runs' moves/s to the off
runs' (issue 20 asks that it stay above 0.95 at 1,000 matches).

``--explain`` takes the slowest moves (p99 and above) apart: where their time
went (before the writer, queued, the connection, statements, COMMIT, the hops
to aiosqlite's thread), and the collections and loop stalls that overlapped
them (bench/explain.py).

A PostgreSQL URL names the server: each run gets a scratch database on it,
dropped afterwards. Without a URL each run gets a SQLite file in a temp folder.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import resource
import time
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy.engine import make_url

from bench.databases import bare_commit_rate, scratch_database
from bench.explain import Explain
from bot.config import LogSettings
from bot.demo.goofspiel import PLAYER as goofspiel_player
from bot.ops.logs import configure
from bot.ops.metrics import Metrics
from bot.runtime import MatchRuntime, heap
from games import Notice
from storage import make_engine, make_sessionmaker
from storage.records import MatchRecord, NewMatch, PlayerRecord


class CountingPort:
    def __init__(self) -> None:
        self.messages = 0

    async def deliver(self, match: MatchRecord, target: str, notices: list[Notice]) -> None:
        self.messages += 1


def rss_mib() -> float:
    # ru_maxrss is the peak in KiB on Linux; current RSS comes from /proc.
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * resource.getpagesize() / 2**20
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# -- the runs ---------------------------------------------------------------------------


@dataclass
class Figures:
    moves: int
    seconds: float
    latencies_ms: list[float]
    batches: Counter[int]
    rss_kib_per_match: float
    ceiling: float = 0.0  # bare one-row commits per second, same run
    cpu_seconds: float = 0.0  # the process's CPU time (every thread) while the moves ran

    @property
    def moves_per_s(self) -> float:
        return self.moves / self.seconds

    def percentile(self, q: float) -> float:
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    @property
    def ratio(self) -> float:
        return self.moves_per_s / self.ceiling

    def latency(self) -> str:
        return (
            f"p50 {self.percentile(0.5):7.2f} ms  p99 {self.percentile(0.99):7.2f} ms  "
            f"max {max(self.latencies_ms):7.2f} ms"
        )


def batch_summary(batches: Counter[int]) -> str:
    """How many steps each transaction held: the mean, and steps by batch size."""
    steps = sum(size * n for size, n in batches.items())
    if not steps:
        return "no batches"
    bands = [(1, 1), (2, 9), (10, 99), (100, 999), (1000, 10**9)]
    shares = []
    for low, high in bands:
        share = sum(size * n for size, n in batches.items() if low <= size <= high) / steps
        if share:
            label = str(low) if low == high else f"{low}+" if high > 10**6 else f"{low}-{high}"
            shares.append(f"{label}: {share:.1%}")
    count = sum(batches.values())
    return (
        f"{count} transactions, {steps / count:.1f} steps each on average, "
        f"max {max(batches)}; steps in batches of {', '.join(shares)}"
    )


CONFIG = {"move_seconds": 3600}


async def _started_matches(runtime: MatchRuntime, matches: int) -> list[int]:
    ids = []
    for i in range(matches):
        players = [PlayerRecord(seat=0, user_id=2 * i), PlayerRecord(seat=1, user_id=2 * i + 1)]
        record = await runtime.create(
            # An hour a bid: on a loaded machine the last match is started (and the
            # first bids sent) minutes after the first, whose 90 s would run out.
            NewMatch(guild_id=1, game="goofspiel", config=CONFIG, seed=i, players=players)
        )
        await runtime.start(record.id)
        ids.append(record.id)
    await runtime.flush()
    return ids


#: Set by --explain: every move timed phase by phase (bench/explain.py).
EXPLAIN: Explain | None = None


async def _move(runtime: MatchRuntime, match_id: int, rng: random.Random) -> float | None:
    """One bid by a seat the match waits on; its latency in ms (None: nothing to do)."""
    seats = sorted(await runtime.to_act(match_id))
    if not seats:
        return None
    seat = seats[0]
    view: dict[str, Any] = await runtime.view(match_id, seat)
    bid = goofspiel_player(view, seat, rng) or "pass"
    timed = EXPLAIN and EXPLAIN.move(match_id)
    started = time.perf_counter()
    await runtime.submit_text(match_id, seat, bid)
    ended = time.perf_counter()
    if timed:
        timed.ended = ended
    return (ended - started) * 1000


async def closed_loop(runtime: MatchRuntime, ids: Sequence[int], auctions: int) -> list[float]:
    latencies: list[float] = []

    async def play(match_id: int) -> None:
        rng = random.Random(match_id)
        for _ in range(auctions * 2):  # two bids an auction
            if (ms := await _move(runtime, match_id, rng)) is not None:
                latencies.append(ms)

    await asyncio.gather(*(play(m) for m in ids))
    return latencies


async def open_loop(
    runtime: MatchRuntime, ids: Sequence[int], rate: float, seconds: float
) -> list[float]:
    """Offer ``rate`` moves a second, each to a match picked at random among those
    not already waiting on a move of theirs, for ``seconds``."""
    loop = asyncio.get_running_loop()
    rng = random.Random(1)
    idle = list(ids)
    latencies: list[float] = []
    moving: set[asyncio.Task[None]] = set()

    async def one(match_id: int) -> None:
        if (ms := await _move(runtime, match_id, rng)) is not None:
            latencies.append(ms)
        idle.append(match_id)

    started = loop.time()
    for n in range(int(rate * seconds)):
        await asyncio.sleep(max(0.0, started + n / rate - loop.time()))
        if not idle:
            continue  # every match busy: this offer is dropped (and shows in moves/s)
        match_id = idle.pop(rng.randrange(len(idle)))
        task = asyncio.create_task(one(match_id))
        moving.add(task)
        task.add_done_callback(moving.discard)
    await asyncio.gather(*moving)
    return latencies


@asynccontextmanager
async def observed(metrics: Metrics | None, sessions: Any) -> AsyncIterator[None]:
    """While the moves run: with metrics, a scrape every second (as Prometheus),
    and the log as JSON lines at INFO (to nowhere, so the disk does not count)."""
    if metrics is None:
        yield
        return
    root = logging.getLogger()
    level = root.level
    with open(os.devnull, "w") as nowhere:  # noqa: ASYNC230 (opening /dev/null)
        handler = configure(LogSettings(format="json"), stream=nowhere)
        try:
            async with _scraping(metrics, sessions):
                yield
        finally:
            root.removeHandler(handler)
            root.setLevel(level)


@asynccontextmanager
async def explained(runtime: MatchRuntime) -> AsyncIterator[None]:
    if EXPLAIN is None:
        yield
        return
    with EXPLAIN.watching(runtime.writer):
        yield


@asynccontextmanager
async def _scraping(metrics: Metrics, sessions: Any) -> AsyncIterator[None]:
    async def scrape() -> None:
        while True:
            await asyncio.sleep(1.0)
            await metrics.refresh(sessions)
            metrics.exposition()

    scraper = asyncio.create_task(scrape())
    try:
        yield
    finally:
        scraper.cancel()
        await asyncio.gather(scraper, return_exceptions=True)


async def run(
    args: argparse.Namespace, url: str, matches: int, *, observe: bool = False
) -> Figures:
    ceiling_before = await bare_commit_rate(url, concurrency=min(matches, 64), total=4000)
    engine = make_engine(url)
    sessions = make_sessionmaker(engine)
    metrics = Metrics() if observe else None
    runtime = MatchRuntime(sessions, CountingPort(), checkpoint_seconds=5, metrics=metrics)
    await runtime.start_up()
    if args.settle:
        heap.settle()
    rss_before = rss_mib()
    ids = await _started_matches(runtime, matches)
    rss_after = rss_mib()
    runtime.writer.batch_sizes.clear()
    started, cpu = time.perf_counter(), time.process_time()
    async with observed(metrics, sessions), explained(runtime):
        if args.rate is None:
            latencies = await closed_loop(runtime, ids, args.auctions)
        else:
            latencies = await open_loop(runtime, ids, args.rate, args.seconds)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    batches = Counter(runtime.writer.batch_sizes)
    await runtime.flush()
    await runtime.shut_down()
    await engine.dispose()
    rss = (rss_after - rss_before) * 1024 / matches
    ceiling_after = await bare_commit_rate(url, concurrency=min(matches, 64), total=4000)
    ceiling = (ceiling_before + ceiling_after) / 2
    return Figures(len(latencies), elapsed, latencies, batches, rss, ceiling, cpu)


async def main(args: argparse.Namespace) -> None:
    if args.observe == "both":
        for matches in args.matches:
            await compare_observed(args, matches)
        return
    for matches in args.matches:
        async with scratch_database(args.database_url) as url:
            figures = await run(args, url, matches, observe=args.observe == "on")
        backend = make_url(url).get_backend_name()
        if args.rate is None:
            mode, ratio = "closed loop", f"ratio {figures.ratio:.2f}"
        else:  # the offered rate, not the ceiling, bounds an open loop
            mode, ratio = f"open loop, {args.rate:g} moves/s offered", "(no ratio: open loop)"
        print(
            f"moves ({backend}, {mode}): {matches:5d} matches  {figures.moves:6d} moves  "
            f"{figures.moves_per_s:7.0f} moves/s  |  bare commits {figures.ceiling:6.0f}/s  {ratio}"
        )
        print(f"  action -> commit: {figures.latency()}")
        print(f"  writer: {batch_summary(figures.batches)}")
        print(
            f"  CPU {figures.cpu_seconds / figures.moves * 1e6:6.0f} µs/move (process, all threads)"
        )
        print(f"  RSS {figures.rss_kib_per_match:6.1f} KiB/match")
        if EXPLAIN is not None:
            print(EXPLAIN.report())
            EXPLAIN.__init__()  # type: ignore[misc]


async def compare_observed(args: argparse.Namespace, matches: int) -> None:
    """Off, on, off, on, each on a fresh database: the same run, alternated so a
    machine getting busier or quieter weighs on both alike."""
    rates: dict[bool, list[float]] = {False: [], True: []}
    cpu: dict[bool, list[float]] = {False: [], True: []}  # CPU µs per move
    for observe in (False, True, False, True):
        async with scratch_database(args.database_url) as url:
            figures = await run(args, url, matches, observe=observe)
        rates[observe].append(figures.moves_per_s)
        cpu[observe].append(figures.cpu_seconds / figures.moves * 1e6)
        shown = "on " if observe else "off"
        print(
            f"observe {shown}: {matches:5d} matches  {figures.moves_per_s:7.0f} moves/s  "
            f"{cpu[observe][-1]:6.0f} µs CPU/move  p50 {figures.percentile(0.5):7.2f} ms  "
            f"p99 {figures.percentile(0.99):7.2f} ms"
        )
    off, on = (sum(rates[k]) / len(rates[k]) for k in (False, True))
    print(f"  metrics and JSON logs on / off: {on:.0f} / {off:.0f} moves/s = {on / off:.3f}")
    # On a shared machine moves/s follows the neighbours; CPU per move much less so.
    off, on = (sum(cpu[k]) / len(cpu[k]) for k in (False, True))
    print(f"  CPU per move on / off: {on:.0f} / {off:.0f} µs = {on / off:.3f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--auctions", type=int, default=6, help="auctions each match plays")
    parser.add_argument("--database-url", help="SQLAlchemy URL (PostgreSQL: the server)")
    parser.add_argument("--rate", type=float, help="open loop: moves offered per second")
    parser.add_argument("--seconds", type=float, default=20.0, help="open loop: how long")
    parser.add_argument(
        "--observe", choices=["off", "on", "both"], default="off",
        help="metrics and JSON logs: off, on, or both in the same run (the ratio)",
    )  # fmt: skip
    parser.add_argument(
        "--no-settle", dest="settle", action="store_false", help="leave the heap unfrozen"
    )
    parser.add_argument("--explain", action="store_true", help="take the p99 moves apart")
    arguments = parser.parse_args()
    EXPLAIN = Explain() if arguments.explain else None
    asyncio.run(main(arguments))
