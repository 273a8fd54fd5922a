"""Matches that cannot be loaded: each with the reason, and when its room, seats
and host log were told (once, not on every restart).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-27

A table of its own rather than columns of ``matches``: a match is rarely in
it, and the hot path's statements on ``matches`` stay as they are.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "unloadable_matches",
        sa.Column(
            "match_id",
            sa.Integer(),
            sa.ForeignKey(
                "matches.id", ondelete="CASCADE", name="fk_unloadable_matches_match_id_matches"
            ),
            nullable=False,
        ),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("found_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("told_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("match_id", name="pk_unloadable_matches"),
    )


def downgrade() -> None:
    op.drop_table("unloadable_matches")
