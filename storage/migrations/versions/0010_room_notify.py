"""PostgreSQL says when a match's room gets rows: NOTIFY on commit.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27

The spectator pages of a match another process hosts (a shard, or the bot
while ``genius-bot web`` runs alone) learn of new room rows by LISTEN on
``genius_room`` instead of polling. A trigger, not the writer, sends it, so
every path that adds room rows is covered, and the notification is delivered
only when the transaction commits (never for a row that was rolled back).
One per match and statement (the writer inserts a whole batch in one), the
payload small: "<match id>:<highest new room row id>"; readers fetch the rows.
SQLite has no NOTIFY: readers there poll (bot.web.nudges).
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        """
        CREATE FUNCTION genius_room_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('genius_room', heads.match_id || ':' || heads.last_id)
            FROM (
                SELECT match_id, max(id) AS last_id FROM added
                WHERE target = 'public' GROUP BY match_id
            ) AS heads;
            RETURN NULL;
        END
        $$
        """
    )
    op.execute(
        """
        CREATE TRIGGER outbox_room_notify AFTER INSERT ON outbox
        REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION genius_room_notify()
        """
    )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP TRIGGER outbox_room_notify ON outbox")
    op.execute("DROP FUNCTION genius_room_notify()")
