"""Web fixtures: a real server on 127.0.0.1 (a free port), in front of a real
runtime on a manual clock, on the test database."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.ops.health import Readiness
from bot.ops.metrics import Metrics
from bot.runtime import ListDelivery, ManualTime, MatchRuntime, Scheduler
from bot.web import EditorBuilder, Limits, WebServer
from bot.web.proxies import TrustedProxies
from storage.records import NewMatch, PlayerRecord
from tests.bot.web.browser import launched

NAMES = ("Ruby", "Turquoise")
# Fix Goofspiel's phase-1 cells so tests can name them: A = r1c1, B = r1c2, ...
CELL_ORDER = [f"r{r}c{c}" for r in range(1, 7) for c in range(1, 7)]


def fixed_names(shown: tuple[str, str]) -> Callable[[Any], Awaitable[tuple[str, str]]]:
    """The seats' display names, as the Discord adapter would hand them over."""

    async def names(match: Any) -> tuple[str, str]:
        return shown

    return names


@dataclass
class Site:
    server: WebServer
    runtime: MatchRuntime
    port: ListDelivery
    http: aiohttp.ClientSession

    @property
    def url(self) -> str:
        return self.server.url

    async def new_match(
        self, game: str = "goofspiel", *, start: bool = True, seed: int = 7, **config: Any
    ) -> int:
        if game == "goofspiel":
            config = {"cell_order": CELL_ORDER, **config}
        players = [PlayerRecord(seat=0, user_id=100), PlayerRecord(seat=1, user_id=101)]
        new = NewMatch(guild_id=1, game=game, config=config, seed=seed, players=players)
        match_id = (await self.runtime.create(new)).id
        if start:
            await self.runtime.start(match_id)
            await self.runtime.flush()
        return match_id

    async def watch_url(self, match_id: int) -> str:
        return await self.server.links.watch_url(match_id)

    async def get(self, url: str, **kwargs: Any) -> tuple[int, bytes, Any]:
        async with self.http.get(url, **kwargs) as response:
            return response.status, await response.read(), response.headers


async def read_events(
    response: aiohttp.ClientResponse,
    until: Callable[[list[dict[str, Any]]], bool],
    seconds: float,
    raw: list[bytes] | None = None,
) -> list[dict[str, Any]]:
    """Server-sent events (event, id, data) from ``response`` until ``until`` holds;
    ``raw`` collects the bytes as they came."""
    events: list[dict[str, Any]] = []
    buffer = b""
    async with asyncio.timeout(seconds):
        while not until(events):
            chunk = await response.content.readany()
            if not chunk:
                break  # the server ended the stream
            if raw is not None:
                raw.append(chunk)
            buffer += chunk
            while b"\n\n" in buffer:
                block, buffer = buffer.split(b"\n\n", 1)
                if event := _parse_block(block.decode()):
                    events.append(event)
    return events


def _parse_block(block: str) -> dict[str, Any] | None:
    event: dict[str, Any] = {}
    for line in block.split("\n"):
        if line.startswith(":") or not line:
            continue
        field, _, value = line.partition(": ")
        event[field] = json.loads(value) if field == "data" else value
    return event or None


async def eventually(condition: Callable[[], bool], seconds: float = 5.0) -> None:
    """Wait (polling) until ``condition()`` holds; fail after ``seconds``."""
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the condition never held")


def texts(events: list[dict[str, Any]]) -> list[str]:
    return [e["data"]["text"] for e in events if e.get("event") == "message"]


def statuses(events: list[dict[str, Any]]) -> list[str]:
    return [e["data"]["status"] for e in events if e.get("event") == "status"]


async def open_site(
    sessions: async_sessionmaker[AsyncSession],
    *,
    limits: Limits | None = None,
    editors: Callable[[str], EditorBuilder | None] | None = None,
    demo: bool = True,
    poll_seconds: float = 60.0,
    names: tuple[str, str] = NAMES,
    proxies: TrustedProxies | None = None,
    metrics: Metrics | None = None,
    readiness: Readiness | None = None,
) -> Site:
    """A site whose feed polls rarely (60 s): live updates in tests come from the
    delivery port's pokes, unless a test asks for quick polling."""
    extra: dict[str, Any] = {} if editors is None else {"editors": editors}
    server = WebServer(
        sessions, port=0, names=fixed_names(names), demo=demo, limits=limits,
        poll_seconds=poll_seconds, heartbeat_seconds=0.2, proxies=proxies, metrics=metrics,
        readiness=readiness, **extra,
    )  # fmt: skip
    await server.start()
    port = ListDelivery()
    scheduler = Scheduler(ManualTime(), auto=False)
    runtime = MatchRuntime(
        sessions, server.wrap(port), scheduler=scheduler, checkpoint_seconds=0, metrics=metrics
    )
    await runtime.start_up()
    return Site(server, runtime, port, aiohttp.ClientSession())


async def close_site(site: Site) -> None:
    await site.http.close()
    await site.runtime.shut_down()
    await site.server.stop()


@pytest.fixture
async def site(sessionmaker: async_sessionmaker[AsyncSession]) -> AsyncIterator[Site]:
    opened = await open_site(sessionmaker)
    yield opened
    await close_site(opened)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[Any]:
    """One browser for a module marked ``ON_MODULE_LOOP`` (tests/bot/web/browser.py)."""
    async for opened in launched():
        yield opened


@pytest_asyncio.fixture(loop_scope="module")
async def site_on_module_loop(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> AsyncIterator[Site]:
    """``site``, for a test on the module's event loop (``ON_MODULE_LOOP``)."""
    opened = await open_site(sessionmaker)
    yield opened
    await close_site(opened)
