"""Index matches.host_channel_id: host commands in the host log find their match.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_matches_host_channel_id", "matches", ["host_channel_id"])


def downgrade() -> None:
    op.drop_index("ix_matches_host_channel_id", table_name="matches")
