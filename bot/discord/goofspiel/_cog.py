"""``/goofspiel bid`` and ``/goofspiel status``: ephemeral, for the match's players."""

from __future__ import annotations

from discord import app_commands

from bot.discord.acting import Audience
from bot.discord.game_cog import GameCog, Interaction
from bot.discord.goofspiel._moves import bid_text, confirm
from games.goofspiel import GAME

CARD_CHOICES = [app_commands.Choice(name="pass", value=0)] + [
    app_commands.Choice(name=str(card), value=card) for card in range(1, 7)
]
HELP = (
    "**How to bid:** type a card number here (`4` or `play 4`) or `pass`, click one of the "
    "card buttons, or use `/goofspiel bid`. Until both bids are in you may change yours. "
    "Type `status` (or `/goofspiel status`) to see the board and both hands, `help` for this."
)


@app_commands.guild_only()
class GoofspielCog(GameCog, group_name="goofspiel", group_description="Play Square Goofspiel."):
    game_key = GAME.key
    match_kind = "a Square Goofspiel match"

    @app_commands.command(
        name="bid",
        description="Bid on the cell up for auction (only you see it).",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(card="The card to play, or pass")
    @app_commands.choices(card=CARD_CHOICES)
    async def bid(self, interaction: Interaction, card: app_commands.Choice[int]) -> None:
        acting = await self._seat(interaction)
        notices = await self._submit(interaction, acting, bid_text(card.value))
        await confirm(interaction, acting.match, acting.seat, card.value, notices)

    @app_commands.command(
        name="status",
        description="The board, the hands and your bid (just for you).",
        extras={"audience": Audience.PLAYER},
    )
    async def status(self, interaction: Interaction) -> None:
        await self._show_status(interaction)
