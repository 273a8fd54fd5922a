"""The machinery of the authorization matrix (test_authorization.py): who is
asking, where, what each is expected to be allowed, and how a case is run and
judged.

Expectations come only from declarations: a command's ``extras["audience"]``,
a persistent item's ``audience`` (bot.discord.acting.Audience), and which
channels each kind of member sees (the matrix checks those against Discord's
own permission computation before skipping what a member cannot see).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import aiosqlite
import discord
import simcord
from discord import app_commands

from bot.discord.acting import Audience
from bot.discord.errors import NOT_ALLOWED_MARK, Refusal
from bot.discord.host._cog import HostCog
from games import Rejected
from tests.bot.discord.support import Match, World, said

Drive = Callable[[World], Awaitable[Match]]


@dataclass(frozen=True)
class Stage:
    """A match brought to a state: its slash commands or its posted buttons are
    driven there."""

    name: str
    drive: Drive


@dataclass(frozen=True)
class Plan:
    """Where a game's commands are driven, and the states that post its buttons:
    each game's ``PLAN`` (tests/bot/discord/<key>/facts.py)."""

    commands: Stage
    buttons: tuple[Stage, ...]


class Who(StrEnum):
    HOST = "host (Host role)"
    MANAGER = "host (Manage Server)"
    SEAT0 = "seat 1 (alice)"
    SEAT1 = "seat 2 (bob)"
    OUTSIDER = "outsider (carol)"


class Where(StrEnum):
    ROOM = "the room"
    PRIVATE0 = "seat 1's private channel"
    PRIVATE1 = "seat 2's private channel"
    HOST_LOG = "the host log"
    GENERAL = "#general"


SEAT_OF = {Who.SEAT0: 0, Who.SEAT1: 1}
OWNER_OF = {Where.PRIVATE0: 0, Where.PRIVATE1: 1}
#: Who sees which channel, by design: every host sees everything, by the role
#: or by Manage Server, whoever created the match; each player sees their own
#: private channel; nobody but hosts reads the host log.
SEES: dict[Who, frozenset[Where]] = {
    Who.HOST: frozenset(Where),
    Who.MANAGER: frozenset(Where),
    Who.SEAT0: frozenset({Where.ROOM, Where.PRIVATE0, Where.GENERAL}),
    Who.SEAT1: frozenset({Where.ROOM, Where.PRIVATE1, Where.GENERAL}),
    Who.OUTSIDER: frozenset({Where.ROOM, Where.GENERAL}),
}


def allowed(audience: Audience, who: Who, where: Where, named_seat: int | None = None) -> bool:
    """What the declaration means: may ``who`` use it in ``where``?"""
    if audience is Audience.ANYONE:
        return True
    if audience in (Audience.HOST, Audience.HOST_OR_PRACTISER):
        # The matrix's matches are no practice matches, so only hosts; the player
        # of a practice match is held to it in tests/bot/discord/test_practice.py.
        return who in (Who.HOST, Who.MANAGER)
    if audience is Audience.INVOKER:
        # The member whose command posted it: the matrix's host commands are run
        # by the Host-role member, so another host (by Manage Server) is refused.
        return who is Who.HOST
    seat = SEAT_OF.get(who)
    if audience is Audience.NAMED_SEAT:
        return seat is not None and seat == named_seat
    owner = OWNER_OF.get(where)
    return seat is not None and (owner is None or owner == seat)


# -- the people and the places ------------------------------------------------------------


@dataclass
class Cast:
    """The matrix's members: the world's host, players and spectator, and a
    member with Manage Server but not the Host role."""

    world: World
    manager: simcord.MemberActor

    def actor(self, who: Who) -> simcord.MemberActor:
        world = self.world
        return {
            Who.HOST: world.host,
            Who.MANAGER: self.manager,
            Who.SEAT0: world.alice,
            Who.SEAT1: world.bob,
            Who.OUTSIDER: world.carol,
        }[who]


def channel(world: World, match: Match, where: Where) -> simcord.ChannelHandle:
    return {
        Where.ROOM: match.room,
        Where.PRIVATE0: match.private[0],
        Where.PRIVATE1: match.private[1],
        Where.HOST_LOG: match.host_log,
        Where.GENERAL: world.general,
    }[where]


def can_see(cast: Cast, match: Match, who: Who, where: Where) -> bool:
    """Discord's own answer (discord.py's permission computation on the bot's cache)."""
    guild = cast.world.bot.get_guild(cast.world.guild.id)
    assert guild is not None
    member = guild.get_member(cast.actor(who).id)
    found = guild.get_channel_or_thread(channel(cast.world, match, where).id)
    assert member is not None
    if isinstance(found, discord.Thread):
        # A private thread (the threads layout): its room's permissions, and
        # then only its members or those who may manage the room's threads.
        granted = found.permissions_for(member)
        joined = any(m.id == member.id for m in found.members)
        return granted.view_channel and (joined or granted.manage_threads)
    assert isinstance(found, discord.abc.GuildChannel)
    return found.permissions_for(member).view_channel


def check_visibility(cast: Cast, match: Match) -> list[str]:
    """Where Discord's permissions differ from :data:`SEES`."""
    return [
        f"{who} {'can' if not expected else 'cannot'} see {where}"
        for who in Who
        for where in Where
        if (expected := where in SEES[who]) != can_see(cast, match, who, where)
    ]


# -- declarations -------------------------------------------------------------------------


def commands(world: World) -> list[app_commands.Command[Any, ..., Any]]:
    """Every slash command the bot registers, subcommands included."""
    return [c for c in world.bot.tree.walk_commands() if isinstance(c, app_commands.Command)]


def command_audience(command: app_commands.Command[Any, ..., Any]) -> Audience | None:
    found = command.extras.get("audience")
    return found if isinstance(found, Audience) else None


def item_audience(item: type[discord.ui.DynamicItem[Any]]) -> Audience | None:
    found = getattr(item, "audience", None)
    return found if isinstance(found, Audience) else None


def _where_defined(function: Any) -> str:
    path = inspect.getsourcefile(function) or "?"
    return path[path.rfind("/bot/") + 1 :] if "/bot/" in path else path


def _likely(command: app_commands.Command[Any, ..., Any]) -> str | None:
    """The audience to suggest where the group already decides it: ``/match`` is
    for hosts (HostCog.interaction_check refuses everyone else)."""
    return "Audience.HOST" if isinstance(command.binding, HostCog) else None


def undeclared(world: World) -> list[str]:
    """What declares no audience, each with exactly what to add."""
    choices = ", ".join(f"Audience.{a.name}" for a in Audience if a is not Audience.NAMED_SEAT)
    every = ", ".join(f"Audience.{a.name}" for a in Audience)
    missing = [
        f"/{c.qualified_name} declares no audience: add "
        f'extras={{"audience": {_likely(c) or "Audience.…"}}} '
        f"{'' if _likely(c) else f'(one of {choices}) '}"
        f"to its @app_commands.command(name={c.name!r}, …) in {_where_defined(c.callback)} "
        "(Audience is in bot.discord.acting)"
        for c in commands(world)
        if command_audience(c) is None
    ]
    missing += [
        f"{item.__name__} (custom ids {item.__discord_ui_compiled_template__.pattern}) declares "
        f"no audience: add `audience = Audience.…` (one of {every}) "
        f"to class {item.__name__} in {_where_defined(item)}"
        for item in world.bot.dynamic_items
        if item_audience(item) is None
    ]
    return missing


def item_for(
    world: World, custom_id: str
) -> tuple[type[discord.ui.DynamicItem[Any]], re.Match[str]]:
    """The registered item class a posted component's custom id belongs to."""
    for item in world.bot.dynamic_items:
        found = item.__discord_ui_compiled_template__.fullmatch(custom_id)
        if found is not None:
            return item, found
    raise AssertionError(
        f"the bot posted a component {custom_id!r} that no registered persistent item "
        "handles: make it a DynamicItem registered with bot.add_dynamic_items, with an audience"
    )


def components(message: discord.Message) -> Iterator[discord.Button | discord.SelectMenu]:
    for row in message.components:
        if isinstance(row, discord.ActionRow):
            for child in row.children:
                if isinstance(child, discord.Button | discord.SelectMenu) and child.custom_id:
                    yield child


# -- running a case and judging it --------------------------------------------------------


@dataclass(frozen=True)
class Snapshot:
    """Everything a refusal must leave alone: how many rows the bot's database
    connection has ever written (and which connection that is), and how many
    calls the bot had made to Discord."""

    connection: aiosqlite.Connection
    written: int
    calls: int


async def snapshot(world: World) -> Snapshot:
    """SQLite counts every row its connection inserts, updates or deletes, even
    in a transaction rolled back: an unchanged count proves the bot wrote
    nothing at all, stricter than comparing what is stored, for the price of no
    query. The bot's file database has a single connection (storage.db), so its
    count is every write; a new connection (the old one dropped) is a change."""
    async with world.bot.engine.connect() as connection:
        raw = await connection.get_raw_connection()
        driver = raw.driver_connection
    assert isinstance(driver, aiosqlite.Connection), "the matrix runs on SQLite"
    return Snapshot(driver, driver.total_changes, len(world.env.http_requests))


@dataclass(frozen=True)
class Built:
    """A match as a stage's drive left it: nothing written to the database since,
    and every message in its channels as it was (none posted, edited or gone)."""

    drive: Drive
    connection: aiosqlite.Connection
    written: int
    shown: tuple[tuple[int, Any], ...]


async def built(world: World, match: Match, drive: Drive) -> Built:
    now = await snapshot(world)
    handles = (match.room, *match.private, match.host_log)
    shown = tuple((m.id, _looks(m)) for h in handles for m in h.history())
    return Built(drive, now.connection, now.written, shown)


def _looks(message: discord.Message) -> str:
    """What a member sees of a message (an interaction's update of it sets no
    ``edited_at``)."""
    parts = [c.to_dict() for c in message.components] + [e.to_dict() for e in message.embeds]
    return repr((message.edited_at, message.content, parts, len(message.attachments)))


#: The calls that answer an interaction (its response and follow-ups).
ANSWERING = ("/interactions/", "/webhooks/")


def changes(world: World, before: Snapshot, after: Snapshot) -> list[str]:
    """What changed between two snapshots: in storage, or on Discord beyond
    answering the interaction (a message posted, edited, reacted to…)."""
    found = []
    if before.connection is not after.connection or before.written != after.written:
        found.append("it wrote to the database")
    calls = world.env.http_requests[before.calls : after.calls]
    other = [f"{c.method} {c.path}" for c in calls if not c.path.startswith(ANSWERING)]
    if other:
        found.append(f"it made Discord calls besides its answer: {other}")
    return found


def answers(result: simcord.InteractionResult) -> list[simcord.ResponseMessage]:
    first = [result.response] if result.response is not None else []
    return first + list(result.followups)


def judge_refusal(result: simcord.InteractionResult, changed: list[str]) -> list[str]:
    """What is wrong with a case that had to be refused."""
    wrong = []
    if result.modal is not None:
        wrong.append(f"opened a form ({result.modal.get('title')!r})")
    if not said(result).startswith(NOT_ALLOWED_MARK):
        wrong.append(f"was not refused as not theirs: {said(result)[:160]!r}")
    if not answers(result) or not all(a.ephemeral for a in answers(result)):
        wrong.append("the refusal was not ephemeral")
    return wrong + [f"the refusal changed something: {c}" for c in changed]


def judge_allowed(result: simcord.InteractionResult) -> list[str]:
    """What is wrong with a case that had to pass the gate: it may still be refused
    by the game's rules, never as not theirs, and the bot must answer."""
    if NOT_ALLOWED_MARK in said(result):
        return [f"was refused as not theirs: {said(result)[:160]!r}"]
    if result.modal is None and not answers(result):
        return ["got no answer"]
    return []


def settle_errors(world: World, checked: int) -> int:
    """Slash commands' refusals reach the tree's error handler (SimCord records
    them): each since the first ``checked`` must be a refusal, not a bug. SimCord
    keeps every error (clearing its snapshot frees none), so only the new ones
    are looked at; the count of those checked is returned."""
    for error in world.env.errors_since(checked):
        original = getattr(error, "original", error)
        assert isinstance(original, Refusal | Rejected), f"unexpected bot error: {error!r}"
    return len(world.env.errors)  # read: every error now is acknowledged


# -- a command's arguments -----------------------------------------------------------------


def arguments(
    command: app_commands.Command[Any, ..., Any], world: World, match: Match, game: str,
    where: Where,
) -> dict[str, Any]:  # fmt: skip
    """Values for a command's required options (the game's rules may refuse
    them; only the gate is being tested), and ``match`` where the channel
    belongs to no match."""
    members = iter((world.alice, world.bob))
    values: dict[str, Any] = {}
    for parameter in command.parameters:
        if parameter.name == "match":
            if where is Where.GENERAL:
                values["match"] = match.id
        elif parameter.required:
            values[parameter.name] = _value(parameter, members, game)
    return values


def _value(parameter: app_commands.Parameter, members: Iterator[Any], game: str) -> Any:
    kind = discord.AppCommandOptionType
    if parameter.choices:
        offered = [choice.value for choice in parameter.choices]
        return game if game in offered else offered[0]
    if parameter.type in (kind.user, kind.mentionable):
        return next(members)
    if parameter.type in (kind.integer, kind.number):
        return parameter.min_value if parameter.min_value is not None else 1
    if parameter.type is kind.boolean:
        return False
    if parameter.type is kind.string:
        return "a" * max(1, int(parameter.min_value or 1))
    raise AssertionError(f"no sample value for option {parameter.name} ({parameter.type})")
