"""Per-match links: unguessable, stable, one per page, closing on time."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.web.links import EDIT, TOKEN_SHAPE, WATCH, WebLinks, open_for
from storage import server_settings
from storage.records import MatchRecord, MatchStatus
from storage.server_settings import ServerSettings
from tests.bot.web.conftest import Site


def record(status: MatchStatus, updated: datetime) -> MatchRecord:
    return MatchRecord(
        id=1, guild_id=1, game="goofspiel", status=status, config={}, seed=1, state=None,
        version=1, clock_ms=0, pause_reason=None, category_id=None, room_channel_id=None,
        host_channel_id=None, players=[], created_at=updated, updated_at=updated,
    )  # fmt: skip


async def test_tokens_are_random_and_say_nothing_of_the_match(site: Site) -> None:
    ids = [await site.new_match(start=False) for _ in range(3)]
    tokens = [await site.server.links.token(i, WATCH) for i in ids]
    tokens += [await site.server.links.token(i, EDIT) for i in ids]
    assert len(set(tokens)) == 6
    for token in tokens:
        assert TOKEN_SHAPE.fullmatch(token)
        assert len(token) >= 24  # 18 random bytes
    assert [await site.server.links.token(i, WATCH) for i in ids] == tokens[:3]  # stable


async def test_a_link_is_made_once_even_when_asked_for_at_once(
    sessionmaker: async_sessionmaker[AsyncSession], site: Site
) -> None:
    match_id = await site.new_match(start=False)
    # Separate link makers (as two processes would be) racing for the first token.
    makers = [WebLinks(sessionmaker, "http://x") for _ in range(5)]
    tokens = await asyncio.gather(*(m.token(match_id, WATCH) for m in makers))
    assert len(set(tokens)) == 1


async def test_resolve_checks_the_page_and_the_match(site: Site) -> None:
    match_id = await site.new_match()
    links = site.server.links
    watch = await links.token(match_id, WATCH)
    edit = await links.token(match_id, EDIT)
    assert (await links.resolve(watch, WATCH)).id == match_id  # type: ignore[union-attr]
    assert await links.resolve(watch, EDIT) is None
    assert (await links.resolve(edit, EDIT)).id == match_id  # type: ignore[union-attr]
    assert await links.resolve("x" * 24, WATCH) is None
    assert await links.resolve("bad token!", WATCH) is None
    assert await links.resolve("'; drop table matches; --", WATCH) is None
    await site.runtime.abort(match_id)
    assert await links.resolve(edit, EDIT) is None  # editors close with the match
    assert await links.resolve(watch, WATCH) is not None  # it is the match's page now
    # By default the page stays as long as the match is stored ...
    years = datetime.now(UTC) + timedelta(days=3650)
    assert await links.resolve(watch, WATCH, now=years) is not None
    # ... and for as long as its server's hosts say, if they say.
    async with site.server.context.sessions.begin() as session:
        await server_settings.save(session, 1, ServerSettings(match_page_days=7))
    week = datetime.now(UTC) + timedelta(days=6)
    assert await links.resolve(watch, WATCH, now=week) is not None
    later = datetime.now(UTC) + timedelta(days=7, hours=1)
    assert await links.resolve(watch, WATCH, now=later) is None
    async with site.server.context.sessions.begin() as session:
        await server_settings.save(session, 2, ServerSettings(match_page_days=1))
    assert await links.resolve(watch, WATCH, now=week) is not None  # another server's setting


def test_how_long_links_stay_open() -> None:
    ended = datetime(2026, 1, 1, tzinfo=UTC)
    soon, late = ended + timedelta(days=1), ended + timedelta(days=8)
    for status in (MatchStatus.CREATED, MatchStatus.RUNNING, MatchStatus.PAUSED):
        assert open_for(record(status, ended), WATCH, late, 7)
        assert open_for(record(status, ended), EDIT, late, 7)
    for status in (MatchStatus.FINISHED, MatchStatus.ABORTED):
        assert open_for(record(status, ended), WATCH, soon, 7)
        assert not open_for(record(status, ended), WATCH, late, 7)
        assert open_for(record(status, ended), WATCH, late + timedelta(days=9999))  # 0: kept
        assert not open_for(record(status, ended), EDIT, soon)


async def test_urls_use_the_public_address(sessionmaker: async_sessionmaker[AsyncSession]) -> None:
    links = WebLinks(sessionmaker, "https://genius.example.org/bot/")
    assert links.base_url == "https://genius.example.org/bot"
