"""Make the golden matches: each game's matches as today's code stores them, at
several points, saved as data under ``tests/golden/<game>/`` (run by hand):

    .venv/bin/python -m tests.golden.make            # every game
    .venv/bin/python -m tests.golden.make goofspiel  # one game (or several)

Each of the game's demo matches (``bot/demo/<game>.py`` DEMO_MATCHES: both
Rune Breaker variants) is played with seed 7 by the built-in players through the
real runtime on SQLite, on a manual clock, and its rows (tests/golden/rows.py)
are saved at these points:

- ``started``: just after the host's start;
- ``midgame``: after half of its steps;
- ``last-move``: one step (a move, or a deadline) before its end;
- ``reserve``: the same match played again, its seats falling silent (at the
  start, else after a third, a half, two thirds of its steps) until one is on
  reserve or bank time (the game's ``on_reserve`` fact; a game with none has no
  such point).

A file is never overwritten: golden matches are yesterday's rows, which today's
code must keep loading (tests/golden/test_golden.py). Make them again only for
a new game or a new format version; the files of the earlier version stay.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import tempfile
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

import games
from bot.demo.match import play_on, skip_to_next_deadline
from bot.kits import demo_games, demo_matches
from bot.runtime import ListDelivery, ManualTime, MatchRuntime, Scheduler
from storage import make_engine, make_sessionmaker, upgrade
from storage.records import MatchStatus, NewMatch, PlayerRecord
from tests.facts import fact
from tests.golden.rows import read_rows

HERE = Path(__file__).parent
SEED = 7
#: What a golden file says it is.
KIND = "genius-bot golden match"
POINTS = ("started", "midgame", "reserve", "last-move")
#: Deadlines a silent match may pass before a seat must be on reserve or bank time.
SILENT_DEADLINES = 60
#: Where the silence may begin, as a share of the match's steps, tried in turn.
SILENCES = (0, 1 / 3, 1 / 2, 2 / 3)

Rows = dict[str, list[dict[str, Any]]]
Sessions = async_sessionmaker[AsyncSession]


def label(options: dict[str, Any]) -> str:
    """A demo match's name in its files: its options' words (``classic``), or ``match``."""
    return "-".join(str(v) for v in options.values() if isinstance(v, str)) or "match"


@asynccontextmanager
async def _runtime(folder: str) -> AsyncIterator[tuple[MatchRuntime, Sessions]]:
    url = f"sqlite+aiosqlite:///{folder}/golden.db"
    await upgrade(url)
    engine = make_engine(url)
    sessions = make_sessionmaker(engine)
    scheduler = Scheduler(ManualTime(), auto=False)
    runtime = MatchRuntime(sessions, ListDelivery(), scheduler=scheduler, checkpoint_seconds=0)
    await runtime.start_up()
    try:
        yield runtime, sessions
    finally:
        await runtime.shut_down()
        await engine.dispose()


async def _started(runtime: MatchRuntime, key: str, options: dict[str, Any]) -> int:
    players = [PlayerRecord(seat=s, user_id=s + 1) for s in (0, 1)]
    new = NewMatch(guild_id=0, game=key, config=options, seed=SEED, players=players)
    match_id = (await runtime.create(new)).id
    await runtime.start(match_id)
    await runtime.flush()
    return match_id


class _Enough(Exception):
    """Stops the built-in players where the silence begins."""


async def _played(key: str, options: dict[str, Any]) -> tuple[dict[str, Rows], int]:
    """A whole match: its rows at the start, half-way and one step from the end;
    and its number of steps."""
    with tempfile.TemporaryDirectory() as folder:
        async with _runtime(folder) as (runtime, sessions):
            match_id = await _started(runtime, key, options)
            started = await read_rows(sessions, match_id)
            steps: list[Rows] = []

            async def save() -> None:
                await runtime.flush()
                steps.append(await read_rows(sessions, match_id))

            await play_on(runtime, match_id, key, random.Random(SEED), after_step=save)
    running = [s for s in steps if s["matches"][0]["status"] == MatchStatus.RUNNING]
    points = {"started": started, "midgame": running[len(running) // 2], "last-move": running[-1]}
    return points, len(steps)


async def _on_reserve(
    key: str, options: dict[str, Any], steps: int, on_reserve: Callable[[Any], bool]
) -> Rows:
    """The match played again, until its seats fall silent and one of them goes on
    reserve or bank time."""
    for share in SILENCES:
        rows = await _silent(key, options, int(steps * share), on_reserve)
        if rows is not None:
            return rows
    raise RuntimeError(
        f"{key} {label(options)}: no seat went on reserve or bank time, silent from any "
        f"of {SILENCES} of its steps; check its on_reserve fact"
    )


async def _silent(
    key: str, options: dict[str, Any], played: int, on_reserve: Callable[[Any], bool]
) -> Rows | None:
    """The match played to its ``played``-th step, then its seats silent until one
    of them is on reserve or bank time (None if none is, in time)."""
    game = games.get(key)
    with tempfile.TemporaryDirectory() as folder:
        async with _runtime(folder) as (runtime, sessions):
            match_id = await _started(runtime, key, options)
            steps = 0

            async def count() -> None:
                nonlocal steps
                steps += 1
                if steps >= played:
                    raise _Enough

            try:
                if played:
                    await play_on(runtime, match_id, key, random.Random(SEED), after_step=count)
            except _Enough:
                await runtime.flush()
            for _ in range(SILENT_DEADLINES):
                await skip_to_next_deadline(runtime, match_id)
                await runtime.flush()
                rows = await read_rows(sessions, match_id)
                (row,) = rows["matches"]
                if row["status"] != MatchStatus.RUNNING:
                    break
                if on_reserve(game.load_state(row["state"])):
                    return rows
    return None


async def make(key: str) -> list[Path]:
    """The game's golden files not made yet; returns those written."""
    written: list[Path] = []
    on_reserve = fact(key, "on_reserve")
    for options in demo_matches(key):
        points, steps = await _played(key, options)
        if on_reserve is not None:
            points["reserve"] = await _on_reserve(key, options, steps // 3, on_reserve)
        for point, rows in points.items():
            path = HERE / key / f"{label(options)}-{point}.json"
            if path.exists():
                continue
            path.parent.mkdir(exist_ok=True)
            golden = {"kind": KIND, "game": key, "point": point, "options": options}
            text = json.dumps({**golden, "seed": SEED, "rows": rows}, indent=1, sort_keys=True)
            path.write_text(text + "\n", encoding="utf-8")
            written.append(path)
    return written


def main(argv: list[str]) -> int:
    keys = argv or list(demo_games())
    for key in keys:
        for path in asyncio.run(make(key)):
            print(f"wrote {path.relative_to(HERE.parents[1])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
