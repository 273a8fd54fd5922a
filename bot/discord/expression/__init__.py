"""Expression Black & White on Discord: ``/expression …``, the forms (expression,
guess, Final Guess) and the buttons on each request in a private channel."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot


async def setup(bot: GeniusBot) -> None:
    from bot.discord.expression._cog import HELP, ExpressionCog
    from bot.discord.expression._forms import GAME_PREFIX, submit_sent_form
    from bot.discord.expression._moves import GAME_KEY
    from bot.discord.expression._views import FormButton, MoveButton, request_view

    await bot.add_cog(ExpressionCog(bot))
    bot.add_dynamic_items(MoveButton, FormButton)
    bot.forms.add(GAME_PREFIX, submit_sent_form)
    bot.delivery.add_view_factory(GAME_KEY, request_view)
    bot.help_texts[GAME_KEY] = HELP
