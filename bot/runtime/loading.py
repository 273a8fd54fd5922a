"""Loading one stored match: its game found, its options and files checked, its
state read — or :class:`CannotLoad` with the reason in plain words.

:func:`load_match` is the one place a stored match becomes a game and a state
(its stored format upgraded first: :mod:`bot.runtime.stored`): the runtime's
restore and on-demand loads, ``/match export`` and ``genius-bot db check`` all
go through it, so a step added here applies to all of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

import games
from bot.runtime.resources import prepare
from bot.runtime.stored import stored_state
from games import Rejected
from games.core.formats import FormatError
from storage.records import MatchRecord

#: How many of a validation error's problems a reason names.
PROBLEMS_SHOWN = 3


@dataclass(frozen=True)
class Loaded:
    game: games.Game[Any, Any, Any]
    state: Any  # None until the match starts


class CannotLoad(Rejected):
    """A stored match this version of the bot cannot load. ``message`` is what a
    player is told; :meth:`for_host` adds the reason and what a host can do."""

    def __init__(self, record: MatchRecord, reason: str) -> None:
        self.record = record
        self.match_id = record.id
        self.game = record.game
        self.status = record.status
        self.reason = reason
        super().__init__(self._for_player())

    def _for_player(self) -> str:
        said = f"Match #{self.match_id} could not be loaded after the bot was updated"
        if self.status.over:
            return f"{said}; it is over ({self.status})."
        return (
            f"{said}, so it takes no moves for now and no clock runs for it. "
            "The host has been told: they can export it or end it."
        )

    def for_host(self) -> str:
        said = (
            f"Match #{self.match_id} could not be loaded after the bot was updated: {self.reason}. "
        )
        export = "`/match export` gives its stored rows (the match and its event log) as a file"
        if self.status.over:
            return f"{said}It is over ({self.status}); {export}."
        return (
            f"{said}No clock runs for it and it takes no moves or commands. {export}; "
            "`/match abort` ends it. `genius-bot db check` lists every such match."
        )


async def load_match(record: MatchRecord) -> Loaded:
    """The match's game and state as this version of the bot reads them, or
    :class:`CannotLoad` saying why not (any failure: a match is never left
    unloaded without a reason)."""
    try:
        game = games.get(record.game)
    except KeyError:
        raise CannotLoad(record, f"its game “{record.game}” is not in this version") from None
    title = game.title
    try:
        game.coerce_config(record.config)
    except ValidationError as error:
        raise CannotLoad(record, f"its options no longer fit {title} ({problems(error)})") from None
    try:
        await prepare(record.game, record.config)
    except Rejected as error:
        raise CannotLoad(
            record, f"a file its options name cannot be used: {error.message}"
        ) from None
    except Exception as error:
        raise CannotLoad(
            record, f"a file its options name cannot be read ({_said(error)})"
        ) from None
    try:
        # Upgraded from the format it was stored in first (bot.runtime.stored).
        return Loaded(game, stored_state(game, record))
    except FormatError as error:
        raise CannotLoad(record, str(error)) from None
    except ValidationError as error:
        reason = f"its stored state no longer fits {title} ({problems(error)})"
        raise CannotLoad(record, reason) from None
    except Exception as error:
        raise CannotLoad(record, f"its stored state cannot be read ({_said(error)})") from None


def problems(error: ValidationError) -> str:
    """Where and what, never the values (a state holds secrets: hands, words)."""
    found = error.errors(include_url=False, include_input=False)
    shown = [_problem(p) for p in found[:PROBLEMS_SHOWN]]
    more = len(found) - len(shown)
    return "; ".join(shown) + (f"; and {more} more" if more else "")


def _problem(problem: Any) -> str:
    where = ".".join(str(part) for part in problem["loc"])
    # In code: a field's underscores must not turn into italics on Discord.
    return f"`{where}`: {problem['msg']}" if where else str(problem["msg"])


def _said(error: Exception) -> str:
    first = str(error).splitlines()[0] if str(error) else ""
    return f"{type(error).__name__}: {first[:200]}" if first else type(error).__name__
