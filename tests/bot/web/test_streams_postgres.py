"""PostgreSQL pushes room rows to other processes: the trigger's NOTIFY, and a
listener that outlives its connection being cut."""

from __future__ import annotations

import asyncio
import os

import asyncpg  # type: ignore[import-untyped]
import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.web.nudges import RoomListener
from storage.web import ROOM_CHANNEL, WebRepository
from tests.bot.web.conftest import Site, eventually, read_events, statuses, texts
from tests.bot.web.test_feed import has_text
from tests.bot.web.test_streams import another_process, passes, started_elsewhere
from tests.conftest import POSTGRES_ENV, HeadDatabases


@pytest.fixture(params=[pytest.param("postgres", marks=pytest.mark.postgres)])
async def db_url(head_databases: HeadDatabases) -> str:
    """This module's tests are about PostgreSQL alone (SQLite has no NOTIFY)."""
    server_url = os.environ.get(POSTGRES_ENV)
    if not server_url:
        pytest.skip(f"{POSTGRES_ENV} is not set; PostgreSQL suites skip (CI sets it)")
    return await head_databases.postgres(server_url)


async def test_a_commit_notifies_each_match_once_with_its_last_room_row(
    sessionmaker: async_sessionmaker[AsyncSession], db_url: str
) -> None:
    heard: list[str] = []
    dsn = make_url(db_url).set(drivername="postgresql").render_as_string(hide_password=False)
    listening = await asyncpg.connect(dsn)
    try:
        await listening.add_listener(ROOM_CHANNEL, lambda *args: heard.append(args[-1]))
        async with another_process(sessionmaker) as elsewhere:
            match_id = await started_elsewhere(elsewhere)
            await eventually(lambda: bool(heard))
            heard.clear()
            await passes(elsewhere, match_id)
            await eventually(lambda: bool(heard))
            await asyncio.sleep(0.2)  # anything else this commit would say
        async with sessionmaker() as session:
            rows = await WebRepository(session).room_messages(match_id)
        # Each payload: the match and its highest room row at that commit; the
        # last one names the room's last row.
        assert all(h.startswith(f"{match_id}:") for h in heard)
        positions = [int(h.partition(":")[2]) for h in heard]
        assert positions == sorted(set(positions))
        assert positions[-1] == rows[-1].id
        assert set(positions) <= {r.id for r in rows}
    finally:
        await listening.close()


async def test_the_listener_outlives_its_connection_being_cut(
    site: Site, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    listener = site.server.nudges
    assert isinstance(listener, RoomListener)
    async with another_process(sessionmaker) as elsewhere:
        match_id = await started_elsewhere(elsewhere)
        async with site.http.get(await site.watch_url(match_id) + "/events") as response:
            events = await read_events(response, lambda e: bool(statuses(e)), 5)
            # The server listens once a match is watched (not before: nobody to tell).
            await asyncio.wait_for(listener.connected.wait(), 5)
            async with sessionmaker() as session:
                cut = await session.scalar(
                    text("SELECT pg_terminate_backend(:pid)"), {"pid": listener.server_pid}
                )
            assert cut
            # A move while the listener may be away: the reconnection re-reads.
            await passes(elsewhere, match_id)
            events += await read_events(response, has_text("claims"), 5)
            await eventually(lambda: listener.connections == 2 and listener.connected.is_set())
            # And it listens again: the next move comes by NOTIFY.
            claims = len([t for t in texts(events) if "claims" in t])
            await passes(elsewhere, match_id)
            events += await read_events(
                response, lambda e: len([t for t in texts(e) if "claims" in t]) > 0, 5
            )
        assert len([t for t in texts(events) if "claims" in t]) > claims


async def test_a_move_committed_before_the_first_listen_still_arrives(
    site: Site, sessionmaker: async_sessionmaker[AsyncSession], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The listener starts with the first watcher, so a move can be committed
    between the feed's first read and the LISTEN: its NOTIFY reaches nobody.
    Listening begins with one re-read, so that move is not left to the 60 s poll."""
    listener = site.server.nudges
    assert isinstance(listener, RoomListener)
    gate = asyncio.Event()
    listen = listener._listen

    async def listen_late() -> None:
        await gate.wait()
        await listen()

    monkeypatch.setattr(listener, "_listen", listen_late)
    async with another_process(sessionmaker) as elsewhere:
        match_id = await started_elsewhere(elsewhere)
        async with site.http.get(await site.watch_url(match_id) + "/events") as response:
            await read_events(response, lambda e: bool(statuses(e)), 5)
            await passes(elsewhere, match_id)  # its NOTIFY: nobody listens yet
            gate.set()
            await asyncio.wait_for(listener.connected.wait(), 5)
            assert await read_events(response, has_text("claims"), 5)
