"""The page's markdown (bot/web/static/markdown.js) read as Discord reads it, run
in a real browser: escaped display names show exactly as typed, inside bold,
underline and italic or bare."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path

from discord.utils import escape_markdown

from bot.render import escape_md
from tests.bot.web.browser import launched

SCRIPT = Path(__file__).resolve().parents[3] / "bot" / "web" / "static" / "markdown.js"

#: Display names full of markdown: bold markers, underscores, tildes, backticks,
#: pipes, backslashes, and a few that only Discord's own escaping touches.
NAMES = (
    "Ru**by**",
    "Ruby*",
    "*Ruby",
    "Ru*by",
    "__Ruby__",
    "snake_case_",
    "_",
    "~~Ruby~~",
    "Ru`by`",
    "`",
    "Ru||by||",
    "Ru\\by\\",
    "\\",
    "\\*",
    "a>b",
    "[Ruby](x)",
    "Ruby 😀*",
)

#: How the bot puts a name in a message, and the markup that must come of it.
PLACES: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("→ **{}** claims B.", lambda name: f"→ <strong>{name}</strong> claims B."),
    ("__{}__", lambda name: f"<u>{name}</u>"),
    ("*{}* passed", lambda name: f"<em>{name}</em> passed"),
    ("_{}_", lambda name: f"<em>{name}</em>"),
    ("{} vs Turquoise", lambda name: f"{name} vs Turquoise"),
)

RENDER_ALL = """texts => texts.map(text => {
  const into = document.createElement("div");
  Markdown.render(text, into);
  return into.innerHTML;
})"""


async def rendered(texts: list[str]) -> list[str]:
    """Each text's markup, as Markdown.render makes it in Chromium."""
    async for browser in launched():
        page = await browser.new_page()
        await page.add_script_tag(path=str(SCRIPT))
        found: list[str] = await page.evaluate(RENDER_ALL, texts)
        return found
    raise AssertionError("no browser")


async def test_escaped_names_show_as_typed() -> None:
    cases = [
        (template.format(escape(name)), markup(html.escape(name, quote=False)))
        for escape in (escape_md, escape_markdown)
        for name in NAMES
        for template, markup in PLACES
    ]
    got = await rendered([text for text, _ in cases])
    assert len(got) == len(cases)
    wrong = [
        (text, want, seen) for (text, want), seen in zip(cases, got, strict=True) if seen != want
    ]
    assert wrong == []


async def test_the_markup_the_bot_writes_still_works() -> None:
    texts = [
        "**bold** __under__ *it* _it_ `play 5`",
        "```\nRuby  12\nTurquoise 3\n```after",
        "a \\` b \\* c `code \\* stays`",
        "**bold with *italic* inside**",
    ]
    assert await rendered(texts) == [
        "<strong>bold</strong> <u>under</u> <em>it</em> <em>it</em> <code>play 5</code>",
        "<pre>Ruby  12\nTurquoise 3</pre>after",
        "a ` b * c <code>code \\* stays</code>",
        "<strong>bold with <em>italic</em> inside</strong>",
    ]
