"""The match page: a finished match, step by step, at its spectator link.

A step is one room message: exactly what the live spectator view showed (the
room's committed outbox rows, rendered for PUBLIC), so the page can never tell
more than the room was told; the reveal is there once the host has run
``/match reveal``, because it is a room message too, and it is marked as such.

The page itself carries only the list of steps (row id, match clock, whether
it is the reveal): drawing a step's pictures costs tens of milliseconds, so a
300-step match drawn in full would take seconds. A step's text and picture
alt texts come from its own small JSON (rendered on demand, with the
renderer's cache keeping the pictures for the request that follows), and the
pictures themselves from the board route the live view uses.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.render.base import alt_text
from bot.web import pages
from bot.web.context import CONTEXT
from bot.web.links import WATCH
from games import get
from storage.match_page import RoomStep, room_steps
from storage.records import MatchRecord
from storage.web import WebRepository

STATIC = "../static/"
#: The notice kind of the host's reveal (games/<key>/reveal.py).
REVEAL = "secrets_revealed"
#: Alt text fits a screen reader's line, not Discord's 1024-character cap.
ALT_LIMIT = 600


async def page(request: web.Request, match: MatchRecord) -> web.Response:
    """The step-by-step page of ``match`` (which is over)."""
    context = request.app[CONTEXT]
    async with context.sessions() as session:
        steps = await room_steps(session, match.id)
    names = list(await context.feeds.renderer.names(match))
    token = request.match_info["token"]
    data = {
        "steps": [_step_entry(step) for step in steps],
        "step": f"{token}/step/",
        "boards": f"{token}/board/",
        "status": match.status.value,
    }
    label = "Finished" if match.status.value == "finished" else "Aborted"
    return pages.html_response(
        pages.page(
            "match.html",
            title=get(match.game).title,
            players=" vs ".join(names),
            status=match.status.value,
            label=label,
            count=str(len(steps)),
            static=STATIC,
            data=data,
        )
    )


def _step_entry(step: RoomStep) -> list[Any]:
    # A list, not an object: a 300-step page stays a few kilobytes.
    return [step.id, step.clock_ms, 1 if REVEAL in step.kinds else 0]


async def step(request: web.Request) -> web.Response:
    """One step's text and its pictures' alt texts, as JSON."""
    token = request.match_info["token"]
    context = request.app[CONTEXT]
    match = await context.links.resolve(token, WATCH)
    if match is None:
        raise web.HTTPNotFound()
    async with context.sessions() as session:
        row = await WebRepository(session).room_message(match.id, int(request.match_info["row"]))
    if row is None:
        raise web.HTTPNotFound()
    rendered = await context.feeds.renderer.render(match, row)
    body = {
        "id": row.id,
        "text": rendered.text,
        "alts": [alt_text(image, rendered.text, ALT_LIMIT) for image in rendered.images],
    }
    # A room message never changes once committed; only the token guards it.
    return web.json_response(body, headers={"Cache-Control": "private, max-age=86400, immutable"})
