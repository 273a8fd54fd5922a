"""The aiohttp application: routes, the shared context, and the guards."""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import web
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.web.editor import EditorBuilder, editor_builder
from bot.web.feed import Feeds
from bot.web.guard import Limits, RateLimiter, add_security_headers, guard
from bot.web.links import WebLinks
from bot.web.pages import STATIC


@dataclass
class WebContext:
    sessions: async_sessionmaker[AsyncSession]
    links: WebLinks
    feeds: Feeds
    limits: Limits = field(default_factory=Limits)
    #: Seconds between keep-alive comments on a quiet stream (a gone client shows up
    #: as a failed write, so this also bounds how long a dead stream lingers).
    heartbeat_seconds: float = 15.0
    demo: bool = False
    editors: Callable[[str], EditorBuilder | None] = editor_builder
    streams: Counter[str] = field(default_factory=Counter)  # open streams per client

    @contextlib.contextmanager
    def stream_slot(self, client: str) -> Iterator[bool]:
        """Take one of the client's live-stream slots; yields False if none is free."""
        free = (
            self.streams[client] < self.limits.streams_per_client
            and sum(self.streams.values()) < self.limits.streams_total
        )
        if not free:
            yield False
            return
        self.streams[client] += 1
        try:
            yield True
        finally:
            self.streams[client] -= 1
            if self.streams[client] <= 0:
                del self.streams[client]


CONTEXT = web.AppKey("context", WebContext)


def make_app(context: WebContext) -> web.Application:
    # Imported here: the handlers import this module for CONTEXT.
    from bot.web import edit, watch

    limiter = RateLimiter(context.limits.burst, context.limits.per_second)
    app = web.Application(
        middlewares=[guard(context.limits, limiter)], client_max_size=context.limits.max_body
    )
    app[CONTEXT] = context
    app.on_response_prepare.append(add_security_headers)
    app.router.add_get("/healthz", _health)
    app.router.add_get("/watch/{token}", watch.page)
    app.router.add_get("/watch/{token}/events", watch.events)
    app.router.add_get(r"/watch/{token}/board/{row:\d{1,18}}/{index:\d{1,2}}.png", watch.board)
    app.router.add_get("/edit/{token}", edit.page)
    if context.demo:
        app.router.add_get("/", edit.demo_index)
        app.router.add_get("/demo/{mode}", edit.demo)
    app.router.add_static("/static", Path(str(STATIC)), append_version=False)
    return app


async def _health(request: web.Request) -> web.Response:
    return web.Response(text="ok\n")
