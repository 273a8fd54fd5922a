"""The board editor in a real browser: draw by mouse and keyboard, read the code,
and the game's side reads the same board back."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

import games
from games import Rejected
from games.core.boardcode import DAMAGED, decode, encode
from games.runebreaker.board import Board
from games.runebreaker.notation import format_board, parse_board
from games.runebreaker.pieces import DEFAULT_PALETTE
from tests.bot.web.browser import ON_MODULE_LOOP, SQLITE_ONLY, checked_tab, screenshot
from tests.bot.web.conftest import Site

PIECES = DEFAULT_PALETTE.pieces  # cell value v is PIECES[v - 1]
RUNE_BREAKER = games.get("runebreaker")


def classic_state() -> Any:
    return RUNE_BREAKER.setup({"variant": "classic", "first_seat": 0}, seed=5).state


pytestmark = [SQLITE_ONLY, ON_MODULE_LOOP]  # one browser for the module


@pytest.fixture
def site(site_on_module_loop: Site) -> Site:
    return site_on_module_loop


@pytest_asyncio.fixture(loop_scope="module")
async def page(site: Site, browser: Any) -> AsyncIterator[Any]:
    async with checked_tab(browser, clipboard_origin=site.url) as opened:
        yield opened  # no script error, no failed load, no policy violation


def cell(index: int) -> str:
    return f'#grid .cell[data-index="{index}"]'


async def code_on(page: Any) -> str:
    code: str = await page.text_content("#code")
    return code


async def drag(page: Any, start: int, end: int) -> None:
    first = await page.locator(cell(start)).bounding_box()
    last = await page.locator(cell(end)).bounding_box()
    await page.mouse.move(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2)
    await page.mouse.down()
    await page.mouse.move(last["x"] + last["width"] / 2, last["y"] + last["height"] / 2, steps=8)
    await page.mouse.up()


async def test_shading_by_mouse_and_keyboard(site: Site, page: Any) -> None:
    await page.goto(site.url + "/demo/lh")
    expected = [0] * 64
    await page.click(cell(0))  # unshaded -> shaded
    expected[0] = 1
    await page.click(cell(1))
    await page.click(cell(1))  # -> note
    expected[1] = 2
    for _ in range(3):
        await page.click(cell(2))  # all the way round
    await drag(page, 16, 19)  # row 3, four cells
    expected[16:20] = [1, 1, 1, 1]
    # The keyboard: the cursor is where the drag began (row 3, column 1).
    for key in ("ArrowDown", "#", "ArrowRight", "n", "ArrowRight", " ", "ArrowRight", "s"):
        await page.keyboard.press(key)
    expected[24:28] = [1, 2, 1, 1]
    await page.keyboard.press("u")  # undo the last
    expected[27] = 0
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("Space")
    expected[35] = 1
    code = await code_on(page)
    assert decode(code, kind="lh").cells == tuple(expected)
    assert await page.locator("#grid .cell.shaded").count() == expected.count(1)
    assert await page.locator("#grid .cell.note").count() == expected.count(2)
    commands = await page.locator("#commands code").all_text_contents()
    assert commands == [f"public {code}", f"private {code}"]
    await page.click("#copy-code")
    assert await page.evaluate("navigator.clipboard.readText()") == code
    await screenshot(page, "editor-logical-horror")

    await page.click("#clear")
    assert decode(await code_on(page)).cells == (0,) * 64
    await page.click("#undo")
    assert await code_on(page) == code


async def test_a_pasted_code_continues_an_earlier_board(site: Site, page: Any) -> None:
    await page.goto(site.url + "/demo/lh")
    rng = random.Random(4)
    earlier = [rng.randrange(3) for _ in range(64)]
    await page.fill("#paste", encode("lh", 8, 8, earlier).upper())  # case does not matter
    await page.click("#load")
    assert decode(await code_on(page)).cells == tuple(earlier)
    assert await page.locator("#grid .cell.shaded").count() == earlier.count(1)
    await page.fill("#paste", encode("lh", 8, 8, earlier)[:-1] + "z")
    await page.press("#paste", "Enter")
    assert await page.text_content("#message") == DAMAGED
    await page.fill("#paste", encode("lh", 5, 5, [0] * 25))
    await page.click("#load")
    assert "5×5" in (await page.text_content("#message") or "")
    await page.fill("#paste", encode("rb", 8, 8, [0] * 64))
    await page.click("#load")
    assert "Rune Breaker" in (await page.text_content("#message") or "")
    assert decode(await code_on(page)).cells == tuple(earlier)  # refusals changed nothing


async def test_painting_objects(site: Site, page: Any) -> None:
    await page.goto(site.url + "/demo/rb")
    expected: list[str | None] = [None] * 100

    async def pick(token: str) -> None:
        await page.click(f'#palette button[data-value="{PIECES.index(token) + 1}"]')

    await pick("Rc")
    await page.click(cell(0))
    expected[0] = "Rc"
    await pick("Bs")
    await drag(page, 10, 14)
    expected[10:15] = ["Bs"] * 5
    await page.click('#palette button[data-value="0"]')  # the eraser
    await page.click(cell(12))
    expected[12] = None
    # Keyboard: colour letter then shape letter paints; Space paints the chosen one.
    await page.click(cell(44))
    await page.keyboard.press("g")
    await page.keyboard.press("t")
    expected[44] = "Gt"
    for key in ("ArrowRight", "Space", "ArrowRight", "p", "h", "ArrowRight", "x", "ArrowDown"):
        await page.keyboard.press(key)
    expected[45], expected[46], expected[47] = "Gt", "Ph", "Px"
    await page.keyboard.press("Delete")
    await page.keyboard.press("ArrowUp")
    await page.keyboard.press("Backspace")
    expected[47] = None
    code = await code_on(page)
    cells = decode(code, kind="rb").cells
    assert [PIECES[v - 1] if v else None for v in cells] == expected
    # The command exactly as the page shows it, typed to the game: the same board.
    commands = await page.locator("#commands code").all_text_contents()
    assert commands == [f"/runebreaker answer {code}", f"answer {code}"]
    answer = RUNE_BREAKER.parse(classic_state(), 0, commands[1])
    assert list(answer.board) == expected
    # And the text notation of that board reads the same (the code is no shortcut).
    assert parse_board(format_board(Board(10, tuple(expected))), 10).cells == tuple(expected)
    assert await page.locator("#grid .cell svg").count() == 100 - expected.count(None)
    assert await page.text_content("#tool-name") == "purple cross (Px)"
    await screenshot(page, "editor-rune-breaker-drawn")

    await page.click("#boards button:has-text('Probe 4×4')")
    await pick("Yd")
    await page.click(cell(5))
    probe = decode(await code_on(page))
    assert (probe.height, probe.width) == (4, 4)
    assert probe.cells[5] == PIECES.index("Yd") + 1
    shown = await page.locator("#commands code").all_text_contents()
    assert shown == [f"probe {await code_on(page)} : A B"]
    parsed = RUNE_BREAKER.parse(classic_state(), 0, shown[0].upper())  # any case
    assert list(parsed.board) == [None] * 5 + ["Yd"] + [None] * 10
    await page.click("#boards button:has-text('Reagent Board')")
    assert await code_on(page) == code  # each board keeps its own cells


async def test_every_object_shows_its_shape_and_letter(site: Site, page: Any) -> None:
    await page.goto(site.url + "/demo/rb")
    rng = random.Random(9)
    full = [rng.randrange(37) for _ in range(100)]
    full[:36] = range(1, 37)  # every object at least once
    await page.fill("#paste", encode("rb", 10, 10, full))
    await page.click("#load")
    assert decode(await code_on(page)).cells == tuple(full)
    for index in (0, 7, 35):
        label = await page.get_attribute(cell(index), "aria-label")
        token = PIECES[full[index] - 1]
        assert f"({token})" in (label or "")
        assert await page.text_content(f"{cell(index)} text") == token[0]
    await screenshot(page, "editor-rune-breaker-palette")


async def test_drafts_survive_a_reload(site: Site, page: Any) -> None:
    await page.goto(site.url + "/demo/lh")
    await page.click(cell(9))
    code = await code_on(page)
    await page.reload()
    assert await code_on(page) == code


async def test_the_browser_and_python_write_the_same_codes(site: Site, page: Any) -> None:
    """The page's boardcode.js is a twin of games.core.boardcode, byte for byte."""
    await page.goto(site.url + "/demo/rb")
    rng = random.Random(11)
    boards: list[dict[str, Any]] = []
    for _ in range(150):
        kind = rng.choice(["lh", "rb"])
        h, w = rng.randint(4, 10), rng.randint(4, 10)
        top = 2 if kind == "lh" else 36
        palette = rng.sample(range(top + 1), rng.randint(1, top + 1))
        boards.append(
            {"kind": kind, "h": h, "w": w, "cells": [rng.choice(palette) for _ in range(h * w)]}
        )
    in_browser = await page.evaluate(
        "boards => boards.map(b => BoardCode.encode(b.kind, b.h, b.w, b.cells))", boards
    )
    in_python = [encode(b["kind"], b["h"], b["w"], b["cells"]) for b in boards]
    assert in_browser == in_python
    read_back = await page.evaluate("codes => codes.map(c => BoardCode.decode(c).cells)", in_python)
    assert read_back == [b["cells"] for b in boards]


async def test_the_browser_refuses_damage_as_python_does(site: Site, page: Any) -> None:
    await page.goto(site.url + "/demo/lh")
    code = encode("rb", 10, 10, [random.Random(2).randrange(37) for _ in range(100)])
    damaged = [
        code[:i] + ch + code[i + 1 :] for i in range(len(code)) for ch in "0x-" if ch != code[i]
    ]
    damaged += [code[:i] + code[i + 1] + code[i] + code[i + 2 :] for i in range(len(code) - 1)]
    damaged = [d for d in damaged if d != code]
    messages = await page.evaluate(
        """codes => codes.map(c => {
             try { BoardCode.decode(c, "rb"); return null; } catch (e) { return e.message; }
           })""",
        damaged,
    )
    for text, message in zip(damaged, messages, strict=True):
        with pytest.raises(Rejected) as error:
            decode(text, kind="rb")
        assert message == error.value.message
