"""After a match: when each ended match's channels are due to go, and when they went.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-27

A row is written once the bot sees a match end (its channels then turn
read-only); a periodic sweep archives and deletes the channels of the rows
that fell due. A table, not a timer, so the schedule survives restarts and a
guild moving to another shard; see docs/architecture.md.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "match_cleanups",
        sa.Column(
            "match_id",
            sa.Integer(),
            sa.ForeignKey(
                "matches.id", ondelete="CASCADE", name="fk_match_cleanups_match_id_matches"
            ),
            nullable=False,
        ),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("archived_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("cleaned_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("match_id", name="pk_match_cleanups"),
    )
    op.create_index(
        "ix_match_cleanups_cleaned_at_due_at", "match_cleanups", ["cleaned_at", "due_at"]
    )


def downgrade() -> None:
    op.drop_index("ix_match_cleanups_cleaned_at_due_at", table_name="match_cleanups")
    op.drop_table("match_cleanups")
