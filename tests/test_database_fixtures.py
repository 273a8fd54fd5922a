"""The database fixtures (tests/conftest.py): ``sessionmaker`` hands out a copy of
a database its worker migrated once, which must be what migrating an empty one
gives; ``db_url`` alone stays empty, for the tests of the migrations themselves."""

from __future__ import annotations

import sqlite3

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage import MatchRepository, NewMatch, alembic_config, make_engine
from storage.tables import Base
from tests.conftest import HeadTemplates


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


async def test_a_copy_leaves_the_template_as_it_was(
    sessionmaker: async_sessionmaker[AsyncSession], head_templates: HeadTemplates
) -> None:
    async with sessionmaker.begin() as session:
        created = await MatchRepository(session).create(
            NewMatch(guild_id=1, game="goofspiel", config={}, seed=1, players=[])
        )
    assert created.id == 1  # numbering starts afresh in every copy
    template = await head_templates.sqlite()
    with sqlite3.connect(template) as conn:
        assert conn.execute("SELECT count(*) FROM matches").fetchone() == (0,)


async def test_db_url_alone_is_an_empty_database(db_url: str) -> None:
    engine = make_engine(db_url)
    try:
        async with engine.connect() as conn:
            assert await conn.run_sync(lambda c: inspect(c).get_table_names()) == []
    finally:
        await engine.dispose()
