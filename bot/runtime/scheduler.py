"""One timer heap for every deadline and reminder of every match.

A single event-loop timer handle is armed for the earliest entry, instead of
one asyncio task per deadline: 10,000 armed deadlines cost 10,000 small heap
entries, cancelling is O(1) (the entry is marked dead and skipped when
popped; once dead entries outnumber live ones the heap is rebuilt without
them, since every move re-arms its match's timers and dead entries would
otherwise pile up until their time), and an idle bot owns no waiting task at
all (which is also what lets SimCord's virtual loop clock fire deadlines
through ``advance_time``). Time
comes from a :class:`TimeSource`, so tests can instead drive it with
:class:`ManualTime` and :meth:`Scheduler.advance`.
"""

from __future__ import annotations

import asyncio
import contextvars
import heapq
import itertools
import logging
import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

log = logging.getLogger(__name__)

Callback = Callable[[], Awaitable[None]]


class TimeSource(Protocol):
    def now(self) -> float:
        """Seconds on a monotonic clock."""
        ...


class LoopTime:
    """The running event loop's clock."""

    def now(self) -> float:
        return asyncio.get_running_loop().time()


class ManualTime:
    """A clock that moves only when a test says so (see :meth:`Scheduler.advance`)."""

    def __init__(self, start: float = 0.0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t


async def _nothing() -> None:
    return None


@dataclass(slots=True, eq=False)
class Timer:
    when: float
    seq: int
    callback: Callback
    cancelled: bool = False
    heap: Scheduler | None = None  # the scheduler whose heap holds it, until popped

    def cancel(self) -> None:
        if self.cancelled:
            return
        self.cancelled = True
        self.callback = _nothing  # let go of what the callback holds (a whole match)
        if self.heap is not None:
            self.heap._dead_one()


class Scheduler:
    """Runs callbacks at their time. With ``auto=True`` a loop timer fires them
    (fired callbacks run as tasks, so one slow commit never delays the rest);
    otherwise only :meth:`advance` does, deterministically, for tests."""

    def __init__(self, time: TimeSource, *, auto: bool = True) -> None:
        self.time = time
        self.auto = auto
        # (when, seq, timer): tuples compare in C, where ordered dataclasses would
        # call Python for every comparison of every push and pop.
        self._heap: list[tuple[float, int, Timer]] = []
        self._dead = 0  # cancelled entries still in the heap
        self._seq = itertools.count()
        self._handle: asyncio.TimerHandle | None = None
        self._started = False
        self._running: set[asyncio.Task[None]] = set()
        #: Told how late (seconds) each timer fires: the timer-lateness metric.
        self.on_late: Callable[[float], None] | None = None
        #: Told when a callback fails: the error metric.
        self.on_failed: Callable[[], None] | None = None

    def call_at(self, when: float, callback: Callback) -> Timer:
        timer = Timer(when, next(self._seq), callback, heap=self)
        heapq.heappush(self._heap, (when, timer.seq, timer))
        if self._heap[0][2] is timer:
            self._replan()  # a new earliest entry
        return timer

    def call_later(self, seconds: float, callback: Callback) -> Timer:
        return self.call_at(self.time.now() + seconds, callback)

    def start(self) -> None:
        self._started = self.auto
        self._replan()

    async def stop(self) -> None:
        self._started = False
        self._replan()
        for task in list(self._running):
            task.cancel()
        await asyncio.gather(*self._running, return_exceptions=True)

    def next_delay(self) -> float:
        """Seconds until the earliest live timer is due (0 if it is; inf: none)."""
        self._drop_dead()
        if not self._heap:
            return math.inf
        return max(0.0, self._heap[0][0] - self.time.now())

    def pending(self) -> int:
        return sum(1 for _, _, t in self._heap if not t.cancelled)

    async def drain(self) -> None:
        """Wait for every callback already fired to finish."""
        while self._running:
            await asyncio.gather(*list(self._running), return_exceptions=True)

    async def advance(self, seconds: float) -> None:
        """Manual mode: move time forward, firing each due callback at its own time
        and in order, and waiting for it before the next (deterministic tests)."""
        assert isinstance(self.time, ManualTime), "advance() needs ManualTime"
        target = self.time.t + seconds
        while (timer := self._pop_due(target)) is not None:
            if self.on_late is not None:
                self.on_late(max(0.0, self.time.t - timer.when))
            self.time.t = max(self.time.t, timer.when)
            await self._run(timer)
        self.time.t = target

    def _dead_one(self) -> None:
        self._dead += 1
        if self._dead > 32 and 2 * self._dead > len(self._heap):
            # O(n) now and then, instead of carrying dead entries (and what they
            # hold) for as long as their deadlines would have run.
            self._heap = [entry for entry in self._heap if not entry[2].cancelled]
            heapq.heapify(self._heap)
            self._dead = 0

    def _pop(self) -> Timer:
        timer = heapq.heappop(self._heap)[2]
        timer.heap = None
        if timer.cancelled:
            self._dead -= 1
        return timer

    def _drop_dead(self) -> None:
        while self._heap and self._heap[0][2].cancelled:
            self._pop()

    def _pop_due(self, until: float) -> Timer | None:
        self._drop_dead()
        if self._heap and self._heap[0][0] <= until:
            return self._pop()
        return None

    def _replan(self) -> None:
        """Arm the loop timer for the earliest live entry (and only that one)."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        delay = self.next_delay()
        if not self._started or delay == math.inf:
            return
        loop = asyncio.get_running_loop()
        self._handle = loop.call_at(loop.time() + delay, self._fire)

    def _fire(self) -> None:
        self._handle = None
        now = self.time.now()
        while (timer := self._pop_due(now)) is not None:
            if self.on_late is not None:
                self.on_late(now - timer.when)
            # Each callback in a fresh context: the loop timer carries the context
            # of whoever armed it last, and log lines must not name that match.
            task = asyncio.get_running_loop().create_task(
                self._run(timer), context=contextvars.Context()
            )
            self._running.add(task)
            task.add_done_callback(self._running.discard)
        self._replan()

    async def _run(self, timer: Timer) -> None:
        try:
            await timer.callback()
        except Exception:  # a failing timer must never stop the others
            log.exception("timer callback failed")
            if self.on_failed is not None:
                self.on_failed()
