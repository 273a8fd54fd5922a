"""The delivery port: how the runtime hands committed notices to the outside world.

The Discord adapter implements it with channels; the CLI demo prints; tests and
benchmarks collect into a list. ``target`` is 'public', 'host', or a seat as text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from games import Notice
from storage.records import MatchRecord


class Undeliverable(Exception):
    """A target that no retry can reach until a person acts: the bot was shut out
    of its channel, or the channel is gone. ``reason`` is a sentence for the host
    and players, naming the channel and what to do; the runtime pauses the match
    with it and holds that target's messages until the host resumes."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class DeliveryPort(Protocol):
    async def deliver(self, match: MatchRecord, target: str, notices: list[Notice]) -> None:
        """Show ``notices`` to ``target``. Raise to leave them queued for a retry;
        raise :class:`Undeliverable` when retrying cannot help until someone acts."""
        ...


@dataclass(frozen=True)
class Delivered:
    match_id: int
    target: str
    notices: list[Notice]


@dataclass
class ListDelivery:
    """Collects deliveries in order: the port for tests, benchmarks and tools."""

    delivered: list[Delivered] = field(default_factory=list)

    async def deliver(self, match: MatchRecord, target: str, notices: list[Notice]) -> None:
        self.delivered.append(Delivered(match.id, target, list(notices)))

    def kinds(self, target: str | None = None, match_id: int | None = None) -> list[str]:
        return [
            n.kind
            for d in self.delivered
            if (target is None or d.target == target)
            and (match_id is None or d.match_id == match_id)
            for n in d.notices
        ]
