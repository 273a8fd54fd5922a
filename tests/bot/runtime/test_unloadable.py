"""A match this version cannot load is never silent (issue 17): marked with the
reason, its room, seats and host log told once (not again after a restart), no
clock driven for it, every action refused in plain words, its raw rows
exported and the match aborted without loading it; the other matches play on.
SQLite and, when configured, PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.runtime.checking import check_all
from bot.runtime.export import RawRows
from bot.runtime.loading import CannotLoad
from games import HOST, Rejected
from storage.records import MatchStatus
from storage.repository import MatchRepository
from storage.tables import MatchRow
from storage.unloadable import UnloadableRepository
from tests.bot.runtime.conftest import Harness
from tests.bot.unloadable_support import REASON, break_state, mend_state

TOLD = ["public", "0", "1", "host"]


def _told(harness: Harness, match_id: int) -> list[str]:
    """The targets told that the match cannot be loaded, in order."""
    return [
        d.target
        for d in harness.port.delivered
        if d.match_id == match_id and any(n.kind == "match_unloadable" for n in d.notices)
    ]


async def _stranded(harness: Harness) -> tuple[int, int, Harness]:
    """Two running matches; the first made unloadable, then the bot restarted."""
    broken = await harness.started()
    fine = await harness.started()
    await harness.runtime.submit_text(broken, 0, "4")
    await harness.runtime.flush()
    await harness.runtime.shut_down()
    await break_state(harness.sessions, broken)
    return broken, fine, await harness.restart()


async def test_marked_told_once_and_the_others_play_on(harness: Harness) -> None:
    broken, fine, after = await _stranded(harness)
    async with after.sessions() as session:
        mark = await UnloadableRepository(session).get(broken)
        assert await UnloadableRepository(session).get(fine) is None
    assert mark is not None
    assert mark.told_at is not None
    assert mark.reason == REASON
    assert _told(after, broken) == TOLD
    host = next(d for d in after.port.delivered if d.target == HOST and d.match_id == broken)
    assert host.notices[0].data["reason"] == mark.reason
    public = next(d for d in after.port.delivered if d.target == "public" and d.match_id == broken)
    assert "reason" not in public.notices[0].data  # field names are the host's to read
    assert after.port.kinds("public", broken) == ["match_unloadable"]  # no "resumed"
    # The other match resumed and plays.
    assert after.port.kinds("public", fine) == ["match_resumed"]
    await after.runtime.submit_text(fine, 0, "5")
    await after.runtime.submit_text(fine, 1, "2")
    await after.runtime.flush()
    assert "auction_resolved" in after.port.kinds("public", fine)

    # No clock runs for it: past every deadline, nothing fires, nothing is saved.
    clock = (await after.runtime.get(broken)).clock_ms
    await after.advance(600)
    await after.runtime.checkpoint()
    assert after.port.kinds(None, broken) == ["match_unloadable"] * 4
    async with after.sessions() as session:
        record = await MatchRepository(session).get(broken)
    assert record is not None
    assert (record.status, record.clock_ms) == (MatchStatus.RUNNING, clock)

    # Told once: not on the next restart.
    await after.runtime.shut_down()
    again = await harness.restart()
    assert _told(again, broken) == []
    await again.runtime.shut_down()


async def test_every_action_on_it_gets_the_specific_refusal(harness: Harness) -> None:
    broken, _, after = await _stranded(harness)
    runtime = after.runtime
    for attempt in (
        runtime.submit_text(broken, 1, "3"),
        runtime.view(broken, 0),
        runtime.view(broken, HOST),
        runtime.pause(broken),
        runtime.resume(broken),
        runtime.reveal(broken),
    ):
        with pytest.raises(CannotLoad) as refused:
            await attempt
        assert refused.value.message == (
            f"Match #{broken} could not be loaded after the bot was updated, so it takes no "
            "moves for now and no clock runs for it. The host has been told: they can export "
            "it or end it."
        )
        assert refused.value.for_host().startswith(
            f"Match #{broken} could not be loaded after the bot was updated: {REASON}"
        )
        assert "`/match abort` ends it" in refused.value.for_host()
    await after.runtime.flush()
    assert _told(after, broken) == TOLD  # a touch tells no one again
    await runtime.shut_down()


async def test_export_gives_its_raw_rows_and_abort_ends_it(harness: Harness) -> None:
    broken, _, after = await _stranded(harness)
    async with after.sessions() as session:
        stored = await session.scalar(select(MatchRow.state).where(MatchRow.id == broken))
    rows = await after.runtime.export(broken, ["Ann", "Bo"])
    assert isinstance(rows, RawRows)
    assert rows.reason == REASON
    assert rows.match["state"] == stored  # as stored, not parsed
    assert [e.payload.get("command", "move") for e in rows.events] == ["start", "move"]
    assert rows.names() == ("Ann", "Bo")

    record = await after.runtime.abort(broken)
    await after.runtime.flush()
    assert record.status is MatchStatus.ABORTED
    for target in ("public", "0", "1"):
        assert after.port.kinds(target, broken) == ["match_unloadable", "match_aborted"]
    async with after.sessions() as session:
        repo = MatchRepository(session)
        aborted = await repo.get(broken)
        last = (await repo.events(broken))[-1]
        state = await session.scalar(select(MatchRow.state).where(MatchRow.id == broken))
    assert aborted is not None
    assert aborted.status is MatchStatus.ABORTED
    assert last.payload == {"command": "abort", "reason": f"could not be loaded: {rows.reason}"}
    assert state == stored  # kept for whoever looks into it
    with pytest.raises(Rejected, match=f"Match #{broken} is already over"):
        await after.runtime.abort(broken)
    with pytest.raises(CannotLoad, match=r"it is over \(aborted\)\.$"):
        await after.runtime.submit_text(broken, 0, "3")
    await after.runtime.shut_down()
    again = await harness.restart()
    assert again.port.kinds(None, broken) == []  # nothing owed, nobody told twice
    await again.runtime.shut_down()


async def test_the_mark_goes_once_it_loads_again(harness: Harness) -> None:
    broken, _, after = await _stranded(harness)
    await after.runtime.shut_down()
    await mend_state(harness.sessions, broken)
    again = await harness.restart()
    async with again.sessions() as session:
        assert await UnloadableRepository(session).get(broken) is None
    assert again.port.kinds("public", broken) == ["match_resumed"]
    await again.runtime.submit_text(broken, 1, "3")
    await again.runtime.shut_down()


async def test_check_names_what_does_not_load_or_replay(harness: Harness) -> None:
    broken = await harness.started()
    await harness.runtime.submit_text(broken, 0, "4")
    fine = await harness.started()
    await harness.runtime.submit_text(fine, 0, "2")
    await harness.runtime.submit_text(fine, 1, "3")
    await harness.new_match()  # not started: nothing to replay
    await harness.runtime.flush()
    assert (await check_all(harness.sessions)).problems == []

    await break_state(harness.sessions, broken)
    async with harness.sessions.begin() as session:  # a bid the log never had
        repo = MatchRepository(session)
        record = await repo.get(fine)
        assert record is not None
        assert record.state is not None
        await repo.update(
            fine,
            expected_version=record.version,
            state=record.state.replace('"bids":[null,null]', '"bids":[9,null]'),
        )
    checked = await check_all(harness.sessions)
    assert checked.matches == 3
    assert [p.line() for p in checked.problems] == [
        f"match {broken} (goofspiel, running): does not load: {REASON}",
        f"match {fine} (goofspiel, running): does not replay: its event log, replayed from "
        "the start, does not reach its stored state",
    ]
