"""Files named by a match's config are read by the runtime, never by an engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from games import HOST, Rejected
from games.decoder import words
from games.logical_horror.puzzle import Puzzle
from games.logical_horror.puzzlefiles import format_puzzle
from games.runebreaker.rounds import RoundSpec
from games.runebreaker.runesets import RuneSet, format_rune_set
from storage.records import NewMatch, PlayerRecord
from tests.bot.runtime.conftest import Harness
from tests.games.logical_horror.logical_horror_support import PUZZLE
from tests.games.runebreaker.runebreaker_support import CLASSIC_ROUND


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
    with pytest.raises(Rejected, match="larger than 51200 KB"):
        await harness.runtime.create(decoder_match(str(huge)))


def runebreaker_match(rune_set: str) -> NewMatch:
    players = [PlayerRecord(seat=0, user_id=1), PlayerRecord(seat=1, user_id=2)]
    config = {"rune_set": rune_set, "first_seat": 0}
    return NewMatch(guild_id=1, game="runebreaker", config=config, seed=3, players=players)


async def test_a_hosts_rune_set_is_stored_with_the_match(harness: Harness, tmp_path: Path) -> None:
    """The file is read once, at create: editing it later cannot change the match."""
    path = tmp_path / "larks.runes"
    rune_set = RuneSet(variant="classic", rounds=[CLASSIC_ROUND])
    path.write_text(format_rune_set(rune_set), encoding="utf-8")
    match = await harness.runtime.create(runebreaker_match(str(path)))
    assert match.config["rune_set"] is None
    (stored,) = [RoundSpec.model_validate(r) for r in match.config["rounds"]]
    assert stored.reagent_board() == CLASSIC_ROUND.reagent_board()
    assert (stored.runes, stored.sequence) == (CLASSIC_ROUND.runes, CLASSIC_ROUND.sequence)
    path.write_text("garbage", encoding="utf-8")
    await harness.runtime.start(match.id)
    view = await harness.runtime.view(match.id, HOST)
    assert view["secret"]["sequence"] == CLASSIC_ROUND.sequence


async def test_a_broken_rune_set_is_refused_with_its_line(harness: Harness, tmp_path: Path) -> None:
    path = tmp_path / "broken.runes"
    path.write_text("variant classic\nround 1\nrune A = teleport 3\n", encoding="utf-8")
    with pytest.raises(Rejected, match=r"Can't use the rune set .*Line 3"):
        await harness.runtime.create(runebreaker_match(str(path)))
    with pytest.raises(Rejected, match="not a regular file"):
        await harness.runtime.create(runebreaker_match(str(tmp_path)))
    assert await harness.runtime.list_for_guild(1) == []


def logical_horror_match(**config: object) -> NewMatch:
    players = [PlayerRecord(seat=0, user_id=1), PlayerRecord(seat=1, user_id=2)]
    return NewMatch(guild_id=1, game="logical_horror", config=config, seed=3, players=players)


async def test_a_hosts_puzzle_file_is_proven_and_stored(harness: Harness, tmp_path: Path) -> None:
    path = tmp_path / "puzzle.txt"
    path.write_text(format_puzzle(PUZZLE), encoding="utf-8")
    match = await harness.runtime.create(logical_horror_match(puzzle_file=str(path)))
    assert match.config["puzzle_file"] is None
    assert Puzzle.model_validate(match.config["puzzle"]) == PUZZLE


async def test_a_puzzle_with_two_answers_or_a_wrong_solution_is_refused(
    harness: Harness, tmp_path: Path
) -> None:
    loose = PUZZLE.model_copy(update={"clues": PUZZLE.clues[1:]})  # one clue fewer
    path = tmp_path / "loose.txt"
    path.write_text(format_puzzle(loose), encoding="utf-8")
    with pytest.raises(Rejected, match="Can't use the puzzle file"):
        await harness.runtime.create(logical_horror_match(puzzle_file=str(path)))
    wrong = PUZZLE.model_copy(update={"solution": [not c for c in PUZZLE.solution]})
    with pytest.raises(Rejected, match="solution breaks the format or a clue"):
        await harness.runtime.create(logical_horror_match(puzzle=wrong.model_dump(mode="json")))
    assert await harness.runtime.list_for_guild(1) == []


async def test_rounds_given_whole_are_checked_like_a_rune_set(harness: Harness) -> None:
    """A round that errors on its own Reagent would break the match when it starts."""
    broken = CLASSIC_ROUND.model_copy(update={"reagent": ".. " * 100})  # nothing to shift
    players = [PlayerRecord(seat=0, user_id=1), PlayerRecord(seat=1, user_id=2)]
    for rounds, fine in (([CLASSIC_ROUND], True), ([CLASSIC_ROUND, broken], False)):
        config = {"rounds": [spec.model_dump(mode="json") for spec in rounds]}
        new = NewMatch(guild_id=1, game="runebreaker", config=config, seed=3, players=players)
        if fine:
            await harness.runtime.create(new)
            continue
        with pytest.raises(Rejected, match="Round 2 given can't be played"):
            await harness.runtime.create(new)
    assert len(await harness.runtime.list_for_guild(1)) == 1
