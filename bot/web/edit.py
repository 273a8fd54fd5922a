"""The board editor pages: one per match (from its public view) and the demos."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from pydantic import ValidationError

from bot.runtime.stored import stored_state
from bot.web import pages
from bot.web.context import CONTEXT
from bot.web.demo import DEMO_EDITORS
from bot.web.links import EDIT
from bot.web.spec import EditorSpec
from games import PUBLIC, get
from games.core.formats import FormatError
from storage.records import MatchRecord

STATIC = "../static/"  # every page sits two levels down: /edit/<token>, /demo/<mode>


async def page(request: web.Request) -> web.Response:
    context = request.app[CONTEXT]
    token = request.match_info["token"]
    match = await context.links.resolve(token, EDIT)
    builder = None if match is None else context.editors(match.game)
    if match is None or builder is None:
        raise web.HTTPNotFound()
    try:
        view = public_view(match)
    except (FormatError, ValidationError):
        # A match this build cannot read (bot.runtime.loading): there is no board
        # to draw, and its host has been told; the link is a plain 404 meanwhile.
        raise web.HTTPNotFound() from None
    spec = builder(match, view)
    if spec is None:
        raise web.HTTPNotFound()
    # Drafts are kept per link, in the player's own browser.
    return editor_page(spec.model_copy(update={"key": f"edit-{token}"}))


async def demo(request: web.Request) -> web.Response:
    spec = DEMO_EDITORS.get(request.match_info["mode"])
    if spec is None:
        raise web.HTTPNotFound()
    return editor_page(spec)


async def demo_index(request: web.Request) -> web.Response:
    return pages.html_response(pages.page("index.html", static="static/"))


def editor_page(spec: EditorSpec) -> web.Response:
    return pages.html_response(
        pages.page(
            "editor.html", title=spec.title, static=STATIC, data=spec.model_dump(mode="json")
        )
    )


def public_view(match: MatchRecord) -> dict[str, Any] | None:
    """What the room may know of the match now (None before it started)."""
    if match.state is None:
        return None
    game = get(match.game)
    return game.view(stored_state(game, match), PUBLIC)
