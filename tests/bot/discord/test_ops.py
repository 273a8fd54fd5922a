"""The bot as an operator watches it: /readyz follows the gateway, and /metrics
counts what happened on Discord's side (refusals by kind, reconnects)."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import pytest

from bot.config import DatabaseSettings, DiscordSettings, MetricsSettings, Settings, WebSettings
from storage.records import Layout
from tests.bot.discord.support import World, new_match
from tests.bot.discord.test_outage import lose_gateway, regain_gateway
from tests.bot.discord.test_slow_commit import slow_commits
from tests.bot.web.test_ops import Samples, samples

pytestmark = pytest.mark.layouts("channels")  # nothing here depends on the layout


@pytest.fixture
def settings(tmp_path: Path, layout: Layout) -> Settings:
    return Settings(
        database=DatabaseSettings(url=f"sqlite+aiosqlite:///{tmp_path}/genius.db"),
        discord=DiscordSettings(layout=layout),
        web=WebSettings(port=0),
        metrics=MetricsSettings(enabled=True),
    )


async def get(world: World, path: str) -> tuple[int, str]:
    assert world.bot.web is not None
    async with aiohttp.ClientSession() as http, http.get(world.bot.web.url + path) as response:
        return response.status, await response.text()


async def scrape(world: World) -> Samples:
    status, text = await get(world, "/metrics")
    assert status == 200, text
    return samples(text)


async def test_readyz_follows_the_gateway(world: World) -> None:
    await new_match(world)
    assert await get(world, "/readyz") == (200, "ready\n")
    await lose_gateway(world)
    assert await get(world, "/readyz") == (503, "gateway: not connected to Discord\n")
    assert (await get(world, "/healthz"))[0] == 200  # alive all the same
    assert (await scrape(world))[("genius_gateway_reconnects_total", ())] == 0
    await regain_gateway(world)
    assert await get(world, "/readyz") == (200, "ready\n")
    found = await scrape(world)
    assert found[("genius_gateway_reconnects_total", ())] == 1
    assert found[("genius_gateway_latency_seconds", ())] == pytest.approx(world.bot.latency)


async def test_refusals_are_counted_by_kind(world: World) -> None:
    match = await new_match(world)
    await world.alice.send(match.private[0], "bid 99")  # the game's rule refuses it
    await world.carol.slash(world.general, "goofspiel bid", card=3)  # not a player
    await world.env.settle()
    found = await scrape(world)
    refusals = {
        dict(labels)["kind"]: value
        for (name, labels), value in found.items()
        if name == "genius_refusals_total"
    }
    assert refusals == {"rule": 1, "not_allowed": 1, "refused": 0, "unreadable": 0}
    assert found[("genius_errors_total", (("kind", "interaction"),))] == 0
    assert found[("genius_moves_committed_total", (("game", "goofspiel"),))] == 0
    assert found[("genius_matches", (("game", "goofspiel"), ("status", "running")))] == 1
    world.env.errors.clear()  # the slash refusal, recorded by SimCord


async def test_a_deferred_answer_is_counted(world: World) -> None:
    match = await new_match(world)
    assert (await scrape(world))[("genius_interactions_deferred_total", ())] == 0
    async with slow_commits(world):
        result = await world.bob.slash(match.room, "goofspiel bid", card=3)
        assert result.deferred
    found = await scrape(world)
    assert found[("genius_interactions_deferred_total", ())] == 1
    assert found[("genius_moves_committed_total", (("game", "goofspiel"),))] == 1
