"""Nothing secret leaves through the web: for matches played by the built-in
players, every byte the server sends for the match (its page, its stream, its
pictures) is checked against what was said only to a seat or to the host."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.kits import demo_flag, demo_games, demo_player, host_script
from bot.render import renderer_for
from bot.render.draw import without_pictures
from bot.web import Limits
from games import HOST, PUBLIC, Notice, Rejected
from storage.records import MatchStatus
from storage.tables import OutboxRow
from tests.bot.web.conftest import NAMES, Site, close_site, open_site, read_events

GAMES = tuple(demo_games())  # every game with built-in players, so new games are covered
SEEDS = random.Random("no secrets").sample(range(10**6), 2)
STEPS = 30  # moves (or clock jumps) per match: enough to open every kind of window
MIN_LINE = 12  # shorter private lines ("Kept.") say nothing worth hiding


@pytest.fixture
async def roomy_site(sessionmaker: async_sessionmaker[AsyncSession]) -> AsyncIterator[Site]:
    site = await open_site(sessionmaker, limits=Limits(burst=10**6, per_second=10**6))
    yield site
    await close_site(site)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
async def test_the_web_sends_nothing_private(roomy_site: Site, game: str, seed: int) -> None:
    site = roomy_site
    match_id = await site.new_match(game, seed=seed)
    watch = await site.watch_url(match_id)
    sent: list[bytes] = []
    pictures: set[str] = set()
    rng = random.Random(seed)
    for step in range(STEPS):
        if not await play_a_step(site, match_id, game, rng):
            break
        if step % 6 == 5:
            sent += await everything_sent(site, watch, match_id, pictures)
    sent += await everything_sent(site, watch, match_id, pictures)

    private_lines, public_text = await said_in_private(site, match_id, game)
    assert private_lines, "the match told the seats nothing: it did not get going"
    web_text = "\n".join(b.decode("utf-8", "replace") if isinstance(b, bytes) else b for b in sent)
    leaked = [line for line in private_lines if line in web_text]
    assert leaked == []
    assert public_text  # and the room itself did get through


async def play_a_step(site: Site, match_id: int, game: str, rng: random.Random) -> bool:
    """One round of moves by the built-in players (or the host, or the clock)."""
    runtime = site.runtime
    if (await runtime.get(match_id)).status is not MatchStatus.RUNNING:
        return False
    player = demo_player(game)
    assert player is not None
    moved = False
    # As `genius-bot demo` plays them: each seat sees its own view; some are
    # asked whether or not the game waits on them.
    seats = [0, 1] if demo_flag(game, "ASKS_EVERY_SEAT") else sorted(await runtime.to_act(match_id))
    for seat in seats:
        text = player(await runtime.view(match_id, seat), seat, rng)
        if text is not None:
            try:
                await runtime.submit_text(match_id, seat, text)
                moved = True
            except Rejected:
                pass
    script = host_script(game)
    if not moved and script is not None:
        text = script(await runtime.view(match_id, HOST))
        if text is not None:
            await runtime.submit_text(match_id, HOST, text)
            moved = True
    if not moved:
        view: dict[str, Any] = await runtime.view(match_id, HOST)
        left = [d["seconds_left"] for d in view["match"]["deadlines"]]
        await runtime.scheduler.advance(min(left, default=0) + 1)
    await runtime.flush()
    return True


async def everything_sent(
    site: Site, watch: str, match_id: int, pictures: set[str]
) -> list[bytes | str]:
    """The page, the whole stream so far (as bytes, and its messages' texts decoded
    from their JSON), and every picture it names that is not in ``pictures`` yet
    (added to it): a message's pictures never change (the server sends them as
    immutable), so each is fetched once, not again with every later look."""
    async with site.server.context.sessions() as session:
        last = await session.scalar(
            select(OutboxRow.id)
            .where(OutboxRow.match_id == match_id, OutboxRow.target == PUBLIC)
            .order_by(OutboxRow.id.desc())
            .limit(1)
        )
    sent: list[bytes | str] = [(await site.get(watch))[1]]
    raw: list[bytes] = []
    async with site.http.get(watch + "/events") as response:
        events = await read_events(
            response, lambda e: any(x.get("id") == str(last) for x in e), 10, raw
        )
    sent += raw
    sent += [e["data"]["text"] for e in events if e.get("event") == "message"]
    for event in events:
        data = event.get("data", {})
        for index in range(data.get("images", 0)):
            url = f"{watch}/board/{data['id']}/{index}.png"
            if url in pictures:
                continue
            pictures.add(url)
            status, body, _ = await site.get(url)
            assert status == 200
            sent.append(body)
    return sent


async def said_in_private(site: Site, match_id: int, game: str) -> tuple[set[str], str]:
    """The lines rendered for seats and the host that the room never saw, and the
    room's own text."""
    async with site.server.context.sessions() as session:
        rows = list(await session.scalars(select(OutboxRow).where(OutboxRow.match_id == match_id)))
    renderer = renderer_for(game)
    public, private = [], []
    for row in rows:
        audience: Any = row.target if row.target in (PUBLIC, HOST) else int(row.target)
        notices = [Notice.model_validate(n) for n in row.notices]
        with without_pictures():  # only the text is read
            text = renderer.render(notices, audience, names=NAMES).text
        (public if row.target == PUBLIC else private).append(text)
    public_text = "\n".join(public)
    public_lines = {line.strip() for line in public_text.splitlines()}
    lines = {
        line.strip()
        for text in private
        for line in text.splitlines()
        if len(line.strip()) >= MIN_LINE and line.strip() not in public_lines
    }
    # Lines every match has, public or not (reminders, "the match resumed"): only
    # the ones no public line contains can carry a secret.
    return {line for line in lines if line not in public_text}, public_text
