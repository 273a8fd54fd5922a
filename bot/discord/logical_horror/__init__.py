"""Logical Horror on Discord: ``/logical_horror …``, the query form, the query and
hint buttons under each seat's resources, and the host's Confirm/Deny buttons
on a claimed win."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot


async def setup(bot: GeniusBot) -> None:
    from bot.discord.logical_horror._cog import LogicalHorrorCog
    from bot.discord.logical_horror._forms import GAME_PREFIX, submit_sent_form
    from bot.discord.logical_horror._moves import GAME_KEY, HELP
    from bot.discord.logical_horror._views import (
        FormButton,
        HintButton,
        HostButton,
        host_view,
        seat_view,
    )

    await bot.add_cog(LogicalHorrorCog(bot))
    bot.add_dynamic_items(FormButton, HintButton, HostButton)
    bot.forms.add(GAME_PREFIX, submit_sent_form)
    bot.delivery.add_view_factory(GAME_KEY, seat_view)
    bot.delivery.add_host_view_factory(GAME_KEY, host_view)
    bot.help_texts[GAME_KEY] = HELP
