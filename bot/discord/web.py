"""The web pages inside the bot: on when the settings give ``[web] port``.

The web server itself knows nothing of Discord; from here it gets the seats'
display names (as the room shows them), and the runtime's delivery port is
wrapped so the spectator view follows the room live.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.config import WebSettings
from bot.discord.replies import seat_names
from bot.ops.health import Readiness
from bot.ops.metrics import Metrics
from bot.web import WebServer
from storage.records import MatchRecord


def make_web(
    client: discord.Client,
    settings: WebSettings,
    sessions: async_sessionmaker[AsyncSession],
    readiness: Readiness,
    metrics: Metrics | None = None,
) -> WebServer | None:
    """The bot's web server, or None when no port is configured. (Given what it
    needs, not the bot: the bot's module imports this one.)"""
    if settings.port is None:
        return None

    async def names(match: MatchRecord) -> Sequence[str]:
        return await seat_names(client, match)

    return WebServer(
        sessions,
        host=settings.host,
        port=settings.port,
        public_url=settings.public_url,
        names=names,
        proxies=settings.proxies(),
        readiness=readiness,
        metrics=metrics,
    )
