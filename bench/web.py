"""How fast does a live notice reach 1,000 spectators, in each deployment?

One live Goofspiel match, its moves made through the runtime at a steady pace;
``--streams`` spectators (aiohttp clients in ``--clients`` processes on this
machine) follow its page's event stream. Each notice's delay is counted from
the moment its move was submitted (so its commit is included) to the moment a
client read it, for every stream; printed per deployment: p50, p99 and max,
notices missed, the server's resident memory per open stream and its CPU per
notice. The deployments:

- ``in-bot-pg``: the page served by the bot hosting the match (pushed by the
  delivery), on PostgreSQL; ``in-bot-sqlite`` the same on SQLite;
- ``alone-pg`` / ``alone-sqlite``: ``genius-bot web`` alone, the match hosted by
  another process (NOTIFY on PostgreSQL, the quick poll on SQLite);
- ``shard-pg``: a bot shard that does not own the match's server.

    python -m bench.web [--streams 1000] [--moves 40] [--pace 0.5] [--clients 4]
                        [--postgres URL] [--only alone-sqlite,shard-pg]

PostgreSQL: ``--postgres`` or GENIUS_TEST_POSTGRES_URL (a scratch database is
made and dropped); without either, only the SQLite deployments run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
import tempfile
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from bench.web_nodes import Mover, runtime_for
from bot.runtime import ListDelivery
from bot.web.links import WebLinks
from storage import make_engine, make_sessionmaker, upgrade

DEPLOYMENTS = {  # name: (database, the serving process's role)
    "in-bot-pg": ("postgres", "bot"),
    "alone-pg": ("postgres", "alone"),
    "shard-pg": ("postgres", "shard"),
    "alone-sqlite": ("sqlite", "alone"),
    "in-bot-sqlite": ("sqlite", "bot"),
}
TICKS = os.sysconf("SC_CLK_TCK")


class Node:
    """A child process of bench.web_nodes, spoken to line by line."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(cls, *args: str) -> Node:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bench.web_nodes", *args,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            limit=2**28,  # the spectators' report is one long line
        )  # fmt: skip
        return cls(process)

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")

    async def expect(self, word: str, seconds: float = 120) -> list[str]:
        assert self.process.stdout is not None
        async with asyncio.timeout(seconds):
            while line := (await self.process.stdout.readline()).decode():
                head, _, rest = line.strip().partition(" ")
                if head == word:
                    return rest.split(" ")
        raise RuntimeError(f"the node ended before saying {word!r}")

    async def line(self, seconds: float = 120) -> str:
        assert self.process.stdout is not None
        async with asyncio.timeout(seconds):
            return (await self.process.stdout.readline()).decode()

    async def end(self) -> None:
        with contextlib.suppress(ProcessLookupError, BrokenPipeError, ConnectionResetError):
            self.send("quit")
        try:
            await asyncio.wait_for(self.process.wait(), 20)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()

    def rss(self) -> int:
        """Resident memory, bytes."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        return 0

    def cpu(self) -> float:
        """User and system CPU seconds so far."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS


@dataclass
class Figures:
    latencies: list[float]  # seconds, one per (stream, notice)
    expected: int  # notices × streams
    rss_per_stream: float  # bytes
    cpu_per_notice: float  # the serving process's CPU seconds


@contextlib.asynccontextmanager
async def database(kind: str, postgres: str | None) -> AsyncIterator[str]:
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite+aiosqlite:///{folder}/bench.db"
        return
    assert postgres is not None
    name = f"bench_web_{os.getpid()}"
    admin = create_async_engine(postgres, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as conn:
            await conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            await conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
        yield make_url(postgres).set(database=name).render_as_string(hide_password=False)
    finally:
        async with admin.connect() as conn:
            await conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.dispose()


def shares(streams: int, clients: int) -> list[int]:
    return [streams // clients + (i < streams % clients) for i in range(clients)]


async def measure(url: str, role: str, args: argparse.Namespace) -> Figures:
    await upgrade(url)
    server = await Node.start("serve", "--db", url, "--role", role, "--streams", str(args.streams))
    engine = make_engine(url)
    runtime = None
    watchers: list[Node] = []
    try:
        base = (await server.expect("url"))[0]
        mover = None
        if role == "bot":
            watch = (await server.expect("match"))[1]
        else:  # the match is hosted here, in another process than the pages
            sessions = make_sessionmaker(engine)
            runtime = runtime_for(sessions, ListDelivery())
            await runtime.start_up()
            mover = Mover(runtime, sessions)
            watch = await WebLinks(sessions, base).watch_url(await mover.start_match())
        idle = server.rss()
        watchers = [
            await Node.start("watch", "--url", f"{watch}/events", "--count", str(n))
            for n in shares(args.streams, args.clients)
        ]
        for watcher in watchers:
            await watcher.expect("connected", 300)
        await asyncio.sleep(1.0)  # the connections settle
        rss_per_stream = (server.rss() - idle) / args.streams
        cpu_before = server.cpu()
        submitted: dict[int, float] = {}
        for _ in range(args.moves):
            if mover is not None:
                at, ids = await mover.move()
            else:
                server.send("move")
                words = await server.expect("moved")
                at, ids = float(words[0]), [int(w) for w in words[1:]]
            submitted |= dict.fromkeys(ids, at)
            await asyncio.sleep(args.pace)
        await asyncio.sleep(3.0)  # the last notices on their way
        cpu = server.cpu() - cpu_before
        latencies: list[float] = []
        for watcher in watchers:
            watcher.send("stop")
            for row, seen in json.loads(await watcher.line()):
                if int(row) in submitted:
                    latencies.append(seen - submitted[int(row)])
        expected = len(submitted) * args.streams
        return Figures(latencies, expected, rss_per_stream, cpu / len(submitted))
    finally:
        for watcher in watchers:
            await watcher.end()
        if runtime is not None:
            await runtime.shut_down()
        await server.end()
        await engine.dispose()


def report(name: str, figures: Figures) -> str:
    ordered = sorted(figures.latencies) or [float("nan")]
    p = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000  # noqa: E731
    missed = figures.expected - len(figures.latencies)
    return (
        f"{name:14} p50 {p(0.5):7.1f} ms  p99 {p(0.99):7.1f} ms  max {ordered[-1] * 1000:7.1f} ms"
        f"  missed {missed}/{figures.expected}  RSS/stream {figures.rss_per_stream / 1024:5.1f} KiB"
        f"  server CPU/notice {figures.cpu_per_notice * 1000:6.1f} ms"
    )


async def main(args: argparse.Namespace) -> None:
    names = args.only.split(",") if args.only else list(DEPLOYMENTS)
    print(
        f"{args.streams} streams in {args.clients} client processes, {args.moves} moves every "
        f"{args.pace} s; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )
    for name in names:
        kind, role = DEPLOYMENTS[name]
        if kind == "postgres" and not args.postgres:
            print(f"{name:14} skipped: no PostgreSQL (--postgres or GENIUS_TEST_POSTGRES_URL)")
            continue
        async with database(kind, args.postgres) as url:
            print(report(name, await measure(url, role, args)), flush=True)


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=40)  # a match has 72 (36 rounds)
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between moves")
    parser.add_argument("--clients", type=int, default=4, help="spectator processes")
    parser.add_argument("--postgres", default=os.environ.get("GENIUS_TEST_POSTGRES_URL"))
    parser.add_argument("--only", help="comma-separated deployments: " + ", ".join(DEPLOYMENTS))
    asyncio.run(main(parser.parse_args()))


if __name__ == "__main__":
    cli()
