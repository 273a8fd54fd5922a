"""Moves through the runtime: N concurrent Goofspiel matches on a SQLite file.

Simulated players bid as fast as the runtime takes them. Reports moves/s,
p50/p99 latency from action to committed (``submit`` returns after commit),
RSS per match, and, in the same run on the same database, the rate of bare
one-row-commit transactions (the ceiling) and the ratio between the two.

    python -m bench.moves [--matches 100 1000] [--auctions 6]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import resource
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import text

from bot.demo.goofspiel import goofspiel as goofspiel_player
from bot.runtime import MatchRuntime
from games import Notice
from storage import make_engine, make_sessionmaker, upgrade
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


async def bare_commit_rate(url: str, concurrency: int, total: int) -> float:
    """One-row INSERT + COMMIT transactions, ``concurrency`` at a time: the ceiling."""
    engine = make_engine(url)
    sessions = make_sessionmaker(engine)
    async with engine.begin() as conn:
        await conn.execute(
            text("CREATE TABLE IF NOT EXISTS bench_rows (id INTEGER PRIMARY KEY, v TEXT)")
        )
    per_worker = total // concurrency

    async def worker() -> None:
        for _ in range(per_worker):
            async with sessions.begin() as session:
                await session.execute(text("INSERT INTO bench_rows (v) VALUES ('x')"))

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    elapsed = time.perf_counter() - started
    await engine.dispose()
    return per_worker * concurrency / elapsed


async def play(
    runtime: MatchRuntime, match_id: int, auctions: int, latencies: list[float], seed: int
) -> int:
    rng = random.Random(seed)
    moves = 0
    for _ in range(auctions):
        for seat in sorted(await runtime.to_act(match_id)):
            view: dict[str, Any] = await runtime.view(match_id, seat)
            bid = goofspiel_player(view, seat, rng) or "pass"
            started = time.perf_counter()
            await runtime.submit_text(match_id, seat, bid)
            latencies.append((time.perf_counter() - started) * 1000)
            moves += 1
    return moves


async def run(matches: int, auctions: int, url: str) -> dict[str, float]:
    engine = make_engine(url)
    port = CountingPort()
    runtime = MatchRuntime(make_sessionmaker(engine), port, checkpoint_seconds=5)
    await runtime.start_up()
    rss_before = rss_mib()
    ids = []
    for i in range(matches):
        players = [PlayerRecord(seat=0, user_id=2 * i), PlayerRecord(seat=1, user_id=2 * i + 1)]
        record = await runtime.create(
            NewMatch(guild_id=1, game="goofspiel", config={}, seed=i, players=players)
        )
        await runtime.start(record.id)
        ids.append(record.id)
    await runtime.flush()
    rss_after = rss_mib()
    latencies: list[float] = []
    started = time.perf_counter()
    counts = await asyncio.gather(*(play(runtime, m, auctions, latencies, m) for m in ids))
    elapsed = time.perf_counter() - started
    await runtime.flush()
    await runtime.shut_down()
    await engine.dispose()
    latencies.sort()
    return {
        "moves": sum(counts),
        "moves_per_s": sum(counts) / elapsed,
        "p50_ms": latencies[len(latencies) // 2],
        "p99_ms": latencies[int(len(latencies) * 0.99)],
        "rss_kib_per_match": (rss_after - rss_before) * 1024 / matches,
    }


async def main(sizes: list[int], auctions: int) -> None:
    for matches in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            url = f"sqlite+aiosqlite:///{tmp}/bench.db"
            await upgrade(url)
            figures = await run(matches, auctions, url)
            ceiling = await bare_commit_rate(url, concurrency=min(matches, 64), total=4000)
        print(
            f"moves: {matches:5d} matches  {figures['moves']:6.0f} moves  "
            f"{figures['moves_per_s']:7.0f} moves/s  p50 {figures['p50_ms']:6.2f} ms  "
            f"p99 {figures['p99_ms']:7.2f} ms  "
            f"RSS {figures['rss_kib_per_match']:6.1f} KiB/match  |  "
            f"bare commits {ceiling:6.0f}/s  ratio {figures['moves_per_s'] / ceiling:.2f}"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--auctions", type=int, default=6, help="auctions each match plays")
    args = parser.parse_args()
    asyncio.run(main(args.matches, args.auctions))
