"""The server's edges: 404s, headers, limits, static files, pages."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re

import aiohttp
import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.web import Limits, shade_editor
from bot.web.guard import SECURITY_HEADERS, RateLimiter
from bot.web.spec import Clue
from tests.bot.unloadable_support import break_state
from tests.bot.web.conftest import Site, close_site, open_site

FAKE_TOKEN = "A" * 24


async def test_unknown_addresses_get_one_plain_404(site: Site) -> None:
    """An unknown token, a malformed one, a token for the wrong page and an unknown
    path all get the same page: nothing tells them apart."""
    match_id = await site.new_match()
    watch_token = (await site.watch_url(match_id)).rsplit("/", 1)[1]
    bodies = set()
    for path in (
        f"/watch/{FAKE_TOKEN}",
        "/watch/short",
        f"/watch/{FAKE_TOKEN}/events",
        f"/watch/{FAKE_TOKEN}/board/1/0.png",
        f"/edit/{watch_token}",  # a real token, for another page
        f"/edit/{FAKE_TOKEN}",
        "/nothing/here",
        "/static/../web/app.py",
    ):
        status, body, headers = await site.get(site.url + path)
        assert status == 404, path
        assert headers["Content-Type"].startswith("text/html"), path
        bodies.add(body)
    assert len(bodies) == 1
    assert b"Not found" in bodies.pop()


#: Requests aiohttp cannot parse: answered 400 before any route or guard runs.
MALFORMED = (
    b"GET /static/" + b"a" * 10_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",  # line over 8 KB
    b"GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + b"b" * 10_000 + b"\r\n\r\n",
)


async def raw_status(site: Site, request: bytes) -> bytes:
    """The status line the server answers a raw request with."""
    port = site.url.rsplit(":", 1)[1]
    reader, writer = await asyncio.open_connection("127.0.0.1", int(port))
    try:
        writer.write(request)
        await writer.drain()
        return await reader.readline()
    finally:
        writer.close()


async def test_malformed_requests_log_no_error(
    site: Site, caplog: pytest.LogCaptureFixture
) -> None:
    """Free to send, so they must not fill the log: one debug line, no traceback."""
    caplog.set_level(logging.DEBUG)
    for request in MALFORMED:
        assert (await raw_status(site, request)).split()[1] == b"400", request[:40]
    trouble = [record for record in caplog.records if record.levelno >= logging.WARNING]
    assert [record.getMessage() for record in trouble] == []
    assert [record for record in caplog.records if record.exc_info] == []
    quiet = [r for r in caplog.records if r.name == "bot.web.requests"]
    assert len(quiet) == len(MALFORMED)
    assert all("400" in record.getMessage() for record in quiet)


async def test_every_response_carries_the_security_headers(site: Site) -> None:
    match_id = await site.new_match()
    watch = await site.watch_url(match_id)
    for url in (
        watch,
        site.url + "/demo/lh",
        site.url + "/static/editor.js",
        site.url + "/static/style.css",
        site.url + f"/watch/{FAKE_TOKEN}",
    ):
        _, _, headers = await site.get(url)
        for name, value in SECURITY_HEADERS.items():
            assert headers.get(name) == value, (url, name)
    csp = SECURITY_HEADERS["Content-Security-Policy"]
    assert "default-src 'none'" in csp
    assert "script-src 'self'" in csp
    assert "unsafe" not in csp
    _, _, headers = await site.get(watch)
    assert headers["Cache-Control"] == "no-store"


async def test_static_files_have_their_types(site: Site) -> None:
    for name, kind in (
        ("editor.js", "javascript"),
        ("boardcode.js", "javascript"),
        ("style.css", "text/css"),
    ):
        status, _, headers = await site.get(f"{site.url}/static/{name}")
        assert status == 200
        assert kind in headers["Content-Type"]


async def test_pages_load_nothing_from_elsewhere(site: Site) -> None:
    """No page names another site: scripts, styles and pictures are all relative."""
    match_id = await site.new_match()
    for url in (await site.watch_url(match_id), site.url + "/demo/lh", site.url + "/demo/rb"):
        _, body, _ = await site.get(url)
        page = body.decode()
        assert not re.search(r"(src|href)=\"(https?:)?//", page), url
        assert "<script>" not in page  # no inline script: the policy would block it


async def test_bodies_are_bounded(site: Site) -> None:
    big = b"x" * 10_000
    async with site.http.post(site.url + "/demo/lh", data=big) as response:
        assert response.status == 413
    async with site.http.post(site.url + "/demo/lh", data=b"x") as response:
        assert response.status == 405

    async def chunks():  # a body with no declared length
        yield b"x" * 100

    async with site.http.get(site.url + "/demo/lh", data=chunks()) as response:
        assert response.status == 413


async def test_requests_are_rate_limited_per_client(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    site = await open_site(sessionmaker, limits=Limits(burst=5, per_second=0.01))
    try:
        statuses = [(await site.get(site.url + "/healthz"))[0] for _ in range(7)]
        assert statuses == [200] * 5 + [429] * 2
        _, _, headers = await site.get(site.url + "/healthz")
        assert int(headers["Retry-After"]) >= 1
    finally:
        await close_site(site)


def test_the_bucket_refills() -> None:
    now = [0.0]
    limiter = RateLimiter(2, 1.0, clock=lambda: now[0])
    assert [limiter.wait("a"), limiter.wait("a")] == [0, 0]
    assert limiter.wait("a") > 0
    assert limiter.wait("b") == 0  # another client has its own bucket
    now[0] += 1.0
    assert limiter.wait("a") == 0


def test_the_limiter_forgets_the_oldest_clients() -> None:
    limiter = RateLimiter(1, 0.001, remember=3)
    for client in "abcd":
        limiter.wait(client)
    assert limiter.wait("a") == 0  # forgotten, so fresh again
    assert limiter.wait("d") > 0


async def test_demo_pages_only_in_demo_mode(sessionmaker: async_sessionmaker[AsyncSession]) -> None:
    site = await open_site(sessionmaker, demo=False)
    try:
        for path in ("/", "/demo/lh", "/demo/rb"):
            assert (await site.get(site.url + path))[0] == 404
    finally:
        await close_site(site)


async def test_demo_pages(site: Site) -> None:
    for mode, kind in (("lh", "lh"), ("rb", "rb")):
        status, body, _ = await site.get(f"{site.url}/demo/{mode}")
        assert status == 200
        spec = _spec(body)
        assert spec["kind"] == kind
    assert (await site.get(site.url + "/demo/xx"))[0] == 404
    assert (await site.get(site.url + "/"))[0] == 200


def _spec(body: bytes) -> dict[str, object]:
    found = re.search(rb'<script type="application/json" id="spec">(.*?)</script>', body, re.S)
    assert found is not None
    data: dict[str, object] = json.loads(found.group(1))
    return data


async def test_a_match_editor_comes_from_the_game_builder(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    """A game with an editor gets its page from its public view; others get 404;
    the editor link closes when the match is over."""
    seen = []

    def builder(match, view):  # type: ignore[no-untyped-def]
        seen.append(view)
        clue = Clue(row=0, col=0, text="</script><b>", colour="red")
        return shade_editor(
            key="k", title="Test", height=5, width=6, clues=[clue], commands=["public {code}"]
        )

    site = await open_site(
        sessionmaker, editors=lambda key: builder if key == "goofspiel" else None
    )
    try:
        match_id = await site.new_match()
        edit = await site.server.links.editor_url(match_id)
        status, body, _ = await site.get(edit)
        assert status == 200
        spec = _spec(body)
        assert spec["boards"][0]["height"] == 5  # type: ignore[index]
        assert spec["key"] == "edit-" + edit.rsplit("/", 1)[1]
        assert b"</script><b>" not in body  # escaped inside the data block
        assert seen[0] is not None
        assert "hands" in seen[0]  # the public view, handed to the builder
        decoder = await site.new_match("decoder", start=False)
        assert (await site.get(await site.server.links.editor_url(decoder)))[0] == 404
        await site.runtime.abort(match_id)
        assert (await site.get(edit))[0] == 404
    finally:
        await close_site(site)


async def test_the_editor_of_a_match_that_cannot_load_is_a_plain_404(
    sessionmaker: async_sessionmaker[AsyncSession], caplog: pytest.LogCaptureFixture
) -> None:
    """A stored state this build cannot read (an upgrade without its step): no
    board to draw, so the link answers the plain 404, not a 500 with a traceback."""
    site = await open_site(sessionmaker, editors=lambda key: lambda match, view: None)
    try:
        match_id = await site.new_match()
        edit = await site.server.links.editor_url(match_id)
        await break_state(sessionmaker, match_id)
        with caplog.at_level(logging.ERROR):
            status, body, _ = await site.get(edit)
        assert status == 404
        assert b"Not found" in body
        assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    finally:
        await close_site(site)


async def test_the_server_stops_with_streams_open(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    site = await open_site(sessionmaker)
    match_id = await site.new_match()
    response = await site.http.get(await site.watch_url(match_id) + "/events")
    await response.content.readany()
    async with asyncio.timeout(5):  # open streams end; the server does not wait on them
        await close_site(site)
    with contextlib.suppress(aiohttp.ClientError, RuntimeError):  # the connection is gone
        async with asyncio.timeout(2):
            while await response.content.readany():
                pass
    response.close()
