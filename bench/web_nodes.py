"""The processes bench/web.py starts: a web server in one of the deployments,
and a batch of spectators.

    python -m bench.web_nodes serve --db URL --role bot|alone|shard --streams N
    python -m bench.web_nodes watch --url EVENTS_URL --count N

Both talk to the bench over stdin/stdout, one line per command or answer.
``serve`` prints ``url <base>`` once listening; as ``bot`` it hosts the match
(prints ``match <id> <watch url>``) and makes a move on each ``move`` line
(answering ``moved <wall time before the submit> <room row ids>``). ``watch``
prints ``connected`` once every stream has the match's status, and on ``stop``
prints one JSON line: every message event received, ``[row id, wall time]``.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import resource
import sys
import time
from collections.abc import Awaitable, Callable

import aiohttp
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.runtime import ListDelivery, ManualTime, MatchRuntime, Scheduler
from bot.runtime.delivery import DeliveryPort
from bot.web import Limits, WebServer
from storage import make_engine, make_sessionmaker
from storage.records import NewMatch, PlayerRecord
from storage.web import WebRepository

Sessions = async_sessionmaker[AsyncSession]
GUILD = 1  # the match's server; a shard that does not own it serves it "elsewhere"


def more_files() -> None:
    """A thousand sockets need more descriptors than the usual soft limit of 1,024."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


class Mover:
    """Makes a match's moves through its runtime, noting when each room row's move
    was submitted (its commit is part of the latency measured)."""

    def __init__(self, runtime: MatchRuntime, sessions: Sessions) -> None:
        self.runtime = runtime
        self._sessions = sessions
        self.match_id = 0
        self._seat = 0
        self._last = 0

    async def start_match(self) -> int:
        players = [PlayerRecord(seat=0, user_id=1), PlayerRecord(seat=1, user_id=2)]
        new = NewMatch(guild_id=GUILD, game="goofspiel", config={}, seed=3, players=players)
        self.match_id = (await self.runtime.create(new)).id
        await self.runtime.start(self.match_id)
        await self.runtime.flush()
        self._last = await self._room_head()
        return self.match_id

    async def move(self) -> tuple[float, list[int]]:
        """One bid (a pass), alternating seats: each adds one room row."""
        submitted = time.time()
        await self.runtime.submit_text(self.match_id, self._seat, "pass")
        self._seat = 1 - self._seat
        async with self._sessions() as session:
            rows = await WebRepository(session).room_messages(self.match_id, after_id=self._last)
        if rows:
            self._last = rows[-1].id
        return submitted, [r.id for r in rows]

    async def _room_head(self) -> int:
        async with self._sessions() as session:
            rows = await WebRepository(session).room_messages(self.match_id, limit=1000)
        return rows[-1].id if rows else 0


def runtime_for(sessions: Sessions, port: DeliveryPort) -> MatchRuntime:
    scheduler = Scheduler(ManualTime(), auto=False)  # no timers: only the bench's moves
    return MatchRuntime(sessions, port, scheduler=scheduler, checkpoint_seconds=0)


async def lines() -> Callable[[], Awaitable[str]]:
    """stdin, line by line, without blocking the loop."""
    reader = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)

    async def read() -> str:
        return (await reader.readline()).decode().strip()

    return read


def say(*words: object) -> None:
    print(*words, flush=True)


async def serve(db: str, role: str, streams: int) -> None:
    more_files()
    engine = make_engine(db)
    sessions = make_sessionmaker(engine)
    # The per-client limits lifted: every spectator comes from 127.0.0.1 here.
    limits = Limits(
        burst=10 * streams, per_second=10.0 * streams, streams_per_client=streams + 10,
        streams_total=streams + 10,
    )  # fmt: skip
    server = WebServer(sessions, port=0, limits=limits)
    runtime = None
    if role != "alone":  # the bot's process: its runtime's delivery feeds the pages
        runtime = runtime_for(sessions, server.wrap(ListDelivery()))
        # A shard that does not own the match's server serves its page all the same.
        await runtime.start_up(owns_guild=lambda guild: role == "bot" or guild != GUILD)
    await server.start()
    say("url", server.url)
    read = await lines()
    mover = None
    if role == "bot" and runtime is not None:
        mover = Mover(runtime, sessions)
        match_id = await mover.start_match()
        say("match", match_id, await server.links.watch_url(match_id))
    try:
        while (command := await read()) not in ("", "quit"):
            if command == "move" and mover is not None:
                submitted, ids = await mover.move()
                say("moved", submitted, *ids)
    finally:
        if runtime is not None:
            await runtime.shut_down()
        await server.stop()
        await engine.dispose()


async def watch(url: str, count: int) -> None:
    more_files()
    received: list[list[float]] = []
    connected = 0
    all_connected = asyncio.Event()

    async def follow(http: aiohttp.ClientSession) -> None:
        nonlocal connected
        async with http.get(url) as response:
            response.raise_for_status()
            first = True
            event_id = 0
            async for line in response.content:
                if line.startswith(b"id: "):
                    event_id = int(line[4:])
                elif line.startswith(b"data: ") and event_id:
                    received.append([event_id, time.time()])
                    event_id = 0
                elif line.startswith(b"event: status") and first:
                    first = False
                    connected += 1
                    if connected == count:
                        all_connected.set()

    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    async with aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(limit=0), timeout=timeout
    ) as http:
        tasks = []
        # In waves (100 a second per process): the listen backlog is finite, and each
        # stream's opening reads its link's token from the database.
        for start in range(0, count, 10):
            tasks += [asyncio.create_task(follow(http)) for _ in range(min(10, count - start))]
            await asyncio.sleep(0.1)
        await all_connected.wait()
        say("connected")
        read = await lines()
        while await read() not in ("", "stop"):
            pass
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    say(json.dumps(received))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    server = commands.add_parser("serve")
    server.add_argument("--db", required=True)
    server.add_argument("--role", choices=["bot", "alone", "shard"], required=True)
    server.add_argument("--streams", type=int, required=True)
    clients = commands.add_parser("watch")
    clients.add_argument("--url", required=True)
    clients.add_argument("--count", type=int, required=True)
    args = parser.parse_args()
    if args.command == "serve" and (profile := os.environ.get("BENCH_WEB_PROFILE")):
        # Where the server's CPU goes (its event loop's thread only, CPU not wall).
        profiler = cProfile.Profile(time.thread_time)
        profiler.runcall(asyncio.run, serve(args.db, args.role, args.streams))
        profiler.dump_stats(profile)
    elif args.command == "serve":
        asyncio.run(serve(args.db, args.role, args.streams))
    else:
        asyncio.run(watch(args.url, args.count))


if __name__ == "__main__":
    main()
