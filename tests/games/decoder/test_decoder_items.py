"""The four items: Power Surge, Unexpected Sabotage (Hand Insurance and New Evidence
are tested with the guess and the ask)."""

from __future__ import annotations

import pytest

from games import Rejected
from tests.games.decoder.decoder_support import (
    act,
    decisions,
    kinds,
    only,
    playing,
    run,
    turn_seat,
    used_up,
    with_items,
)

# -- Power Surge and Unexpected Sabotage -------------------------------------------


def test_power_surge_keeps_the_tank_but_fills_the_timer() -> None:
    step = run(with_items(["power_surge"]), (0, "ask apple not any tank 1 surge"), (1, "clue odd"))
    assert not step.state.tanks[0][0].used
    assert step.state.used_items[0] == ["power_surge"]
    assert step.state.timers == [4, 0]  # 5 units filled; seat 1 at 1 hit zero first
    assert only(step, "word_asked").data["surge"] is True
    state = playing(items=[["power_surge"], []])
    state.items[0], state.used_items[0] = [], ["power_surge"]
    with pytest.raises(Rejected, match="You have used your Power Surge already"):
        act(state, 0, "guess a tank 1 surge")


def test_power_surge_on_a_restore_keeps_every_tank() -> None:
    state = used_up(with_items(["power_surge"]), 0, [2])
    step = act(state, 0, "restore tank 1 power surge")
    assert [t.used for t in step.state.tanks[0]] == [False] * 7


def test_no_power_surge() -> None:
    with pytest.raises(Rejected) as caught:
        act(playing(), 0, "guess a tank 1 surge")
    assert caught.value.message == "You have no Power Surge."


def test_unexpected_sabotage_alone_then_the_clue() -> None:
    state = act(with_items([], ["unexpected_sabotage"]), 0, "ask apple not any tank 1").state
    step = act(state, 1, "unexpected")
    assert only(step, "unexpected_sabotage").data == {
        "turn": 1,
        "seat": 1,
        "owner": 0,
        "tank": 1,
        "tank_name": "Arithmetic Box",
    }
    changed = only(step, "tank_time_changed")
    assert (changed.audience, changed.data["before"], changed.data["units"]) == (0, 5, 8)
    assert decisions(step.state) == [None, (1, "clue")]  # the clue is still owed
    done = act(step.state, 1, "clue odd")
    assert done.state.timers == [7, 0]  # 8 units, not 5
    state = act(playing(items=[[], []]), 0, "ask apple not any tank 1").state
    state.used_items[1] = ["unexpected_sabotage"]
    with pytest.raises(Rejected, match="You have used your Unexpected Sabotage already"):
        act(state, 1, "unexpected")


def test_unexpected_sabotage_with_a_response_and_on_a_restore() -> None:
    state = act(used_up(with_items([], ["unexpected_sabotage"]), 0, [2]), 0, "restore tank 1").state
    step = act(state, 1, "total 6 unexpected")
    assert kinds(step)[:3] == ["unexpected_sabotage", "tank_time_changed", "total_guessed"]
    assert step.state.tanks[0][0].units == 8


def test_unexpected_sabotage_needs_the_item_and_an_opponents_turn() -> None:
    state = act(playing(), 0, "ask apple not any tank 1").state
    with pytest.raises(Rejected) as caught:
        act(state, 1, "clue odd unexpected")
    assert caught.value.message == "You have no Unexpected Sabotage."
    with pytest.raises(Rejected, match="nothing to respond to"):
        act(state, 0, "unexpected")


def test_right_guess_gives_an_unexpected_sabotage_window_only_to_its_holder() -> None:
    step = act(with_items([], ["unexpected_sabotage"]), 0, "guess a tank 1")
    assert decisions(step.state) == [None, (1, "unexpected")]
    used = act(step.state, 1, "unexpected sabotage")
    assert used.state.tanks[0][0].units == 8
    assert turn_seat(used.state) == 1
    assert decisions(act(playing(), 0, "guess a tank 1").state) == [None, (1, "turn")]
