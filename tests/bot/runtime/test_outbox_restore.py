"""After a crash, the outbox re-sends what a match that has since ended still owed."""

from __future__ import annotations

from typing import Any

from storage.records import MatchStatus
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
