"""`genius-bot db check`: every stored match this version cannot load or replay,
one line each with the reason, exit 1; exit 0 with one line when all load; a
bad database URL is one line and exit 2, as for the other commands. SQLite and,
when configured, PostgreSQL."""

from __future__ import annotations

import asyncio
import os

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.cli import main
from tests.bot.runtime.conftest import make_harness
from tests.bot.unloadable_support import REASON, break_state


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: os.PathLike[str]) -> None:
    for name in list(os.environ):
        if name.startswith("GENIUS_") and name != "GENIUS_TEST_POSTGRES_URL":
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)


async def _check(monkeypatch: pytest.MonkeyPatch, url: str) -> int:
    monkeypatch.setenv("GENIUS_DATABASE__URL", url)
    # The command runs its own event loop, as from a shell.
    return await asyncio.to_thread(main, ["db", "check"])


async def test_it_names_the_match_that_does_not_load(
    db_url: str,
    sessionmaker: async_sessionmaker[AsyncSession],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    harness = make_harness(sessionmaker)
    await harness.runtime.start_up()
    broken = await harness.started()
    fine = await harness.started()
    await harness.runtime.submit_text(fine, 0, "3")
    await harness.runtime.shut_down()

    assert await _check(monkeypatch, db_url) == 0
    out = capsys.readouterr().out
    assert out == "all 2 matches load and replay to their stored state\n"

    await break_state(sessionmaker, broken)
    assert await _check(monkeypatch, db_url) == 1
    said = capsys.readouterr()
    assert said.out == f"match {broken} (goofspiel, running): does not load: {REASON}\n"
    assert said.err == ("genius-bot: 1 of 2 stored matches cannot be played on by this version\n")


async def test_a_bad_database_url_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert await _check(monkeypatch, "mysql://u@db.example/genius") == 2
    err = capsys.readouterr().err
    assert err.startswith("genius-bot: database.url ")
    assert err.count("\n") == 1
