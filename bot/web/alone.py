"""``genius-bot web``: the web pages without the bot, for local use.

It reads the same database as the bot, so links the bot posted keep working
(no runtime in this process pokes their streams: the database tells it of the
bot's rows, by NOTIFY on PostgreSQL or a quick poll of SQLite, bot.web.nudges);
``--demo`` adds the demo editors at /demo/lh and /demo/rb.
"""

from __future__ import annotations

import asyncio
import contextlib

from bot.config import CoreSettings
from bot.ops.health import Readiness
from bot.ops.metrics import Metrics
from bot.runtime import heap
from bot.stopping import stop_requested
from bot.web.server import WebServer
from storage import make_engine, make_sessionmaker, upgrade

DEFAULT_PORT = 8080


def serve(settings: CoreSettings, *, host: str | None, port: int | None, demo: bool) -> int:
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_serve(settings, host=host, port=port, demo=demo))
    heap.exiting()
    return 0


async def _serve(settings: CoreSettings, *, host: str | None, port: int | None, demo: bool) -> None:
    await upgrade(settings.database.url)
    engine = make_engine(settings.database.url, settings.database.pool())
    sessions = make_sessionmaker(engine)
    server = WebServer(
        sessions,
        host=host or settings.web.host,
        port=port if port is not None else settings.web.port or DEFAULT_PORT,
        public_url=settings.web.public_url,
        demo=demo,
        proxies=settings.web.proxies(),
        # Alone, it delivers nothing and has no gateway: ready while the database answers.
        readiness=Readiness(sessions, settings.health),
        metrics=Metrics() if settings.metrics.enabled else None,
    )
    stop = stop_requested()  # SIGTERM or SIGINT (Ctrl-C): a clean stop, from here on
    try:
        await server.start()
        print(f"genius-bot web pages at {server.url} (Ctrl-C stops)", flush=True)
        if demo:
            print(f"  {server.url}/demo/lh   Logical Horror editor")
            print(f"  {server.url}/demo/rb   Rune Breaker editor")
        await stop.wait()
    finally:
        await server.stop()
        await engine.dispose()
