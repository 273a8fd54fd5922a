"""Stored rows as the plain records the rest of the bot reads (storage.records):
what every repository returns, so no caller holds an ORM row."""

from __future__ import annotations

from storage.records import EventRecord, MatchRecord, MatchStatus, OutboxRecord, PlayerRecord
from storage.tables import EventRow, MatchRow, OutboxRow


def match_record(row: MatchRow) -> MatchRecord:
    return MatchRecord(
        id=row.id,
        guild_id=row.guild_id,
        game=row.game,
        status=MatchStatus(row.status),
        config=row.config,
        seed=row.seed,
        state=row.state,
        format_version=row.format_version,
        version=row.version,
        clock_ms=row.clock_ms,
        pause_reason=row.pause_reason,
        layout="threads" if row.layout == "threads" else "channels",
        category_id=row.category_id,
        room_channel_id=row.room_channel_id,
        host_channel_id=row.host_channel_id,
        players=[
            PlayerRecord(seat=p.seat, user_id=p.user_id, private_channel_id=p.private_channel_id)
            for p in row.players
        ],
        practice=row.practice,
        bot_seat=row.bot_seat,
        bot_level=row.bot_level,
        created_at=row.created_at,
        updated_at=row.updated_at,
        season=row.season,
    )


def event_record(row: EventRow) -> EventRecord:
    return EventRecord(
        seq=row.seq,
        kind=row.kind,
        actor=row.actor,
        payload=row.payload,
        format_version=row.format_version,
        now_ms=row.now_ms,
        created_at=row.created_at,
    )


def outbox_record(row: OutboxRow) -> OutboxRecord:
    return OutboxRecord(
        id=row.id,
        match_id=row.match_id,
        target=row.target,
        notices=row.notices,
        created_at=row.created_at,
    )
