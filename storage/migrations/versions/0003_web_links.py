"""Web pages: per-match link tokens, and an index to read a match's room messages.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23

Tokens live in a table (not an HMAC of the match id) so each link can be
looked up, expired and revoked on its own, and no secret key has to be kept
beside the database; see docs/architecture.md.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "web_links",
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column(
            "match_id",
            sa.Integer(),
            sa.ForeignKey("matches.id", ondelete="CASCADE", name="fk_web_links_match_id_matches"),
            nullable=False,
        ),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column(
            "created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.PrimaryKeyConstraint("token", name="pk_web_links"),
        sa.UniqueConstraint("match_id", "purpose", name="uq_web_links_match_id_purpose"),
    )
    op.create_index("ix_outbox_match_id_target_id", "outbox", ["match_id", "target", "id"])


def downgrade() -> None:
    op.drop_index("ix_outbox_match_id_target_id", table_name="outbox")
    op.drop_table("web_links")
