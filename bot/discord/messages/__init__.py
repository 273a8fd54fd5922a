"""Plain messages in a private channel: moves in the game's own language."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot


async def setup(bot: GeniusBot) -> None:
    from bot.discord.messages._cog import PrivateMoves

    await bot.add_cog(PrivateMoves(bot))
