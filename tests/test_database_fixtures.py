"""The database fixtures (tests/conftest.py): ``sessionmaker`` hands out a database
its worker migrated once (a copy on SQLite, the worker's database emptied on
PostgreSQL), which must be what migrating an empty one gives; ``db_url`` alone
stays empty, for the tests of the migrations themselves."""

from __future__ import annotations

import asyncio
import os
import sqlite3

import asyncpg
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage import MatchRepository, NewMatch, alembic_config, make_engine, make_sessionmaker
from storage.tables import Base
from tests.conftest import POSTGRES_ENV, HeadDatabases


def _at_head_with_no_drift(conn: Connection) -> None:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    context = MigrationContext.configure(conn)
    assert context.get_current_revision() == head
    assert compare_metadata(context, Base.metadata) == []


async def test_sessionmaker_is_on_a_database_at_head(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    async with sessionmaker() as session:
        await session.run_sync(lambda s: _at_head_with_no_drift(s.connection()))
        assert await MatchRepository(session).get(1) is None


async def _new_match(sessions: async_sessionmaker[AsyncSession]) -> int:
    async with sessions.begin() as session:
        created = await MatchRepository(session).create(
            NewMatch(guild_id=1, game="goofspiel", config={}, seed=1, players=[])
        )
    return created.id


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_a_sqlite_copy_leaves_the_migrated_file_as_it_was(
    sessionmaker: async_sessionmaker[AsyncSession], head_databases: HeadDatabases
) -> None:
    assert await _new_match(sessionmaker) == 1
    with sqlite3.connect(await head_databases.sqlite()) as conn:
        assert conn.execute("SELECT count(*) FROM matches").fetchone() == (0,)


@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)
async def test_the_next_test_finds_the_postgres_database_empty_and_numbering_from_one(
    db_url: str, sessionmaker: async_sessionmaker[AsyncSession], head_databases: HeadDatabases
) -> None:
    await _new_match(sessionmaker)
    assert await _new_match(sessionmaker) == 2
    # A connection a failed test left inside a transaction, holding a lock on a table.
    plain_url = make_url(db_url).set(drivername="postgresql")
    left_open = await asyncpg.connect(plain_url.render_as_string(hide_password=False))
    try:
        transaction = left_open.transaction()
        await transaction.start()
        await left_open.execute("LOCK TABLE matches IN ROW EXCLUSIVE MODE")
        async with asyncio.timeout(30):  # the next test's db_url; it must not wait on the lock
            assert await head_databases.postgres(os.environ[POSTGRES_ENV]) == db_url
    finally:
        left_open.terminate()
    # The next test's engine (this test's connections were ended with the lock's).
    fresh = make_engine(db_url)
    try:
        assert await _new_match(make_sessionmaker(fresh)) == 1
    finally:
        await fresh.dispose()


async def test_db_url_alone_is_an_empty_database(db_url: str) -> None:
    engine = make_engine(db_url)
    try:
        async with engine.connect() as conn:
            assert await conn.run_sync(lambda c: inspect(c).get_table_names()) == []
    finally:
        await engine.dispose()
