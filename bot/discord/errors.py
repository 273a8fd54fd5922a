"""The one error path: every failure a user can cause ends here.

- ``games.Rejected`` carries a sentence for the player: shown as written, with
  the player's own text in it made inert (``bot.discord.quoting``).
- ``Refusal`` (a check failure with a message) and other check failures: a
  short refusal. Its subclass ``NotAllowed`` is the refusal of *who* is
  asking (not a host, not a player, not this seat's channel): raised only from
  ``bot.discord.acting``, and always marked :data:`NOT_ALLOWED_MARK`, so a
  member can tell "not yours to do" from a move the game refuses.
- Anything else is a bug: logged with the match id, answered with an apology.
  Nothing here ever raises, so a failing reply cannot take a match down.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord.quoting import shown
from bot.discord.replies import reply
from bot.ops.logs import mark_match
from bot.ops.metrics import Metrics, metrics_of
from bot.runtime.loading import CannotLoad
from games import Rejected
from games.core import quote

log = logging.getLogger(__name__)

APOLOGY = (
    "Sorry — something went wrong on my side. The match is safe; "
    "please try again, or ask the host if it keeps happening."
)
NO_PERMISSION = "You can't use that here."
#: The hosts' slash group (bot.discord.host): its commands are for hosts only.
HOSTS_GROUP = "match"
#: How every "not yours to do" refusal begins (see :class:`NotAllowed`).
NOT_ALLOWED_MARK = "⛔ "


class Refusal(app_commands.CheckFailure):
    """A user may not do this (not a host, not a player, wrong channel); the message says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotAllowed(Refusal):
    """This member may not do this at all, whatever the state of the match: not a
    host, not a player of the match, not the seat the channel or button belongs to.
    Game rules (not your turn, not now) are ``games.Rejected`` instead."""

    def __init__(self, message: str) -> None:
        super().__init__(NOT_ALLOWED_MARK + message)


def explain(error: BaseException, *, host: bool = False) -> str | None:
    """The user-facing sentence for an expected failure; None for a bug. ``host``:
    a host asks (a ``/match`` command), who is told more of a match that cannot
    be loaded: why, and what they can do."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, CannotLoad) and host:
        return error.for_host()
    if isinstance(error, Rejected | Refusal):
        return error.message
    if isinstance(error, app_commands.NoPrivateMessage):
        return "This command works only in a server."
    if isinstance(error, app_commands.CheckFailure):
        return NO_PERMISSION
    if isinstance(error, app_commands.TransformerError):
        return f"I couldn't read {quote(str(error.value))} there."
    return None


def kind_of(error: BaseException) -> str:
    """The refusal's kind, as the refusals metric counts it (a bounded set)."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, Rejected):
        return "rule"
    if isinstance(error, NotAllowed):
        return "not_allowed"
    if isinstance(error, app_commands.TransformerError):
        return "unreadable"
    return "refused"


def _reply_text(
    error: BaseException, match_id: int | None, where: str, metrics: Metrics | None,
    guild_id: int | None, *, host: bool = False,
) -> str:  # fmt: skip
    if match_id is not None:
        mark_match(match_id, guild_id)  # the rest of this handler's lines name the match
    text = explain(error, host=host)
    if metrics is not None:
        if text is None:
            metrics.errors.labels("interaction").inc()
        else:
            metrics.refusals.labels(kind_of(error)).inc()
    if text is None:
        original = getattr(error, "original", error)
        log.error(
            "match %s: unexpected error in %s",
            match_id if match_id is not None else "-",
            where,
            exc_info=(type(original), original, original.__traceback__),
        )
        return APOLOGY
    return shown(text)


def _command_name(interaction: discord.Interaction[Any]) -> str:
    command = interaction.command
    return f"/{command.qualified_name}" if command is not None else "a component"


async def answer_interaction(
    interaction: discord.Interaction[Any], error: BaseException, *, match_id: int | None = None
) -> None:
    """Answer a failed slash command or click ephemerally."""
    match_id = match_id if match_id is not None else interaction.extras.get("match_id")
    metrics = metrics_of(interaction.client)
    where = _command_name(interaction)
    text = _reply_text(
        error, match_id, where, metrics, interaction.guild_id,
        host=where.startswith(f"/{HOSTS_GROUP} "),
    )  # fmt: skip
    try:
        await reply(interaction, text)
    except discord.HTTPException:
        log.exception("match %s: could not deliver an error reply", match_id)
        if metrics is not None:
            metrics.errors.labels("reply").inc()


async def answer_message(
    message: discord.Message, error: BaseException, *, match_id: int | None = None,
    metrics: Metrics | None = None,
) -> None:  # fmt: skip
    """Answer a failed plain-message move in its (private) channel."""
    guild_id = message.guild.id if message.guild is not None else None
    text = _reply_text(error, match_id, "a private-channel message", metrics, guild_id)
    try:
        await message.reply(text, mention_author=False)
    except discord.HTTPException:
        log.exception("match %s: could not deliver an error reply", match_id)
        if metrics is not None:
            metrics.errors.labels("reply").inc()
