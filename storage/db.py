"""Engines, sessions and schema upgrades for SQLite (aiosqlite) and PostgreSQL (asyncpg).

Alembic is imported only when a schema is upgraded: it is most of the import
time of everything else that needs storage (the runtime, the web pages, tools).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, event
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import URL, ExceptionContext, make_url
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import PoolResetState, StaticPool

from storage import wal

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).parent / "migrations"

# NORMAL is durable across app crashes in WAL mode; the busy timeout makes a
# second writer wait instead of failing. WAL itself is set by _use_wal.
_SQLITE_PRAGMAS = (
    "PRAGMA busy_timeout=15000",
    "PRAGMA synchronous=NORMAL",
    "PRAGMA foreign_keys=ON",
)

# Any fixed number, the same in every process.
_MIGRATION_LOCK_KEY = 0x67656E69


@dataclass(frozen=True)
class PoolSize:
    """The connection pool of a server database (PostgreSQL); SQLite ignores it.

    The runtime's writer holds one connection per batch of moves, whatever the
    number of matches; the rest serve reads, delivery marks and clock
    checkpoints. ``timeout`` is how long a request waits for a free connection
    before it fails.
    """

    size: int = 10
    overflow: int = 10
    timeout: float = 30.0


def make_engine(url: str, pool: PoolSize | None = None) -> AsyncEngine:
    """An engine for ``url``; SQLite connections get the pragmas above."""
    parsed = make_url(url)
    if not _is_sqlite(parsed):
        pool = pool or PoolSize()
        # pool_pre_ping: a connection the server dropped (a restart, a failover,
        # pg_terminate_backend) is found dead when it is taken from the pool and
        # replaced, instead of failing the next transaction that uses it.
        engine = create_async_engine(
            parsed,
            pool_size=pool.size,
            max_overflow=pool.overflow,
            pool_timeout=pool.timeout,
            pool_pre_ping=True,
        )
        event.listen(engine.sync_engine, "handle_error", _confused_is_cut)
        return engine
    # A memory database lives inside its connection, so every session shares one.
    # A file database gets one connection too: SQLite has a single writer, and
    # writers queueing in-process for one connection beat several connections
    # busy-polling for the lock (which, under load, starve until "database is
    # locked"). The pool's queue serialises transactions in arrival order.
    options: dict[str, Any] = (
        {"poolclass": StaticPool}
        if _is_memory(parsed)
        else {"pool_size": 1, "max_overflow": 0, "pool_timeout": 60, "pool_reset_on_return": None}
    )
    # The driver's own busy wait, in force from the first statement on.
    options["connect_args"] = {"timeout": 15}
    engine = create_async_engine(parsed, **options)
    event.listen(engine.sync_engine, "connect", _apply_sqlite_pragmas)
    if not _is_memory(parsed):
        event.listen(engine.sync_engine.pool, "reset", _roll_back_if_open)
        _skip_idle_rollbacks(engine)
    if not _is_memory(parsed) and "uri" not in parsed.query:
        wal.checkpoint_beside(engine, str(parsed.database))  # not in its commits
    return engine


# SQLite's own words for a database the process cannot use just now.
_SQLITE_AWAY = ("database is locked", "unable to open database", "disk i/o error")


def unreachable(error: BaseException) -> bool:
    """Whether ``error`` says the database could not be reached (a connection
    refused, cut or timed out, the pool exhausted, the server shutting down, a
    SQLite file locked or gone), as opposed to a statement the database refused:
    the first passes with time, the second is a bug."""
    if isinstance(error, sa_exc.DBAPIError):
        if error.connection_invalidated or isinstance(error, sa_exc.InterfaceError):
            return True
        driver = error.orig
        if type(driver).__module__.startswith("sqlite3"):
            # SQLite reports a missing table or bad SQL as an OperationalError too.
            return any(words in str(driver).lower() for words in _SQLITE_AWAY)
        if isinstance(error, sa_exc.OperationalError):
            return True
        # asyncpg's own error, under SQLAlchemy's adapter (a connection that
        # died while being opened is a generic DBAPIError).
        return _asyncpg_away(getattr(driver, "__cause__", None) or driver)
    return isinstance(error, OSError | TimeoutError | sa_exc.TimeoutError)


def _asyncpg_away(error: BaseException | None) -> bool:
    try:
        from asyncpg import exceptions as pg  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - asyncpg is installed with the project
        return False
    away = (
        pg.PostgresConnectionError,
        pg.InterfaceError,
        pg.InternalClientError,
        pg.OperatorInterventionError,
        pg.InsufficientResourcesError,
        OSError,
        TimeoutError,
    )
    return isinstance(error, away)


def _confused_is_cut(context: ExceptionContext) -> None:
    """asyncpg reports some connections the server cut as "cannot switch to state
    N; another operation (M) is in progress" (InternalClientError) rather than as
    closed, and SQLAlchemy then keeps them in the pool, where every later use
    fails the same way, pre-ping included (sqlalchemy#13241; seen here when
    pg_terminate_backend cut the pool's connections). They are disconnects."""
    if type(context.original_exception).__name__ == "InternalClientError":
        context.is_disconnect = True


def _roll_back_if_open(dbapi_connection: Any, _record: Any, state: PoolResetState) -> None:
    """A SQLite connection going back to the pool is rolled back only if a
    transaction is open on it: the pool's own reset always called ROLLBACK, one
    more trip to aiosqlite's thread after every committed transaction (the
    writer's batches above all, storage/one_trip.py), where sqlite3's rollback
    does nothing outside a transaction. Nothing either when SQLAlchemy rolled back
    already, or the connection is about to be closed (invalidated, or garbage
    collected, where nothing can be awaited)."""
    reset = state.asyncio_safe and not (state.transaction_was_reset or state.terminate_only)
    if reset and dbapi_connection.driver_connection.in_transaction:
        dbapi_connection.rollback()


def _skip_idle_rollbacks(engine: AsyncEngine) -> None:
    """A session that only read ends with a ROLLBACK, as does a transaction
    closed without a commit: one more trip to aiosqlite's thread each (a fifth
    of a read's), where sqlite3's rollback does nothing outside a transaction
    (it opens one only for a write). The engine's own dialect rolls back only a
    connection with a transaction open; the engine's listeners are told of
    every ROLLBACK as before."""
    dialect = engine.sync_engine.dialect
    roll_back = dialect.do_rollback

    def do_rollback(dbapi_connection: Any) -> None:
        if _transaction_open(dbapi_connection):
            roll_back(dbapi_connection)

    dialect.do_rollback = do_rollback  # type: ignore[method-assign]


def _transaction_open(dbapi_connection: Any) -> bool:
    try:
        return bool(dbapi_connection.driver_connection.in_transaction)
    except ValueError:  # aiosqlite's "no active connection": rolled back as before
        return True


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    # Records are built from rows before commit; nothing needs reloading after it.
    return async_sessionmaker(engine, expire_on_commit=False)


async def one_snapshot(session: AsyncSession) -> None:
    """Make the session's reads see one moment: on PostgreSQL, read committed
    would give each statement its own snapshot. (SQLite needs nothing: the
    process's one connection serialises transactions, so no step is committed
    between two reads of a session.) Call before the session's first read."""
    if session.get_bind().dialect.name == "postgresql":
        await session.connection(execution_options={"isolation_level": "REPEATABLE READ"})


def alembic_config(url: str | None = None) -> Config:
    """The Alembic config for the packaged migrations (no alembic.ini needed)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if url is not None:
        # configparser treats % as interpolation; passwords may contain it.
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


async def upgrade(target: str | AsyncEngine, revision: str = "head") -> None:
    """Migrate the database at ``target`` to ``revision``; safe inside a running loop.

    Callers take turns, in one process or many: a PostgreSQL advisory lock, or
    SQLite's write lock, is held until the migration commits. A memory database
    vanishes with its engine, so pass the engine that will serve it, not its URL.
    """
    if isinstance(target, AsyncEngine):
        await _upgrade_engine(target, revision)
        return
    parsed = make_url(target)
    if _is_sqlite(parsed) and _is_memory(parsed):
        raise ValueError("upgrade a memory database through its engine: upgrade(make_engine(url))")
    if _is_sqlite(parsed) and "uri" not in parsed.query:
        _open_sqlite_file(str(parsed.database))
    engine = make_engine(target)
    try:
        await _upgrade_engine(engine, revision)
    finally:
        await engine.dispose()


async def _upgrade_engine(engine: AsyncEngine, revision: str) -> None:
    async with engine.connect() as conn:
        # Nearly every call (each start of the bot) finds the database at the head:
        # a database once there stays there, so that is read without the lock.
        if revision == "head" and await _at_head(conn):
            return
        await conn.rollback()
        if not _is_sqlite(engine.url):
            await conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK_KEY})")
            await _migrate(conn, revision)
            return
        await _sqlite_foreign_keys(conn, on=False)
        try:
            # The driver would run DDL outside any transaction; an explicit
            # IMMEDIATE one makes the migration all-or-nothing and takes the
            # write lock before reading the current revision.
            await conn.exec_driver_sql("BEGIN IMMEDIATE")
            await _migrate(conn, revision)
        finally:
            await conn.rollback()  # a no-op after success; the pragma needs no transaction
            await _sqlite_foreign_keys(conn, on=True)


async def _migrate(conn: AsyncConnection, revision: str) -> None:
    # Read again under the lock: another process may have just migrated it.
    if revision != "head" or not await _at_head(conn):
        await conn.run_sync(_run_alembic_upgrade, alembic_config(), revision)
    await conn.commit()


async def _at_head(conn: AsyncConnection) -> bool:
    """Whether the database is at the migrations' head. Alembic's own upgrade would
    run env.py and execute every migration file to learn it (about 20 ms of CPU per
    start of the bot, and so per SimCord test)."""
    return await conn.run_sync(_stored_revisions) == _heads()


@cache
def _heads() -> frozenset[str]:
    """The packaged migrations' head revisions: the same for the life of a process."""
    from alembic.script import ScriptDirectory

    return frozenset(ScriptDirectory.from_config(alembic_config()).get_heads())


def _stored_revisions(connection: Connection) -> frozenset[str]:
    """The revisions the database says it is at (none before its first migration)."""
    from alembic.runtime.migration import MigrationContext

    return frozenset(MigrationContext.configure(connection).get_current_heads())


def _run_alembic_upgrade(connection: Connection, config: Config, revision: str) -> None:
    from alembic import command

    # env.py runs on this connection instead of opening its own engine.
    config.attributes["connection"] = connection
    command.upgrade(config, revision)


async def _sqlite_foreign_keys(conn: AsyncConnection, *, on: bool) -> None:
    # Batch migrations rebuild tables (copy, drop, rename); with foreign keys on, the
    # drop would cascade-delete child rows. The pragma only works outside a
    # transaction, hence the commit.
    await conn.exec_driver_sql(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")
    await conn.commit()


def _apply_sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        for pragma in _SQLITE_PRAGMAS:
            cursor.execute(pragma)
        _use_wal(cursor)
    finally:
        cursor.close()


def _use_wal(cursor: Any) -> None:
    """WAL lets readers run beside the one writer. It is a property of the file:
    once one connection has switched it, every connection uses it. The switch
    needs an exclusive lock that SQLite does not wait for, so a connection that
    finds the file busy (several processes opening a new database at once)
    leaves the switch to the one holding it."""
    cursor.execute("PRAGMA journal_mode")
    if str(cursor.fetchone()[0]).lower() in ("wal", "memory"):
        return
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
    except Exception as error:  # the driver's OperationalError, through the adapter
        if "locked" not in str(error):
            raise


def _open_sqlite_file(path: str) -> None:
    """Open (creating it if need be) and close a SQLite file with the standard
    module first, so a file that cannot be opened (a missing directory, no
    permission) fails here with sqlite3.OperationalError. Through aiosqlite it
    would fail in its worker thread, which then stops without being waited for:
    if the loop has closed by then (``genius-bot`` exits at once), the thread
    dies calling into it and prints a traceback after the one plain line."""
    sqlite3.connect(path).close()


def _is_sqlite(url: URL) -> bool:
    return url.get_backend_name() == "sqlite"


def _is_memory(url: URL) -> bool:
    return url.database in (None, "", ":memory:") or url.query.get("mode") == "memory"
