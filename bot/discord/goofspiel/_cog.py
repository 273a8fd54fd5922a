"""``/goofspiel bid`` and ``/goofspiel status``: ephemeral, for the match's players."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.acting import Seat, seat_in_channel
from bot.discord.errors import Refusal
from bot.discord.goofspiel._moves import bid_text, confirm
from bot.discord.replies import render_status, reply_rendered, seat_names
from bot.runtime import MatchRuntime
from games.goofspiel import GAME

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot

Interaction = discord.Interaction["GeniusBot"]

GAME_KEY = GAME.key
CARD_CHOICES = [app_commands.Choice(name="pass", value=0)] + [
    app_commands.Choice(name=str(card), value=card) for card in range(1, 7)
]
HELP = (
    "**How to bid:** type a card number here (`4` or `play 4`) or `pass`, click one of the "
    "card buttons, or use `/goofspiel bid`. Until both bids are in you may change yours. "
    "Type `status` (or `/goofspiel status`) to see the board and both hands, `help` for this."
)


@app_commands.guild_only()
class GoofspielCog(
    commands.GroupCog, group_name="goofspiel", group_description="Play Square Goofspiel."
):
    def __init__(self, bot: GeniusBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def runtime(self) -> MatchRuntime:
        return self.bot.runtime

    async def _seat(self, interaction: Interaction) -> Seat:
        assert interaction.guild_id is not None  # guild_only
        acting = await seat_in_channel(
            self.runtime, interaction.guild_id, interaction.channel_id, interaction.user.id
        )
        interaction.extras["match_id"] = acting.match.id
        if acting.match.game != GAME_KEY:
            raise Refusal(f"Match #{acting.match.id} is not a Square Goofspiel match.")
        return acting

    @app_commands.command(
        name="bid", description="Bid on the cell up for auction (only you see it)."
    )
    @app_commands.describe(card="The card to play, or pass")
    @app_commands.choices(card=CARD_CHOICES)
    async def bid(self, interaction: Interaction, card: app_commands.Choice[int]) -> None:
        acting = await self._seat(interaction)
        notices = await self.runtime.submit_text(acting.match.id, acting.seat, bid_text(card.value))
        await confirm(interaction, acting.match, acting.seat, card.value, notices)

    @app_commands.command(
        name="status", description="The board, the hands and your bid (just for you)."
    )
    async def status(self, interaction: Interaction) -> None:
        acting = await self._seat(interaction)
        view = await self.runtime.view(acting.match.id, acting.seat)
        names = await seat_names(self.bot, acting.match)
        rendered = await render_status(acting.match.game, view, acting.seat, names)
        await reply_rendered(interaction, rendered, fallback=f"Match #{acting.match.id}.")
