"""The runtime's side of the host's tools: a reveal only once the match is over,
once, committed and logged like a host command; an export read as one snapshot
(SQLite and, when configured, PostgreSQL)."""

from __future__ import annotations

import pytest

import games
from bot.runtime import replay
from games import Rejected
from storage.records import MatchStatus
from storage.repository import MatchRepository
from tests.bot.runtime.conftest import Harness


async def test_a_running_match_keeps_its_secrets(harness: Harness) -> None:
    match_id = await harness.started()
    await harness.runtime.submit_text(match_id, 0, "3")
    await harness.runtime.flush()
    before = len(harness.port.delivered)
    with pytest.raises(
        Rejected,
        match=r"is not over \(running\): its secrets can be revealed only once it finishes",
    ):
        await harness.runtime.reveal(match_id)
    await harness.runtime.pause(match_id)
    with pytest.raises(Rejected, match=r"is not over \(paused\)"):
        await harness.runtime.reveal(match_id)
    await harness.runtime.flush()
    assert "secrets_revealed" not in harness.port.kinds()
    assert len(harness.port.delivered) == before + 3  # only the pause, to room and seats


async def test_after_an_abort_the_sealed_bid_is_revealed_to_the_room_once(
    harness: Harness,
) -> None:
    match_id = await harness.started()
    await harness.runtime.submit_text(match_id, 0, "3")
    await harness.runtime.abort(match_id)
    assert await harness.runtime.reveal(match_id) == 1
    await harness.runtime.flush()
    (revealed,) = [
        n
        for d in harness.port.delivered
        for n in d.notices
        if n.kind == "secrets_revealed" and d.target == "public"
    ]
    assert revealed.data["sealed"] == {
        "number": 1,
        "letter": "A",
        "cell": "r1c1",
        "bids": [3, None],
    }
    assert [
        d.target for d in harness.port.delivered if d.notices[0].kind == "secrets_revealed"
    ] == ["public"]
    with pytest.raises(Rejected, match="secrets were already revealed in its room"):
        await harness.runtime.reveal(match_id)
    record = await harness.runtime.get(match_id)
    assert record.status is MatchStatus.ABORTED  # the reveal changes nothing else


async def test_a_reveal_is_logged_and_the_log_still_replays(harness: Harness) -> None:
    match_id = await harness.started()
    for _ in range(36):
        await harness.advance(90)
    assert (await harness.runtime.get(match_id)).status is MatchStatus.FINISHED
    await harness.runtime.reveal(match_id)
    restarted = await harness.restart()  # a fresh runtime reads it from the database
    with pytest.raises(Rejected, match="already revealed"):
        await restarted.runtime.reveal(match_id)
    game = games.get("goofspiel")
    async with harness.sessions() as session:
        repo = MatchRepository(session)
        stored = await repo.get(match_id)
        events = await repo.events(match_id)
    assert stored is not None
    assert stored.state is not None
    assert events[-1].payload == {"command": "reveal"}
    assert replay(game, stored.config, stored.seed, events) == game.load_state(stored.state)
    await restarted.runtime.shut_down()


async def test_a_match_that_never_started_has_no_secrets(harness: Harness) -> None:
    match_id = await harness.new_match()
    await harness.runtime.abort(match_id)
    with pytest.raises(Rejected, match="never started, so it has no secrets"):
        await harness.runtime.reveal(match_id)


async def test_an_export_of_a_running_match_is_its_stored_state_and_whole_log(
    harness: Harness,
) -> None:
    match_id = await harness.started()
    await harness.runtime.submit_text(match_id, 0, "3")
    await harness.runtime.submit_text(match_id, 1, "pass")
    export = await harness.runtime.export(match_id, ["Ann", "Bo"])
    assert [e.kind for e in export.events] == ["host", "action", "action"]
    assert export.outcome is None
    assert export.status == "running"
    assert [(s.seat, s.user_id, s.name) for s in export.seats] == [
        (0, "100", "Ann"),
        (1, "101", "Bo"),
    ]
    game = games.get("goofspiel")
    rebuilt = replay(game, export.config, export.seed, export.events)
    assert rebuilt == game.State.model_validate(export.state)
    with pytest.raises(Rejected, match="There is no match #99"):
        await harness.runtime.export(99, ["Ann", "Bo"])
