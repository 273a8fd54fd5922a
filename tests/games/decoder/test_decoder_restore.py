"""Restoring tanks: the forced restore, the refused empty one, the guess and the sabotage."""

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
)

# -- restore ----------------------------------------------------------------------


def test_nothing_to_restore_is_refused() -> None:
    with pytest.raises(Rejected) as caught:
        act(playing(), 0, "restore tank 1")
    assert caught.value.message == "None of your tanks is used up, so there is nothing to restore."


def test_a_used_tank_is_refused() -> None:
    state = used_up(playing(), 0, [1, 2])
    with pytest.raises(Rejected) as caught:
        act(state, 0, "guess a tank arithmetic box")
    assert caught.value.message == (
        "Tank 1 is already used — your unused tanks are 3 (Encrypted Image), 4 (Dot Maze), "
        "5 (Floor Plan), 6 (Gear Train), 7 (Hidden Path)."
    )


def test_the_last_unused_tank_must_restore() -> None:
    state = used_up(playing(), 0, [1, 2, 3, 4, 5, 6])
    for text in ("ask apple not any tank 7", "guess a tank 7"):
        with pytest.raises(Rejected) as caught:
            act(state, 0, text)
        assert caught.value.message == (
            "Tank 7 (Hidden Path) is your last unused tank, so you must restore: `restore tank 7`."
        )
    restored = act(state, 0, "restore tank 7")
    assert only(restored, "tanks_restored").data == {
        "turn": 1,
        "seat": 0,
        "restored": [1, 2, 3, 4, 5, 6],
        "restored_names": [
            "Arithmetic Box",
            "Bijective Matrix",
            "Encrypted Image",
            "Dot Maze",
            "Floor Plan",
            "Gear Train",
        ],
        "tank": 7,
        "tank_name": "Hidden Path",
        "surge": False,
    }
    assert [t.used for t in restored.state.tanks[0]] == [False] * 6 + [True]
    assert only(restored, "total_requested").data["restored"] == [1, 2, 3, 4, 5, 6]


def test_the_turn_prompt_says_when_restore_is_forced() -> None:
    state = used_up(playing(), 1, [1, 2, 3, 4, 5, 6])
    step = run(state, (0, "guess a tank 1"))
    assert only(step, "turn_started").data["must_restore"] is True
    assert only(step, "turn_prompt").data["tanks"] == [
        {"tank": 7, "tank_name": "Hidden Path", "units": 15}
    ]


def test_restore_restores_only_used_tanks_not_the_one_used() -> None:
    state = used_up(playing(), 0, [2, 5])
    step = act(state, 0, "restore tank 1")
    assert step.state.turn is not None
    assert step.state.turn.restored == (2, 5)
    assert [t.used for t in step.state.tanks[0]] == [True] + [False] * 6


@pytest.mark.parametrize(
    ("text", "correct"), [("total 26", True), ("total 25", False), ("total 0", False)]
)
def test_restore_guess(text: str, correct: bool) -> None:
    state = act(used_up(playing(), 0, [2, 5]), 0, "restore tank 1").state  # 6 + 20
    step = act(state, 1, text)
    assert only(step, "total_guessed").data == {
        "turn": 1,
        "seat": 1,
        "total": int(text.split()[1]),
        "correct": correct,
    }
    if correct:
        assert only(step, "sabotage_requested").data["choices"] == [2, 5]
        assert decisions(step.state) == [None, (1, "sabotage")]
    else:
        assert "sabotage_requested" not in kinds(step)
        assert turn_seat(step.state) == 1


def test_no_restore_guess() -> None:
    state = act(used_up(playing(), 0, [2]), 0, "restore tank 1").state
    step = act(state, 1, "pass")
    assert only(step, "total_guessed").data == {
        "turn": 1,
        "seat": 1,
        "total": None,
        "correct": None,
    }


def test_sabotage_pick_only_among_restored_tanks() -> None:
    state = run(used_up(playing(), 0, [2, 5]), (0, "restore tank 1"), (1, "total 26")).state
    with pytest.raises(Rejected) as caught:
        act(state, 1, "sabotage 1")
    assert caught.value.message == (
        "Tank 1 was not restored this turn; choose one of 2 (Bijective Matrix), 5 (Floor Plan)."
    )
    step = act(state, 1, "sabotage floor plan")
    assert only(step, "tank_sabotaged").data == {
        "turn": 1,
        "seat": 1,
        "owner": 0,
        "tank": 5,
        "tank_name": "Floor Plan",
    }
    private = only(step, "tank_time_changed")
    assert (private.audience, private.data["units"], private.data["before"]) == (0, 30, 20)
    assert step.state.tanks[0][4].units == 30
