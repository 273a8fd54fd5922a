"""Decoder: a host's own word list (``word_list``), kept in memory beside the
engine: too large to store with every match."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bot.runtime.resources.reading import read_small
from games import Rejected

MAX_WORD_LIST_BYTES = 50 * 2**20  # CSW is about 3 MB; anything this big is a mistake


async def prepare(config: Mapping[str, Any]) -> None:
    from games.decoder import words

    path = config.get("word_list")
    if path is None or path in words.registered_paths():
        return
    try:
        text = await asyncio.to_thread(read_small, Path(path), MAX_WORD_LIST_BYTES)
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise Rejected(f"Can't read the word list {path!r}: {error}.") from None
    loaded = words.words_in(text)
    if not loaded:
        raise Rejected(f"The word list {path!r} has no words of 3–15 letters A–Z.")
    words.register_word_list(path, loaded)
