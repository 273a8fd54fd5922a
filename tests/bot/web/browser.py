"""Headless Chromium for the browser tests: Debian's ``chromium`` driven by
Playwright (the Python package; Playwright's own browser download is never used).

Without a browser the tests skip and say why; under CI (``CI`` set) they fail
instead, since CI must run them.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
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


async def screenshot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    await page.screenshot(path=str(path), full_page=True)
    return path
