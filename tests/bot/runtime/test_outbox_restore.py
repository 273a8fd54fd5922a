"""The outbox across crashes: what is re-sent after a restart, and what is not."""

from __future__ import annotations

import asyncio
from typing import Any

from storage.records import MatchStatus
from storage.repository import MatchRepository
from tests.bot.runtime.conftest import Harness


class Down:
    """A delivery port that is never reachable: messages stay in the outbox."""

    async def deliver(self, *args: Any) -> None:
        raise ConnectionError("Discord is unreachable")


async def test_an_aborted_match_still_gets_its_last_messages(harness: Harness) -> None:
    """The abort is committed but not delivered when the process dies: the next
    start delivers it, though the match is over and not restored."""
    match_id = await harness.started()
    harness.runtime._outbox.port = Down()
    await harness.runtime.abort(match_id)
    await harness.runtime.flush()
    harness.runtime.scheduler._heap.clear()  # the process dies
    after = await harness.restart()
    for target in ("public", "0", "1"):
        assert after.port.kinds(target, match_id) == ["match_aborted"], target
    again = await harness.restart()  # and only once
    assert again.port.delivered == []
    await after.runtime.shut_down()
    await again.runtime.shut_down()


async def test_a_finished_match_still_gets_its_result(harness: Harness) -> None:
    """The last auction's result and the match's end reach the room after a restart."""
    match_id = await harness.started()
    for _ in range(35):
        await harness.advance(90)
    harness.runtime._outbox.port = Down()
    await harness.advance(90)  # the 36th auction times out: the match is over
    assert (await harness.runtime.get(match_id)).status is MatchStatus.FINISHED
    harness.runtime.scheduler._heap.clear()  # the process dies
    after = await harness.restart()
    room = after.port.kinds("public", match_id)
    assert room[-1] == "match_over"
    assert "match_resumed" not in room  # a match that is over does not resume
    assert (await after.runtime.get(match_id)).status is MatchStatus.FINISHED
    await after.runtime.shut_down()


async def test_each_message_is_marked_once_out_not_when_its_batch_is(harness: Harness) -> None:
    """A delivery stuck in the middle of a step's messages: those already out are
    marked meanwhile, so a crash now would re-send only from the stuck one on."""
    gate = asyncio.Event()
    delivered: list[str] = []

    class SlowSecond:
        async def deliver(self, match: Any, target: str, notices: list[Any]) -> None:
            if delivered:
                await gate.wait()  # the second message hangs (a slow channel)
            delivered.append(target)

    harness.runtime._outbox.port = SlowSecond()
    match_id = await harness.new_match()
    await harness.runtime.start(match_id)
    for _ in range(200):  # the marker runs on its own; give it its turn
        async with harness.sessions() as session:
            left = await MatchRepository(session).undelivered(match_id)
        if len(left) < 3:
            break
        await asyncio.sleep(0.01)
    assert delivered == ["public"]
    assert [row.target for row in left] == ["0", "1"]
    gate.set()
    await harness.runtime.flush()
