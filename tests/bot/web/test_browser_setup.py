"""Without a browser the browser tests skip and say why; under CI they fail."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.bot.web import browser


@pytest.fixture
def no_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browser, "CHROMIUM", Path("/nowhere/chromium"))


@pytest.mark.usefixtures("no_browser")
def test_without_a_browser_they_skip_and_say_how_to_get_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install chromium"):
        browser.need_browser()


@pytest.mark.usefixtures("no_browser")
def test_under_ci_a_missing_browser_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must run the browser tests"):
        browser.need_browser()


def test_the_browser_is_debians_and_offline() -> None:
    """Playwright's own download is never used, and the browser phones nowhere."""
    if "GENIUS_TEST_CHROMIUM" not in os.environ:
        assert Path("/usr/bin/chromium") == browser.CHROMIUM
    for flag in ("--disable-background-networking", "--disable-component-update"):
        assert flag in browser.ARGS
