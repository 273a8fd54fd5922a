"""With ``[web] port`` set, the bot serves its pages and the room gets the
spectator link when the match starts; without it, nothing changes."""

from __future__ import annotations

import re
from pathlib import Path

import aiohttp
import pytest

from bot import create_bot
from bot.config import DatabaseSettings, Settings, WebSettings
from tests.bot.discord.support import World, new_match, texts

LINK = re.compile(r"<(https?://[^>]+/watch/[A-Za-z0-9_-]+)>")


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        database=DatabaseSettings(url=f"sqlite+aiosqlite:///{tmp_path}/genius.db"),
        web=WebSettings(port=0, public_url="https://genius.example.org"),
    )


async def test_the_room_gets_the_spectator_link_at_the_start(world: World) -> None:
    match = await new_match(world)
    await world.bot.runtime.flush()
    room = texts(match.room)
    started = next(i for i, text in enumerate(room) if "has started" in text)
    links = [LINK.search(text) for text in room[started:]]
    found = next(link for link in links if link is not None)
    assert found[1].startswith("https://genius.example.org/watch/")
    assert world.bot.web is not None
    assert found[1] == await world.bot.web.links.watch_url(match.id)
    for channel in (*match.private, match.host_log):  # the room's, not a secret
        assert not any(LINK.search(text) for text in texts(channel))
    # The page is served, with the members' display names, as the room shows them.
    token = found[1].rsplit("/", 1)[1]
    async with (
        aiohttp.ClientSession() as http,
        http.get(f"{world.bot.web.url}/watch/{token}") as response,
    ):
        assert response.status == 200
        page = await response.text()
    assert "alice vs bob" in page


def test_the_pages_are_off_unless_a_port_is_set(tmp_path: Path) -> None:
    web = Settings().web
    assert (web.host, web.port, web.public_url) == ("127.0.0.1", None, None)
    assert create_bot(Settings()).web is None
    server = create_bot(Settings(web=WebSettings(port=8123))).web
    assert server is not None
    assert server.links.base_url == "http://127.0.0.1:8123"
