"""What the runtime keeps in memory for one started match."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.runtime.clock import MatchClock
from bot.runtime.scheduler import Timer
from games import Deadline, Game, Notice
from storage.records import MatchRecord, MatchStatus


@dataclass
class Pending:
    """Committed notices for one audience, waiting to be delivered."""

    outbox_id: int
    target: str
    notices: list[Notice]


class Mailbox(Protocol):
    """What the outbox needs of a match: its record and its queue of messages.
    A :class:`LiveMatch`, or a match held only to deliver what it owes
    (bot.runtime.unloadable: one this version of the bot cannot load)."""

    record: MatchRecord
    outbox: list[Pending]
    pump: asyncio.Task[None] | None
    blocked: dict[str, str]

    @property
    def id(self) -> int: ...

    @property
    def status(self) -> MatchStatus: ...

    def deliverable(self) -> bool: ...


class Queued:
    """What a :class:`Mailbox` derives from its record and queue, once for both
    kinds (:class:`LiveMatch` and bot.runtime.unloadable's ``Stranded``)."""

    record: MatchRecord
    outbox: list[Pending]
    blocked: dict[str, str]

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def status(self) -> MatchStatus:
        return self.record.status

    def deliverable(self) -> bool:
        """Whether anything queued can be tried now (held targets wait)."""
        return any(p.target not in self.blocked for p in self.outbox)


@dataclass(slots=True)
class Armed:
    """A deadline armed now, with its timers: the deadline itself and its reminders."""

    deadline: Deadline
    timers: list[Timer]

    def cancel(self) -> None:
        for timer in self.timers:
            timer.cancel()


@dataclass
class LiveMatch(Queued):
    record: MatchRecord
    game: Game[Any, Any, Any]
    state: Any  # the engine state; None until the host starts the match
    clock: MatchClock
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    armed: dict[str, Armed] = field(default_factory=dict)  # by deadline key
    # deadline key -> label, for every deadline armed / fired: words for "too late"
    labels: dict[str, str] = field(default_factory=dict)
    fired: dict[str, str] = field(default_factory=dict)
    outbox: list[Pending] = field(default_factory=list)
    pump: asyncio.Task[None] | None = None
    # Targets no retry can reach until the host acts (target -> the reason): their
    # messages wait in ``outbox``, in order, until the host resumes the match.
    blocked: dict[str, str] = field(default_factory=dict)
    # The bot lost Discord: the clock is stopped (not saved as a pause) until it is
    # back, or until the outage outlasts its grace and the match is paused.
    held: bool = False
    # Paused because of an outage: it resumes by itself when Discord is back.
    outage_paused: bool = False

    def disarm(self, key: str | None = None) -> None:
        keys = [key] if key is not None else list(self.armed)
        for k in keys:
            if (armed := self.armed.pop(k, None)) is not None:
                armed.cancel()


def group_by_target(notices: list[Notice]) -> list[tuple[str, list[Notice]]]:
    """One message per audience per step, in the order each audience first appears."""
    groups: dict[str, list[Notice]] = {}
    for notice in notices:
        groups.setdefault(str(notice.audience), []).append(notice)
    return list(groups.items())
