"""A finished match's result in one line, as a host reads it in ``/match status``
and ``/match list``: who won and the engine's reason, the players named (an
engine counts seats, "seat 0", which no person should have to translate)."""

from __future__ import annotations

from collections.abc import Sequence

import games
from bot.render.base import escape_md, name_seats
from bot.runtime.stored import stored_state
from games import FormatError, Outcome
from storage.records import MatchRecord


def outcome_of(match: MatchRecord) -> Outcome | None:
    """The stored outcome (None while unfinished, for a game this bot lacks, or
    a state it can no longer read)."""
    if match.state is None:
        return None
    try:
        game = games.get(match.game)
    except KeyError:
        return None
    try:
        state = stored_state(game, match)
    except (ValueError, FormatError):  # unreadable here: no result, but the list still shows
        return None
    return game.outcome(state)


def result_line(outcome: Outcome, names: Sequence[str]) -> str:
    """``names``: the seats as they may appear in markdown as they are (escaped
    display names, or mentions)."""
    reason = name_seats(escape_md(outcome.reason), names)
    if outcome.winner is None:
        return f"🏁 Result: a draw — {reason}."
    return f"🏁 Result: **{names[outcome.winner]}** wins — {reason}."
