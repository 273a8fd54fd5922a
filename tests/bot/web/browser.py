"""Headless Chromium for the browser tests: Debian's ``chromium`` driven by
Playwright (the Python package; Playwright's own browser download is never used).

Without a browser the tests skip and say why; under CI (``CI`` set) they fail
instead, since CI must run them.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path(os.environ.get("GENIUS_TEST_CHROMIUM", "/usr/bin/chromium"))
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"

#: Browser tests are about the browser, not the database: ``pytestmark =
#: SQLITE_ONLY`` runs a module on SQLite alone (the root ``db_url`` fixture
#: takes its database from this parameter).
SQLITE_ONLY = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)

#: Starting Chromium (and Playwright's driver) costs about 2 s of CPU, more than
#: most browser tests: a module of several marks itself ``ON_MODULE_LOOP`` and
#: takes the ``browser`` fixture (tests/bot/web/conftest.py), one browser for all
#: its tests, each in a fresh context (:func:`checked_tab`). Playwright is bound to
#: the event loop it started on, so those tests run on the module's loop, and so
#: must any site they open: such a module opens its own (``site_on_module_loop``).
ON_MODULE_LOOP = pytest.mark.asyncio(loop_scope="module")


def _missing() -> str | None:
    if not CHROMIUM.exists():
        return (
            f"no browser at {CHROMIUM}: `apt-get install chromium` to run the browser tests "
            "(or point GENIUS_TEST_CHROMIUM at one)"
        )
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[dev]')"
    return None


def need_browser() -> None:
    reason = _missing()
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the browser tests: {reason}")
    pytest.skip(reason)


async def launched() -> AsyncIterator[Any]:
    """A fresh browser (closed afterwards)."""
    need_browser()
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            await browser.close()


def _nothing(error: str) -> bool:
    return False


def stream_closing(error: str) -> bool:
    """The only console errors a spectator page may show: its stream closing as
    the server stops."""
    return "event-stream" in error or "EventSource" in error


async def checked_page(**options: Any) -> AsyncIterator[Any]:
    """A page in a fresh browser; ``options`` as :func:`checked_tab` takes them."""
    async for browser in launched():
        async with checked_tab(browser, **options) as page:
            yield page


@contextlib.asynccontextmanager
async def checked_tab(
    browser: Any,
    *,
    width: int = 1200,
    height: int = 900,
    clipboard_origin: str | None = None,
    tolerated: Callable[[str], bool] = _nothing,
    phone: bool = False,
) -> AsyncIterator[Any]:
    """A page in its own context of ``browser`` (a touch screen that reads the page's
    viewport tag, if ``phone``), so one browser can serve a module's tests. Once
    the test is done, any script error, failed load or policy violation the page
    reported fails it, unless ``tolerated``."""
    errors: list[str] = []
    context = await browser.new_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
    )
    if clipboard_origin is not None:
        permissions = ["clipboard-read", "clipboard-write"]
        await context.grant_permissions(permissions, origin=clipboard_origin)
    page = await context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    await context.close()
    unexpected = [error for error in errors if not tolerated(error)]
    assert not unexpected, f"the page reported: {unexpected}"


async def screenshot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    await page.screenshot(path=str(path), full_page=True)
    return path
