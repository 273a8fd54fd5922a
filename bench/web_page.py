"""The match page: how long a finished match's page takes to answer.

A Rune Breaker match is played to its end by the built-in players (its room
messages carry the largest notices: whole boards), then its room is copied
message by message, each with its event, until the match has ``--steps`` room
messages (300 by default). The page (``GET /watch/<token>``) is then asked for
``--repeat`` times by a client in this process, against the real server on a
SQLite file; goal: ≤ 200 ms each. Also timed: a chunk of step texts (``GET
/watch/<token>/steps/<row>``), drawn cold (each chunk once) and warm (again,
from the renderer's cache), which the page asks for as a reader reaches it.

    python -m bench.web_page [--steps 300] [--repeat 50]

Times are the wall time of each request as the client saw it and the process's
CPU time per request (server and client together, on one core).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from datetime import timedelta
from pathlib import Path

import aiohttp
from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.demo.match import play_match
from bot.runtime import ListDelivery, ManualTime, MatchRuntime, Scheduler
from bot.web import Limits, WebServer
from bot.web.match_page import CHUNK
from storage import make_engine, make_sessionmaker, upgrade
from storage.tables import EventRow, OutboxRow

GOAL_SECONDS = 0.2


async def _played(sessions: async_sessionmaker[AsyncSession], steps: int) -> int:
    """A finished match with ``steps`` room messages: its own, then copies."""
    runtime = MatchRuntime(
        sessions, ListDelivery(), scheduler=Scheduler(ManualTime(), auto=False),
        checkpoint_seconds=0,
    )  # fmt: skip
    await runtime.start_up()
    record = await play_match(runtime, "runebreaker", 7, {"variant": "classic"})
    await runtime.shut_down()
    async with sessions.begin() as session:
        rows = list(
            await session.scalars(
                select(OutboxRow)
                .where(OutboxRow.match_id == record.id, OutboxRow.target == "public")
                .order_by(OutboxRow.id)
            )
        )
        seq = len(
            list(await session.scalars(select(EventRow.seq).where(EventRow.match_id == record.id)))
        )
        clock, at = record.clock_ms, rows[-1].created_at
        for n in range(steps - len(rows)):
            row = rows[n % len(rows)]
            # As a step writes them: the message and its event at one time.
            seq, clock, at = seq + 1, clock + 1000, at + timedelta(seconds=1)
            await session.execute(
                insert(EventRow).values(
                    match_id=record.id, seq=seq, kind="host", actor="host",
                    payload={"command": "copy"}, now_ms=clock, created_at=at,
                )
            )  # fmt: skip
            await session.execute(
                insert(OutboxRow).values(
                    match_id=record.id, target="public", notices=row.notices, delivered=True,
                    created_at=at,
                )
            )  # fmt: skip
    return record.id


async def _timed(http: aiohttp.ClientSession, url: str) -> tuple[float, float, int]:
    wall, cpu = time.perf_counter(), time.process_time()
    async with http.get(url) as response:
        body = await response.read()
        assert response.status == 200, (url, response.status)
    return time.perf_counter() - wall, time.process_time() - cpu, len(body)


def _line(what: str, walls: list[float], cpus: list[float]) -> str:
    walls = sorted(walls)
    p95 = walls[min(len(walls) - 1, int(len(walls) * 0.95))]
    return (
        f"{what}: wall median {statistics.median(walls) * 1000:.1f} ms, "
        f"p95 {p95 * 1000:.1f} ms, max {walls[-1] * 1000:.1f} ms; "
        f"CPU median {statistics.median(cpus) * 1000:.1f} ms (n={len(walls)})"
    )


async def run(steps: int, repeat: int, folder: Path) -> bool:
    url = f"sqlite+aiosqlite:///{folder / 'page.db'}"
    await upgrade(url)
    engine = make_engine(url)
    # One client asks for everything: the per-client request budget would refuse it.
    roomy = Limits(burst=10**6, per_second=10**6)
    server = WebServer(make_sessionmaker(engine), port=0, limits=roomy)
    try:
        match_id = await _played(make_sessionmaker(engine), steps)
        await server.start()
        page = await server.links.watch_url(match_id)
        async with aiohttp.ClientSession() as http:
            await _timed(http, page)  # the first request warms the connection
            timed = [await _timed(http, page) for _ in range(repeat)]
            walls, cpus = [t[0] for t in timed], [t[1] for t in timed]
            print(f"page of {steps} steps, {timed[0][2]} bytes")
            print(_line("  page", walls, cpus))
            async with server.context.sessions() as session:
                ids = list(
                    await session.scalars(
                        select(OutboxRow.id)
                        .where(OutboxRow.match_id == match_id, OutboxRow.target == "public")
                        .order_by(OutboxRow.id)
                    )
                )
            firsts = ids[::CHUNK][:8]
            for label in ("cold", "warm"):
                chunks = [await _timed(http, f"{page}/steps/{first}") for first in firsts]
                print(
                    _line(
                        f"  {CHUNK} step texts, {label}",
                        [c[0] for c in chunks],
                        [c[1] for c in chunks],
                    )
                )
        median = statistics.median(walls)
        verdict = "meets" if median <= GOAL_SECONDS else "MISSES"
        print(f"  ({verdict} the {GOAL_SECONDS * 1000:.0f} ms goal for the page)")
        return median <= GOAL_SECONDS
    finally:
        await server.stop()
        await engine.dispose()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="genius-page-") as tmp:
        return 0 if asyncio.run(run(args.steps, args.repeat, Path(tmp))) else 1


if __name__ == "__main__":
    raise SystemExit(main())
