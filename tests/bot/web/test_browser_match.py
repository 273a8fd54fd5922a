"""The match page of every game, played once for the module (about a second a
game) into a SQLite file that each test copies: read step by step with the
keyboard and the slider on a desktop and a 390 px phone, nothing secret on it
before the host's reveal and the reveal marked after it, and still there once
the channels are cleaned up and the bot restarted."""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

import games
from bot.demo.match import play_match
from bot.kits import demo_games, demo_matches
from bot.runtime import ListDelivery, ManualTime, MatchRuntime, Scheduler
from bot.web import Limits
from games import Rejected
from storage import make_engine, make_sessionmaker, upgrade
from storage.records import Channels, MatchStatus
from tests.bot.web.browser import checked_tab, launched, screenshot
from tests.bot.web.conftest import NAMES, Site, close_site, open_site
from tests.bot.web.test_match_page import page_data, step_texts
from tests.bot.web.test_no_secrets import said_in_private
from tests.facts import fact

PHONE = 390  # px: a common phone's CSS width
WAIT_MS = 10_000
#: Display names as long as Discord allows (32), so score tables are at their widest.
LONG_NAMES = ("Rubellite_the_Quartz_Moon_Seer_X", "TurquoiseTheMagnificentOfTheSeas")
GAMES = sorted(demo_games())
#: Every step of every game is asked for in a few seconds: more than one reader would.
ROOMY = Limits(burst=10**6, per_second=10**6)


@dataclass(frozen=True)
class Played:
    """The database file holding one finished match per game (by game key), and
    each match's secrets (the values its reveal must tell)."""

    path: Path
    matches: dict[str, int]
    secrets: dict[str, list[str]]


async def _play_all(path: Path) -> Played:
    url = f"sqlite+aiosqlite:///{path}"
    await upgrade(url)
    engine = make_engine(url)
    matches, secrets = {}, {}
    try:
        scheduler = Scheduler(ManualTime(), auto=False)
        runtime = MatchRuntime(
            make_sessionmaker(engine), ListDelivery(), scheduler=scheduler, checkpoint_seconds=0
        )
        await runtime.start_up()
        for key in GAMES:
            record = await play_match(runtime, key, 7, demo_matches(key)[0])
            assert record.status is MatchStatus.FINISHED
            export = await runtime.export(record.id, NAMES)  # the stored state, as the host gets it
            state = games.get(key).State.model_validate(export.state)
            matches[key], secrets[key] = record.id, list(fact(key, "secrets")(state))
        await runtime.shut_down()
    finally:
        await engine.dispose()
    return Played(path, matches, secrets)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    return asyncio.run(_play_all(tmp_path_factory.mktemp("played") / "played.db"))


@pytest.fixture
async def sessions(
    played: Played, tmp_path: Path
) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    """This test's own copy of the played matches."""
    path = tmp_path / "copy.db"
    shutil.copyfile(played.path, path)
    engine = make_engine(f"sqlite+aiosqlite:///{path}")
    try:
        yield make_sessionmaker(engine)
    finally:
        await engine.dispose()


async def reveal(site: Site, match_id: int) -> bool:
    """The host's `/match reveal`; False for a game that keeps no secrets."""
    try:
        await site.runtime.reveal(match_id)
    except Rejected:
        return False
    await site.runtime.flush()
    return True


async def test_nothing_secret_before_the_reveal_and_the_reveal_after(
    sessions: async_sessionmaker[AsyncSession], played: Played
) -> None:
    site = await open_site(sessions, names=NAMES, limits=ROOMY)
    revealed = 0
    try:
        for key in GAMES:
            match_id = played.matches[key]
            url = await site.watch_url(match_id)
            page = (await site.get(url))[1].decode()
            steps, texts = await step_texts(site, url)
            private_lines, _ = await said_in_private(site, match_id, key)
            assert private_lines, key  # the seats were told things: the search means something
            sent = "\n".join([page, *(t["text"] for t in texts)])
            assert [line for line in private_lines if line in sent] == [], key
            assert not any(reveal_flag for _, _, reveal_flag in steps), key
            if not await reveal(site, match_id):
                assert not played.secrets[key], key  # only a game without secrets refuses
                continue
            revealed += 1
            after = (await page_data(site, url))["steps"]
            assert after[:-1] == steps  # the reveal is one more step, at the end
            assert after[-1][2] == 1  # and marked as the reveal
            status, body, _ = await site.get(f"{url}/steps/{after[-1][0]}")
            assert status == 200
            told = json.loads(body)["steps"][0]["text"]
            missing = [s for s in played.secrets[key] if s not in told]
            assert missing == [], key
    finally:
        await close_site(site)
    assert revealed >= 3  # most games keep secrets: the reveal was really checked


async def current_step(page: Any) -> int:
    await page.wait_for_function(
        "() => /^[0-9]+$/.test(document.body.dataset.step || '')", timeout=WAIT_MS
    )
    step: str = await page.evaluate("document.body.dataset.step")
    assert await page.evaluate("location.hash") == f"#step-{step}"  # a link to this step
    return int(step)


async def press(page: Any, key: str, expected: int) -> None:
    await page.keyboard.press(key)
    await page.wait_for_function(
        f"() => document.body.dataset.step === '{expected}'", timeout=WAIT_MS
    )
    assert await current_step(page) == expected


async def pictures_are_described(page: Any) -> int:
    """Each picture shown has alt text and loads lazily; how many there are."""
    found: list[dict[str, str]] = await page.evaluate(
        "[...document.querySelectorAll('#pictures img')]"
        ".map(i => ({alt: i.alt, loading: i.loading}))"
    )
    for picture in found:
        assert len(picture["alt"]) > 20
        assert picture["loading"] == "lazy"
    return len(found)


async def read_on_a_desktop(page: Any, url: str, key: str, count: int, revealed: bool) -> int:
    await page.goto(url)
    assert await current_step(page) == 1
    await press(page, "ArrowRight", 2)
    await press(page, "ArrowRight", 3)
    await press(page, "ArrowLeft", 2)
    await press(page, "End", count)
    assert await page.locator("#reveal-mark").is_visible() is revealed
    await screenshot(page, f"match-desktop-{key}-end")
    await press(page, "Home", 1)
    # The slider: its own keys, and a drag to the middle.
    await page.locator("#slider").focus()
    await press(page, "ArrowRight", 2)
    await press(page, "End", count)
    middle = (count + 1) // 2
    await page.locator("#slider").evaluate(
        f"s => {{ s.value = '{middle}'; s.dispatchEvent(new Event('input')); }}"
    )
    await page.wait_for_function(f"() => document.body.dataset.step === '{middle}'")
    seen = 0
    for step in range(1, min(count, 8) + 1):  # the opening steps, where boards appear
        await page.goto(f"{url}#step-{step}")
        assert await current_step(page) == step
        seen += await pictures_are_described(page)
    return seen


#: The widest code block in the step shown (0 if none).
WIDEST_TABLE = (
    "Math.max(0, ...[...document.querySelectorAll('#step-text pre')].map(p => p.scrollWidth))"
)


async def read_on_a_phone(page: Any, url: str, key: str, count: int, revealed: bool) -> int:
    """The page never scrolls sideways, even at the final score table; how wide the
    widest table at the end is (it scrolls in its own box)."""
    final = count - 1 if revealed else count  # the match's own end, before the reveal
    widest = 0
    for step in (count, final, 1):  # a link opens its step
        await page.goto(f"{url}#step-{step}")
        assert await current_step(page) == step
        assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE, (key, step)
        widest = max(widest, await page.evaluate(WIDEST_TABLE))
        if step == final:
            await screenshot(page, f"match-phone-{key}-final")
    await page.locator("#next").tap()  # the buttons work by touch
    await page.wait_for_function("() => document.body.dataset.step === '2'")
    await screenshot(page, f"match-phone-{key}-next")
    return int(widest)


async def test_every_game_reads_step_by_step_on_a_desktop_and_a_phone(
    sessions: async_sessionmaker[AsyncSession], played: Played
) -> None:
    site = await open_site(sessions, names=LONG_NAMES, limits=ROOMY)
    pictures, widest = 0, {}
    try:
        async for browser in launched():
            async with (
                checked_tab(browser) as desktop,
                checked_tab(browser, width=PHONE, height=844, phone=True) as phone,
            ):
                for key in GAMES:
                    match_id = played.matches[key]
                    revealed = await reveal(site, match_id)
                    url = await site.watch_url(match_id)
                    count = len((await page_data(site, url))["steps"])
                    assert count > 3, key
                    pictures += await read_on_a_desktop(desktop, url, key, count, revealed)
                    widest[key] = await read_on_a_phone(phone, url, key, count, revealed)
                # Leave before the server stops: a picture still loading would fail.
                await desktop.goto("about:blank")
                await phone.goto("about:blank")
    finally:
        await close_site(site)
    assert pictures > 0
    # The phone check means something: some tables really are wider than the phone.
    assert max(widest.values()) > PHONE, widest


async def test_the_page_outlives_the_cleanup_and_a_restart(
    sessions: async_sessionmaker[AsyncSession], played: Played
) -> None:
    match_id = played.matches["decoder"]
    site = await open_site(sessions, limits=ROOMY)
    try:
        url = await site.watch_url(match_id)
        before = await step_texts(site, url)
        # What the channel cleanup does once it has archived the match.
        await site.runtime.set_channels(match_id, Channels())
    finally:
        await close_site(site)
    again = await open_site(sessions, limits=ROOMY)  # a new process: nothing kept in memory
    try:
        assert await again.watch_url(match_id) == url.replace(site.url, again.url)
        assert await step_texts(again, await again.watch_url(match_id)) == before
    finally:
        await close_site(again)
