"""The database cut off in the middle of a batch (PostgreSQL): every submitter is
told the truth, checked against the database afterwards. A move acknowledged
is in the log; a move refused as not taken is not; when the answer to a COMMIT
is lost, the runtime finds out which before it answers."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.util import await_only

from bot.runtime import ListDelivery, ManualTime, MatchRuntime, Scheduler
from bot.runtime.unanswered import FateUnknown, MoveNotTaken
from bot.runtime.writer import Writer
from games import Rejected
from storage.db import make_engine, make_sessionmaker
from storage.repository import MatchRepository
from tests.bot.runtime.conftest import Harness, make_harness
from tests.dbcut import DatabaseCutter, cutter

Sessions = async_sessionmaker[AsyncSession]

pytestmark = pytest.mark.parametrize(
    "db_url", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)

TAKEN, NOT_TAKEN = "taken", "not taken"


async def _bids_logged(sessions: Sessions, match_id: int) -> list[int]:
    async with sessions() as session:
        events = await MatchRepository(session).events(match_id)
    return [e.payload["card"] for e in events if e.kind == "action"]


async def _bid(harness: Harness, match_id: int, card: int) -> str:
    """Seat 0 bids (or changes its bid to) ``card``; what the player was told."""
    try:
        await harness.runtime.submit_text(match_id, 0, f"play {card}")
    except MoveNotTaken:
        return NOT_TAKEN
    return TAKEN


def _cut_before(
    engine: AsyncEngine, admin: AsyncEngine, statement: str
) -> Callable[[], dict[str, int]]:
    """Terminate every backend of the runtime's database just before the writer's
    next ``statement`` (each of the batch's three is one), once per arming; the
    returned function arms it. ``made``: how many cuts were made."""
    cuts = {"armed": 0, "made": 0}

    def before(conn: Any, cursor: Any, sql: str, *args: Any) -> None:
        if cuts["armed"] and sql.lstrip().startswith(statement):
            cuts["armed"] = 0
            cuts["made"] += 1
            # Runs inside SQLAlchemy's greenlet: the admin's statement is awaited
            # here, so the cut is complete before this statement is sent.
            await_only(_terminate(admin))

    event.listen(engine.sync_engine, "before_cursor_execute", before)

    def arm() -> dict[str, int]:
        cuts["armed"] = 1
        return cuts

    return arm


async def _terminate(admin: AsyncEngine) -> None:
    async with admin.connect() as conn:
        await conn.exec_driver_sql(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


@pytest.mark.parametrize(
    "statement", ["UPDATE matches", "INSERT INTO match_events", "INSERT INTO outbox"]
)
async def test_a_cut_in_the_middle_of_a_batch_tells_every_submitter_the_truth(
    sessionmaker: Sessions, db_url: str, statement: str
) -> None:
    harness = make_harness(sessionmaker)
    await harness.runtime.start_up()
    matches = [await harness.started() for _ in range(6)]
    engine = sessionmaker.kw["bind"]
    admin = make_engine(db_url)
    arm = _cut_before(engine, admin, statement)
    told: dict[tuple[int, int], str] = {}
    try:
        for card in (1, 2, 3):
            if card == 2:
                cuts = arm()  # the second round's batch is cut
            results = await asyncio.gather(*(_bid(harness, m, card) for m in matches))
            told |= {(m, card): r for m, r in zip(matches, results, strict=True)}
        assert cuts == {"armed": 0, "made": 1}, "the cut was made, in the middle of a batch"
    finally:
        await harness.runtime.shut_down()
        await admin.dispose()
    assert harness.runtime.writer.batch_sizes[len(matches)] >= 1, "the moves shared batches"
    assert {r for (_, card), r in told.items() if card == 2} == {NOT_TAKEN}
    assert {r for (_, card), r in told.items() if card != 2} == {TAKEN}
    for match_id in matches:  # checked against the database: none told wrongly
        logged = await _bids_logged(sessionmaker, match_id)
        assert logged == [c for (m, c), r in told.items() if m == match_id and r == TAKEN]


async def test_a_connection_cut_while_idle_is_replaced_not_reused(
    harness: Harness, db_url: str
) -> None:
    """pool_pre_ping: the pooled connections, all cut while the bot was idle,
    are found dead when taken and replaced; the next move goes through."""
    match_id = await harness.started()
    admin = make_engine(db_url)
    try:
        await _terminate(admin)
    finally:
        await admin.dispose()
    assert await _bid(harness, match_id, 5) == TAKEN
    assert await _bids_logged(harness.sessions, match_id) == [5]


@pytest.fixture
async def proxied(
    db_url: str, sessionmaker: Sessions
) -> AsyncIterator[tuple[DatabaseCutter, Sessions]]:
    """The runtime's database through a proxy that cuts connections on cue."""
    server = make_url(db_url)
    async with cutter(db_url) as proxy:
        engine = make_engine(proxy.url(str(server.database)))
        yield proxy, make_sessionmaker(engine)
        await engine.dispose()


async def _through(proxied: tuple[DatabaseCutter, Sessions], find_out: float = 10.0) -> Harness:
    """A runtime on the proxied database; ``find_out``: its writer's bounded wait."""
    _, sessions = proxied
    clock = ManualTime()
    writer = Writer(sessions, find_out_seconds=find_out)
    scheduler = Scheduler(clock, auto=False)
    port = ListDelivery()
    runtime = MatchRuntime(sessions, port, scheduler=scheduler, checkpoint_seconds=0, writer=writer)
    await runtime.start_up()
    return Harness(runtime, port, clock, sessions)


@pytest.fixture
async def through(proxied: tuple[DatabaseCutter, Sessions]) -> AsyncIterator[Harness]:
    harness = await _through(proxied)
    yield harness
    await harness.runtime.shut_down()


async def test_a_commit_whose_answer_is_lost_is_found_committed_and_acknowledged(
    proxied: tuple[DatabaseCutter, Sessions], through: Harness
) -> None:
    proxy, sessions = proxied
    match_id = await through.started()
    proxy.lose("answer")  # the COMMIT is carried out; its answer never arrives
    assert await _bid(through, match_id, 4) == TAKEN
    assert proxy.cuts == 1
    assert await _bids_logged(sessions, match_id) == [4]
    live = through.runtime._matches.get(match_id)
    assert live is not None
    async with sessions() as session:
        stored = await MatchRepository(session).get(match_id)
    assert stored is not None
    assert live.record.version == stored.version, "the state in memory caught up"
    await through.runtime.submit_text(match_id, 1, "play 2")
    assert await _bids_logged(sessions, match_id) == [4, 2]


async def test_a_commit_lost_on_its_way_is_found_not_taken(
    proxied: tuple[DatabaseCutter, Sessions], through: Harness
) -> None:
    proxy, sessions = proxied
    match_id = await through.started()
    proxy.lose("commit")  # the COMMIT never reaches the server
    assert await _bid(through, match_id, 4) == NOT_TAKEN
    assert proxy.cuts == 1
    assert await _bids_logged(sessions, match_id) == []
    assert await _bid(through, match_id, 4) == TAKEN  # trying again is safe
    assert await _bids_logged(sessions, match_id) == [4]


async def test_a_move_while_the_database_is_down_is_refused_at_once(
    proxied: tuple[DatabaseCutter, Sessions], through: Harness
) -> None:
    proxy, sessions = proxied
    match_id = await through.started()
    proxy.down()
    began = time.monotonic()
    assert await _bid(through, match_id, 4) == NOT_TAKEN
    assert time.monotonic() - began < 5, "a refusal known for sure does not wait"
    proxy.up()
    assert await _bids_logged(sessions, match_id) == []
    assert await _bid(through, match_id, 4) == TAKEN


async def test_a_lost_commit_with_the_database_gone_is_never_called_not_taken(
    proxied: tuple[DatabaseCutter, Sessions],
) -> None:
    """The answer is lost and the database stays away past the bounded wait: the
    player is told nobody knows yet, not "not taken". The move was committed; the
    match's next step finds the newer version and takes the stored match."""
    proxy, sessions = proxied
    harness = await _through(proxied, find_out=0.5)
    try:
        match_id = await harness.started()
        proxy.lose("answer", then_down=True)
        with pytest.raises(FateUnknown):
            await harness.runtime.submit_text(match_id, 0, "play 4")
        proxy.up()
        assert await _bids_logged(sessions, match_id) == [4]
        with pytest.raises(Rejected, match="changed elsewhere"):
            await harness.runtime.submit_text(match_id, 1, "play 2")
        await harness.runtime.submit_text(match_id, 1, "play 2")
        assert await _bids_logged(sessions, match_id) == [4, 2]
    finally:
        await harness.runtime.shut_down()
