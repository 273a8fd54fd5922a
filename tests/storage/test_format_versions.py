"""Migration 0006: rows stored before formats were versioned read as format 1."""

from __future__ import annotations

from sqlalchemy import text

from storage import MatchRepository, make_engine, make_sessionmaker, upgrade


async def test_rows_stored_before_0006_are_format_version_1(db_url: str) -> None:
    await upgrade(db_url, "0005")
    engine = make_engine(db_url)
    try:
        async with engine.begin() as conn:  # as the code of revision 0005 wrote them
            await conn.execute(
                text(
                    "INSERT INTO matches (id, guild_id, game, status, config, seed, state, "
                    "version, clock_ms) VALUES (1, 1, 'goofspiel', 'running', '{}', 7, "
                    "'{\"seed\": 7}', 3, 0)"
                )
            )
            await conn.execute(
                text(
                    "INSERT INTO match_events (match_id, seq, kind, actor, payload, now_ms) "
                    "VALUES (1, 1, 'host', 'host', '{\"command\": \"start\"}', 0)"
                )
            )
        await upgrade(db_url)
        async with make_sessionmaker(engine)() as session:
            repo = MatchRepository(session)
            record = await repo.get(1)
            assert record is not None
            assert (record.format_version, record.version) == (1, 3)
            assert [(e.seq, e.format_version) for e in await repo.events(1)] == [(1, 1)]
    finally:
        await engine.dispose()
