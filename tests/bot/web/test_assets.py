"""The static files: served by name from a fixed list; anything else is the plain
404, with no error in the log."""

from __future__ import annotations

import logging

import pytest
from yarl import URL

from tests.bot.web.conftest import Site

#: Paths the static route cannot open, sent as written (never normalised by the
#: client): too long for the file system, NUL bytes, encoded and doubled slashes,
#: folders, traversal, backslashes, absolute names, bytes that are not UTF-8.
UNOPENABLE = (
    "/static/" + "a" * 300,
    "/static/" + "a" * 5000,
    "/static/" + "a/" * 200,
    "/static/%00",
    "/static/style.css%00",
    "/static/a%00b",
    "/static/",
    "/static//",
    "/static/%2F",
    "/static/%2Fetc%2Fpasswd",
    "/static/..%2F..%2Fapp.py",
    "/static/..%2fapp.py",
    "/static/../app.py",
    "/static/%2e%2e/app.py",
    "/static/..",
    "/static/.",
    "/static/%5C..%5Capp.py",
    "/static/C:%5Cwindows",
    "/static/%ff%fe",
    "/static/style.css/",
    "/static/nothing.js",
)


async def test_every_unopenable_static_path_is_the_plain_404(
    site: Site, caplog: pytest.LogCaptureFixture
) -> None:
    _, plain, _ = await site.get(site.url + "/nothing/here")
    caplog.set_level(logging.DEBUG)
    for path in UNOPENABLE:
        async with site.http.get(URL(site.url + path, encoded=True)) as response:
            assert response.status == 404, path
            assert response.headers["Content-Type"].startswith("text/html"), path
            assert await response.read() == plain, path
    trouble = [record for record in caplog.records if record.levelno >= logging.WARNING]
    assert [record.getMessage() for record in trouble] == []
    assert [record for record in caplog.records if record.exc_info] == []


async def test_the_listed_files_are_served_whole(site: Site) -> None:
    for name in ("markdown.js", "style.css", "icon.svg"):
        status, body, headers = await site.get(f"{site.url}/static/{name}")
        assert status == 200, name
        assert len(body) == int(headers["Content-Length"]) > 0, name
    async with site.http.head(f"{site.url}/static/watch.js") as response:
        assert response.status == 200
