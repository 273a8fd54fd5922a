"""Whether a match takes a move now: open, and the move's decision window too.

A move is aimed at the decision window its seat was answering when it arrived
(buttons carry theirs). Once the match lock is held, a window that moved on,
or whose time ran out for that seat, refuses the move: a late move is never
applied to whatever window is open by then.
"""

from __future__ import annotations

from typing import Any

from bot.runtime.live import LiveMatch
from games import Rejected
from games.core import Actor
from storage.records import MatchStatus


def window_of(live: LiveMatch, actor: Actor) -> str | None:
    """The decision window ``actor`` answers now (None for the host, or before start)."""
    if live.state is None or isinstance(actor, str):
        return None
    return live.game.window(live.state, actor)


def closed(live: LiveMatch, actor: Actor, window: str) -> bool:
    """The window moved on, or its time ran out for this seat (the window may
    still be open for the other seat)."""
    return window in live.fired or window != window_of(live, actor)


def closed_message(live: LiveMatch, window: str) -> str:
    if window in live.fired:
        return f"Too late — the time for {live.fired[window]} ran out."
    what = live.labels.get(window)
    return (
        f"Too late — {what} has already closed."
        if what
        else "Too late — that prompt has already closed."
    )


def check_open(live: LiveMatch) -> None:
    """Rejected unless the match is running."""
    status = live.status
    if status is MatchStatus.CREATED:
        raise Rejected("The match hasn't started yet — the host starts it.")
    if status is MatchStatus.PAUSED:
        reason = f" ({live.record.pause_reason})" if live.record.pause_reason else ""
        raise Rejected(f"The match is paused{reason}; moves wait until the host resumes it.")
    if status.over:
        raise Rejected(f"Match #{live.id} is over.")


def describe(action: dict[str, Any]) -> str:
    """An action as the host log shows it when no typed text is at hand (buttons)."""
    fields = " ".join(f"{k}={v}" for k, v in action.items() if k != "kind" and v is not None)
    return f"{action.get('kind', 'move')} {fields}".strip()
