"""Files a game's config names, read here because engines do no I/O.

Which games read files is found by convention, like every other part of a game
(bot.kits): a module ``bot.runtime.resources.<key>`` for the game, with either
or both of

- ``resolve(config)``: read once, when a match is created, and stored with the
  match, so a later edit of the file cannot change a match under way (Rune
  Breaker: a host's rune set, ``rune_set``, becomes the config's ``rounds``;
  Logical Horror: a host's puzzle file, ``puzzle_file``, its ``puzzle``);
- ``prepare(config)``: kept in memory beside the engine, before a match is
  created, set up, restored or replayed (Decoder: a host's own word list,
  ``word_list``, too large to store with every match).

Each raises :class:`~games.Rejected` saying what is wrong. A game with no such
module reads no files; a new game with a file setting adds its module and gets
both the match-time reading and the start-up check (:func:`check`) for free.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from bot.kits import part

Resolver = Callable[[Mapping[str, Any]], Awaitable[dict[str, Any]]]
Preparer = Callable[[Mapping[str, Any]], Awaitable[None]]


def _hook(game: str, name: str) -> Any:
    """The game's ``resolve`` or ``prepare``, if it has a resources module with one."""
    return part(f"{__name__}.{game}", name)


async def resolve(game: str, config: Mapping[str, Any]) -> dict[str, Any]:
    """``config`` with the files it names read into it, to be stored with the match."""
    resolver: Resolver | None = _hook(game, "resolve")
    if resolver is not None:
        return await resolver(config)
    return dict(config)


async def prepare(game: str, config: Mapping[str, Any]) -> None:
    """Load what ``config`` names for ``game``; Rejected says what is wrong."""
    preparer: Preparer | None = _hook(game, "prepare")
    if preparer is not None:
        await preparer(config)


async def check(game: str, config: Mapping[str, Any]) -> None:
    """Everything ``config`` names for ``game`` can be read and used, as a match
    created with it would need: the settings' files, checked at start-up."""
    await prepare(game, config)
    await resolve(game, config)
