"""``/match publish``, ``/match unpublish`` and ``/match history``: which finished
matches the server's history lists, and its link (issue 19)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.discord.history import catch_up, note
from bot.discord.replies import in_time, reply, seat_names
from games import Rejected
from storage.history import HistoryRepository
from storage.records import MatchRecord, MatchStatus

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot
    from bot.discord.game_cog import Interaction

UNPUBLISH = "`/match unpublish` takes it off again."


def _check_listable(match: MatchRecord) -> None:
    if match.practice:
        raise Rejected(
            f"Match #{match.id} is a practice match: practice matches are never listed "
            "in the server's history."
        )
    if match.status is MatchStatus.ABORTED:
        raise Rejected(
            f"Match #{match.id} was aborted: it has no result, so it can't be published."
        )
    if match.status is not MatchStatus.FINISHED:
        raise Rejected(f"Match #{match.id} hasn't finished yet: publish it once it has a result.")


async def publish(bot: GeniusBot, match: MatchRecord) -> str:
    """List the match in its server's history; the reply to the host."""
    _check_listable(match)
    entry = await note(bot.sessions, match, await seat_names(bot, match))
    if entry is None:
        raise Rejected(
            f"Match #{match.id}'s result can't be read by this version of the bot, "
            "so it can't be listed."
        )
    if entry.published is True:
        return f"Match #{match.id} is already published. {UNPUBLISH}"
    async with bot.sessions.begin() as session:
        await HistoryRepository(session).set_published(match.id, True)
    return (
        f"Match #{match.id} is now listed in this server's history "
        f"(`/match history` gives its link). {UNPUBLISH}"
    )


async def unpublish(bot: GeniusBot, match: MatchRecord) -> str:
    """Take the match off its server's history, even when every match is published."""
    _check_listable(match)
    entry = await note(bot.sessions, match, await seat_names(bot, match))
    if entry is None or entry.published is False:
        return f"Match #{match.id} is not published: the history does not list it."
    async with bot.sessions.begin() as session:
        await HistoryRepository(session).set_published(match.id, False)
    return (
        f"Match #{match.id} is no longer listed in this server's history, even when "
        "every finished match is published (`/match publish` lists it again)."
    )


async def reply_link(bot: GeniusBot, interaction: Interaction, *, public: bool, new: bool) -> None:
    """Give the host the history's link, or post it where they asked for it."""
    assert interaction.guild_id is not None  # /match is guild_only
    url = await in_time(interaction, history_link(bot, interaction.guild_id, new=new))
    line = f"📜 This server's match history: <{url}>"
    if public:
        await reply(interaction, line, ephemeral=False)
        return
    replaced = " The old link no longer works." if new else ""
    await reply(
        interaction,
        f"{line}{replaced}\nOnly you see this; `/match history public:True` posts it "
        "here for everyone.",
    )


async def history_link(bot: GeniusBot, guild_id: int, *, new: bool) -> str:
    """The server's history page (a new token if asked: the old link then stops)."""
    if bot.web is None:
        raise Rejected(
            "This bot serves no web pages (its operator sets `[web] port` in the "
            "settings), so there is no history page to link."
        )
    await catch_up(bot, bot.sessions, guild_id)
    return await bot.web.links.history_url(guild_id, new=new)
