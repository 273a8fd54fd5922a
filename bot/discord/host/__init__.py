"""``/match``: the host's commands — create, start, pause, resume, abort, status, export,
cleanup, reveal, list."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot


async def setup(bot: GeniusBot) -> None:
    from bot.discord.host._cleanup import ConfirmCleanup
    from bot.discord.host._cog import HostCog
    from bot.discord.host._leftovers import Leftovers

    await bot.add_cog(HostCog(bot))
    await bot.add_cog(Leftovers(bot))
    bot.add_dynamic_items(ConfirmCleanup)
