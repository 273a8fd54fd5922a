"""Decoder on Discord: the ``/decoder`` moves, ``status`` and the host's ``begin``,
and buttons for the decisions where a click beats typing."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot


async def setup(bot: GeniusBot) -> None:
    from bot.discord.decoder._cog import HELP, DecoderCog
    from bot.discord.decoder._views import GAME_KEY, HandSelect, MoveButton, decoder_view

    await bot.add_cog(DecoderCog(bot))
    bot.add_dynamic_items(MoveButton, HandSelect)
    bot.delivery.add_view_factory(GAME_KEY, decoder_view)
    bot.help_texts[GAME_KEY] = HELP
