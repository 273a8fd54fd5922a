"""The ``/match`` group. Hosts only: Manage Server or the configured host role.

Every command but ``new`` and ``list`` acts on the match of the channel it is
used in (its room, a private channel or the host log), or on ``match:<id>``.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence

import discord
from discord import app_commands

import games
from bot.discord.acting import (
    Audience,
    is_host,
)
from bot.discord.game_cog import Interaction
from bot.discord.host import _history
from bot.discord.host._access import MatchGroupCog
from bot.discord.host._cleanup import ask as ask_cleanup
from bot.discord.host._create import create_match, introduce
from bot.discord.host._export import reply_export
from bot.discord.host._options import parse_options, parse_season
from bot.discord.host._practice import (
    game_choices,
    level_choices,
    practice_note,
    reply_started,
    start_practice,
)
from bot.discord.host._reopen import reopen_deleted
from bot.discord.host._result import outcome_of, result_line
from bot.discord.host._settings import change_settings, settings_of, settings_text
from bot.discord.quoting import inert
from bot.discord.readiness import require_permissions
from bot.discord.replies import (
    in_time,
    render_status,
    reply,
    reply_rendered,
    seat_names,
)
from bot.kits import adapters
from bot.render.base import Rendered, escape_md
from games import HOST, Rejected
from storage.records import MatchRecord, MatchStatus, NewMatch, PlayerRecord

log = logging.getLogger(__name__)

MatchId = app_commands.Range[int, 1]
GAME_CHOICES = [app_commands.Choice(name=games.get(key).title, value=key) for key in adapters()]
LIST_LIMIT = 20
MATCH_HELP = "The match id (default: this channel's match)"


@app_commands.guild_only()
class HostCog(MatchGroupCog, group_name="match", group_description="Host a Death Match."):
    # -- creating ------------------------------------------------------------------

    @app_commands.command(
        name="new",
        description="Create a match and its channels.",
        extras={"audience": Audience.HOST},
    )
    @app_commands.describe(
        game="The game to play",
        player1="Seat 1",
        player2="Seat 2",
        seed="Fix the random draws (default: a fresh random seed)",
        options='Per-match settings: key=value pairs or JSON, e.g. "move_seconds=60"',
        season='A label for a series of matches, e.g. "Spring 2027" (the history filters by it)',
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def new(
        self,
        interaction: Interaction,
        game: app_commands.Choice[str],
        player1: discord.Member,
        player2: discord.Member,
        seed: app_commands.Range[int, 0, 2**53 - 1] | None = None,
        options: str | None = None,
        season: str | None = None,
    ) -> None:
        guild = interaction.guild
        assert guild is not None
        assert isinstance(interaction.user, discord.Member)
        players = [player1, player2]
        _check_players(players, self.bot.settings.discord.host_role, interaction.user)
        require_permissions(guild, self.bot.settings.discord.layout)
        config = parse_options(options)
        label = parse_season(season)
        await interaction.response.defer(ephemeral=True, thinking=True)
        new = NewMatch(
            guild_id=guild.id,
            game=game.value,
            config=config,
            seed=seed if seed is not None else secrets.randbelow(2**31),
            players=[PlayerRecord(seat=i, user_id=p.id) for i, p in enumerate(players)],
            season=label,
        )
        match = await create_match(self.bot, new, game.name, players, interaction)
        await introduce(self.bot, match, game.name, players)
        await reply(
            interaction,
            f"Created match #{match.id} ({game.name}): {players[0].mention} vs "
            f"{players[1].mention} in <#{match.room_channel_id}>. "
            "Start it with `/match start` in any of its channels.",
        )

    @app_commands.command(
        name="practice",
        description="Play a practice match against the bot (when this server allows it).",
        extras={"audience": Audience.ANYONE},
    )
    @app_commands.describe(
        game="The game to practise",
        level="How strong the bot plays (weakest first)",
        announce="Tell the match's room it is on (default: no)",
        seed="Fix the random draws (default: a fresh random seed)",
        options='Per-match settings, as for /match new: e.g. "move_seconds=120"',
    )
    @app_commands.autocomplete(game=game_choices, level=level_choices)
    async def practice(
        self,
        interaction: Interaction,
        game: str,
        level: str,
        announce: bool = False,
        seed: app_commands.Range[int, 0, 2**53 - 1] | None = None,
        options: str | None = None,
    ) -> None:
        match = await start_practice(
            self.bot, interaction, (game, level), announce=announce, seed=seed, options=options
        )
        interaction.extras["match_id"] = match.id
        await reply_started(interaction, match)

    # -- running ---------------------------------------------------------------------

    @app_commands.command(
        name="start",
        description="Start the match and its clock.",
        extras={"audience": Audience.HOST},
    )
    @app_commands.describe(match=MATCH_HELP)
    async def start(self, interaction: Interaction, match: MatchId | None = None) -> None:
        record = await self._match(interaction, match)
        await in_time(interaction, self.runtime.start(record.id))
        await reply(interaction, f"Match #{record.id} started.")

    @app_commands.command(
        name="pause",
        description="Pause the match: clocks stop, moves wait.",
        extras={"audience": Audience.HOST_OR_PRACTISER},
    )
    @app_commands.describe(reason="Shown to everyone", match=MATCH_HELP)
    async def pause(
        self, interaction: Interaction, reason: str | None = None, match: MatchId | None = None
    ) -> None:
        record = await self._owned(interaction, match, "pause")
        await in_time(interaction, self.runtime.pause(record.id, reason))
        await reply(interaction, f"Match #{record.id} paused.")

    @app_commands.command(
        name="resume",
        description="Resume a paused match.",
        extras={"audience": Audience.HOST_OR_PRACTISER},
    )
    @app_commands.describe(match=MATCH_HELP)
    async def resume(self, interaction: Interaction, match: MatchId | None = None) -> None:
        record = await self._owned(interaction, match, "resume")
        if record.status is MatchStatus.PAUSED:
            # Making channels takes Discord calls of its own: within the 3 s too.
            assert isinstance(interaction.user, discord.Member)  # guild_only
            await in_time(interaction, reopen_deleted(self.bot, record, interaction.user))
        await in_time(interaction, self.runtime.resume(record.id))
        await reply(interaction, f"Match #{record.id} resumed.")

    @app_commands.command(
        name="abort",
        description="End the match now, with no result.",
        extras={"audience": Audience.HOST_OR_PRACTISER},
    )
    @app_commands.describe(match=MATCH_HELP)
    async def abort(self, interaction: Interaction, match: MatchId | None = None) -> None:
        record = await self._owned(interaction, match, "abort")
        await in_time(interaction, self.runtime.abort(record.id))
        await reply(interaction, f"Match #{record.id} aborted.")

    # -- reading -----------------------------------------------------------------------

    @app_commands.command(
        name="status",
        description="Everything about the match (just for you).",
        extras={"audience": Audience.HOST},
    )
    @app_commands.describe(match=MATCH_HELP)
    async def status(self, interaction: Interaction, match: MatchId | None = None) -> None:
        record = await self._match(interaction, match)
        view = await self.runtime.view(record.id, HOST)
        names = await seat_names(self.bot, record)
        rendered = _with_result(record, await render_status(record.game, view, HOST, names), names)
        await reply_rendered(interaction, rendered, fallback=f"Match #{record.id}.")

    @app_commands.command(
        name="export",
        description="The match as a file: seed, options, every move, the result.",
        extras={"audience": Audience.HOST},
    )
    @app_commands.describe(match=MATCH_HELP)
    async def export(self, interaction: Interaction, match: MatchId | None = None) -> None:
        record = await self._match(interaction, match)
        names = await seat_names(self.bot, record)
        await reply_export(
            interaction, await in_time(interaction, self.runtime.export(record.id, names))
        )

    @app_commands.command(
        name="cleanup",
        description="Archive ended matches, then delete their channels (asks first).",
        extras={"audience": Audience.HOST},
    )
    @app_commands.describe(match=MATCH_HELP, older_than_days="Every ended match older than this")
    async def cleanup(
        self,
        interaction: Interaction,
        match: MatchId | None = None,
        older_than_days: app_commands.Range[int, 0, 3650] | None = None,
    ) -> None:
        await ask_cleanup(interaction, match, older_than_days)

    @app_commands.command(
        name="reveal",
        description="After the match: post every secret (hands, words…) to the room.",
        extras={"audience": Audience.HOST},
    )
    @app_commands.describe(match=MATCH_HELP)
    async def reveal(self, interaction: Interaction, match: MatchId | None = None) -> None:
        record = await self._match(interaction, match)
        await in_time(interaction, self.runtime.reveal(record.id))
        room = f"<#{record.room_channel_id}>" if record.room_channel_id else "its room"
        await reply(interaction, f"Match #{record.id}: every secret is posted in {room}.")

    @app_commands.command(
        name="publish",
        description="List a finished match in this server's history page.",
        extras={"audience": Audience.HOST},
    )
    @app_commands.describe(match=MATCH_HELP)
    async def publish(self, interaction: Interaction, match: MatchId | None = None) -> None:
        record = await self._match(interaction, match)
        await reply(interaction, await in_time(interaction, _history.publish(self.bot, record)))

    @app_commands.command(
        name="unpublish",
        description="Take a match off this server's history page.",
        extras={"audience": Audience.HOST},
    )
    @app_commands.describe(match=MATCH_HELP)
    async def unpublish(self, interaction: Interaction, match: MatchId | None = None) -> None:
        record = await self._match(interaction, match)
        await reply(interaction, await in_time(interaction, _history.unpublish(self.bot, record)))

    @app_commands.command(
        name="history",
        description="The link to this server's history of published matches.",
        extras={"audience": Audience.HOST},
    )
    @app_commands.describe(
        public="Post the link in this channel for everyone (default: just for you)",
        new_link="Make a new link; the old one stops working",
    )
    async def history(
        self, interaction: Interaction, public: bool = False, new_link: bool = False
    ) -> None:
        await _history.reply_link(self.bot, interaction, public=public, new=new_link)

    @app_commands.command(
        name="settings",
        description="This server's settings: shown, or changed with key=value pairs.",
        extras={"audience": Audience.HOST},
    )
    @app_commands.describe(
        change='Settings to change, e.g. "practice_enabled=true practice_limit=3"'
    )
    async def settings(self, interaction: Interaction, change: str | None = None) -> None:
        assert interaction.guild_id is not None  # guild_only
        sessions, guild_id = self.bot.sessions, interaction.guild_id
        if change is None:
            await reply(interaction, settings_text(await settings_of(sessions, guild_id)))
            return
        updated, changed = await change_settings(sessions, guild_id, change)
        await reply(interaction, settings_text(updated, changed))

    @app_commands.command(
        name="list",
        description="This server's matches, newest first.",
        extras={"audience": Audience.HOST},
    )
    async def list_matches(self, interaction: Interaction) -> None:
        assert interaction.guild_id is not None
        matches = await self.runtime.list_for_guild(interaction.guild_id)
        await reply(interaction, _listing(matches, await self.runtime.unloadable.marked()))


def _check_players(players: list[discord.Member], role: str, creator: discord.Member) -> None:
    if players[0].id == players[1].id:
        raise Rejected("A match needs two different players.")
    if any(p.bot for p in players):
        raise Rejected("Bots can't play; choose two people.")
    # Hosts see both private channels (and the sealed moves in them).
    for player in players:
        if player.id == creator.id or is_host(player, role):
            raise Rejected(
                f"{player.display_name} is a host and can read both private channels, "
                "so they can't play fairly. Choose a player who isn't a host."
            )


def _with_result(record: MatchRecord, rendered: Rendered, names: Sequence[str]) -> Rendered:
    """The status, and the result: not every game's status says who won, and why."""
    outcome = outcome_of(record)
    if outcome is None:
        return rendered
    shown = result_line(outcome, [escape_md(name) for name in names])
    return Rendered(text=f"{rendered.text}\n{shown}", images=rendered.images)


def _listing(matches: list[MatchRecord], unloadable: set[int]) -> str:
    if not matches:
        return "No matches on this server yet. Create one with `/match new`."
    newest = sorted(matches, key=lambda m: m.id, reverse=True)[:LIST_LIMIT]
    return "\n".join(_list_line(m, m.id in unloadable) for m in newest)


def _list_line(match: MatchRecord, unloadable: bool) -> str:
    try:
        title = games.get(match.game).title
    except KeyError:
        title = match.game
    mentions = [f"<@{p.user_id}>" for p in sorted(match.players, key=lambda p: p.seat)]
    room = f" — <#{match.room_channel_id}>" if match.room_channel_id else ""
    season = f" ({inert(match.season)})" if match.season else ""
    line = f"**#{match.id}** {title}{season}: {' vs '.join(mentions)} — {match.status}{room}"
    if match.practice:
        line += f" — {practice_note(match)}"
    if unloadable:
        line += " — ⚠️ could not be loaded after an update (`/match status` says why)"
    outcome = outcome_of(match)
    return line if outcome is None else f"{line}\n{result_line(outcome, mentions)}"
