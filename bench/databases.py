"""The databases a benchmark runs on: a scratch one per run (a SQLite file, or a
new database on a PostgreSQL server, dropped afterwards), and the ceiling the
moves are measured against, bare one-row commits on the same database."""

from __future__ import annotations

import asyncio
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy import BigInteger, Column, Integer, MetaData, String, Table, insert
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from storage import make_engine, make_sessionmaker, upgrade

# -- the ceiling: bare one-row commits -------------------------------------------------

_CEILING = Table(
    "bench_ceiling",
    MetaData(),
    # SQLite auto-increments only an INTEGER PRIMARY KEY; PostgreSQL wants a BIGINT identity.
    Column("id", BigInteger().with_variant(Integer(), "sqlite"), primary_key=True),
    Column("v", String(8)),
)


async def bare_commit_rate(url: str, concurrency: int, total: int) -> float:
    """One-row INSERT + COMMIT transactions, ``concurrency`` at a time: the ceiling."""
    engine = make_engine(url)
    sessions = make_sessionmaker(engine)
    async with engine.begin() as conn:
        await conn.run_sync(_CEILING.create, checkfirst=True)
    per_worker = total // concurrency
    row = insert(_CEILING).values(v="x")

    async def worker() -> None:
        for _ in range(per_worker):
            async with sessions.begin() as session:
                await session.execute(row)

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    elapsed = time.perf_counter() - started
    async with engine.begin() as conn:
        await conn.run_sync(_CEILING.drop)
    await engine.dispose()
    return per_worker * concurrency / elapsed


@asynccontextmanager
async def scratch_database(server_url: str | None) -> AsyncIterator[str]:
    """A fresh, migrated database: a SQLite file, or a new database on the server."""
    if server_url is None or make_url(server_url).get_backend_name() == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            url = server_url or f"sqlite+aiosqlite:///{tmp}/bench.db"
            await upgrade(url)
            yield url
        return
    name = f"genius_bench_{uuid.uuid4().hex[:12]}"
    admin = create_async_engine(server_url, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as conn:
            await conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
        url = make_url(server_url).set(database=name).render_as_string(hide_password=False)
        try:
            await upgrade(url)
            yield url
        finally:
            async with admin.connect() as conn:
                await conn.exec_driver_sql(f'DROP DATABASE "{name}" WITH (FORCE)')
    finally:
        await admin.dispose()
