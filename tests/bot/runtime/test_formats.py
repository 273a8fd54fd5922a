"""Stored formats in the runtime: a match stored in an older format is upgraded
when it is loaded, saved in the current format by its next step, and never
upgraded again; its log's actions are upgraded from their own versions when it
is replayed (both databases)."""

from __future__ import annotations

from typing import Any

import pytest

import games
from bot.runtime.replay import replay
from games.core.formats import Formats, Upgrade
from storage.repository import MatchRepository
from tests.bot.runtime.conftest import Harness


async def _stored(harness: Harness, match_id: int) -> tuple[int, list[int]]:
    """The match row's format version and its events' versions."""
    async with harness.sessions() as session:
        repo = MatchRepository(session)
        record = await repo.get(match_id)
        assert record is not None
        return record.format_version, [e.format_version for e in await repo.events(match_id)]


async def test_a_stored_match_is_upgraded_once_then_saved_in_the_new_format(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = await harness.started()
    await harness.runtime.submit_text(match_id, 0, "3")
    await harness.runtime.flush()
    assert await _stored(harness, match_id) == (1, [1, 1])
    # A release with Goofspiel's format 2: each step notes that it ran.
    ran: list[str] = []

    def noted(part: str) -> Any:
        def step(data: dict[str, Any]) -> dict[str, Any]:
            ran.append(part)
            return data

        return step

    game = games.get("goofspiel")
    formats = Formats(version=2, steps={2: Upgrade("test", noted("state"), noted("action"))})
    monkeypatch.setattr(type(game), "formats", formats)

    after = await harness.restart()  # restores the running match: its state upgraded
    assert ran == ["state"]
    assert await _stored(harness, match_id) == (1, [1, 1])  # loading writes nothing
    await after.runtime.submit_text(match_id, 1, "2")
    await after.runtime.flush()
    assert await _stored(harness, match_id) == (2, [1, 1, 2])
    again = await after.restart()
    assert ran == ["state"]  # saved in format 2: not upgraded a second time
    assert (await again.runtime.get(match_id)).format_version == 2

    # The replay upgrades the one action logged in format 1, not the one in 2.
    ran.clear()
    record = await again.runtime.get(match_id)
    async with harness.sessions() as session:
        events = await MatchRepository(session).events(match_id)
    rebuilt = replay(game, record.config, record.seed, events)
    assert ran == ["action"]
    assert rebuilt == game.load_state(record.state or "")
    await again.runtime.shut_down()
    await after.runtime.shut_down()
