"""The match repository: queries over a caller-owned session, plain records out.

The caller opens the transaction (``async with sessionmaker.begin() as session``);
nothing here commits. Writes are single statements. The runtime writes its
moves through :mod:`storage.steps` instead, many matches per statement; the
one-match writes here (``update``, ``append_event``, ``enqueue_many``) do the
same for one step, for tools and tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any, Final, Literal

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Select,
    case,
    delete,
    func,
    insert,
    literal,
    null,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql import Executable

from storage import clocks, steps
from storage import match_reads as reads
from storage.records import (
    ChannelMatch,
    Channels,
    EventRecord,
    MatchRecord,
    MatchStatus,
    NewMatch,
    OutboxRecord,
    PlayerRecord,
    StaleVersion,
)
from storage.rows import event_record, match_record, outbox_record
from storage.tables import EventRow, MatchPlayerRow, MatchRow, OutboxRow


class _Unchanged(Enum):
    TOKEN = "unchanged"


UNCHANGED: Final = _Unchanged.TOKEN
"""Default of ``update``'s nullable fields: leave the column as it is (None writes NULL)."""

Unchanged = Literal[_Unchanged.TOKEN]

# Writes below skip the session's identity map (synchronize_session=False), so
# every read refreshes the rows it returns (storage.match_reads: populate_existing).
_NO_SYNC: Final = {"synchronize_session": False}


class MatchRepository:
    """Reads and writes matches, their players, event log and outbox."""

    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    # -- matches --------------------------------------------------------------

    async def create(
        self, new: NewMatch, *, status: MatchStatus = MatchStatus.CREATED
    ) -> MatchRecord:
        """Store a new match; ``status`` CREATING while its channels are being made."""
        channels = new.channels
        row = MatchRow(
            guild_id=new.guild_id,
            game=new.game,
            status=status.value,
            config=new.config,
            seed=new.seed,
            state=None,
            version=0,
            clock_ms=0,
            pause_reason=None,
            layout=channels.layout,
            category_id=channels.category_id,
            room_channel_id=channels.room_channel_id,
            host_channel_id=channels.host_channel_id,
            players=[_player_row(p, channels) for p in new.players],
            season=new.season,
            practice=new.practice,
            bot_seat=new.bot_seat,
            bot_level=new.bot_level,
        )
        self._session.add(row)
        await self._session.flush()
        return match_record(row)

    async def get(self, match_id: int) -> MatchRecord | None:
        row = await self._session.scalar(reads.BY_ID, {"match_id": match_id})
        return None if row is None else match_record(row)

    async def list_for_guild(self, guild_id: int, *, live_only: bool = False) -> list[MatchRecord]:
        """The guild's matches, newest first; ``live_only`` keeps the unfinished ones."""
        stmt = reads.LIVE_OF_GUILD if live_only else reads.OF_GUILD
        return await self._records(stmt, {"guild_id": guild_id})

    async def unfinished(self) -> list[MatchRecord]:
        """Matches created, running or paused: what a restart must restore."""
        return await self._records(reads.WITH_STATUS, {"statuses": list(reads.UNFINISHED)})

    async def by_channel(self, channel_id: int) -> ChannelMatch | None:
        """The match whose room or host log (seat None) or private channel (its seat) this is.

        A channel can serve several matches over time (a room kept for a rematch),
        so an unfinished match wins, then the newest.
        """
        found = (await self._session.execute(reads.BY_CHANNEL, {"channel_id": channel_id})).first()
        return None if found is None else ChannelMatch(match_record(found[0]), found[1])

    async def update(
        self,
        match_id: int,
        *,
        expected_version: int,
        state: str | Unchanged | None = UNCHANGED,
        status: MatchStatus | None = None,
        clock_ms: int | None = None,
        pause_reason: str | Unchanged | None = UNCHANGED,
        format_version: int | None = None,
    ) -> int:
        """Write the given fields and bump the version; returns the new version.
        A ``state`` is written with the ``format_version`` it is in (as it was, if None).

        Raises StaleVersion (and changes nothing) unless the stored version is
        ``expected_version``.
        """
        values: dict[str, Any] = {"version": MatchRow.version + 1}
        if state is not UNCHANGED:
            values["state"] = state
        if status is not None:
            values["status"] = status.value
        if clock_ms is not None:
            values["clock_ms"] = clock_ms
        if pause_reason is not UNCHANGED:
            values["pause_reason"] = pause_reason
        if format_version is not None:
            values["format_version"] = format_version
        stmt = (
            update(MatchRow)
            .where(MatchRow.id == match_id, MatchRow.version == expected_version)
            .values(values)
            .returning(MatchRow.version)
            .execution_options(**_NO_SYNC)
        )
        version = await self._core_scalar(stmt)
        if version is None:
            raise StaleVersion(f"match {match_id} is not at version {expected_version}")
        return version

    async def set_channels(self, match_id: int, channels: Channels) -> None:
        """Record the match's channels; seats missing from the mapping lose theirs."""
        await self._session.execute(
            update(MatchRow)
            .where(MatchRow.id == match_id)
            .values(
                layout=channels.layout,
                category_id=channels.category_id,
                room_channel_id=channels.room_channel_id,
                host_channel_id=channels.host_channel_id,
            )
            .execution_options(**_NO_SYNC)
        )
        await self._session.execute(
            update(MatchPlayerRow)
            .where(MatchPlayerRow.match_id == match_id)
            .values(private_channel_id=_channel_by_seat(channels.private_channel_ids))
            .execution_options(**_NO_SYNC)
        )

    async def open(self, match_id: int, channels: Channels) -> bool:
        """A match being created gets its channels and becomes CREATED, in one
        transaction (the caller's); False if no such match is being created."""
        opened = await self._core_scalar(
            update(MatchRow)
            .where(MatchRow.id == match_id, MatchRow.status == MatchStatus.CREATING.value)
            .values(status=MatchStatus.CREATED.value)
            .returning(MatchRow.id)
            .execution_options(**_NO_SYNC)
        )
        if opened is None:
            return False
        await self.set_channels(match_id, channels)
        return True

    async def creating(self) -> list[MatchRecord]:
        """Matches whose channels were being made (a crash may have left them)."""
        creating = [MatchStatus.CREATING.value]
        return await self._records(reads.WITH_STATUS, {"statuses": creating})

    async def discard(self, match_id: int) -> None:
        """Remove a match that never got its channels (only while CREATING); its
        players go with it (ON DELETE CASCADE)."""
        await self._session.execute(
            delete(MatchRow)
            .where(MatchRow.id == match_id, MatchRow.status == MatchStatus.CREATING.value)
            .execution_options(**_NO_SYNC)
        )

    async def checkpoint_clocks(self, saves: Mapping[int, clocks.ClockSave]) -> set[int]:
        """Save the clocks of running matches (match id -> version and clock_ms), each
        only if the match is still at that version; no version bump, so a checkpoint
        never makes a concurrent move stale. Returns the ids refused (another
        writer moved the row on, or it is no longer running: a paused or finished
        match saved its clock with that step)."""
        return await clocks.checkpoint_clocks(await self._session.connection(), saves)

    # -- event log -------------------------------------------------------------

    async def append_event(
        self, match_id: int, kind: str, actor: str | None, payload: dict[str, Any], now_ms: int,
        format_version: int = 1,
    ) -> int:  # fmt: skip
        """Append to the match's log; returns the entry's seq (1, 2, ...).
        ``format_version``: the game's format the payload is written in.

        The seq is computed inside the INSERT. Two writers appending to one match
        at once would collide on the primary key; the runtime's per-match lock and
        the version check in ``update`` keep that from happening.
        """
        logged = {"kind": kind, "actor": actor, "payload": payload, "now_ms": now_ms}
        stmt = _append_event(match_id, {**logged, "format_version": format_version})
        return (await self._session.execute(stmt)).scalar_one()

    async def events(self, match_id: int) -> list[EventRecord]:
        rows = await self._session.scalars(reads.EVENTS, {"match_id": match_id})
        return [event_record(row) for row in rows]

    # -- outbox ----------------------------------------------------------------

    async def enqueue(self, match_id: int, target: str, notices: list[dict[str, Any]]) -> int:
        """Queue one message's notices for ``target``; returns the outbox id."""
        stmt = (
            insert(OutboxRow)
            .values(match_id=match_id, target=target, notices=notices)
            .returning(OutboxRow.id)
        )
        return await self._core_scalar_one(stmt)

    async def enqueue_many(
        self, match_id: int, messages: Sequence[tuple[str, list[dict[str, Any]]]]
    ) -> list[int]:
        """Queue one step's messages (target, notices) in one INSERT; ids in the given order."""
        if not messages:
            return []
        rows = [{"match_id": match_id, "target": t, "notices": n} for t, n in messages]
        conn = await self._session.connection()
        # One cached statement for any number of rows ("insertmanyvalues"), with
        # the ids returned in the order the rows were given.
        stmt = insert(OutboxRow).returning(OutboxRow.id, sort_by_parameter_order=True)
        result = await conn.execute(stmt, rows)
        return list(result.scalars())

    async def undelivered(self, match_id: int | None = None) -> list[OutboxRecord]:
        """Queued messages not yet marked delivered, oldest first."""
        if match_id is None:
            rows = await self._session.scalars(reads.UNDELIVERED)
        else:
            rows = await self._session.scalars(reads.UNDELIVERED_OF, {"match_id": match_id})
        return [outbox_record(row) for row in rows]

    async def mark_delivered(self, ids: Sequence[int]) -> None:
        await steps.mark_delivered(await self._session.connection(), ids)

    # The hot path (a move: update, append_event, enqueue_many) runs Core
    # statements on the session's connection: same transaction, without the ORM
    # execution machinery these plain statements do not need.
    async def _core_scalar(self, stmt: Executable) -> Any:
        conn = await self._session.connection()
        return (await conn.execute(stmt)).scalar()

    async def _core_scalar_one(self, stmt: Executable) -> Any:
        conn = await self._session.connection()
        return (await conn.execute(stmt)).scalar_one()

    async def _records(self, stmt: Select[MatchRow], params: dict[str, Any]) -> list[MatchRecord]:
        return [match_record(row) for row in await self._session.scalars(stmt, params)]


def _append_event(match_id: int, values: dict[str, Any]) -> Executable:
    next_seq = (
        select(func.coalesce(func.max(EventRow.seq), 0) + 1)
        .where(EventRow.match_id == match_id)
        .scalar_subquery()
    )
    return (
        insert(EventRow).values(match_id=match_id, seq=next_seq, **values).returning(EventRow.seq)
    )


def _channel_by_seat(private_channel_ids: Mapping[int, int]) -> ColumnElement[Any]:
    if not private_channel_ids:
        return null()
    # Typed literals: asyncpg must know the CASE yields BIGINT, not a text guess.
    whens = {seat: literal(channel, BigInteger) for seat, channel in private_channel_ids.items()}
    return case(whens, value=MatchPlayerRow.seat, else_=null())


def _player_row(player: PlayerRecord, channels: Channels) -> MatchPlayerRow:
    channel = channels.private_channel_ids.get(player.seat, player.private_channel_id)
    return MatchPlayerRow(seat=player.seat, user_id=player.user_id, private_channel_id=channel)
