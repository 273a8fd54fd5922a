"""Alt text: every image the bot posts carries Discord's attachment description,
from the text form its renderer wrote beside it, within Discord's 1,024.

Every SimCord test checks this of all it sent (tests/bot/discord/conftest.py),
so the played matches, statuses and reveals of every game's suite are held to
it; these make sure each game's pictures are really there and described."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.discord.replies import files
from bot.render import Image
from tests.bot.discord.attachments import sent_images, undescribed
from tests.bot.discord.runebreaker.facts import first_turn
from tests.bot.discord.support import Match, World, new_match, said


async def rune_breaker(world: World) -> Match:
    return await first_turn(world)  # its pictures come with the first probe


def default(game: str) -> Callable[[World], Awaitable[Match]]:
    async def started(world: World) -> Match:
        return await new_match(world, game=game)

    return started


OPENINGS = {
    "goofspiel": default("goofspiel"),
    "expression": default("expression"),
    "decoder": default("decoder"),
    "runebreaker": rune_breaker,
    "logical_horror": default("logical_horror"),
}


@pytest.mark.parametrize("game", OPENINGS)
async def test_each_game_posts_described_pictures_and_status_too(world: World, game: str) -> None:
    match = await OPENINGS[game](world)
    result = await world.host.slash(match.room, "match status")
    assert said(result)
    assert sent_images(world.env), f"{game}: no picture was posted, nothing to check"
    for image in sent_images(world.env):
        assert image["description"].strip()
        assert len(image["description"]) <= 1024
    assert undescribed(world.env) == []


def test_a_long_text_gives_each_file_a_description_cut_at_a_word() -> None:
    text = "**Board** " + " ".join(f"word{i}" for i in range(400))
    made = files([Image("board-1.png", b"png"), Image("hint_red.png", b"png")], text)
    for file in made:
        assert file.description is not None
        assert len(file.description) <= 1024
        assert file.description.endswith("…")
        assert file.description[:-1].rsplit(" ", 1)[1].startswith("word")
        assert " word" in file.description
        assert "**" not in file.description
    assert made[0].description.startswith("board 1: Board word0 word1")
    assert made[1].description.startswith("hint red: Board")
