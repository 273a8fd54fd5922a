"""The web pages inside the bot: on when the settings give ``[web] port``.

The web server itself knows nothing of Discord; from here it gets the seats'
display names (as the room shows them), and the runtime's delivery port is
wrapped so the spectator view follows the room live.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.discord.replies import seat_names
from bot.web import WebServer
from storage.records import MatchRecord

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot


def make_web(bot: GeniusBot) -> WebServer | None:
    """The bot's web server, or None when no port is configured."""
    settings = bot.settings.web
    if settings.port is None:
        return None

    async def names(match: MatchRecord) -> Sequence[str]:
        return await seat_names(bot, match)

    return WebServer(
        bot.sessions,
        host=settings.host,
        port=settings.port,
        public_url=settings.public_url,
        names=names,
    )
