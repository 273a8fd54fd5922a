"""The shared time-keeping helpers in games.core.timing."""

from __future__ import annotations

import pytest

from games.core import SECOND, Deadline, Reserve, ReservePeriods, SteppedBank, Window
from games.core.timing import DEFAULT_REMINDERS, reminders_within


def test_default_reminders_are_30_15_5() -> None:
    assert DEFAULT_REMINDERS == (30, 15, 5)


@pytest.mark.parametrize(
    ("seconds", "marks"),
    [
        (90, (30, 15, 5)),
        (31, (30, 15, 5)),
        (30, (15, 5)),
        (20, (15, 5)),
        (10, (5,)),
        (5, ()),
        (1, ()),
    ],
)
def test_reminders_that_fit_the_window(seconds: int, marks: tuple[int, ...]) -> None:
    assert reminders_within(seconds * SECOND) == marks


def test_reminders_with_other_marks() -> None:
    assert reminders_within(60 * SECOND, (60, 30, 10)) == (30, 10)


def test_window_end_and_remaining() -> None:
    window = Window(start_ms=5_000, length_ms=90 * SECOND)
    assert window.end_ms == 95_000
    assert window.remaining_ms(5_000) == 90_000
    assert window.remaining_ms(94_000) == 1_000
    assert window.remaining_ms(95_000) == 0
    assert window.remaining_ms(200_000) == 0


def test_window_deadline() -> None:
    window = Window(start_ms=1_000, length_ms=20 * SECOND)
    assert window.deadline("bid:x", 1, "your bid") == Deadline(
        key="bid:x", at_ms=21_000, seat=1, reminders=(15, 5), label="your bid"
    )
    assert window.deadline("room", None, "").seat is None


def test_window_round_trips_and_is_frozen() -> None:
    window = Window(start_ms=3, length_ms=4)
    assert Window.model_validate_json(window.model_dump_json()) == window
    with pytest.raises(ValueError, match="frozen"):
        window.start_ms = 9  # type: ignore[misc]


def test_stepped_bank_spends_whole_steps() -> None:
    bank = SteppedBank(left_ms=12_000, step_ms=5_000)
    assert not bank.empty
    bank = bank.spend_step()
    assert bank.left_ms == 7_000
    bank = bank.spend_step().spend_step()
    assert bank.left_ms == 0
    assert bank.empty
    assert bank.spend_step().left_ms == 0


def test_reserve_charges_only_the_overrun() -> None:
    window = Window(start_ms=0, length_ms=45 * SECOND)
    reserve = Reserve(left_ms=180 * SECOND)
    assert reserve.final_end_ms(window) == 225 * SECOND
    assert reserve.charge(window, 30 * SECOND) == reserve
    assert reserve.charge(window, 45 * SECOND) == reserve
    assert reserve.charge(window, 50 * SECOND).left_ms == 175 * SECOND
    spent = reserve.charge(window, 500 * SECOND)
    assert spent.left_ms == 0
    assert spent.empty


def test_reserve_periods() -> None:
    periods = ReservePeriods(left=2, period_ms=30 * SECOND)
    periods, window = periods.start_period(10_000)
    assert periods.left == 1
    assert window == Window(start_ms=10_000, length_ms=30_000)
    periods, _ = periods.start_period(40_000)
    assert periods.empty
    with pytest.raises(ValueError, match="no reserve period left"):
        periods.start_period(70_000)
    assert periods.add(2).left == 2
