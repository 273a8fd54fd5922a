"""Runtime fixtures: a manual clock, a list delivery port and a real database."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.runtime import ListDelivery, ManualTime, MatchRuntime, Scheduler
from bot.runtime.writer import Writer
from storage.records import NewMatch, PlayerRecord

# Fix the phase-1 cells so tests can name them: A = r1c1, B = r1c2, ...
CELL_ORDER = [f"r{r}c{c}" for r in range(1, 7) for c in range(1, 7)]


@dataclass
class Harness:
    runtime: MatchRuntime
    port: ListDelivery
    time: ManualTime
    sessions: async_sessionmaker[AsyncSession]

    async def advance(self, seconds: float) -> None:
        await self.runtime.scheduler.advance(seconds)
        await self.runtime.flush()

    async def new_match(self, **config: Any) -> int:
        new = NewMatch(
            guild_id=1,
            game="goofspiel",
            config={"cell_order": CELL_ORDER, **config},
            seed=7,
            players=[PlayerRecord(seat=0, user_id=100), PlayerRecord(seat=1, user_id=101)],
        )
        return (await self.runtime.create(new)).id

    async def started(self, **config: Any) -> int:
        match_id = await self.new_match(**config)
        await self.runtime.start(match_id)
        await self.runtime.flush()
        return match_id

    async def restart(self, port: ListDelivery | None = None) -> Harness:
        """A new runtime on the same database and clock, as after a bot restart."""
        scheduler = Scheduler(self.time, auto=False)
        fresh_port = port or ListDelivery()
        runtime = MatchRuntime(self.sessions, fresh_port, scheduler=scheduler, checkpoint_seconds=0)
        await runtime.start_up()
        await runtime.flush()
        return Harness(runtime, fresh_port, self.time, self.sessions)


def make_harness(
    sessions: async_sessionmaker[AsyncSession], port: Any = None, *, retry_seconds: float = 5.0
) -> Harness:
    """``retry_seconds``: a failed delivery's retry runs on the loop's real clock."""
    time = ManualTime()
    scheduler = Scheduler(time, auto=False)
    port = port or ListDelivery()
    runtime = MatchRuntime(
        sessions, port, scheduler=scheduler, checkpoint_seconds=0, retry_seconds=retry_seconds
    )
    return Harness(runtime, port, time, sessions)


@pytest.fixture
async def harness(sessionmaker: async_sessionmaker[AsyncSession]) -> AsyncIterator[Harness]:
    h = make_harness(sessionmaker)
    await h.runtime.start_up()
    yield h
    await h.runtime.shut_down()


def hold_next_transaction(writer: Writer) -> asyncio.Event:
    """The writer's next transaction waits until the returned event is set."""
    release = asyncio.Event()
    real = writer._transaction

    async def held(steps: Sequence[Any], marks: Sequence[int]) -> Any:
        writer._transaction = real  # type: ignore[method-assign]
        await release.wait()
        return await real(steps, marks)

    writer._transaction = held  # type: ignore[method-assign]
    return release
