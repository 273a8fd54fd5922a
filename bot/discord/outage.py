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
from collections.abc import Callable

from discord.ext import commands

from bot.runtime import MatchRuntime
from bot.runtime.scheduler import Timer

log = logging.getLogger(__name__)


class OutageWatch(commands.Cog):
    """Takes what it needs from the bot as parameters: the bot's own module
    imports this one, so this one does not import it back."""

    def __init__(
        self, runtime: MatchRuntime, *, grace_seconds: float, closing: Callable[[], bool]
    ) -> None:
        self.runtime = runtime
        self.grace_seconds = grace_seconds
        self._closing = closing  # the bot is shutting down (it saves clocks itself)
        self._grace: Timer | None = None  # armed while the connection is lost

    @commands.Cog.listener()
    async def on_disconnect(self) -> None:
        if self._grace is not None or self._closing():
            return  # already counting this outage; or shutting down, which saves clocks
        held = self.runtime.hold_clocks()
        log.warning("lost the connection to Discord; %d running match clocks held", held)
        self._grace = self.runtime.scheduler.call_later(self.grace_seconds, self._outlasted)

    async def _outlasted(self) -> None:
        log.warning("still cut off from Discord after %.0f s: pausing", self.grace_seconds)
        await self.runtime.pause_held()

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
        await self.runtime.release_clocks()
