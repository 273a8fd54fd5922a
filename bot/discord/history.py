"""A finished match's entry in its server's history (issue 19), written once:
when the bot sees the match end (bot.discord.aftermath), or when a host
publishes it or asks for the history's link and it has none yet. The entry
keeps the players' display names as they were then, and the result, so the
history page reads neither Discord nor a match's state.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.discord.host._result import outcome_of
from bot.discord.replies import seat_names
from storage.history import HistoryEntry, HistoryRepository, HistorySeat
from storage.records import MatchRecord, MatchStatus
from storage.repository import MatchRepository

log = logging.getLogger(__name__)

#: Matches ended before entries were written (or while no bot saw them), noted
#: per ``/match history``: a server's backlog is caught up a batch at a time.
CATCH_UP = 200
NAME_CHARS = 100  # storage.tables.HistoryPlayerRow.name


def listable(match: MatchRecord) -> bool:
    """Finished with a result; practice matches are never listed."""
    return match.status is MatchStatus.FINISHED and not match.practice


async def note(
    sessions: async_sessionmaker[AsyncSession], match: MatchRecord, names: Sequence[str]
) -> HistoryEntry | None:
    """The match's entry, written now if it has none; None for a match that is
    not listable or whose result this build cannot read."""
    if not listable(match):
        return None
    async with sessions() as session:
        found = await HistoryRepository(session).entry(match.id)
    if found is not None:
        return found
    outcome = outcome_of(match)
    if outcome is None:
        return None
    entry = HistoryEntry(
        match_id=match.id,
        guild_id=match.guild_id,
        game=match.game,
        season=match.season,
        ended_at=match.updated_at,  # the last step's write: the end
        length_ms=match.clock_ms,
        winner=outcome.winner,
        reason=outcome.reason,
        seats=tuple(
            HistorySeat(p.seat, p.user_id, names[p.seat][:NAME_CHARS])
            for p in sorted(match.players, key=lambda p: p.seat)
        ),
    )
    try:
        async with sessions.begin() as session:
            await HistoryRepository(session).add(entry)
    except IntegrityError:  # noted a moment ago by someone else: theirs stands
        async with sessions() as session:
            return await HistoryRepository(session).entry(match.id)
    return entry


async def catch_up(
    client: discord.Client, sessions: async_sessionmaker[AsyncSession], guild_id: int
) -> int:
    """Note the guild's finished matches that have no entry yet; how many were."""
    async with sessions() as session:
        missing = await HistoryRepository(session).unnoted(
            guild_id, [MatchStatus.FINISHED.value], CATCH_UP
        )
        matches = [await MatchRepository(session).get(match_id) for match_id in missing]
    noted = 0
    for match in matches:
        if match is None:
            continue
        try:
            noted += await note(sessions, match, await seat_names(client, match)) is not None
        except Exception:  # one unreadable match must not hold back the others
            log.exception("match %s: could not note it in the server's history", match.id)
    return noted
