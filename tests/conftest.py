"""Shared fixtures: a migrated database on SQLite and, when configured, PostgreSQL;
and the grouping that keeps a module's shared setup on one xdist worker."""

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

#: Fixture scopes whose value a whole module (or a class in it) shares.
_MODULE_SCOPES = frozenset({"module", "class"})


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """`make test` runs the suite on xdist workers with ``--dist loadgroup``. A
    module-scoped fixture is built once per worker that runs one of its tests, so
    a module sharing one (the soak, the replayed exports) is kept on one worker;
    otherwise both would pay for it. Session-scoped fixtures stay per worker."""
    for item in items:
        if _shares_module_setup(item):
            module = item.nodeid.split("::", 1)[0]
            item.add_marker(pytest.mark.xdist_group(module))


def _shares_module_setup(item: pytest.Item) -> bool:
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    # A baseid of "" is a plugin's fixture (tmp_path_factory, say), not the suite's.
    return any(
        defs[-1].scope in _MODULE_SCOPES and defs[-1].baseid != ""
        for defs in info.name2fixturedefs.values()
    )


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
