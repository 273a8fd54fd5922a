"""A practice match is marked on its spectator page and in its export."""

from __future__ import annotations

from storage.records import NewMatch, PlayerRecord
from tests.bot.web.conftest import Site


async def practice_match(site: Site) -> int:
    players = [PlayerRecord(seat=0, user_id=100), PlayerRecord(seat=1, user_id=101)]
    new = NewMatch(
        guild_id=1, game="logical_horror", config={}, seed=7, players=players,
        practice=True, bot_seat=1, bot_level="easy",
    )  # fmt: skip
    return (await site.runtime.create(new)).id


async def test_the_page_and_the_export_say_it_is_practice(site: Site) -> None:
    match_id = await practice_match(site)
    status, body, _ = await site.get(await site.watch_url(match_id))
    assert status == 200
    assert "Logical Horror — practice against the bot (easy)" in body.decode()
    export = await site.runtime.export(match_id, ["Ruby", "the bot"])
    assert export.practice is not None
    assert (export.practice.bot_seat, export.practice.level) == (1, "easy")
    plain = await site.new_match(start=False)
    status, body, _ = await site.get(await site.watch_url(plain))
    assert "practice" not in body.decode()
    assert (await site.runtime.export(plain, ["Ruby", "Turquoise"])).practice is None
