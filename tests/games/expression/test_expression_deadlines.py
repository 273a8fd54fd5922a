"""Deadlines, reserve time and decision windows."""

from __future__ import annotations

import pytest

from games import Deadline, Rejected
from games.expression import GAME
from games.expression.models import FinalGuess
from tests.games.expression.expression_support import (
    apply,
    at_final,
    fresh,
    kinds,
    only,
    say,
    scripted_play,
    started,
)

PLAY_1 = "play 1 + 2 × 4"  # round 1 (global 1 and +), own 2 4 ×
PLAY_1B = "play 1 + 3 × 3"


def test_planning_deadline_is_the_rooms() -> None:
    state = fresh(now_ms=5_000)
    assert GAME.deadlines(state) == [
        Deadline(
            key="planning:1",
            at_ms=185_000,
            seat=None,
            reminders=(30, 15, 5),
            label="the planning phase of bout 1",
        )
    ]
    assert GAME.to_act(state) == frozenset({0, 1})
    assert GAME.window(state, 0) == GAME.window(state, 1) == "planning:1"
    state = say(state, 0, "ready").state
    assert GAME.to_act(state) == frozenset({1})
    with pytest.raises(Rejected, match="Time is up for the planning phase of bout 1"):
        say(state, 1, "ready", 185_000)


def test_starter_deadline() -> None:
    state = GAME.expire(fresh(advantage=1), "planning:1", 180_000).state
    assert GAME.deadlines(state) == [
        Deadline(
            key="starter:1",
            at_ms=240_000,
            seat=1,
            reminders=(30, 15, 5),
            label="your choice of who starts bout 1",
        )
    ]
    assert GAME.to_act(state) == frozenset({1})
    assert (GAME.window(state, 0), GAME.window(state, 1)) == (None, "starter:1")
    with pytest.raises(Rejected, match="Time is up for choosing who starts bout 1"):
        say(state, 1, "first me", 240_000)


def test_play_deadlines_run_one_seat_at_a_time() -> None:
    state = started(first=1, now_ms=1_000)
    assert GAME.deadlines(state) == [
        Deadline(
            key="play:1:1:1",
            at_ms=46_000,
            seat=1,
            reminders=(30, 15, 5),
            label="your expression for round 1",
        )
    ]
    assert GAME.to_act(state) == frozenset({1})
    assert (GAME.window(state, 0), GAME.window(state, 1)) == (None, "expression:1:1:1")
    state = say(state, 1, PLAY_1, 11_000).state
    assert [(d.key, d.at_ms, d.seat) for d in GAME.deadlines(state)] == [("play:1:1:0", 56_000, 0)]
    assert (GAME.window(state, 0), GAME.window(state, 1)) == ("expression:1:1:0", None)


def test_the_45_seconds_run_into_the_reserve() -> None:
    state = started(first=0)
    step = GAME.expire(state, "play:1:1:0", 45_000)
    assert only(step, "reserve_started").data == {
        "bout": 1,
        "round": 1,
        "seat": 0,
        "reserve_ms": 180_000,
    }
    assert GAME.deadlines(step.state) == [
        Deadline(
            key="reserve:1:1:0",
            at_ms=225_000,
            seat=0,
            reminders=(30, 15, 5),
            label="your expression for round 1, on reserve time",
        )
    ]
    # The decision stays the same, so a move made in reserve time is not "too late".
    assert GAME.window(step.state, 0) == GAME.window(state, 0) == "expression:1:1:0"
    assert GAME.to_act(step.state) == frozenset({0})


def test_only_the_overrun_is_charged() -> None:
    state = started(first=0)
    on_time = say(state, 0, PLAY_1, 44_999)
    assert only(on_time, "expression_accepted").data["charged_ms"] == 0
    assert on_time.state.reserves[0].left_ms == 180_000
    state = GAME.expire(state, "play:1:1:0", 45_000).state
    late = say(state, 0, PLAY_1, 65_000)
    assert only(late, "expression_accepted").data["charged_ms"] == 20_000
    assert only(late, "tiles_played").data["reserve_ms"] == 160_000
    assert late.state.reserves == [
        late.state.reserves[0].model_copy(update={"left_ms": 160_000}),
        state.reserves[1],
    ]


def test_a_late_move_is_charged_even_before_the_expiry_is_processed() -> None:
    step = say(started(first=0), 0, PLAY_1, 50_000)
    assert step.state.reserves[0].left_ms == 175_000


def test_the_reserve_is_continuous_across_rounds() -> None:
    state = started(first=0)
    state = say(state, 0, PLAY_1, 65_000).state  # 20 s over
    state = say(state, 1, PLAY_1B, 70_000).state
    state = say(state, 0, "guess none", 71_000).state
    state = say(state, 1, "reveal 3", 72_000).state
    # Round 2: seat 1 (the winner) first, then seat 0 again.
    state = apply(state, 1, scripted_play(state, 1), 80_000).state
    state = GAME.expire(state, "play:1:2:0", 80_000 + 45_000).state
    deadline = GAME.deadlines(state)[0]
    assert deadline.key == "reserve:1:2:0"
    assert deadline.at_ms == 80_000 + 45_000 + 160_000
    step = say(state, 0, "play 2 − 6 + 6", 80_000 + 45_000 + 159_999)
    assert step.state.reserves[0].left_ms == 1
    assert step.state.outcome is None


def test_running_out_of_reserve_loses_at_once() -> None:
    state = GAME.expire(started(first=1), "play:1:1:1", 45_000).state
    step = GAME.expire(state, "reserve:1:1:1", 225_000)
    outcome = step.state.outcome
    assert outcome is not None
    assert outcome.winner == 0
    assert outcome.reason == "seat 1 ran out of reserve time"
    assert outcome.scores == (0.0, 0.0)
    over = only(step, "match_over").data
    assert over["forfeit"] == 1
    assert over["reserve_ms"] == [180_000, 0]
    assert GAME.deadlines(step.state) == []
    assert GAME.window(step.state, 1) is None


def test_a_move_at_the_very_end_of_the_reserve_is_refused() -> None:
    state = GAME.expire(started(first=0), "play:1:1:0", 45_000).state
    with pytest.raises(Rejected, match="your reserve time for round 1 ran out"):
        say(state, 0, PLAY_1, 225_000)
    assert say(state, 0, PLAY_1, 224_999).state.reserves[0].left_ms == 1


def test_no_reserve_loses_when_the_45_seconds_end() -> None:
    state = started(first=0, reserve_seconds=0)
    step = GAME.expire(state, "play:1:1:0", 45_000)
    assert kinds(step) == ["match_over"]
    assert step.state.outcome is not None
    assert step.state.outcome.winner == 1


def test_a_short_reserve_gets_the_reminders_that_fit() -> None:
    state = GAME.expire(started(first=0, reserve_seconds=20), "play:1:1:0", 45_000).state
    assert GAME.deadlines(state)[0].reminders == (15, 5)


def test_guessing_deadlines_and_windows() -> None:
    state = say(say(started(first=0), 0, PLAY_1, 1_000).state, 1, PLAY_1B, 2_000).state
    assert state.current.winner == 1
    deadlines = GAME.deadlines(state)
    assert [(d.key, d.seat, d.at_ms, d.label) for d in deadlines] == [
        ("guess:1:1", 0, 62_000, "your guess for round 1"),
        ("reveal:1:1", 1, 62_000, "your choice of a tile to reveal for round 1"),
    ]
    assert all(d.reminders == (30, 15, 5) for d in deadlines)
    state = say(state, 0, "guess 3", 3_000).state
    assert [d.key for d in GAME.deadlines(state)] == ["reveal:1:1"]
    assert GAME.to_act(state) == frozenset({1})
    # The guesser may still change its guess: its window stays open.
    assert GAME.window(state, 0) == "guess:1:1"
    assert GAME.window(state, 1) == "reveal:1:1"


def test_guessing_never_draws_on_the_reserve() -> None:
    state = say(say(started(first=0), 0, PLAY_1).state, 1, PLAY_1B).state
    state = GAME.expire(state, "guess:1:1", 60_000).state
    state = GAME.expire(state, "reveal:1:1", 60_000).state
    assert [r.left_ms for r in state.reserves] == [180_000, 180_000]


def test_final_guess_deadlines_and_windows() -> None:
    state = at_final()
    assert [(d.key, d.seat, d.at_ms) for d in GAME.deadlines(state)] == [
        ("final:1:0", 0, 300_000),
        ("final:1:1", 1, 300_000),
    ]
    assert GAME.deadlines(state)[0].label == "your Final Guess for bout 1"
    state = say(state, 0, "final 1: 1 1 +").state
    # A first submission closes nothing: resubmissions stay welcome.
    assert [d.key for d in GAME.deadlines(state)] == ["final:1:0", "final:1:1"]
    assert GAME.window(state, 0) == "final:1:0"
    state = say(state, 0, "final 2: 2 2 +", 10_000).state
    assert GAME.to_act(state) == frozenset({0, 1})
    state = say(state, 0, "final done").state
    assert [d.key for d in GAME.deadlines(state)] == ["final:1:1"]
    assert GAME.to_act(state) == frozenset({1})


def test_a_deadline_key_never_comes_back_once_gone() -> None:
    """Keys are unique over the match, so a stale timer can never hit a new deadline."""
    state = started(first=0)
    live: set[str] = set()
    retired: set[str] = set()
    while state.outcome is None:
        now = {d.key for d in GAME.deadlines(state)}
        assert not now & retired
        retired |= live - now
        live = now
        if state.stage == "play":
            state = apply(state, state.to_play, scripted_play(state, state.to_play)).state
        elif state.stage == "guess" and state.current.guess is None:
            state = say(state, 1 - state.current.decided_winner, "guess none").state
        elif state.stage == "guess":
            state = GAME.expire(state, f"reveal:{state.bout}:{state.round}", 0).state
        elif state.stage == "final":
            state = apply(state, 0, FinalGuess(done=True)).state
            state = apply(state, 1, FinalGuess(done=True)).state
        else:
            state = say(say(state, 0, "ready").state, 1, "ready").state
    retired |= live
    assert {k.split(":")[0] for k in retired} == {"play", "guess", "reveal", "final", "planning"}
    assert len([k for k in retired if k.startswith("play:")]) == 2 * 24


@pytest.mark.parametrize("key", ["play:1:1:1", "reserve:1:1:0", "guess:1:1", "planning:1", "x", ""])
def test_stale_or_unknown_keys_are_no_ops(key: str) -> None:
    state = started(first=0)
    step = GAME.expire(state, key, 1_000_000)
    assert step.notices == []
    assert step.state == state


def test_expire_and_apply_never_mutate_their_input() -> None:
    state = started(first=0)
    before = state.model_dump()
    GAME.expire(state, "play:1:1:0", 45_000)
    say(state, 0, PLAY_1)
    assert state.model_dump() == before
