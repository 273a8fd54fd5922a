"""Each server's settings (storage.server_settings) on SQLite and PostgreSQL:
defaults without a row, a save read back, servers apart, and a change of one
setting leaving another host's change of another standing."""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage import MatchRepository, NewMatch, PlayerRecord
from storage.server_settings import ServerSettings, described, load, save

Sessions = async_sessionmaker[AsyncSession]
GUILD = 1_300_000_000_000_000_001
OTHER_GUILD = 1_300_000_000_000_000_002


async def test_a_server_without_a_row_has_the_defaults(sessionmaker: Sessions) -> None:
    async with sessionmaker() as session:
        assert await load(session, GUILD) == ServerSettings()
    assert ServerSettings().practice_enabled is False
    assert ServerSettings().practice_limit == 2


async def test_saved_settings_read_back_for_their_server_only(sessionmaker: Sessions) -> None:
    chosen = ServerSettings(practice_enabled=True, practice_limit=5)
    async with sessionmaker.begin() as session:
        await save(session, GUILD, chosen)
    async with sessionmaker.begin() as session:
        await save(session, GUILD, replace(chosen, practice_limit=6))
    async with sessionmaker() as session:
        assert await load(session, GUILD) == replace(chosen, practice_limit=6)
        assert await load(session, OTHER_GUILD) == ServerSettings()


async def test_saving_one_change_keeps_the_others(sessionmaker: Sessions) -> None:
    """Two hosts read the same settings, each changes another one: both stand."""
    async with sessionmaker.begin() as session:
        await save(session, GUILD, ServerSettings())
    read_by_both = ServerSettings()
    async with sessionmaker.begin() as session:
        await save(
            session,
            GUILD,
            replace(read_by_both, practice_enabled=True),
            changed=["practice_enabled"],
        )
    async with sessionmaker.begin() as session:
        await save(
            session, GUILD, replace(read_by_both, practice_limit=4), changed=["practice_limit"]
        )
    async with sessionmaker() as session:
        assert await load(session, GUILD) == ServerSettings(practice_enabled=True, practice_limit=4)


def test_every_setting_is_described_with_a_type() -> None:
    settings = {s.name: s for s in described()}
    assert set(settings) == {
        "practice_enabled",
        "practice_limit",
        "publish_all",
        "match_page_days",
    }
    assert settings["publish_all"].kind is bool
    assert settings["match_page_days"].kind is int
    assert (settings["match_page_days"].low, settings["match_page_days"].high) == (0, 3650)
    assert settings["practice_limit"].kind is int
    assert (settings["practice_limit"].low, settings["practice_limit"].high) == (1, 20)
    assert settings["practice_enabled"].kind is bool
    assert all(s.about.endswith(".") for s in settings.values())


async def test_a_practice_match_keeps_the_bots_seat_and_level(sessionmaker: Sessions) -> None:
    new = NewMatch(
        guild_id=GUILD,
        game="goofspiel",
        config={},
        seed=7,
        players=[PlayerRecord(seat=0, user_id=10), PlayerRecord(seat=1, user_id=99)],
        practice=True,
        bot_seat=1,
        bot_level="easy",
    )
    async with sessionmaker.begin() as session:
        made = await MatchRepository(session).create(new)
    async with sessionmaker() as session:
        stored = await MatchRepository(session).get(made.id)
    assert stored is not None
    assert (stored.practice, stored.bot_seat, stored.bot_level) == (True, 1, "easy")
    plain = new.model_copy(update={"practice": False, "bot_seat": None, "bot_level": None})
    async with sessionmaker.begin() as session:
        other = await MatchRepository(session).create(plain)
    assert (other.practice, other.bot_seat, other.bot_level) == (False, None, None)
