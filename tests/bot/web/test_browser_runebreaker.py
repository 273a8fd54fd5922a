"""A real Rune Breaker match's board editor, end to end: the match runs in the
real runtime on SQLite, its editor link is opened in Chromium, boards are
painted by mouse and keyboard, and the command the page shows, sent as the
player would send it, stores exactly the board that was painted."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from itertools import combinations
from typing import Any

import pytest

from games import HOST, PUBLIC
from games.core.boardcode import decode
from games.runebreaker.judge import is_run_of
from games.runebreaker.pieces import Palette
from tests.bot.web.browser import SQLITE_ONLY, checked_page, screenshot
from tests.bot.web.conftest import Site

pytestmark = SQLITE_ONLY

#: A palette smaller than the default one (5 colours × 4 shapes), so a code read
#: against the default palette's order would name other objects.
MATCH: dict[str, Any] = {
    "variant": "classic",
    "first_seat": 0,
    "look_seconds": 0,
    "colours": 5,
    "shapes": 4,
}

Cells = list[str | None]


@pytest.fixture
async def page(site: Site) -> AsyncIterator[Any]:
    async for opened in checked_page(height=1000):
        yield opened  # no script error, no failed load, no policy violation


class Painter:
    """The editor as a player uses it, knowing the match's palette."""

    def __init__(self, page: Any, pieces: Sequence[str]) -> None:
        self.page = page
        self.pieces = pieces

    async def pick(self, token: str | None) -> None:
        """Choose an object from the palette (None: the eraser)."""
        value = 0 if token is None else self.pieces.index(token) + 1
        await self.page.click(f'#palette button[data-value="{value}"]')

    async def click(self, index: int) -> None:
        await self.page.click(f'#grid .cell[data-index="{index}"]')

    async def drag(self, start: int, end: int) -> None:
        first = await self.page.locator(f'#grid .cell[data-index="{start}"]').bounding_box()
        last = await self.page.locator(f'#grid .cell[data-index="{end}"]').bounding_box()
        mouse = self.page.mouse
        await mouse.move(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2)
        await mouse.down()
        await mouse.move(last["x"] + last["width"] / 2, last["y"] + last["height"] / 2, steps=12)
        await mouse.up()

    async def keys(self, *keys: str) -> None:
        for key in keys:
            await self.page.keyboard.press(key)

    async def tab(self, label: str) -> None:
        await self.page.click(f"#boards button:has-text('{label}')")

    async def commands(self) -> list[str]:
        shown: list[str] = await self.page.locator("#commands code").all_text_contents()
        return shown

    async def code(self) -> str:
        code: str = await self.page.text_content("#code")
        return code

    async def cells(self) -> Cells:
        """The board the page's code holds, as objects."""
        code = decode(await self.code(), kind="rb")
        return [self.pieces[v - 1] if v else None for v in code.cells]


def legal_symbols(sequence: Sequence[str]) -> list[str]:
    """Two different commands of the sequence that are no run of it (else one)."""
    for pair in combinations(dict.fromkeys(sequence), 2):
        if not is_run_of(pair, sequence):
            return list(pair)
    return [sequence[0]]


async def test_a_probe_and_an_answer_painted_in_the_browser_are_the_boards_played(
    site: Site, page: Any
) -> None:
    match_id = await site.new_match("runebreaker", **MATCH)
    seen = await site.runtime.view(match_id, 0)
    palette = Palette(seen["palette"]["colours"], seen["palette"]["shapes"])
    assert palette.pieces != Palette().pieces[: len(palette.pieces)]  # the orders differ
    painter = Painter(page, palette.pieces)
    await page.goto(await site.server.links.editor_url(match_id))
    assert await page.title() == f"Rune Breaker (classic) — match #{match_id} — board editor"
    buttons = await page.locator("#palette button").count()
    assert buttons == 1 + len(palette.pieces)  # the eraser and the match's objects, no more

    # -- the 4×4 probe: mouse, then keyboard ---------------------------------------------------
    await painter.tab("Probe 4×4")
    probe: Cells = [None] * 16
    await painter.pick("Rc")
    await painter.click(0)
    probe[0] = "Rc"
    await painter.pick("Bs")
    await painter.click(5)
    await painter.click(6)
    probe[5] = probe[6] = "Bs"
    await painter.pick(None)
    await painter.click(6)  # erased again
    probe[6] = None
    await painter.pick("Yt")
    await painter.click(15)
    probe[15] = "Yt"
    # The keyboard works from the cell clicked last (15, bottom right).
    await painter.keys("ArrowLeft", "ArrowLeft", "ArrowLeft", "g", "d")  # colour, shape
    probe[12] = "Gd"
    await painter.keys("ArrowUp", "Space")  # the chosen object, now Gd
    probe[8] = "Gd"
    await painter.keys("ArrowRight", "o", "c", "ArrowRight", "s")  # a shape keeps the colour
    probe[9], probe[10] = "Oc", "Os"
    await painter.keys("ArrowRight", "x", "h", "p")  # not in this palette: nothing happens
    await painter.keys("Space", "Backspace")  # painted, then erased
    assert await painter.cells() == probe
    assert await page.locator("#grid .cell svg").count() == 16 - probe.count(None)
    assert await page.text_content("#tool-name") == "orange square (Os)"
    shown = await painter.commands()
    assert shown == [f"probe {await painter.code()} :"]
    await screenshot(page, "editor-runebreaker-match-probe")

    # The command as shown, with commands of the round after the colon, sent as seat 0.
    sequence: list[str] = seen["round"]["sequence"]
    symbols = legal_symbols(sequence)
    assert len(symbols) == 2
    sent = f"{shown[0]} {' '.join(symbols)}"
    await site.runtime.submit_text(match_id, 0, sent)
    (taken,) = (await site.runtime.view(match_id, PUBLIC))["probes"]
    assert (taken["seat"], taken["symbols"]) == (0, symbols)
    assert taken["board"] == probe

    # -- the 10×10 Reagent: seat 1 buzzes, then answers with a painted board --------------------
    # Seat 1 buzzes on seat 0's turn: if that probe passed the turn on, seat 1
    # probes (the same text) until the turn is seat 0's again.
    while (await site.runtime.view(match_id, PUBLIC))["round"]["active"] == 1:
        await site.runtime.submit_text(match_id, 1, sent)
    await site.runtime.submit_text(match_id, 1, "buzz")
    assert (await site.runtime.view(match_id, PUBLIC))["stage"] == "answer"
    await painter.tab("Reagent Board")
    answer: Cells = [None] * 100
    assert await painter.cells() == answer  # each board keeps its own cells
    await painter.pick("Od")
    await painter.drag(0, 4)  # along row 1
    answer[0:5] = ["Od"] * 5
    await painter.pick(None)
    await painter.click(2)
    answer[2] = None
    await painter.pick("Bt")
    await painter.drag(20, 60)  # down column 1
    for index in range(20, 61, 10):
        answer[index] = "Bt"
    await painter.pick("Gc")
    await painter.click(55)
    await painter.click(99)
    answer[55] = answer[99] = "Gc"
    await painter.keys("ArrowLeft", "ArrowLeft", "y", "c")
    answer[97] = "Yc"
    await painter.keys("ArrowUp", "d", "ArrowUp", "Space")
    answer[87] = answer[77] = "Yd"
    await painter.keys("ArrowDown", "Delete", "u")  # erased, then undone
    await painter.keys("ArrowUp", "ArrowUp", "ArrowLeft", "r", "s", "ArrowLeft", "Enter")
    answer[66] = answer[65] = "Rs"
    assert await painter.cells() == answer
    shown = await painter.commands()
    assert shown == [f"answer {await painter.code()}"]
    await screenshot(page, "editor-runebreaker-match-answer")

    await site.runtime.submit_text(match_id, 1, shown[0])
    answers = (await site.runtime.view(match_id, HOST))["answers"]
    assert answers[1]["board"] == answer
    assert answers[0]["board"] is None  # seat 0 has not answered
    # The probe tab kept its board all along.
    await painter.tab("Probe 4×4")
    assert await painter.cells() == probe
