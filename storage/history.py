"""A server's history of finished matches: entries, who may see them, the counts
per player, and each server's index token.

Like :class:`storage.repository.MatchRepository`, it takes the caller's session
and returns plain records; the caller owns the transaction. An entry is listed
when its server's host published it, or when the server publishes every
finished match (``publish_all``) and no host unpublished it.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import (
    ColumnElement,
    Select,
    and_,
    case,
    delete,
    exists,
    false,
    func,
    or_,
    select,
    true,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased, selectinload

from storage.tables import HistoryEntryRow, HistoryLinkRow, HistoryPlayerRow, MatchRow

# 18 random bytes, as the match pages' tokens (storage.web).
_TOKEN_BYTES = 18


@dataclass(frozen=True)
class HistorySeat:
    seat: int
    user_id: int
    name: str  # the player's display name when the match was noted


@dataclass(frozen=True)
class HistoryEntry:
    match_id: int
    guild_id: int
    game: str
    season: str | None
    ended_at: datetime
    length_ms: int  # the match clock at the end (pauses not counted)
    winner: int | None  # a seat; None: a draw
    reason: str  # the engine's words, seats as "seat 0"
    seats: tuple[HistorySeat, ...]
    published: bool | None = None  # None: the server's publish_all decides


@dataclass(frozen=True)
class HistoryFilter:
    """What the index shows: None is everything. ``player`` is a name as some
    listed match shows it (any case): that person's matches, under any name."""

    game: str | None = None
    player: str | None = None
    season: str | None = None


@dataclass(frozen=True)
class Tally:
    """One player's listed matches of one game in one season."""

    user_id: int
    game: str
    season: str | None
    played: int
    won: int


E = HistoryEntryRow
P = HistoryPlayerRow


class HistoryRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    # -- entries -------------------------------------------------------------------

    async def entry(self, match_id: int) -> HistoryEntry | None:
        row = await self._session.scalar(
            select(E).options(selectinload(E.players)).where(E.match_id == match_id)
        )
        return None if row is None else _entry(row)

    async def add(self, entry: HistoryEntry) -> None:
        """Store a new entry (a second one for the match is refused: IntegrityError)."""
        self._session.add(
            E(
                match_id=entry.match_id,
                guild_id=entry.guild_id,
                game=entry.game,
                season=entry.season,
                ended_at=entry.ended_at,
                length_ms=entry.length_ms,
                winner=entry.winner,
                reason=entry.reason,
                published=entry.published,
                players=[P(seat=s.seat, user_id=s.user_id, name=s.name) for s in entry.seats],
            )
        )
        await self._session.flush()

    async def set_published(self, match_id: int, published: bool | None) -> None:
        await self._session.execute(
            update(E).where(E.match_id == match_id).values(published=published)
        )

    async def unnoted(self, guild_id: int, finished: Sequence[str], limit: int) -> list[int]:
        """The guild's ended matches (statuses ``finished``) that have no entry;
        practice matches never get one."""
        stmt = (
            select(MatchRow.id)
            .where(MatchRow.guild_id == guild_id, MatchRow.status.in_(finished))
            .where(MatchRow.practice == false())
            .where(~exists().where(E.match_id == MatchRow.id))
            .order_by(MatchRow.id)
            .limit(limit)
        )
        return list(await self._session.scalars(stmt))

    # -- the index -----------------------------------------------------------------

    async def listed(
        self, guild_id: int, publish_all: bool, shown: HistoryFilter, offset: int, limit: int
    ) -> list[HistoryEntry]:
        """A page of the listed entries that ``shown`` keeps, newest first."""
        stmt = (
            select(E)
            .options(selectinload(E.players))
            .where(_kept(guild_id, publish_all, shown))
            .order_by(E.ended_at.desc(), E.match_id.desc())
            .offset(offset)
            .limit(limit)
        )
        return [_entry(row) for row in await self._session.scalars(stmt)]

    async def count(self, guild_id: int, publish_all: bool, shown: HistoryFilter) -> int:
        stmt = select(func.count()).select_from(E).where(_kept(guild_id, publish_all, shown))
        return int(await self._session.scalar(stmt) or 0)

    async def tallies(self, guild_id: int, publish_all: bool, shown: HistoryFilter) -> list[Tally]:
        """Played and won per player, game and season, over the entries kept; with a
        player filter, that player's counts only."""
        won = func.sum(case((E.winner == P.seat, 1), else_=0))
        stmt = (
            select(P.user_id, E.game, E.season, func.count(), won)
            .join(E, E.match_id == P.match_id)
            .where(_kept(guild_id, publish_all, shown))
            .group_by(P.user_id, E.game, E.season)
        )
        if shown.player is not None:
            stmt = stmt.where(
                P.user_id.in_(_named(guild_id, publish_all, shown.player).scalar_subquery())
            )
        rows = await self._session.execute(stmt)
        return [Tally(user, game, season, int(n), int(w or 0)) for user, game, season, n, w in rows]

    async def names(self, guild_id: int, publish_all: bool) -> dict[int, str]:
        """Each listed player's name in their newest listed match (one row per
        player, not one per match played)."""
        listed = _listed(guild_id, publish_all)
        newest = (
            select(P.user_id, func.max(E.ended_at).label("at"))
            .join(E, E.match_id == P.match_id)
            .where(listed)
            .group_by(P.user_id)
            .subquery()
        )
        stmt = (
            select(P.user_id, P.name)
            .join(E, E.match_id == P.match_id)
            .join(newest, and_(newest.c.user_id == P.user_id, newest.c.at == E.ended_at))
            .where(listed)
            .order_by(E.match_id.desc())  # two ending at once: the later match's
        )
        found: dict[int, str] = {}
        for user_id, name in await self._session.execute(stmt):
            found.setdefault(user_id, name)
        return found

    async def choices(self, guild_id: int, publish_all: bool) -> tuple[list[str], list[str]]:
        """The games and the seasons of the listed entries (for the filters)."""
        listed = _listed(guild_id, publish_all)
        found = await self._session.execute(select(E.game, E.season).where(listed).distinct())
        games: set[str] = set()
        seasons: set[str] = set()
        for game, season in found:
            games.add(game)
            if season is not None:
                seasons.add(season)
        return sorted(games), sorted(seasons, key=str.casefold)

    # -- the index's token ---------------------------------------------------------

    async def link(self, guild_id: int) -> str | None:
        return await self._session.scalar(
            select(HistoryLinkRow.token).where(HistoryLinkRow.guild_id == guild_id)
        )

    async def new_link(self, guild_id: int) -> str:
        """A fresh token for the guild's index; the old one, if any, opens nothing now."""
        await self._session.execute(
            delete(HistoryLinkRow).where(HistoryLinkRow.guild_id == guild_id)
        )
        token = secrets.token_urlsafe(_TOKEN_BYTES)
        self._session.add(HistoryLinkRow(token=token, guild_id=guild_id))
        await self._session.flush()
        return token

    async def guild_of(self, token: str) -> int | None:
        row = await self._session.get(HistoryLinkRow, token)
        return None if row is None else row.guild_id


def _listed(guild_id: int, publish_all: bool) -> ColumnElement[bool]:
    chosen = E.published == true()
    if publish_all:
        chosen = or_(chosen, E.published.is_(None))
    return and_(E.guild_id == guild_id, chosen)


def _named(guild_id: int, publish_all: bool, name: str) -> Select[int]:
    """The people a listed match shows under ``name`` (any case)."""
    return (
        select(P.user_id)
        .join(E, E.match_id == P.match_id)
        .where(_listed(guild_id, publish_all), func.lower(P.name) == name.lower())
    )


def _kept(guild_id: int, publish_all: bool, shown: HistoryFilter) -> ColumnElement[bool]:
    kept = [_listed(guild_id, publish_all)]
    if shown.game is not None:
        kept.append(E.game == shown.game)
    if shown.season is not None:
        kept.append(E.season == shown.season)
    if shown.player is not None:
        seat = aliased(P)
        people = _named(guild_id, publish_all, shown.player)
        kept.append(
            exists().where(seat.match_id == E.match_id, seat.user_id.in_(people.scalar_subquery()))
        )
    return and_(*kept)


def _entry(row: HistoryEntryRow) -> HistoryEntry:
    return HistoryEntry(
        match_id=row.match_id,
        guild_id=row.guild_id,
        game=row.game,
        season=row.season,
        ended_at=row.ended_at,
        length_ms=row.length_ms,
        winner=row.winner,
        reason=row.reason,
        seats=tuple(HistorySeat(p.seat, p.user_id, p.name) for p in row.players),
        published=row.published,
    )
