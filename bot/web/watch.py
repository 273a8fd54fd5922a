"""The spectator view: the room's messages, live, and the latest board picture.

The stream is server-sent events: ``message`` events (id = the room row, so a
reconnecting browser resumes after the last one it got via Last-Event-ID) and
``status`` events (running, paused, finished…). A quiet stream gets a comment
line every heartbeat; a spectator who has gone away makes that write fail and
the stream ends, freeing its slot.
"""

from __future__ import annotations

from aiohttp import web

from bot.web import match_page, pages
from bot.web.context import CONTEXT
from bot.web.feed import RoomFeed
from bot.web.frames import KEEP_ALIVE
from bot.web.guard import client_of
from bot.web.links import WATCH
from games import get
from storage.records import MatchRecord
from storage.web import WebRepository

STATIC = "../static/"


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
    """Write the feed's frames from just after ``after``, then each new one as it
    comes; every stream writes the same encoded bytes (bot.web.frames)."""
    position = feed.position_after(after)
    sent: bytes | None = None  # the status frame last written
    while True:
        version = feed.version
        # No await from here to the write: the frames and the position agree.
        chunk = feed.frames_from(position)
        position = len(feed.frames)
        if feed.status_frame is not None and feed.status_frame is not sent:
            sent = feed.status_frame
            chunk += sent
        if chunk:
            await stream.write(chunk)
        if feed.closed or (feed.status is not None and feed.status.status.over and sent):
            return  # the server is stopping, or everything up to the end was sent
        if not await feed.wait_change(version, heartbeat):
            await stream.write(KEEP_ALIVE)


def _resume_after(request: web.Request) -> int:
    raw = request.headers.get("Last-Event-ID") or request.query.get("after") or "0"
    return int(raw) if raw.isdigit() and len(raw) < 19 else 0
