"""Where a slow move's time went: ``python -m bench.moves --explain``.

Wall-clock latency on a shared machine says little by itself, so the run is
instrumented and the slowest moves (p99 and above) are taken apart:

- each move's phases: before its step reaches the writer (the match's lock,
  the engine, the dumps), queued in the writer (a batch before it being
  written), its own batch's transaction (split into the statements and the
  COMMIT), and after the commit until the mover runs again;
- every garbage collection (gc.callbacks): its pause and generation;
- every event-loop callback that ran 1 ms or more (a stall every task waits
  out), named by its coroutine or function.

A slow move is charged the collections and stalls that overlap it. The
instruments cost a little CPU (a clock read around every loop callback), so
compare latencies with and without ``--explain`` only in the same conditions.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from bot.runtime import writer as writing
from bot.runtime.writer import Writer
from storage import one_trip as trips

STALL_S = 0.001  # a loop callback at least this long is a stall


@dataclass(slots=True)
class Move:
    started: float
    ended: float = 0.0
    queued: float = 0.0  # handed to the writer
    batch: int = -1  # its batch's index in Explain.batches


@dataclass(slots=True)
class Batch:
    taken: float  # the writer took it from the queue
    size: int
    connected: float = 0.0  # it has the connection (SQLite: the only one)
    statements: float = 0.0  # the statements done (COMMIT next)
    committed: float = 0.0
    ops: list[Op] = field(default_factory=list)  # its calls into the database thread


@dataclass(slots=True)
class Op:
    """One call into aiosqlite's thread: queued, run (wall and CPU), answered."""

    submitted: float
    name: str = ""
    started: float = 0.0
    ended: float = 0.0
    cpu: float = 0.0
    resumed: float = 0.0


@dataclass
class Explain:
    moves: list[Move] = field(default_factory=list)
    batches: list[Batch] = field(default_factory=list)
    gcs: list[tuple[float, float, int]] = field(default_factory=list)  # start, end, gen
    stalls: list[tuple[float, float, str]] = field(default_factory=list)  # start, end, what
    jobs: list[tuple[float, float, int]] = field(default_factory=list)  # the writer's other work
    _writing: dict[int, Move] = field(default_factory=dict)  # match id -> its move in flight
    _gc_started: float = 0.0

    def move(self, match_id: int) -> Move:
        """A move of ``match_id`` starts now (the bench calls submit next)."""
        move = Move(time.perf_counter())
        self._writing[match_id] = move
        self.moves.append(move)
        return move

    # -- the instruments ------------------------------------------------------------

    @contextmanager
    def watching(self, writer: Writer) -> Iterator[None]:
        gc.callbacks.append(self._on_gc)
        original_run = asyncio.events.Handle._run
        explain = self

        def timed_run(handle: asyncio.Handle) -> None:
            started = time.perf_counter()
            original_run(handle)
            ended = time.perf_counter()
            if ended - started >= STALL_S:
                explain.stalls.append((started, ended, _what(handle)))

        asyncio.events.Handle._run = timed_run  # type: ignore[method-assign]
        undo = self._wrap_writer(writer)
        undo_thread = self._wrap_thread()
        undo_trip = self._wrap_one_trip()
        try:
            yield
        finally:
            undo_trip()
            undo_thread()
            undo()
            asyncio.events.Handle._run = original_run  # type: ignore[method-assign]
            gc.callbacks.remove(self._on_gc)

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            self.gcs.append((self._gc_started, time.perf_counter(), info["generation"]))

    def _wrap_writer(self, writer: Writer) -> Callable[[], None]:
        """Time each step's hand-over and each batch, on this writer only."""
        write, write_batch, run_job = writer.write, writer._write_batch, writer._run_job
        transaction = writer._transaction
        write_steps = writing.write_steps

        async def timed_write(step: Any) -> Any:
            if (move := self._writing.get(step.match_id)) is not None:
                move.queued = time.perf_counter()
            return await write(step)

        async def timed_batch(batch: list[Any]) -> None:
            index = len(self.batches)
            self.batches.append(Batch(time.perf_counter(), len(batch)))
            for waiting in batch:
                if (move := self._writing.get(waiting.step.match_id)) is not None:
                    move.batch = index
            await write_batch(batch)

        async def timed_job(job: Any, done: Any) -> None:
            started = time.perf_counter()
            try:
                await run_job(job, done)
            finally:
                self.jobs.append((started, time.perf_counter(), 0))

        async def timed_transaction(steps: Sequence[Any], marks: Sequence[int]) -> Any:
            try:
                return await transaction(steps, marks)
            finally:
                self.batches[-1].committed = time.perf_counter()

        async def timed_statements(connection: Any, steps: Sequence[Any]) -> Any:
            self.batches[-1].connected = time.perf_counter()
            try:
                return await write_steps(connection, steps)
            finally:
                self.batches[-1].statements = time.perf_counter()

        writer.write = timed_write  # type: ignore[method-assign]
        writer._write_batch = timed_batch  # type: ignore[method-assign]
        writer._transaction = timed_transaction  # type: ignore[method-assign]
        writer._run_job = timed_job  # type: ignore[method-assign]
        writing.write_steps = timed_statements  # the writer's own name for it

        def undo() -> None:
            del writer.write, writer._write_batch, writer._transaction, writer._run_job
            writing.write_steps = write_steps

        return undo

    def _wrap_thread(self) -> Callable[[], None]:
        """Time every call into aiosqlite's thread; a batch's own are kept with it."""
        import aiosqlite.core

        original = aiosqlite.core.Connection._execute
        explain = self

        async def timed(conn: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
            op = Op(time.perf_counter(), _op_name(fn, args))
            one_trip = fn is trips._run

            def run() -> Any:
                op.started, cpu = time.perf_counter(), time.thread_time()
                try:
                    return fn(*args, **kwargs)
                finally:
                    op.cpu, op.ended = time.thread_time() - cpu, time.perf_counter()

            try:
                return await original(conn, run)
            finally:
                op.resumed = time.perf_counter()
                batch = explain.batches[-1] if explain.batches else None
                if batch is not None and not batch.committed and (batch.connected or one_trip):
                    # One trip (SQLite): the batch had its connection once it set off.
                    batch.connected = batch.connected or op.submitted
                    batch.ops.append(op)

        aiosqlite.core.Connection._execute = timed  # type: ignore[method-assign]

        def undo() -> None:
            aiosqlite.core.Connection._execute = original  # type: ignore[method-assign]

        return undo

    def _wrap_one_trip(self) -> Callable[[], None]:
        """A batch in one trip: its statements end where its COMMIT starts (in the
        database thread)."""
        commit = trips._commit
        explain = self

        def timed_commit(*args: Any) -> None:
            # Only a batch's (a checkpoint chunk's runs after its batch committed).
            if explain.batches and not explain.batches[-1].committed:
                explain.batches[-1].statements = time.perf_counter()
            commit(*args)

        trips._commit = timed_commit  # type: ignore[assignment]

        def undo() -> None:
            trips._commit = commit  # type: ignore[assignment]

        return undo

    # -- the report -----------------------------------------------------------------

    def report(self, quantile: float = 0.99) -> str:
        done = [m for m in self.moves if m.ended and m.batch >= 0]
        if not done:
            return "  explain: no moves timed"
        done.sort(key=lambda m: m.ended - m.started)
        cut = done[min(len(done) - 1, int(quantile * len(done)))]
        slow = done[done.index(cut) :]
        lines = [f"  explain: the {len(slow)} moves at p{quantile * 100:g} and above (ms, mean):"]
        lines.append("    " + _phases(slow, self.batches))
        lines.append("    all moves, for comparison: " + _phases(done, self.batches))
        lines.append("    " + self._overlaps(slow))
        lines.append("    " + self._commit_summary())
        lines.append("    " + self._gc_summary())
        lines.append("    " + self._stall_summary())
        return "\n".join(lines)

    def _overlaps(self, slow: list[Move]) -> str:
        gc_ms = stall_ms = job_ms = 0.0
        what: Counter[str] = Counter()
        for m in slow:
            gc_ms += _overlap(m.started, m.ended, self.gcs)
            job_ms += _overlap(m.started, m.ended, self.jobs)
            for start, end, name in self.stalls:
                if start < m.ended and end > m.started:
                    stall_ms += (min(end, m.ended) - max(start, m.started)) * 1000
                    what[name] += 1
        n = len(slow)
        top = ", ".join(f"{name} ×{count}" for name, count in what.most_common(4))
        return (
            f"overlapping each: GC {gc_ms / n:.1f} ms, writer jobs {job_ms / n:.1f} ms, "
            f"loop stalls ≥{STALL_S * 1000:g} ms {stall_ms / n:.1f} ms (most: {top or 'none'})"
        )

    def _commit_summary(self) -> str:
        """The batches' calls into the database thread by kind (wall in the
        thread), and the writer's other jobs."""
        kinds: dict[str, list[float]] = defaultdict(list)
        for b in self.batches:
            for op in b.ops:
                kinds[op.name].append((op.ended - op.started) * 1000)
        jobs = sorted((end - start) * 1000 for start, end, _ in self.jobs)
        parts = [f"{name} {_spread(sorted(ms))}" for name, ms in sorted(kinds.items())]
        return (
            f"batch ops in the db thread: {'; '.join(parts)}\n"
            f"    writer jobs (clock checkpoints) {len(jobs)}: {_spread(jobs)}"
        )

    def _gc_summary(self) -> str:
        by_gen: dict[int, list[float]] = defaultdict(list)
        for start, end, gen in self.gcs:
            by_gen[gen].append((end - start) * 1000)
        parts = [
            f"gen {g}: {len(ms)} × (max {max(ms):.1f} ms, total {sum(ms):.0f} ms)"
            for g, ms in sorted(by_gen.items())
        ]
        return "collections: " + ("; ".join(parts) or "none")

    def _stall_summary(self) -> str:
        by_what: dict[str, list[float]] = defaultdict(list)
        for start, end, name in self.stalls:
            by_what[name].append((end - start) * 1000)
        ranked = sorted(by_what.items(), key=lambda kv: -sum(kv[1]))[:6]
        parts = [
            f"{name} {len(ms)} × (p50 {sorted(ms)[len(ms) // 2]:.1f}, max {max(ms):.1f} ms)"
            for name, ms in ranked
        ]
        return "loop stalls by callback: " + ("; ".join(parts) or "none")


def _spread(ms: list[float]) -> str:
    if not ms:
        return "none"
    return f"p50 {ms[len(ms) // 2]:.2f}, p99 {ms[int(0.99 * len(ms))]:.2f}, max {ms[-1]:.1f} ms"


def _op_name(fn: Any, args: tuple[Any, ...]) -> str:
    name = getattr(fn, "__name__", repr(fn))
    if args and isinstance(args[0], str):  # a statement: its first word
        name += ":" + args[0].split(None, 1)[0]
    return name


def _phases(moves: list[Move], batches: list[Batch]) -> str:
    sums = Counter[str]()
    for m in moves:
        b = batches[m.batch]
        sums["before writer"] += m.queued - m.started
        sums["queued"] += b.taken - m.queued
        sums["connection wait"] += (b.connected or b.taken) - b.taken
        sums["statements"] += (b.statements or b.committed) - (b.connected or b.taken)
        sums["commit"] += b.committed - (b.statements or b.committed)
        sums["after commit"] += m.ended - b.committed
        sums["batch size"] += b.size / 1000  # shown ×1000 below
        for op in b.ops:
            sums["[db thread run"] += op.ended - op.started
            sums["of it CPU"] += op.cpu
            sums["hop to thread"] += op.started - op.submitted
            sums["hop back]"] += op.resumed - op.ended
        sums["db ops/1000"] += len(b.ops) / 1000
    n = len(moves)
    total = sum(m.ended - m.started for m in moves) / n * 1000
    parts = [f"{k} {v / n * 1000:.1f}" for k, v in sums.items()]
    return f"total {total:.1f} = " + ", ".join(parts)


def _overlap(start: float, end: float, spans: list[tuple[float, float, int]]) -> float:
    return sum((min(e, end) - max(s, start)) * 1000 for s, e, _ in spans if s < end and e > start)


def _what(handle: asyncio.Handle) -> str:
    callback = getattr(handle, "_callback", None)
    task = getattr(callback, "__self__", None)
    if isinstance(task, asyncio.Task):
        coro = task.get_coro()
        name = getattr(coro, "__qualname__", repr(coro))
        timer = getattr(coro, "cr_frame", None) and coro.cr_frame.f_locals.get("timer")  # type: ignore[union-attr]
        if timer is not None:  # a scheduler's timer: name what it runs
            func = getattr(timer.callback, "func", timer.callback)
            name += f"({getattr(func, '__qualname__', func)})"
        return name
    return getattr(callback, "__qualname__", repr(callback))
