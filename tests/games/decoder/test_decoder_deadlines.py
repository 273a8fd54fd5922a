"""Decision windows, the 5-minute bank drained in 5 s steps, reminders, timeouts."""

from __future__ import annotations

import pytest

from games import HOST, PUBLIC, Deadline
from games.decoder import GAME, DecoderState
from tests.games.decoder.decoder_support import act, decisions, fresh, kinds, only, playing, run


def expire_first(state: DecoderState, seat: int) -> tuple[DecoderState, list[str], int]:
    """Fire ``seat``'s live deadline; returns the state, notice kinds and when it fired."""
    deadline = next(d for d in GAME.deadlines(state) if d.seat == seat)
    step = GAME.expire(state, deadline.key, deadline.at_ms)
    return step.state, kinds(step), deadline.at_ms


def test_the_turn_window_is_90_seconds_with_reminders() -> None:
    state = playing(now_ms=5_000)
    assert GAME.deadlines(state) == [
        Deadline(
            key="d1:0",
            at_ms=95_000,
            seat=0,
            reminders=(30, 15, 5),
            label="your turn",
            room_label="their turn",  # the turn timer is public: the room is reminded too
        )
    ]
    assert GAME.window(state, 0) == "d1"
    assert GAME.window(state, 1) is None


def test_responses_get_60_seconds() -> None:
    state = act(playing(), 0, "ask apple not any tank 1", now_ms=10_000).state
    assert GAME.deadlines(state) == [
        Deadline(
            key="d2:0",
            at_ms=70_000,
            seat=1,
            reminders=(30, 15, 5),
            label="your clue choice",
            room_label="their clue choice",
        )
    ]


def test_give_up_gets_90_and_the_swap_60_side_by_side() -> None:
    state = act(playing(), 0, "guess z tank 1", now_ms=1_000).state
    assert [(d.key, d.seat, d.at_ms, d.label) for d in GAME.deadlines(state)] == [
        ("d2:0", 0, 91_000, "the letter you give up"),
        ("d3:0", 1, 61_000, "your swap decision"),
    ]


def test_configured_windows() -> None:
    state = playing(turn_seconds=20, response_seconds=10)
    assert GAME.deadlines(state)[0].at_ms == 20_000
    assert GAME.deadlines(state)[0].reminders == (15, 5)
    state = act(state, 0, "ask apple not any tank 1", now_ms=1_000).state
    assert GAME.deadlines(state)[0].at_ms == 11_000
    assert GAME.deadlines(state)[0].reminders == (5,)


def test_a_window_running_out_starts_the_bank_in_5_second_steps() -> None:
    state = playing()
    step = GAME.expire(state, "d1:0", 90_000)
    assert [(n.audience, n.kind, n.data) for n in step.notices] == [
        (PUBLIC, "bank_started", {"seat": 0, "decision": "turn", "bank_seconds": 300})
    ]
    state = step.state
    assert state.banks[0].left_ms == 295_000  # the step under way is paid for
    assert GAME.deadlines(state) == [
        Deadline(key="d1:1", at_ms=95_000, seat=0, reminders=(), label="your turn (time bank)")
    ]
    assert GAME.window(state, 0) == "d1"  # a move aimed at the turn still lands
    state = GAME.expire(state, "d1:1", 95_000).state
    assert state.banks[0].left_ms == 290_000
    assert GAME.deadlines(state)[0].at_ms == 100_000
    assert GAME.view(state, PUBLIC)["awaiting"][0]["on_bank"] is True


def test_an_empty_bank_loses_when_the_window_is_over() -> None:
    state = playing()
    reminders: list[tuple[int, int]] = []
    fired: list[int] = []
    while state.outcome is None:
        deadline = GAME.deadlines(state)[0]
        step = GAME.expire(state, deadline.key, deadline.at_ms)
        fired.append(deadline.at_ms)
        reminders += [
            (n.audience, n.data["bank_seconds"]) for n in step.notices if n.kind == "bank_reminder"
        ]
        state = step.state
    assert fired[-1] == 90_000 + 300_000
    assert len(fired) == 1 + 60  # the window, then 60 steps of 5 s, then the empty bank
    assert state.outcome.winner == 1
    assert state.outcome.reason == "seat 0 ran out of time (its time bank is empty)"
    # Each 30 s of bank: the seat, and the room (a seat's bank is public).
    assert reminders == [
        (audience, seconds) for seconds in range(270, 0, -30) for audience in (0, PUBLIC)
    ]


def test_a_move_part_way_through_a_step_has_paid_for_it() -> None:
    state = playing()
    for key, at in (("d1:0", 90_000), ("d1:1", 95_000), ("d1:2", 100_000)):
        state = GAME.expire(state, key, at).state
    assert state.banks[0].left_ms == 285_000
    state = act(state, 0, "ask apple not any tank 1", now_ms=101_000).state
    assert state.banks[0].left_ms == 285_000
    assert decisions(state) == [None, (1, "clue")]
    # The bank carries into the seat's next window.
    state = act(state, 1, "clue odd", now_ms=102_000).state
    state = run(state, (1, "ask bread not any tank 1"), (0, "clue odd")).state
    state, notices, _ = expire_first(state, 0)
    assert notices == ["bank_started"]
    assert state.banks[0].left_ms == 280_000


def test_the_response_window_drains_the_responders_bank() -> None:
    state = act(playing(), 0, "ask apple not any tank 1").state
    state, notices, _ = expire_first(state, 1)
    assert notices == ["bank_started"]
    assert [bank.left_ms for bank in state.banks] == [300_000, 295_000]


def test_no_bank_loses_as_the_window_closes() -> None:
    state = act(playing(bank_seconds=0), 0, "ask apple not any tank 1").state
    step = GAME.expire(state, "d2:0", 60_000)
    assert kinds(step) == ["match_over"]
    assert step.state.outcome is not None
    assert step.state.outcome.winner == 0


def test_a_short_bank() -> None:
    state = playing(bank_seconds=30)
    count = 0
    while state.outcome is None:
        state, _, _ = expire_first(state, 0)
        count += 1
    assert count == 1 + 6


@pytest.mark.parametrize("key", ["d1:1", "d2:0", "selection", "", "d1"])
def test_stale_or_unknown_keys_are_no_ops(key: str) -> None:
    state = playing()
    step = GAME.expire(state, key, 10**6)
    assert step.notices == []
    assert step.state == state


def test_an_old_step_key_is_stale_after_a_move() -> None:
    state = GAME.expire(playing(), "d1:0", 90_000).state
    state = act(state, 0, "ask apple not any tank 1", now_ms=91_000).state
    assert GAME.expire(state, "d1:1", 95_000).state == state


def test_selection_deadline_is_for_the_room() -> None:
    state = act(
        fresh(preset_hands=None, selection_seconds=240), HOST, "start selection", 7_000
    ).state
    assert GAME.deadlines(state) == [
        Deadline(
            key="selection",
            at_ms=247_000,
            seat=None,
            reminders=(30, 15, 5),
            label="letter selection",
        )
    ]
    assert GAME.view(state, PUBLIC)["selection_deadline_ms"] == 247_000
    assert GAME.view(state, PUBLIC)["awaiting"] == []


def test_expire_never_mutates_its_input() -> None:
    state = act(playing(), 0, "guess z tank 1").state
    before = state.model_dump()
    GAME.expire(state, "d2:0", 90_000)
    GAME.expire(state, "d3:0", 60_000)
    assert state.model_dump() == before


def test_turn_window_label_and_window_key_stay_through_the_bank() -> None:
    state = act(playing(), 0, "guess z tank 1").state
    state = GAME.expire(state, "d3:0", 60_000).state
    assert GAME.window(state, 1) == "d3"
    assert only(act(state, 1, "keep"), "swap_decided").data == {"turn": 1, "seat": 1}
