"""The match clock: milliseconds of running match time.

It advances only while the match runs and the bot is up. While running it is
anchored to a monotonic time source; pausing folds the elapsed time into
``base_ms``. After a restart a clock restarts from its last durable checkpoint,
so downtime is never charged to anyone.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from bot.runtime.scheduler import TimeSource


class MatchClock:
    def __init__(self, time: TimeSource, base_ms: int = 0, *, running: bool = False) -> None:
        self._time = time
        self.base_ms = base_ms
        self._anchor: float | None = time.now() if running else None

    @property
    def running(self) -> bool:
        return self._anchor is not None

    def now_ms(self) -> int:
        if self._anchor is None:
            return self.base_ms
        return self.base_ms + int((self._time.now() - self._anchor) * 1000)

    def start(self) -> None:
        if self._anchor is None:
            self._anchor = self._time.now()

    def stop(self, at_ms: int | None = None) -> int:
        """Freeze the clock, at ``at_ms`` if given (the time of the step that
        stops it, read a moment ago), else now; returns the match time it stopped at."""
        self.base_ms = self.now_ms() if at_ms is None else at_ms
        self._anchor = None
        return self.base_ms

    @contextmanager
    def switched(self, *, running: bool, at_ms: int | None = None) -> Iterator[None]:
        """Start or stop the clock (at ``at_ms``, as :meth:`stop`) for a change
        that may still fail to be saved: if the block raises, the clock is put
        back exactly as it was."""
        before = (self.base_ms, self._anchor)
        if running:
            self.start()
        else:
            self.stop(at_ms)
        try:
            yield
        except BaseException:
            self.base_ms, self._anchor = before
            raise

    def when(self, at_ms: int) -> float:
        """The time-source instant at which match time reaches ``at_ms`` (running clocks only)."""
        assert self._anchor is not None, "a stopped clock has no future"
        return self._anchor + (at_ms - self.base_ms) / 1000
