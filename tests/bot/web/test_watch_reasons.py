"""The spectator page's result post names the players: a Rune Breaker match
whose players never move ends when a seat runs out of reserve periods, and the
engine's reason ("seat 0 ran out…") reaches the page with the seat's name."""

from __future__ import annotations

import re

from storage.records import MatchStatus
from tests.bot.web.conftest import NAMES, Site, read_events, statuses, texts

SEAT_NUMBER = re.compile(r"\bseat [0-9]\b", re.IGNORECASE)


async def _let_the_clocks_run_out(site: Site, match_id: int) -> None:
    for _ in range(500):
        if (await site.runtime.get(match_id)).status is not MatchStatus.RUNNING:
            return
        view = await site.runtime.view(match_id, "host")
        left = [d["seconds_left"] for d in view["match"]["deadlines"]]
        await site.runtime.scheduler.advance(min(left, default=0) + 1)
        await site.runtime.flush()
    raise AssertionError("the match did not end")


async def test_a_forfeit_on_the_page_names_the_player_who_ran_out(site: Site) -> None:
    match_id = await site.new_match("runebreaker")
    await _let_the_clocks_run_out(site, match_id)
    async with site.http.get(await site.watch_url(match_id) + "/events") as response:
        events = await read_events(response, lambda e: "finished" in statuses(e), 10)
    (ending,) = [text for text in texts(events) if "wins the match" in text]
    assert SEAT_NUMBER.findall(ending) == []
    assert re.search(rf"({NAMES[0]}|{NAMES[1]}) ran out of reserve periods", ending), ending
