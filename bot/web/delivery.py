"""The delivery port wrapper that keeps the spectator view live.

It wraps the real port (Discord's) and changes nothing about it: every call
goes through as is, and the runtime's guarantees stay whole (rows are
committed before any port sees them; the web reads those rows itself). A room
delivery pokes the feed first, then goes to the room; after the room is told
the match started it posts the spectator link there, and after a seat is told,
the board editor's link to that seat (for games with an editor).
"""

from __future__ import annotations

import logging

from bot.runtime.delivery import DeliveryPort
from bot.web.editor import editor_builder
from bot.web.feed import Feeds
from bot.web.links import WebLinks
from games import PUBLIC, Notice
from storage.records import MatchRecord

log = logging.getLogger(__name__)

#: The notice kinds that carry the links (rendered by bot.render.base).
WATCH_LINK = "watch_link"
EDITOR_LINK = "editor_link"


class WebDelivery:
    def __init__(self, inner: DeliveryPort, feeds: Feeds, links: WebLinks | None) -> None:
        self.inner = inner
        self.feeds = feeds
        self.links = links

    async def deliver(self, match: MatchRecord, target: str, notices: list[Notice]) -> None:
        if target == PUBLIC:
            # The row is committed before any port sees it: spectators on the web
            # may see it now, without waiting for Discord's post (nor its retries).
            self.feeds.poke(match.id)
        await self.inner.deliver(match, target, notices)
        if not any(n.kind == "match_started" for n in notices):
            return
        if target == PUBLIC:
            await self._post_link(match, PUBLIC, WATCH_LINK)
        elif target.isdigit() and editor_builder(match.game) is not None:
            await self._post_link(match, target, EDITOR_LINK)

    async def _post_link(self, match: MatchRecord, target: str, kind: str) -> None:
        if self.links is None:
            return
        # Failing here must not fail the delivery: the outbox would re-send the
        # "match started" message just to retry a courtesy link.
        try:
            if kind == WATCH_LINK:
                url = await self.links.watch_url(match.id)
            else:
                url = await self.links.editor_url(match.id)
            audience = PUBLIC if target == PUBLIC else int(target)
            notice = Notice(audience=audience, kind=kind, data={"url": url})
            await self.inner.deliver(match, target, [notice])
        except Exception:
            log.exception("match %s: could not post the %s", match.id, kind.replace("_", " "))
