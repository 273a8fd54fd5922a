"""Who may act, and in which match: hosts for /match, a match's own players for moves.

Every refusal names the reason, so nobody is left guessing why nothing happened.
Refusals of *who* is asking are :class:`NotAllowed`, raised only here, so they
all read alike ("⛔ …") and never mix with the game's own refusals.

Every slash command declares its :class:`Audience` in its ``extras`` and every
persistent button in its ``audience``; tests/bot/discord/test_authorization.py
drives each one as every kind of member and holds the bot to the declaration.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import discord

from bot.discord.errors import NotAllowed, Refusal
from bot.runtime import MatchRuntime
from storage.records import MatchRecord


class Audience(StrEnum):
    """Who may use a command or a button, declared beside it:
    ``extras={"audience": Audience.HOST}`` on a command, ``audience = Audience.PLAYER``
    on a persistent item."""

    #: Hosts only: Manage Server or the configured host role.
    HOST = "host"
    #: A match's two players, each for their own seat only: a button in a private
    #: channel is its owner's, one in the room is either player's.
    PLAYER = "player"
    #: Buttons only: the one seat the ``custom_id`` names, in the ``seat`` group of
    #: the item's template (Rune Breaker's Buzz on the other seat's turn).
    NAMED_SEAT = "named_seat"
    #: Any member (help texts, references, ``/match practice``).
    ANYONE = "anyone"
    #: Hosts; and, in a practice match (``/match practice``), the member playing
    #: it, for their own match only (its pause, resume, abort).
    HOST_OR_PRACTISER = "host_or_practiser"
    #: Buttons only: the one member the ``custom_id`` names, in the ``user`` group of
    #: the item's template — the host whose command posted it (``/match cleanup``'s
    #: confirmation), not any other host.
    INVOKER = "invoker"


@dataclass(frozen=True)
class Seat:
    """A player acting in a match: the match and the seat they play."""

    match: MatchRecord
    seat: int


def is_host(member: discord.Member, host_role: str) -> bool:
    """Manage Server, or the configured host role (by name or id)."""
    if member.guild_permissions.manage_guild:
        return True
    return any(role.name == host_role or str(role.id) == host_role for role in member.roles)


def require_host(member: discord.abc.User, host_role: str, doing: str) -> None:
    """NotAllowed unless ``member`` is a host; ``doing`` completes "Only hosts can …"."""
    if isinstance(member, discord.Member) and is_host(member, host_role):
        return
    raise NotAllowed(
        f"Only hosts can {doing}: you need the Manage Server permission or the “{host_role}” role."
    )


def require_host_or_practiser(
    member: discord.abc.User, match: MatchRecord, host_role: str, doing: str
) -> None:
    """NotAllowed unless ``member`` is a host, or ``match`` is a practice match
    and they are the person playing it; ``doing`` is what they ask ("pause")."""
    if not match.practice:
        require_host(member, host_role, "run matches")
        return
    if _practiser(match) == member.id:
        return
    if isinstance(member, discord.Member) and is_host(member, host_role):
        return
    raise NotAllowed(
        f"Only hosts and its player can {doing} practice match #{match.id}: you need "
        f"the Manage Server permission or the “{host_role}” role."
    )


def _practiser(match: MatchRecord) -> int | None:
    """The person in a practice match: the seat the bot does not play."""
    return next((p.user_id for p in match.players if p.seat != match.bot_seat), None)


def require_named_seat(seat: int, named: int, refusal: str) -> None:
    """NotAllowed unless the acting ``seat`` is the one a button names."""
    if seat != named:
        raise NotAllowed(refusal)


def require_invoker(user_id: int, named: int, refusal: str) -> None:
    """NotAllowed unless the member clicking is the one a button names."""
    if user_id != named:
        raise NotAllowed(refusal)


def host_role(guild: discord.Guild, setting: str) -> discord.Role | None:
    return discord.utils.find(lambda r: r.name == setting or str(r.id) == setting, guild.roles)


async def hosted_match(
    runtime: MatchRuntime, guild_id: int, channel_id: int | None, match_id: int | None
) -> MatchRecord:
    """The match a host command is about: ``match:<id>``, else the channel's own match."""
    if match_id is not None:
        match = await runtime.get(match_id)
        if match.guild_id != guild_id:
            raise Refusal(f"There is no match #{match_id} on this server.")
        return match
    found = await _match_of_channel(runtime, channel_id)
    if found is None:
        raise Refusal(
            "This channel belongs to no match. Use the command in a match's channels, "
            "or name the match with `match:<id>` (see `/match list`)."
        )
    return found


async def _match_of_channel(runtime: MatchRuntime, channel_id: int | None) -> MatchRecord | None:
    if channel_id is None:
        return None
    found = await runtime.by_channel(channel_id)
    return None if found is None else found.match


async def seat_in_channel(
    runtime: MatchRuntime, guild_id: int, channel_id: int | None, user_id: int
) -> Seat:
    """The seat a player acts for with a slash command used in ``channel_id``.

    In a match's channels it is that match; elsewhere, the player's one live
    match on this server.
    """
    found = await runtime.by_channel(channel_id) if channel_id is not None else None
    if found is not None:
        match, channel_seat = found
        seat = _player_seat(match, user_id)
        if channel_seat is not None and channel_seat != seat:
            raise NotAllowed(_not_your_channel(match, seat))
        return Seat(match, seat)
    live = [
        m
        for m in await runtime.list_for_guild(guild_id, live_only=True)
        if m.seat_of_user(user_id) is not None
    ]
    if not live:
        raise NotAllowed("You are not playing in any running match on this server.")
    if len(live) > 1:
        listed = ", ".join(f"#{m.id}" for m in live)
        raise Refusal(
            f"You are playing in several matches ({listed}); "
            "use the command in the room or private channel of the one you mean."
        )
    match = live[0]
    return Seat(match, _player_seat(match, user_id))


def seat_for_click(match: MatchRecord, channel_id: int | None, user_id: int) -> Seat:
    """The seat a button click acts for: only the owner of the channel's buttons."""
    seat = _player_seat(match, user_id)
    owner = match.seat_of_channel(channel_id) if channel_id is not None else None
    if owner is not None and owner != seat:
        raise NotAllowed(
            f"These buttons belong to your opponent. Use the buttons in "
            f"{_private_mention(match, seat)}."
        )
    return Seat(match, seat)


def seat_for_message(match: MatchRecord, channel_seat: int, user_id: int) -> int | None:
    """The seat a plain message in seat ``channel_seat``'s private channel moves
    for: its owner's; None for a non-player (hosts may talk there: no move, no
    reply); NotAllowed for the opponent (let in to read it by an admin)."""
    seat = match.seat_of_user(user_id)
    if seat is None:
        return None
    if seat != channel_seat:
        raise NotAllowed(_not_your_channel(match, seat))
    return seat


def _player_seat(match: MatchRecord, user_id: int) -> int:
    seat = match.seat_of_user(user_id)
    if seat is None:
        raise NotAllowed(
            f"You are not a player in match #{match.id}; only its two players can move."
        )
    return seat


def _not_your_channel(match: MatchRecord, seat: int) -> str:
    return (
        f"This is your opponent's private channel. Make your moves in "
        f"{_private_mention(match, seat)} (or with an ephemeral command)."
    )


def _private_mention(match: MatchRecord, seat: int) -> str:
    channel_id = next((p.private_channel_id for p in match.players if p.seat == seat), None)
    return f"<#{channel_id}>" if channel_id is not None else "your private channel"
