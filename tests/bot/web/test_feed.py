"""The spectator stream: history, live updates, status, resuming, dropping out."""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import urlsplit

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.render import renderer_for
from bot.runtime import ListDelivery, ManualTime, MatchRuntime, Scheduler
from bot.web import Limits
from games import PUBLIC, Notice
from storage.records import NewMatch, PlayerRecord
from storage.web import WebRepository
from tests.bot.web.conftest import (
    NAMES,
    Site,
    close_site,
    eventually,
    open_site,
    read_events,
    statuses,
    texts,
)


def has_text(fragment: str):  # type: ignore[no-untyped-def]
    return lambda events: any(fragment in t for t in texts(events))


async def auction(site: Site, match_id: int, bids: tuple[str, str] = ("play 4", "play 2")) -> None:
    await site.runtime.submit_text(match_id, 0, bids[0])
    await site.runtime.submit_text(match_id, 1, bids[1])
    await site.runtime.flush()


async def test_history_then_live_moves_then_the_end(site: Site) -> None:
    match_id = await site.new_match()
    async with site.http.get(await site.watch_url(match_id) + "/events") as response:
        assert response.headers["Content-Type"] == "text/event-stream"
        events = await read_events(response, lambda e: "running" in statuses(e), 5)
        assert "has started" in texts(events)[0]
        assert NAMES[0] in texts(events)[0]
        await auction(site, match_id)
        events += await read_events(response, has_text("claims"), 5)
        await site.runtime.pause(match_id, "a fire drill")
        await site.runtime.flush()
        events += await read_events(response, lambda e: "paused" in statuses(e), 5)
        paused = [e["data"] for e in events if e.get("event") == "status"][-1]
        assert paused["reason"] == "a fire drill"
        assert paused["label"] == "Paused"
        await site.runtime.abort(match_id)
        await site.runtime.flush()
        events += await read_events(response, lambda e: False, 5)  # the server ends the stream
    assert statuses(events)[-1] == "aborted"
    ids = [int(e["id"]) for e in events if e.get("event") == "message"]
    assert ids == sorted(set(ids))


async def test_the_stream_is_exactly_the_room(site: Site) -> None:
    """Every room row, in order, rendered as the room renders it; nothing else."""
    match_id = await site.new_match()
    for _ in range(3):
        await auction(site, match_id)
    async with site.http.get(await site.watch_url(match_id) + "/events") as response:
        events = await read_events(response, lambda e: bool(statuses(e)), 5)
    async with site.server.context.sessions() as session:
        rows = await WebRepository(session).room_messages(match_id)
    renderer = renderer_for("goofspiel")
    expected = [
        renderer.render([Notice.model_validate(n) for n in row.notices], PUBLIC, names=NAMES).text
        for row in rows
    ]
    assert texts(events) == expected
    delivered = [d for d in site.port.delivered if d.target == PUBLIC and d.match_id == match_id]
    # The room got the same messages (plus the spectator link, which is not a room row).
    assert len(delivered) == len(rows) + 1


async def test_a_reconnecting_viewer_resumes_after_its_last_message(site: Site) -> None:
    match_id = await site.new_match()
    await auction(site, match_id)
    events_url = await site.watch_url(match_id) + "/events"
    async with site.http.get(events_url) as response:
        first = await read_events(response, lambda e: bool(statuses(e)), 5)
    last_id = [e["id"] for e in first if e.get("event") == "message"][-1]
    await auction(site, match_id)
    async with site.http.get(events_url, headers={"Last-Event-ID": last_id}) as response:
        again = await read_events(response, has_text("claims"), 5)
    ids = [int(e["id"]) for e in again if e.get("event") == "message"]
    assert ids
    assert min(ids) > int(last_id)


async def test_board_pictures_are_the_rooms(site: Site) -> None:
    match_id = await site.new_match()
    await auction(site, match_id)
    watch = await site.watch_url(match_id)
    async with site.http.get(watch + "/events") as response:
        events = await read_events(response, lambda e: bool(statuses(e)), 5)
    with_image = [e["data"] for e in events if e.get("event") == "message" and e["data"]["images"]]
    assert with_image
    message = with_image[-1]
    status, body, headers = await site.get(f"{watch}/board/{message['id']}/0.png")
    assert status == 200
    assert headers["Content-Type"] == "image/png"
    room_images = [
        image.data
        for d in site.port.delivered
        if d.target == PUBLIC
        for image in renderer_for("goofspiel").render(d.notices, PUBLIC, names=NAMES).images
    ]
    assert body in room_images
    assert (await site.get(f"{watch}/board/{message['id']}/5.png"))[0] == 404
    assert (await site.get(f"{watch}/board/999999/0.png"))[0] == 404


async def test_another_matchs_pictures_are_not_reachable(site: Site) -> None:
    first = await site.new_match()
    second = await site.new_match()
    await auction(site, second)
    async with site.server.context.sessions() as session:
        rows = await WebRepository(session).room_messages(second)
    watch_first = await site.watch_url(first)
    for row in rows:
        assert (await site.get(f"{watch_first}/board/{row.id}/0.png"))[0] == 404


async def test_a_viewer_who_vanishes_mid_stream_is_let_go(site: Site) -> None:
    """A client that drops its connection mid-stream frees its slot; the server,
    the feed and the other viewers carry on."""
    match_id = await site.new_match()
    url = urlsplit(await site.watch_url(match_id) + "/events")
    reader, writer = await asyncio.open_connection(url.hostname, url.port)
    writer.write(f"GET {url.path} HTTP/1.1\r\nHost: {url.netloc}\r\n\r\n".encode())
    await writer.drain()
    received = b""
    async with asyncio.timeout(5):
        while b"event: message" not in received:
            received += await reader.read(2000)
    assert site.server.feeds.watchers(match_id) == 1
    writer.transport.abort()  # gone, without a goodbye
    await auction(site, match_id)  # the feed has news to write to nobody
    await eventually(
        lambda: not site.server.feeds.watchers(match_id) and not site.server.context.streams
    )
    async with site.http.get(await site.watch_url(match_id) + "/events") as response:
        events = await read_events(response, has_text("claims"), 5)
    assert events


async def test_open_streams_are_bounded_per_client(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    site = await open_site(sessionmaker, limits=Limits(streams_per_client=1))
    try:
        match_id = await site.new_match()
        events_url = await site.watch_url(match_id) + "/events"
        async with site.http.get(events_url) as first:
            await read_events(first, lambda e: bool(statuses(e)), 5)
            async with site.http.get(events_url) as second:
                assert second.status == 429
        await eventually(lambda: not site.server.context.streams)  # the slot comes back
        async with site.http.get(events_url) as third:
            assert third.status == 200
    finally:
        await close_site(site)


async def test_one_refresher_serves_every_viewer(site: Site) -> None:
    match_id = await site.new_match()
    events_url = await site.watch_url(match_id) + "/events"
    async with site.http.get(events_url) as a, site.http.get(events_url) as b:
        await read_events(a, lambda e: bool(statuses(e)), 5)
        await read_events(b, lambda e: bool(statuses(e)), 5)
        assert site.server.feeds.watchers(match_id) == 2
        await auction(site, match_id)
        for response in (a, b):
            assert await read_events(response, has_text("claims"), 5)


async def test_the_room_gets_the_spectator_link_when_the_match_starts(site: Site) -> None:
    match_id = await site.new_match()
    room = [d for d in site.port.delivered if d.target == PUBLIC and d.match_id == match_id]
    kinds = [[n.kind for n in d.notices] for d in room]
    assert "match_started" in kinds[0]
    assert kinds[1] == ["watch_link"]
    url = room[1].notices[0].data["url"]
    assert url == await site.watch_url(match_id)
    text = renderer_for("goofspiel").render(room[1].notices, PUBLIC, names=NAMES).text
    assert url in text


async def test_links_and_history_survive_a_restart(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    site = await open_site(sessionmaker)
    match_id = await site.new_match()
    await auction(site, match_id)
    watch = await site.watch_url(match_id)
    async with site.http.get(watch + "/events") as response:
        before = texts(await read_events(response, lambda e: bool(statuses(e)), 5))
    token = watch.rsplit("/", 1)[1]
    await close_site(site)

    again = await open_site(sessionmaker)
    try:
        assert (await again.watch_url(match_id)).endswith(token)
        async with again.http.get(f"{again.url}/watch/{token}/events") as response:
            after = await read_events(response, has_text("resumed after a bot restart"), 5)
        assert texts(after)[: len(before)] == before
    finally:
        await close_site(again)


async def test_moves_made_by_another_process_arrive_by_polling(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    """A match hosted by another process (a shard, or the bot while ``genius-bot
    web`` runs alone) pokes nobody here: the feed's poll picks its moves up."""
    site = await open_site(sessionmaker, poll_seconds=0.2)
    elsewhere = MatchRuntime(
        sessionmaker, ListDelivery(), scheduler=Scheduler(ManualTime(), auto=False),
        checkpoint_seconds=0,
    )  # fmt: skip
    try:
        await elsewhere.start_up()
        players = [PlayerRecord(seat=0, user_id=1), PlayerRecord(seat=1, user_id=2)]
        new = NewMatch(guild_id=1, game="goofspiel", config={}, seed=3, players=players)
        match_id = (await elsewhere.create(new)).id
        await elsewhere.start(match_id)
        async with site.http.get(await site.watch_url(match_id) + "/events") as response:
            await read_events(response, lambda e: bool(statuses(e)), 5)
            await elsewhere.submit_text(match_id, 0, "pass")
            await elsewhere.submit_text(match_id, 1, "pass")
            await elsewhere.flush()
            assert await read_events(response, has_text("claims"), 5)
    finally:
        await elsewhere.shut_down()
        await close_site(site)


async def test_a_feed_its_last_watcher_leaves_ends_after_its_read_not_in_it(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cancelled in the middle of a query, a pooled PostgreSQL connection could be
    left open for the garbage collector: a feed nobody watches any more finishes
    the read under way, then ends."""
    match_id = await site.new_match()
    feeds = site.server.feeds
    reading, finished = asyncio.Event(), asyncio.Event()
    release = asyncio.Event()
    refresh = feeds._refresh

    async def held_read(feed: Any) -> None:
        if feed.ready.is_set():  # a read after the first: held in the middle
            reading.set()
            await release.wait()
        await refresh(feed)
        if feed.ready.is_set():
            finished.set()

    monkeypatch.setattr(feeds, "_refresh", held_read)
    async with feeds.watch(match_id) as feed:
        feeds.poke(match_id)
        await asyncio.wait_for(reading.wait(), 5)
        task = feed.task
    assert task is not None
    assert not task.done()  # left by its watcher, still reading
    release.set()
    await asyncio.wait_for(finished.wait(), 5)
    await asyncio.wait_for(task, 5)
    assert not task.cancelled()
