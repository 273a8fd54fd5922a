"""Who may use ``/match`` and which match a command is about: the group's
checks, apart from its commands (bot/discord/host/_cog.py).

The whole group is for hosts, but the commands declared for others
(``Audience.ANYONE``: ``/match practice``; ``Audience.HOST_OR_PRACTISER``: a
practice match's pause, resume and abort), which check who is asking
themselves. A command added later is for hosts until someone decides otherwise.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.acting import (
    Audience,
    hosted_match,
    require_host,
    require_host_or_practiser,
)
from bot.discord.game_cog import BotGroupCog, Interaction
from storage.records import MatchRecord


class MatchGroupCog(BotGroupCog):
    """The ``/match`` group's checks; its commands are :class:`HostCog`'s."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        # The whole group but the commands declared for others, which check who is
        # asking themselves: a command added later is for hosts until someone
        # decides otherwise.
        command = interaction.command
        audience = command.extras.get("audience") if command is not None else None
        if audience not in (Audience.ANYONE, Audience.HOST_OR_PRACTISER):
            require_host(interaction.user, self.bot.settings.discord.host_role, "run matches")
        return True

    async def _owned(
        self, interaction: Interaction, match_id: int | None, doing: str
    ) -> MatchRecord:
        """The match a pause, resume or abort is about, if the member may: a host,
        or the player of that practice match."""
        record = await self._match(interaction, match_id)
        role = self.bot.settings.discord.host_role
        require_host_or_practiser(interaction.user, record, role, doing)
        return record

    async def _match(self, interaction: Interaction, match_id: int | None) -> MatchRecord:
        assert interaction.guild_id is not None  # guild_only
        match = await hosted_match(
            self.runtime, interaction.guild_id, interaction.channel_id, match_id
        )
        interaction.extras["match_id"] = match.id
        return match
