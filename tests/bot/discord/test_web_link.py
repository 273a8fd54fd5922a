"""With ``[web] port`` set, the bot serves its pages: the room gets the
spectator link when the match starts, and each seat of a game with a board
editor gets the editor's link in its private channel; without a port,
nothing changes."""

from __future__ import annotations

import re
from pathlib import Path

import aiohttp
import pytest
import simcord

from bot import create_bot
from bot.config import DatabaseSettings, DiscordSettings, Settings, WebSettings
from storage.records import Layout
from tests.bot.discord.support import Match, World, new_match, seen_by, texts

LINK = re.compile(r"<(https?://[^>]+/watch/[A-Za-z0-9_-]+)>")
EDITOR_LINK = re.compile(r"<(https?://[^>]+/edit/[A-Za-z0-9_-]+)>")


@pytest.fixture
def settings(tmp_path: Path, layout: Layout) -> Settings:
    return Settings(
        database=DatabaseSettings(url=f"sqlite+aiosqlite:///{tmp_path}/genius.db"),
        discord=DiscordSettings(layout=layout),
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


def links_in(channel: simcord.ChannelHandle, pattern: re.Pattern[str]) -> list[str]:
    return [found[1] for text in texts(channel) if (found := pattern.search(text))]


async def fetch(world: World, url: str) -> tuple[int, str]:
    """The page a link names, from the bot's own server (by the link's token)."""
    assert world.bot.web is not None
    path = url.removeprefix("https://genius.example.org")
    async with aiohttp.ClientSession() as http, http.get(world.bot.web.url + path) as response:
        return response.status, await response.text()


async def test_a_rune_breaker_seat_gets_the_board_editor_link(world: World) -> None:
    match = await new_match(world, game="runebreaker")
    await world.bot.runtime.flush()
    assert world.bot.web is not None
    editor = await world.bot.web.links.editor_url(match.id)
    assert editor.startswith("https://genius.example.org/edit/")
    for seat, channel in enumerate(match.private):
        shown = texts(channel)
        started = next(i for i, text in enumerate(shown) if "has started" in text)
        assert links_in(channel, EDITOR_LINK) == [editor], shown
        line = next(text for text in shown[started:] if EDITOR_LINK.search(text))
        assert line.startswith("🖌️ Draw your boards on the board editor"), (seat, line)
        # The seat can read its link; the other seat and a spectator cannot.
        assert editor in seen_by(channel, world.seat(seat))
        for outsider in (world.carol, world.seat(1 - seat)):
            with pytest.raises(simcord.SetupError):
                channel.history(viewer=outsider)
    # The room gets the spectator link, which carol sees; no editor link there.
    watch = await world.bot.web.links.watch_url(match.id)
    assert links_in(match.room, LINK) == [watch]
    assert watch in seen_by(match.room, world.carol)
    assert links_in(match.room, EDITOR_LINK) == []
    assert links_in(match.host_log, EDITOR_LINK) == links_in(match.host_log, LINK) == []
    # The link opens this match's Rune Breaker editor.
    status, page = await fetch(world, editor)
    assert status == 200
    assert f"Rune Breaker (classic) — match #{match.id}" in page


async def test_a_game_without_an_editor_posts_no_editor_link(world: World) -> None:
    match: Match = await new_match(world)  # Square Goofspiel: no bot/web/editors/goofspiel.py
    await world.bot.runtime.flush()
    assert world.bot.web is not None
    assert links_in(match.room, LINK) == [await world.bot.web.links.watch_url(match.id)]
    for channel in match.private:
        assert any("has started" in text for text in texts(channel))
        assert links_in(channel, EDITOR_LINK) == []
        assert not any("board editor" in text for text in texts(channel))
    # Its editor link leads nowhere: the same plain 404 as an unknown token.
    status, _ = await fetch(world, await world.bot.web.links.editor_url(match.id))
    assert status == 404


def test_the_pages_are_off_unless_a_port_is_set(tmp_path: Path) -> None:
    web = Settings().web
    assert (web.host, web.port, web.public_url) == ("127.0.0.1", None, None)
    assert create_bot(Settings()).web is None
    server = create_bot(Settings(web=WebSettings(port=8123))).web
    assert server is not None
    assert server.links.base_url == "http://127.0.0.1:8123"
