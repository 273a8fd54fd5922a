"""What the bot checks when it starts, told to the host: intents not granted,
servers where its role lacks a permission the invite asks for, sync_guild_ids
it is not in; and /match new refused, changing nothing, where it cannot host."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import discord
import pytest
import simcord

from bot import create_bot
from bot.config import DatabaseSettings, DiscordSettings, Settings
from bot.discord.client import GeniusBot
from bot.discord.invite import PERMISSIONS
from bot.discord.readiness import missing_intents
from tests.bot.discord.support import World, acknowledge_refusals, assert_refused, new_match

GUILD_ID = 700_000_000_000_000_001
FINE_ID = 700_000_000_000_000_002
#: Two sync_guild_ids the bot is not in: Discord refuses the first's sync with
#: 403 Missing Access (injected; SimCord accepts any id), the second it accepts.
REFUSED_ID = 700_000_000_000_000_003
ABSENT_ID = 700_000_000_000_000_004
LACKING = ("manage_channels", "manage_roles")

# Start-up checks and a refused /match new: no match channels (the threads
# layout's own permissions: test_layouts.py).
pytestmark = pytest.mark.layouts("channels")

SERVER_MEMBERS = discord.ApplicationFlags(gateway_guild_members_limited=True)
MESSAGE_CONTENT = discord.ApplicationFlags(gateway_message_content=True)


@pytest.mark.parametrize(
    ("flags", "missing"),
    [
        (discord.ApplicationFlags(), ["Server Members", "Message Content"]),
        (SERVER_MEMBERS, ["Message Content"]),
        (MESSAGE_CONTENT, ["Server Members"]),
        (discord.ApplicationFlags(gateway_guild_members=True), ["Message Content"]),
        (discord.ApplicationFlags(gateway_message_content_limited=True), ["Server Members"]),
        (
            discord.ApplicationFlags(
                gateway_guild_members_limited=True, gateway_message_content=True
            ),
            [],
        ),
    ],
)
def test_the_intents_the_flags_do_not_grant(
    flags: discord.ApplicationFlags, missing: list[str]
) -> None:
    """A bot under 100 servers has the `_limited` flags, a verified one the full ones."""
    intents = discord.Intents.default()
    intents.members = intents.message_content = True
    assert missing_intents(flags, intents) == missing
    assert missing_intents(flags, discord.Intents.default()) == []


@dataclass
class Served:
    env: simcord.Env
    world: World
    fine: simcord.GuildHandle

    @property
    def bot(self) -> GeniusBot:
        return served_bot(self.env)


def served_bot(env: simcord.Env) -> GeniusBot:
    assert isinstance(env.bot, GeniusBot)
    return env.bot


def _bot_role(env: simcord.Env, guild: simcord.GuildHandle) -> int:
    # The bot's managed role, from SimCord's backend: the test plays the server
    # admin who edits it (a member of the world has no REST API of their own).
    (role,) = [r for r in env.backend.guilds[guild.id].roles.values() if r.managed]
    return int(role.id)


def set_bot_permissions(env: simcord.Env, guild: simcord.GuildHandle, **changes: bool) -> None:
    role_id = _bot_role(env, guild)
    permissions = discord.Permissions(env.backend.guilds[guild.id].roles[role_id].permissions)
    permissions.update(**changes)
    env.backend.edit_role(guild.id, role_id, {"permissions": permissions.value})


@pytest.fixture
async def served(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> AsyncIterator[Served]:
    """A bot started in two servers: in "Genius" its role lacks Manage Channels
    and Manage Roles; "Fine" gives it everything. sync_guild_ids also names two
    servers it is not in."""
    settings = Settings(
        database=DatabaseSettings(url=f"sqlite+aiosqlite:///{tmp_path}/genius.db"),
        discord=DiscordSettings(sync_guild_ids=[GUILD_ID, FINE_ID, REFUSED_ID, ABSENT_ID]),
    )
    env = simcord.Env(create_bot(settings))
    guild = env.create_guild("Genius", id=GUILD_ID)
    fine = env.create_guild("Fine", id=FINE_ID)
    set_bot_permissions(env, guild, **dict.fromkeys(LACKING, False))
    env.inject_error(
        "PUT", f"/applications/*/guilds/{REFUSED_ID}/commands", status=403, code=50001,
        message="Missing Access",
    )  # fmt: skip
    world = World.on(env, guild)
    with caplog.at_level(logging.INFO, logger="bot.discord"):
        await env.start()
        try:
            yield Served(env, world, fine)
        finally:
            await env.shutdown()
            # SimCord detaches the bot without closing it (a crash, to SimCord).
            await served_bot(env).release()
            acknowledge_refusals(env)


def _readiness_log(records: list[logging.LogRecord]) -> list[str]:
    """What the start-up checks said: warnings, and the note that a server is fixed."""
    return [
        r.getMessage()
        for r in records
        if r.name in ("bot.discord.readiness", "bot.discord.client")
        and (r.levelno >= logging.WARNING or "now has every permission" in r.getMessage())
    ]


def _about(lines: list[str], text: str) -> list[str]:
    return [line for line in lines if text in line]


async def test_start_tells_the_host_what_is_missing_once_each(
    served: Served, caplog: pytest.LogCaptureFixture
) -> None:
    lines = _readiness_log(caplog.get_records("setup"))
    # SimCord's application has no intent flags: both are named.
    (intents,) = _about(lines, "privileged")
    assert "Server Members and Message Content privileged intents" in intents
    (genius,) = _about(lines, "server 'Genius'")
    assert "lacks Manage Channels and Manage Roles" in genius
    assert "genius-bot invite-url" in genius
    assert not _about(lines, "'Fine'")
    (refused,) = _about(lines, str(REFUSED_ID))
    assert "refused the slash commands" in refused
    (absent,) = _about(lines, str(ABSENT_ID))
    assert "the bot is not in it" in absent
    assert len(lines) == 4, lines
    # The servers it is in got their commands all the same.
    assert served.bot.sync_refused == {REFUSED_ID}
    assert served.world.host.available_commands


async def test_match_new_is_refused_where_the_bot_cannot_host_and_changes_nothing(
    served: Served,
) -> None:
    world = served.world
    channels_before = set(world.guild.channels)
    result = await world.host.slash(
        world.general, "match new", game="goofspiel", player1=world.alice, player2=world.bob
    )
    assert_refused(world, result, "my role lacks Manage Channels and Manage Roles")
    assert set(world.guild.channels) == channels_before
    assert await served.bot.runtime.list_for_guild(GUILD_ID) == []


async def test_a_fixed_role_is_noticed_once_and_matches_can_be_made(
    served: Served, caplog: pytest.LogCaptureFixture
) -> None:
    world = served.world
    caplog.clear()
    # A change that fixes nothing the bot needs says nothing.
    set_bot_permissions(served.env, world.guild, manage_channels=True)
    await served.env.settle()
    (still,) = _readiness_log(caplog.records)
    assert "lacks Manage Roles" in still
    set_bot_permissions(served.env, world.guild, manage_roles=True)
    await served.env.settle()
    set_bot_permissions(served.env, world.guild, manage_messages=False)
    await served.env.settle()
    (lines_fixed, fixed) = _readiness_log(caplog.records)
    assert lines_fixed == still
    assert "server 'Genius'" in fixed
    assert "now has every permission it needs" in fixed
    assert world.guild.me is not None
    assert world.guild.me.guild_permissions >= PERMISSIONS
    match = await new_match(world, start=False)
    assert match.room.history()


async def test_the_login_line_counts_servers_in_plain_words(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    settings = Settings(database=DatabaseSettings(url=f"sqlite+aiosqlite:///{tmp_path}/g.db"))
    env = simcord.Env(create_bot(settings))
    env.create_guild("Genius")
    with caplog.at_level(logging.INFO, logger="bot.discord.client"):
        await env.start()
        try:
            logged = [r.getMessage() for r in caplog.records if "logged in as" in r.getMessage()]
        finally:
            await env.shutdown()
            await served_bot(env).release()
    assert len(logged) == 1
    assert logged[0].endswith("(1 server)")
