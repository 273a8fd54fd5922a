"""A server's history through Discord: the season label of ``/match new`` flows
to the list and the page, ``/match publish`` and ``unpublish`` decide what the
page lists, ``/match history`` gives its link (just for the host, or posted
where asked; a new link closes the old one), and ``publish_all`` lists every
finished match. The history is not a layout's business: one layout."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import aiohttp
import pytest
from sqlalchemy import delete

from bot.config import Settings, WebSettings
from bot.discord.host._history import _check_listable
from games import Rejected
from storage.records import MatchRecord, MatchStatus
from storage.tables import HistoryEntryRow
from tests.bot.discord.support import World, assert_refused, new_match, said, texts
from tests.bot.logical_horror_support import SOLUTION, options_json

pytestmark = pytest.mark.layouts("channels")

HISTORY_LINK = re.compile(r"<(https://genius\.example\.org/history/[A-Za-z0-9_-]+)>")


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The Discord tests' settings (conftest.py), with the web pages on."""
    web = WebSettings(port=0, public_url="https://genius.example.org")
    return settings.model_copy(update={"web": web})


async def _bob_wins(world: World, **slash: str) -> int:
    """A Logical Horror match bob (seat 1) wins at once with the solution."""
    match = await new_match(world, game="logical_horror", options=options_json(), **slash)
    await world.bob.send(match.private[1], f"public {SOLUTION}")
    assert (await world.bot.runtime.get(match.id)).status == "finished"
    return match.id


async def _page(world: World, link: str) -> tuple[int, str]:
    assert world.bot.web is not None
    path = link.removeprefix("https://genius.example.org")
    async with aiohttp.ClientSession() as http, http.get(world.bot.web.url + path) as response:
        return response.status, await response.text()


async def _link(world: World, **slash: bool) -> str:
    found = HISTORY_LINK.search(
        said(await world.host.slash(world.general, "match history", **slash))
    )
    assert found is not None
    return found[1]


async def test_publish_unpublish_and_the_history_link(world: World) -> None:
    match_id = await _bob_wins(world, season="  Spring   2027 ")
    assert (await world.bot.runtime.get(match_id)).season == "Spring 2027"
    listing = said(await world.host.slash(world.general, "match list"))
    assert f"**#{match_id}** Logical Horror (Spring 2027):" in listing
    link = await _link(world)
    status, page = await _page(world, link)
    assert status == 200
    assert "No published match is listed here yet." in page  # finished is not published
    published = said(await world.host.slash(world.general, "match publish", match=match_id))
    assert published.startswith(f"Match #{match_id} is now listed in this server's history")
    again = said(await world.host.slash(world.general, "match publish", match=match_id))
    assert again.startswith(f"Match #{match_id} is already published.")
    status, page = await _page(world, link)
    assert "Spring 2027" in page
    assert "<strong>bob</strong> wins — bob&#x27;s board satisfies every clue</td>" in page
    assert ">alice</a> vs <a" in page
    assert world.bot.web is not None
    assert await world.bot.web.links.watch_url(match_id) in page  # its match page
    gone = said(await world.host.slash(world.general, "match unpublish", match=match_id))
    assert gone.startswith(f"Match #{match_id} is no longer listed")
    assert "No published match is listed here yet." in (await _page(world, link))[1]
    # The link was only for the host; posted where asked, everyone reads it.
    assert not any(HISTORY_LINK.search(text) for text in texts(world.general))
    await world.host.slash(world.general, "match history", public=True)
    assert [HISTORY_LINK.search(t)[1] for t in texts(world.general) if HISTORY_LINK.search(t)] == [
        link
    ]
    # A new link: the old one is the plain 404.
    new = await _link(world, new_link=True)
    assert new != link
    assert (await _page(world, link))[0] == 404
    assert (await _page(world, new))[0] == 200


async def test_publish_all_lists_every_finished_match_but_the_unpublished(world: World) -> None:
    first = await _bob_wins(world)
    changed = said(
        await world.host.slash(world.general, "match settings", change="publish_all=true")
    )
    assert "publish_all" in changed
    # A match that ended with no entry (before the history existed) is noted when
    # a host asks for the link.
    async with world.bot.sessions.begin() as session:
        await session.execute(delete(HistoryEntryRow).where(HistoryEntryRow.match_id == first))
    link = await _link(world)
    page = (await _page(world, link))[1]
    assert re.search(r"<p>1 match\.</p>", page)
    assert "<strong>bob</strong> wins" in page
    await world.host.slash(world.general, "match unpublish", match=first)
    assert "No published match is listed here yet." in (await _page(world, link))[1]


async def test_what_cannot_be_published_is_refused_plainly(world: World) -> None:
    running = await new_match(world)
    result = await world.host.slash(running.room, "match publish")
    assert_refused(world, result, f"Match #{running.id} hasn't finished yet")
    await world.host.slash(running.room, "match abort")
    result = await world.host.slash(running.room, "match unpublish")
    assert_refused(world, result, f"Match #{running.id} was aborted: it has no result")
    too_long = "S" * 41
    result = await world.host.slash(
        world.general, "match new", game="goofspiel", player1=world.alice, player2=world.bob,
        season=too_long,
    )  # fmt: skip
    assert_refused(world, result, "The season label is 41 characters long; keep it to 40")
    assert len(await world.bot.runtime.list_for_guild(world.guild.id)) == 1  # none made
    result = await world.carol.slash(world.general, "match history")
    assert_refused(world, result, "")
    assert not HISTORY_LINK.search(said(result))


def test_a_practice_match_is_never_published() -> None:
    now = datetime.now(UTC)
    practice = MatchRecord(
        id=3, guild_id=1, game="goofspiel", status=MatchStatus.FINISHED, config={}, seed=7,
        state=None, version=1, clock_ms=0, pause_reason=None, category_id=None,
        room_channel_id=None, host_channel_id=None, players=[], created_at=now, updated_at=now,
        practice=True,
    )  # fmt: skip
    with pytest.raises(Rejected, match="practice matches are never listed"):
        _check_listable(practice)
