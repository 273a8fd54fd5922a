"""Reading matches without changing them: a record, what an audience may see,
whom the game waits on, and the lists the host commands show."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

import games
from bot.runtime.matches import Matches, game_for
from games import HOST, Rejected
from games.core import Audience
from storage.records import ChannelMatch, MatchRecord, MatchStatus
from storage.repository import MatchRepository


class Reading:
    def __init__(self, sessions: async_sessionmaker[AsyncSession], matches: Matches) -> None:
        self._sessions = sessions
        self._matches = matches

    async def get(self, match_id: int) -> MatchRecord:
        """The match's record: as held in memory if it is, else as stored."""
        if (live := self._matches.get(match_id)) is not None:
            return live.record
        async with self._sessions() as session:
            record = await MatchRepository(session).get(match_id)
        if record is None or not record.status.shown:
            raise Rejected(f"There is no match #{match_id}.")
        return record

    async def view(self, match_id: int, audience: Audience) -> dict[str, Any]:
        """What ``audience`` may know, plus the match's own status and clocks (of
        another process's match: as it stored them last)."""
        live = await self._matches.read(match_id)
        async with live.lock:
            base = {} if live.state is None else live.game.view(live.state, audience)
            now = live.clock.now_ms()
            deadlines = seen_deadlines(live.game, live.state, audience, now)
            match = {
                "id": live.id, "game": live.record.game, "title": live.game.title,
                "status": str(live.status), "pause_reason": live.record.pause_reason,
                "clock_ms": now, "deadlines": deadlines,
            }  # fmt: skip
            return {**base, "match": match}

    async def to_act(self, match_id: int) -> frozenset[int]:
        """The seats the game is waiting on now (none unless running)."""
        live = await self._matches.read(match_id)
        if live.status is not MatchStatus.RUNNING or live.state is None:
            return frozenset()
        return live.game.to_act(live.state)

    async def by_channel(self, channel_id: int) -> ChannelMatch | None:
        """The match ``channel_id`` belongs to (unfinished first, then the newest):
        asked on every interaction, so answered from memory when it can be."""
        if (known := self._matches.channel_match(channel_id)) is not None:
            return known
        read_at = self._matches.channels_read()
        async with self._sessions() as session:
            found = await MatchRepository(session).by_channel(channel_id)
        if found is not None:
            self._matches.note_channel(channel_id, found, read_at)
        return found

    async def list_for_guild(self, guild_id: int, *, live_only: bool = False) -> list[MatchRecord]:
        async with self._sessions() as session:
            return await MatchRepository(session).list_for_guild(guild_id, live_only=live_only)

    def game(self, match: MatchRecord) -> games.Game[Any, Any, Any]:
        return game_for(match.game)


def seen_deadlines(
    game: games.Game[Any, Any, Any], state: Any, audience: Audience, now: int
) -> list[dict[str, Any]]:
    """The deadlines ``audience`` may see, as a view's ``match`` part lists them.
    Decision windows are public knowledge (whose clock runs, and how long is
    left). A seat's timer is not: when its next token comes tells how much it has
    solved (Logical Horror), so only that seat and the host see it."""
    return [
        {"label": d.label, "seat": d.seat, "seconds_left": max(0, d.at_ms - now) // 1000}
        for d in (game.deadlines(state) if state is not None else [])
        if not d.timer or d.seat is None or audience in (d.seat, HOST)
    ]
