"""/match status and /match list of a finished match say who won and why, the
players named: the engine's reason counts seats ("seat 1's board…"), which the
host should never have to translate."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from bot.discord.host._result import outcome_of
from storage.records import MatchRecord, MatchStatus
from tests.bot.discord.support import World, new_match, said
from tests.bot.logical_horror_support import SOLUTION, options_json

SEAT_NUMBER = re.compile(r"\bseat [0-9]\b", re.IGNORECASE)


async def _bob_wins(world: World) -> int:
    """A Logical Horror match bob (seat 1) wins with a public query of the solution."""
    match = await new_match(world, game="logical_horror", options=options_json())
    await world.bob.send(match.private[1], f"public {SOLUTION}")
    assert (await world.bot.runtime.get(match.id)).status == "finished"
    return match.id


async def test_status_of_a_finished_match_names_the_winner_and_the_reason(world: World) -> None:
    match_id = await _bob_wins(world)
    result = await world.host.slash(world.general, "match status", match=match_id)
    text = said(result)
    assert "🏁 Result: **bob** wins — bob's board satisfies every clue." in text
    assert SEAT_NUMBER.findall(text) == []


async def test_list_shows_each_finished_matchs_result_by_mention(world: World) -> None:
    match_id = await _bob_wins(world)
    await new_match(world, start=False)  # unfinished: no result line
    lines = said(await world.host.slash(world.general, "match list")).splitlines()
    bob = f"<@{world.bob.id}>"
    assert lines[0].startswith("**#2** Square Goofspiel")
    assert lines[1].startswith(f"**#{match_id}** Logical Horror")
    assert lines[2] == f"🏁 Result: **{bob}** wins — {bob}'s board satisfies every clue."
    assert len(lines) == 3
    assert SEAT_NUMBER.findall("\n".join(lines)) == []


def _record(game: str, state: str | None) -> MatchRecord:
    now = datetime.now(UTC)
    return MatchRecord(
        id=1, guild_id=1, game=game, status=MatchStatus.FINISHED, config={}, seed=7,
        state=state, version=1, clock_ms=0, pause_reason=None, category_id=None,
        room_channel_id=None, host_channel_id=None, players=[], created_at=now, updated_at=now,
    )  # fmt: skip


def test_a_record_without_a_readable_result_gives_no_result_line() -> None:
    """An unstarted match, a game this bot lacks, a state an older version wrote:
    /match list still lists the match, without a result."""
    assert outcome_of(_record("goofspiel", None)) is None
    assert outcome_of(_record("chess", "{}")) is None
    assert outcome_of(_record("goofspiel", '{"phase": 3}')) is None
