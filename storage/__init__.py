"""Persistence for matches: engines, migrations and the match repository."""

from storage.db import alembic_config, make_engine, make_sessionmaker, upgrade
from storage.records import (
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
    "Channels",
    "EventRecord",
    "MatchRecord",
    "MatchRepository",
    "MatchStatus",
    "NewMatch",
    "OutboxRecord",
    "PlayerRecord",
    "StaleVersion",
    "alembic_config",
    "make_engine",
    "make_sessionmaker",
    "upgrade",
]
