"""Initial schema: matches, match_players, match_events, outbox.

Revision ID: 0001
Revises:
Create Date: 2026-11-21

Types and constraint names are spelled out here rather than taken from
storage.tables, so this revision keeps creating the same schema when the models
change later.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _timestamp(name: str) -> sa.Column[datetime]:
    return sa.Column(name, sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False)


def _match_fk(table: str) -> sa.Column[int]:
    return sa.Column(
        "match_id",
        sa.Integer(),
        sa.ForeignKey("matches.id", ondelete="CASCADE", name=f"fk_{table}_match_id_matches"),
        nullable=False,
    )


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("state", sa.Text(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("clock_ms", sa.BigInteger(), nullable=False),
        sa.Column("pause_reason", sa.Text(), nullable=True),
        sa.Column("category_id", sa.BigInteger(), nullable=True),
        sa.Column("room_channel_id", sa.BigInteger(), nullable=True),
        sa.Column("host_channel_id", sa.BigInteger(), nullable=True),
        _timestamp("created_at"),
        _timestamp("updated_at"),
        sa.PrimaryKeyConstraint("id", name="pk_matches"),
    )
    op.create_index("ix_matches_guild_id_status", "matches", ["guild_id", "status"])
    op.create_index("ix_matches_room_channel_id", "matches", ["room_channel_id"])

    op.create_table(
        "match_players",
        _match_fk("match_players"),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("private_channel_id", sa.BigInteger(), nullable=True),
        sa.PrimaryKeyConstraint("match_id", "seat", name="pk_match_players"),
    )
    op.create_index("ix_match_players_private_channel_id", "match_players", ["private_channel_id"])

    op.create_table(
        "match_events",
        _match_fk("match_events"),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("actor", sa.String(32), nullable=True),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("now_ms", sa.BigInteger(), nullable=False),
        _timestamp("created_at"),
        sa.PrimaryKeyConstraint("match_id", "seq", name="pk_match_events"),
    )

    op.create_table(
        "outbox",
        # SQLite only auto-increments an INTEGER PRIMARY KEY.
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            autoincrement=True,
            nullable=False,
        ),
        _match_fk("outbox"),
        sa.Column("target", sa.String(32), nullable=False),
        sa.Column("notices", sa.JSON(), nullable=False),
        sa.Column("delivered", sa.Boolean(), server_default=sa.false(), nullable=False),
        _timestamp("created_at"),
        sa.PrimaryKeyConstraint("id", name="pk_outbox"),
    )
    op.create_index("ix_outbox_delivered_match_id", "outbox", ["delivered", "match_id"])


def downgrade() -> None:
    op.drop_table("outbox")
    op.drop_table("match_events")
    op.drop_table("match_players")
    op.drop_table("matches")
