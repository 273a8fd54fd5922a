"""The pages on a 390 px phone: the spectator view never scrolls sideways, even
with a game's final score table in the room, and the board editors' cells are
at least the usual 44 px touch size (a board wider than the screen scrolls in
its own box, not the page)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

import games
from bot.demo.match import play_match as play_to_the_end  # the demo's driver: built-in players
from tests.bot.web.browser import SQLITE_ONLY, checked_page, screenshot, stream_closing
from tests.bot.web.conftest import Site, close_site, open_site

PHONE = 390  # px: a common phone's CSS width
TOUCH = 44  # px: the usual smallest touch target
WAIT_MS = 10_000
#: Display names as long as Discord allows (32), so score tables are at their widest.
LONG_NAMES = ("Rubellite_the_Quartz_Moon_Seer_X", "TurquoiseTheMagnificentOfTheSeas")

pytestmark = SQLITE_ONLY


@pytest.fixture
async def phone() -> AsyncIterator[Any]:
    async for opened in checked_page(width=PHONE, height=844, tolerated=stream_closing, phone=True):
        yield opened


#: The widest code block's content in the room log (0 if none).
WIDEST_TABLE = "Math.max(0, ...[...document.querySelectorAll('#log pre')].map(p => p.scrollWidth))"


async def page_width(page: Any) -> int:
    width: int = await page.evaluate("document.documentElement.scrollWidth")
    return width


async def test_the_final_score_tables_fit_a_phone(sessionmaker: Any, phone: Any) -> None:
    """Each game played to its end; the page is looked at once the room has it all
    (the stream sends "finished" after the last message)."""
    site = await open_site(sessionmaker, names=LONG_NAMES)
    widest: dict[str, int] = {}
    try:
        for key in games.keys():
            record = await play_to_the_end(site.runtime, key, 7, {})
            await phone.goto(await site.watch_url(record.id))
            await phone.wait_for_function(
                "() => document.body.dataset.status === 'finished'", timeout=WAIT_MS
            )
            await screenshot(phone, f"phone-watch-{key}")
            assert await page_width(phone) <= PHONE, key
            widest[key] = await phone.evaluate(WIDEST_TABLE)
    finally:
        # Leave the page before the server stops: a picture still loading lazily
        # would otherwise fail to load and be reported as the page's error.
        await phone.goto("about:blank")
        await close_site(site)
    # The check means something: some tables really are wider than the phone.
    assert max(widest.values()) > PHONE, widest


#: A cell shows a mark: shaded (Logical Horror) or a piece (Rune Breaker).
MARKED = "cell => cell.classList.contains('shaded') || cell.querySelector('svg') !== null"


async def cell_sizes(page: Any) -> list[tuple[float, float]]:
    boxes = [await cell.bounding_box() for cell in await page.locator("#grid .cell").all()]
    return [(box["width"], box["height"]) for box in boxes]


@pytest.mark.parametrize("mode", ["lh", "rb"])
async def test_editor_cells_are_touch_sized_on_a_phone(site: Site, phone: Any, mode: str) -> None:
    await phone.goto(f"{site.url}/demo/{mode}")
    tabs = await phone.locator("#boards button").all() or [None]
    for number, tab in enumerate(tabs):
        if tab is not None:
            await tab.click()
        sizes = await cell_sizes(phone)
        assert sizes
        assert min(min(size) for size in sizes) >= TOUCH, (mode, number)
        assert await page_width(phone) <= PHONE, (mode, number)
        # The far corner is reachable: a tap there marks that cell.
        last = phone.locator("#grid .cell").last
        await last.tap()
        assert await last.evaluate(MARKED)
        # With the board scrolled to that corner, its row numbers are still in view.
        row_number = await phone.locator("#grid .axis.row").last.bounding_box()
        assert row_number["x"] >= 0, (mode, number)
        await screenshot(phone, f"phone-editor-{mode}-{number}")
