"""The runtime's part of a clean stop: the step in flight is committed and
acknowledged, and nothing arriving after the stop began is taken."""

from __future__ import annotations

import asyncio

import pytest

from bot.runtime.commits import STOPPING
from games import Rejected
from storage.repository import MatchRepository
from tests.bot.runtime.conftest import Harness


async def test_the_move_in_flight_is_stored_and_later_ones_are_refused(harness: Harness) -> None:
    match_id = await harness.started()
    in_flight = asyncio.create_task(harness.runtime.submit_text(match_id, 0, "play 4"))
    for _ in range(100):  # until it is handed to the writer (not yet committed)
        if harness.runtime.writer._task is not None:
            break
        await asyncio.sleep(0)
    assert harness.runtime.writer._task is not None
    stopping = asyncio.create_task(harness.runtime.shut_down())
    await asyncio.sleep(0)
    with pytest.raises(Rejected) as refused:
        await harness.runtime.submit_text(match_id, 1, "play 2")
    assert str(refused.value) == STOPPING
    assert await in_flight  # acknowledged: the seat's own notices
    await stopping
    async with harness.sessions() as session:
        events = await MatchRepository(session).events(match_id)
    moves = [(e.actor, e.payload) for e in events if e.kind == "action"]
    assert moves == [("0", {"kind": "bid", "card": 4, "auction": 1})]
