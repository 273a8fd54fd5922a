"""A server's history page (bot.web.history): its own server's published matches
only, each linking to its match page; filters and pages as links; per-player
counts; bad filters told plainly; unknown and replaced tokens the plain 404.
The page's queries run on both databases in tests/storage/test_history.py; the
page itself is tested on SQLite."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.web import history as history_page
from storage import server_settings
from storage.history import HistoryEntry, HistoryRepository, HistorySeat
from tests.bot.web.browser import SQLITE_ONLY
from tests.bot.web.conftest import Site

pytestmark = SQLITE_ONLY

Sessions = async_sessionmaker[AsyncSession]
GUILD, OTHER = 1, 2
ANN, BEN, CY = 100, 101, 102
START = datetime(2026, 11, 1, tzinfo=UTC)


async def _listed(
    site: Site,
    sessions: Sessions,
    names: tuple[str, str],
    *,
    users: tuple[int, int] = (ANN, BEN),
    guild: int = GUILD,
    game: str = "goofspiel",
    season: str | None = None,
    winner: int | None = 0,
    published: bool | None = True,
) -> int:
    """A finished match's entry (its match row is real, its entry written as
    bot.discord.history writes it)."""
    match_id = await site.new_match(start=False)
    entry = HistoryEntry(
        match_id=match_id, guild_id=guild, game=game, season=season,
        ended_at=START + timedelta(days=match_id), length_ms=754_000, winner=winner,
        reason="seat 1 ran out of time", published=published,
        seats=(HistorySeat(0, users[0], names[0]), HistorySeat(1, users[1], names[1])),
    )  # fmt: skip
    async with sessions.begin() as session:
        await HistoryRepository(session).add(entry)
    return match_id


async def _page(site: Site, url: str, query: str = "") -> tuple[int, str]:
    path = url.removeprefix(site.server.links.base_url)
    status, body, _ = await site.get(f"{site.url}{path}{query}")
    return status, body.decode()


def _rows(page: str) -> list[str]:
    """The matches table's rows, as text."""
    table = page.split('id="matches-h"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr role=\"row\">(.*?)</tr>", table)[1:]  # past the header
    return [re.sub(r"<[^>]+>", " ", row) for row in rows]


async def test_the_index_lists_its_own_servers_published_matches(
    site: Site, sessionmaker: Sessions
) -> None:
    shown = await _listed(site, sessionmaker, ("Ann", "<b>Ben</b>"), season="Spring 2027")
    await _listed(site, sessionmaker, ("Ann", "Hidden"), published=False)
    await _listed(site, sessionmaker, ("Ann", "Undecided"), published=None)
    await _listed(site, sessionmaker, ("Other", "Server"), guild=OTHER)
    url = await site.server.links.history_url(GUILD)
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/history/[A-Za-z0-9_-]{24}", url)
    status, page = await _page(site, url)
    assert status == 200
    rows = _rows(page)
    assert len(rows) == 1
    assert "Ann" in rows[0]
    assert "Spring 2027" in rows[0]
    assert "12 min 34 s" in rows[0]
    # The result in the players' names, as typed (escaped, never markup).
    assert "&lt;b&gt;Ben&lt;/b&gt;" in page
    assert "<b>Ben</b>" not in page
    assert "&lt;b&gt;Ben&lt;/b&gt; ran out of time" in page
    for absent in ("Hidden", "Undecided", "Other", "Server"):
        assert absent not in page
    # The game links to the match's page: its spectator link.
    assert f'href="{await site.server.links.watch_url(shown)}"' in page
    # publish_all: every finished match but the one a host took off.
    async with sessionmaker.begin() as session:
        await server_settings.save(session, GUILD, server_settings.ServerSettings(publish_all=True))
    status, page = await _page(site, url)
    assert len(_rows(page)) == 2
    assert "Undecided" in page
    assert "Hidden" not in page


async def test_unknown_and_replaced_tokens_are_the_plain_404(site: Site) -> None:
    old = await site.server.links.history_url(GUILD)
    assert await site.server.links.history_url(GUILD) == old  # one link, kept
    new = await site.server.links.history_url(GUILD, new=True)
    assert new != old
    plain, _ = await _page(site, f"{site.url}/watch/{'x' * 24}")
    for gone in (old, f"{site.url}/history/{'A' * 24}", f"{site.url}/history/short"):
        status, page = await _page(site, gone)
        assert (status, "Not found" in page) == (404, True), gone
    assert plain == 404
    assert (await _page(site, new))[0] == 200


async def test_filters_pages_and_counts(
    site: Site, sessionmaker: Sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _listed(site, sessionmaker, ("Annie", "Ben"), season="S1")
    await _listed(site, sessionmaker, ("Ann", "Ben"), season="S1", game="decoder", winner=1)
    await _listed(site, sessionmaker, ("Cy", "Ben"), users=(CY, BEN), winner=None)
    url = await site.server.links.history_url(GUILD)
    # By player: Ann under both her names; by game; by season.
    assert len(_rows((await _page(site, url, "?player=annie"))[1])) == 2
    status, page = await _page(site, url, "?game=decoder")
    assert [("Decoder" in r) for r in _rows(page)] == [True]
    assert "Ben</strong> wins" in page
    status, page = await _page(site, url, "?season=S1&player=cy")
    assert "No listed match fits these filters." in page
    status, page = await _page(site, url)
    players = page.split('id="players-h"', 1)[1]
    ben = re.search(r">Ben</th>(.*?)</tr>", players)
    assert ben is not None
    cells = re.findall(r"<td[^>]*>(.*?)</td>", ben[1])
    assert cells[:2] == ["3", "1"]  # played 3, won 1
    assert "Decoder: 1 played, 1 won" in cells[2]
    assert "Square Goofspiel: 2 played, 0 won" in cells[2]
    assert "S1: 2 played, 1 won" in cells[3]
    assert "No season: 1 played, 0 won" in cells[3]
    # Pages keep the filters; the last one has no "older" link.
    monkeypatch.setattr(history_page, "PAGE_SIZE", 2)
    status, page = await _page(site, url, "?player=Ben")
    assert status == 200
    assert "3 matches, 1–2 shown" in page
    assert 'href="?player=Ben&amp;page=2"' in page
    _status, page = await _page(site, url, "?player=Ben&page=2")
    assert len(_rows(page)) == 1
    assert "Older matches" not in page


BAD_FILTERS = [
    ("?game=chess", "There is no game called “chess” in this history."),
    ("?page=0", "The page must be a whole number from 1 to 100,000."),
    ("?page=two", "The page must be a whole number from 1 to 100,000."),
    ("?page=%C2%B2", "The page must be a whole number from 1 to 100,000."),
    ("?page=0000000000000000001", "The page must be a whole number from 1 to 100,000."),
    (f"?season={'s' * 65}", "The season filter is too long (at most 64 characters)."),
    ("?player=a%00b", "The player filter has characters that no player has."),
]


async def test_a_bad_filter_is_told_plainly(site: Site) -> None:
    url = await site.server.links.history_url(GUILD)
    for query, said in BAD_FILTERS:
        status, page = await _page(site, url, query)
        assert (status, said in page) == (400, True), query
        assert 'id="matches-h"' not in page
