"""The runtime's delivery port, for Discord: committed notices become channel messages.

``target`` 'public' is the room, 'host' the host log, '0'/'1' that seat's
private channel. One call is one step's notices for one audience, so it
becomes one message (split under 2,000 characters, images on the last part).
A game's adapter may add buttons to what a seat receives (see
:meth:`DiscordDelivery.add_view_factory`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

import discord

from bot.discord.replies import render, seat_names, send
from bot.render import Image
from games import HOST, PUBLIC, Notice
from games.core import Audience
from storage.records import MatchRecord

log = logging.getLogger(__name__)

#: Builds the buttons for one seat's message from the notices it carries, or None.
ViewFactory = Callable[[MatchRecord, int, Sequence[Notice]], discord.ui.View | None]


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

    def add_view_factory(self, game_key: str, factory: ViewFactory) -> None:
        self._views[game_key] = factory

    async def deliver(self, match: MatchRecord, target: str, notices: list[Notice]) -> None:
        channel_id = channel_for(match, target)
        if channel_id is None:
            log.warning("match %s: no channel for %r; notices dropped", match.id, target)
            return
        audience = audience_of(target)
        names = await seat_names(self._client, match)
        rendered = await render(match.game, notices, audience, names)
        view = None
        factory = self._views.get(match.game)
        if factory is not None and isinstance(audience, int):
            view = factory(match, audience, notices)
        try:
            await self._send(match, channel_id, rendered.text, rendered.images, view)
        except (discord.NotFound, discord.Forbidden) as error:
            # The channel is gone or closed to the bot: a retry cannot succeed.
            log.warning("match %s: cannot post to channel %s (%s)", match.id, channel_id, error)
        except discord.HTTPException as error:
            if not _refused(error):
                raise  # rate limits and server errors: the outbox retries later
            # Discord refused the message itself (a component or file it will never
            # accept): retrying forever would hold back every later message of the
            # match, so send the words alone, once, and log it.
            log.error("match %s: Discord refused a message to %s (%s)", match.id, target, error)
            await self._send_plain(match, channel_id, rendered.text)

    async def _send_plain(self, match: MatchRecord, channel_id: int, text: str) -> None:
        try:
            await self._send(match, channel_id, text, (), None)
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
    ) -> None:
        cached = self._client.get_channel(channel_id)
        channel: discord.abc.Messageable = (
            cached
            if isinstance(cached, discord.abc.Messageable)
            else self._client.get_partial_messageable(channel_id, guild_id=match.guild_id)
        )
        await send(channel, text, images, view=view)


def _refused(error: discord.HTTPException) -> bool:
    """A 4xx that is not a rate limit: the same request will never succeed."""
    return 400 <= error.status < 500 and error.status != 429
