"""Discord's caps on channels, checked before a match makes any, and Discord's own
refusal when one is reached anyway: the same one line for the host either way.

Discord holds at most 500 channels a server (categories count, threads do not)
and 50 a category. A full server answers a new channel with error 30013
("Maximum number of guild channels reached (500)"); a full category with 50035
("Invalid Form Body") naming ``CHANNEL_PARENT_MAX_CHANNELS`` on ``parent_id``
("Maximum number of channels in category reached (50)").
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

import discord

from bot.discord.errors import Refusal
from bot.render.base import escape_md, plural

if TYPE_CHECKING:
    from bot.runtime.runtime import MatchRuntime

log = logging.getLogger(__name__)

T = TypeVar("T")

GUILD_CAP = 500
CATEGORY_CAP = 50
GUILD_FULL = 30013
INVALID_FORM = 50035
CATEGORY_FULL = ("CHANNEL_PARENT_MAX_CHANNELS", "Maximum number of channels in category")
RATE_LIMITED = 429
#: How often one channel is asked for again after Discord's 429. discord.py has
#: already waited out its own retries (each as long as Discord asked) by the time
#: one reaches us, so the bucket is well spent: wait long, the host's answer has
#: the interaction's 15 minutes.
RATE_LIMIT_TRIES = 6
FIRST_WAIT = 10.0
LONGEST_WAIT = 60.0


@dataclass(frozen=True)
class Need:
    """What a match's layout takes from Discord's caps.

    ``channels``: how many count toward the server's 500 (a new category
    included; threads are not counted). ``category``: the existing category the
    match's channels go into, or None when it makes a category of its own;
    ``in_category``: how many of them go into that category (its cap is 50).
    ``archive``: the server has no archive channel yet, so one more is kept free
    for it: ``/match cleanup`` posts each match there before deleting anything,
    and a server filled to 500 by matches could otherwise never be cleaned.
    """

    channels: int
    in_category: int
    category: discord.CategoryChannel | None = None
    archive: bool = False

    @property
    def kept(self) -> int:
        """What the server's 500 must still hold: the match's channels and the
        archive's, when it has yet to be made."""
        return self.channels + int(self.archive)


class CapReached(Refusal):
    """The match would not fit Discord's caps (or Discord said so): the host's one line."""


def is_cap_refusal(error: BaseException) -> bool:
    """Whether Discord refused a new channel for a full server or category."""
    if not isinstance(error, discord.HTTPException):
        return False
    if error.code == GUILD_FULL:
        return True
    return error.code == INVALID_FORM and any(mark in error.text for mark in CATEGORY_FULL)


def _category_refused(error: BaseException) -> bool:
    return isinstance(error, discord.HTTPException) and error.code == INVALID_FORM


async def check_room(runtime: MatchRuntime, guild: discord.Guild, need: Need) -> None:
    """CapReached, before anything is made, if the match would pass a cap."""
    if len(guild.channels) + need.kept > GUILD_CAP:
        raise await cap_reached(runtime, guild, need)
    category = need.category
    if category is not None and len(category.channels) + need.in_category > CATEGORY_CAP:
        raise await cap_reached(runtime, guild, need, category_full=True)


async def cap_reached(
    runtime: MatchRuntime,
    guild: discord.Guild,
    need: Need,
    *,
    refused: BaseException | None = None,
    category_full: bool = False,
) -> CapReached:
    """The one line: what the server (or category) has, what the match needs, and
    what ``/match cleanup`` would free. ``refused``: Discord's own refusal."""
    if refused is not None:
        category_full = category_full or _category_refused(refused)
    freed, ended = await freeable(runtime, guild)
    lead = "Discord refused the match's channels: " if refused is not None else "No room: "
    if category_full and need.category is not None:
        where = (
            f"the category **{escape_md(need.category.name)}** has "
            f"{len(need.category.channels)} of its {CATEGORY_CAP} channels and the match "
            f"needs {need.in_category} there"
        )
    elif category_full:
        where = f"a category is at Discord's cap of {CATEGORY_CAP} channels"
    else:
        where = (
            f"this server has {len(guild.channels)} of Discord's {GUILD_CAP} channels and the "
            f"match needs {need.channels}"
        )
        if need.archive:
            where += ", plus 1 kept for the archive channel `/match cleanup` makes"
    cleanup = (
        f"`/match cleanup` would free {plural(freed, 'channel')} of "
        f"{plural(ended, 'ended match', 'ended matches')}."
        if freed
        else "no ended match has channels left for `/match cleanup` to free."
    )
    return CapReached(f"{lead}{where}; {cleanup}")


async def freeable(runtime: MatchRuntime, guild: discord.Guild) -> tuple[int, int]:
    """(channels, matches): the channels of this server's ended matches that still
    exist, which ``/match cleanup`` would delete, and how many matches hold them.

    A category counts only if nothing else is in it: cleanup leaves a category
    that still holds another match's room (the threads layout's shared one).
    Threads are not channels (``get_channel`` finds none): they free nothing."""
    ended = [m for m in await runtime.list_for_guild(guild.id) if m.status.over]
    counted: set[int] = set()
    holding = 0
    for match in ended:
        present = {i for i in match.channel_ids() if guild.get_channel(i) is not None}
        present -= counted
        if present:
            holding += 1
            counted |= present
    emptied = {
        category.id
        for match in ended
        if isinstance(
            category := guild.get_channel(match.category_id or 0), discord.CategoryChannel
        )
        and all(c.id in counted for c in category.channels)
    }
    return len(counted | emptied), holding


async def patiently(make: Callable[[], Awaitable[T]]) -> T:
    """Make one channel, asking again after Discord's 429 (rate limited): a 429
    means Discord made nothing, so asking again can never make it twice."""
    for attempt in range(RATE_LIMIT_TRIES):
        try:
            return await make()
        except discord.HTTPException as error:
            if error.status != RATE_LIMITED or attempt == RATE_LIMIT_TRIES - 1:
                raise
            wait = _retry_after(error, attempt)
            log.info("rate limited making a channel: asking again in %.1f s", wait)
            await asyncio.sleep(wait)
    raise AssertionError("unreachable: the last try returns or raises")


def _retry_after(error: discord.HTTPException, attempt: int) -> float:
    """Discord's Retry-After when the response carries one, else a doubling wait."""
    headers = getattr(error.response, "headers", None) or {}
    try:
        wait = float(headers.get("Retry-After", ""))
    except ValueError:
        wait = FIRST_WAIT * 2**attempt
    return min(max(wait, 0.0), LONGEST_WAIT)
