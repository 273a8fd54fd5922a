"""The match runtime on a manual clock, a list port and a real database."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

import games
from bot.runtime import ListDelivery, MatchRuntime, Scheduler, replay
from bot.runtime.unanswered import NotTaken
from games import HOST, Rejected
from storage.records import MatchStatus, NewMatch
from storage.repository import MatchRepository
from tests.bot.runtime.conftest import Harness, make_harness


def notices(port: ListDelivery, kind: str, target: str | None = None) -> list[dict[str, Any]]:
    return [
        n.data
        for d in port.delivered
        if target is None or d.target == target
        for n in d.notices
        if n.kind == kind
    ]


async def test_start_opens_the_first_auction_for_everyone(harness: Harness) -> None:
    """Starting tells the room and both seats, then opens auction A."""
    match_id = await harness.started()
    for target in ("public", "0", "1"):
        assert "match_started" in harness.port.kinds(target)
    assert notices(harness.port, "auction_opened", "public")[0]["cell"] == "r1c1"
    assert [d["cell"] for d in notices(harness.port, "bid_requested", "0")] == ["r1c1"]
    assert (await harness.runtime.get(match_id)).status is MatchStatus.RUNNING


async def test_moves_before_start_are_refused(harness: Harness) -> None:
    match_id = await harness.new_match()
    with pytest.raises(Rejected, match="hasn't started"):
        await harness.runtime.submit_text(match_id, 0, "3")


async def test_both_bids_resolve_the_auction(harness: Harness) -> None:
    match_id = await harness.started()
    mine = await harness.runtime.submit_text(match_id, 0, "play 3")
    assert [n.kind for n in mine] == ["bid_received"]
    await harness.runtime.submit_text(match_id, 1, "2")
    await harness.runtime.flush()
    resolved = notices(harness.port, "auction_resolved", "public")
    assert resolved[0]["bids"] == [3, 2]
    assert resolved[0]["winner"] == 0


async def test_timeout_is_a_pass(harness: Harness) -> None:
    """At 90 s a missing bid becomes a pass; the bid that was in still counts."""
    match_id = await harness.started()
    await harness.runtime.submit_text(match_id, 1, "1")
    await harness.advance(89.9)
    assert notices(harness.port, "auction_resolved") == []
    await harness.advance(0.1)
    resolved = notices(harness.port, "auction_resolved", "public")
    assert resolved[0]["bids"] == [0, 1]
    assert resolved[0]["timed_out"] == [True, False]
    assert resolved[0]["winner"] == 1


async def test_reminders_at_30_15_5(harness: Harness) -> None:
    """Each seat still to bid is reminded at 30, 15 and 5 s left; one that bid is not."""
    match_id = await harness.started()
    await harness.runtime.submit_text(match_id, 0, "pass")
    await harness.advance(59.99)
    assert notices(harness.port, "reminder") == []
    await harness.advance(0.01)
    assert [d["seconds_left"] for d in notices(harness.port, "reminder", "1")] == [30]
    await harness.advance(15)
    await harness.advance(10)
    assert [d["seconds_left"] for d in notices(harness.port, "reminder", "1")] == [30, 15, 5]
    assert notices(harness.port, "reminder", "0") == []


async def test_a_move_overtaken_by_its_deadline_is_too_late(harness: Harness) -> None:
    """A bid that arrives while its deadline is firing is refused, not moved to the next cell."""
    match_id = await harness.started()
    await harness.advance(89.99)  # reminders done; the deadline is next
    live = harness.runtime._matches.get(match_id)
    assert live is not None
    await live.lock.acquire()  # hold the match so the expiry and the bid queue up, in that order
    expiry = asyncio.create_task(harness.runtime.scheduler.advance(0.01))
    await asyncio.sleep(0)
    bid = asyncio.create_task(harness.runtime.submit_text(match_id, 0, "6"))
    await asyncio.sleep(0)
    live.lock.release()
    await expiry
    with pytest.raises(Rejected, match="Too late"):
        await bid
    await harness.runtime.flush()
    assert notices(harness.port, "auction_resolved")[0]["bids"] == [0, 0]
    view = await harness.runtime.view(match_id, 0)
    assert view["hands"][0].count(6) == 1, "the refused 6 was not spent"


async def test_a_stale_button_is_refused(harness: Harness) -> None:
    match_id = await harness.started()
    window = notices(harness.port, "bid_requested", "0")[0]["window"]
    await harness.advance(90)
    with pytest.raises(Rejected, match="Too late"):
        await harness.runtime.submit_text(match_id, 0, "4", window=window)


async def test_racing_bids_for_one_auction_only_one_wins(harness: Harness) -> None:
    """Two bids racing to close auction A: one resolves it, the other is refused."""
    match_id = await harness.started()
    await harness.runtime.submit_text(match_id, 1, "1")
    results = await asyncio.gather(
        harness.runtime.submit_text(match_id, 0, "3"),
        harness.runtime.submit_text(match_id, 0, "5"),
        return_exceptions=True,
    )
    assert sum(isinstance(r, Rejected) for r in results) == 1
    await harness.runtime.flush()
    resolved = notices(harness.port, "auction_resolved")
    assert len(resolved) == 1
    assert resolved[0]["bids"][0] in (3, 5)
    state_view = await harness.runtime.view(match_id, HOST)
    assert state_view["letter"] == "B"
    assert state_view["bids_in"] == [False, False], "the loser did not become a bid on B"


async def test_pause_freezes_and_resume_continues_with_the_time_left(harness: Harness) -> None:
    match_id = await harness.started()
    await harness.advance(50)
    await harness.runtime.pause(match_id, "tea break")
    with pytest.raises(Rejected, match="paused \\(tea break\\)"):
        await harness.runtime.submit_text(match_id, 0, "3")
    await harness.advance(600)  # paused time is never charged
    assert notices(harness.port, "auction_resolved") == []
    await harness.runtime.resume(match_id)
    await harness.advance(39.9)
    assert notices(harness.port, "auction_resolved") == []
    await harness.advance(0.1)
    assert len(notices(harness.port, "auction_resolved")) == 1
    for target in ("public", "0", "1"):
        kinds = harness.port.kinds(target)
        assert kinds.index("match_paused") < kinds.index("match_resumed")


async def test_abort_stops_the_clock(harness: Harness) -> None:
    match_id = await harness.started()
    await harness.runtime.abort(match_id)
    await harness.advance(200)
    assert notices(harness.port, "auction_resolved") == []
    assert (await harness.runtime.get(match_id)).status is MatchStatus.ABORTED
    with pytest.raises(Rejected, match="over"):
        await harness.runtime.submit_text(match_id, 0, "3")


async def test_host_commands_in_the_wrong_state_are_refused(harness: Harness) -> None:
    match_id = await harness.new_match()
    with pytest.raises(Rejected, match="not running"):
        await harness.runtime.pause(match_id)
    await harness.runtime.start(match_id)
    with pytest.raises(Rejected, match="already started"):
        await harness.runtime.start(match_id)
    with pytest.raises(Rejected, match="not paused"):
        await harness.runtime.resume(match_id)


async def test_bad_config_is_refused_at_create(harness: Harness) -> None:
    """Bad options and unknown games are refused before anything is stored."""
    with pytest.raises(Rejected, match="move_seconds"):
        await harness.new_match(move_seconds="soon")
    chess = NewMatch(guild_id=1, game="chess", config={}, seed=1, players=[])
    with pytest.raises(Rejected, match="no game called 'chess'"):
        await harness.runtime.create(chess)
    assert await harness.runtime.list_for_guild(1) == []


async def test_a_whole_match_by_timeouts_finishes_and_replays(harness: Harness) -> None:
    """36 auctions of nothing but timeouts end the match; the log replays to the stored state."""
    match_id = await harness.started()
    for _ in range(36):
        await harness.advance(90)
    record = await harness.runtime.get(match_id)
    assert record.status is MatchStatus.FINISHED
    assert notices(harness.port, "match_over", "public")[0]["winner"] is None
    game = games.get("goofspiel")
    async with harness.sessions() as session:
        repo = MatchRepository(session)
        stored = await repo.get(match_id)
        events = await repo.events(match_id)
    assert stored is not None
    assert stored.state is not None
    assert replay(game, stored.config, stored.seed, events) == game.load_state(stored.state)


async def test_crash_between_commit_and_delivery_delivers_once_after_restore(
    harness: Harness,
) -> None:
    """Killed after a commit but before delivery: the restored bot delivers it exactly once."""

    class Down:
        async def deliver(self, *args: Any) -> None:
            raise ConnectionError("Discord is unreachable")

    match_id = await harness.started()
    harness.runtime._outbox.port = Down()  # the next deliveries fail, as if the process died
    await harness.runtime.submit_text(match_id, 0, "2")
    await harness.runtime.submit_text(match_id, 1, "4")
    await harness.runtime.flush()
    assert notices(harness.port, "auction_resolved") == []
    # The process dies: no shutdown, no checkpoint. A new one starts on the same database.
    harness.runtime.scheduler._heap.clear()
    after = await harness.restart()
    resolved = notices(after.port, "auction_resolved", "public")
    assert [r["bids"] for r in resolved] == [[2, 4]]
    assert "match_resumed" in after.port.kinds("public")
    again = await harness.restart()  # a second restart sends nothing twice
    assert notices(again.port, "auction_resolved") == []
    await after.runtime.shut_down()
    await again.runtime.shut_down()


async def test_restart_never_charges_downtime(harness: Harness) -> None:
    """The clock resumes from its checkpoint: time the bot was down is not charged."""
    match_id = await harness.started()
    await harness.advance(40)
    await harness.runtime.checkpoint()
    harness.runtime.scheduler._heap.clear()  # the process dies
    harness.time.t += 3600  # an hour of downtime
    after = await harness.restart()
    await after.advance(49.9)
    assert notices(after.port, "auction_resolved") == []
    await after.advance(0.1)
    assert len(notices(after.port, "auction_resolved")) == 1
    assert (await after.runtime.view(match_id, HOST))["letter"] == "B"
    await after.runtime.shut_down()


async def test_a_failed_delivery_is_retried_in_order(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    """A delivery that fails once is retried, and nothing after it jumps the queue."""
    # The retry waits on the loop's real clock: a short one, not the 5 s default.
    harness = make_harness(sessionmaker, retry_seconds=0.05)
    await harness.runtime.start_up()
    try:
        await _retried_in_order(harness)
    finally:
        await harness.runtime.shut_down()


async def _retried_in_order(harness: Harness) -> None:
    failures = {"left": 1}
    real = harness.port

    class Flaky:
        async def deliver(self, match: Any, target: str, ns: list[Any]) -> None:
            if failures["left"]:
                failures["left"] -= 1
                raise ConnectionError("blip")
            await real.deliver(match, target, ns)

    harness.runtime._outbox.port = Flaky()
    match_id = await harness.started()
    assert real.delivered == []
    await asyncio.sleep(0.1)  # past the retry's time: its kick has run (timers run in order)
    await harness.runtime.flush()
    kinds = real.kinds("public", match_id)
    assert kinds[:3] == ["match_started", "phase_started", "auction_opened"]


async def test_a_bid_can_be_changed_by_button_until_both_are_in(harness: Harness) -> None:
    """The button window stays open for a seat that has bid: its new click replaces the bid."""
    match_id = await harness.started()
    window = notices(harness.port, "bid_requested", "0")[0]["window"]
    await harness.runtime.submit(match_id, 0, _bid(2), window=window)
    changed = await harness.runtime.submit(match_id, 0, _bid(5), window=window)
    assert changed[0].data["changed"] is True
    await harness.runtime.submit_text(match_id, 1, "4")
    await harness.runtime.flush()
    assert notices(harness.port, "auction_resolved")[0]["bids"] == [5, 4]
    with pytest.raises(Rejected, match="Too late"):
        await harness.runtime.submit(match_id, 0, _bid(1), window=window)


def _bid(card: int) -> Any:
    from games.goofspiel.models import Bid

    return Bid(card=card)


async def test_a_restart_announces_once_after_the_backlog(harness: Harness) -> None:
    """Queued messages go out first; 'resumed' is said exactly once per channel."""

    class Down:
        async def deliver(self, *args: Any) -> None:
            raise ConnectionError("Discord is unreachable")

    match_id = await harness.started()
    harness.runtime._outbox.port = Down()
    await harness.runtime.submit_text(match_id, 0, "2")
    await harness.runtime.flush()
    harness.runtime.scheduler._heap.clear()  # the process dies
    after = await harness.restart()
    for target in ("public", "0", "1"):
        kinds = after.port.kinds(target)
        assert kinds.count("match_resumed") == 1, (target, kinds)
    assert after.port.kinds("public") == ["bid_in", "match_resumed"]
    await after.runtime.shut_down()


async def test_a_failed_expiry_is_retried_not_lost(harness: Harness) -> None:
    """A database error while a deadline fires leaves the deadline standing, retried shortly."""
    match_id = await harness.started()
    live = harness.runtime._matches.get(match_id)
    assert live is not None
    writer = harness.runtime.writer
    real_transaction = writer._transaction
    failures = {"left": 1}

    async def flaky_transaction(steps: Any, marks: Any) -> Any:
        if failures["left"] and any(e.kind == "expire" for s in steps for e in s.events):
            failures["left"] -= 1
            raise OSError("disk I/O error")
        return await real_transaction(steps, marks)

    writer._transaction = flaky_transaction  # type: ignore[method-assign]
    await harness.advance(90)
    assert notices(harness.port, "auction_resolved") == []
    assert live.armed, "the deadline is still armed"
    await harness.advance(5)
    assert [r["bids"] for r in notices(harness.port, "auction_resolved")] == [[0, 0]]


async def test_a_failed_pause_leaves_the_clock_running(harness: Harness) -> None:
    """If the pause cannot be saved, the match keeps running with its clock and timers."""
    match_id = await harness.started()
    await harness.advance(30)

    async def broken(steps: Any, marks: Any) -> Any:
        raise OSError("database is gone")

    writer = harness.runtime.writer
    real_transaction = writer._transaction
    writer._transaction = broken  # type: ignore[method-assign]
    with pytest.raises(NotTaken) as refused:  # the database away: not taken, said so
        await harness.runtime.pause(match_id)
    assert isinstance(refused.value.__cause__, OSError)
    writer._transaction = real_transaction  # type: ignore[method-assign]
    live = harness.runtime._matches.get(match_id)
    assert live is not None
    assert live.clock.running
    await harness.runtime.submit_text(match_id, 0, "1")
    await harness.advance(60)
    assert notices(harness.port, "auction_resolved")[0]["bids"] == [1, 0]


async def test_an_unreadable_match_does_not_stop_the_others(harness: Harness) -> None:
    """One stored match that can't be restored does not resume (its room is told
    why instead: tests/bot/runtime/test_unloadable.py); the rest resume."""
    broken_id = await harness.started()
    good_id = await harness.started()
    async with harness.sessions.begin() as session:
        repo = MatchRepository(session)
        record = await repo.get(broken_id)
        assert record is not None
        await repo.update(broken_id, expected_version=record.version, state='{"seed": "x"}')
    harness.runtime.scheduler._heap.clear()
    after = await harness.restart()
    assert after.port.kinds("public", good_id).count("match_resumed") == 1
    assert after.port.kinds("public", broken_id) == ["match_unloadable"]
    await after.runtime.shut_down()


async def test_a_finished_match_is_forgotten_but_still_readable(harness: Harness) -> None:
    match_id = await harness.started()
    for _ in range(36):
        await harness.advance(90)
    assert match_id not in harness.runtime._matches
    assert (await harness.runtime.view(match_id, "public"))["outcome"] is not None


async def test_a_write_from_elsewhere_is_taken_not_overwritten(harness: Harness) -> None:
    """If another process saved the match first, the move is refused and the runtime resyncs."""
    match_id = await harness.started()
    async with harness.sessions.begin() as session:  # another process bids for seat 1
        repo = MatchRepository(session)
        record = await repo.get(match_id)
        assert record is not None
        game = games.get("goofspiel")
        assert record.state is not None
        theirs = game.apply(
            game.load_state(record.state), 1, game.parse(game.load_state(record.state), 1, "6"), 10
        )
        await repo.update(
            match_id, expected_version=record.version, state=theirs.state.model_dump_json()
        )
    with pytest.raises(Rejected, match="changed elsewhere"):
        await harness.runtime.submit_text(match_id, 0, "1")
    await harness.runtime.submit_text(match_id, 0, "2")
    await harness.runtime.flush()
    assert notices(harness.port, "auction_resolved")[0]["bids"] == [2, 6]


async def test_a_process_restores_only_its_own_guilds(harness: Harness) -> None:
    mine = await harness.started()
    harness.runtime.scheduler._heap.clear()
    scheduler = Scheduler(harness.time, auto=False)
    port = ListDelivery()
    runtime = MatchRuntime(harness.sessions, port, scheduler=scheduler, checkpoint_seconds=0)
    await runtime.start_up(owns_guild=lambda guild_id: guild_id != 1)
    await runtime.flush()
    assert port.kinds(match_id=mine) == []
    await runtime.shut_down()


async def test_the_host_log_records_every_move_and_timeout(harness: Harness) -> None:
    """The host may know everything: each move as made, and each window that ran out."""
    match_id = await harness.started()
    await harness.runtime.submit_text(match_id, 0, "play 3")
    await harness.advance(90)
    moves = notices(harness.port, "move_logged", "host")
    assert moves == [{"seat": 0, "move": "play 3"}]
    assert notices(harness.port, "time_ran_out", "host") == [
        {"seat": 1, "label": "your bid on cell A (r1c1)"}
    ]
    for target in ("public", "0", "1"):
        assert "move_logged" not in harness.port.kinds(target)


async def test_a_checkpoint_with_no_clock_running_touches_no_database(harness: Harness) -> None:
    """Unstarted and paused matches have no running clock: a checkpoint then opens no
    transaction (under SimCord every 5 s of a long pause paid for one); once a clock
    runs, it is saved."""
    engine = harness.sessions.kw["bind"]
    transactions: list[object] = []
    event.listen(engine.sync_engine, "begin", transactions.append)
    match_id = await harness.new_match()
    transactions.clear()
    await harness.runtime.checkpoint()
    assert transactions == []
    await harness.runtime.start(match_id)
    await harness.runtime.pause(match_id, "tea break")
    await harness.runtime.flush()
    transactions.clear()
    await harness.runtime.checkpoint()
    assert transactions == []
    await harness.runtime.resume(match_id)
    await harness.advance(7)
    transactions.clear()
    await harness.runtime.checkpoint()
    assert len(transactions) == 1
    async with harness.sessions() as session:
        record = await MatchRepository(session).get(match_id)
    assert record is not None
    assert record.clock_ms == 7000
