"""Golden matches: rows stored by earlier code (tests/golden/make.py saved them,
exactly as the database held them, with their format versions) are written into
a real database and must still be restored by today's runtime, replay from
their log to their stored state (both upgraded from the formats they were
written in), and be played to a result by the built-in players.

Restoring and replaying run on both databases; playing on to a result, which
costs the built-in players' thinking rather than the database's work, on
SQLite."""

from __future__ import annotations

import json
import logging
import random
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

import games
from bot.demo.match import play_on
from bot.kits import demo_games, demo_matches
from bot.runtime import ListDelivery, ManualTime, MatchRuntime, Scheduler, replay
from bot.runtime.stored import stored_state
from storage import make_engine, make_sessionmaker
from storage.records import MatchStatus
from storage.repository import MatchRepository
from tests.conftest import HeadDatabases
from tests.facts import fact
from tests.golden.make import KIND, POINTS, label
from tests.golden.rows import write_rows

HERE = Path(__file__).parent
FILES = sorted(HERE.glob("*/*.json"))
IDS = [f"{p.parent.name}/{p.stem}" for p in FILES]

Sessions = async_sessionmaker[AsyncSession]


def test_every_game_has_its_golden_matches() -> None:
    missing = [
        f"tests/golden/{key}/{label(options)}-{point}.json"
        for key in demo_games()
        for options in demo_matches(key)
        for point in POINTS
        if (point != "reserve" or fact(key, "on_reserve") is not None)
        and not (HERE / key / f"{label(options)}-{point}.json").is_file()
    ]
    assert missing == [], "make them: .venv/bin/python -m tests.golden.make <game>"


def _golden(path: Path) -> dict[str, Any]:
    golden: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert golden["kind"] == KIND
    (row,) = golden["rows"]["matches"]
    assert row["status"] == "running"
    assert 1 <= row["format_version"] <= games.get(golden["game"]).formats.version
    return golden


async def _held_to_its_log(sessions: Sessions, game: Any, match_id: int) -> Any:
    """The stored state, once the log is shown to replay to exactly it."""
    async with sessions() as session:
        repo = MatchRepository(session)
        record = await repo.get(match_id)
        events = await repo.events(match_id)
    assert record is not None
    stored = stored_state(game, record)
    assert replay(game, record.config, record.seed, events) == stored
    return stored


@asynccontextmanager
async def _restored(
    sessions: Sessions, golden: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> AsyncIterator[MatchRuntime]:
    """The golden rows written, checked against their log, and restored by a
    runtime starting as a restarted bot does."""
    await write_rows(sessions, golden["rows"])
    game = games.get(golden["game"])
    stored = await _held_to_its_log(sessions, game, golden["rows"]["matches"][0]["id"])
    runtime = MatchRuntime(
        sessions, ListDelivery(), scheduler=Scheduler(ManualTime(), auto=False),
        checkpoint_seconds=0,
    )  # fmt: skip
    with caplog.at_level(logging.ERROR):
        await runtime.start_up()
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    try:
        match_id = golden["rows"]["matches"][0]["id"]
        assert await runtime.to_act(match_id) == game.to_act(stored)
        yield runtime
    finally:
        await runtime.shut_down()


@pytest.mark.parametrize("path", FILES, ids=IDS)
async def test_a_golden_match_is_restored_and_replays_to_its_state(
    path: Path, sessionmaker: Sessions, caplog: pytest.LogCaptureFixture
) -> None:
    async with _restored(sessionmaker, _golden(path), caplog):
        pass


@pytest.mark.parametrize("path", FILES, ids=IDS)
async def test_a_golden_match_is_played_to_a_result_by_the_built_in_players(
    path: Path, tmp_path: Path, head_databases: HeadDatabases, caplog: pytest.LogCaptureFixture
) -> None:
    golden = _golden(path)
    file = tmp_path / "golden.db"
    shutil.copyfile(await head_databases.sqlite(), file)
    engine = make_engine(f"sqlite+aiosqlite:///{file}")
    sessions = make_sessionmaker(engine)
    key, match_id = golden["game"], golden["rows"]["matches"][0]["id"]
    try:
        async with _restored(sessions, golden, caplog) as runtime:
            ended = await play_on(runtime, match_id, key, random.Random(golden["seed"]))
            assert ended.status is MatchStatus.FINISHED
        final = await _held_to_its_log(sessions, games.get(key), match_id)
        assert games.get(key).outcome(final) is not None
    finally:
        await engine.dispose()
