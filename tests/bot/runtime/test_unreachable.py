"""Channels the bot cannot reach, and the bot cut off from its platform: the match
pauses instead of retrying forever or charging players for time they could not act."""

from __future__ import annotations

from typing import Any

from bot.runtime import ListDelivery, Undeliverable
from bot.runtime.outages import OUTAGE_REASON
from games import HOST
from storage.records import MatchStatus
from tests.bot.runtime.conftest import Harness

REASON = "The bot can't post in alice's private channel: it lacks Send Messages there."


class ShutOut:
    """Seat 0's channel refuses the bot until ``fixed``; the rest goes to ``real``."""

    def __init__(self, real: ListDelivery) -> None:
        self.real = real
        self.fixed = False
        self.refused = 0

    async def deliver(self, match: Any, target: str, notices: list[Any]) -> None:
        if target == "0" and not self.fixed:
            self.refused += 1
            raise Undeliverable(REASON)
        await self.real.deliver(match, target, notices)


async def test_an_unreachable_seat_pauses_the_match_and_resume_delivers_its_backlog(
    harness: Harness,
) -> None:
    port = ShutOut(harness.port)
    harness.runtime._outbox.port = port
    match_id = await harness.started()
    record = await harness.runtime.get(match_id)
    assert record.status is MatchStatus.PAUSED
    assert record.pause_reason == REASON
    assert "match_paused" in harness.port.kinds("public", match_id)
    assert "match_paused" in harness.port.kinds(HOST, match_id)
    assert "0" not in {d.target for d in harness.port.delivered}
    # Paused: the clock stands, nothing fires, the refused channel is not hammered.
    clock = (await harness.runtime.view(match_id, HOST))["match"]["clock_ms"]
    await harness.advance(600)
    assert (await harness.runtime.view(match_id, HOST))["match"]["clock_ms"] == clock
    assert port.refused == 1

    port.fixed = True
    await harness.runtime.resume(match_id)
    await harness.runtime.flush()
    seat = harness.port.kinds("0", match_id)
    assert seat[0] == "match_started"
    assert seat[-2:] == ["match_paused", "match_resumed"]
    assert len(seat) == len(set(seat))  # each once


async def test_an_outage_holds_clocks_then_pauses_and_release_resumes(harness: Harness) -> None:
    match_id = await harness.started()
    await harness.advance(10)
    assert harness.runtime.hold_clocks() == 1
    await harness.advance(60)  # beyond nothing: the 90 s bid has not run on
    assert (await harness.runtime.view(match_id, HOST))["match"]["clock_ms"] == 10_000
    await harness.runtime.pause_held()
    record = await harness.runtime.get(match_id)
    assert (record.status, record.pause_reason) == (MatchStatus.PAUSED, OUTAGE_REASON)

    after = await harness.restart()  # the mark survives in the stored reason
    await after.runtime.release_clocks()
    await after.runtime.flush()
    assert (await after.runtime.get(match_id)).status is MatchStatus.RUNNING
    resumed = [n for d in after.port.delivered for n in d.notices if n.kind == "match_resumed"]
    assert resumed[-1].data["after_outage"] is True
    assert (await after.runtime.view(match_id, HOST))["match"]["clock_ms"] == 10_000
    await after.advance(81)
    assert "auction_resolved" in after.port.kinds("public", match_id)
    await after.runtime.shut_down()


async def test_a_match_the_host_paused_is_reported_and_stays_paused(harness: Harness) -> None:
    match_id = await harness.started()
    port = ShutOut(harness.port)
    harness.runtime._outbox.port = port
    await harness.runtime.pause(match_id, "lunch")
    await harness.runtime.flush()  # the pause notice for seat 0 is refused
    record = await harness.runtime.get(match_id)
    assert (record.status, record.pause_reason) == (MatchStatus.PAUSED, "lunch")
    assert harness.port.kinds("public", match_id)[-1] == "delivery_blocked"
    assert harness.port.kinds(HOST, match_id)[-1] == "delivery_blocked"
    port.fixed = True
    await harness.runtime.resume(match_id)
    await harness.runtime.flush()
    assert harness.port.kinds("0", match_id)[-2:] == ["match_paused", "match_resumed"]
