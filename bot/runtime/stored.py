"""A stored match's state as today's engine reads it: upgraded from the format
version it was written in (games.core.formats), then validated. Everything that
reads a match row's state goes through here, so none reads yesterday's JSON as
today's model."""

from __future__ import annotations

from typing import Any

from games import Game
from games.core.formats import load_state
from storage.records import MatchRecord


def stored_state(game: Game[Any, Any, Any], record: MatchRecord) -> Any:
    """The record's state (None before the start). Raises FormatError for a format
    this build cannot read, and pydantic's ValidationError for a state the upgrade
    steps do not make valid."""
    if record.state is None:
        return None
    return load_state(game, record.format_version, record.state)
