"""The room's messages as the web shows them: each committed outbox row for the
room, rendered exactly as the Discord room gets it (same renderer, PUBLIC)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.render import DEFAULT_NAMES, Rendered, renderer_for
from games import PUBLIC, Notice
from storage.records import MatchRecord, OutboxRecord

#: Display names for a match's seats (the Discord adapter asks Discord).
NamesFn = Callable[[MatchRecord], Awaitable[Sequence[str]]]


async def default_names(match: MatchRecord) -> Sequence[str]:
    return DEFAULT_NAMES


@dataclass(frozen=True)
class RoomMessage:
    id: int  # the outbox row: the order, and the SSE event id
    text: str
    images: int  # how many pictures the message carries


class RoomRenderer:
    """Renders room rows off the event loop, keeping the last few (images included)
    so a board picture asked for right after its message is not drawn twice."""

    def __init__(self, names: NamesFn = default_names, keep: int = 64) -> None:
        self.names = names
        self._keep = keep
        self._cache: OrderedDict[tuple[int, int, tuple[str, ...]], Rendered] = OrderedDict()

    async def render(
        self, match: MatchRecord, row: OutboxRecord, names: Sequence[str] | None = None
    ) -> Rendered:
        """``names``: the seats' display names, if the caller has them already."""
        shown = tuple(names if names is not None else await self.names(match))
        key = (match.id, row.id, shown)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        # Rows for the room only ever hold room notices; filter anyway, so that a
        # mis-addressed row could never put a private notice on the web.
        notices = [
            n for n in (Notice.model_validate(d) for d in row.notices) if n.audience == PUBLIC
        ]
        renderer = renderer_for(match.game)
        rendered = await asyncio.to_thread(renderer.render, notices, PUBLIC, names=shown)
        self._cache[key] = rendered
        while len(self._cache) > self._keep:
            self._cache.popitem(last=False)
        return rendered

    async def message(
        self, match: MatchRecord, row: OutboxRecord, names: Sequence[str]
    ) -> RoomMessage:
        rendered = await self.render(match, row, names)
        return RoomMessage(id=row.id, text=rendered.text, images=len(rendered.images))
