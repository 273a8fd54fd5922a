"""A server's history of matches (issue 19): the season label a match is created
with, each finished match's entry as the history index lists it (its players'
names at the time), and each server's index token.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-27

Entries are rows of their own, written when a match ends, so the index reads
neither a match's state nor Discord: a thousand matches are one indexed query.

How long a finished match's page (its spectator link) stays open is each
server's setting, ``match_page_days``; 0, the default, keeps it as long as the
match is stored.

Each part's DDL is one marked block (history, page): they were written apart.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # --- history (issue 19, the "history" branch) -------------------------------------
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("season", sa.String(64), nullable=True))
    op.create_table(
        "history_entries",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("season", sa.String(64), nullable=True),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("length_ms", sa.BigInteger(), nullable=False),
        sa.Column("winner", sa.Integer(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("published", sa.Boolean(), nullable=True),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            ondelete="CASCADE",
            name="fk_history_entries_match_id_matches",
        ),
        sa.PrimaryKeyConstraint("match_id", name="pk_history_entries"),
    )
    op.create_index(
        "ix_history_entries_guild_id_ended_at", "history_entries", ["guild_id", "ended_at"]
    )
    op.create_table(
        "history_players",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["history_entries.match_id"],
            ondelete="CASCADE",
            name="fk_history_players_match_id_history_entries",
        ),
        sa.PrimaryKeyConstraint("match_id", "seat", name="pk_history_players"),
    )
    op.create_index("ix_history_players_user_id", "history_players", ["user_id"])
    op.create_table(
        "history_links",
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.func.now(),
            nullable=False,
        ),
        sa.PrimaryKeyConstraint("token", name="pk_history_links"),
        sa.UniqueConstraint("guild_id", name="uq_history_links_guild_id"),
    )
    with op.batch_alter_table("server_settings") as batch:
        batch.add_column(
            sa.Column("publish_all", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    # --- end of history -----------------------------------------------------------------
    # --- page ---------------------------------------------------------------------------
    with op.batch_alter_table("server_settings") as batch:
        batch.add_column(
            sa.Column("match_page_days", sa.Integer(), server_default="0", nullable=False)
        )
    # --- end of page --------------------------------------------------------------------


def downgrade() -> None:
    # --- page ---------------------------------------------------------------------------
    with op.batch_alter_table("server_settings") as batch:
        batch.drop_column("match_page_days")
    # --- end of page --------------------------------------------------------------------
    # --- history ------------------------------------------------------------------------
    with op.batch_alter_table("server_settings") as batch:
        batch.drop_column("publish_all")
    op.drop_table("history_links")
    op.drop_index("ix_history_players_user_id", table_name="history_players")
    op.drop_table("history_players")
    op.drop_index("ix_history_entries_guild_id_ended_at", table_name="history_entries")
    op.drop_table("history_entries")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("season")
    # --- end of history -----------------------------------------------------------------
