"""The match page: a finished match, step by step, at its spectator link.

A step is one room message: exactly what the live spectator view showed (the
room's committed outbox rows, rendered for PUBLIC), so the page can never tell
more than the room was told; the reveal is there once the host has run
``/match reveal``, because it is a room message too, and it is marked as such.

The page itself carries only the list of steps (row id, match clock, whether
it is the reveal): drawing a step's pictures costs tens of milliseconds, so a
300-step match drawn in full would take seconds. Steps' texts and picture alt
texts come as JSON, a few steps at a time, rendered on demand (the renderer's
cache keeps their pictures for the requests that follow), and the pictures
themselves from the board route the live view uses.
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
from storage.records import MatchRecord, MatchStatus
from storage.web import WebRepository

STATIC = "../static/"
#: Steps per request for their texts (each costs its pictures' drawing, about
#: 20-30 ms a picture, which the renderer's cache then keeps for the pictures).
CHUNK = 8
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
        "chunk": CHUNK,
        "texts": f"{token}/steps/",
        "boards": f"{token}/board/",
        "status": match.status.value,
    }
    label = "Finished" if match.status is MatchStatus.FINISHED else "Aborted"
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
    return [step.id, step.clock_ms, 1 if step.reveal else 0]


async def steps(request: web.Request) -> web.Response:
    """The texts and picture alt texts of up to ``CHUNK`` steps, from the room
    message ``row`` on, as JSON: a reader moving one step at a time asks once per
    chunk, well inside a client's request budget (bot.web.guard.Limits)."""
    context = request.app[CONTEXT]
    match = await context.links.resolve(request.match_info["token"], WATCH)
    if match is None:
        raise web.HTTPNotFound()
    first = int(request.match_info["row"])
    async with context.sessions() as session:
        rows = await WebRepository(session).room_messages(match.id, after_id=first - 1, limit=CHUNK)
    if not rows or rows[0].id != first:  # not a room message of this match
        raise web.HTTPNotFound()
    names = tuple(await context.feeds.renderer.names(match))
    body = []
    for row in rows:
        rendered = await context.feeds.renderer.render(match, row, names)
        alts = [alt_text(image, rendered.text, ALT_LIMIT) for image in rendered.images]
        body.append({"id": row.id, "text": rendered.text, "alts": alts})
    # Committed room messages never change, so a full chunk never does; a short one
    # may still grow (the reveal comes later), so the browser asks again.
    cache = "private, max-age=86400, immutable" if len(rows) == CHUNK else "no-cache"
    return web.json_response({"steps": body}, headers={"Cache-Control": cache})
