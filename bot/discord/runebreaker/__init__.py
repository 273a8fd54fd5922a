"""Rune Breaker on Discord: ``/runebreaker …``, the probe and answer forms, the
buttons on each prompt in a private channel and the Buzz button in the room."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot


async def setup(bot: GeniusBot) -> None:
    from bot.discord.runebreaker._cog import HELP, RuneBreakerCog
    from bot.discord.runebreaker._forms import GAME_PREFIX, submit_sent_form
    from bot.discord.runebreaker._moves import GAME_KEY
    from bot.discord.runebreaker._views import (
        BuzzButton,
        FormButton,
        MoveButton,
        room_view,
        seat_view,
    )

    await bot.add_cog(RuneBreakerCog(bot))
    bot.add_dynamic_items(MoveButton, BuzzButton, FormButton)
    bot.forms.add(GAME_PREFIX, submit_sent_form)
    bot.delivery.add_view_factory(GAME_KEY, seat_view)
    bot.delivery.add_room_view_factory(GAME_KEY, room_view)
    bot.help_texts[GAME_KEY] = HELP
