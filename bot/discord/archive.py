"""The archive channel: one per server, hosts only, where an ended match's record
goes before its channels are deleted — its export (the ``/match export`` file,
which ``genius-bot replay`` rebuilds) and its room's story as text.

Made on first use: @everyone is denied it, the hosts (the host role and every
role with Manage Server) read it, the bot writes in it.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence

import discord
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.discord.acting import host_role
from bot.discord.channels import BOT, HIDDEN, READ, Overwrites, manage_server_roles
from bot.discord.host._result import outcome_of, result_line
from bot.render.base import escape_md
from bot.runtime.export import MatchExport, RawRows, export_bytes, file_name
from bot.web.room import RoomRenderer
from storage.records import MatchRecord
from storage.web import WebRepository

PAGE = 200  # room rows read at a time


class ArchiveFailed(Exception):
    """The archive could not take a match's record: nothing of it is deleted."""


def channel_name(setting: str) -> str:
    """The name as Discord stores a text channel's (lower case, no spaces)."""
    return "-".join(setting.lower().split())[:100]


class Archive:
    def __init__(self, name: str, host_role_setting: str) -> None:
        self._name = channel_name(name)
        self._host_role = host_role_setting
        self._making: dict[int, asyncio.Lock] = {}  # per guild: one archive, however many ask

    def missing(self, guild: discord.Guild) -> bool:
        """Whether the guild has no archive channel yet (the first cleanup makes it)."""
        return discord.utils.get(guild.text_channels, name=self._name) is None

    async def channel(self, guild: discord.Guild) -> discord.TextChannel:
        """The guild's archive channel, made if it has none."""
        async with self._making.setdefault(guild.id, asyncio.Lock()):
            found = discord.utils.get(guild.text_channels, name=self._name)
            if found is not None:
                if found.permissions_for(guild.default_role).view_channel:
                    # An export holds every secret of the match (hands, words, solutions).
                    raise ArchiveFailed(
                        f"the archive channel #{found.name} is open to everyone; deny "
                        "@everyone View Channel there (hosts only)"
                    )
                return found
            return await guild.create_text_channel(
                self._name,
                overwrites=self._overwrites(guild),
                topic="genius-bot: each ended match's export and room story, before its "
                "channels are deleted. Hosts only.",
                reason="genius-bot: the archive of ended matches",
            )

    def _overwrites(self, guild: discord.Guild) -> Overwrites:
        overwrites: Overwrites = {guild.default_role: HIDDEN, guild.me: BOT}
        hosts: list[discord.Role] = manage_server_roles(guild)
        if (role := host_role(guild, self._host_role)) is not None:
            hosts.insert(0, role)
        overwrites.update(dict.fromkeys(hosts, READ))
        return overwrites

    async def post(
        self,
        guild: discord.Guild,
        match: MatchRecord,
        export: MatchExport | RawRows,
        story: str,
    ) -> discord.Message:
        """Post the match's export and story; ArchiveFailed if Discord will not take them."""
        data = export_bytes(export)
        story_bytes = story.encode()
        size = len(data) + len(story_bytes)
        if size > guild.filesize_limit:
            raise ArchiveFailed(
                f"match #{match.id}'s export and story are {size // 2**10:,} KB, more than "
                f"this server's {guild.filesize_limit // 2**20} MB upload limit"
            )
        names = [escape_md(name) for name in export.names()]
        outcome = outcome_of(match)
        lines = [
            f"**Match #{match.id} — {export.game_title}** ({match.status}): "
            f"{names[0]} vs {names[1]}. {_how_to_read(export)}"
        ]
        if outcome is not None:
            lines.append(result_line(outcome, names))
        files = [
            discord.File(io.BytesIO(data), filename=file_name(export)),
            discord.File(io.BytesIO(story_bytes), filename=f"match-{match.id}-room.txt"),
        ]
        try:
            channel = await self.channel(guild)
            return await channel.send(
                "\n".join(lines), files=files, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException as error:
            raise ArchiveFailed(
                f"Discord refused the archive post ({error.text or error.status})"
            ) from error


def _how_to_read(export: MatchExport | RawRows) -> str:
    if isinstance(export, RawRows):
        # Its stored state does not load in this version: nothing can replay it.
        return f"This version of the bot could not load it ({export.reason}): its stored rows."
    return f"Check it and read its story with `genius-bot replay {file_name(export)}`."


async def room_story(
    sessions: async_sessionmaker[AsyncSession], match: MatchRecord, names: Sequence[str]
) -> str:
    """The room's messages as text, oldest first, rendered as the room showed them
    (a message's pictures are counted: the export rebuilds them)."""
    renderer = RoomRenderer()
    lines = [
        f"Match #{match.id} ({match.game}): {names[0]} vs {names[1]} — the room, oldest first."
    ]
    after = 0
    while True:
        async with sessions() as session:
            rows = await WebRepository(session).room_messages(match.id, after_id=after, limit=PAGE)
        for row in rows:
            shown = await renderer.message(match, row, names)
            when = row.created_at.strftime("%Y-%m-%d %H:%M")
            pictures = f" ({shown.images} picture{'s' if shown.images != 1 else ''})"
            lines.append(f"\n[{when} UTC]{pictures if shown.images else ''}\n{shown.text}")
        if len(rows) < PAGE:
            return "\n".join(lines) + "\n"
        after = rows[-1].id
