"""``/match export``'s answer: the match as a file, just for the host who asked."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.errors import Refusal
from bot.discord.replies import reply_file
from bot.runtime.export import MatchExport, export_bytes, file_name


async def reply_export(interaction: discord.Interaction[Any], export: MatchExport) -> None:
    """The export as an ephemeral file, or a refusal naming the server's upload limit."""
    data = export_bytes(export)
    limit = interaction.guild.filesize_limit if interaction.guild else len(data)
    if len(data) > limit:
        raise Refusal(
            f"Match #{export.match_id}'s export is {len(data) // 2**10:,} KB, more than this "
            f"server's {limit // 2**20} MB upload limit."
        )
    name = file_name(export)
    text = (
        f"Match #{export.match_id} ({export.game_title}, {export.status}): "
        f"{len(export.events)} logged events. Check it and read its story with "
        f"`genius-bot replay {name}`."
    )
    await reply_file(interaction, text, name, data)
