"""Files a game's config names, read here because engines do no I/O.

Two kinds:

- read once, when a match is created, and stored with the match, so a later
  edit of the file cannot change a match under way (:func:`resolve`; Rune
  Breaker: a host's rune set, ``rune_set``, becomes the config's ``rounds``;
  Logical Horror: a host's puzzle file, ``puzzle_file``, its ``puzzle``);
- kept in memory beside the engine (:func:`prepare`, before a match is
  created, set up, restored or replayed; Decoder: a host's own word list,
  ``word_list``, too large to store with every match).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

from games import Rejected


async def _decoder_words(config: Mapping[str, Any]) -> None:
    from games.decoder import words

    path = config.get("word_list")
    if path is None or path in words.registered_paths():
        return
    try:
        text = await asyncio.to_thread(_read_small, Path(path))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise Rejected(f"Can't read the word list {path!r}: {error}.") from None
    loaded = words.load_words(text.splitlines())
    if not loaded:
        raise Rejected(f"The word list {path!r} has no words of 3–15 letters A–Z.")
    words.register_word_list(path, loaded)


MAX_WORD_LIST_BYTES = 50 * 2**20  # CSW is about 3 MB; anything this big is a mistake
MAX_RUNE_SET_BYTES = 2**20  # five rounds of boards are a few kilobytes


def _read_small(path: Path, limit: int = MAX_WORD_LIST_BYTES) -> str:
    """A regular file's text, refusing devices, pipes and anything huge."""
    if not path.is_file():
        raise ValueError("not a regular file")
    if path.stat().st_size > limit:
        raise ValueError(f"larger than {limit // 2**10} KB")
    return path.read_text(encoding="utf-8")


async def _runebreaker_rounds(config: Mapping[str, Any]) -> dict[str, Any]:
    from games.runebreaker.pieces import Palette
    from games.runebreaker.runesets import RuneSetError, parse_rune_set

    path = config.get("rune_set")
    if path is None:
        if config.get("rounds"):
            await asyncio.to_thread(_check_given_rounds, config)
        return dict(config)
    try:
        text = await asyncio.to_thread(_read_small, Path(path), MAX_RUNE_SET_BYTES)
        palette = Palette(int(config.get("colours", 6)), int(config.get("shapes", 6)))
        variant = config.get("variant", "classic")
        rune_set = await asyncio.to_thread(parse_rune_set, text, palette, variant=variant)
    except (OSError, UnicodeDecodeError, ValueError, TypeError) as error:
        detail = str(error) if isinstance(error, RuneSetError) else f"{error}"
        raise Rejected(f"Can't use the rune set {path!r}: {detail}") from None
    rounds = [spec.model_dump(mode="json") for spec in rune_set.rounds]
    return {**config, "rune_set": None, "rounds": rounds}


def _check_given_rounds(config: Mapping[str, Any]) -> None:
    """Rounds given whole (the settings or a match's options) are held to a rune
    set's standard: a round that errors on its own Reagent, or has a dead
    command, would break the match the moment it starts."""
    from pydantic import ValidationError

    from games.runebreaker.pieces import Palette
    from games.runebreaker.rounds import RoundSpec
    from games.runebreaker.soundness import check_round

    try:
        palette = Palette(int(config.get("colours", 6)), int(config.get("shapes", 6)))
        variant = config.get("variant", "classic")
        for number, data in enumerate(config["rounds"], start=1):
            problems = check_round(RoundSpec.model_validate(data), variant, palette)
            if problems:
                raise Rejected(f"Round {number} given can't be played: {problems[0]}")
    except (ValidationError, ValueError, TypeError, KeyError) as error:
        raise Rejected(f"Can't use the rounds given: {error}") from None


MAX_PUZZLE_BYTES = 2**16  # a 10×10 puzzle file is well under a kilobyte


async def _logical_horror_puzzle(config: Mapping[str, Any]) -> dict[str, Any]:
    path = config.get("puzzle_file")
    if path is None:
        if config.get("puzzle") is not None:
            await asyncio.to_thread(_verify_given_puzzle, config["puzzle"])
        return dict(config)
    from games.logical_horror.puzzlefiles import PuzzleFileError, load_puzzle

    try:
        text = await asyncio.to_thread(_read_small, Path(path), MAX_PUZZLE_BYTES)
        # The loader proves the puzzle has exactly one solution (a SAT search).
        puzzle = await asyncio.to_thread(load_puzzle, text)
    except (OSError, UnicodeDecodeError, ValueError) as error:
        detail = str(error) if isinstance(error, PuzzleFileError) else f"{error}"
        raise Rejected(f"Can't use the puzzle file {path!r}: {detail}") from None
    return {**config, "puzzle_file": None, "puzzle": puzzle.model_dump(mode="json")}


def _verify_given_puzzle(data: Any) -> None:
    """A puzzle given whole (the settings or a match's options, for rehearsals) is
    proven like a file: its solution fits, and it is the only one."""
    from pydantic import ValidationError

    from games.logical_horror.puzzle import Puzzle
    from games.logical_horror.puzzlefiles import GivenPuzzleError, prove_given

    try:
        prove_given(Puzzle.model_validate(data))
    except ValidationError as error:
        raise Rejected(f"Can't use the puzzle given: {error}") from None
    except GivenPuzzleError as error:
        raise Rejected(f"Can't use the puzzle given: {error}") from None


_RESOLVERS: dict[str, Callable[[Mapping[str, Any]], Awaitable[dict[str, Any]]]] = {
    "runebreaker": _runebreaker_rounds,
    "logical_horror": _logical_horror_puzzle,
}


async def resolve(game: str, config: Mapping[str, Any]) -> dict[str, Any]:
    """``config`` with the files it names read into it, to be stored with the match."""
    if (resolver := _RESOLVERS.get(game)) is not None:
        return await resolver(config)
    return dict(config)


_PREPARERS: dict[str, Callable[[Mapping[str, Any]], Awaitable[None]]] = {
    "decoder": _decoder_words,
}


async def prepare(game: str, config: Mapping[str, Any]) -> None:
    """Load what ``config`` names for ``game``; Rejected says what is wrong."""
    if (preparer := _PREPARERS.get(game)) is not None:
        await preparer(config)
