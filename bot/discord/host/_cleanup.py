"""``/match cleanup``: what the schedule does after ``delete_after_days``, now, for
one ended match or every ended match older than some days.

The command lists what it will delete (matches and channels) with a button;
only the host who ran it may press it (the button's ``custom_id`` names them,
so it works after a restart too). The click archives each match, then deletes
its channels (bot.discord.aftermath, the same path as the sweep), and reports.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, ClassVar, cast

import discord

import games
from bot.discord.acting import Audience, hosted_match, require_host, require_invoker
from bot.discord.aftermath import Sweep
from bot.discord.archive import channel_name
from bot.discord.errors import Refusal, answer_interaction
from bot.discord.replies import reply
from bot.render.base import plural
from storage.records import MatchRecord

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot

ONE_MATCH = "m"  # the target is one match, by id
ENDED_BEFORE = "b"  # every ended match that ended before a moment (unix seconds)


@dataclass(frozen=True)
class Target:
    """What a host asked to clean up; it travels in the button's custom id."""

    kind: str
    value: int

    def takes(self, match: MatchRecord, ended_at: datetime) -> bool:
        if self.kind == ONE_MATCH:
            return match.id == self.value
        return ended_at.timestamp() <= self.value


async def ask(
    interaction: discord.Interaction[GeniusBot],
    match_id: int | None,
    older_than_days: int | None,
) -> None:
    """List what the cleanup will delete, with the confirming button."""
    bot = interaction.client
    guild = interaction.guild
    assert guild is not None  # guild_only
    if match_id is not None and older_than_days is not None:
        raise Refusal("Give either `match:` or `older_than_days:`, not both.")
    if older_than_days is None:
        record = await hosted_match(bot.runtime, guild.id, interaction.channel_id, match_id)
        interaction.extras["match_id"] = record.id
        if not record.status.over:
            raise Refusal(
                f"Match #{record.id} is not over ({record.status}): only an ended match's "
                "channels are cleaned up. End it with `/match abort` first."
            )
        target = Target(ONE_MATCH, record.id)
    else:
        cutoff = discord.utils.utcnow() - timedelta(days=older_than_days)
        target = Target(ENDED_BEFORE, int(cutoff.timestamp()))
    found = await _chosen(bot, guild.id, target)
    if not found:
        raise Refusal(_nothing(target, older_than_days))
    archive = channel_name(bot.settings.discord.archive_channel)
    lines = [
        f"`/match cleanup` will delete the channels of {plural(len(found), 'match', 'matches')}:"
    ]
    lines += [_listed(match, ended_at) for match, ended_at in found]
    lines.append(
        f"Each match's export and room story are posted to #{archive} first; a match whose "
        "archive can't be posted keeps its channels. Only you can confirm."
    )
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmCleanup(interaction.user.id, target))
    await reply(interaction, "\n".join(lines), view=view)


async def _chosen(
    bot: GeniusBot, guild_id: int, target: Target
) -> list[tuple[MatchRecord, datetime]]:
    """The guild's ended matches, channels not yet cleaned up, that ``target`` takes."""
    ended = await bot.aftermath.schedule.ended_in(guild_id)
    return [(m, at) for m, at in ended if target.takes(m, at) and m.channel_ids()]


def _nothing(target: Target, older_than_days: int | None) -> str:
    if target.kind == ONE_MATCH:
        return f"Match #{target.value}'s channels are already cleaned up: nothing to delete."
    return (
        f"No ended match older than {plural(older_than_days or 0, 'day')} has channels left "
        "to delete."
    )


def _listed(match: MatchRecord, ended_at: datetime) -> str:
    try:
        title = games.get(match.game).title
    except KeyError:
        title = match.game
    channels = ", ".join(f"<#{i}>" for i in match.channel_ids())
    category = ""
    if match.category_id is not None:
        # A threads match's category is shared: it goes only with the last room in it.
        category = (
            " (and the shared category, if no other room is left in it)"
            if match.layout == "threads"
            else " and its category"
        )
    ended = discord.utils.format_dt(ended_at, "R")
    return f"• **#{match.id}** {title} ({match.status}, ended {ended}): {channels}{category}"


class ConfirmCleanup(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gb:cleanup:(?P<user>[0-9]+):(?P<kind>[mb])(?P<value>[0-9]+)",
):
    """The confirming button of one ``/match cleanup``, for the host who ran it."""

    audience: ClassVar[Audience] = Audience.INVOKER

    def __init__(self, user_id: int, target: Target) -> None:
        super().__init__(
            discord.ui.Button(
                label="Archive and delete",
                style=discord.ButtonStyle.danger,
                custom_id=f"gb:cleanup:{user_id}:{target.kind}{target.value}",
            )
        )
        self.user_id = user_id
        self.target = target

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: Any,
        /,
    ) -> ConfirmCleanup:
        return cls(int(match["user"]), Target(match["kind"], int(match["value"])))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot = cast("GeniusBot", interaction.client)
        try:
            require_invoker(
                interaction.user.id,
                self.user_id,
                "This cleanup is not yours to confirm: only the host who ran this "
                "`/match cleanup` can. Run the command yourself to clean up.",
            )
            require_host(interaction.user, bot.settings.discord.host_role, "clean up matches")
            assert interaction.guild_id is not None
            await interaction.response.defer(ephemeral=True, thinking=True)
            found = await _chosen(bot, interaction.guild_id, self.target)
            if not found:
                await reply(interaction, "Nothing left to clean up: those channels are gone.")
                return
            done = await bot.aftermath.clean_all(match for match, _ in found)
            await _tell(bot, interaction, _report(done))
        except Exception as error:
            await answer_interaction(interaction, error)


async def _tell(bot: GeniusBot, interaction: discord.Interaction[Any], report: str) -> None:
    """The report, just for the host; if the channel they asked in was one of those
    deleted, their answer went with it: the report goes to the archive channel."""
    try:
        await reply(interaction, report)
    except discord.NotFound:
        assert interaction.guild is not None
        archive = await bot.aftermath.archive.channel(interaction.guild)
        await archive.send(
            f"{interaction.user.mention} ran `/match cleanup` in a channel it deleted:\n{report}",
            allowed_mentions=discord.AllowedMentions.none(),
        )


def _report(done: Sweep) -> str:
    lines = []
    if done.cleaned:
        each = [f"#{c.match_id} ({plural(c.deleted, 'channel')})" for c in done.cleaned]
        lines.append(f"🧹 Archived, then deleted: {', '.join(each)}.")
    lines += [
        f"Kept #{match_id}: {reason}. Nothing of it was deleted; run `/match cleanup` again later."
        for match_id, reason in done.kept.items()
    ]
    return "\n".join(lines)
