"""The spectator view in a real browser, following a match played through the
real runtime: moves appear live, pictures load, paused and over are clear."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from bot.web import shade_editor
from bot.web.spec import Clue
from games.core.boardcode import decode
from tests.bot.web.browser import (
    ON_MODULE_LOOP,
    SQLITE_ONLY,
    checked_tab,
    screenshot,
    stream_closing,
)
from tests.bot.web.conftest import NAMES, Site, close_site, open_site

WAIT_MS = 5000


pytestmark = [SQLITE_ONLY, ON_MODULE_LOOP]  # one browser for the module


@pytest.fixture
def site(site_on_module_loop: Site) -> Site:
    return site_on_module_loop


@pytest_asyncio.fixture(loop_scope="module")
async def page(site: Site, browser: Any) -> AsyncIterator[Any]:
    async with checked_tab(browser, width=1280, tolerated=stream_closing) as opened:
        yield opened


async def entries(page: Any) -> list[str]:
    found: list[str] = await page.locator("#log .entry").all_inner_texts()
    return found


async def test_a_spectator_follows_the_match_live(site: Site, page: Any) -> None:
    match_id = await site.new_match()
    await page.goto(await site.watch_url(match_id))
    await page.wait_for_selector("#log .entry", timeout=WAIT_MS)
    assert "has started" in (await entries(page))[0]
    assert await page.text_content("#status") == "Live"
    assert await page.title() == f"Square Goofspiel: {NAMES[0]} vs {NAMES[1]} — live"
    # Two moves through the runtime: the auction resolves and the room is told.
    await site.runtime.submit_text(match_id, 0, "play 5")
    await site.runtime.submit_text(match_id, 1, "play 3")
    await site.runtime.flush()
    await page.wait_for_function(
        "() => [...document.querySelectorAll('#log .entry')]"
        ".some(e => e.innerText.includes('claims'))",
        timeout=WAIT_MS,
    )
    claimed = [text for text in await entries(page) if "claims" in text]
    assert NAMES[0] in claimed[-1]
    # The board picture of that message is shown, and it loaded.
    await page.wait_for_function(
        "() => { const i = document.querySelector('#board img');"
        " return i && i.complete && i.naturalWidth > 0; }",
        timeout=WAIT_MS,
    )
    # Markdown became markup, never raw stars.
    assert await page.locator("#log .entry strong").count() > 0
    assert "**" not in "".join(await entries(page))
    await screenshot(page, "watch-live")

    await site.runtime.pause(match_id, "tea break")
    await site.runtime.flush()
    await page.wait_for_function(
        "() => document.querySelector('#status').textContent.startsWith('Paused')",
        timeout=WAIT_MS,
    )
    assert await page.text_content("#status") == "Paused — tea break"
    await screenshot(page, "watch-paused")

    await site.runtime.resume(match_id)
    await site.runtime.abort(match_id)
    await site.runtime.flush()
    await page.wait_for_function(
        "() => document.body.dataset.status === 'aborted'", timeout=WAIT_MS
    )
    assert await page.text_content("#status") == "Aborted"
    texts = await entries(page)
    assert "aborted" in texts[-1]
    assert len(texts) == len(
        set(await page.locator("#log .entry").evaluate_all("nodes => nodes.map(n => n.dataset.id)"))
    )  # every room message once
    await screenshot(page, "watch-over")


#: Display names full of markdown (bold markers, an underscore, tildes, a
#: backtick, pipes, backslashes): the bot escapes them, the page must unescape.
MARKED_NAMES = ("Ru**by**", "T_u~~r`q||u\\oise\\")


async def test_escaped_names_show_as_typed(sessionmaker: Any, browser: Any) -> None:
    """Markdown-laden names read exactly as typed in the room log: bare in the
    start line, bold in a claim, never with a backslash or stray star."""
    site = await open_site(sessionmaker, names=MARKED_NAMES)
    try:
        match_id = await site.new_match()
        await site.runtime.submit_text(match_id, 0, "play 5")
        await site.runtime.submit_text(match_id, 1, "play 3")
        await site.runtime.flush()
        async with checked_tab(browser, tolerated=stream_closing) as page:
            await page.goto(await site.watch_url(match_id))
            claim = page.locator("#log .entry", has_text="claims")
            await claim.wait_for(timeout=WAIT_MS)
            started = (await entries(page))[0]
            assert f"{MARKED_NAMES[0]} vs {MARKED_NAMES[1]}" in started
            assert MARKED_NAMES[0] in await claim.locator("strong").all_text_contents()
            assert f"→ {MARKED_NAMES[0]} claims" in await claim.inner_text()
            await screenshot(page, "watch-marked-names")
    finally:
        await close_site(site)


async def test_a_match_editor_page_in_the_browser(sessionmaker: Any, browser: Any) -> None:
    """A game's own editor page (here a stand-in builder for Goofspiel matches)
    draws its public clues; the code comes back to Python as drawn."""

    def builder(match: Any, view: Any) -> Any:
        clues = [
            Clue(row=1, col=1, text="3", colour="purple"),
            Clue(row=3, col=4, text="2", colour="cyan"),
        ]
        return shade_editor(
            key="k", title="Stand-in", height=6, width=6, clues=clues, commands=["public {code}"]
        )

    site = await open_site(sessionmaker, editors=lambda key: builder)
    try:
        match_id = await site.new_match()
        async with checked_tab(browser) as page:
            await page.goto(await site.server.links.editor_url(match_id))
            assert await page.locator("#grid .clue").count() == 2
            assert await page.text_content('#grid .cell[data-index="7"] .clue-letter') == "P"
            await page.click('#grid .cell[data-index="7"]')
            await page.click('#grid .cell[data-index="0"]')
            await page.click('#grid .cell[data-index="0"]')
            code = await page.text_content("#code")
            expected = [0] * 36
            expected[7], expected[0] = 1, 2
            assert decode(code or "", kind="lh").cells == tuple(expected)
            await screenshot(page, "editor-match")
    finally:
        await close_site(site)
