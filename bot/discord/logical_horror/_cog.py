"""``/logical_horror …``: the action language as slash commands, ephemeral, for
the match's players; ``public`` and ``private`` without a board open the query
form; ``hint`` completes the puzzle's colours. ``help`` answers anyone.

Hosts may also type ``confirm`` or ``deny`` in a match's host log when a win
waits for their word (``host_confirms_win``); the buttons there do the same.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.acting import Audience, is_host
from bot.discord.errors import answer_message
from bot.discord.game_cog import GameCog, Interaction
from bot.discord.logical_horror._forms import open_form
from bot.discord.logical_horror._moves import CONFIRMATIONS, GAME_KEY, HELP, colours_in, query_text
from bot.discord.replies import reply
from games import HOST, PUBLIC

HOST_WORDS = frozenset({"confirm", "deny"})
ACCEPTED = "✅"


@app_commands.guild_only()
class LogicalHorrorCog(
    GameCog, group_name="logical_horror", group_description="Play Logical Horror."
):
    game_key = GAME_KEY
    match_kind = "a Logical Horror match"
    confirmations = CONFIRMATIONS

    async def _query(self, interaction: Interaction, kind: str, board: str | None) -> None:
        if board is None or not board.strip():
            acting = await self._seat(interaction)
            await open_form(interaction, acting.match.id, acting.seat, kind)
            return
        await self._confirmed_move(interaction, query_text(kind, board), "✅ Query sent.")

    @app_commands.command(
        name="public",
        description="A public query (no board: a form).",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(board="The board editor's code, or the grid: rows of # and . split by /")
    async def public(self, interaction: Interaction, board: str | None = None) -> None:
        await self._query(interaction, "public", board)

    @app_commands.command(
        name="private",
        description="A private query (no board: a form).",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(board="The board editor's code, or the grid: rows of # and . split by /")
    async def private(self, interaction: Interaction, board: str | None = None) -> None:
        await self._query(interaction, "private", board)

    @app_commands.command(
        name="hint",
        description="Learn one colour's rule (a hint use + tokens).",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(colour="The colour, e.g. red")
    async def hint(self, interaction: Interaction, colour: str) -> None:
        await self._confirmed_move(interaction, f"hint {colour}", f"✅ Hint on {colour} taken.")

    @hint.autocomplete("colour")
    async def _colours(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The colours of this channel's match (or the player's one live match)."""
        try:
            acting = await self._seat(interaction)
            colours = colours_in(await self.runtime.view(acting.match.id, PUBLIC))
        except Exception:  # no match here: nothing to suggest
            return []
        typed = current.strip().lower()
        return [app_commands.Choice(name=c, value=c) for c in colours if c.startswith(typed)]

    @app_commands.command(
        name="pause",
        description="Emergency pause; only the host resumes.",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(reason="What is wrong (the host reads it)")
    async def pause(self, interaction: Interaction, reason: str | None = None) -> None:
        text = f"pause {reason.strip()}" if reason and reason.strip() else "pause"
        await self._confirmed_move(interaction, text, "⏸️ You paused the match; the host will look.")

    @app_commands.command(
        name="status",
        description="Your tokens, hints and queries (just for you).",
        extras={"audience": Audience.PLAYER},
    )
    async def status(self, interaction: Interaction) -> None:
        await self._show_status(interaction)

    @app_commands.command(
        name="help",
        description="How to play Logical Horror here.",
        extras={"audience": Audience.ANYONE},
    )
    async def help(self, interaction: Interaction) -> None:
        await reply(interaction, HELP)

    # -- the host's word, typed in the host log ----------------------------------------

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        word = message.content.strip().lower()
        if word not in HOST_WORDS or message.author.bot or message.guild is None:
            return
        found = await self.runtime.by_channel(message.channel.id)
        if found is None or found[0].game != GAME_KEY:
            return
        match = found[0]
        if match.host_channel_id != message.channel.id:
            return
        role = self.bot.settings.discord.host_role
        if not isinstance(message.author, discord.Member) or not is_host(message.author, role):
            return
        try:
            await self.runtime.submit_text(match.id, HOST, word)
            await message.add_reaction(ACCEPTED)
        except Exception as error:  # the one error path answers; the match carries on
            await answer_message(message, error, match_id=match.id, metrics=self.bot.metrics)
