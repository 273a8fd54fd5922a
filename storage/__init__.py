"""Persistence for matches: engines, migrations and the match repository."""

from storage.db import PoolSize, alembic_config, make_engine, make_sessionmaker, upgrade
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
from storage.repository import UNCHANGED, MatchRepository

__all__ = [
    "UNCHANGED",
    "ChannelMatch",
    "Channels",
    "EventRecord",
    "MatchRecord",
    "MatchRepository",
    "MatchStatus",
    "NewMatch",
    "OutboxRecord",
    "PlayerRecord",
    "PoolSize",
    "StaleVersion",
    "alembic_config",
    "make_engine",
    "make_sessionmaker",
    "upgrade",
]
