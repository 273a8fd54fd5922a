"""A match made unloadable on purpose: its stored state written as a newer
model would no longer read it (a required field renamed), as an update that
changed the game's State without a way to upgrade would leave it."""

from __future__ import annotations

import json

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage.tables import MatchRow

#: Goofspiel's required field renamed in the stored state: "hands" no longer loads.
RENAMED = ("hands", "cards")
#: How the reason names it (the field, never its value: a state holds secrets).
REASON = (
    "its stored state no longer fits Square Goofspiel "
    "(`hands`: Field required; `cards`: Extra inputs are not permitted)"
)


async def break_state(sessions: async_sessionmaker[AsyncSession], match_id: int) -> str:
    """Rename a required field of the match's stored state; returns the text stored."""
    old, new = RENAMED
    async with sessions.begin() as session:
        text = await session.scalar(select(MatchRow.state).where(MatchRow.id == match_id))
        assert text is not None, "the match has not started"
        data = json.loads(text)
        data[new] = data.pop(old)
        broken = json.dumps(data)
        await session.execute(update(MatchRow).where(MatchRow.id == match_id).values(state=broken))
    return broken


async def mend_state(sessions: async_sessionmaker[AsyncSession], match_id: int) -> None:
    """Undo :func:`break_state` (the bot rolled back to the version that wrote it)."""
    old, new = RENAMED
    async with sessions.begin() as session:
        text = await session.scalar(select(MatchRow.state).where(MatchRow.id == match_id))
        assert text is not None
        data = json.loads(text)
        data[old] = data.pop(new)
        await session.execute(
            update(MatchRow).where(MatchRow.id == match_id).values(state=json.dumps(data))
        )
