"""What Discord refuses at login ends `genius-bot run` with one plain line and
exit code 2: a rejected token, a missing privileged intent, no route to Discord.

SimCord replaces discord.py's HTTP client and gateway, so it never reaches the
code that turns an HTTP 401 into ``LoginFailure`` or a 4014 close into
``PrivilegedIntentsRequired``. Here the real discord.py client, started by the
real `genius-bot run`, talks over real sockets to a small local stand-in for
Discord's REST API and gateway (aiohttp, in its own thread).
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
import shutil
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import pytest
import yarl
from aiohttp import WSMsgType, web
from discord.gateway import DiscordWebSocket
from discord.http import Route
from discord.voice_client import VoiceClient

from bot.cli import main
from tests.conftest import HeadDatabases, freeze_survivors

GOOD_TOKEN = "good.token.value"
APP_ID = 222
BOT_USER = {"id": "111", "username": "genius", "discriminator": "0", "avatar": None, "bot": True}
MEMBERS_LIMITED = discord.ApplicationFlags(gateway_guild_members_limited=True).value
CONTENT_LIMITED = discord.ApplicationFlags(gateway_message_content_limited=True).value
NOT_JOINED = 999_000_000_000_000_001
CLOSE_REASONS = {4004: b"Authentication failed.", 4014: b"Disallowed intent(s)."}


@dataclass
class FakeDiscord:
    """Discord's side of a login: who is asked what, and how it answers."""

    flags: int = 0
    #: What the gateway does after IDENTIFY: close with this code, or (None) say
    #: READY and stay connected, answering heartbeats.
    close_code: int | None = 4014
    requests: list[str] = field(default_factory=list)
    identified: list[dict[str, Any]] = field(default_factory=list)

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/api/v10/users/@me", self._me)
        app.router.add_get("/api/v10/oauth2/applications/@me", self._application)
        app.router.add_put("/api/v10/applications/{app}/commands", self._commands)
        app.router.add_put("/api/v10/applications/{app}/guilds/{guild}/commands", self._guild)
        app.router.add_get("/gateway", self._gateway)
        app.middlewares.append(self._record)
        return app

    @web.middleware
    async def _record(self, request: web.Request, handler: Any) -> web.StreamResponse:
        self.requests.append(f"{request.method} {request.path}")
        response: web.StreamResponse = await handler(request)
        return response

    async def _me(self, request: web.Request) -> web.Response:
        if request.headers.get("Authorization") != f"Bot {GOOD_TOKEN}":
            return _json({"message": "401: Unauthorized", "code": 0}, status=401)
        return _json(BOT_USER)

    async def _application(self, request: web.Request) -> web.Response:
        return _json(
            {
                "id": str(APP_ID),
                "name": "genius",
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "owner": BOT_USER,
                "team": None,
                "flags": self.flags,
            }
        )

    async def _commands(self, request: web.Request) -> web.Response:
        return _json([])

    async def _guild(self, request: web.Request) -> web.Response:
        # A server the application was never added to.
        return _json({"message": "Missing Access", "code": 50001}, status=403)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 45_000}, "s": None, "t": None})
        async for message in ws:
            op = message.json().get("op") if message.type is WSMsgType.TEXT else None
            if op == 2:
                self.identified.append(message.json()["d"])
                if self.close_code is None:
                    await ws.send_json(self._ready(request))
                else:
                    await ws.close(code=self.close_code, message=CLOSE_REASONS[self.close_code])
            elif op == 1:  # a heartbeat, acknowledged
                await ws.send_json({"op": 11, "d": None, "s": None, "t": None})
        return ws

    def _ready(self, request: web.Request) -> dict[str, Any]:
        """READY for a bot in no server yet."""
        ready = {
            "v": 10,
            "user": BOT_USER,
            "guilds": [],
            "session_id": "stand-in",
            "resume_gateway_url": str(request.url),
            "application": {"id": str(APP_ID), "flags": self.flags},
        }
        return {"op": 0, "t": "READY", "s": 1, "d": ready}


def _json(data: object, status: int = 200) -> web.Response:
    # discord.py reads a body as JSON only under exactly "application/json".
    return web.Response(
        body=json.dumps(data).encode(), status=status, content_type="application/json"
    )


@contextmanager
def _refusing_port() -> Iterator[int]:
    """A local port that refuses connections: bound, never listening, and held
    until the test is done, so no other test (or xdist worker) can take it."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        port: int = held.getsockname()[1]
        yield port


@pytest.fixture
def discord_stand_in(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    """A stand-in for Discord on a local port, and discord.py pointed at it."""
    fake = FakeDiscord()
    loop = asyncio.new_event_loop()
    runner = web.AppRunner(fake.app())
    started = threading.Event()

    def serve() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(runner.setup())
        # Port 0: the system picks a free one, so parallel workers never collide.
        loop.run_until_complete(web.TCPSite(runner, "127.0.0.1", 0).start())
        started.set()
        loop.run_forever()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert started.wait(10)
    port = runner.addresses[0][1]
    # Where discord.py finds Discord: the REST base and the gateway address.
    monkeypatch.setattr(Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    monkeypatch.setattr(
        DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(f"ws://127.0.0.1:{port}/gateway")
    )
    yield fake
    asyncio.run_coroutine_threadsafe(runner.cleanup(), loop).result(10)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(10)
    loop.close()


@pytest.fixture(autouse=True)
def _clean_env(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, head_databases: HeadDatabases
) -> Iterator[None]:
    for name in list(os.environ):
        if name.startswith("GENIUS_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    # A database already at the head, as a host's is after the first start: `run`
    # finds it so and migrates nothing (a new one is migrated in
    # test_the_log_up_to_login_holds_only_what_a_host_needs).
    shutil.copyfile(asyncio.run(head_databases.sqlite()), tmp_path / "genius.db")
    (tmp_path / "config.toml").write_text(
        f'[database]\nurl = "sqlite+aiosqlite:///{tmp_path}/genius.db"\n', encoding="utf-8"
    )
    yield
    # `run` freezes the heap once started (bot.runtime.heap); give it back.
    gc.unfreeze()


@pytest.fixture(autouse=True, scope="module")
def _frozen_again() -> Iterator[None]:
    """The suite's workers freeze what they collected (tests/conftest.py), which
    the tests here unfreeze: frozen again once, after the last (a full collection
    of the heap, too dear to run after each)."""
    yield
    freeze_survivors()


def _plain(err: str, caplog: pytest.LogCaptureFixture) -> None:
    """One line on stderr, and no traceback there or in the log."""
    assert err.startswith("genius-bot: ")
    assert err.count("\n") == 1
    assert "Traceback" not in err
    assert not [r for r in caplog.records if r.exc_info is not None]


def test_a_token_discord_rejects_says_where_to_get_a_new_one(
    discord_stand_in: FakeDiscord,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setenv("GENIUS_DISCORD_TOKEN", "an.old.token")
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "Discord rejected the token in GENIUS_DISCORD_TOKEN" in err
    assert "Reset Token" in err
    assert "an.old.token" not in err
    _plain(err, caplog)
    assert discord_stand_in.requests == ["GET /api/v10/users/@me"]


def test_a_token_the_gateway_refuses_is_the_same_plain_line(
    discord_stand_in: FakeDiscord,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A token reset between the REST login and IDENTIFY: the gateway closes with 4004."""
    discord_stand_in.flags = MEMBERS_LIMITED | CONTENT_LIMITED
    discord_stand_in.close_code = 4004
    monkeypatch.setenv("GENIUS_DISCORD_TOKEN", GOOD_TOKEN)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "Discord rejected the token in GENIUS_DISCORD_TOKEN" in err
    _plain(err, caplog)
    assert discord_stand_in.identified


@pytest.mark.parametrize(
    ("flags", "named"),
    [
        (0, "Discord refused the Server Members and Message Content intents"),
        (MEMBERS_LIMITED, "Discord refused the Message Content intent:"),
        (CONTENT_LIMITED, "Discord refused the Server Members intent:"),
        # The flags said both were on, yet the gateway refused: name both.
        (MEMBERS_LIMITED | CONTENT_LIMITED, "the Server Members and Message Content intents"),
    ],
)
def test_a_refused_privileged_intent_names_it_and_where_to_enable_it(
    discord_stand_in: FakeDiscord,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    flags: int,
    named: str,
) -> None:
    discord_stand_in.flags = flags
    monkeypatch.setenv("GENIUS_DISCORD_TOKEN", GOOD_TOKEN)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert named in err
    assert "Developer Portal → your application → Bot → Privileged Gateway Intents" in err
    _plain(err, caplog)
    # It got as far as the gateway, asking for both intents.
    (identify,) = discord_stand_in.identified
    privileged = discord.Intents(members=True, message_content=True).value
    assert identify["intents"] & privileged == privileged


def test_the_log_warns_of_missing_intents_before_the_gateway_answers(
    discord_stand_in: FakeDiscord,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    discord_stand_in.flags = MEMBERS_LIMITED
    monkeypatch.setenv("GENIUS_DISCORD_TOKEN", GOOD_TOKEN)
    with caplog.at_level(logging.WARNING, logger="bot.discord.readiness"):
        assert main(["run"]) == 2
    warnings = [r.getMessage() for r in caplog.records if r.name == "bot.discord.readiness"]
    assert len(warnings) == 1
    assert "not been granted the Message Content privileged intent" in warnings[0]


def test_a_sync_guild_the_bot_is_not_in_is_reported_and_the_bot_goes_on(
    discord_stand_in: FakeDiscord,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Discord answers 403 Missing Access to a command sync for a server the
    application is not in: one warning, and the bot still connects."""
    discord_stand_in.flags = MEMBERS_LIMITED | CONTENT_LIMITED
    monkeypatch.setenv("GENIUS_DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv("GENIUS_DISCORD__SYNC_GUILD_IDS", f"[{NOT_JOINED}]")
    with caplog.at_level(logging.WARNING):
        assert main(["run"]) == 2
    refused = [r.getMessage() for r in caplog.records if "sync_guild_ids" in r.getMessage()]
    assert len(refused) == 1
    assert f"server {NOT_JOINED}" in refused[0]
    assert "genius-bot invite-url" in refused[0]
    assert f"PUT /api/v10/applications/{APP_ID}/guilds/{NOT_JOINED}/commands" in (
        discord_stand_in.requests
    )
    assert discord_stand_in.identified  # went on to the gateway


def test_no_route_to_discord_is_one_plain_line(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setenv("GENIUS_DISCORD_TOKEN", GOOD_TOKEN)
    with _refusing_port() as port:
        monkeypatch.setattr(Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
        assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "cannot reach Discord (127.0.0.1)" in err
    _plain(err, caplog)


def test_the_log_up_to_login_holds_only_what_a_host_needs(
    discord_stand_in: FakeDiscord,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Of Alembic, the migrations it applies (not its plugin set-up or "Context
    impl …"); nothing of discord.py's voice support, which the bot never uses."""
    discord_stand_in.flags = MEMBERS_LIMITED | CONTENT_LIMITED
    discord_stand_in.close_code = 4004  # stop at the gateway, once everything has started
    # A fresh process: discord.py warns of voice's missing libraries once per process.
    monkeypatch.setattr(VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(VoiceClient, "warn_dave", True)
    monkeypatch.setenv("GENIUS_DISCORD_TOKEN", GOOD_TOKEN)
    Path("genius.db").unlink()  # a new database, to see what migrating it logs
    with caplog.at_level(logging.INFO):
        assert main(["run"]) == 2
    logged = [f"{r.name}: {r.getMessage()}" for r in caplog.records]
    assert discord_stand_in.identified  # it got as far as the gateway
    assert [line for line in logged if line.startswith("alembic")] == [
        line for line in logged if line.startswith("alembic.runtime.migration: Running upgrade")
    ]
    assert any("Running upgrade" in line for line in logged)  # a new database: migrated
    assert not [line for line in logged if "voice" in line or "Context impl" in line]


def test_the_web_pages_port_in_use_stops_run_in_one_line(
    discord_stand_in: FakeDiscord,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    discord_stand_in.flags = MEMBERS_LIMITED | CONTENT_LIMITED
    monkeypatch.setenv("GENIUS_DISCORD_TOKEN", GOOD_TOKEN)
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        monkeypatch.setenv("GENIUS_WEB__PORT", str(port))
        assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"genius-bot: the web pages cannot listen on 127.0.0.1:{port}: ")
    assert "choose another port with [web] port." in err
    _plain(err, caplog)
    assert not discord_stand_in.identified  # stopped before the gateway
