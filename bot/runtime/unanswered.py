"""The database away: a step refused truthfully, and a lost COMMIT found out.

A step whose transaction failed before its COMMIT was sent was not written:
its caller is told so (:class:`NotTaken`, or :class:`MoveNotTaken` for a
player's move, which the Discord layer words as "your move was not taken").
A step whose COMMIT got no answer (the connection dropped during it) may or
may not be written, and telling a player "not taken" about a move that was
invites a second move. So the writer first finds out (:func:`find_out`): it
waits, a bounded time, for the database to answer, and reads each match's
version. The match is locked by the step's caller, and a process writes only
the matches it owns, so nothing else moves the version meanwhile: at the step's
new version it was committed (and is acknowledged like any other); at the
version the step expected it was not. Only if the database stays away past
the wait is the caller told that nobody knows yet (:class:`FateUnknown`); its
match then still holds the state before the step, and if the step was in fact
written the next step of that match is refused as stale, which takes the
stored match (see commits.py).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage.clocks import versions
from storage.db import unreachable
from storage.records import StaleVersion
from storage.steps import StepWrite, StepWritten

log = logging.getLogger(__name__)

#: How long a writer that lost a COMMIT's answer waits for the database to say
#: what happened before it answers "nobody knows yet".
FIND_OUT_SECONDS = 10.0
_TRY_EVERY_SECONDS = 0.25

Verdict = StepWritten | StaleVersion | Exception


class NotTaken(Exception):
    """The database could not be reached, so the step was not written (for sure)."""


class MoveNotTaken(NotTaken):
    """A player's move, not taken because the database could not be reached."""


class FateUnknown(Exception):
    """The COMMIT went unanswered and the database stayed away: the step may or
    may not have been written."""


class CommitUnanswered(Exception):
    """The COMMIT of a batch failed: what the batch got if it was committed."""

    def __init__(self, results: list[StepWritten | StaleVersion]) -> None:
        super().__init__("the commit got no answer")
        self.results = results


@contextmanager
def as_move() -> Iterator[None]:
    """A player's move: the database away, wherever it shows (reading the match,
    writing the step), is the move not taken."""
    try:
        yield
    except MoveNotTaken:
        raise
    except NotTaken as error:
        raise MoveNotTaken() from error
    except Exception as error:
        if unreachable(error):
            raise MoveNotTaken() from error
        raise


def refusal(error: BaseException) -> BaseException:
    """What a batch that failed before its commit tells its callers."""
    if not unreachable(error):
        return error
    not_taken = NotTaken()
    not_taken.__cause__ = error
    return not_taken


async def find_out(
    sessions: async_sessionmaker[AsyncSession],
    steps: Sequence[StepWrite],
    unanswered: CommitUnanswered,
    *,
    wait_seconds: float = FIND_OUT_SECONDS,
) -> list[Verdict]:
    """Per step, what its caller is told once the database says whether the batch
    was committed (see the module's docstring)."""
    written = {
        step.match_id: result.version
        for step, result in zip(steps, unanswered.results, strict=True)
        if isinstance(result, StepWritten) and result.version is not None
    }
    stored = await _stored_versions(sessions, list(written), wait_seconds)
    if stored is None:
        log.warning("a batch's commit got no answer and the database stayed away: fate unknown")
        return [FateUnknown() for _ in steps]
    verdicts: dict[int, Exception | None] = {}  # None: committed
    for match_id, version in written.items():
        if stored.get(match_id) == version:
            verdicts[match_id] = None
        elif stored.get(match_id) == version - 1:
            verdicts[match_id] = NotTaken()
        else:  # another process wrote it meanwhile: look again, whatever happened
            verdicts[match_id] = StaleVersion(f"match {match_id} moved on to another version")
    # One transaction: every step went the same way. Steps with no update of
    # their own (queued notices) follow the ones that have one.
    committed = None in verdicts.values()
    log.warning(
        "a batch's commit got no answer; the database says it was %s",
        "committed" if committed else "not committed",
    )
    answers: list[Verdict] = []
    for step, result in zip(steps, unanswered.results, strict=True):
        verdict = verdicts.get(step.match_id)
        if isinstance(result, StaleVersion):
            answers.append(result)  # refused in the transaction, whatever became of it
        elif isinstance(verdict, Exception):
            answers.append(verdict)
        elif not verdicts:
            answers.append(FateUnknown())  # nothing in the batch could tell
        else:
            answers.append(result if committed else NotTaken())
    return answers


async def _stored_versions(
    sessions: async_sessionmaker[AsyncSession], match_ids: list[int], wait_seconds: float
) -> dict[int, int] | None:
    """The matches' stored versions, once the database answers; None if it does
    not within ``wait_seconds``."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + wait_seconds
    while True:
        try:
            async with sessions() as session:
                return await versions(await session.connection(), match_ids)
        except Exception as error:
            if not unreachable(error) or loop.time() >= give_up:
                return None
        await asyncio.sleep(_TRY_EVERY_SECONDS)
