"""Playing Decoder on Discord: the host's begin, letter selection, every kind of
turn through buttons, slash commands and plain messages, and who sees what."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
import simcord

from bot import create_bot
from bot.config import Settings
from tests.bot.discord.support import (
    Match,
    World,
    assert_refused,
    button_labels,
    new_match,
    prompt,
    said,
    texts,
)
from tests.games.decoder.decoder_support import HANDS, config

CANNOT_READ = simcord.SetupError


async def decoder_match(world: World, *, begin: bool = True, **changes: Any) -> Match:
    """A match on the Decoder tests' config: alice (seat 0) has tanks of 5, 6, 4,
    10, 20, 30, 2 units, bob 14, 7, 9, 8, 3, 12, 15; hands are preset (alice
    G H I K L M, bob A–F), so ``begin`` goes straight to play."""
    options = json.dumps({k: v for k, v in config(**changes).items() if v is not None})
    match = await new_match(world, game="decoder", options=options)
    if begin:
        result = await world.host.slash(match.room, "decoder begin")
        assert "has begun" in said(result), said(result)
    return match


def room_text(match: Match) -> str:
    return "\n".join(texts(match.room))


async def host_view(world: World, match: Match) -> dict[str, Any]:
    return await world.bot.runtime.view(match.id, "host")


# -- the host starts it -----------------------------------------------------------------


async def test_begin_is_for_hosts_only(world: World) -> None:
    match = await decoder_match(world, begin=False)
    result = await world.alice.slash(match.private[0], "decoder begin")
    assert_refused(world, result, "Only hosts can start letter selection")
    assert (await host_view(world, match))["phase"] == "pregame"
    result = await world.host.slash(match.room, "decoder begin")
    assert "Play has begun in match #1" in said(result)
    assert "**Turn 1** — **alice**'s turn" in room_text(match)
    assert "🎯 **Your turn**" in texts(match.private[0])[-1]


async def test_a_time_raise_before_selection_stays_private(world: World) -> None:
    match = await decoder_match(world, begin=False)
    result = await world.alice.slash(match.private[0], "decoder time", tank="3", seconds=120)
    assert "**Encrypted Image** is now 120 s → **12 units**" in said(result)
    assert "120 s" not in room_text(match)
    assert "12 units" in texts(match.private[0])[-1]


# -- letter selection ----------------------------------------------------------------------


async def test_letter_selection_with_buttons_a_menu_and_typed_moves(world: World) -> None:
    """alice earns 3 extra tiles (tanks 1, 3, 7), bob 2 (tanks 5, 6)."""
    match = await decoder_match(world, preset_hands=None)
    assert "Letter selection has started" in room_text(match)
    dealt = prompt(match.private[0])
    assert "tanks 1, 3 and 7" in dealt.content
    assert "3 common" in button_labels(dealt)
    await world.alice.click(dealt, label="2 common + 1 uncommon")
    view = await world.bot.runtime.view(match.id, 0)
    tiles = sorted(view["selection"]["initial"] + view["selection"]["extras"])
    assert len(tiles) == 9
    menu = prompt(match.private[0])
    assert "Pick 6 for your hand" in menu.content
    result = await world.alice.select(menu, tiles[:6])
    assert "Your hand:" in said(result)

    await world.bob.send(match.private[1], "rarities 1 0 1")
    view = await world.bot.runtime.view(match.id, 1)
    bobs = sorted(view["selection"]["initial"] + view["selection"]["extras"])
    await world.bob.slash(match.private[1], "decoder hand", letters=" ".join(bobs[-6:]))
    room = room_text(match)
    assert "Play begins!" in room
    # Nothing of the selection reached the room: no tile, no extra count.
    for letter in {*tiles, *bobs}:
        assert f"`{letter}`" not in room
    assert "extra" not in room


# -- asking a word --------------------------------------------------------------------------


async def test_ask_then_the_responder_clicks_a_clue(world: World) -> None:
    match = await decoder_match(world)
    result = await world.alice.slash(
        match.private[0], "decoder ask", word="decoder", exclude="ANY", tank="4"
    )
    assert result.response is not None
    assert result.response.ephemeral
    assert "✅ Taken: `ask decoder not ANY tank 4`" in said(result)
    assert "**alice** asks **DECODER**, not ANY — using tank **Dot Maze**" in room_text(match)
    clues = prompt(match.private[1])
    assert button_labels(clues) == ["ODD", "TWO"]
    assert not any(m.components for m in match.room.history())
    await world.bob.click(clues, label="ODD")
    # bob holds D, E, C, D, E of DECODER: a count of 5.
    assert "**ODD: yes** (bob holds an odd count of its letters)" in room_text(match)
    assert "**Turn 2** — **bob**'s turn" in room_text(match)


async def test_a_stale_clue_button_is_refused(world: World) -> None:
    match = await decoder_match(world)
    await world.alice.send(match.private[0], "ask decoder not any tank 4")
    clues = prompt(match.private[1])
    await world.bob.click(clues, label="TWO")
    result = await world.bob.click(clues, label="ODD")
    assert "Too late" in said(result)
    answered = [t for t in texts(match.room) if "💡" in t]
    assert len(answered) == 1
    assert "**TWO: no**" in answered[0]


# A draining bank keeps a timer due within 5 s; a shorter settle timeout keeps
# SimCord from waiting for it in real time after each action.
@pytest.mark.simcord(settle_timeout=2)
async def test_a_clue_button_still_counts_on_the_time_bank(world: World) -> None:
    """The window ran out but the decision is still open: the bank pays for it."""
    match = await decoder_match(world, response_seconds=10)
    await world.alice.send(match.private[0], "ask decoder not any tank 4")
    clues = prompt(match.private[1])
    await world.env.advance_time(11)
    assert "**bob**'s time for the clue choice ran out" in room_text(match)
    await world.bob.click(clues, label="ODD")
    assert "**ODD: yes**" in room_text(match)
    assert (await world.bot.runtime.view(match.id, 1))["banks"][1] == 295


async def test_an_empty_bank_loses_and_later_clicks_are_refused(world: World) -> None:
    match = await decoder_match(world, response_seconds=10, bank_seconds=0)
    await world.alice.send(match.private[0], "ask decoder not any tank 4")
    clues = prompt(match.private[1])
    await world.env.advance_time(11)
    assert "**alice wins!** (bob ran out of time (their time bank is empty))" in room_text(match)
    result = await world.bob.click(clues, label="ODD")
    assert "Match #1 is over" in said(result)


# -- guessing: right, then wrong with the give-up and swap buttons ---------------------------


async def test_guesses_right_and_wrong_with_giveup_and_swap_buttons(world: World) -> None:
    match = await decoder_match(world)
    await world.alice.slash(match.private[0], "decoder guess", letter="A", tank="7")
    assert "✅ **Right!** `A` leaves bob's hand" in room_text(match)
    # alice's tank of 2 units against bob's 1: bob moves next.
    await world.bob.slash(match.private[1], "decoder guess", letter="Z", tank="5")
    assert "❌ **Wrong** — `Z` is not in alice's hand" in room_text(match)
    giveup = prompt(match.private[1])
    assert button_labels(giveup) == [f"Give up {x}" for x in "BCDEF"]
    offer = prompt(match.private[0])
    assert button_labels(offer) == [*(f"Swap out {x}" for x in HANDS[0]), "Keep my hand"]
    offered = (await host_view(world, match))["turns"][-1]["offer"]
    assert f"offered `{offered}`" in offer.content

    result = await world.bob.click(giveup, label="Give up C")
    assert result.response is not None
    assert result.response.ephemeral
    assert "**bob** gives up `C`" in room_text(match)
    result = await world.alice.click(offer, label="Swap out G")
    assert f"swapped out `G` for `{offered}`" in said(result)
    assert "**alice** has decided, in private, whether to swap" in room_text(match)
    hand = (await world.bot.runtime.view(match.id, 0))["hand"]
    assert hand == sorted([offered, "H", "I", "K", "L", "M"])
    # The offer and the swap stay in alice's channel.
    assert f"`{offered}`" not in room_text(match)
    assert "`G`" not in room_text(match)
    assert not any(f"`{offered}`" in t for t in texts(match.private[1]))


# -- restoring: the total typed, the sabotage clicked -------------------------------------


async def test_restore_total_and_sabotage(world: World) -> None:
    match = await decoder_match(world)
    await world.alice.send(match.private[0], "ask decoder not any tank 7")
    await world.bob.click(prompt(match.private[1]), label="ODD")
    await world.bob.send(match.private[1], "ask puzzle not any tank 5")
    await world.alice.click(prompt(match.private[0]), label="TWO")
    # alice's turn 3: her tank 7 (Hidden Path, 2 units) is used.
    choices = await world.alice.autocomplete(match.private[0], "decoder restore", "tank", "")
    assert [c["value"] for c in choices] == ["1", "2", "3", "4", "5", "6"]
    assert choices[0]["name"] == "1 · Arithmetic Box (5 units)"
    await world.alice.slash(match.private[0], "decoder restore", tank="3")
    assert "**alice** restores **Hidden Path**" in room_text(match)
    assert button_labels(prompt(match.private[1])) == ["No guess"]

    result = await world.bob.slash(match.private[1], "decoder total", total=2)
    assert "Sabotage Hidden Path" in button_labels(prompt(match.private[1]))
    assert "guesses a restored total of **2** — ✅ right!" in room_text(match)
    result = await world.bob.click(prompt(match.private[1]), label="Sabotage Hidden Path")
    assert said(result).startswith("✅ Taken: `sabotage 7`")
    assert "**bob** sabotages **alice**'s tank **Hidden Path**" in room_text(match)
    assert "**2 → 3 units**" in "\n".join(texts(match.private[0]))
    # Nobody but alice learns the new time.
    assert "3 units" not in room_text(match)
    assert not any("→ 3 units" in t for t in texts(match.private[1]))


async def test_autocomplete_offers_only_the_seats_own_unused_tanks(world: World) -> None:
    match = await decoder_match(world)
    await world.alice.send(match.private[0], "guess a tank 7")
    mine = await world.alice.autocomplete(match.private[0], "decoder guess", "tank", "", letter="Q")
    assert "7" not in [c["value"] for c in mine]
    theirs = await world.bob.autocomplete(match.private[1], "decoder ask", "tank", "gear")
    assert theirs == [{"name": "6 · Gear Train (12 units)", "value": "6"}]
    assert await world.carol.autocomplete(match.room, "decoder guess", "tank", "") == []


async def test_autocomplete_logs_a_failure_instead_of_hiding_it(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """It still answers (with nothing), but an unexpected error reaches the log."""
    match = await decoder_match(world)
    runtime = world.bot.runtime

    async def broken(*_: object) -> dict[str, object]:
        raise RuntimeError("the view broke")

    monkeypatch.setattr(runtime, "view", broken)
    with caplog.at_level(logging.ERROR, logger="bot.discord.decoder._moves"):
        offered = await world.alice.autocomplete(match.private[0], "decoder guess", "tank", "")
    assert offered == []
    assert "the view broke" in caplog.text
    # A refusal (carol plays in no match) is no error: nothing is logged for it.
    caplog.clear()
    with caplog.at_level(logging.ERROR, logger="bot.discord.decoder._moves"):
        assert await world.carol.autocomplete(match.room, "decoder guess", "tank", "") == []
    assert caplog.text == ""


async def test_must_restore_gets_a_restore_button(world: World) -> None:
    """alice's tanks are 1 unit, bob's 30: after bob's one turn alice moves on and on."""
    match = await decoder_match(world, times=[[10] * 7, [300] * 7])
    await world.alice.send(match.private[0], "guess a tank 1")
    await world.bob.send(match.private[1], "ask decoder not any tank 1")
    await world.alice.click(prompt(match.private[0]), label="ODD")
    for tank, letter in zip(range(2, 6), "BCDE", strict=True):
        await world.alice.send(match.private[0], f"guess {letter} tank {tank}")
    await world.alice.send(match.private[0], "ask puzzle not any tank 6")
    await world.bob.click(prompt(match.private[1]), label="TWO")
    assert "must restore" in texts(match.room)[-1]
    button = prompt(match.private[0])
    assert button_labels(button) == ["Restore (using Hidden Path)"]
    await world.alice.click(button, label="Restore (using Hidden Path)")
    assert "**alice** restores **Arithmetic Box**" in room_text(match)


async def test_unexpected_sabotage_by_button_and_with_a_response(world: World) -> None:
    match = await decoder_match(world, items=[["unexpected_sabotage"], ["unexpected_sabotage"]])
    await world.alice.send(match.private[0], "guess a tank 4")
    offer = prompt(match.private[1])
    assert button_labels(offer) == ["Use Unexpected Sabotage", "Don't use it"]
    await world.bob.click(offer, label="Use Unexpected Sabotage")
    assert "**bob** plays **Unexpected Sabotage** on **alice**'s tank **Dot Maze**" in (
        room_text(match)
    )
    assert "**10 → 15 units**" in texts(match.private[0])[-1]
    # bob's turn: alice answers his ask and sabotages with the same click of a command.
    await world.bob.send(match.private[1], "ask puzzle not two tank 5")
    result = await world.alice.slash(match.private[0], "decoder clue", clue="ANY", unexpected=True)
    assert "✅ Taken: `clue ANY unexpected`" in said(result)
    assert "**alice** plays **Unexpected Sabotage** on **bob**'s tank **Floor Plan**" in (
        room_text(match)
    )


async def test_buttons_work_after_a_restart(world: World, settings: Settings) -> None:
    match = await decoder_match(world)
    await world.alice.send(match.private[0], "ask decoder not any tank 4")
    old = world.bot
    await world.env.restart_bot(create_bot(settings))
    await old.release()
    await world.bob.click(prompt(match.private[1]), label="ODD")
    assert "**ODD: yes**" in room_text(match)


# -- who sees what --------------------------------------------------------------------------


async def test_private_parts_reach_only_their_owner(world: World) -> None:
    match = await decoder_match(world)
    await world.alice.send(match.private[0], "guess z tank 7")
    await world.alice.click(prompt(match.private[0]), label="Give up G")
    await world.bob.click(prompt(match.private[1]), label="Keep my hand")
    # carol reads the room, never a private channel or the host log.
    assert match.room.history(viewer=world.carol)
    for hidden in (*match.private, match.host_log):
        with pytest.raises(CANNOT_READ):
            hidden.history(viewer=world.carol)
    with pytest.raises(CANNOT_READ):
        match.private[1].history(viewer=world.alice)
    with pytest.raises(CANNOT_READ):
        match.private[0].history(viewer=world.bob)
    room = "\n".join(m.content for m in match.room.history(viewer=world.carol))
    for letter in ["H", "I", "K", "L", "M", *HANDS[1]]:
        assert f"`{letter}`" not in room
    assert "units" not in room
    assert "offered" not in room
    mine = "\n".join(texts(match.private[0]))
    assert "**Your timer tanks**" in mine
    assert "`A` `B`" not in mine  # bob's hand


async def test_status_is_ephemeral_with_the_tank_board(world: World) -> None:
    match = await decoder_match(world)
    await world.alice.send(match.private[0], "ask decoder not any tank 4")
    result = await world.bob.slash(match.private[1], "decoder status")
    assert result.response is not None
    assert result.response.ephemeral
    assert "**Your hand:** `A` `B` `C` `D` `E` `F`" in said(result)
    assert [a.filename for a in result.response.attachments] == ["tanks.png"]
    await world.alice.send(match.private[0], "status")
    assert "**Your hand:** `G` `H` `I` `K` `L` `M`" in texts(match.private[0])[-1]
    result = await world.host.slash(match.room, "match status")
    assert "Recharge timers (secret)" in said(result)


async def test_typed_moves_and_refusals_in_the_private_channel(world: World) -> None:
    match = await decoder_match(world)
    await world.alice.send(match.private[0], "ask decoder not any tank 9")
    assert "Tanks are numbered 1–7" in texts(match.private[0])[-1]
    await world.bob.send(match.private[1], "guess a tank 1")
    assert "It's not your turn" in texts(match.private[1])[-1]
    await world.alice.send(match.private[0], "help")
    assert "How to play Decoder here" in texts(match.private[0])[-1]
    result = await world.carol.slash(match.room, "decoder guess", letter="A", tank="1")
    assert_refused(world, result, "You are not a player in match #1")


async def test_declining_unexpected_sabotage_never_answers_a_swap(world: World) -> None:
    """`/decoder unexpected use:False` while a swap is owed is refused: it never keeps the hand."""
    match = await decoder_match(world)
    await world.alice.slash(match.private[0], "decoder guess", letter="A", tank="7")
    await world.bob.slash(match.private[1], "decoder guess", letter="Z", tank="5")
    before = (await world.bot.runtime.view(match.id, 0))["offer"]
    assert before is not None, "alice owes a swap decision"
    result = await world.alice.slash(match.private[0], "decoder unexpected", use=False)
    assert_refused(world, result, "Not now: what's asked of you is")
    assert (await world.bot.runtime.view(match.id, 0))["offer"] == before
    assert "has decided, in private, whether to swap" not in room_text(match)
