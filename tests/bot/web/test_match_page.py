"""The match page over HTTP: an ended match's spectator link lists its room
messages as steps, each with the match clock, and serves each step's text and
alt texts; a step answers only for its own match's room."""

from __future__ import annotations

import json
import random
import re
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select, update

from storage import server_settings
from storage.server_settings import ServerSettings
from storage.tables import MatchRow, OutboxRow
from tests.bot.web.conftest import Site
from tests.bot.web.test_no_secrets import play_a_step

DATA = re.compile(rb'<script type="application/json" id="match">(.*?)</script>')


async def page_data(site: Site, url: str) -> dict[str, Any]:
    status, body, headers = await site.get(url)
    assert status == 200
    assert headers["Content-Type"].startswith("text/html")
    found = DATA.search(body)
    assert found is not None, "not the match page"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


async def step_texts(site: Site, url: str) -> tuple[list[list[Any]], list[dict[str, Any]]]:
    """The page's steps, and every step's text and alt texts as the server sends
    them (asked for a chunk at a time, as the page does)."""
    data = await page_data(site, url)
    steps, chunk = data["steps"], data["chunk"]
    texts: list[dict[str, Any]] = []
    for start in range(0, len(steps), chunk):
        status, body, _ = await site.get(f"{url}/steps/{steps[start][0]}")
        assert status == 200
        texts += json.loads(body)["steps"]
    assert [t["id"] for t in texts] == [s[0] for s in steps]
    return steps, texts


async def rows_of(site: Site, match_id: int, target: str) -> list[int]:
    async with site.server.context.sessions() as session:
        stmt = select(OutboxRow.id).where(
            OutboxRow.match_id == match_id, OutboxRow.target == target
        )
        return list(await session.scalars(stmt.order_by(OutboxRow.id)))


async def test_an_ended_match_reads_step_by_step(site: Site) -> None:
    match_id = await site.new_match("goofspiel")
    watch = await site.watch_url(match_id)
    live = (await site.get(watch))[1]
    assert b"watch-page" in live  # while it is played: the live view
    rng = random.Random(3)
    for _ in range(4):
        await play_a_step(site, match_id, "goofspiel", rng)
        await site.runtime.scheduler.advance(7)  # the clock moves between steps
    ended = await site.runtime.abort(match_id)
    await site.runtime.flush()

    assert (await page_data(site, watch))["status"] == "aborted"
    steps, texts = await step_texts(site, watch)
    assert [s[0] for s in steps] == await rows_of(site, match_id, "public")
    clocks = [s[1] for s in steps]
    assert clocks == sorted(clocks)  # the match clock never runs backwards
    assert clocks[-1] == ended.clock_ms > clocks[0]
    assert not any(s[2] for s in steps)  # no reveal yet
    pictures = 0
    for step in texts:
        assert step["text"]
        for index, alt in enumerate(step["alts"]):
            assert len(alt) > 20  # the picture's name, then the message it goes with
            status, png, _ = await site.get(f"{watch}/board/{step['id']}/{index}.png")
            assert status == 200
            assert png.startswith(b"\x89PNG")
            pictures += 1
    assert pictures  # a Goofspiel board was drawn at least once


async def test_a_step_answers_only_for_its_own_room(site: Site) -> None:
    first = await site.new_match("goofspiel")
    other = await site.new_match("goofspiel")
    for match_id in (first, other):
        await site.runtime.abort(match_id)
    await site.runtime.flush()
    watch = await site.watch_url(first)
    own = (await rows_of(site, first, "public"))[0]
    theirs = (await rows_of(site, other, "public"))[0]
    seats = await rows_of(site, first, "0")
    assert seats  # the seat was told something the room was not
    token = watch.rsplit("/", 1)[1]
    assert (await site.get(f"{watch}/steps/{own}"))[0] == 200
    for url in (
        f"{watch}/steps/{theirs}",  # another match's room
        f"{watch}/steps/{seats[0]}",  # its own seat's channel
        f"{watch}/step/99999999",
        f"{site.url}/watch/{'B' * 24}/steps/{own}",  # an unknown token
        f"{site.url}/edit/{token}/steps/{own}",  # the token on another page
        f"{watch}/step/-1",
    ):
        status, body, headers = await site.get(url)
        assert status == 404, url
        assert headers["Content-Type"].startswith("text/html"), url
        assert b"Not found" in body


async def test_a_page_past_its_servers_days_is_a_plain_404(site: Site) -> None:
    match_id = await site.new_match("goofspiel")
    await site.runtime.abort(match_id)
    await site.runtime.flush()
    watch = await site.watch_url(match_id)
    first = (await rows_of(site, match_id, "public"))[0]
    ended = datetime.now(UTC) - timedelta(days=3)
    async with site.server.context.sessions.begin() as session:
        await session.execute(
            update(MatchRow).where(MatchRow.id == match_id).values(updated_at=ended)
        )
    assert (await site.get(watch))[0] == 200  # by default: kept while the match is stored
    async with site.server.context.sessions.begin() as session:
        await server_settings.save(session, 1, ServerSettings(match_page_days=2))
    for url in (watch, f"{watch}/steps/{first}", f"{watch}/board/{first}/0.png"):
        status, body, _ = await site.get(url)
        assert status == 404, url
        assert b"Not found" in body
