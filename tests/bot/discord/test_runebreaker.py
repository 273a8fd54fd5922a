"""Playing Rune Breaker on Discord: a classic round with a buzz from the room, a
finals turn with private probes, forms, buttons, slash commands and plain
messages, who sees what, and buttons that outlive a restart."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from bot import create_bot
from bot.config import Settings
from bot.render import renderer_for
from games.runebreaker.notation import format_board
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
from tests.games.runebreaker.runebreaker_support import (
    CLASSIC_ROUND,
    FINALS_ROUND,
    OTHER_PROBE,
    PROBE,
    Table,
    board_text,
    options,
    options_json,
    wrong_board,
)

#: Bob's wrong answer: the secret Reagent with its yellow triangle made orange.
WRONG = wrong_board(CLASSIC_ROUND)
#: Alice's finals probe board, unlike any example the bot shows.
SECRET_PROBE = "Pc .. Gs .. / .. Yt .. .. / .. .. Rd .. / Bh .. .. Ox"


async def runebreaker_match(world: World, options: str) -> Match:
    return await new_match(world, game="runebreaker", options=options)


def files(channel: simcord.ChannelHandle) -> list[str]:
    return [a.filename for m in channel.history() for a in m.attachments]


async def view(world: World, match: Match, audience: Any) -> dict[str, Any]:
    return await world.bot.runtime.view(match.id, audience)


async def probe_by_form(
    world: World, match: Match, seat: int, board: str, commands: str
) -> simcord.InteractionResult:
    player = world.seat(seat)
    shown = await player.click(request(match.private[seat], "Probe…"), label="Probe…")
    assert shown.modal is not None, said(shown)
    return await player.submit_modal(shown, {"board": board, "commands": commands})


# -- a classic round -----------------------------------------------------------------------


async def classic_to_turn_one(world: World) -> Match:
    """Alice, the DMO, picks herself to start; the 30 s look at the boards passes."""
    match = await runebreaker_match(world, options_json(CLASSIC_ROUND, look_seconds=30))
    choice = request(match.private[0], "I start")
    assert button_labels(choice) == ["I start", "My opponent starts"]
    assert "You are the DMO" in choice.content
    with pytest.raises(AssertionError):
        request(match.private[1], "I start")  # only the DMO is asked
    await world.alice.click(choice, label="I start")
    opening = next(m for m in match.room.history() if "Round 1 of 5" in m.content)
    assert [a.filename for a in opening.attachments] == ["round1-boards.png"]
    assert "`A B C D A`" in opening.content
    await world.env.advance_time(31)
    return match


async def test_a_classic_round_with_a_buzz_from_the_room(world: World) -> None:
    match = await classic_to_turn_one(world)
    turn = request(match.room, "Buzz")
    assert "**alice** probes" in turn.content
    assert "🎯 **Your turn**" in request(match.private[0], "Probe…").content

    # Turn 1: alice probes by a plain message, her board over several lines.
    board = "\n".join(PROBE.split(" / "))
    await world.alice.send(match.private[0], f"probe\n{board}\nB A")
    result = next(m for m in match.room.history() if "**alice**'s probe" in m.content)
    assert "`B A`" in result.content
    assert "Rc .. Gs ..  →  .. Bc .. Gs" in result.content
    assert [a.filename for a in result.attachments] == ["probe-r1-p1-1.png"]

    # Turn 2: bob probes through the form.
    done = await probe_by_form(world, match, 1, "\n".join(OTHER_PROBE.split(" / ")), "c c c")
    assert "Probe sent" in said(done)
    assert done.response is not None
    assert done.response.ephemeral
    assert "**bob**'s probe (round 1, turn 2): `C C C`" in "\n".join(texts(match.room))

    # Turn 3 is alice's: only bob may buzz, by the room's button.
    turn = request(match.room, "Buzz")
    assert "turn 3" in turn.content.lower()
    refused = await world.carol.click(turn, label="Buzz")
    assert "You are not a player in match #1" in said(refused)
    refused = await world.alice.click(turn, label="Buzz")
    assert "Only your opponent may buzz now" in said(refused)
    assert refused.response is not None
    assert refused.response.ephemeral
    buzzed = await world.bob.click(turn, label="Buzz")
    assert "You buzzed" in said(buzzed)
    assert "🚨 **bob** buzzes!" in "\n".join(texts(match.room))

    # Both answer privately: alice right through the form, bob wrong by a message.
    answer = request(match.private[0], "Answer…")
    assert "Pass" in button_labels(answer)
    shown = await world.alice.click(answer, label="Answer…")
    assert shown.modal is not None
    taken = await world.alice.submit_modal(
        shown, {"answer": format_board(CLASSIC_ROUND.reagent_board())}
    )
    assert "Your Reagent Board is in" in said(taken)
    assert "📨 alice is in (sealed: an answer or a pass)." in texts(match.room)[-1]
    await world.bob.send(match.private[1], f"answer {WRONG}")

    room = seen_by(match.room, world.carol)
    assert "alice ✅ right · bob (buzzer) ❌ wrong → alice +1" in room
    assert "Round 1 is over** — **alice** takes it (+1)" in room
    assert "round1-revealed.png" in files(match.room)
    wrong_row = ".. .. Ot"  # the row that differs from the secret
    assert wrong_row not in room
    assert wrong_row not in seen_by(match.private[0], world.alice)
    assert (await view(world, match, 0))["scores"] == [1, 0]


async def test_status_catalog_and_help(world: World) -> None:
    match = await classic_to_turn_one(world)
    await world.alice.send(match.private[0], f"probe {PROBE} : B A")
    result = await world.bob.slash(world.general, "runebreaker status")
    assert result.response is not None
    assert result.response.ephemeral
    status = said(result)
    assert "round 1/5, turn 2/9: bob probes; alice may buzz" in status
    assert "T1 alice #1 `B A`: `Rc .. Gs .. / .. Yt .. .. / .. .. Rd .. / Bh .. .. ..`" in status
    assert [a.filename for a in result.response.attachments] == [
        "round1-boards.png",
        "round1-probes.png",
    ]
    catalog = await world.carol.slash(world.general, "runebreaker catalog")
    assert catalog.response is not None
    assert catalog.response.ephemeral
    assert len(catalog.followups) >= 2  # longer than one message
    assert "`rotate TURNS`" in said(catalog)
    assert "How to play Rune Breaker" in said(
        await world.bob.slash(world.general, "runebreaker help")
    )
    await world.bob.send(match.private[1], "help")
    assert "How to play Rune Breaker" in texts(match.private[1])[-1]


async def test_refusals_are_specific_and_ephemeral(world: World) -> None:
    match = await classic_to_turn_one(world)
    result = await world.bob.slash(match.private[1], "runebreaker probe")
    assert_refused(world, result, "You can't probe now")
    result = await world.alice.slash(match.private[0], "runebreaker buzz")
    assert_refused(world, result, "You buzz on your opponent's turn")
    result = await world.carol.slash(match.room, "runebreaker buzz")
    assert_refused(world, result, "You are not a player in match #1")
    result = await world.bob.slash(match.private[1], "runebreaker pass")
    assert_refused(world, result, "No answer is asked for now")
    result = await world.bob.slash(match.private[1], "runebreaker answer")
    assert_refused(world, result, "No answer is asked for now")
    result = await world.alice.slash(match.private[0], "runebreaker probe", board=PROBE)
    assert_refused(world, result, "Give both the board and its commands")
    await world.alice.send(match.private[0], f"probe {PROBE} : A B")
    assert "run of consecutive commands" in texts(match.private[0])[-1]
    await world.alice.send(match.private[0], "probe Rc .. Gs .. / .. Zz .. .. : B")
    assert "Row 2, column 2" in texts(match.private[0])[-1]


# -- a finals turn -------------------------------------------------------------------------


async def test_a_finals_turn_keeps_probes_private(world: World) -> None:
    match = await runebreaker_match(world, options_json(FINALS_ROUND))
    opening = next(m for m in match.room.history() if "Round 1 of 5" in m.content)
    assert "Executable commands: `A B C D E F`" in opening.content
    for seat in (0, 1):
        submissions = request(match.private[seat], "Probe…")
        assert button_labels(submissions) == ["Probe…", "Done"]
    assert not any(m.components for m in match.room.history())  # nobody buzzes yet

    # Alice: one probe by the form, one by the slash command; bob: one typed.
    taken = await probe_by_form(world, match, 0, "\n".join(SECRET_PROBE.split(" / ")), "E F")
    assert "Probe taken: `E F`" in said(taken)
    await world.alice.slash(
        match.private[0], "runebreaker probe", board=SECRET_PROBE, commands="D C"
    )
    await world.bob.send(match.private[1], f"probe {OTHER_PROBE} : A B")
    assert "probe-taken.png" in files(match.private[1])
    await world.alice.click(request(match.private[0], "Done"), label="Done")
    assert "✅ **alice** is done probing." in texts(match.room)
    await world.bob.send(match.private[1], "done")

    alice_results = next(
        m for m in match.private[0].history() if "📬 **Your results**" in m.content
    )
    assert "**Probe 1**: `E F`" in alice_results.content
    assert "**Probe 2**: `D C`" in alice_results.content
    assert [a.filename for a in alice_results.attachments] == ["result-r1-1.png", "result-r1-2.png"]
    bob_results = next(m for m in match.private[1].history() if "📬 **Your results**" in m.content)
    assert "**Probe 1**: `A B`" in bob_results.content
    # Neither the room nor the other seat ever sees a probe or its result.
    room, bobs, alices = (
        seen_by(match.room, world.carol),
        seen_by(match.private[1], world.bob),
        seen_by(match.private[0], world.alice),
    )
    assert "`E F`" not in room + bobs
    assert "`D C`" not in room + bobs
    assert "Pc .. Gs .." not in room + bobs
    assert "`A B`" not in room + alices
    assert "Oc Ox .." not in room + alices
    assert not [name for name in files(match.room) if "probe" in name or "result" in name]

    # The buzz-in phase: bob buzzes from the room; both answer privately.
    buzz = request(match.room, "Buzz")
    assert "Buzz-in phase" in buzz.content
    await world.bob.click(buzz, label="Buzz")
    shown = await world.bob.click(request(match.private[1], "Answer…"), label="Answer…")
    assert shown.modal is not None
    answered = await world.bob.submit_modal(shown, {"answer": "a b c"})
    assert "Your Command Sequence is in: `A B C`" in said(answered)
    await world.alice.send(match.private[0], "answer A")
    room = seen_by(match.room, world.carol)
    assert "alice ❌ wrong · bob (buzzer) ✅ right → bob +2" in room
    assert "Round 1 is over** — **bob** takes it (+2)" in room
    assert (await view(world, match, 1))["scores"] == [0, 2]


async def test_decipher_and_done_by_slash_command(world: World) -> None:
    match = await runebreaker_match(world, options_json(FINALS_ROUND, decipher_seat=0))
    await world.alice.send(match.private[0], f"probe {PROBE} : A")
    await world.bob.send(match.private[1], f"probe {PROBE} : C")
    for seat in (0, 1):
        result = await world.seat(seat).slash(match.private[seat], "runebreaker done")
        assert "Your probes for this turn are in" in said(result)
    result = await world.alice.slash(
        match.private[0], "runebreaker decipher", probe=1, commands="c"
    )
    assert_refused(world, result, "Probes are made in a turn's submissions phase")
    await world.env.advance_time(121)  # nobody buzzes: turn 2
    result = await world.alice.slash(
        match.private[0], "runebreaker decipher", probe=1, commands="c"
    )
    assert "🗝️ Decipher: `C` on your probe #1" in said(result)
    assert "🗝️ Decipher: `C`" not in "\n".join(texts(match.room) + texts(match.private[1]))


# -- restarts and stale prompts ----------------------------------------------------------------


async def test_buttons_and_forms_work_after_a_restart(world: World, settings: Settings) -> None:
    match = await runebreaker_match(
        world, options_json(CLASSIC_ROUND, first_seat=0, look_seconds=0)
    )
    await world.alice.send(match.private[0], f"probe {PROBE} : B A")
    old_probe = request(match.private[1], "Probe…")  # bob's turn 2
    old_buzz = request(match.room, "Buzz")  # alice may buzz on turn 2
    old = world.bot
    await world.env.restart_bot(create_bot(settings))  # a crash: the old bot is dropped
    await old.release()

    refused = await world.bob.click(old_buzz, label="Buzz")
    assert "Only your opponent may buzz now" in said(refused)
    buzzed = await world.alice.click(old_buzz, label="Buzz")
    assert "You buzzed" in said(buzzed)
    stale = await world.bob.click(old_probe, label="Probe…")
    assert stale.modal is None
    assert "Too late" in said(stale)
    passed = await world.bob.click(request(match.private[1], "Pass"), label="Pass")
    assert "You pass: no answer from you this time" in said(passed)
    shown = await world.alice.click(request(match.private[0], "Answer…"), label="Answer…")
    await world.alice.submit_modal(shown, {"answer": board_text(CLASSIC_ROUND.reagent_board())})
    assert "Round 1 is over** — **alice** takes it (+1)" in "\n".join(texts(match.room))


async def test_a_stale_buzz_is_refused(world: World) -> None:
    match = await runebreaker_match(
        world, options_json(CLASSIC_ROUND, first_seat=0, look_seconds=0)
    )
    first_turn = request(match.room, "Buzz")
    await world.alice.send(match.private[0], f"probe {PROBE} : B A")
    result = await world.bob.click(first_turn, label="Buzz")
    assert "Too late" in said(result)
    assert (await view(world, match, 1))["stage"] == "probe"


# -- prompts ---------------------------------------------------------------------------------


async def test_a_seats_prompt_is_the_engines_own_notice(world: World) -> None:
    """What a seat is asked comes from the engine's prompt to that seat (rendered
    for it, with its buttons), not from a copy of the room's post."""
    match = await runebreaker_match(
        world, options_json(CLASSIC_ROUND, first_seat=0, look_seconds=0)
    )
    engine = Table.start(options(CLASSIC_ROUND, first_seat=0, look_seconds=0))
    for seat, button in ((0, "Probe…"), (1, "Buzz")):
        (notice,) = [n for n in engine.notices if n.kind == "turn_prompt" and n.audience == seat]
        shown = renderer_for("runebreaker").render([notice], seat, names=("alice", "bob"))
        assert request(match.private[seat], button).content.endswith(f"\n{shown.text}")

    # A buzz nobody gets right: the engine asks only the seat whose turn resumes.
    await world.alice.send(match.private[0], f"probe {PROBE} : B A")  # turn 2 is bob's
    await world.alice.click(request(match.room, "Buzz"), label="Buzz")
    await world.alice.send(match.private[0], f"answer {WRONG}")
    await world.bob.send(match.private[1], "pass")
    resumed = request(match.private[1], "Probe…")
    assert "▶️ **Your turn resumes** (round 1, turn 2/9, " in resumed.content
    assert not [text for text in texts(match.private[0]) if "resumes" in text]
