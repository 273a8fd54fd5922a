"""Playing Logical Horror on Discord: public and private queries by slash command,
message, button and form; what the room and the other seat see; a hint; a
board breaking the format; a player's pause that only the host lifts; the win
(at once, or on the host's word); and buttons that outlive a restart."""

from __future__ import annotations

from typing import Any

import simcord

from bot import create_bot
from bot.config import Settings
from games import HOST
from games.logical_horror.rules import RULES
from tests.bot.discord.support import (
    Match,
    World,
    assert_refused,
    button_labels,
    new_match,
    request,
    said,
    seen_by,
    texts,
)
from tests.bot.logical_horror_support import (
    NEAR,
    PUZZLE,
    SOLUTION,
    SYMMETRIC,
    TOUCHING,
    options_json,
)

#: Two colours: a token every 2 × 5 s; a hint use every 10 s.
TIMINGS: dict[str, Any] = {"token_seconds": 5, "hint_seconds": 10}
#: Ann's per-clue results for NEAR, as her private channel lists them.
PER_CLUE = "✅ r1c3 red 8"


async def lh_match(world: World, **extra: Any) -> Match:
    return await new_match(world, game="logical_horror", options=options_json(**TIMINGS, **extra))


def files(channel: simcord.ChannelHandle) -> list[str]:
    return [a.filename for m in channel.history() for a in m.attachments]


async def view(world: World, match: Match, audience: Any) -> dict[str, Any]:
    return await world.bot.runtime.view(match.id, audience)


async def test_the_opening_and_a_public_query_by_slash_command(world: World) -> None:
    match = await lh_match(world)
    opening = next(m for m in match.room.history() if "race to solve" in m.content)
    assert "https://swaroopg92.github.io/penpa-edit/#m=edit&p=" in opening.content
    assert [a.filename for a in opening.attachments] == ["puzzle.png"]
    resources = request(match.private[0], "Public query…")
    assert button_labels(resources) == ["Public query…", "Private query…"]
    assert "Tokens **1/2**" in resources.content

    result = await world.alice.slash(match.private[0], "logical_horror public", board=NEAR)
    assert result.response is not None
    assert result.response.ephemeral
    assert "satisfies **2 of 4** clues" in said(result)
    room = seen_by(match.room, world.carol)
    assert "**alice** made a public query: their board satisfies **2 of 4** clues." in room
    assert "#....\n...#.\n#...#" in room  # the board, for everyone
    assert "public-query-1-seat-1.png" in files(match.room)
    # Which clues her board satisfied is hers alone.
    assert PER_CLUE not in room + seen_by(match.private[1], world.bob)
    assert (await view(world, match, 0))["tokens"] == 0


async def test_a_private_query_typed_and_one_by_the_form(world: World) -> None:
    match = await lh_match(world)
    await world.bob.send(match.private[1], f"private {NEAR}")
    mine = texts(match.private[1])
    assert any("Your private query" in t and "❌ red (R) · ❌ blue (B)" in t for t in mine)
    room, alices = seen_by(match.room, world.carol), seen_by(match.private[0], world.alice)
    assert "🔒 **bob** made a private query." in room
    assert "Your private query" not in room + alices
    assert "❌ red (R)" not in room + alices

    await world.env.advance_time(11)  # a token for each seat
    button = request(match.private[1], "Private query…")
    shown = await world.bob.click(button, label="Private query…")
    assert shown.modal is not None
    board = "\n".join(NEAR.split("/"))
    sent = await world.bob.submit_modal(shown, {"board": board})
    assert "Your private query" in said(sent)
    assert sent.response is not None
    assert sent.response.ephemeral
    assert seen_by(match.room, world.carol).count("**bob** made a private query.") == 2

    await world.bob.send(match.private[1], "status")
    status = texts(match.private[1])[-1]
    assert "**Your queries** (2):" in status
    assert "2. private: `#..../...#./#...#/...../.....` — ❌ red (R) · ❌ blue (B)" in status
    result = await world.alice.slash(world.general, "logical_horror status")
    assert result.response is not None
    assert result.response.ephemeral
    assert "bob: 0 public queries, 2 private queries." in said(result)
    assert "Your private query" not in said(result)
    assert "How to play Logical Horror" in said(
        await world.carol.slash(world.general, "logical_horror help")
    )


async def test_a_board_breaking_the_format_is_refused_and_costs_nothing(world: World) -> None:
    match = await lh_match(world)
    await world.alice.send(match.private[0], f"public {TOUCHING}")
    refusal = texts(match.private[0])[-1]
    assert "r1c1 and r1c2 are both shaded and side by side" in refusal
    assert "Nothing was spent" in refusal
    result = await world.alice.slash(match.private[0], "logical_horror private", board=TOUCHING)
    assert_refused(world, result, "breaks the answer format")
    assert (await view(world, match, 0))["tokens"] == 1
    assert "made a" not in seen_by(match.room, world.carol)


async def test_a_hint_by_button_and_the_refusals_around_it(world: World) -> None:
    match = await lh_match(world)
    result = await world.alice.slash(match.private[0], "logical_horror hint", colour="red")
    assert_refused(world, result, "no hint use")
    await world.env.advance_time(11)  # a token (2/2) and a hint use for each seat
    arrived = request(match.private[0], "Hint: red")
    assert button_labels(arrived) == ["Public query…", "Private query…", "Hint: red", "Hint: blue"]
    taken = await world.alice.click(arrived, label="Hint: red")
    rule = RULES[PUZZLE.rules["red"]]
    assert f"red (R) is “{rule.name}”" in said(taken)
    assert "hint-red.png" in files(match.private[0])
    assert (await view(world, match, 0))["tokens"] == 0
    assert rule.description not in seen_by(match.room, world.carol)
    assert rule.description not in seen_by(match.private[1], world.bob)
    assert "alice took a hint on red (R)" in "\n".join(texts(match.host_log))
    again = await world.alice.slash(match.private[0], "logical_horror hint", colour="red")
    assert_refused(world, again, "You know red's rule already")


async def test_a_player_pauses_and_only_the_host_resumes(world: World) -> None:
    match = await lh_match(world)
    result = await world.alice.slash(match.private[0], "logical_horror pause", reason="lag")
    assert "paused" in said(result)
    room = seen_by(match.room, world.carol)
    assert "🆘 **alice** asked for an emergency pause. Reason: lag." in room
    assert "⏸️ The match is paused" in room
    await world.bob.send(match.private[1], f"public {NEAR}")
    assert "The match is paused" in texts(match.private[1])[-1]
    refused = await world.alice.slash(match.room, "match resume")
    assert_refused(world, refused, "Only hosts can run matches")
    await world.env.advance_time(30)  # nothing arrives while paused
    assert (await view(world, match, 0))["tokens"] == 1
    await world.host.slash(match.room, "match resume")
    assert (await view(world, match, 0))["match"]["status"] == "running"


async def test_a_board_satisfying_every_clue_wins(world: World) -> None:
    match = await lh_match(world)
    await world.bob.send(match.private[1], f"public {SOLUTION}")
    room = seen_by(match.room, world.carol)
    assert "🏆 **bob wins**" in room
    assert f"**{RULES[PUZZLE.rules['blue']].name}**" in room  # every rule is revealed at the end
    assert "solution.png" in files(match.room)
    assert (await world.bot.runtime.get(match.id)).status == "finished"


#: The solution as the room would read it in a post.
SOLUTION_POSTED = "\n".join(SOLUTION.split("/"))


async def test_the_host_denies_then_confirms_a_claimed_win(world: World) -> None:
    """A public winning board is the solution: the room and the opponent see it
    only once the host confirms, never if the host denies."""
    match = await lh_match(world, host_confirms_win=True)
    await world.alice.send(match.private[0], f"public {SOLUTION}")
    assert "The host is checking it" in seen_by(match.room, world.carol)
    asked = request(match.host_log, "Confirm win")
    assert button_labels(asked) == ["Confirm win", "Deny"]
    denied = await world.host.click(asked, label="Deny")
    assert "Win denied" in said(denied)
    assert "did not confirm **alice**'s win" in seen_by(match.room, world.carol)
    for channel, reader in ((match.room, world.carol), (match.private[1], world.bob)):
        assert SOLUTION_POSTED not in seen_by(channel, reader)
        assert "made a public query" not in seen_by(channel, reader)
    assert not [name for name in files(match.room) if name.startswith("public-query")]

    await world.env.advance_time(11)
    await world.alice.send(match.private[0], f"public {SOLUTION}")
    assert "made a public query" not in seen_by(match.room, world.carol)
    await world.host.send(match.host_log, "confirm")
    room = seen_by(match.room, world.carol)
    assert "**alice** made a public query: their board satisfies **4 of 4** clues." in room
    assert room.index("made a public query") < room.index("🏆 **alice wins**")
    assert "public-query-2-seat-1.png" in files(match.room)
    assert (await world.bot.runtime.get(match.id)).status == "finished"


async def test_a_puzzle_in_the_options_with_two_answers_is_refused(world: World) -> None:
    """A whole puzzle given in ``/match new``'s options is proven unique like a file:
    one with a second answer is refused, both drawn, and nothing is created."""
    channels = set(world.guild.channels)
    result = await world.host.slash(
        world.general, "match new", game="logical_horror", player1=world.alice,
        player2=world.bob, options=options_json(SYMMETRIC),
    )  # fmt: skip
    assert_refused(world, result, "Can't use the puzzle given: it has more than one solution")
    assert "the solution given    another" in said(result)
    assert await world.bot.runtime.list_for_guild(world.guild.id) == []
    assert set(world.guild.channels) == channels

    match = await lh_match(world)  # the same solution, with clues that leave it alone
    assert (await view(world, match, HOST))["solution"] == PUZZLE.solution


async def test_buttons_and_forms_work_after_a_restart(world: World, settings: Settings) -> None:
    match = await lh_match(world)
    old_button = request(match.private[0], "Public query…")
    old = world.bot
    await world.env.restart_bot(create_bot(settings))  # a crash: the old bot is dropped
    await old.release()

    shown = await world.alice.click(old_button, label="Public query…")
    assert shown.modal is not None
    sent = await world.alice.submit_modal(shown, {"board": "\n".join(NEAR.split("/"))})
    assert "satisfies **2 of 4** clues" in said(sent)
    assert "**alice** made a public query" in seen_by(match.room, world.carol)
    bobs = await world.bob.click(request(match.private[1], "Public query…"), label="Public query…")
    assert bobs.modal is not None


async def test_on_a_generated_puzzle_the_hint_buttons_name_its_colours(world: World) -> None:
    """Every resources message names the puzzle's colours: one button per colour."""
    match = await new_match(
        world, game="logical_horror", options='{"size": 8, "colours": 2, "token_seconds": 5, '
        '"hint_seconds": 10}',
    )  # fmt: skip
    colours = (await view(world, match, 0))["puzzle"]["colours"]
    offered = await world.alice.autocomplete(match.private[0], "logical_horror hint", "colour", "")
    assert [choice["value"] for choice in offered] == colours
    await world.env.advance_time(11)
    arrived = request(match.private[0], f"Hint: {colours[0]}")
    labels = button_labels(arrived)
    assert [label for label in labels if label.startswith("Hint")] == [
        f"Hint: {c}" for c in colours
    ]
    taken = await world.alice.click(arrived, label=f"Hint: {colours[0]}")
    assert f"{colours[0]} (" in said(taken)
    assert (await view(world, match, 0))["hinted"].keys() == {colours[0]}
