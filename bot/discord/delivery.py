"""The runtime's delivery port, for Discord: committed notices become channel messages.

``target`` 'public' is the room, 'host' the host log, '0'/'1' that seat's
private channel. One call is one step's notices for one audience, so it
becomes one message (split under 2,000 characters, images on the last part).
A game's adapter may add buttons to what a seat receives (see
:meth:`DiscordDelivery.add_view_factory`) and to the room's messages
(:meth:`~DiscordDelivery.add_room_view_factory`) and to the host log's
(:meth:`~DiscordDelivery.add_host_view_factory`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence

import discord

from bot.discord.channels import BOT_NEEDS
from bot.discord.replies import Progress, render, seat_names, send
from bot.render import Image
from bot.runtime.delivery import Undeliverable
from games import HOST, PUBLIC, Notice
from games.core import Audience
from storage.records import MatchRecord

log = logging.getLogger(__name__)

#: Builds the buttons for one seat's message from the notices it carries, or None.
ViewFactory = Callable[[MatchRecord, int, Sequence[Notice]], discord.ui.View | None]
#: Builds the buttons for a room message from the notices it carries, or None.
RoomViewFactory = Callable[[MatchRecord, Sequence[Notice]], discord.ui.View | None]
#: Builds the buttons for a host log message from the notices it carries, or None.
HostViewFactory = Callable[[MatchRecord, Sequence[Notice]], discord.ui.View | None]
#: Told when a message of an ended match was delivered: the bot has seen it end.
OverHook = Callable[[MatchRecord], Awaitable[None]]


def audience_of(target: str) -> Audience:
    if target in (PUBLIC, HOST):
        return target
    return int(target)


def channel_for(match: MatchRecord, target: str) -> int | None:
    if target == PUBLIC:
        return match.room_channel_id
    if target == HOST:
        return match.host_channel_id
    seat = int(target)
    return next((p.private_channel_id for p in match.players if p.seat == seat), None)


class DiscordDelivery:
    def __init__(self, client: discord.Client) -> None:
        self._client = client
        self._views: dict[str, ViewFactory] = {}
        self._room_views: dict[str, RoomViewFactory] = {}
        self._host_views: dict[str, HostViewFactory] = {}
        # A delivery that failed part-way: the messages Discord already took, so
        # its retry (the outbox retries the same notices next) posts only the rest.
        self._partial: dict[tuple[int, str], tuple[list[Notice], Progress]] = {}
        #: What happens once a match is over (bot.discord.aftermath: read-only channels).
        self.on_over: OverHook | None = None

    def add_view_factory(self, game_key: str, factory: ViewFactory) -> None:
        self._views[game_key] = factory

    def add_room_view_factory(self, game_key: str, factory: RoomViewFactory) -> None:
        self._room_views[game_key] = factory

    def add_host_view_factory(self, game_key: str, factory: HostViewFactory) -> None:
        """Buttons on the host log's messages (say, to confirm a claimed win)."""
        self._host_views[game_key] = factory

    async def deliver(self, match: MatchRecord, target: str, notices: list[Notice]) -> None:
        key = (match.id, target)
        earlier = self._partial.pop(key, None)
        progress = Progress(earlier[1].done if earlier and earlier[0] == notices else 0)
        try:
            await self._deliver(match, target, notices, progress)
        except BaseException:
            if progress.done:
                self._partial[key] = (notices, progress)
            raise
        if match.status.over and self.on_over is not None:
            await self._over(match)

    async def _over(self, match: MatchRecord) -> None:
        """The end seen. Its failure must not fail the delivery (the message is out:
        a retry would post it twice); the match's next message, or the next start's
        cleanup sweep, tries again."""
        assert self.on_over is not None
        try:
            await self.on_over(match)
        except Exception:
            log.exception("match %s: handling its end failed", match.id)

    async def _deliver(
        self, match: MatchRecord, target: str, notices: list[Notice], progress: Progress
    ) -> None:
        audience = audience_of(target)
        names = await seat_names(self._client, match)
        await self._post(match, target, audience, notices, names, progress)

    def _view(
        self, match: MatchRecord, audience: Audience, notices: Sequence[Notice]
    ) -> discord.ui.View | None:
        if isinstance(audience, int):
            factory = self._views.get(match.game)
            return factory(match, audience, notices) if factory is not None else None
        if audience == HOST:
            host = self._host_views.get(match.game)
            return host(match, notices) if host is not None else None
        room = self._room_views.get(match.game)
        return room(match, notices) if room is not None and audience == PUBLIC else None

    async def _post(
        self,
        match: MatchRecord,
        target: str,
        audience: Audience,
        notices: Sequence[Notice],
        names: Sequence[str],
        progress: Progress,
    ) -> None:
        channel_id = channel_for(match, target)
        if channel_id is None:
            log.warning("match %s: no channel for %r; notices dropped", match.id, target)
            return
        rendered = await render(match.game, notices, audience, names)
        view = self._view(match, audience, notices)
        try:
            await self._send(match, channel_id, rendered.text, rendered.images, view, progress)
        except discord.NotFound:
            # The channel is gone: no retry can succeed until a host acts.
            raise Undeliverable(_deleted(match, target, names)) from None
        except discord.Forbidden as error:
            # The bot was shut out (an overwrite denies it): the same, with what is missing.
            where = _place(match, target, names, channel_id)
            raise Undeliverable(_shut_out(where, self._missing(channel_id), error)) from None
        except discord.HTTPException as error:
            if not _refused(error):
                raise  # rate limits and server errors: the outbox retries later
            # Discord refused the message itself (a component or file it will never
            # accept): retrying forever would hold back every later message of the
            # match, so send the words alone, once, and log it.
            log.error("match %s: Discord refused a message to %s (%s)", match.id, target, error)
            await self._send_plain(match, channel_id, rendered.text)

    def _missing(self, channel_id: int) -> list[str]:
        """The permissions the bot needs in a match channel and lacks there (as
        far as its cache knows), in Discord's own words."""
        channel = self._client.get_channel(channel_id)
        if not isinstance(channel, discord.abc.GuildChannel):
            return []
        granted = channel.permissions_for(channel.guild.me)
        if not granted.view_channel:
            return [_title("view_channel")]  # Discord then denies everything else too
        missing = [name for name in BOT_NEEDS if not getattr(granted, name)]
        if "send_messages" in missing and "attach_files" in missing:
            missing.remove("attach_files")  # implied: no files without messages
        return [_title(name) for name in missing]

    async def _send_plain(self, match: MatchRecord, channel_id: int, text: str) -> None:
        try:
            await self._send(match, channel_id, text, (), None, Progress())
        except discord.HTTPException as error:
            if not _refused(error):
                raise
            log.error("match %s: Discord refused the plain text too (%s); dropped", match.id, error)

    async def _send(
        self,
        match: MatchRecord,
        channel_id: int,
        text: str,
        images: Sequence[Image],
        view: discord.ui.View | None,
        progress: Progress,
    ) -> None:
        cached = self._client.get_channel(channel_id)
        channel: discord.abc.Messageable = (
            cached
            if isinstance(cached, discord.abc.Messageable)
            else self._client.get_partial_messageable(channel_id, guild_id=match.guild_id)
        )
        await send(channel, text, images, view=view, progress=progress)


def _refused(error: discord.HTTPException) -> bool:
    """A 4xx that is not a rate limit: the same request will never succeed."""
    return 400 <= error.status < 500 and error.status != 429


def _title(permission: str) -> str:
    """``send_messages`` -> "Send Messages", as Discord's settings name it."""
    return permission.replace("_", " ").title()


def _place(match: MatchRecord, target: str, names: Sequence[str], channel_id: int) -> str:
    """The channel in words a host can act on: which of the match's channels it is."""
    return f"{_which(match, target, names)} <#{channel_id}>"


def _which(match: MatchRecord, target: str, names: Sequence[str]) -> str:
    if target == PUBLIC:
        return f"the room of match #{match.id}"
    if target == HOST:
        return f"the host log of match #{match.id}"
    return f"{names[int(target)]}'s private channel of match #{match.id}"


def _shut_out(where: str, missing: Sequence[str], error: discord.HTTPException) -> str:
    lacks = (
        f"it lacks the {' and '.join(missing)} permission{'s' if len(missing) > 1 else ''} there"
        if missing
        else f"Discord refused it ({error.text or error.status})"
    )
    needed = ", ".join(_title(name) for name in BOT_NEEDS)
    return (
        f"The bot can't post in {where}: {lacks}. "
        f"Give the bot {needed} in that channel's permissions, then run `/match resume`: "
        "the messages it could not post go out then, in order."
    )


def _deleted(match: MatchRecord, target: str, names: Sequence[str]) -> str:
    which = _which(match, target, names)
    return (
        f"{which[0].upper()}{which[1:]} was deleted, so the bot can't post there. "
        "`/match resume` opens it again and posts what it missed; `/match abort` ends the match."
    )
