"""``/match practice``: any member, against the bot's honest player.

A practice match is made as ``/match new`` makes a match (the same caps, row,
channels, first posts: host/_create.py), with the bot in the second seat
(bot.runtime.practice plays it), and started at once: the player asked to play
now. The server's hosts allow it and cap how many run at once
(``/match settings``); the games offered are those whose built-in players have
levels (bot.kits.practice_games), found by key. The player is no host of it:
they see their own private channel and the room, never the bot's channel or
the host log, unless they are a host anyway.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING

import discord
from discord import app_commands

import games
from bot.discord.errors import Refusal
from bot.discord.host._create import create_match, introduce
from bot.discord.host._options import parse_options
from bot.discord.host._settings import settings_of
from bot.discord.readiness import require_permissions
from bot.discord.replies import in_time, reply
from bot.kits import practice_games, practice_levels
from games.core.quoting import quote
from storage.records import MatchRecord, NewMatch, PlayerRecord

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot
    from bot.discord.game_cog import Interaction

#: The bot plays the second seat; the member the first.
BOT_SEAT = 1
#: Shown in the room when the player announces their practice.
ANNOUNCED = "A practice match against the bot: everything public about it appears here."

#: One practice creation at a time per server: the limit is counted and the
#: match made under it, so two members asking at once never pass it together.
_CREATING: dict[int, asyncio.Lock] = {}


async def game_choices(interaction: Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """Only the games with honest players to practise against."""
    typed = typed.strip().lower()
    found = [(games.get(key).title, key) for key in practice_games()]
    return [
        app_commands.Choice(name=title, value=key)
        for title, key in found
        if typed in title.lower() or typed in key
    ][:25]


async def level_choices(interaction: Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The chosen game's levels, weakest first (every game's, before one is chosen)."""
    chosen = getattr(interaction.namespace, "game", None)
    keys = [chosen] if chosen in practice_games() else practice_games()
    names = dict.fromkeys(name for key in keys for name in practice_levels(key))
    typed = typed.strip().lower()
    return [app_commands.Choice(name=n, value=n) for n in names if typed in n][:25]


def game_key(typed: str) -> str:
    """The game a member named, by its key or its title (typed past the
    suggestions); as typed if it is neither."""
    spelled = typed.strip().lower()
    found = (key for key in games.keys() if spelled in (key, games.get(key).title.lower()))
    return next(found, typed.strip())


def check_choice(game: str, level: str) -> str:
    """The game's title, if it can be practised at ``level``; else why not."""
    offered = practice_games()
    if game not in offered:
        titles = ", ".join(games.get(key).title for key in offered) or "none yet"
        known = game in games.keys()
        name = games.get(game).title if known else quote(game)
        why = "has no built-in player to practise against" if known else "is not a game here"
        raise Refusal(f"{name} {why}. You can practise: {titles}.")
    levels = practice_levels(game)
    if level not in levels:
        raise Refusal(
            f"{games.get(game).title} has no level {quote(level)}; "
            f"its levels are {', '.join(levels)} (weakest first)."
        )
    return games.get(game).title


async def start_practice(
    bot: GeniusBot,
    interaction: Interaction,
    choice: tuple[str, str],
    *,
    announce: bool,
    seed: int | None,
    options: str | None,
) -> MatchRecord:
    """The member's practice match of ``choice`` (game, level), made and started."""
    game, level = game_key(choice[0]), choice[1].strip()
    member, guild = interaction.user, interaction.guild
    assert isinstance(member, discord.Member)  # /match is guild_only
    assert guild is not None
    title = check_choice(game, level)
    config = parse_options(options)
    settings = await settings_of(bot.sessions, guild.id)
    if not settings.practice_enabled:
        raise Refusal(
            "Practice matches are off on this server. A host can turn them on with "
            "`/match settings change:practice_enabled=true`."
        )
    require_permissions(guild, bot.settings.discord.layout)
    me = guild.me
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with _CREATING.setdefault(guild.id, asyncio.Lock()):
        running = await bot.runtime.list_for_guild(guild.id, live_only=True)
        practising = sum(1 for m in running if m.practice)
        if practising >= settings.practice_limit:
            raise Refusal(
                f"This server already has {practising} practice matches running, its limit "
                f"(`practice_limit`). Try again when one ends, or ask a host to raise it."
            )
        new = NewMatch(
            guild_id=guild.id,
            game=game,
            config=config,
            seed=seed if seed is not None else secrets.randbelow(2**31),
            players=[PlayerRecord(seat=0, user_id=member.id), PlayerRecord(seat=1, user_id=me.id)],
            practice=True,
            bot_seat=BOT_SEAT,
            bot_level=level,
        )
        players = [member, me]
        match = await create_match(bot, new, f"{title} (practice)", players, interaction)
    await introduce(bot, match, title, players, room_post=ANNOUNCED if announce else None)
    await in_time(interaction, bot.runtime.start(match.id))
    return match


def started_line(match: MatchRecord, title: str, level: str, private: int | None) -> str:
    where = f"<#{private}>" if private is not None else "your private channel"
    return (
        f"Practice match #{match.id} ({title}) against the bot at level {level} has started: "
        f"play in {where}. `/match pause`, `/match resume` and `/match abort` work for you "
        "in its channels."
    )


async def reply_started(interaction: Interaction, match: MatchRecord) -> None:
    private = next((p.private_channel_id for p in match.players if p.seat != BOT_SEAT), None)
    title, level = games.get(match.game).title, match.bot_level or ""
    await reply(interaction, started_line(match, title, level, private))


def practice_note(match: MatchRecord) -> str:
    """How a practice match is marked in lists: who plays, at which level."""
    return f"practice vs the bot ({match.bot_level})" if match.practice else ""
