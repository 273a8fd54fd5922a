"""Every match worth keeping: the match page and a server's history (issue 19).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-27

Each part's DDL is one marked block, so the parts written apart merge as blocks.

page: how long a finished match's page (its spectator link) stays open is each
server's setting, ``match_page_days``; 0, the default, keeps it as long as the
match is stored.
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
    # --- page
    with op.batch_alter_table("server_settings") as batch:
        batch.add_column(
            sa.Column("match_page_days", sa.Integer(), server_default="0", nullable=False)
        )
    # --- end of page


def downgrade() -> None:
    # --- page
    with op.batch_alter_table("server_settings") as batch:
        batch.drop_column("match_page_days")
    # --- end of page
