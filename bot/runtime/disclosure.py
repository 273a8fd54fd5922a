"""What a match gives away beyond play: its secrets posted to the room once it
is over (``/match reveal``), and its whole record as a file (``/match export``)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.runtime.commits import Committer, host_change
from bot.runtime.export import MatchExport, build_export
from bot.runtime.matches import Matches, game_for
from games import PUBLIC, Rejected
from storage.db import one_snapshot
from storage.repository import MatchRepository


class Disclosure:
    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], matches: Matches, committer: Committer
    ) -> None:
        self._sessions = sessions
        self._matches = matches
        self._committer = committer

    async def reveal(self, match_id: int) -> int:
        """Post every secret of an ended match to the room, once: the engine's
        ``reveal`` notices, committed (and logged) like a host command, so the
        room, the web view and a restart all see them. Returns how many notices."""
        live = await self._matches.load(match_id)
        async with live.lock:
            if not live.status.over:
                raise Rejected(
                    f"Match #{match_id} is not over ({live.status}): its secrets can be revealed "
                    "only once it finishes, or once you `/match abort` it."
                )
            if live.state is None:
                raise Rejected(f"Match #{match_id} never started, so it has no secrets.")
            if await self._revealed(match_id):
                raise Rejected(f"Match #{match_id}'s secrets were already revealed in its room.")
            secrets = [n for n in live.game.reveal(live.state) if n.audience == PUBLIC]
            if not secrets:
                raise Rejected(f"{live.game.title} keeps no secrets to reveal.")
            change = host_change(live.state, secrets, {"command": "reveal"}, live.status)
            await self._committer.commit(live, change)
            return len(secrets)

    async def _revealed(self, match_id: int) -> bool:
        async with self._sessions() as session:
            events = await MatchRepository(session).events(match_id)
        return any(e.kind == "host" and e.payload.get("command") == "reveal" for e in events)

    async def export(self, match_id: int, names: Sequence[str]) -> MatchExport:
        """The match as stored, with its whole event log (``/match export``): both
        read in one transaction, so the state and the log are of the same moment."""
        async with self._sessions() as session:
            await one_snapshot(session)
            repo = MatchRepository(session)
            record = await repo.get(match_id)
            if record is None:
                raise Rejected(f"There is no match #{match_id}.")
            events = await repo.events(match_id)
        return build_export(game_for(record.game), record, events, names)
