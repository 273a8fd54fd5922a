"""Is a server's history page fast with many matches? ``--matches`` finished,
published matches of one server (plus as many of another server, which the
page must skip) are written to a fresh database as the bot writes them, then
the page is asked for ``--requests`` times for each view: everything, one
game, one season, one player, and the last page. Printed per view: the server's
answer time (median, p95) and the CPU per request of this one process (the
server and its client both: an upper bound on the server's own).

    python -m bench.history [--matches 1000] [--requests 30] [--database URL]

Without ``--database`` the database is SQLite in a temporary folder; a
PostgreSQL URL (an empty database of its own) measures that backend.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiohttp

from storage.db import make_engine, make_sessionmaker, upgrade
from storage.history import HistoryEntry, HistoryRepository, HistorySeat
from storage.records import MatchStatus, NewMatch, PlayerRecord
from storage.repository import MatchRepository

GAMES = ("goofspiel", "expression", "decoder", "runebreaker", "logical_horror")
PLAYERS = 40  # people who take turns playing: a busy community
GUILD, OTHER = 1, 2


async def fill(url: str, matches: int) -> None:
    engine = make_engine(url)
    sessions = make_sessionmaker(engine)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    try:
        for guild in (GUILD, OTHER):
            async with sessions.begin() as session:
                repository, history = MatchRepository(session), HistoryRepository(session)
                for n in range(matches):
                    a, b = n % PLAYERS, (n * 7 + 1) % PLAYERS
                    b = (b + 1) % PLAYERS if a == b else b
                    new = NewMatch(
                        guild_id=guild, game=GAMES[n % 5], config={}, seed=n,
                        players=[PlayerRecord(seat=0, user_id=a), PlayerRecord(seat=1, user_id=b)],
                    )  # fmt: skip
                    match = await repository.create(new, status=MatchStatus.FINISHED)
                    seats = (HistorySeat(0, a, f"Player {a}"), HistorySeat(1, b, f"Player {b}"))
                    entry = HistoryEntry(
                        match_id=match.id, guild_id=guild, game=new.game,
                        season=f"Season {n * 4 // matches + 1}",
                        ended_at=start + timedelta(hours=n), length_ms=1_000 * (600 + n),
                        winner=None if n % 9 == 0 else n % 2,
                        reason="seat 0 has more points than seat 1", published=True, seats=seats,
                    )  # fmt: skip
                    await history.add(entry)
    finally:
        await engine.dispose()


async def measure(url: str, requests: int, matches: int) -> None:
    from bot.web.guard import Limits
    from bot.web.server import WebServer

    engine = make_engine(url)
    # One client asks for every request: the per-client limits would throttle it.
    lifted = Limits(burst=1_000_000, per_second=1_000_000.0)
    server = WebServer(make_sessionmaker(engine), port=0, limits=lifted)
    await server.start()
    last = -(-matches // 50)
    views = {
        "everything": "",
        "one game": "?game=decoder",
        "one season": "?season=Season+2",
        "one player": "?player=Player+7",
        "last page": f"?page={last}",
    }
    try:
        link = await server.links.history_url(GUILD)
        async with aiohttp.ClientSession() as http:
            for name, query in views.items():
                times: list[float] = []
                cpu = time.process_time()
                for _ in range(requests):
                    started = time.perf_counter()
                    async with http.get(link + query) as response:
                        assert response.status == 200, await response.text()
                        size = len(await response.read())
                    times.append(time.perf_counter() - started)
                cpu = (time.process_time() - cpu) / requests
                times.sort()
                p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
                print(
                    f"{name:>11}: median {statistics.median(times) * 1000:6.1f} ms, "
                    f"p95 {p95 * 1000:6.1f} ms, CPU {cpu * 1000:6.1f} ms/request, "
                    f"{size / 1024:5.1f} KiB"
                )
    finally:
        await server.stop()
        await engine.dispose()


async def main(matches: int, requests: int, database: str | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = database or f"sqlite+aiosqlite:///{Path(folder) / 'history.db'}"
        await upgrade(url)
        began = time.perf_counter()
        await fill(url, matches)
        took = time.perf_counter() - began
        print(f"{matches:,} matches on each of 2 servers written in {took:.1f} s")
        await measure(url, requests, matches)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--database", help="a PostgreSQL URL (default: SQLite in a temp folder)")
    args = parser.parse_args()
    asyncio.run(main(args.matches, args.requests, args.database))
