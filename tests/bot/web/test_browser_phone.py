"""The pages on a 390 px phone: the board editors' cells are at least the usual
44 px touch size (a board wider than the screen scrolls in its own box, not the
page). A finished match's page, final score tables and all, is checked on a
phone in test_browser_match.py."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from tests.bot.web.browser import (
    ON_MODULE_LOOP,
    SQLITE_ONLY,
    checked_tab,
    screenshot,
    stream_closing,
)
from tests.bot.web.conftest import Site

PHONE = 390  # px: a common phone's CSS width
TOUCH = 44  # px: the usual smallest touch target
WAIT_MS = 10_000

pytestmark = [SQLITE_ONLY, ON_MODULE_LOOP]  # one browser for the module


@pytest.fixture
def site(site_on_module_loop: Site) -> Site:
    return site_on_module_loop


@pytest_asyncio.fixture(loop_scope="module")
async def phone(browser: Any) -> AsyncIterator[Any]:
    options: dict[str, Any] = {"width": PHONE, "height": 844, "phone": True}
    async with checked_tab(browser, tolerated=stream_closing, **options) as opened:
        yield opened


async def page_width(page: Any) -> int:
    width: int = await page.evaluate("document.documentElement.scrollWidth")
    return width


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
