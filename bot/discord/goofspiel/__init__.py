"""Square Goofspiel on Discord: ``/goofspiel bid``/``status`` and the card buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot


async def setup(bot: GeniusBot) -> None:
    from bot.discord.goofspiel._cog import HELP, GoofspielCog
    from bot.discord.goofspiel._views import GAME_KEY, BidButton, bid_view

    await bot.add_cog(GoofspielCog(bot))
    bot.add_dynamic_items(BidButton)
    bot.delivery.add_view_factory(GAME_KEY, bid_view)
    bot.help_texts[GAME_KEY] = HELP
