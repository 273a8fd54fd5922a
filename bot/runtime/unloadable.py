"""Matches this version of the bot cannot load: never silent.

A match whose stored state no longer validates (the bot was updated and its
game's model changed), whose game is gone, or whose options or files fail, is
found at start-up (:func:`bot.runtime.loading.load_match` says why). Such a
match is

- marked in the database with the reason (``storage.unloadable``), and the mark
  dropped once it loads again;
- told about, once: its room, both seats and the host log get a
  ``match_unloadable`` notice, committed with the mark's ``told_at`` in one
  transaction, so neither a restart nor a touch tells them again;
- held here (:class:`Stranded`) only to deliver what it owes: no clock runs and
  no timer fires for it, and every move or host command on it is refused with
  :class:`~bot.runtime.loading.CannotLoad`'s words;
- exported as its raw rows (:class:`~bot.runtime.export.RawRows`: no state
  parsing needed) and aborted without loading it (the stored state is kept as
  it is, the reason goes into the abort's log entry).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

import games
from bot.runtime.commits import EVERYONE, everyone, notice
from bot.runtime.disclosure import Disclosure
from bot.runtime.export import ExportedSeat, MatchExport, RawRows
from bot.runtime.lifecycle import Lifecycle
from bot.runtime.live import Pending, Queued, group_by_target
from bot.runtime.loading import CannotLoad, load_match
from bot.runtime.outbox import Outbox
from games import HOST, Notice, Rejected
from storage.db import one_snapshot
from storage.records import EventRecord, MatchRecord, MatchStatus, StaleVersion
from storage.repository import MatchRepository
from storage.unloadable import UnloadableRepository

#: One audience's notices of one step: one outbox row.
Told = tuple[str, list[Notice]]


@dataclass
class Stranded(Queued):
    """A match held only to deliver what it owes (a :class:`~bot.runtime.live.Mailbox`)."""

    record: MatchRecord
    reason: str
    outbox: list[Pending] = field(default_factory=list)
    pump: asyncio.Task[None] | None = None
    blocked: dict[str, str] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Unloadables:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        outbox: Outbox,
        lifecycle: Lifecycle,
        disclosure: Disclosure,
    ) -> None:
        self._sessions = sessions
        self._outbox = outbox
        self._lifecycle = lifecycle
        self._disclosure = disclosure
        self._held: dict[int, Stranded] = {}

    def get(self, match_id: int) -> Stranded | None:
        return self._held.get(match_id)

    def __iter__(self) -> Iterator[Stranded]:
        return iter(list(self._held.values()))

    def clear(self) -> None:
        self._held.clear()

    async def marked(self) -> set[int]:
        """The matches marked as ones this version cannot load (``/match list``)."""
        async with self._sessions() as session:
            return set(await UnloadableRepository(session).marks())

    # -- found at start-up ------------------------------------------------------------

    async def found(self, errors: Sequence[CannotLoad], loaded: Iterable[int]) -> list[Stranded]:
        """Mark each match that cannot be loaded and hold it; unmark those of
        ``loaded`` that were marked. Returns the held ones not yet told."""
        loaded = list(loaded)
        if not errors and not loaded:
            return []  # nothing to mark or unmark: no read (a start with no matches)
        async with self._sessions.begin() as session:
            repo = UnloadableRepository(session)
            marks = await repo.marks()
            await repo.clear(m for m in loaded if m in marks)
            for error in errors:
                marks[error.match_id] = await repo.mark(error.match_id, error.reason)
        held = [self._hold(error) for error in errors]
        return [s for s in held if not s.status.over and marks[s.id].told_at is None]

    def _hold(self, error: CannotLoad) -> Stranded:
        held = self._held.get(error.match_id)
        if held is None:
            held = self._held[error.match_id] = Stranded(error.record, error.reason)
        return held

    async def tell(self, stranded: Sequence[Stranded]) -> None:
        """Tell each match's room, seats and host log, once: the messages and the
        mark's ``told_at`` are one transaction."""
        for held in stranded:
            groups = group_by_target(_told(held.record, held.reason))
            async with self._sessions.begin() as session:
                ids = await MatchRepository(session).enqueue_many(held.id, _rows(groups))
                await UnloadableRepository(session).told(held.id)
            self._push(held, ids, groups)

    # -- what a host can do -------------------------------------------------------------

    async def abort(self, match_id: int) -> MatchRecord:
        """``/match abort``: as any match is aborted, or, for one that cannot be
        loaded, without loading it (see :meth:`_abort_stranded`)."""
        try:
            return await self._lifecycle.abort(match_id)
        except CannotLoad as error:
            return await self._abort_stranded(error)

    async def _abort_stranded(self, error: CannotLoad) -> MatchRecord:
        """Status aborted, the reason in the log's abort entry, everyone told as
        for any abort (so its channels go the usual way once it is over); the
        stored state is left as it is, for whoever looks into it."""
        held = self._hold(error)
        async with held.lock:
            async with self._sessions.begin() as session:
                repo = MatchRepository(session)
                record = await repo.get(held.id)
                if record is None or record.status.over:
                    status = record.status if record is not None else MatchStatus.ABORTED
                    raise Rejected(f"Match #{held.id} is already over ({status}).")
                payload = {"command": "abort", "reason": f"could not be loaded: {error.reason}"}
                groups = group_by_target(everyone("match_aborted"))
                try:
                    version = await repo.update(
                        held.id, expected_version=record.version, status=MatchStatus.ABORTED
                    )
                except StaleVersion:
                    raise Rejected(
                        "The match changed elsewhere just now; look again and retry."
                    ) from None
                await repo.append_event(held.id, "host", str(HOST), payload, record.clock_ms)
                ids = await repo.enqueue_many(held.id, _rows(groups))
            changed = {"status": MatchStatus.ABORTED, "version": version}
            held.record = record.model_copy(update=changed)
            self._push(held, ids, groups)
        return held.record

    async def export(self, match_id: int, names: Sequence[str]) -> MatchExport | RawRows:
        """``/match export``: the usual export, or, for a match that cannot be
        loaded, its raw rows (nothing in them is parsed)."""
        async with self._sessions() as session:
            await one_snapshot(session)
            repo = MatchRepository(session)
            record = await repo.get(match_id)
            if record is None or not record.status.shown:
                raise Rejected(f"There is no match #{match_id}.")
            try:
                await load_match(record)
            except CannotLoad as error:
                return _raw(record, error.reason, await repo.events(match_id), names)
        return await self._disclosure.export(match_id, names)

    def _push(
        self, held: Stranded, ids: Sequence[int], groups: list[tuple[str, list[Notice]]]
    ) -> None:
        pending = [Pending(i, t, ns) for i, (t, ns) in zip(ids, groups, strict=True)]
        self._outbox.push(held, pending)


def _told(record: MatchRecord, reason: str) -> list[Notice]:
    """What the room and the seats are told (no reason: it names the stored
    state's fields), and the host log (the reason, and what a host can do)."""
    data = {"match_id": record.id, "game_title": _title(record.game)}
    told = [notice("match_unloadable", audience, **data) for audience in EVERYONE]
    return [*told, notice("match_unloadable", HOST, **data, reason=reason)]


def _title(key: str) -> str:
    try:
        return games.get(key).title
    except KeyError:
        return key


def _rows(groups: list[Told]) -> list[tuple[str, list[dict[str, Any]]]]:
    return [(t, [n.model_dump(mode="json") for n in ns]) for t, ns in groups]


def _raw(
    record: MatchRecord, reason: str, events: list[EventRecord], names: Sequence[str]
) -> RawRows:
    seats = [
        ExportedSeat(seat=p.seat, user_id=str(p.user_id), name=names[p.seat])
        for p in sorted(record.players, key=lambda p: p.seat)
    ]
    return RawRows(
        match_id=record.id,
        game=record.game,
        game_title=_title(record.game),
        status=str(record.status),
        reason=reason,
        seats=seats,
        match=record.model_dump(mode="json", exclude={"players"}),
        events=events,
        exported_at=datetime.now(UTC),
    )
