"""Delivery marks take no transaction of their own: the rows delivered while the
writer is busy are marked in its next transaction, with the steps it writes
(SQLite and, when configured, PostgreSQL)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bot.runtime.delivery import ListDelivery
from games import Notice
from storage.records import MatchRecord
from storage.repository import MatchRepository
from tests.bot.runtime.conftest import Harness, hold_next_transaction, make_harness


class _Gated(ListDelivery):
    """Takes a message only while ``open`` is set, as a slow channel would."""

    def __init__(self) -> None:
        super().__init__()
        self.open = asyncio.Event()
        self.open.set()

    async def deliver(self, match: MatchRecord, target: str, notices: list[Notice]) -> None:
        await self.open.wait()
        await super().deliver(match, target, notices)


@pytest.fixture
async def gated(sessionmaker: async_sessionmaker[AsyncSession]) -> AsyncIterator[Harness]:
    h = make_harness(sessionmaker, _Gated())
    await h.runtime.start_up()
    yield h
    await h.runtime.shut_down()


def _count_commits(sessions: async_sessionmaker[AsyncSession]) -> list[int]:
    """Every COMMIT on the sessions' engine from now on (one item each)."""
    bind = sessions.kw["bind"]
    assert isinstance(bind, AsyncEngine)
    commits: list[int] = []
    event.listen(bind.sync_engine, "commit", lambda _conn: commits.append(1))
    return commits


async def _turns(n: int) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


async def test_rows_delivered_during_a_batch_are_marked_with_the_next_one(gated: Harness) -> None:
    port = gated.port
    assert isinstance(port, _Gated)
    first, second = await gated.started(), await gated.started()
    port.open.clear()
    await gated.runtime.submit_text(second, 0, "play 1")  # its notices wait at the gate
    async with gated.sessions() as session:
        waiting = [r.id for r in await MatchRepository(session).undelivered(second)]
    assert waiting, "the move queued notices"
    commits = _count_commits(gated.sessions)
    release = hold_next_transaction(gated.runtime.writer)
    moving = asyncio.create_task(gated.runtime.submit_text(first, 0, "play 1"))
    await _turns(5)  # its batch is held in the writer
    port.open.set()
    await _turns(20)  # the second match's notices are delivered meanwhile
    assert len(port.delivered) >= len(waiting) + 6  # (each start told room and seats)
    answering = asyncio.create_task(gated.runtime.submit_text(second, 1, "play 2"))
    await _turns(5)
    # The two moves' own notices wait at the gate: delivered, their marks would
    # make a transaction of their own once the writer is idle again (as they
    # should), and the count below would race it.
    port.open.clear()
    release.set()
    await asyncio.gather(moving, answering)
    # The held batch, then the answer with every mark: no transaction for the marks.
    assert len(commits) == 2
    async with gated.sessions() as session:
        still = {r.id for r in await MatchRepository(session).undelivered(second)}
    assert still.isdisjoint(waiting)
    port.open.set()
