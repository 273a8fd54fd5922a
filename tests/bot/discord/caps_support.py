"""Discord refusing one particular creation call of a match, as it would at its caps.

SimCord's ``env.inject_error`` fails the next call to a path, but every channel
of a match is made through the same path (``POST /guilds/{id}/channels``): what
tells them apart is the name in the request. :func:`refuse_at` raises SimCord's
own backend error (what ``inject_error`` raises) on the call whose method, path
and name match one :class:`Creation`. Each layout has its list of calls, under
the same labels (:data:`CREATIONS`).
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from typing import Any

import pytest
import simcord
from simcord.http import router


@dataclass(frozen=True)
class Creation:
    """One Discord call that makes a piece of a match."""

    label: str
    path: str  # fnmatch pattern of the API path
    name: str  # fnmatch pattern of the name in the request's body
    method: str = "POST"

    def made_by(self, method: str, path: str, body: Any) -> bool:
        name = body.get("name", "") if isinstance(body, dict) else ""
        return (
            method == self.method
            and fnmatch.fnmatch(path, self.path)
            and fnmatch.fnmatch(name, self.name)
        )


#: The calls of the channels layout, in the order it makes them.
CHANNEL_LAYOUT = (
    Creation("category", "/guilds/*/channels", "genius-*"),
    Creation("room", "/guilds/*/channels", "match-*-room"),
    Creation("seat 1", "/guilds/*/channels", "match-*-p1-*"),
    Creation("seat 2", "/guilds/*/channels", "match-*-p2-*"),
    Creation("host log", "/guilds/*/channels", "match-*-host-log"),
)

#: The calls of the threads layout on a server with no shared category yet: the
#: category it opens, the room in it, then a private thread of the room per seat
#: and for the host log (each seat's player added to it).
THREAD_LAYOUT = (
    Creation("category", "/guilds/*/channels", "genius matches*"),
    Creation("room", "/guilds/*/channels", "match-*-room"),
    Creation("seat 1", "/channels/*/threads", "match-*-p1-*"),
    Creation("seat 2", "/channels/*/threads", "match-*-p2-*"),
    Creation("host log", "/channels/*/threads", "match-*-host-log"),
)

CREATIONS = {"channels": CHANNEL_LAYOUT, "threads": THREAD_LAYOUT}
LABELS = [creation.label for creation in CHANNEL_LAYOUT]


def creation(layout: str, label: str) -> Creation:
    """The call labelled ``label`` in ``layout``."""
    (found,) = (c for c in CREATIONS[layout] if c.label == label)
    return found


#: Discord's answers at its caps (the per-category one has no code of its own).
GUILD_FULL = {
    "status": 400,
    "code": 30013,
    "message": "Maximum number of guild channels reached (500)",
}
CATEGORY_FULL = {
    "status": 400,
    "code": 50035,
    "message": "Invalid Form Body\nIn parent_id: Maximum number of channels in category "
    "reached (50)",
}


def refuse_at(
    monkeypatch: pytest.MonkeyPatch,
    creation: Creation,
    *,
    status: int,
    code: int,
    message: str,
    times: int | None = 1,
) -> list[str]:
    """Make Discord refuse ``creation`` (``times`` calls, None: every one); returns
    the paths refused so far, for the test to check the fault was reached."""
    refused: list[str] = []
    original = router.dispatch

    def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        if creation.made_by(method, path, kwargs.get("json")) and (
            times is None or len(refused) < times
        ):
            refused.append(path)
            raise simcord.BackendError(status, code, message)
        return original(backend, method, path, **kwargs)

    monkeypatch.setattr(router, "dispatch", dispatch)
    return refused
