"""Files a game's config names, read here because engines do no I/O.

Before a match is created, set up, restored or replayed, the runtime calls
:func:`prepare` with its game and config; the game finds what it needs in
memory afterwards (Decoder: a host's own word list, ``word_list``).
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


def _read_small(path: Path) -> str:
    """A regular file's text, refusing devices, pipes and anything huge."""
    if not path.is_file():
        raise ValueError("not a regular file")
    if path.stat().st_size > MAX_WORD_LIST_BYTES:
        raise ValueError(f"larger than {MAX_WORD_LIST_BYTES // 2**20} MB")
    return path.read_text(encoding="utf-8")


_PREPARERS: dict[str, Callable[[Mapping[str, Any]], Awaitable[None]]] = {
    "decoder": _decoder_words,
}


async def prepare(game: str, config: Mapping[str, Any]) -> None:
    """Load what ``config`` names for ``game``; Rejected says what is wrong."""
    if (preparer := _PREPARERS.get(game)) is not None:
        await preparer(config)
