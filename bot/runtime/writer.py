"""The one writer of a process: group commit for every match's steps.

A step is handed over with :meth:`Writer.write` by whoever holds its match's
lock, and the caller keeps that lock until the step is answered, so each
match has at most one step waiting here and its steps are written in order.
While one batch is being written, new steps queue; the next batch takes them
all: one transaction, one statement per table (:func:`storage.steps.write_steps`),
one commit. Only then is each caller answered, with its match's new version and
outbox ids, or StaleVersion for a step whose match had moved on (that step
alone is refused; the rest of the batch commits). If the transaction fails,
every step of the batch fails with it and nothing of it is written.

Nothing is ever acknowledged before its commit, so a crash can lose only steps
no one was told of. Under light load a batch is a single step and costs what
one transaction did before; under heavy load the cost of a commit is shared.

Delivery marks ride here too (:meth:`Writer.mark_delivered`): the outbox rows
delivered since the last transaction began are marked in the next one, with
whatever batch of steps it writes, or alone when there is none. On SQLite's one
connection a mark of its own was one more transaction for every delivered
message, queued between the batches of moves.

Other writes to many matches at once (the clock checkpoint) go through here
too, in turn with the batches (:meth:`Writer.exclusive`): two transactions
updating many of the same rows in different orders would deadlock on
PostgreSQL, and one writer per process never runs two.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import cached_property, partial
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bot.runtime.unanswered import FIND_OUT_SECONDS, CommitUnanswered, find_out, refusal
from storage import one_trip
from storage.one_trip import CommitFailed, write_in_one_trip
from storage.records import StaleVersion
from storage.steps import StepWrite, StepWritten, mark_delivered, write_steps

log = logging.getLogger(__name__)

MAX_BATCH = 1000  # steps per transaction: bounds the wait of the last one in a batch

T = TypeVar("T")
Job = Callable[[], Awaitable[Any]]  # a transaction of its own, committed before it returns


@dataclass(slots=True)
class _Waiting:
    step: StepWrite
    answer: asyncio.Future[StepWritten]


class Writer:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        *,
        max_batch: int = MAX_BATCH,
        find_out_seconds: float = FIND_OUT_SECONDS,
    ) -> None:
        self._sessions = sessions
        self._max_batch = max_batch
        self._find_out_seconds = find_out_seconds  # see bot.runtime.unanswered
        self._queue: list[_Waiting] = []
        self._jobs: deque[tuple[Job, asyncio.Future[Any]]] = deque()
        self._delivered: list[int] = []  # outbox rows delivered, not yet marked so
        self._task: asyncio.Task[None] | None = None
        #: How many batches of each size were written (the moves benchmark prints it).
        self.batch_sizes: Counter[int] = Counter()

    async def write(self, step: StepWrite) -> StepWritten:
        """Write ``step`` with whatever else is waiting; returns once it is committed.
        Raises StaleVersion if its match is not at the expected version, or the
        error that failed its batch."""
        answer: asyncio.Future[StepWritten] = asyncio.get_running_loop().create_future()
        self._queue.append(_Waiting(step, answer))
        self._wake()
        return await answer

    async def exclusive(self, job: Callable[[AsyncSession], Awaitable[T]]) -> T:
        """Run ``job`` in a transaction of its own, between two batches (never
        beside one); its result once committed."""
        return await self.in_turn(partial(self._in_session, job))

    async def in_turn(self, job: Callable[[], Awaitable[T]]) -> T:
        """Run ``job``, which opens and commits a transaction of its own, between
        two batches (never beside one): as :meth:`exclusive`, for a job that takes
        a way of its own to the database (SQLite's one trip, :attr:`one_trip`)."""
        done: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._jobs.append((job, done))
        self._wake()
        return await done

    async def _in_session(self, job: Callable[[AsyncSession], Awaitable[T]]) -> T:
        async with self._sessions.begin() as session:
            return await job(session)

    def mark_delivered(self, ids: Sequence[int]) -> None:
        """Mark outbox rows delivered in the next transaction (the one under way has
        its statements sent already). Nobody waits for it: a mark lost to a
        failed transaction or a crash can only re-send a message, never lose one."""
        self._delivered.extend(ids)
        if self._delivered:
            self._wake()

    def _wake(self) -> None:
        if self._task is None:
            # Writes every match's steps: a context of its own, not the one of the
            # move that woke it (whose match its log lines would otherwise name).
            self._task = asyncio.create_task(
                self._drain(), name="writer", context=contextvars.Context()
            )

    async def idle(self) -> None:
        """Wait until every step handed over so far has been answered."""
        while self._task is not None:
            await asyncio.shield(self._task)

    async def _drain(self) -> None:
        try:
            while self._queue or self._jobs or self._delivered:
                if self._jobs:
                    await self._run_job(*self._jobs.popleft())
                if self._queue or self._delivered:
                    await self._write_batch(self._take())
        except BaseException:
            # Cancelled (the loop is closing): whoever still waits is not left
            # hanging; nothing of theirs was written.
            for waiting in self._queue:
                waiting.answer.cancel()
            for _, done in self._jobs:
                done.cancel()
            self._queue.clear()
            self._jobs.clear()
            self._delivered.clear()  # left unmarked: re-sent at the next start
            raise
        finally:
            self._task = None

    async def _run_job(self, job: Job, done: asyncio.Future[Any]) -> None:
        try:
            result = await job()
        except BaseException as error:
            if not done.done():
                done.set_exception(error)
            if not isinstance(error, Exception):
                raise
            return
        if not done.done():
            done.set_result(result)

    def _take(self) -> list[_Waiting]:
        """The next batch: the oldest waiting steps, at most one per match (a
        second step of a match can only come from a caller that gave up waiting
        for its first; it goes in the next batch, after the first is written)."""
        batch: list[_Waiting] = []
        rest: list[_Waiting] = []
        matches: set[int] = set()
        for waiting in self._queue:
            if len(batch) < self._max_batch and waiting.step.match_id not in matches:
                matches.add(waiting.step.match_id)
                batch.append(waiting)
            else:
                rest.append(waiting)
        self._queue = rest
        return batch

    async def _write_batch(self, batch: list[_Waiting]) -> None:
        steps = [w.step for w in batch]
        marks, self._delivered = self._delivered, []
        try:
            results: Sequence[StepWritten | BaseException] = await self._transaction(steps, marks)
        except CommitUnanswered as unanswered:
            if not steps:  # marks alone: unmarked at worst, re-sent at the next start
                log.warning("%d outbox rows may not be marked delivered", len(marks))
                return
            # Committed or not? Found out before anyone is answered (unanswered.py).
            results = await find_out(
                self._sessions, steps, unanswered, wait_seconds=self._find_out_seconds
            )
        except BaseException as error:
            for waiting in batch:
                if not waiting.answer.done():
                    # The database away: "not taken", never the raw error.
                    waiting.answer.set_exception(refusal(error))
            if not isinstance(error, Exception):
                raise  # cancelled (the loop is closing): the callers were told
            log.warning(
                "a batch of %d steps failed (%d outbox rows left unmarked, they may be"
                " re-sent): %s",
                len(batch),
                len(marks),
                error,
            )
            return
        if batch:
            self.batch_sizes[len(batch)] += 1
        for waiting, result in zip(batch, results, strict=True):
            if waiting.answer.done():
                continue  # its caller gave up waiting (cancelled); it is written all the same
            if isinstance(result, BaseException):
                waiting.answer.set_exception(result)
            else:
                waiting.answer.set_result(result)

    async def _transaction(
        self, steps: Sequence[StepWrite], marks: Sequence[int]
    ) -> list[StepWritten | StaleVersion]:
        """One transaction for the batch and the marks, committed before anyone is
        answered. A failure before the COMMIT leaves nothing written; a failed
        COMMIT may have been carried out all the same, hence CommitUnanswered.
        On SQLite the whole transaction is one trip to aiosqlite's thread
        (storage/one_trip.py), with the same promises."""
        if (engine := self.one_trip) is not None:
            try:
                return await write_in_one_trip(engine, steps, marks)
            except CommitFailed as failed:
                raise CommitUnanswered(failed.results) from failed.__cause__
        async with self._sessions() as session:
            conn = await session.connection()
            results = await write_steps(conn, steps) if steps else []
            await mark_delivered(conn, marks)
            try:
                await session.commit()
            except Exception as error:
                raise CommitUnanswered(results) from error
            return results

    @cached_property
    def one_trip(self) -> AsyncEngine | None:
        """The sessions' engine, if it takes a batch in one trip (SQLite)."""
        bind = self._sessions.kw.get("bind")
        return bind if isinstance(bind, AsyncEngine) and one_trip.suits(bind) else None
