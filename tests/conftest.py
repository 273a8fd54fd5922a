"""Shared fixtures: a migrated database on SQLite and, when configured, PostgreSQL."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker, create_async_engine

from storage.db import make_engine, make_sessionmaker, upgrade

POSTGRES_ENV = "GENIUS_TEST_POSTGRES_URL"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """An empty database's URL: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path}/t.db"
        return
    server_url = os.environ.get(POSTGRES_ENV)
    if not server_url:
        pytest.skip(f"{POSTGRES_ENV} is not set; PostgreSQL suites skip (CI sets it)")
    async with _scratch_database(server_url) as url:
        yield url


@asynccontextmanager
async def _scratch_database(server_url: str) -> AsyncIterator[str]:
    """A database of its own per test, so no test sees another's rows; dropped after."""
    name = f"genius_test_{uuid.uuid4().hex[:16]}"
    # CREATE/DROP DATABASE cannot run inside a transaction.
    admin = create_async_engine(server_url, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as conn:
            await conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
        try:
            yield make_url(server_url).set(database=name).render_as_string(hide_password=False)
        finally:
            async with admin.connect() as conn:
                # FORCE ends connections a failed test left open.
                await conn.exec_driver_sql(f'DROP DATABASE "{name}" WITH (FORCE)')
    finally:
        await admin.dispose()


@pytest.fixture
async def sessionmaker(db_url: str) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    """Sessions on a database migrated to head."""
    await upgrade(db_url)
    engine = make_engine(db_url)
    try:
        yield make_sessionmaker(engine)
    finally:
        await engine.dispose()
