"""The spectator stream's server-sent events, as bytes on the wire.

Each room message and each status becomes its frame once, when the feed learns
of it; every stream of the match then writes those same bytes. A thousand
spectators cost one JSON encoding per notice, not a thousand.
"""

from __future__ import annotations

import json
from typing import Any

from bot.web.room import RoomMessage
from storage.records import MatchStatus

STATUS_LABELS: dict[MatchStatus, str] = {
    MatchStatus.CREATED: "Not started yet",
    MatchStatus.RUNNING: "Live",
    MatchStatus.PAUSED: "Paused",
    MatchStatus.FINISHED: "Finished",
    MatchStatus.ABORTED: "Aborted",
}

#: A quiet stream's heartbeat: a comment line, which browsers ignore.
KEEP_ALIVE = b": keep-alive\n\n"


def message_frame(message: RoomMessage) -> bytes:
    """A ``message`` event; its id is the room row, so a browser resumes after it."""
    data = {"id": message.id, "text": message.text, "images": message.images}
    return _frame("message", data, event_id=message.id)


def status_frame(status: MatchStatus, pause_reason: str | None) -> bytes:
    data = {
        "status": status.value,
        "label": STATUS_LABELS[status],
        "reason": pause_reason if status is MatchStatus.PAUSED else None,
    }
    return _frame("status", data)


def _frame(event: str, data: dict[str, Any], *, event_id: int | None = None) -> bytes:
    lines = [f"event: {event}"]
    if event_id is not None:
        lines.append(f"id: {event_id}")
    # json.dumps never emits a raw newline, so the data is one line.
    lines.append(f"data: {json.dumps(data, ensure_ascii=False)}")
    return ("\n".join(lines) + "\n\n").encode()
