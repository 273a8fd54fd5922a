"""The history page in Chromium: on a desktop its matches are a table; on a 390 px
phone each row is a card and nothing scrolls sideways, even with names as long
as Discord allows; the filters work from the keyboard alone; the tables keep
their roles for a screen reader however they are laid out."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage.history import HistoryEntry, HistoryRepository, HistorySeat
from tests.bot.web.browser import SQLITE_ONLY, checked_page, screenshot
from tests.bot.web.conftest import Site

pytestmark = SQLITE_ONLY

PHONE = 390
LONG = ("Rubellite_the_Quartz_Moon_Seer_X", "TurquoiseTheMagnificentOfTheSeas")
GAMES = ("goofspiel", "expression", "decoder", "runebreaker", "logical_horror")


@pytest.fixture
async def page() -> AsyncIterator[Any]:
    async for opened in checked_page(width=1200, height=900):
        yield opened


async def _fill(site: Site, sessions: async_sessionmaker[AsyncSession]) -> None:
    start = datetime(2026, 11, 1, tzinfo=UTC)
    for n in range(10):
        match_id = await site.new_match(start=False)
        names = LONG if n % 2 else ("Ann", "Ben")
        entry = HistoryEntry(
            match_id=match_id, guild_id=1, game=GAMES[n % 5],
            season="Autumn Championship 2026" if n < 6 else None,
            ended_at=start + timedelta(hours=n), length_ms=1_000 * (95 + 600 * n),
            winner=None if n == 3 else n % 2, reason="seat 0 scored more points than seat 1",
            seats=(HistorySeat(0, 100 + n % 2, names[0]), HistorySeat(1, 200, names[1])),
            published=True,
        )  # fmt: skip
        async with sessions.begin() as session:
            await HistoryRepository(session).add(entry)


async def _width(page: Any) -> int:
    width: int = await page.evaluate("document.documentElement.scrollWidth")
    return width


async def test_the_history_page_on_a_desktop_and_a_phone(
    site: Site, sessionmaker: async_sessionmaker[AsyncSession], page: Any
) -> None:
    await _fill(site, sessionmaker)
    url = await site.server.links.history_url(1)
    await page.goto(url)
    assert await page.get_by_role("table").count() == 2
    assert await page.get_by_role("columnheader", name="Result").is_visible()
    await screenshot(page, "history-desktop")
    # The keyboard alone: the game filter, then Enter on the button.
    await page.focus("#f-game")
    await page.keyboard.press("ArrowDown")  # the first game in the menu
    chosen = await page.eval_on_selector("#f-game", "s => s.value")
    await page.focus("button[type=submit]")
    await page.keyboard.press("Enter")
    await page.wait_for_url(f"**game={chosen}**")
    rows = page.get_by_role("table").first.get_by_role("row")
    assert await rows.count() == 1 + 2  # the header and this game's two matches
    # The phone: stacked cards, nothing wider than the screen, the roles kept.
    await page.set_viewport_size({"width": PHONE, "height": 844})
    await page.goto(url)
    assert await _width(page) <= PHONE
    header = await page.get_by_role("columnheader", name="Result").bounding_box()
    assert header["x"] < 0  # off the screen, still read out
    assert await page.get_by_role("table").first.get_by_role("row").count() == 11
    for caption in await page.locator("caption").all():  # read across, not letter by letter
        assert (await caption.bounding_box())["width"] > PHONE / 2
    cell = page.get_by_role("cell").first
    label = await cell.evaluate("c => getComputedStyle(c, '::before').content")
    assert label == '"Date: "'
    await screenshot(page, "history-phone")
