"""What every page handler shares: sessions, links, live feeds and limits.

Its own module, below the application (bot.web.app, which builds the routes)
and the handlers (edit, watch), which all read it from ``request.app[CONTEXT]``.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from aiohttp import web
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.ops.health import Readiness
from bot.ops.metrics import Metrics
from bot.web.editor import EditorBuilder, editor_builder
from bot.web.feed import Feeds
from bot.web.guard import Limits
from bot.web.links import WebLinks
from bot.web.proxies import TrustedProxies


@dataclass
class WebContext:
    sessions: async_sessionmaker[AsyncSession]
    links: WebLinks
    feeds: Feeds
    readiness: Readiness
    metrics: Metrics | None = None  # None: /metrics is a 404
    limits: Limits = field(default_factory=Limits)
    #: Seconds between keep-alive comments on a quiet stream (a gone client shows up
    #: as a failed write, so this also bounds how long a dead stream lingers).
    heartbeat_seconds: float = 15.0
    demo: bool = False
    editors: Callable[[str], EditorBuilder | None] = editor_builder
    streams: Counter[str] = field(default_factory=Counter)  # open streams per client
    #: Whose forwarded-for headers are believed (bot.web.proxies); None: nobody's.
    proxies: TrustedProxies | None = None

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
