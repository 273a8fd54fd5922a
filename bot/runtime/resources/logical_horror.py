"""Logical Horror: a host's puzzle file (``puzzle_file``) becomes the config's
``puzzle``, read and proven once when a match is created; a puzzle given whole is
proven the same way (its solution fits, and it is the only one)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bot.runtime.resources.reading import read_small
from games import Rejected

MAX_PUZZLE_BYTES = 2**16  # a 10×10 puzzle file is well under a kilobyte


async def resolve(config: Mapping[str, Any]) -> dict[str, Any]:
    path = config.get("puzzle_file")
    if path is None:
        if config.get("puzzle") is not None:
            await asyncio.to_thread(_verify_given_puzzle, config["puzzle"])
        return dict(config)
    from games.logical_horror.puzzlefiles import PuzzleFileError, load_puzzle

    try:
        text = await asyncio.to_thread(read_small, Path(path), MAX_PUZZLE_BYTES)
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
    except (ValidationError, GivenPuzzleError) as error:
        raise Rejected(f"Can't use the puzzle given: {error}") from None
