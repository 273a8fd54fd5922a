"""A match's life as the host drives it: created (its options checked and its
files found), given its channels, started, aborted. A match made with Discord
channels is reserved (CREATING, seen nowhere), then opened with its channels in
one write, or discarded if they could not be made. Finishing is not a command:
the step whose state has an outcome finishes the match (bot.runtime.commits)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.runtime.commits import Committer, everyone, host_change
from bot.runtime.matches import Matches, game_for
from bot.runtime.resources import prepare, resolve
from games import Rejected
from storage.records import Channels, MatchRecord, MatchStatus, NewMatch
from storage.repository import MatchRepository


class Lifecycle:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        matches: Matches,
        committer: Committer,
        *,
        game_defaults: Mapping[str, Mapping[str, Any]],
    ) -> None:
        self._sessions = sessions
        self._matches = matches
        self._committer = committer
        self._game_defaults = dict(game_defaults)  # per game key: the settings file's options

    async def create(
        self, new: NewMatch, *, status: MatchStatus = MatchStatus.CREATED
    ) -> MatchRecord:
        """Store a new match, its options merged over the settings file's and checked
        by its game (Rejected, saying which option is wrong, if they do not fit).
        ``status`` CREATING reserves its id while its channels are made (see open)."""
        game = game_for(new.game)
        merged = {**self._game_defaults.get(new.game, {}), **new.config}
        merged = await resolve(new.game, merged)
        await prepare(new.game, merged)
        try:
            config = game.coerce_config(merged)
        except ValidationError as error:
            raise Rejected(f"Bad options for {game.title}: {_explain(error)}") from None
        new = new.model_copy(update={"config": config.model_dump(mode="json")})
        try:
            async with self._sessions.begin() as session:
                return await MatchRepository(session).create(new, status=status)
        finally:
            self._matches.channels_changed()  # it may come with channels

    async def open(self, match_id: int, channels: Channels) -> MatchRecord:
        """A reserved match gets its channels and becomes CREATED, in one write."""
        try:
            async with self._sessions.begin() as session:
                repo = MatchRepository(session)
                if not await repo.open(match_id, channels):
                    raise Rejected(f"Match #{match_id} is no longer being created.")
                record = await repo.get(match_id)
        finally:
            self._matches.channels_changed()
        assert record is not None
        return record

    async def discard(self, match_id: int) -> None:
        """Forget a reserved match whose channels could not be made."""
        async with self._sessions.begin() as session:
            await MatchRepository(session).discard(match_id)

    async def creating(self) -> list[MatchRecord]:
        """Reserved matches: after a crash, rows whose channels were never finished."""
        async with self._sessions() as session:
            return await MatchRepository(session).creating()

    async def set_channels(self, match_id: int, channels: Channels) -> MatchRecord:
        try:
            async with self._sessions.begin() as session:
                repo = MatchRepository(session)
                await repo.set_channels(match_id, channels)
                record = await repo.get(match_id)
            assert record is not None
            if (live := self._matches.get(match_id)) is not None:
                live.record = record
        finally:
            self._matches.channels_changed()
        return record

    async def start(self, match_id: int) -> MatchRecord:
        live = await self._matches.load(match_id)
        async with live.lock:
            if live.status is not MatchStatus.CREATED:
                raise Rejected(f"Match #{match_id} has already started ({live.status}).")
            step = live.game.setup(live.record.config, seed=live.record.seed, now_ms=0)
            opening = everyone("match_started", game_title=live.game.title)
            change = host_change(
                step.state, opening + step.notices, {"command": "start"}, MatchStatus.RUNNING
            )
            with live.clock.switched(running=True):
                await self._committer.commit(live, change)
        return live.record

    async def abort(self, match_id: int) -> MatchRecord:
        live = await self._matches.load(match_id)
        async with live.lock:
            if live.status.over:
                raise Rejected(f"Match #{match_id} is already over ({live.status}).")
            change = host_change(
                live.state, everyone("match_aborted"), {"command": "abort"}, MatchStatus.ABORTED
            )
            with live.clock.switched(running=False):
                await self._committer.commit(live, change)
        return live.record


def _explain(error: ValidationError) -> str:
    parts = []
    for problem in error.errors():
        where = ".".join(str(p) for p in problem["loc"]) or "options"
        parts.append(f"{where}: {problem['msg']}")
    return "; ".join(parts)
