"""What the slash groups share: :class:`BotGroupCog` holds the bot and its match
runtime (``/match`` and every game's group); :class:`GameCog` adds, for a game's
group, the seat a player acts for and their status reply."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord.ext import commands

from bot.discord.acting import Seat, seat_in_channel
from bot.discord.errors import Refusal
from bot.discord.replies import (
    confirm_move,
    in_time,
    render_status,
    reply_rendered,
    seat_names,
)
from bot.ops.logs import mark_match
from bot.runtime import MatchRuntime
from games import Notice
from storage.records import MatchRecord

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot

Interaction = discord.Interaction["GeniusBot"]


class BotGroupCog(commands.GroupCog):
    """A slash command group that acts through the bot's match runtime."""

    def __init__(self, bot: GeniusBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def runtime(self) -> MatchRuntime:
        return self.bot.runtime


class GameCog(BotGroupCog):
    """One game's slash group: its commands act for the user's seat in a match of
    that game. Subclasses are ``guild_only`` and name the game."""

    #: The game's key, and how a refusal names a match of it ("a Decoder match").
    game_key: ClassVar[str]
    match_kind: ClassVar[str]
    #: Notice kinds that confirm a move to its mover, for :meth:`_confirmed_move`.
    confirmations: ClassVar[frozenset[str]] = frozenset()

    def _check_game(self, match: MatchRecord) -> None:
        if match.game != self.game_key:
            raise Refusal(f"Match #{match.id} is not {self.match_kind}.")

    async def _seat(self, interaction: Interaction) -> Seat:
        """The seat the user acts for here: in this channel's match, else in their
        one live match on the server; refused unless it is a match of this game."""
        assert interaction.guild_id is not None  # guild_only
        acting = await seat_in_channel(
            self.runtime, interaction.guild_id, interaction.channel_id, interaction.user.id
        )
        interaction.extras["match_id"] = acting.match.id
        mark_match(acting.match.id, acting.match.guild_id)  # this handler's log lines name it
        self._check_game(acting.match)
        return acting

    async def _submit(
        self, interaction: Interaction, acting: Seat, text: str, *, action: Any = None
    ) -> list[Notice]:
        """Make a move for the acting seat (``action`` if given, else ``text``
        parsed); deferred first if committing it outlasts Discord's patience."""
        match_id, seat = acting.match.id, acting.seat
        if action is not None:
            return await in_time(interaction, self.runtime.submit(match_id, seat, action))
        return await in_time(interaction, self.runtime.submit_text(match_id, seat, text))

    async def _confirmed_move(self, interaction: Interaction, text: str, fallback: str) -> None:
        """Make the typed move for the user's seat and tell them (only them) it is
        in: the notices of :attr:`confirmations` in words, else ``fallback``."""
        acting = await self._seat(interaction)
        notices = await self._submit(interaction, acting, text)
        await confirm_move(
            interaction, acting.match, acting.seat, notices, fallback, self.confirmations
        )

    async def _show_status(self, interaction: Interaction) -> None:
        """The seat's status (its view, rendered), just for them."""
        acting = await self._seat(interaction)
        view = await self.runtime.view(acting.match.id, acting.seat)
        names = await seat_names(self.bot, acting.match)
        rendered = await render_status(acting.match.game, view, acting.seat, names)
        await reply_rendered(interaction, rendered, fallback=f"Match #{acting.match.id}.")
