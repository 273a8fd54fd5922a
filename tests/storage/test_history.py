"""A server's history (storage.history) on SQLite and PostgreSQL: what is listed
(published, or every match under publish_all but the unpublished; never another
server's), the filters, the counts per player, the pages, and the index token."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage import MatchRepository, NewMatch, PlayerRecord
from storage.history import (
    HistoryEntry,
    HistoryFilter,
    HistoryRepository,
    HistorySeat,
    Tally,
)
from storage.records import MatchStatus

Sessions = async_sessionmaker[AsyncSession]
GUILD = 1_300_000_000_000_000_001
OTHER = 1_300_000_000_000_000_002
ANN, BEN, CY = 11, 12, 13
START = datetime(2026, 11, 1, tzinfo=UTC)
EVERYTHING = HistoryFilter()


async def _match(sessions: Sessions, guild: int, *, practice: bool = False) -> int:
    new = NewMatch(
        guild_id=guild,
        game="goofspiel",
        config={},
        seed=1,
        players=[PlayerRecord(seat=0, user_id=ANN), PlayerRecord(seat=1, user_id=BEN)],
        practice=practice,
    )
    async with sessions.begin() as session:
        return (await MatchRepository(session).create(new, status=MatchStatus.FINISHED)).id


async def _entry(
    sessions: Sessions,
    guild: int,
    day: int,
    seats: tuple[tuple[int, str], tuple[int, str]],
    *,
    winner: int | None = 0,
    game: str = "goofspiel",
    season: str | None = None,
    published: bool | None = True,
) -> int:
    match_id = await _match(sessions, guild)
    entry = HistoryEntry(
        match_id=match_id,
        guild_id=guild,
        game=game,
        season=season,
        ended_at=START + timedelta(days=day),
        length_ms=60_000 * day,
        winner=winner,
        reason="seat 0 has more points",
        seats=tuple(HistorySeat(seat, user, name) for seat, (user, name) in enumerate(seats)),
        published=published,
    )
    async with sessions.begin() as session:
        await HistoryRepository(session).add(entry)
    return match_id


async def _ids(
    sessions: Sessions, publish_all: bool, shown: HistoryFilter = EVERYTHING
) -> list[int]:
    async with sessions() as session:
        history = HistoryRepository(session)
        listed = await history.listed(GUILD, publish_all, shown, 0, 100)
        assert await history.count(GUILD, publish_all, shown) == len(listed)
    return [entry.match_id for entry in listed]


async def test_only_this_servers_published_matches_are_listed(sessionmaker: Sessions) -> None:
    ann, ben = (ANN, "Ann"), (BEN, "Ben")
    published = await _entry(sessionmaker, GUILD, 1, (ann, ben))
    undecided = await _entry(sessionmaker, GUILD, 2, (ann, ben), published=None)
    unpublished = await _entry(sessionmaker, GUILD, 3, (ann, ben), published=False)
    elsewhere = await _entry(sessionmaker, OTHER, 4, (ann, ben))
    assert await _ids(sessionmaker, publish_all=False) == [published]
    # Every finished match under publish_all, newest first, but the one taken off.
    assert await _ids(sessionmaker, publish_all=True) == [undecided, published]
    async with sessionmaker.begin() as session:
        await HistoryRepository(session).set_published(unpublished, True)
    assert await _ids(sessionmaker, publish_all=False) == [unpublished, published]
    async with sessionmaker() as session:
        history = HistoryRepository(session)
        assert [e.match_id for e in await history.listed(OTHER, True, EVERYTHING, 0, 9)] == [
            elsewhere
        ]
        shown = await history.entry(published)
    assert shown is not None
    assert shown.seats == (HistorySeat(0, ANN, "Ann"), HistorySeat(1, BEN, "Ben"))
    assert (shown.winner, shown.length_ms, shown.ended_at) == (0, 60_000, START + timedelta(1))


async def test_filters_counts_and_pages(sessionmaker: Sessions) -> None:
    # Ann was "Annie" in her first match: the player filter finds her under either name.
    first = await _entry(sessionmaker, GUILD, 1, ((ANN, "Annie"), (BEN, "Ben")), season="S1")
    second = await _entry(
        sessionmaker, GUILD, 2, ((BEN, "Ben"), (ANN, "Ann")), season="S1", game="decoder"
    )
    third = await _entry(sessionmaker, GUILD, 3, ((CY, "Cy"), (BEN, "Ben")), winner=None)
    await _entry(sessionmaker, GUILD, 4, ((CY, "Cy"), (ANN, "Ann")), published=False)
    assert await _ids(sessionmaker, False) == [third, second, first]
    assert await _ids(sessionmaker, False, HistoryFilter(game="decoder")) == [second]
    assert await _ids(sessionmaker, False, HistoryFilter(season="S1")) == [second, first]
    assert await _ids(sessionmaker, False, HistoryFilter(player="ANNIE")) == [second, first]
    assert await _ids(sessionmaker, False, HistoryFilter(player="cy", season="S1")) == []
    assert await _ids(sessionmaker, False, HistoryFilter(player="Nobody")) == []
    async with sessionmaker() as session:
        history = HistoryRepository(session)
        tallies = set(await history.tallies(GUILD, False, EVERYTHING))
        annies = set(await history.tallies(GUILD, False, HistoryFilter(player="ann")))
        names = await history.names(GUILD, False)
        page_two = await history.listed(GUILD, False, EVERYTHING, 1, 1)
        choices = await history.choices(GUILD, False)
    # Seat 0 won the first two; the third was a draw; the fourth is not listed.
    assert tallies == {
        Tally(ANN, "goofspiel", "S1", 1, 1),
        Tally(BEN, "goofspiel", "S1", 1, 0),
        Tally(BEN, "decoder", "S1", 1, 1),
        Tally(ANN, "decoder", "S1", 1, 0),
        Tally(CY, "goofspiel", None, 1, 0),
        Tally(BEN, "goofspiel", None, 1, 0),
    }
    assert annies == {t for t in tallies if t.user_id == ANN}
    assert names == {ANN: "Ann", BEN: "Ben", CY: "Cy"}  # each one's newest listed name
    assert [e.match_id for e in page_two] == [second]
    assert choices == (["decoder", "goofspiel"], ["S1"])


async def test_the_index_token_and_the_matches_not_yet_noted(sessionmaker: Sessions) -> None:
    noted = await _entry(sessionmaker, GUILD, 1, ((ANN, "Ann"), (BEN, "Ben")))
    missing = await _match(sessionmaker, GUILD)
    await _match(sessionmaker, GUILD, practice=True)  # never noted, so never asked for
    await _match(sessionmaker, OTHER)
    async with sessionmaker.begin() as session:
        history = HistoryRepository(session)
        assert await history.unnoted(GUILD, [MatchStatus.FINISHED.value], 10) == [missing]
        assert noted not in await history.unnoted(GUILD, [MatchStatus.FINISHED.value], 10)
        assert await history.link(GUILD) is None
        old = await history.new_link(GUILD)
        assert await history.link(GUILD) == old
        assert await history.guild_of(old) == GUILD
        new = await history.new_link(GUILD)
        other = await history.new_link(OTHER)
        assert len({old, new, other}) == 3
        assert await history.guild_of(old) is None  # replaced: opens nothing
        assert (await history.guild_of(new), await history.guild_of(other)) == (GUILD, OTHER)
