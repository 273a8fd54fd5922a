"""What the bot's web pages read and write: link tokens and a match's room messages.

Like :class:`storage.repository.MatchRepository`, it takes the caller's session
and returns plain records; the caller owns the transaction.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from storage.records import OutboxRecord, WebLink
from storage.tables import OutboxRow, WebLinkRow

#: The outbox target of the public game room.
ROOM = "public"

#: PostgreSQL's channel on which every commit that adds room rows says so, one
#: notification per match: "<match id>:<its highest new row id>" (migration 0008).
ROOM_CHANNEL = "genius_room"

# 18 random bytes: 24 URL-safe characters, far beyond guessing.
_TOKEN_BYTES = 18


class WebRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    # -- links ----------------------------------------------------------------------

    async def link_for(self, match_id: int, purpose: str) -> WebLink | None:
        row = await self._session.scalar(
            select(WebLinkRow).where(WebLinkRow.match_id == match_id, WebLinkRow.purpose == purpose)
        )
        return None if row is None else _link(row)

    async def add_link(self, match_id: int, purpose: str) -> WebLink:
        """A fresh token for the match's page. A second link for the same page is
        refused by the database (IntegrityError): read the first one instead."""
        row = WebLinkRow(
            token=secrets.token_urlsafe(_TOKEN_BYTES), match_id=match_id, purpose=purpose
        )
        self._session.add(row)
        await self._session.flush()
        return _link(row)

    async def tokens_for(self, match_ids: list[int], purpose: str) -> dict[int, str]:
        """The tokens the matches already have for a page, by match."""
        rows = await self._session.execute(
            select(WebLinkRow.match_id, WebLinkRow.token).where(
                WebLinkRow.match_id.in_(match_ids), WebLinkRow.purpose == purpose
            )
        )
        return {row[0]: row[1] for row in rows}

    async def find(self, token: str) -> WebLink | None:
        row = await self._session.get(WebLinkRow, token)
        return None if row is None else _link(row)

    # -- the room ---------------------------------------------------------------------

    async def room_messages(
        self, match_id: int, *, after_id: int = 0, limit: int = 200
    ) -> list[OutboxRecord]:
        """The room's messages (committed, delivered or not yet), oldest first."""
        stmt = (
            select(OutboxRow)
            .where(OutboxRow.match_id == match_id, OutboxRow.target == ROOM)
            .where(OutboxRow.id > after_id)
            .order_by(OutboxRow.id)
            .limit(limit)
        )
        return [_outbox(row) for row in await self._session.scalars(stmt)]

    async def room_heads(self, match_ids: Collection[int]) -> dict[int, int]:
        """Each given match's last room row id (matches with none are left out):
        one query however many matches a process watches."""
        stmt = (
            select(OutboxRow.match_id, func.max(OutboxRow.id))
            .where(OutboxRow.match_id.in_(match_ids), OutboxRow.target == ROOM)
            .group_by(OutboxRow.match_id)
        )
        return dict((await self._session.execute(stmt)).all())

    async def room_message(self, match_id: int, outbox_id: int) -> OutboxRecord | None:
        row = await self._session.get(OutboxRow, outbox_id)
        if row is None or row.match_id != match_id or row.target != ROOM:
            return None
        return _outbox(row)


def _link(row: WebLinkRow) -> WebLink:
    return WebLink(
        token=row.token, match_id=row.match_id, purpose=row.purpose, created_at=row.created_at
    )


def _outbox(row: OutboxRow) -> OutboxRecord:
    return OutboxRecord(
        id=row.id,
        match_id=row.match_id,
        target=row.target,
        notices=row.notices,
        created_at=row.created_at,
    )
