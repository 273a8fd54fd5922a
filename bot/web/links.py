"""Per-match links: an unguessable token per page, kept in the database so links
survive restarts, and the rules for when a link stops working."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Literal

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage import server_settings
from storage.history import HistoryRepository
from storage.records import MatchRecord
from storage.repository import MatchRepository
from storage.web import WebRepository

Purpose = Literal["watch", "edit"]
WATCH: Purpose = "watch"
EDIT: Purpose = "edit"

# What token_urlsafe makes; anything else is refused before touching the database.
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}")


class WebLinks:
    def __init__(self, sessions: async_sessionmaker[AsyncSession], base_url: str) -> None:
        self._sessions = sessions
        self.base_url = base_url.rstrip("/")

    async def watch_url(self, match_id: int) -> str:
        """The spectator view: what the match's room shows, live."""
        return f"{self.base_url}/watch/{await self.token(match_id, WATCH)}"

    async def editor_url(self, match_id: int) -> str:
        """The board editor (only for games that have one: see bot.web.editor)."""
        return f"{self.base_url}/edit/{await self.token(match_id, EDIT)}"

    async def watch_urls(self, match_ids: list[int]) -> dict[int, str]:
        """Many matches' spectator views: the tokens read in one query, those
        missing made (once per match, ever)."""
        async with self._sessions() as session:
            found = await WebRepository(session).tokens_for(match_ids, WATCH)
        for match_id in match_ids:
            if match_id not in found:
                found[match_id] = await self.token(match_id, WATCH)
        return {m: f"{self.base_url}/watch/{token}" for m, token in found.items()}

    async def history_url(self, guild_id: int, *, new: bool = False) -> str:
        """A server's history index; ``new``: a fresh token, the old link then
        opens nothing (a plain 404, as an unknown token)."""
        async with self._sessions.begin() as session:
            history = HistoryRepository(session)
            token = None if new else await history.link(guild_id)
            if token is None:
                token = await history.new_link(guild_id)
        return f"{self.base_url}/history/{token}"

    async def history_guild(self, token: str) -> int | None:
        """The server whose index ``token`` opens, or None (unknown or replaced)."""
        if not TOKEN_SHAPE.fullmatch(token):
            return None
        async with self._sessions() as session:
            return await HistoryRepository(session).guild_of(token)

    async def token(self, match_id: int, purpose: Purpose) -> str:
        """The match's token for a page, made on first use."""
        async with self._sessions() as session:
            found = await WebRepository(session).link_for(match_id, purpose)
        if found is not None:
            return found.token
        try:
            async with self._sessions.begin() as session:
                return (await WebRepository(session).add_link(match_id, purpose)).token
        except IntegrityError:
            # Someone made it a moment ago: theirs is the link.
            async with self._sessions() as session:
                again = await WebRepository(session).link_for(match_id, purpose)
            if again is None:
                raise
            return again.token

    async def resolve(
        self, token: str, purpose: Purpose, now: datetime | None = None
    ) -> MatchRecord | None:
        """The match a live link opens, or None (unknown, wrong page, or expired)."""
        if not TOKEN_SHAPE.fullmatch(token):
            return None
        async with self._sessions() as session:
            link = await WebRepository(session).find(token)
            if link is None or link.purpose != purpose:
                return None
            match = await MatchRepository(session).get(link.match_id)
            if match is None:
                return None
            # Only an ended match's page asks how long its server keeps it open.
            page_days = 0
            if match.status.over and purpose == WATCH:
                settings = await server_settings.load(session, match.guild_id)
                page_days = settings.match_page_days
        if not open_for(match, purpose, now or datetime.now(UTC), page_days):
            return None
        return match


def open_for(match: MatchRecord, purpose: Purpose, now: datetime, page_days: int = 0) -> bool:
    """Editor links close with the match; the spectator link becomes the match's
    page and stays open ``page_days`` after the end (the server's setting), or
    for as long as the match is stored (0). The channel cleanup never touches it."""
    if not match.status.over:
        return True
    if purpose == EDIT:
        return False
    return page_days <= 0 or now - match.updated_at <= timedelta(days=page_days)
