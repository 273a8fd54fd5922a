"""What `genius-bot run` checks once logged in, so a host learns at once what
is missing instead of meeting it in the middle of a match:

- the privileged intents the application has been granted in the Developer
  Portal (its flags, read at login) against the two the bot asks for;
- in every server it serves, its permissions against the ones the invite link
  asks for (:data:`bot.discord.invite.PERMISSIONS`; the thread permissions
  only when ``[discord] layout`` is "threads");
- the servers in ``discord.sync_guild_ids`` it is not in;
- servers no longer in ``discord.sync_guild_ids`` that still hold their own copy
  of the slash commands from an earlier run: the copy is removed, or every
  command would be listed twice there (its copy beside the global commands).

Problems go to the log, one line per server, and again only when they change
(a server where the bot's role is fixed gets one line saying so). Nothing is
posted in the servers: the host meets a missing permission as a refusal of
``/match new`` (:func:`require_permissions`), which names it and creates
nothing.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.discord.errors import Refusal
from bot.discord.invite import PERMISSIONS, THREAD_PERMISSIONS
from storage.records import Layout

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot

log = logging.getLogger(__name__)

INTENTS_PAGE = "Developer Portal → your application → Bot → Privileged Gateway Intents"
TOKEN_PAGE = "Developer Portal → your application → Bot → Reset Token"

#: The portal's names for the privileged intents the bot asks for.
INTENT_NAMES = {"members": "Server Members", "message_content": "Message Content"}

#: Discord's own names for the permissions the invite asks for, as a server's
#: role settings show them (tests check they cover PERMISSIONS exactly).
PERMISSION_NAMES = {
    "manage_channels": "Manage Channels",
    "manage_roles": "Manage Roles",
    "view_channel": "View Channels",
    "send_messages": "Send Messages",
    "attach_files": "Attach Files",
    "add_reactions": "Add Reactions",
    "read_message_history": "Read Message History",
    "manage_threads": "Manage Threads",
    "create_private_threads": "Create Private Threads",
    "send_messages_in_threads": "Send Messages in Threads",
}

TOKEN_REJECTED = (
    "Discord rejected the token in GENIUS_DISCORD_TOKEN (or discord.token): copy it "
    f"again from the {TOKEN_PAGE}, set it, and run again."
)


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def missing_intents(flags: discord.ApplicationFlags, intents: discord.Intents) -> list[str]:
    """The privileged intents ``intents`` asks for that the application's flags
    do not grant. An unverified bot (under 100 servers) has the ``_limited``
    flag once the portal's switch is on; a verified one, the full flag."""
    granted = {
        "members": flags.gateway_guild_members or flags.gateway_guild_members_limited,
        "message_content": flags.gateway_message_content or flags.gateway_message_content_limited,
    }
    return [INTENT_NAMES[name] for name, ok in granted.items() if getattr(intents, name) and not ok]


def intents_refused(bot: discord.Client) -> str:
    """What to say when Discord closes the gateway with 4014: the intents the
    flags show missing, or both when the flags said they were granted."""
    application = bot.application
    missing = [] if application is None else missing_intents(application.flags, bot.intents)
    named = _and(missing or list(INTENT_NAMES.values()))
    which = "intent" if len(missing) == 1 else "intents"
    return (
        f"Discord refused the {named} {which}: the bot needs both Server Members and "
        f"Message Content. Enable them under {INTENTS_PAGE}, save, and run again."
    )


def missing_permissions(member: discord.Member, layout: Layout) -> list[str]:
    """The invite's permissions that ``member`` (the bot in a server) lacks there
    and needs for ``layout`` (the thread permissions only for threads)."""
    have = member.guild_permissions
    # By PERMISSION_NAMES, not by iterating PERMISSIONS: that also yields
    # discord.py's aliases (read_messages for view_channel).
    return [
        shown
        for name, shown in PERMISSION_NAMES.items()
        if getattr(PERMISSIONS, name)
        and not getattr(have, name)
        and (layout == "threads" or name not in THREAD_PERMISSIONS)
    ]


def require_permissions(guild: discord.Guild, layout: Layout) -> None:
    """Refuse a match the bot could not run here, before anything is created."""
    missing = missing_permissions(guild.me, layout)
    if missing:
        raise Refusal(
            f"I can't host a match on this server: my role lacks {_and(missing)}. "
            "A server admin can grant them to my role (Server Settings → Roles), "
            "or add me again with the link `genius-bot invite-url` prints."
        )


class Readiness(commands.Cog):
    """Tells the host, through the log, what stops the bot from hosting."""

    def __init__(self, bot: GeniusBot) -> None:
        self.bot = bot
        #: Per server, the permissions last reported missing (none: all there).
        self._reported: dict[int, list[str]] = {}
        self._sync_checked = False

    async def cog_load(self) -> None:
        # Loaded from setup_hook, after login: the application's flags are known.
        application = self.bot.application
        if application is None:
            return
        missing = missing_intents(application.flags, self.bot.intents)
        if missing:
            log.warning(
                "the application has not been granted the %s privileged %s; Discord "
                "will refuse the connection. Enable both under %s.",
                _and(missing),
                "intent" if len(missing) == 1 else "intents",
                INTENTS_PAGE,
            )

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        for guild in self.bot.guilds:
            self._check(guild)
        if not self._sync_checked:
            self._sync_checked = True
            self._check_sync_guilds()
            await self._drop_stale_guild_commands()

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        self._check(guild)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        self._reported.pop(guild.id, None)

    @commands.Cog.listener()
    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        if after.guild.me is not None and after in after.guild.me.roles:
            self._check(after.guild)

    @commands.Cog.listener()
    async def on_member_update(self, before: discord.Member, after: discord.Member) -> None:
        if self.bot.user is not None and after.id == self.bot.user.id:
            self._check(after.guild)

    def _check(self, guild: discord.Guild) -> None:
        if guild.me is None:
            return
        missing = missing_permissions(guild.me, self.bot.settings.discord.layout)
        before = self._reported.get(guild.id, [])
        self._reported[guild.id] = missing
        if missing == before:
            return
        if missing:
            log.warning(
                "server %r (%s): the bot's role lacks %s, so /match new is refused there. "
                "Grant them to the bot's role (Server Settings → Roles), or add the bot "
                "again with the link `genius-bot invite-url` prints.",
                guild.name,
                guild.id,
                _and(missing),
            )
        else:
            log.info(
                "server %r (%s): the bot now has every permission it needs", guild.name, guild.id
            )

    def _check_sync_guilds(self) -> None:
        served = {guild.id for guild in self.bot.guilds}
        discord_settings = self.bot.settings.discord
        for guild_id in discord_settings.sync_guild_ids:
            if guild_id in served or guild_id in self.bot.sync_refused:
                continue
            if discord_settings.owns_guild(guild_id):
                log.warning(
                    "discord.sync_guild_ids lists server %s, but the bot is not in it: "
                    "add it with the link `genius-bot invite-url` prints, or fix the id.",
                    guild_id,
                )

    async def _drop_stale_guild_commands(self) -> None:
        """Commands synced to a server (``sync_guild_ids``) stay there after it is
        taken off the list; beside the global ones they show twice. The tree has
        no commands for such a server, so syncing it empties Discord's copy."""
        listed = set(self.bot.settings.discord.sync_guild_ids)
        for guild in self.bot.guilds:
            if guild.id in listed:
                continue
            try:
                if not await self.bot.tree.fetch_commands(guild=guild):
                    continue
                self.bot.tree.clear_commands(guild=guild)
                await self.bot.tree.sync(guild=guild)
            except discord.HTTPException as error:
                log.warning(
                    "server %r (%s): could not remove its old copy of the slash commands "
                    "(%s); they may show twice there.",
                    guild.name,
                    guild.id,
                    error.text or error.status,
                )
                continue
            log.info(
                "server %r (%s): removed its copy of the slash commands, left from when "
                "discord.sync_guild_ids listed it",
                guild.name,
                guild.id,
            )


async def setup(bot: GeniusBot) -> None:
    await bot.add_cog(Readiness(bot))
