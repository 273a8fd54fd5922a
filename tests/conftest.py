"""Shared fixtures: a migrated database on SQLite and, when configured, PostgreSQL."""

from __future__ import annotations

import asyncio
import gc
import os
import shutil
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite.core
import pytest
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker, create_async_engine

from storage.db import make_engine, make_sessionmaker, upgrade
from storage.tables import Base
from tests import scheduling

POSTGRES_ENV = "GENIUS_TEST_POSTGRES_URL"

#: The slowest test modules (each 10-100 s of a full run), handed out first: with
#: the test-count order xdist's loadscope uses by default, a slow module with few
#: tests (the soak, a browser page) started last and left the other workers idle
#: while it ran (`make test` passes --no-loadscope-reorder so this order holds).
SLOW_FIRST = (
    "tests/bot/discord/test_authorization.py",
    "tests/reliability/test_soak.py",
    "tests/bot/web/test_no_secrets.py",
    "tests/games/decoder/test_decoder_properties.py",
    "tests/games/logical_horror/test_logical_horror_generator.py",
    "tests/games/logical_horror/test_logical_horror_solver.py",
    "tests/bot/discord/test_slow_commit.py",
    "tests/bot/discord/test_practice.py",
    "tests/bot/web/test_browser_editor.py",
    "tests/games/expression/test_expression_properties.py",
    "tests/golden/test_golden.py",
    "tests/bot/demo/test_player_levels.py",
    "tests/bot/web/test_browser_match.py",
    "tests/bot/test_cli_discord.py",
    "tests/bot/test_stopping.py",
    "tests/games/runebreaker/test_runebreaker_properties.py",
    "tests/games/runebreaker/test_runebreaker_generator.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {path: place for place, path in enumerate(SLOW_FIRST)}
    # A stable sort: every other module keeps its place, after the slow ones.
    items.sort(key=lambda item: rank.get(scheduling.module_of(item.nodeid), len(SLOW_FIRST)))


def pytest_collection_finish(session: pytest.Session) -> None:
    """The collected suite (every module, test item and fixture definition: about
    240,000 objects in a worker) lives to the end: frozen, the garbage collector's
    full passes no longer walk it (measured on a SimCord module, run inside the
    whole suite's collection: 1.11 s of its CPU in the collector, 0.80 s frozen)."""
    freeze_survivors()


def freeze_survivors() -> None:
    """Collect, then leave whatever is still alive out of the collector's passes.
    A module whose tests unfreeze the heap calls this again after them."""
    gc.collect()
    gc.freeze()


@contextmanager
def aiosqlite_trips() -> Iterator[list[str]]:
    """Every call into aiosqlite's thread meanwhile (a trip there and back), by
    the function's name: what storage/one_trip.py saves is counted in these."""
    calls: list[str] = []
    real = aiosqlite.core.Connection._execute

    async def counted(conn: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(getattr(fn, "__name__", repr(fn)))
        return await real(conn, fn, *args, **kwargs)

    aiosqlite.core.Connection._execute = counted  # type: ignore[method-assign]
    try:
        yield calls
    finally:
        aiosqlite.core.Connection._execute = real  # type: ignore[method-assign]


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """loadscope, with the slow modules of ``scheduling.SPREAD`` spread test by test."""
    return scheduling.scheduler(config, log)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def db_url(
    request: pytest.FixtureRequest, tmp_path: Path, head_databases: HeadDatabases
) -> AsyncIterator[str]:
    """An empty database's URL: a SQLite file, or a fresh PostgreSQL database.

    A test that asks for ``sessionmaker`` gets one already at the schema's head,
    with no rows, from ``HeadDatabases``."""
    migrated = "sessionmaker" in request.fixturenames
    if request.param == "sqlite":
        path = tmp_path / "t.db"
        if migrated:
            shutil.copyfile(await head_databases.sqlite(), path)
        yield f"sqlite+aiosqlite:///{path}"
        return
    server_url = os.environ.get(POSTGRES_ENV)
    if not server_url:
        pytest.skip(f"{POSTGRES_ENV} is not set; PostgreSQL suites skip (CI sets it)")
    if migrated:
        yield await head_databases.postgres(server_url)
        return
    async with _scratch_database(server_url) as url:
        yield url


@dataclass
class HeadDatabases:
    """Databases migrated to head once per worker (on first use), so a test does
    not run every migration again (a tenth to a whole second per test;
    tests/storage/test_db.py still migrates empty databases).

    SQLite: a migrated file that each test copies. PostgreSQL: one database the
    worker's tests take turns on (a worker runs one test at a time), emptied
    before each (``_empty``), so every test starts with no rows and ids from 1,
    as in a new database. A new database per test cost a CREATE and a DROP
    DATABASE, and the CREATE wrote its ~8 MB of catalogs to the write-ahead log
    each time. Its commits do not wait for the log to reach the disk
    (``synchronous_commit = off``, this database only): what a test reads is the
    same, only a crash of the server itself could lose the last commits."""

    folder: Path
    _sqlite: Path | None = None
    _postgres: tuple[str, str] | None = None  # (server URL, database name)

    async def sqlite(self) -> Path:
        """The migrated file, to copy (never to open)."""
        if self._sqlite is None:
            path = self.folder / "head.db"
            await upgrade(f"sqlite+aiosqlite:///{path}")
            self._sqlite = path
        return self._sqlite

    async def postgres(self, server_url: str) -> str:
        """The worker's database, emptied: its URL."""
        if self._postgres is None:
            name = f"genius_head_{uuid.uuid4().hex[:16]}"
            await _admin(server_url, f'CREATE DATABASE "{name}"')
            await _admin(server_url, f'ALTER DATABASE "{name}" SET synchronous_commit = off')
            self._postgres = (server_url, name)
            await upgrade(_database_url(server_url, name))
        url = _database_url(server_url, self._postgres[1])
        await _empty(url)
        return url

    def drop(self) -> None:
        if self._postgres is not None:
            server_url, name = self._postgres
            asyncio.run(_admin(server_url, f'DROP DATABASE "{name}" WITH (FORCE)'))


@pytest.fixture(scope="session")
def head_databases(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HeadDatabases]:
    databases = HeadDatabases(tmp_path_factory.mktemp("head"))
    yield databases
    databases.drop()


async def _empty(url: str) -> None:
    """Every row of every table gone and every id sequence back at 1; the schema
    (and Alembic's record of it) kept.

    DELETE, children first, rather than TRUNCATE: a test leaves a few rows, and
    TRUNCATE gives each table and index a new file (about three times the time
    per test, measured on this machine)."""
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as conn:
            # A connection an earlier failed test left open could hold a lock.
            await conn.exec_driver_sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            tables = set(
                (
                    await conn.exec_driver_sql(
                        "SELECT tablename FROM pg_tables"
                        " WHERE schemaname = 'public' AND tablename <> 'alembic_version'"
                    )
                ).scalars()
            )
            # The schema's own order (parents first), reversed; a table it does not
            # know (none at head: tests/storage/test_db.py) goes first.
            known = [table.name for table in Base.metadata.sorted_tables]
            order = sorted(tables - set(known)) + [t for t in reversed(known) if t in tables]
            sequences = (
                await conn.exec_driver_sql(
                    "SELECT sequencename FROM pg_sequences WHERE schemaname = 'public'"
                )
            ).scalars()
            # One transaction, one commit (the engine autocommits each statement).
            await conn.exec_driver_sql("BEGIN")
            for table in order:
                await conn.exec_driver_sql(f'DELETE FROM "{table}"')
            for sequence in sequences:
                await conn.exec_driver_sql(f'ALTER SEQUENCE "{sequence}" RESTART')
            await conn.exec_driver_sql("COMMIT")
    finally:
        await engine.dispose()


async def _admin(server_url: str, statement: str) -> None:
    # CREATE/DROP DATABASE cannot run inside a transaction.
    admin = create_async_engine(server_url, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as conn:
            await conn.exec_driver_sql(statement)
    finally:
        await admin.dispose()


def _database_url(server_url: str, name: str) -> str:
    return make_url(server_url).set(database=name).render_as_string(hide_password=False)


@asynccontextmanager
async def _scratch_database(server_url: str) -> AsyncIterator[str]:
    """A database of its own per test, so no test sees another's rows; dropped after."""
    name = f"genius_test_{uuid.uuid4().hex[:16]}"
    await _admin(server_url, f'CREATE DATABASE "{name}"')
    try:
        yield _database_url(server_url, name)
    finally:
        # FORCE ends connections a failed test left open.
        await _admin(server_url, f'DROP DATABASE "{name}" WITH (FORCE)')


@pytest.fixture
async def sessionmaker(db_url: str) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    """Sessions on a database at the schema's head, with no rows (``db_url`` made it so)."""
    engine = make_engine(db_url)
    try:
        yield make_sessionmaker(engine)
    finally:
        await engine.dispose()
