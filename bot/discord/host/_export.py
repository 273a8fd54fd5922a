"""``/match export``'s answer: the match as a file, just for the host who asked."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.errors import Refusal
from bot.discord.replies import reply_file
from bot.runtime.export import MatchExport, RawRows, export_bytes, file_name
from storage.records import MatchStatus


async def reply_export(
    interaction: discord.Interaction[Any], export: MatchExport | RawRows
) -> None:
    """The export as an ephemeral file, or a refusal naming the server's upload limit."""
    data = export_bytes(export)
    limit = interaction.guild.filesize_limit if interaction.guild else len(data)
    if len(data) > limit:
        raise Refusal(
            f"Match #{export.match_id}'s export is {len(data) // 2**10:,} KB, more than this "
            f"server's {limit // 2**20} MB upload limit."
        )
    name = file_name(export)
    if isinstance(export, RawRows):
        await reply_file(interaction, _raw_text(export), name, data)
        return
    text = (
        f"Match #{export.match_id} ({export.game_title}, {export.status}): "
        f"{len(export.events)} logged events. Check it and read its story with "
        f"`genius-bot replay {name}`."
    )
    await reply_file(interaction, text, name, data)


def _raw_text(rows: RawRows) -> str:
    abort = "" if MatchStatus(rows.status).over else " `/match abort` ends it."
    return (
        f"Match #{rows.match_id} ({rows.game_title}, {rows.status}) could not be loaded after "
        f"the bot was updated: {rows.reason}. Here are its stored rows as they are: the match "
        f"and its {len(rows.events)} logged events.{abort}"
    )
