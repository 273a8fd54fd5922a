"""Helpers for driving the bot through SimCord: a server, a match, and what people see."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import discord
import simcord

from bot.discord.client import GeniusBot
from bot.discord.errors import Refusal
from games import Rejected


@dataclass
class World:
    """One server: a host (with the Host role), two players and a spectator."""

    env: simcord.Env
    guild: simcord.GuildHandle
    general: simcord.ChannelHandle
    host: simcord.MemberActor
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor

    @classmethod
    def on(cls, env: simcord.Env, guild: simcord.GuildHandle) -> World:
        """``guild`` with its people: hannah (Host role), alice and bob, carol, #general."""
        hosts = guild.create_role("Host")
        return cls(
            env=env,
            guild=guild,
            general=guild.create_text_channel("general"),
            host=guild.add_member(env.create_user("hannah"), roles=[hosts]),
            alice=guild.add_member(env.create_user("alice")),
            bob=guild.add_member(env.create_user("bob")),
            carol=guild.add_member(env.create_user("carol")),
        )

    @property
    def bot(self) -> GeniusBot:
        bot = self.env.bot
        assert isinstance(bot, GeniusBot)
        return bot

    def channel(self, name: str) -> simcord.ChannelHandle:
        """A channel, or (the threads layout) a thread of one, by name."""
        channels = self.guild.channels
        if name in channels:
            return channels[name]
        threads = [t for c in channels.values() for t in c.threads if t.name == name]
        assert len(threads) == 1, f"no channel or thread {name!r} (found {len(threads)})"
        return threads[0]

    def names(self) -> set[str]:
        """Every channel and thread on the server, by name: what a match leaves behind."""
        channels = self.guild.channels
        return set(channels) | {t.name or "" for c in channels.values() for t in c.threads}

    @property
    def layout(self) -> str:
        return self.bot.settings.discord.layout

    def seat(self, seat: int) -> simcord.MemberActor:
        return (self.alice, self.bob)[seat]


@dataclass
class Match:
    id: int
    room: simcord.ChannelHandle
    private: tuple[simcord.ChannelHandle, simcord.ChannelHandle]
    host_log: simcord.ChannelHandle


def said(result: simcord.InteractionResult) -> str:
    """Everything the bot answered to one interaction."""
    parts = [result.response.content] if result.response is not None else []
    parts += [f.content for f in result.followups]
    return "\n".join(parts)


def posts(channel: simcord.ChannelHandle) -> list[discord.Message]:
    """A channel's messages, oldest first, without Discord's own "started a thread"
    notes (the threads layout's room has one per thread)."""
    return [m for m in channel.history() if m.type is not discord.MessageType.thread_created]


def texts(channel: simcord.ChannelHandle) -> list[str]:
    return [m.content for m in posts(channel)]


def acknowledge_refusals(env: simcord.Env) -> None:
    """Refusals raised in slash commands reach the tree's error handler, where
    SimCord records them; check they were refusals (not bugs) and clear them."""
    for error in env.errors:
        original = getattr(error, "original", error)
        assert isinstance(original, Refusal | Rejected), f"unexpected bot error: {error!r}"


def assert_refused(world: World, result: simcord.InteractionResult, contains: str) -> None:
    assert result.response is not None, result
    assert result.response.ephemeral
    assert contains in said(result), said(result)
    acknowledge_refusals(world.env)


async def new_match(
    world: World, *, game: str = "goofspiel", start: bool = True, **slash: Any
) -> Match:
    """A match of ``game`` between alice and bob (seed 7), started unless ``start``
    is False; ``slash`` adds ``/match new`` arguments, such as ``options``."""
    result = await world.host.slash(
        world.general,
        "match new",
        game=game,
        player1=world.alice,
        player2=world.bob,
        seed=7,
        **slash,
    )
    found = re.search(r"match #(\d+)", said(result))
    assert found is not None, said(result)
    match_id = int(found[1])
    match = Match(
        id=match_id,
        room=world.channel(f"match-{match_id}-room"),
        private=(
            world.channel(f"match-{match_id}-p1-alice"),
            world.channel(f"match-{match_id}-p2-bob"),
        ),
        host_log=world.channel(f"match-{match_id}-host-log"),
    )
    if start:
        await world.host.slash(match.room, "match start")
    return match


def prompt(channel: simcord.ChannelHandle) -> discord.Message:
    """The newest message with buttons (or a menu) in a channel."""
    for message in reversed(channel.history()):
        if message.components:
            return message
    raise AssertionError(f"no buttons in {channel.name}: {texts(channel)[-3:]}")


def button_labels(message: discord.Message) -> list[str]:
    return [
        child.label or ""
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
        if isinstance(child, discord.Button)
    ]


def request(channel: simcord.ChannelHandle, label: str) -> discord.Message:
    """The newest message in ``channel`` with a button labelled ``label``."""
    for message in reversed(channel.history()):
        if label in button_labels(message):
            return message
    raise AssertionError(f"no {label!r} button in {channel.name}: {texts(channel)[-3:]}")


def seen_by(channel: simcord.ChannelHandle, member: simcord.MemberActor) -> str:
    """Everything ``member`` can read in ``channel``."""
    return "\n".join(m.content for m in channel.history(viewer=member))


async def hand(world: World, match: Match, seat: int) -> list[int]:
    view = await world.bot.runtime.view(match.id, seat)
    return list(view["hands"][seat])
