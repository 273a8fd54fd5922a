"""Live streams at scale: one encoding per notice, and rows another process
commits reach this process's streams at once (PostgreSQL's NOTIFY, SQLite's
quick poll), not at the feed's slow poll."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.runtime import ListDelivery, ManualTime, MatchRuntime, Scheduler
from bot.web import Limits
from storage.records import NewMatch, PlayerRecord
from tests.bot.web.conftest import Site, close_site, open_site, read_events, statuses, texts
from tests.bot.web.test_feed import has_text


async def test_each_notice_is_encoded_once_for_every_stream(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    site = await open_site(sessionmaker, limits=Limits(streams_per_client=12))
    try:
        match_id = await site.new_match()
        url = await site.watch_url(match_id) + "/events"
        async with AsyncExitStack() as streams:
            opened = [await streams.enter_async_context(site.http.get(url)) for _ in range(12)]
            firsts = [await read_events(r, lambda e: bool(statuses(e)), 5) for r in opened]
            async with site.http.get(url) as one_too_many:
                assert one_too_many.status == 429  # the per-client limit still holds
            feed = site.server.feeds.feed(match_id)
            assert feed is not None
            assert feed.watchers == 12
            before, messages = feed.encoded, len(feed.messages)
            await site.runtime.submit_text(match_id, 0, "play 4")
            await site.runtime.submit_text(match_id, 1, "play 2")
            await site.runtime.flush()
            news = [await read_events(r, has_text("claims"), 5) for r in opened]
            assert len(feed.messages) > messages
            # Twelve streams got the new messages; each was encoded once.
            assert feed.encoded - before == len(feed.messages) - messages
        assert all(texts(e) == texts(firsts[0]) for e in firsts)
        assert all(texts(e) == texts(news[0]) for e in news)
    finally:
        await close_site(site)


@asynccontextmanager
async def another_process(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> AsyncIterator[MatchRuntime]:
    """A runtime that pokes no feed of the site's: as a shard that does not share
    the web's process, or the bot while ``genius-bot web`` runs alone, it is
    heard of only through the database."""
    elsewhere = MatchRuntime(
        sessionmaker, ListDelivery(), scheduler=Scheduler(ManualTime(), auto=False),
        checkpoint_seconds=0,
    )  # fmt: skip
    await elsewhere.start_up()
    try:
        yield elsewhere
    finally:
        await elsewhere.shut_down()


async def started_elsewhere(elsewhere: MatchRuntime) -> int:
    players = [PlayerRecord(seat=0, user_id=1), PlayerRecord(seat=1, user_id=2)]
    new = NewMatch(guild_id=1, game="goofspiel", config={}, seed=3, players=players)
    match_id = (await elsewhere.create(new)).id
    await elsewhere.start(match_id)
    return match_id


async def passes(elsewhere: MatchRuntime, match_id: int) -> None:
    await elsewhere.submit_text(match_id, 0, "pass")
    await elsewhere.submit_text(match_id, 1, "pass")
    await elsewhere.flush()


async def test_another_processs_moves_arrive_at_once_not_at_the_slow_poll(
    site: Site, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    """The site's own feed polls every 60 s (the fixture): a move committed by
    another runtime arrives within seconds only through the database's nudge."""
    async with another_process(sessionmaker) as elsewhere:
        match_id = await started_elsewhere(elsewhere)
        async with site.http.get(await site.watch_url(match_id) + "/events") as response:
            await read_events(response, lambda e: bool(statuses(e)), 5)
            started = asyncio.get_running_loop().time()
            await passes(elsewhere, match_id)
            assert await read_events(response, has_text("claims"), 5)
            assert asyncio.get_running_loop().time() - started < 5


async def test_nobody_watching_runs_no_nudge_and_the_first_watcher_starts_it(
    site: Site, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    """An unwatched server listens and polls for nothing: no task, no timer (a
    bot idle for hours, or a simulated loop, is not woken for nobody)."""
    assert site.server._nudging is None
    async with another_process(sessionmaker) as elsewhere:
        match_id = await started_elsewhere(elsewhere)
        async with site.http.get(await site.watch_url(match_id) + "/events") as response:
            await read_events(response, lambda e: bool(statuses(e)), 5)
            nudging = site.server._nudging
            assert nudging is not None
            assert not nudging.done()
