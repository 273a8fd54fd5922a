"""Files named by a match's config are read by the runtime, never by an engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from games import Rejected
from games.decoder import words
from storage.records import NewMatch, PlayerRecord
from tests.bot.runtime.conftest import Harness


def decoder_match(word_list: str) -> NewMatch:
    players = [PlayerRecord(seat=0, user_id=1), PlayerRecord(seat=1, user_id=2)]
    return NewMatch(
        guild_id=1, game="decoder", config={"word_list": word_list}, seed=3, players=players
    )


async def test_a_hosts_word_list_is_loaded_for_the_match(harness: Harness, tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_text("zyzzyva\nqi\nCAT\n", encoding="utf-8")
    match = await harness.runtime.create(decoder_match(str(path)))
    await harness.runtime.start(match.id)
    loaded = words.word_list(str(path))
    assert "ZYZZYVA" in loaded
    assert "CAT" in loaded
    assert "QI" not in loaded  # two letters: too short to ask


async def test_a_missing_word_list_is_refused_at_create(harness: Harness, tmp_path: Path) -> None:
    with pytest.raises(Rejected, match="Can't read the word list"):
        await harness.runtime.create(decoder_match(str(tmp_path / "nope.txt")))
    empty = tmp_path / "empty.txt"
    empty.write_text("a\nbb\n", encoding="utf-8")
    with pytest.raises(Rejected, match="no words of 3–15 letters"):
        await harness.runtime.create(decoder_match(str(empty)))
    assert await harness.runtime.list_for_guild(1) == []


async def test_a_device_or_huge_file_is_not_read(harness: Harness, tmp_path: Path) -> None:
    """Only regular files of sensible size are read as word lists."""
    with pytest.raises(Rejected, match="not a regular file"):
        await harness.runtime.create(decoder_match(str(tmp_path)))
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as handle:
        handle.truncate(51 * 2**20)  # sparse: no real disk used
    with pytest.raises(Rejected, match="larger than 50 MB"):
        await harness.runtime.create(decoder_match(str(huge)))
