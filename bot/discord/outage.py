"""Gateway outages: while the bot is cut off from Discord no one can act, so no
one's clock may run.

The moment discord.py reports the connection lost (``on_disconnect``) every
running match's clock stops (:meth:`MatchRuntime.hold_clocks`). If the
connection is back (``on_resumed``, or ``on_ready`` after a fresh session)
within ``[discord] outage_grace_seconds``, the clocks run on and nobody is told:
a blip costs nothing and says nothing. Past the grace the held matches pause
with a notice, at the match time they were held at, and resume with a notice
once the bot is back. Matches a host had paused are left as they are.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from discord.ext import commands

from bot.runtime.scheduler import Timer

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot

log = logging.getLogger(__name__)


class OutageWatch(commands.Cog):
    def __init__(self, bot: GeniusBot) -> None:
        self.bot = bot
        self._grace: Timer | None = None  # armed while the connection is lost

    @property
    def grace_seconds(self) -> float:
        return self.bot.settings.discord.outage_grace_seconds

    @commands.Cog.listener()
    async def on_disconnect(self) -> None:
        if self._grace is not None or self.bot.is_closed():
            return  # already counting this outage; or shutting down, which saves clocks
        held = self.bot.runtime.hold_clocks()
        log.warning("lost the connection to Discord; %d running match clocks held", held)
        self._grace = self.bot.runtime.scheduler.call_later(self.grace_seconds, self._outlasted)

    async def _outlasted(self) -> None:
        log.warning("still cut off from Discord after %.0f s: pausing", self.grace_seconds)
        await self.bot.runtime.pause_held()

    @commands.Cog.listener()
    async def on_resumed(self) -> None:
        await self._back()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        # Also the first login, and a login after a restart during an outage
        # (matches stored as paused for an outage resume then).
        await self._back()

    async def _back(self) -> None:
        if self._grace is not None:
            self._grace.cancel()
            self._grace = None
            log.info("the connection to Discord is back")
        await self.bot.runtime.release_clocks()
