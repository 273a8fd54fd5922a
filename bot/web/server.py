"""The web server: started inside the bot (``genius-bot run`` with a ``[web] port``)
or alone (``genius-bot web``)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from aiohttp import web
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.config import HealthSettings
from bot.ops.health import Readiness
from bot.ops.metrics import Metrics
from bot.runtime.delivery import DeliveryPort
from bot.web.app import make_app
from bot.web.context import WebContext
from bot.web.delivery import WebDelivery
from bot.web.editor import EditorBuilder, editor_builder
from bot.web.feed import Feeds
from bot.web.guard import REQUEST_LOG, Limits
from bot.web.links import WebLinks
from bot.web.nudges import Nudges, nudges_for
from bot.web.proxies import TrustedProxies
from bot.web.room import NamesFn, RoomRenderer, default_names

log = logging.getLogger(__name__)

SHUTDOWN_SECONDS = 2.0  # open streams are closed by then


class WebServer:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        public_url: str | None = None,
        names: NamesFn = default_names,
        demo: bool = False,
        limits: Limits | None = None,
        poll_seconds: float = 5.0,
        heartbeat_seconds: float = 15.0,
        editors: Callable[[str], EditorBuilder | None] = editor_builder,
        proxies: TrustedProxies | None = None,
        metrics: Metrics | None = None,
        readiness: Readiness | None = None,
    ) -> None:
        self.host = host
        self.port = port
        self._public_url = public_url
        self.feeds = Feeds(sessions, RoomRenderer(names), poll_seconds=poll_seconds)
        self.links = WebLinks(sessions, public_url or f"http://{host}:{port}")
        self.context = WebContext(
            sessions=sessions, links=self.links, feeds=self.feeds, limits=limits or Limits(),
            heartbeat_seconds=heartbeat_seconds, demo=demo, editors=editors, proxies=proxies,
            metrics=metrics, readiness=readiness or Readiness(sessions, HealthSettings()),
        )  # fmt: skip
        if metrics is not None:
            streams = self.context.streams
            metrics.watch_streams(lambda: sum(streams.values()))
        self.app = make_app(self.context)
        self._runner: web.AppRunner | None = None
        #: How this process hears of rows other processes commit (bot.web.nudges).
        self.nudges: Nudges = nudges_for(sessions, self.feeds)
        self._nudging: asyncio.Task[None] | None = None

    def wrap(self, delivery: DeliveryPort) -> WebDelivery:
        """The delivery port to give the runtime: ``delivery`` plus the live web feed
        and, once a match starts, its spectator link in the room."""
        return WebDelivery(delivery, self.feeds, self.links)

    @property
    def url(self) -> str:
        """Where this server answers (the bound port, if it was 0)."""
        return f"http://{self.host}:{self.port}"

    async def start(self) -> None:
        runner = web.AppRunner(
            self.app, handle_signals=False, access_log=None, shutdown_timeout=SHUTDOWN_SECONDS,
            logger=REQUEST_LOG,
        )  # fmt: skip
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        await site.start()
        self._runner = runner
        self.feeds.on_watched = self._hear_other_processes
        if self.port == 0:  # a free port was picked: learn which
            self.port = int(runner.addresses[0][1])
            if self._public_url is None:
                self.links.base_url = self.url
        log.info("web pages at %s (links point to %s)", self.url, self.links.base_url)

    def _hear_other_processes(self) -> None:
        """A match is watched: listen (or poll) for rows other processes commit,
        unless already doing so."""
        if self._nudging is None or self._nudging.done():
            self._nudging = asyncio.create_task(self.nudges.run(), name="web-nudges")

    async def stop(self) -> None:
        self.feeds.on_watched = None
        if self._nudging is not None:
            self._nudging.cancel()
            await asyncio.gather(self._nudging, return_exceptions=True)
            self._nudging = None
        await self.feeds.close()  # live streams end first, then connections close
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


async def serve_until_cancelled(server: WebServer) -> None:
    """Run ``server`` until the task is cancelled (Ctrl-C in ``genius-bot web``)."""
    await server.start()
    try:
        await asyncio.Event().wait()
    finally:
        await server.stop()
