"""Forms opened before a bot restart and sent after it: taken if their decision
is still open (the form's id carries the match and the window), refused as too
late if it closed meanwhile — never dropped, never applied to the next one."""

from __future__ import annotations

import pytest

from bot import create_bot
from bot.config import Settings
from bot.discord.forms import form_id, submitted_values
from tests.bot.discord.support import World, request, said, seen_by, texts
from tests.bot.discord.test_expression import expression_match, to_round_one
from tests.bot.discord.test_logical_horror import lh_match
from tests.bot.discord.test_runebreaker import classic_to_turn_one
from tests.bot.logical_horror_support import NEAR
from tests.games.runebreaker.runebreaker_support import PROBE


async def _crash_and_restart(world: World, settings: Settings) -> None:
    old = world.bot
    await world.env.restart_bot(create_bot(settings))  # a crash: the old bot is dropped
    await old.release()


async def test_an_expression_form_opened_before_a_restart_is_taken_after_it(
    world: World, settings: Settings
) -> None:
    match = await expression_match(world)
    await to_round_one(world, match)
    shown = await world.alice.click(request(match.private[0], "Play…"), label="Play…")
    assert shown.modal is not None
    assert shown.modal["custom_id"].startswith(f"ex:modal:{match.id}:play:")
    await _crash_and_restart(world, settings)

    result = await world.alice.submit_modal(shown, {"expression": "9 + 11 / 1"})
    assert "`9 + 11 ÷ 1` = **20**" in said(result)
    assert result.response is not None
    assert result.response.ephemeral
    assert (await world.bot.runtime.view(match.id, 0))["stage"] == "play"
    assert "alice played round 1" in "\n".join(texts(match.private[1]))


async def test_a_form_whose_round_moved_on_during_the_restart_is_too_late(
    world: World, settings: Settings
) -> None:
    match = await expression_match(world)
    await to_round_one(world, match)
    shown = await world.alice.click(request(match.private[0], "Play…"), label="Play…")
    await _crash_and_restart(world, settings)
    await world.alice.send(match.private[0], "play 9 + 11 / 1")  # the move, typed instead

    result = await world.alice.submit_modal(shown, {"expression": "2 - 10 + 10"})
    assert "Too late" in said(result)
    assert result.response is not None
    assert result.response.ephemeral
    mine = (await world.bot.runtime.view(match.id, 0))["my_plays"]
    assert [play["value"] for play in mine] == ["20"], "the late form changed nothing"


async def test_a_rune_breaker_probe_form_is_taken_after_a_restart(
    world: World, settings: Settings
) -> None:
    match = await classic_to_turn_one(world)
    shown = await world.alice.click(request(match.private[0], "Probe…"), label="Probe…")
    assert shown.modal is not None
    await _crash_and_restart(world, settings)

    board = "\n".join(PROBE.split(" / "))
    result = await world.alice.submit_modal(shown, {"board": board, "commands": "B A"})
    assert "Probe sent" in said(result)
    assert any("**alice**'s probe" in t for t in texts(match.room))


async def test_a_logical_horror_query_form_is_taken_after_a_restart(
    world: World, settings: Settings
) -> None:
    match = await lh_match(world)
    shown = await world.alice.click(
        request(match.private[0], "Public query…"), label="Public query…"
    )
    assert shown.modal is not None
    await _crash_and_restart(world, settings)

    result = await world.alice.submit_modal(shown, {"board": "\n".join(NEAR.split("/"))})
    assert "satisfies **2 of 4** clues" in said(result)
    assert "**alice** made a public query" in seen_by(match.room, world.carol)


def test_a_form_id_carries_the_match_the_form_and_its_window() -> None:
    assert form_id("ex", 7, "play", "expression:1:3") == "ex:modal:7:play:expression:1:3"
    assert form_id("lh", 7, "public") == "lh:modal:7:public"
    with pytest.raises(ValueError, match="not a form id"):
        form_id("ex", 7, "play", "w" * 100)  # over Discord's 100 characters


def test_the_values_are_read_from_rows_and_labels() -> None:
    components = [
        {"type": 1, "components": [{"type": 4, "custom_id": "board", "value": "#."}]},
        {"type": 18, "component": {"type": 4, "custom_id": "commands", "value": "B A"}},
        {"type": 10, "content": "help text, no value"},
    ]
    assert submitted_values(components) == {"board": "#.", "commands": "B A"}
