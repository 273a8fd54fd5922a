"""A player's plain message in their private channel goes straight to the game's
parser (DESIGN §2: one action language). ``status`` and ``help`` are answered
here; an accepted move gets a ✅ (the notices then speak for themselves); a
refused one is answered in the channel with the reason.

Messages anywhere else — the room, the host log, any other channel — are
conversation, not moves, and are left alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.discord.acting import seat_for_message
from bot.discord.errors import answer_message
from bot.discord.replies import render_status, seat_names, send
from bot.render import Image
from storage.records import MatchRecord

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot

ACCEPTED = "✅"
HELP_WORDS = frozenset({"help", "?", "commands"})
# Not "hand": in Decoder a bare `hand` is a move (keep the six tiles dealt).
STATUS_WORDS = frozenset({"status", "state", "board"})


class PrivateMoves(commands.Cog):
    def __init__(self, bot: GeniusBot) -> None:
        self.bot = bot
        # channel id -> (match id, seat): private channels never change owner.
        self._private: dict[int, tuple[int, int]] = {}
        # Channels known to be no private channel, so ordinary chat costs no
        # database query; forgotten whenever a match gets new channels.
        self._other: set[int] = set()

    @commands.Cog.listener()
    async def on_genius_channels_set(self) -> None:
        self._other.clear()

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None or not message.content.strip():
            return
        found = await self._private_channel(message.channel.id)
        if found is None:
            return
        match_id, channel_seat = found
        try:
            match = await self.bot.runtime.get(match_id)
            seat = seat_for_message(match, channel_seat, message.author.id)
            if seat is not None:
                await self._move(message, match, seat)
        except Exception as error:  # the one error path answers; the match carries on
            await answer_message(message, error, match_id=match_id, metrics=self.bot.metrics)

    async def _private_channel(self, channel_id: int) -> tuple[int, int] | None:
        if channel_id in self._private:
            return self._private[channel_id]
        if channel_id in self._other:
            return None
        found = await self.bot.runtime.by_channel(channel_id)
        if found is None or found.seat is None:
            self._other.add(channel_id)
            return None
        self._private[channel_id] = (found.match.id, found.seat)
        return self._private[channel_id]

    async def _move(self, message: discord.Message, match: MatchRecord, seat: int) -> None:
        word = message.content.strip().lower()
        if word in HELP_WORDS:
            await self._send(message, self.bot.help_texts.get(match.game, "Type your move here."))
            return
        if word in STATUS_WORDS:
            view = await self.bot.runtime.view(match.id, seat)
            names = await seat_names(self.bot, match)
            rendered = await render_status(match.game, view, seat, names)
            await self._send(message, rendered.text, rendered.images)
            return
        await self.bot.runtime.submit_text(match.id, seat, message.content)
        await message.add_reaction(ACCEPTED)

    async def _send(
        self, message: discord.Message, text: str, images: Sequence[Image] = ()
    ) -> None:
        await send(message.channel, text, images, reference=message)
