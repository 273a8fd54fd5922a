"""How long does a restart take? N running Goofspiel matches, part-way through
their first auction, are left by one runtime; a fresh runtime on the same
SQLite file restores them all (states read and parsed, clocks restarted,
deadlines and reminders re-armed, rooms told). Beside it, in the same run,
the time to just read the same rows (the floor).

    python -m bench.restore [--matches 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time

from bench.moves import CountingPort
from bot.runtime import MatchRuntime
from storage import MatchRepository, make_engine, make_sessionmaker, upgrade
from storage.records import NewMatch, PlayerRecord


async def prepare(url: str, matches: int) -> None:
    engine = make_engine(url)
    runtime = MatchRuntime(make_sessionmaker(engine), CountingPort(), checkpoint_seconds=0)
    await runtime.start_up()
    for i in range(matches):
        players = [PlayerRecord(seat=0, user_id=2 * i), PlayerRecord(seat=1, user_id=2 * i + 1)]
        record = await runtime.create(
            NewMatch(guild_id=1, game="goofspiel", config={}, seed=i, players=players)
        )
        await runtime.start(record.id)
        await runtime.submit_text(record.id, 0, "play 3")
    await runtime.shut_down()
    await engine.dispose()


async def read_floor(url: str) -> float:
    engine = make_engine(url)
    started = time.perf_counter()
    async with make_sessionmaker(engine)() as session:
        rows = await MatchRepository(session).unfinished()
    elapsed = time.perf_counter() - started
    await engine.dispose()
    assert rows
    return elapsed


async def restore(url: str) -> tuple[float, int, int]:
    engine = make_engine(url)
    port = CountingPort()
    runtime = MatchRuntime(make_sessionmaker(engine), port, checkpoint_seconds=0)
    started = time.perf_counter()
    await runtime.start_up()
    await runtime.flush()
    elapsed = time.perf_counter() - started
    timers = runtime.scheduler.pending()
    await runtime.shut_down()
    await engine.dispose()
    return elapsed, port.messages, timers


async def main(matches: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{tmp}/restore.db"
        await upgrade(url)
        await prepare(url, matches)
        floor = await read_floor(url)
        elapsed, messages, timers = await restore(url)
    print(
        f"restore: {matches} running matches in {elapsed * 1000:.0f} ms "
        f"({elapsed / matches * 1000:.2f} ms/match; {messages} messages sent, "
        f"{timers} timers armed)"
        f"  |  reading the rows alone {floor * 1000:.0f} ms  ratio {elapsed / floor:.1f}x"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=1000)
    asyncio.run(main(parser.parse_args().matches))
