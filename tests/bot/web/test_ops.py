"""What an operator's tools ask the web pages' server: /healthz, /readyz and
/metrics (read with prometheus-client's own parser)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families
from pydantic import ValidationError
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.config import HealthSettings, MetricsSettings, Settings
from bot.demo.match import play_match
from bot.ops.health import Readiness
from bot.ops.metrics import Metrics
from bot.web import WebServer
from storage import make_engine, make_sessionmaker
from storage.tables import EventRow, OutboxRow
from tests.bot.web.conftest import Site, close_site, open_site, read_events

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def samples(text: str) -> Samples:
    """Every sample by name and labels, as Prometheus would read the page."""
    found: Samples = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


async def scrape(site: Site) -> Samples:
    status, body, headers = await site.get(site.url + "/metrics")
    assert status == 200, body
    assert headers["Content-Type"].startswith("text/plain")
    return samples(body.decode())


async def test_health_and_metrics_by_default(site: Site) -> None:
    """/healthz and /readyz answer; /metrics is off: the plain 404."""
    assert (await site.get(site.url + "/healthz"))[:2] == (200, b"ok\n")
    assert (await site.get(site.url + "/readyz"))[:2] == (200, b"ready\n")
    status, body, _ = await site.get(site.url + "/metrics")
    assert status == 404
    assert b"Not found" in body


def test_metrics_need_the_web_pages_server() -> None:
    with pytest.raises(ValidationError, match=r"metrics\.enabled needs web\.port"):
        Settings(metrics=MetricsSettings(enabled=True))


@pytest.fixture
async def metered(sessionmaker: async_sessionmaker[AsyncSession]) -> Any:
    site = await open_site(sessionmaker, metrics=Metrics())
    yield site
    await close_site(site)


async def test_metrics_after_a_played_match(
    metered: Site, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    site = metered
    runtime = site.runtime
    record = await play_match(runtime, "goofspiel", 7, {})
    async with sessionmaker() as session:
        moves = await session.scalar(
            select(func.count()).where(EventRow.match_id == record.id, EventRow.kind == "action")
        )
    assert moves is not None
    assert moves > 30  # a whole match of Square Goofspiel
    # A spectator watching another match live: the streams gauge counts it.
    watched = await site.new_match()
    # Its first auction's clock runs out: reminders, then the expiry, fire.
    await runtime.scheduler.advance(95)
    await runtime.flush()
    async with site.http.get(await site.watch_url(watched) + "/events") as stream:
        await read_events(stream, lambda events: bool(events), 5)
        seen = await scrape(site)
    # The server notices the spectator left at its next heartbeat (0.2 s here).
    for _ in range(50):
        if (await scrape(site))[("genius_web_streams", ())] == 0:
            break
        await asyncio.sleep(0.1)
    else:
        raise AssertionError("the stream was never counted closed")

    assert seen[("genius_moves_committed_total", (("game", "goofspiel"),))] == moves
    assert seen[("genius_moves_committed_total", (("game", "decoder"),))] == 0
    assert seen[("genius_move_commit_seconds_count", ())] == moves
    assert 0 < seen[("genius_move_commit_seconds_sum", ())] < moves * 5
    assert seen[("genius_matches", (("game", "goofspiel"), ("status", "finished")))] == 1
    assert seen[("genius_matches", (("game", "goofspiel"), ("status", "running")))] == 1
    assert seen[("genius_outbox_undelivered_messages", ())] == 0
    assert seen[("genius_outbox_oldest_undelivered_age_seconds", ())] == 0
    # Every committed step went through the writer: at least the moves, each batch
    # counted once; on the test's manual clock every timer fires exactly on time.
    batches = seen[("genius_writer_batch_steps_count", ())]
    assert seen[("genius_writer_batch_steps_bucket", (("le", "+Inf"),))] == batches
    assert seen[("genius_writer_batch_steps_sum", ())] >= moves
    assert seen[("genius_timer_lateness_seconds_count", ())] > 0
    assert seen[("genius_timer_lateness_seconds_sum", ())] == 0
    assert seen[("genius_web_streams", ())] == 1
    assert seen[("genius_errors_total", (("kind", "delivery"),))] == 0


async def test_readyz_is_503_when_the_database_is_unreachable() -> None:
    engine = make_engine("postgresql+asyncpg://postgres@127.0.0.1:1/nowhere")
    sessions = make_sessionmaker(engine)
    server = WebServer(sessions, port=0, readiness=Readiness(sessions, HealthSettings()))
    await server.start()
    try:
        import aiohttp

        async with aiohttp.ClientSession() as http:
            async with http.get(server.url + "/readyz") as response:
                assert response.status == 503
                body = await response.text()
            async with http.get(server.url + "/healthz") as response:
                assert response.status == 200  # alive all the same
    finally:
        await server.stop()
        await engine.dispose()
    assert body.startswith("database: ")
    assert body.count("\n") == 1


async def test_readyz_is_503_while_a_message_waits_past_the_threshold(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    readiness = Readiness(sessionmaker, HealthSettings(outbox_stuck_seconds=60), delivers=True)
    site = await open_site(sessionmaker, readiness=readiness)
    try:
        match_id = await site.new_match()
        assert (await site.get(site.url + "/readyz"))[0] == 200
        # One of its messages has waited two minutes undelivered (Discord refusing it).
        async with sessionmaker.begin() as session:
            first = await session.scalar(
                select(func.min(OutboxRow.id)).where(OutboxRow.match_id == match_id)
            )
            await session.execute(
                update(OutboxRow)
                .where(OutboxRow.id == first)
                .values(delivered=False, created_at=datetime.now(UTC) - timedelta(seconds=120))
            )
        status, body, _ = await site.get(site.url + "/readyz")
        assert status == 503
        assert body.decode().startswith("outbox: a message has waited 120 s to be delivered")
        assert "over 60 s; 1 undelivered" in body.decode()
        # Under the threshold it is only a backlog.
        async with sessionmaker.begin() as session:
            await session.execute(
                update(OutboxRow)
                .where(OutboxRow.id == first)
                .values(created_at=datetime.now(UTC) - timedelta(seconds=30))
            )
        assert (await site.get(site.url + "/readyz"))[0] == 200
        # A match over drops what it could not deliver (bot.runtime.outbox): its
        # rows stay undelivered for good, and are no sign of a stuck outbox.
        async with sessionmaker.begin() as session:
            await session.execute(
                update(OutboxRow)
                .where(OutboxRow.id == first)
                .values(created_at=datetime.now(UTC) - timedelta(hours=1))
            )
        assert (await site.get(site.url + "/readyz"))[0] == 503
        await site.runtime.abort(match_id)
        await site.runtime.flush()
        assert (await site.get(site.url + "/readyz"))[0] == 200
    finally:
        await close_site(site)
