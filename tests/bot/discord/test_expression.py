"""Playing Expression Black & White on Discord: forms, buttons, slash commands and
plain messages, with a spectator who reads only the room."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
import simcord

from bot import create_bot
from bot.config import Settings
from bot.discord.expression._moves import final_text, window_now
from games import Rejected
from games.expression import GAME
from storage.records import MatchStatus
from tests.bot.discord.support import (
    Match,
    World,
    assert_refused,
    button_labels,
    new_match,
    request,
    said,
    texts,
)
from tests.games.expression.expression_support import (
    PAIRS,
    random_guess,
    random_play,
    random_reveal,
)

#: Round r of bout 1 has the global pair r and + − × ÷ in turn (round 1: 1 +).
OPTIONS = json.dumps(
    {"global_tiles": PAIRS, "planning_seconds": 60, "reserve_seconds": 100, "final_seconds": 120}
)
TYPED = {"+": "+", "−": "-", "×": "*", "÷": "/"}


async def expression_match(world: World) -> Match:
    return await new_match(world, game="expression", options=OPTIONS)


async def view(world: World, match: Match, seat: int) -> dict[str, Any]:
    return await world.bot.runtime.view(match.id, seat)


async def to_round_one(world: World, match: Match) -> None:
    """Both ready (a message and the slash command); alice, the Advantage, starts."""
    await world.alice.send(match.private[0], "ready")
    result = await world.bob.slash(match.private[1], "expression ready")
    assert "You are ready" in said(result)
    await world.alice.click(request(match.private[0], "I play first"), label="I play first")


async def round_one(world: World, match: Match) -> None:
    """Alice plays 9 + 11 ÷ 1 (20) through the form; bob 1 + 3 × 8 (25) by slash
    command; bob guesses 5 + through the form (both wrong); alice reveals 11."""
    shown = await world.alice.click(request(match.private[0], "Play…"), label="Play…")
    assert shown.modal is not None
    assert "Round 1" in shown.modal["title"]
    result = await world.alice.submit_modal(shown, {"expression": "9 + 11 / 1"})
    assert "`9 + 11 ÷ 1` = **20**" in said(result)
    assert result.response is not None
    assert result.response.ephemeral
    result = await world.bob.slash(match.private[1], "expression play", expression="1 + 3 * 8")
    assert "= **25**" in said(result)
    shown = await world.bob.click(request(match.private[1], "Guess…"), label="Guess…")
    result = await world.bob.submit_modal(shown, {"tiles": "5 +"})
    assert "Your guess for round 1: `5 +`" in said(result)
    reveal = request(match.private[0], "Reveal 11")
    assert button_labels(reveal) == ["Reveal 9", "Reveal 11", "Reveal ÷"]
    await world.alice.click(reveal, label="Reveal 11")


def simple_move(mine: dict[str, Any], seat: int) -> str | None:
    """A legal move from a seat's own view: the pair, the two highest numbers left
    and the first symbol; the loser never guesses, the winner reveals its symbol."""
    if mine["stage"] == "play" and mine["to_play"] == seat:
        pair, numbers = mine["pair"], sorted(mine["numbers"])
        sign = TYPED[mine["symbols"][0]]
        return f"play {pair['number']} {TYPED[pair['symbol']]} {numbers[-1]} {sign} {numbers[-2]}"
    if mine["stage"] == "guess" and seat in mine["to_act"]:
        if mine["history"][-1]["winner"] == seat:
            return f"reveal {TYPED[mine['my_plays'][-1]['own'][2]]}"
        return "guess none"
    return None


async def play_rounds(world: World, match: Match) -> None:
    """Until the Final Guess, by plain messages."""
    while (await view(world, match, 0))["stage"] in ("play", "guess"):
        for seat in (0, 1):
            move = simple_move(await view(world, match, seat), seat)
            if move is not None:
                await world.seat(seat).send(match.private[seat], move)


def room_texts(world: World, match: Match) -> list[str]:
    """The room as the spectator reads it."""
    return [m.content for m in match.room.history(viewer=world.carol)]


async def test_a_whole_bout_through_forms_buttons_and_messages(world: World) -> None:
    match = await expression_match(world)
    opening = match.room.history(viewer=world.carol)
    bout = next(m for m in opening if "Bout 1 of 2 begins" in m.content)
    assert [a.filename for a in bout.attachments] == ["pairs-bout1.png"]
    await to_round_one(world, match)
    await round_one(world, match)
    room = "\n".join(room_texts(world, match))
    assert "alice chose to play first" in room
    assert "**alice wins round 1**" in room
    assert "bob guessed **5** ❌ −1 · **+** ❌ −1 (net −2)" in room
    assert "alice reveals one of their tiles: **11**" in room
    round_one_text = room.split("round 2/12")[0].split("round 1/12")[1]
    for secret in ("9", "3", "8"):  # alice's 9 and ÷, bob's 3, 8 and ×: never in the room
        assert not re.search(rf"\b{secret}\b", round_one_text), round_one_text
    assert not set("÷×") & set(round_one_text)
    # Bob was told alice's colours (and got them as a picture); alice learns bob's after.
    told = next(m for m in match.private[1].history() if "alice played round 1" in m.content)
    assert "⬜⬛⬜⬜⬜ (W B W W W)" in told.content
    assert "colours-b1-r1.png" in [a.filename for a in told.attachments]

    await play_rounds(world, match)
    assert (await view(world, match, 0))["stage"] == "final"
    shown = await world.alice.click(request(match.private[0], "Final Guess…"), label="Final Guess…")
    form = json.dumps(shown.modal, ensure_ascii=False)
    assert "What you know" in form
    assert "R1 `1 +` · ⬜⬛⬜⬛⬛ (W B W B B)" in form  # bob's round 1 colours
    result = await world.alice.submit_modal(shown, {"guesses": "1: 3 8 *; 2: 12 12 +"})
    assert "Saved 2 rounds (1, 2)" in said(result)
    # Opened again, the form holds the saved guess; what it holds when sent is the guess.
    shown = await world.alice.click(request(match.private[0], "Final Guess…"), label="Final Guess…")
    assert "1: 3 8 *; 2: 12 12 +" in json.dumps(shown.modal, ensure_ascii=False)
    result = await world.alice.submit_modal(shown, {"guesses": "1: 3 8 *", "lock": "done"})
    assert "R1 `3 8 ×`" in said(result)
    assert "R2" not in said(result)
    await world.bob.send(match.private[1], "final 1: 9 11 /")
    await world.bob.send(match.private[1], "final done")

    room = "\n".join(room_texts(world, match))
    assert "Final Guess results, bout 1" in room
    assert "alice: 1 of 12 rounds exactly right → +2" in room
    assert "bob: 1 of 12 rounds exactly right → +2" in room
    assert "`3 8 ×`" not in room, "the room never sees guessed tiles"
    host_log = "\n".join(texts(match.host_log))
    assert "R1 `3 8 ×` ✅" in host_log
    assert "Bout 2 of 2 begins" in room
    for channel in match.private:
        with pytest.raises(simcord.SetupError):
            channel.history(viewer=world.carol)
    assert not any(m.components for m in match.room.history())


async def test_status_is_private_and_ephemeral(world: World) -> None:
    match = await expression_match(world)
    await to_round_one(world, match)
    await round_one(world, match)
    result = await world.bob.slash(world.general, "expression status")
    assert result.response is not None
    assert result.response.ephemeral
    status = said(result)
    assert "you `1 + 3 × 8` = 25" in status
    assert "alice ⬜⬛⬜⬜⬜ (W B W W W)" in status
    assert "9 + 11" not in status
    assert "Your tiles: numbers `1 1 2 2 3 4 4 5" in status
    assert "Pairs to come: R3 `3 ×`" in status
    assert "you guessed **5** ❌ −1, **+** ❌ −1" in status
    assert "alice revealed **11**" in status
    assert [a.filename for a in result.response.attachments] == ["pairs-bout1.png"]
    await world.alice.send(match.private[0], "status")
    assert "you `9 + 11 ÷ 1` = 20" in texts(match.private[0])[-1]
    await world.alice.send(match.private[0], "help")
    assert "How to play" in texts(match.private[0])[-1]


async def test_a_stale_prompt_is_refused(world: World) -> None:
    match = await expression_match(world)
    await to_round_one(world, match)
    old_play = request(match.private[0], "Play…")
    old_first = request(match.private[0], "I play first")
    await round_one(world, match)
    result = await world.alice.click(old_first, label="My opponent plays first")
    assert "Too late" in said(result)
    result = await world.alice.click(old_play, label="Play…")  # round 1's, already played
    assert result.modal is None
    assert "Too late" in said(result)
    # Alice won round 1, so she plays first in round 2. A form opened in time but
    # sent after her move is in is refused too.
    shown = await world.alice.click(request(match.private[0], "Play…"), label="Play…")
    await world.alice.send(match.private[0], "play 2 - 12 + 12")
    result = await world.alice.submit_modal(shown, {"expression": "2 - 10 + 10"})
    assert "Too late" in said(result)
    assert (await view(world, match, 0))["my_plays"][1]["tiles"] == [2, "−", 12, "+", 12]


async def test_no_guess_is_one_click(world: World) -> None:
    match = await expression_match(world)
    await to_round_one(world, match)
    await round_one(world, match)
    await world.alice.send(match.private[0], "play 2 - 12 + 12")  # 2: far from 10
    await world.bob.send(match.private[1], "play 2 - 1 + 12")  # 13: bob wins round 2
    result = await world.alice.click(request(match.private[0], "No guess"), label="No guess")
    assert "Your guess for round 2: no guess" in said(result)
    await world.bob.click(request(match.private[1], "Reveal 12"), label="Reveal 12")
    room = "\n".join(room_texts(world, match))
    assert "alice made no guess" in room
    assert "bob reveals one of their tiles: **12**" in room


async def test_buttons_and_forms_work_after_a_restart(world: World, settings: Settings) -> None:
    match = await expression_match(world)
    await to_round_one(world, match)
    old = world.bot
    await world.env.restart_bot(create_bot(settings))  # a crash: the old bot is dropped
    await old.release()
    shown = await world.alice.click(request(match.private[0], "Play…"), label="Play…")
    result = await world.alice.submit_modal(shown, {"expression": "9 + 11 / 1"})
    assert "= **20**" in said(result)


async def test_refusals_are_specific_and_ephemeral(world: World) -> None:
    match = await expression_match(world)
    result = await world.alice.slash(match.private[0], "expression play", expression="1 + 2 * 3")
    assert_refused(world, result, "You can't play an expression now")
    result = await world.alice.slash(match.private[0], "expression play")
    assert_refused(world, result, "It's not your turn to play an expression now")
    result = await world.carol.slash(match.room, "expression ready")
    assert_refused(world, result, "You are not a player in match #1")
    await to_round_one(world, match)
    result = await world.bob.slash(match.private[1], "expression play", expression="1 + 2 * 3")
    assert_refused(world, result, "Your opponent plays first in round 1")
    result = await world.host.click(request(match.private[0], "Play…"), label="Play…")
    assert "You are not a player in match #1" in said(result)
    await world.alice.send(match.private[0], "play 2 + 3 * 4")
    assert "Use both of round 1's global tiles" in texts(match.private[0])[-1]
    shown = await world.alice.click(request(match.private[0], "Play…"), label="Play…")
    result = await world.alice.submit_modal(shown, {"expression": "1 + 13 * 2"})
    assert "Number tiles run 1–12" in said(result)
    assert result.response is not None
    assert result.response.ephemeral


async def test_the_starter_defaults_to_the_advantage_when_time_runs_out(world: World) -> None:
    match = await expression_match(world)
    await world.env.advance_time(61)  # planning (60 s) ends without anyone ready
    assert "Planning time for bout 1 is up" in "\n".join(texts(match.room))
    await world.env.advance_time(61)
    assert "did not choose in time" in "\n".join(texts(match.room))
    record = await world.bot.runtime.get(match.id)
    assert record.status is MatchStatus.RUNNING
    assert "Play…" in button_labels(match.private[0].history()[-1])


# -- without Discord ------------------------------------------------------------------


def test_the_window_read_from_a_view_is_the_engines() -> None:
    """window_now (what a form checks before it opens) agrees with the engine, stage by stage."""
    rnd = random.Random(2)
    state = GAME.setup({"global_tiles": PAIRS}, seed=2).state
    seen = set()
    for _ in range(400):
        if state.outcome is not None:
            break
        for seat in (0, 1):
            assert window_now(GAME.view(state, seat), seat) == GAME.window(state, seat)
        seen.add(state.stage)
        seat = min(GAME.to_act(state))
        if state.stage == "planning":
            action: Any = GAME.parse(state, seat, "ready")
        elif state.stage == "starter":
            action = GAME.parse(state, seat, "first them")
        elif state.stage == "play":
            action = random_play(state, seat, rnd)
        elif state.stage == "guess":
            winner = state.current.decided_winner
            seat = winner if state.current.guess is not None else 1 - winner
            action = random_reveal(state, rnd) if seat == winner else random_guess(rnd)
        else:
            action = GAME.parse(state, seat, "final done")
        state = GAME.apply(state, seat, action, 0).state
    assert seen == {"planning", "starter", "play", "guess", "final"}


def test_the_final_form_text() -> None:
    saved = [{"round": 1, "tiles": [3, 8, "×"]}, {"round": 4, "tiles": [2, 2, "÷"]}]
    assert final_text("1: 3 8 *", True, saved) == "final 1: 3 8 *; 4: none done"
    assert final_text("", True, saved) == "final 1: none; 4: none done"
    assert final_text("2: 5 5 +;", False, []) == "final 2: 5 5 +"
    with pytest.raises(Rejected):
        final_text("", False, saved)
    with pytest.raises(Rejected, match="Round 1"):
        final_text("1: 3 +", False, saved)
