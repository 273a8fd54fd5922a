"""Turning rendered notices into Discord messages: files, names, interaction replies."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from typing import Any, TypeVar

import discord
from discord.utils import escape_mentions

from bot.ops.metrics import metrics_of
from bot.render import DEFAULT_NAMES, Image, Rendered, renderer_for, split_message
from bot.render.base import alt_text
from games import Notice
from games.core import Audience
from storage.records import MatchRecord

log = logging.getLogger(__name__)

MAX_FILES = 10  # per Discord message

#: Discord forgets an interaction not answered within 3 s of its arrival ("This
#: interaction failed", though the move may well have been taken). Work still
#: running this long after arrival is deferred first, leaving a second for the
#: defer to reach Discord.
ANSWER_WITHIN_SECONDS = 2.0

T = TypeVar("T")


async def in_time(interaction: discord.Interaction[Any], work: Awaitable[T]) -> T:
    """The result of ``work`` (a move being committed, say), keeping the
    interaction alive: if it is not done :data:`ANSWER_WITHIN_SECONDS` after the
    interaction arrived, the interaction is deferred (ephemeral, "thinking") and
    the answer, or the error, becomes its follow-up (:func:`reply` does that).
    Fast work is answered as before, with no extra call to Discord."""
    task = asyncio.ensure_future(work)
    loop = asyncio.get_running_loop()
    arrived = interaction.extras.get("arrived", loop.time())
    if not interaction.response.is_done():
        left = max(0.0, ANSWER_WITHIN_SECONDS - (loop.time() - arrived))
        try:
            done, _ = await asyncio.wait({task}, timeout=left)
        except asyncio.CancelledError:
            task.cancel()  # the caller gave up: so does the work, as if awaited directly
            raise
        if not done and not interaction.response.is_done():
            try:
                await interaction.response.defer(ephemeral=True, thinking=True)
                if (metrics := metrics_of(interaction.client)) is not None:
                    metrics.deferred.inc()
            except discord.HTTPException:
                # Too late already, or Discord briefly away: the move goes on all
                # the same (it is committed or refused whatever the answer does).
                log.warning("could not defer a slow interaction", exc_info=True)
    return await task


async def render(
    game_key: str, notices: Sequence[Notice], audience: Audience, names: Sequence[str]
) -> Rendered:
    """Render off the event loop: boards are Pillow images."""
    renderer = renderer_for(game_key)
    return await asyncio.to_thread(renderer.render, notices, audience, names=names)


async def render_status(
    game_key: str, view: Mapping[str, Any], audience: Audience, names: Sequence[str]
) -> Rendered:
    renderer = renderer_for(game_key)
    return await asyncio.to_thread(renderer.status, view, audience, names=names)


def files(images: Sequence[Image], text: str) -> list[discord.File]:
    """The images as attachments, each described (its alt text) from ``text``,
    the whole message they go with (bot.render.base.alt_text)."""
    return [
        discord.File(
            io.BytesIO(image.data), filename=image.filename, description=alt_text(image, text)
        )
        for image in images
    ]


async def seat_names(client: discord.Client, match: MatchRecord) -> tuple[str, str]:
    """Display names for seats 0 and 1 (from the member cache, else the API)."""
    guild = client.get_guild(match.guild_id)
    names = list(DEFAULT_NAMES)
    for player in match.players:
        member = guild.get_member(player.user_id) if guild is not None else None
        if member is not None:
            names[player.seat] = member.display_name
            continue
        try:
            user = client.get_user(player.user_id) or await client.fetch_user(player.user_id)
        except discord.HTTPException:
            continue
        names[player.seat] = user.display_name
    return names[0], names[1]


async def reply(
    interaction: discord.Interaction[Any],
    text: str,
    *,
    images: Sequence[Image] = (),
    view: discord.ui.View | None = None,
    ephemeral: bool = True,
) -> None:
    """Answer an interaction (first response or follow-up), split under 2,000
    characters; images and a view go with the last part."""
    chunks = split_message(text) or ["" if images or view else "✅"]
    for i, chunk in enumerate(chunks):
        extra: dict[str, Any] = {}
        if i == len(chunks) - 1:
            if images:
                extra["files"] = files(images, text)
            if view is not None:
                extra["view"] = view
        if interaction.response.is_done():
            await interaction.followup.send(chunk, ephemeral=ephemeral, **extra)
        else:
            await interaction.response.send_message(chunk, ephemeral=ephemeral, **extra)


async def reply_file(
    interaction: discord.Interaction[Any], text: str, filename: str, data: bytes
) -> None:
    """Answer an interaction with one file (just for the one who asked)."""
    file = discord.File(io.BytesIO(data), filename=filename)
    if interaction.response.is_done():
        await interaction.followup.send(text, file=file, ephemeral=True)
    else:
        await interaction.response.send_message(text, file=file, ephemeral=True)


async def reply_rendered(
    interaction: discord.Interaction[Any], rendered: Rendered, *, fallback: str
) -> None:
    await reply(interaction, rendered.text or fallback, images=rendered.images)


class Progress:
    """How many messages of one delivery Discord has taken so far, so that a
    delivery retried after a failure part-way resumes after them instead of
    posting them twice."""

    def __init__(self, done: int = 0) -> None:
        self.done = done  # messages already posted, from earlier tries
        self.count = 0  # messages reached in this try

    def skip(self) -> bool:
        """Whether the next message was already posted; counts it either way."""
        self.count += 1
        return self.count <= self.done

    def posted(self) -> None:
        self.done = max(self.done, self.count)


async def send(
    channel: discord.abc.Messageable,
    text: str,
    images: Sequence[Image] = (),
    *,
    view: discord.ui.View | None = None,
    reference: discord.Message | None = None,
    progress: Progress | None = None,
) -> None:
    """Post text and images as Discord allows: split under 2,000 characters,
    10 files a message; images and the view go with the last message. With
    ``progress``, messages it counts as posted are not posted again. Nothing
    posted this way means to mention anyone, and notices can carry what players
    typed (a pause reason, the host log's moves): mentions show as text."""
    parts = _parts(escape_mentions(text), images)
    for i, (content, batch) in enumerate(parts):
        if progress is not None and progress.skip():
            continue
        extra: dict[str, Any] = {}
        if i == 0 and reference is not None:
            extra.update(reference=reference, mention_author=False)
        if i == len(parts) - 1 and view is not None:
            extra["view"] = view
        await channel.send(content, files=files(batch, text), **extra)
        if progress is not None:
            progress.posted()


def _parts(text: str, images: Sequence[Image]) -> list[tuple[str | None, list[Image]]]:
    parts: list[tuple[str | None, list[Image]]] = [(chunk, []) for chunk in split_message(text)]
    batches = [list(images[i : i + MAX_FILES]) for i in range(0, len(images), MAX_FILES)]
    if parts and batches:
        parts[-1] = (parts[-1][0], batches.pop(0))
    parts.extend((None, batch) for batch in batches)
    return parts


def move_confirmation(
    kinds: Collection[str],
) -> Callable[[discord.Interaction[Any], MatchRecord, int, Sequence[Notice], str], Awaitable[None]]:
    """A game's ``confirm``: :func:`confirm_move` with the notice kinds that confirm
    its moves, bound once (buttons, forms and typed moves share it)."""

    async def confirm(
        interaction: discord.Interaction[Any],
        match: MatchRecord,
        seat: int,
        notices: Sequence[Notice],
        fallback: str,
    ) -> None:
        await confirm_move(interaction, match, seat, notices, fallback, kinds)

    return confirm


async def confirm_move(
    interaction: discord.Interaction[Any],
    match: MatchRecord,
    seat: int,
    notices: Sequence[Notice],
    fallback: str,
    kinds: Collection[str],
) -> None:
    """Tell the mover (only them) that the move is in: the notices of ``kinds``
    rendered for the seat, in words (pictures go to its private channel), or
    ``fallback`` when none came."""
    mine = [n for n in notices if n.kind in kinds]
    if not mine:
        await reply(interaction, fallback)
        return
    names = await seat_names(interaction.client, match)
    rendered = await render(match.game, mine, seat, names)
    await reply(interaction, rendered.text or fallback)
