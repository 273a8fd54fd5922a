"""The spectator view: the room's messages, live, and the latest board picture.

The stream is server-sent events: ``message`` events (id = the room row, so a
reconnecting browser resumes after the last one it got via Last-Event-ID) and
``status`` events (running, paused, finished…). A quiet stream gets a comment
line every heartbeat; a spectator who has gone away makes that write fail and
the stream ends, freeing its slot.
"""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from bot.web import match_page, pages
from bot.web.context import CONTEXT
from bot.web.feed import RoomFeed, RoomStatus
from bot.web.guard import client_of
from bot.web.links import WATCH
from bot.web.room import RoomMessage
from games import get
from storage.records import MatchRecord, MatchStatus
from storage.web import WebRepository

STATIC = "../static/"

STATUS_LABELS: dict[MatchStatus, str] = {
    MatchStatus.CREATED: "Not started yet",
    MatchStatus.RUNNING: "Live",
    MatchStatus.PAUSED: "Paused",
    MatchStatus.FINISHED: "Finished",
    MatchStatus.ABORTED: "Aborted",
}


async def _match(request: web.Request) -> MatchRecord:
    match = await request.app[CONTEXT].links.resolve(request.match_info["token"], WATCH)
    if match is None:
        raise web.HTTPNotFound()
    return match


async def page(request: web.Request) -> web.Response:
    match = await _match(request)
    if match.status.over:  # the link is now the match's page, step by step
        return await match_page.page(request, match)
    context = request.app[CONTEXT]
    names = list(await context.feeds.renderer.names(match))
    title = get(match.game).title
    if match.practice:
        title = f"{title} — practice against the bot ({match.bot_level})"
    players = " vs ".join(names)
    token = request.match_info["token"]
    data = {"events": f"{token}/events", "boards": f"{token}/board/"}
    return pages.html_response(
        pages.page("watch.html", title=title, players=players, static=STATIC, data=data)
    )


async def board(request: web.Request) -> web.Response:
    """A board picture of one room message (pictures never change: cacheable)."""
    match = await _match(request)
    context = request.app[CONTEXT]
    async with context.sessions() as session:
        row = await WebRepository(session).room_message(match.id, int(request.match_info["row"]))
    if row is None:
        raise web.HTTPNotFound()
    images = (await context.feeds.renderer.render(match, row)).images
    index = int(request.match_info["index"])
    if index >= len(images):
        raise web.HTTPNotFound()
    return web.Response(
        body=images[index].data,
        content_type="image/png",
        headers={"Cache-Control": "private, max-age=86400, immutable"},
    )


async def events(request: web.Request) -> web.StreamResponse:
    match = await _match(request)
    context = request.app[CONTEXT]
    with context.stream_slot(client_of(request)) as free:
        if not free:
            return web.Response(status=429, text="Too many live views open; close one.\n")
        stream = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",  # a proxy must pass events on at once
            }
        )
        await stream.prepare(request)
        try:
            async with context.feeds.watch(match.id) as feed:
                await _follow(stream, feed, _resume_after(request), context.heartbeat_seconds)
        except ConnectionResetError:
            pass  # the spectator went away mid-stream: nothing to clean up but the slot
        return stream


async def _follow(stream: web.StreamResponse, feed: RoomFeed, after: int, heartbeat: float) -> None:
    sent: RoomStatus | None = None
    while True:
        version = feed.version
        for message in feed.after(after):
            await _send(stream, "message", _message_json(message), event_id=message.id)
            after = message.id
        if feed.status is not None and feed.status != sent:
            sent = feed.status
            await _send(stream, "status", _status_json(sent))
        if feed.closed or (sent is not None and sent.status.over):
            return  # the server is stopping, or everything up to the end was sent
        if not await feed.wait_change(version, heartbeat):
            await stream.write(b": keep-alive\n\n")


def _resume_after(request: web.Request) -> int:
    raw = request.headers.get("Last-Event-ID") or request.query.get("after") or "0"
    return int(raw) if raw.isdigit() and len(raw) < 19 else 0


async def _send(
    stream: web.StreamResponse, event: str, data: dict[str, Any], *, event_id: int | None = None
) -> None:
    lines = [f"event: {event}"]
    if event_id is not None:
        lines.append(f"id: {event_id}")
    # json.dumps never emits a raw newline, so the data is one line.
    lines.append(f"data: {json.dumps(data, ensure_ascii=False)}")
    await stream.write(("\n".join(lines) + "\n\n").encode())


def _message_json(message: RoomMessage) -> dict[str, Any]:
    return {"id": message.id, "text": message.text, "images": message.images}


def _status_json(status: RoomStatus) -> dict[str, Any]:
    return {
        "status": status.status.value,
        "label": STATUS_LABELS[status.status],
        "reason": status.pause_reason if status.status is MatchStatus.PAUSED else None,
    }
