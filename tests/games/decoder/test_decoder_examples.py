"""The rules text's own worked examples."""

from __future__ import annotations

import pytest

from games.decoder import DecoderState
from games.decoder.race import next_turn, starting_timers
from games.decoder.tanks import earns_extra, extra_tanks, make_tanks, sabotaged, units_for
from games.decoder.tiles import clue_answer, count_in
from tests.games.decoder.decoder_support import act, only, playing, turn_seat


def test_recharge_race_walk_through_step_by_step() -> None:
    """Danny (seat 0) starts at 0, pseud (seat 1) at 1; tanks of 5, 14, 6 and 4."""
    timers = starting_timers(0)
    assert timers == [0, 1]
    seat, timers = next_turn(timers, None)
    assert (seat, timers) == (0, [0, 1])  # Danny makes the first move
    timers[0] = 5
    seat, timers = next_turn(timers, 0)
    assert (seat, timers) == (1, [4, 0])  # pseud's hits zero; Danny's at 4
    timers[1] = 14
    seat, timers = next_turn(timers, 1)
    assert (seat, timers) == (0, [0, 10])  # Danny's hits zero; pseud's at 10
    timers[0] = 6
    seat, timers = next_turn(timers, 0)
    assert (seat, timers) == (0, [0, 4])  # Danny again, pseud still at 4
    timers[0] = 4
    seat, timers = next_turn(timers, 0)
    assert (seat, timers) == (1, [0, 0])  # both hit zero: not the last mover (Danny)
    timers[1] = 9
    seat, timers = next_turn(timers, 1)
    assert (seat, timers) == (0, [0, 9])  # Danny is still at 0


def test_recharge_race_walk_through_in_a_match() -> None:
    """The same race through the engine: seat 0 uses tanks of 5, 6 and 4 units,
    seat 1 one of 14 (TIMES in the support module)."""
    state = playing()
    order = [turn_seat(state)]
    moves = [
        (0, "ask apple not any tank 1"),  # Danny: 5 units
        (1, "clue odd"),
        (1, "ask bread not any tank 1"),  # pseud: 14 units
        (0, "clue odd"),
        (0, "ask cider not any tank 2"),  # Danny: 6 units
        (1, "clue odd"),
        (0, "ask dough not any tank 3"),  # Danny: 4 units, a double zero follows
        (1, "clue odd"),
        (1, "ask eagle not any tank 2"),  # pseud
        (0, "clue odd"),
    ]
    for actor, text in moves:
        state = act(state, actor, text).state
        if text.startswith("clue"):
            order.append(turn_seat(state))
    assert order == [0, 1, 0, 0, 1, 0]


def test_a_starting_timer_of_one_for_the_other_seat() -> None:
    assert starting_timers(1) == [1, 0]
    assert turn_seat(playing(first_seat=1)) == 1


@pytest.mark.parametrize(
    ("seconds", "units"),
    [(57, 5), (70, 7), (0, 1), (9, 1), (10, 1), (19, 1), (20, 2), (299, 29), (300, 30)],
)
def test_recharge_units(seconds: int, units: int) -> None:
    assert units_for(seconds) == units


def test_extra_tile_example_57_against_70() -> None:
    """5 units is strictly less than 75% of 7, though 57 s is not under 75% of 70 s."""
    assert (units_for(57), units_for(70)) == (5, 7)
    assert not 57 < 0.75 * 70
    assert earns_extra(5, 7)
    assert not earns_extra(7, 5)
    mine = make_tanks([57] * 7)
    theirs = make_tanks([70] + [57] * 6)
    assert extra_tanks(mine, theirs) == [1]
    assert extra_tanks(theirs, mine) == []


@pytest.mark.parametrize(
    ("mine", "theirs", "extra"),
    [(5, 7, True), (6, 8, False), (3, 4, False), (2, 3, True), (1, 2, True), (1, 1, False)],
)
def test_extra_tile_compares_in_integers(mine: int, theirs: int, extra: bool) -> None:
    """6 < 0.75 * 8 is false (6 = 6); 3 < 3 is false: "strictly less"."""
    assert earns_extra(mine, theirs) is extra


@pytest.mark.parametrize(
    ("before", "after"), [(5, 8), (22, 30), (4, 6), (1, 2), (20, 30), (30, 30)]
)
def test_sabotage_examples_in_units(before: int, after: int) -> None:
    """5 units -> 8 (7.5 rounded up); 22 -> 30 (33, capped)."""
    assert sabotaged(before) == after


def test_decoder_count_against_a_to_f() -> None:
    count = count_in("DECODER", "ABCDEF")
    assert count == 5  # D twice, E twice, C once
    assert clue_answer("ANY", count) is True
    assert clue_answer("ODD", count) is True
    assert clue_answer("TWO", count) is False


def test_decoder_example_in_a_match() -> None:
    """The opponent (A–F) is asked DECODER without ANY: TWO says no, ODD says yes."""
    state = playing()
    asked = act(state, 0, "ask DECODER not ANY tank 1").state
    two = only(act(asked, 1, "clue TWO"), "clue_answered").data
    assert two["answers"] == [{"clue": "TWO", "answer": False}]
    odd = only(act(asked, 1, "clue ODD"), "clue_answered").data
    assert odd["answers"] == [{"clue": "ODD", "answer": True}]


def test_sabotage_examples_in_a_match() -> None:
    """Seat 0 has tanks of 5 and 22 units. A right restore guess sabotages the 5
    (-> 8); Unexpected Sabotage on the 22 makes it 30, and seat 0 waits 30."""
    times = [[57, 220, 40, 100, 200, 300, 25], [140, 70, 99, 80, 30, 120, 150]]
    state = playing(times=times, items=[[], ["unexpected_sabotage"]])
    state = ask_turn(state, 1, "apple")  # seat 0: 5 units
    state = ask_turn(state, 1, "bread")  # seat 1: 14
    assert (turn_seat(state), state.timers) == (0, [0, 10])
    state = act(state, 0, "ask cider not any tank 2").state  # 22 units
    step = act(state, 1, "clue odd unexpected")
    changed = only(step, "tank_time_changed")
    assert changed.audience == 0
    assert (changed.data["before"], changed.data["units"]) == (22, 30)
    state = step.state
    assert (turn_seat(state), state.timers) == (1, [20, 0])  # 30 − 10, not 22 − 10
    state = ask_turn(state, 3, "dough")  # seat 1: 9 units -> seat 1 again at [11, 0]
    state = ask_turn(state, 4, "eagle")  # seat 1: 8 -> [3, 0]
    state = ask_turn(state, 5, "fable")  # seat 1: 3 -> both zero: seat 0
    assert (turn_seat(state), state.timers) == (0, [0, 0])
    state = act(state, 0, "restore tank 3").state
    step = act(state, 1, "total 35")  # 5 + 30
    assert only(step, "total_guessed").data["correct"] is True
    step = act(step.state, 1, "sabotage 1")
    changed = only(step, "tank_time_changed")
    assert (changed.data["before"], changed.data["units"]) == (5, 8)
    assert [tank.units for tank in step.state.tanks[0][:2]] == [8, 30]


def ask_turn(state: DecoderState, tank: int, word: str) -> DecoderState:
    """The turn seat asks ``word`` with ``tank``; the opponent picks ODD."""
    seat = turn_seat(state)
    state = act(state, seat, f"ask {word} not any tank {tank}").state
    return act(state, 1 - seat, "clue odd").state
