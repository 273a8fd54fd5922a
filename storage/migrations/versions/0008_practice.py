"""Practice against the bot: each server's settings, and which matches are practice.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27

``server_settings`` holds one row per server that changed a setting (a server
without a row has every default: storage.server_settings). A practice match is
a match like any other, marked ``practice``, with the seat the bot plays and
its level on the row itself: restoring a match then knows who thinks for that
seat without another read, and the hot path's statements never touch them.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "server_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("practice_enabled", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("practice_limit", sa.Integer(), server_default="2", nullable=False),
        sa.PrimaryKeyConstraint("guild_id", name="pk_server_settings"),
    )
    with op.batch_alter_table("matches") as batch:
        batch.add_column(
            sa.Column("practice", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch.add_column(sa.Column("bot_seat", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("bot_level", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("bot_level")
        batch.drop_column("bot_seat")
        batch.drop_column("practice")
    op.drop_table("server_settings")
