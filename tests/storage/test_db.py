"""Engines and migrations on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect, text
from sqlalchemy import exc as sa_exc
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from storage import MatchRepository, NewMatch, PlayerRecord, alembic_config, make_engine, upgrade
from storage.db import _MIGRATION_LOCK_KEY, make_sessionmaker, unreachable
from storage.tables import Base

T = TypeVar("T")

INDEXES = {
    "matches": {"ix_matches_guild_id_status", "ix_matches_room_channel_id"},
    "match_players": {"ix_match_players_private_channel_id"},
    "match_events": set(),
    "outbox": {"ix_outbox_delivered_match_id", "ix_outbox_match_id_target_id"},
    "web_links": set(),
    "match_cleanups": {"ix_match_cleanups_cleaned_at_due_at"},
    "unloadable_matches": set(),
    "history_entries": {"ix_history_entries_guild_id_ended_at"},
    "history_players": {"ix_history_players_user_id"},
    "history_links": set(),
    "server_settings": set(),
}


def _head() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


async def _on(engine: AsyncEngine, fn: Callable[[Connection], T]) -> T:
    async with engine.connect() as conn:
        return await conn.run_sync(fn)


def _schema(conn: Connection) -> dict[str, set[str]]:
    inspector = inspect(conn)
    return {
        table: {ix["name"] for ix in inspector.get_indexes(table) if ix["name"]}
        for table in inspector.get_table_names()
    }


def _revision(conn: Connection) -> str | None:
    return MigrationContext.configure(conn).get_current_revision()


def _drift(conn: Connection) -> list[Any]:
    return compare_metadata(MigrationContext.configure(conn), Base.metadata)


@pytest.fixture
async def engine(db_url: str) -> AsyncIterator[AsyncEngine]:
    engine = make_engine(db_url)
    yield engine
    await engine.dispose()


async def test_upgrade_creates_every_table_and_index(db_url: str, engine: AsyncEngine) -> None:
    """The migrations create every table with its indexes."""
    await upgrade(db_url)
    schema = await _on(engine, _schema)
    assert set(schema) == {*INDEXES, "alembic_version"}
    for table, indexes in INDEXES.items():
        assert schema[table] >= indexes, table


async def test_migrations_match_the_models(db_url: str, engine: AsyncEngine) -> None:
    """Autogenerate finds nothing to add: migrations and tables.py agree."""
    await upgrade(db_url)
    assert await _on(engine, _drift) == []


async def test_upgrade_twice_is_a_no_op(db_url: str, engine: AsyncEngine) -> None:
    """A second upgrade keeps the revision and the rows."""
    await upgrade(db_url)
    async with make_sessionmaker(engine).begin() as session:
        await MatchRepository(session).create(
            NewMatch(guild_id=1, game="g", config={}, seed=1, players=[])
        )
    await upgrade(db_url)
    assert await _on(engine, _revision) == _head()
    async with make_sessionmaker(engine).begin() as session:
        assert await MatchRepository(session).get(1) is not None


async def test_concurrent_upgrades_take_turns(db_url: str, engine: AsyncEngine) -> None:
    """Upgrades started together (shard processes, or tasks) run one after another."""
    await asyncio.gather(upgrade(db_url), upgrade(db_url), upgrade(db_url))
    assert await _on(engine, _revision) == _head()


async def test_an_upgrade_at_the_head_waits_for_no_lock(db_url: str, sessionmaker: object) -> None:
    """Each start of the bot upgrades; a database already at the head (``sessionmaker``
    made it so) is only read, so a start is not held up by the migration lock another
    process holds (SQLite's write lock, PostgreSQL's advisory lock) and gives it back."""
    engine = make_engine(db_url)
    try:
        async with engine.connect() as holder:
            if engine.dialect.name == "sqlite":
                await holder.exec_driver_sql("BEGIN IMMEDIATE")
            else:
                await holder.exec_driver_sql(f"SELECT pg_advisory_lock({_MIGRATION_LOCK_KEY})")
            # Before, it waited for the lock (SQLite: 15 s, then "database is locked").
            await asyncio.wait_for(upgrade(db_url), timeout=10)
        assert await _on(engine, _revision) == _head()
    finally:
        await engine.dispose()


async def test_foreign_keys_are_enforced(db_url: str, engine: AsyncEngine) -> None:
    """An outbox row for a match that does not exist is refused."""
    await upgrade(engine)
    with pytest.raises(IntegrityError):
        async with make_sessionmaker(engine).begin() as session:
            await MatchRepository(session).enqueue(404, "public", [])


async def test_sqlite_file_uses_wal_and_pragmas(tmp_path: Path) -> None:
    """Every SQLite connection runs in WAL with the chosen pragmas."""
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path}/wal.db")
    try:
        async with engine.connect() as conn:
            pragmas = {
                name: (await conn.exec_driver_sql(f"PRAGMA {name}")).scalar()
                for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")
            }
    finally:
        await engine.dispose()
    assert pragmas == {
        "journal_mode": "wal",
        "synchronous": 1,
        "foreign_keys": 1,
        "busy_timeout": 15000,
    }


async def test_memory_database_upgrades_through_its_engine() -> None:
    """A memory database is shared by all sessions and keeps foreign keys on after upgrade."""
    engine = make_engine("sqlite+aiosqlite:///:memory:")
    try:
        await upgrade(engine)
        sessions = make_sessionmaker(engine)
        new = NewMatch(
            guild_id=1, game="g", config={}, seed=1, players=[PlayerRecord(seat=0, user_id=5)]
        )
        async with sessions.begin() as session:
            created = await MatchRepository(session).create(new)
        async with sessions.begin() as session:
            assert await MatchRepository(session).get(created.id) == created
        async with engine.connect() as conn:
            assert (await conn.execute(text("PRAGMA foreign_keys"))).scalar() == 1
    finally:
        await engine.dispose()


async def test_memory_url_is_refused() -> None:
    """Upgrading a memory database by URL would migrate a throwaway copy."""
    with pytest.raises(ValueError, match="through its engine"):
        await upgrade("sqlite+aiosqlite:///:memory:")


def test_the_runtime_imports_without_alembic() -> None:
    """Alembic is most of the import time; only migrating needs it."""
    code = "import sys, bot.runtime, storage; sys.exit('alembic' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


@pytest.mark.parametrize(
    ("driver_error", "away"),
    [
        (sqlite3.OperationalError("database is locked"), True),
        (sqlite3.OperationalError("unable to open database file"), True),
        (sqlite3.OperationalError("no such table: matches"), False),
    ],
)
def test_unreachable_tells_the_database_away_from_a_bad_statement(
    driver_error: Exception, away: bool
) -> None:
    wrapped = sa_exc.OperationalError("SELECT 1", {}, driver_error)
    assert unreachable(wrapped) is away
    assert unreachable(ConnectionRefusedError(111, "refused"))
    assert not unreachable(ValueError("a bug"))
