"""Shared time-keeping pieces. Every game counts time differently, so these are
small value types the engines compose, all on the match clock in milliseconds.

- :class:`Window`: a decision window with reminder marks (Goofspiel's 90 s).
- :class:`SteppedBank`: a time bank drained in fixed steps once a window is
  over (Decoder: 5 s steps from a 5-minute bank).
- :class:`Reserve`: continuous reserve time drawn after a window (Expression:
  45 s windows drawing on 3 minutes).
- :class:`ReservePeriods`: a count of fixed periods, one started each time a
  window runs out (Rune Breaker: 30 s periods).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.core.contract import Deadline

SECOND = 1000
DEFAULT_REMINDERS: tuple[int, ...] = (30, 15, 5)


def reminders_within(length_ms: int, marks: tuple[int, ...] = DEFAULT_REMINDERS) -> tuple[int, ...]:
    """The reminder marks that fit in a window: a 20 s window gets no 30 s mark."""
    return tuple(m for m in marks if m * SECOND < length_ms)


class Window(BaseModel):
    """A decision window: opened at ``start_ms``, closing ``length_ms`` later."""

    model_config = ConfigDict(frozen=True)

    start_ms: int
    length_ms: int

    @property
    def end_ms(self) -> int:
        return self.start_ms + self.length_ms

    def remaining_ms(self, now_ms: int) -> int:
        return max(0, self.end_ms - now_ms)

    def deadline(
        self, key: str, seat: int | None, label: str, room_label: str | None = None
    ) -> Deadline:
        return Deadline(
            key=key,
            at_ms=self.end_ms,
            seat=seat,
            reminders=reminders_within(self.length_ms),
            label=label,
            room_label=room_label,
        )


class SteppedBank(BaseModel):
    """A bank spent in whole steps: each step is one more deadline, so a move made
    part-way through a step still costs the whole step (as a human host counts)."""

    model_config = ConfigDict(frozen=True)

    left_ms: int
    step_ms: int

    @property
    def empty(self) -> bool:
        return self.left_ms <= 0

    def spend_step(self) -> SteppedBank:
        return self.model_copy(update={"left_ms": max(0, self.left_ms - self.step_ms)})


class Reserve(BaseModel):
    """Continuous reserve: time past a window's end is drawn from it to the millisecond."""

    model_config = ConfigDict(frozen=True)

    left_ms: int

    @property
    def empty(self) -> bool:
        return self.left_ms <= 0

    def final_end_ms(self, window: Window) -> int:
        """When the seat runs out altogether if it never moves."""
        return window.end_ms + self.left_ms

    def charge(self, window: Window, now_ms: int) -> Reserve:
        """Charge a move made at ``now_ms`` in ``window``: only the overrun costs."""
        overrun = max(0, now_ms - window.end_ms)
        return Reserve(left_ms=max(0, self.left_ms - overrun))


class ReservePeriods(BaseModel):
    """Fixed reserve periods: when a window runs out, the next period begins."""

    model_config = ConfigDict(frozen=True)

    left: int
    period_ms: int

    @property
    def empty(self) -> bool:
        return self.left <= 0

    def start_period(self, now_ms: int) -> tuple[ReservePeriods, Window]:
        """Use one period from ``now_ms``; the caller checks :attr:`empty` first."""
        if self.empty:
            raise ValueError("no reserve period left")
        used = self.model_copy(update={"left": self.left - 1})
        return used, Window(start_ms=now_ms, length_ms=self.period_ms)

    def add(self, periods: int) -> ReservePeriods:
        return self.model_copy(update={"left": self.left + periods})
