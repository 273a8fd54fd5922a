"""``genius-bot replay FILE``: rebuild a match from its export and tell its story.

The match is rebuilt from seed, config and event log with the runtime's own
replay (:mod:`bot.runtime.replay`), then held to what was stored: the same
outcome and the same final state, the stored state first upgraded from the
format it was written in (games.core.formats), as each logged action is.
Only then is the room's story printed: each step's notices for the room,
rendered as the room saw them, at their match-clock times. A file that is not
an export, or a match that does not rebuild to what was stored, ends with one
plain line and a non-zero exit.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Iterator
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from pydantic import ValidationError

import games
from bot.operator_errors import OperatorError
from bot.render import renderer_for
from bot.render.base import name_seats, plural
from bot.render.draw import without_pictures
from bot.runtime.export import ExportError, MatchExport, load_export, upgraded
from bot.runtime.replay import Replayed, replay_steps
from bot.runtime.resources import prepare
from games import PUBLIC, FormatError, Game, Notice, Outcome, Rejected

#: Exit status when the file is fine but the rebuilt match is not what was stored.
MISMATCH = 1
MAX_EXPORT_BYTES = 64 * 2**20  # a long match's export is well under a megabyte


class Mismatch(Exception):
    """The log does not rebuild the stored match; the message says how."""


class ReplayFailed(Exception):
    """A mismatch, reported by the CLI with exit status :data:`MISMATCH`."""


@dataclass(frozen=True)
class Story:
    """The room's messages as rebuilt: (match-clock ms, one step's room notices)."""

    export: MatchExport
    messages: list[tuple[int, list[Notice]]]
    outcome: Outcome | None


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    replay = subparsers.add_parser(
        "replay", help="rebuild a match from its /match export file, check it, print its story"
    )
    replay.add_argument("file", type=Path, help="the JSON file /match export gave")
    replay.add_argument(
        "--images", type=Path, default=None, help="also save the room's pictures in this folder"
    )
    return replay


def run(args: argparse.Namespace, out: TextIO) -> int:
    export = _read(args.file)
    try:
        story = asyncio.run(rebuild(export))
    except Mismatch as error:
        raise ReplayFailed(f"replay {args.file}: {error}") from None
    print_story(story, out, args.images)
    return 0


def _read(path: Path) -> MatchExport:
    try:
        if path.stat().st_size > MAX_EXPORT_BYTES:
            raise OperatorError(f"{path} is larger than any match export ({MAX_EXPORT_BYTES} B).")
        text = path.read_bytes()
    except OSError as error:
        raise OperatorError(f"can't read {path}: {error.strerror or error}.") from None
    try:
        return load_export(text)
    except ExportError as error:
        raise OperatorError(f"{path} is {error}.") from None


async def rebuild(export: MatchExport) -> Story:
    """The match rebuilt from ``export``'s log, held to its stored outcome and state."""
    game = _game(export.game)
    try:
        await prepare(export.game, export.config)
        export = upgraded(game, export)
    except Rejected as error:
        raise OperatorError(f"the match can't be rebuilt here: {error.message}") from None
    except FormatError as error:
        raise OperatorError(f"the match can't be rebuilt here: {error}") from None
    messages: list[tuple[int, list[Notice]]] = []
    state: Any = None
    for step in _steps(game, export):
        state = step.state
        room = [n for n in step.notices if n.audience == PUBLIC]
        if room:
            messages.append((step.event.now_ms, room))
    outcome = None if state is None else game.outcome(state)
    _check(game, export, state, outcome)
    return Story(export, messages, outcome)


def _game(key: str) -> Game[Any, Any, Any]:
    try:
        return games.get(key)
    except KeyError:
        raise OperatorError(
            f"the file is for a game this genius-bot doesn't have ({key!r}); "
            f"it has {', '.join(games.keys())}."
        ) from None


def _steps(game: Game[Any, Any, Any], export: MatchExport) -> Iterator[Replayed]:
    """The replayed steps; an event the engine refuses (or cannot read) is a mismatch."""
    seq = 0
    try:
        for step in replay_steps(game, export.config, export.seed, export.events):
            seq = step.event.seq
            yield step
    except Rejected as error:
        raise Mismatch(
            f"event {_next_seq(export, seq)} can't be replayed: {error.message}"
        ) from None
    except FormatError as error:
        raise Mismatch(f"event {_next_seq(export, seq)} can't be read: {error}") from None
    except (ValidationError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise Mismatch(
            f"event {_next_seq(export, seq)} can't be replayed "
            f"({type(error).__name__}: {_one_line(error)})"
        ) from None


def _next_seq(export: MatchExport, after: int) -> str:
    """The number of the event after seq ``after`` (the one that failed)."""
    later = [e for e in export.events if e.seq > after]
    return f"#{later[0].seq} ({later[0].kind})" if later else "after the last"


def _one_line(error: Exception) -> str:
    text = " ".join(str(error).split())
    return text if len(text) <= 200 else text[:199] + "…"


def _check(
    game: Game[Any, Any, Any], export: MatchExport, state: Any, outcome: Outcome | None
) -> None:
    if outcome != export.outcome:
        raise Mismatch(
            f"the rebuilt outcome ({_describe(outcome, export)}) differs from the stored "
            f"outcome ({_describe(export.outcome, export)})"
        )
    if export.state is None:
        if state is not None:
            raise Mismatch("the log starts the match, but the stored match never started")
        return
    try:
        stored = game.State.model_validate(export.state)
    except ValidationError as error:
        raise Mismatch(f"the stored state is damaged: {_one_line(error)}") from None
    if state != stored:
        raise Mismatch(
            "the rebuilt state differs from the stored state "
            "(an event is missing, added or changed)"
        )


def _describe(outcome: Outcome | None, export: MatchExport) -> str:
    if outcome is None:
        return "no result"
    names = export.names()
    who = "a draw" if outcome.winner is None else f"{names[outcome.winner]} wins"
    scores = "" if outcome.scores is None else f" {outcome.scores[0]:g}–{outcome.scores[1]:g}"
    # The engine counts seats ("seat 0"); a person reads the players' names.
    return f"{who}{scores}: {name_seats(outcome.reason, names)}"


# -- printing ---------------------------------------------------------------------


def print_story(story: Story, out: TextIO, image_dir: Path | None) -> None:
    export = story.export
    names = export.names()
    print(
        f"{export.game_title} — match #{export.match_id}: {names[0]} vs {names[1]} "
        f"(seed {export.seed}, {export.status})",
        file=out,
    )
    renderer = renderer_for(export.game)
    saved = 0
    for now_ms, room in story.messages:
        # Without a folder to save them in, a picture's name is all that is printed.
        with nullcontext() if image_dir is not None else without_pictures():
            rendered = renderer.render(room, PUBLIC, names=names)
        lines = rendered.text.splitlines() or [""]
        print(f"[{clock(now_ms)}] {lines[0]}", file=out)
        for line in lines[1:]:
            print(f"          {line}", file=out)
        for image in rendered.images:
            saved += 1
            shown = _save(image_dir, saved, image.filename, image.data)
            print(f"          (picture: {shown})", file=out)
    print(
        f"Rebuilt from {plural(len(export.events), 'logged event')}; the outcome and state match "
        f"what was stored. Result: {_describe(story.outcome, export)}.",
        file=out,
    )


def _save(image_dir: Path | None, number: int, filename: str, data: bytes) -> str:
    if image_dir is None:
        return filename
    image_dir.mkdir(parents=True, exist_ok=True)
    path = image_dir / f"{number:03d}-{filename}"
    path.write_bytes(data)
    return str(path)


def clock(now_ms: int) -> str:
    """Match-clock time as m:ss (h:mm:ss past an hour), right-aligned."""
    seconds = max(0, now_ms) // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    text = f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
    return text.rjust(7)
