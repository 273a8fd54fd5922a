"""A match's channel layout: "channels" (a category and channels of its own) or
"threads" (one room in a shared category, private threads for the seats and the
host log). Stored with the match so that changing ``[discord] layout`` leaves
the matches made before as they were; every earlier match is "channels".

Revision ID: 0005
Revises: 0003 (the "aftermath" branch's 0004 goes in between at merge)
Create Date: 2026-11-27
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(
            sa.Column("layout", sa.String(16), server_default="channels", nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("layout")
