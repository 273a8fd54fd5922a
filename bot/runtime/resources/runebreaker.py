"""Rune Breaker: a host's rune set (``rune_set``) becomes the config's ``rounds``,
read once when a match is created; rounds given whole are checked as a file's are."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bot.runtime.resources.reading import read_small
from games import Rejected

MAX_RUNE_SET_BYTES = 2**20  # five rounds of boards are a few kilobytes


async def resolve(config: Mapping[str, Any]) -> dict[str, Any]:
    from games.runebreaker.pieces import Palette
    from games.runebreaker.runesets import RuneSetError, parse_rune_set

    path = config.get("rune_set")
    if path is None:
        if config.get("rounds"):
            await asyncio.to_thread(_check_given_rounds, config)
        return dict(config)
    try:
        text = await asyncio.to_thread(read_small, Path(path), MAX_RUNE_SET_BYTES)
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
