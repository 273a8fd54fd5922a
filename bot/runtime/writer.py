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
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage.records import StaleVersion
from storage.steps import StepWrite, StepWritten, write_steps

log = logging.getLogger(__name__)

MAX_BATCH = 1000  # steps per transaction: bounds the wait of the last one in a batch

T = TypeVar("T")
Job = Callable[[AsyncSession], Awaitable[Any]]


@dataclass(slots=True)
class _Waiting:
    step: StepWrite
    answer: asyncio.Future[StepWritten]


class Writer:
    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], *, max_batch: int = MAX_BATCH
    ) -> None:
        self._sessions = sessions
        self._max_batch = max_batch
        self._queue: list[_Waiting] = []
        self._jobs: deque[tuple[Job, asyncio.Future[Any]]] = deque()
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
        done: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._jobs.append((job, done))
        self._wake()
        return await done

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
            while self._queue or self._jobs:
                if self._jobs:
                    await self._run_job(*self._jobs.popleft())
                if self._queue:
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
            raise
        finally:
            self._task = None

    async def _run_job(self, job: Job, done: asyncio.Future[Any]) -> None:
        try:
            async with self._sessions.begin() as session:
                result = await job(session)
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
        try:
            results = await self._transaction([w.step for w in batch])
        except BaseException as error:
            for waiting in batch:
                if not waiting.answer.done():
                    waiting.answer.set_exception(error)
            if not isinstance(error, Exception):
                raise  # cancelled (the loop is closing): the callers were told
            log.warning("a batch of %d steps failed: %s", len(batch), error)
            return
        self.batch_sizes[len(batch)] += 1
        for waiting, result in zip(batch, results, strict=True):
            if waiting.answer.done():
                continue  # its caller gave up waiting (cancelled); it is written all the same
            if isinstance(result, StaleVersion):
                waiting.answer.set_exception(result)
            else:
                waiting.answer.set_result(result)

    async def _transaction(self, steps: Sequence[StepWrite]) -> list[StepWritten | StaleVersion]:
        """One transaction for the batch, committed before anyone is answered."""
        async with self._sessions.begin() as session:
            conn = await session.connection()
            return await write_steps(conn, steps)
