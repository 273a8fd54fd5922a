"""The schema as SQLAlchemy declarative tables. Only storage/ sees these classes."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator

# Stable constraint names let later migrations (and SQLite batch mode) find them.
NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# SQLite only auto-increments an INTEGER PRIMARY KEY, so the big key narrows there.
BigId = BigInteger().with_variant(Integer(), "sqlite")


def utcnow() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """An aware UTC datetime on every backend: SQLite stores no offset, so the value
    is written as UTC and tagged as UTC when read back."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime; storage keeps aware UTC timestamps only")
        return value.astimezone(UTC)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if isinstance(value, datetime) and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def _created_at() -> Mapped[datetime]:
    return mapped_column(UTCDateTime(), default=utcnow, server_default=func.now())


def _format_version() -> Mapped[int]:
    # Rows from before stored formats (migration 0006) are version 1.
    return mapped_column(Integer, default=1, server_default="1")


class MatchRow(Base):
    __tablename__ = "matches"
    __table_args__ = (
        Index("ix_matches_guild_id_status", "guild_id", "status"),
        Index("ix_matches_room_channel_id", "room_channel_id"),
        Index("ix_matches_host_channel_id", "host_channel_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    game: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16))  # a MatchStatus value
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    state: Mapped[str | None] = mapped_column(Text)  # engine state as JSON text
    # The game's format version the state is written in (games.core.formats).
    format_version: Mapped[int] = _format_version()
    version: Mapped[int] = mapped_column(Integer)
    clock_ms: Mapped[int] = mapped_column(BigInteger)
    pause_reason: Mapped[str | None] = mapped_column(Text)
    # "channels" or "threads" (storage.records.Layout): kept when the setting changes.
    layout: Mapped[str] = mapped_column(String(16), default="channels", server_default="channels")
    # The host's label for a series of matches (/match new season:…), or None.
    season: Mapped[str | None] = mapped_column(String(64))
    category_id: Mapped[int | None] = mapped_column(BigInteger)
    room_channel_id: Mapped[int | None] = mapped_column(BigInteger)
    host_channel_id: Mapped[int | None] = mapped_column(BigInteger)
    # A practice match (/match practice): the seat the bot plays, and its level.
    practice: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    bot_seat: Mapped[int | None] = mapped_column(Integer)
    bot_level: Mapped[str | None] = mapped_column(String(16))
    created_at: Mapped[datetime] = _created_at()
    updated_at: Mapped[datetime] = mapped_column(
        UTCDateTime(), default=utcnow, onupdate=utcnow, server_default=func.now()
    )

    # lazy="raise": an async session cannot lazy-load, so every query states its loads.
    players: Mapped[list[MatchPlayerRow]] = relationship(
        order_by="MatchPlayerRow.seat", lazy="raise", cascade="all, delete-orphan"
    )


class MatchPlayerRow(Base):
    __tablename__ = "match_players"
    __table_args__ = (Index("ix_match_players_private_channel_id", "private_channel_id"),)

    # The primary key is the unique (match_id, seat) pair.
    match_id: Mapped[int] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(BigInteger)
    private_channel_id: Mapped[int | None] = mapped_column(BigInteger)


class EventRow(Base):
    __tablename__ = "match_events"

    match_id: Mapped[int] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    actor: Mapped[str | None] = mapped_column(String(32))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    # The game's format version an action payload is written in.
    format_version: Mapped[int] = _format_version()
    now_ms: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = _created_at()


class OutboxRow(Base):
    __tablename__ = "outbox"
    __table_args__ = (
        Index("ix_outbox_delivered_match_id", "delivered", "match_id"),
        # The web spectator view reads a match's room messages in order.
        Index("ix_outbox_match_id_target_id", "match_id", "target", "id"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    target: Mapped[str] = mapped_column(String(32))
    notices: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    delivered: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = _created_at()


class WebLinkRow(Base):
    """An unguessable token that opens one web page of one match (DESIGN: web pages)."""

    __tablename__ = "web_links"
    __table_args__ = (UniqueConstraint("match_id", "purpose"),)

    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    purpose: Mapped[str] = mapped_column(String(16))  # "watch" or "edit"
    created_at: Mapped[datetime] = _created_at()


class CleanupRow(Base):
    """When an ended match's channels go (DESIGN: after a match): the schedule is
    data, so it outlives a restart and follows a guild to another shard."""

    __tablename__ = "match_cleanups"
    __table_args__ = (Index("ix_match_cleanups_cleaned_at_due_at", "cleaned_at", "due_at"),)

    match_id: Mapped[int] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    ended_at: Mapped[datetime] = mapped_column(UTCDateTime())
    # None: kept for ever (delete_after_days = 0 when the match ended).
    due_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    # Its export and story are in the archive channel; deleting may still be owed.
    archived_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    cleaned_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class UnloadableRow(Base):
    """A stored match this version of the bot cannot load (its state no longer
    validates, its game is gone, …), with the reason; ``told_at`` once its room,
    seats and host log have been told, so a restart does not tell them again."""

    __tablename__ = "unloadable_matches"

    match_id: Mapped[int] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    reason: Mapped[str] = mapped_column(Text)
    found_at: Mapped[datetime] = mapped_column(UTCDateTime())
    told_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class HistoryEntryRow(Base):
    """A finished match as a server's history lists it (bot.discord.history): written once
    when the match ends (or is published), so the index never reads a state."""

    __tablename__ = "history_entries"
    __table_args__ = (Index("ix_history_entries_guild_id_ended_at", "guild_id", "ended_at"),)

    match_id: Mapped[int] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    guild_id: Mapped[int] = mapped_column(BigInteger)
    game: Mapped[str] = mapped_column(String(32))
    season: Mapped[str | None] = mapped_column(String(64))
    ended_at: Mapped[datetime] = mapped_column(UTCDateTime())
    length_ms: Mapped[int] = mapped_column(BigInteger)
    winner: Mapped[int | None] = mapped_column(Integer)  # a seat; None: a draw
    reason: Mapped[str] = mapped_column(Text)  # the engine's words ("seat 0 …")
    # True/False: a host's /match publish or unpublish; None: the server's
    # publish_all setting decides.
    published: Mapped[bool | None] = mapped_column(Boolean)

    players: Mapped[list[HistoryPlayerRow]] = relationship(
        order_by="HistoryPlayerRow.seat", lazy="raise", cascade="all, delete-orphan"
    )


class HistoryPlayerRow(Base):
    """A seat of a history entry, with the player's name at the time of the match."""

    __tablename__ = "history_players"
    __table_args__ = (Index("ix_history_players_user_id", "user_id"),)

    match_id: Mapped[int] = mapped_column(
        ForeignKey("history_entries.match_id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(BigInteger)
    name: Mapped[str] = mapped_column(String(100))


class HistoryLinkRow(Base):
    """The unguessable token of a server's history index: one per server, replaced
    (the old one then opens nothing) when a host asks for a new link."""

    __tablename__ = "history_links"

    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger, unique=True)
    created_at: Mapped[datetime] = _created_at()


class ServerSettingsRow(Base):
    """A server's own settings (storage.server_settings); a server without a row
    has every default."""

    __tablename__ = "server_settings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    practice_enabled: Mapped[bool] = mapped_column(Boolean, server_default=false())
    practice_limit: Mapped[int] = mapped_column(Integer, server_default="2")
    # Every finished match in the server's history unless a host unpublished it.
    publish_all: Mapped[bool] = mapped_column(Boolean, server_default=false())
    # Days a finished match's page stays open (bot.web.links); 0: while it is stored.
    match_page_days: Mapped[int] = mapped_column(Integer, server_default="0")
