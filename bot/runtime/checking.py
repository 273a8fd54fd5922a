"""Whether a stored match can be played on by this version of the bot: it loads
(:func:`bot.runtime.loading.load_match`), and its event log, replayed from the
start, reaches its stored state. ``genius-bot db check`` runs it on every
stored match; a format upgrade added to loading is checked with it for free.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.runtime.loading import CannotLoad, load_match, problems
from bot.runtime.replay import replay_steps
from games import Game, Rejected
from storage.db import make_engine, make_sessionmaker, one_snapshot
from storage.records import EventRecord, MatchRecord
from storage.repository import MatchRepository
from storage.unloadable import stored_match_ids


@dataclass(frozen=True)
class Problem:
    """Why one stored match cannot be played on: ``what`` failed, and why."""

    record: MatchRecord
    what: str  # "does not load", "does not replay"
    reason: str

    def line(self) -> str:
        r = self.record
        return f"match {r.id} ({r.game}, {r.status}): {self.what}: {self.reason}"


@dataclass(frozen=True)
class Checked:
    """Every stored match checked: how many, and the problems found."""

    matches: int
    problems: list[Problem]


async def check_match(record: MatchRecord, events: Sequence[EventRecord]) -> Problem | None:
    """None if the match loads and its log replays to its stored state."""
    try:
        loaded = await load_match(record)
    except CannotLoad as error:
        return Problem(record, "does not load", error.reason)
    mismatch = _replay_problem(loaded.game, record, events, loaded.state)
    return None if mismatch is None else Problem(record, "does not replay", mismatch)


def _replay_problem(
    game: Game[Any, Any, Any], record: MatchRecord, events: Sequence[EventRecord], stored: Any
) -> str | None:
    state: Any = None
    seq = 0
    try:
        for step in replay_steps(game, record.config, record.seed, events):
            seq, state = step.event.seq, step.state
    except Rejected as error:
        return f"the rules refuse logged event {_next(seq, events)}: {error.message}"
    except ValidationError as error:
        return f"logged event {_next(seq, events)} no longer fits ({problems(error)})"
    except Exception as error:
        return f"logged event {_next(seq, events)} fails ({type(error).__name__}: {error})"
    if _dumped(state) != _dumped(stored):
        return "its event log, replayed from the start, does not reach its stored state"
    return None


def _next(done: int, events: Sequence[EventRecord]) -> int:
    """The seq of the event after the last one replayed."""
    return next((e.seq for e in events if e.seq > done), done + 1)


def _dumped(state: Any) -> Any:
    return None if state is None else state.model_dump(mode="json")


async def check_all(sessions: async_sessionmaker[AsyncSession]) -> Checked:
    """Every stored match checked, one at a time (a match's rows are read in one
    transaction, so its state and log are of the same moment)."""
    async with sessions() as session:
        ids = await stored_match_ids(session)
    found: list[Problem] = []
    for match_id in ids:
        async with sessions() as session:
            await one_snapshot(session)
            repo = MatchRepository(session)
            record = await repo.get(match_id)
            events = await repo.events(match_id)
        if record is not None and (problem := await check_match(record, events)) is not None:
            found.append(problem)
    return Checked(len(ids), found)


async def check_database(url: str) -> Checked:
    """:func:`check_all` on the database at ``url`` (its schema already current)."""
    engine = make_engine(url)
    try:
        return await check_all(make_sessionmaker(engine))
    finally:
        await engine.dispose()
