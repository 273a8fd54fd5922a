"""Rebuild a match's state from its seed, config and event log.

The log is the match's history of record: replaying it must reproduce the
stored state exactly (tests hold the engines and the runtime to that).
:func:`replay_steps` gives every step on the way, with the notices the
runtime committed for it (``genius-bot replay`` prints the room's story from
them); :func:`replay` is its last state. Each logged action is upgraded from
the format version it was written in (games.core.formats) before it is applied.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bot.runtime.commits import everyone
from games import HOST, PUBLIC, Game, Notice
from games.core import Actor
from games.core.formats import load_action
from storage.records import EventRecord


@dataclass(frozen=True)
class Replayed:
    """One logged event replayed: the state after it and the notices it told."""

    event: EventRecord
    state: Any
    notices: list[Notice]


def replay(
    game: Game[Any, Any, Any], config: dict[str, Any], seed: int, events: Sequence[EventRecord]
) -> Any:
    state: Any = None
    for step in replay_steps(game, config, seed, events):
        state = step.state
    return state


def replay_steps(
    game: Game[Any, Any, Any], config: dict[str, Any], seed: int, events: Sequence[EventRecord]
) -> Iterator[Replayed]:
    """Each event in log order, applied; raises what the engine raises (``Rejected``
    for a move the rules refuse, which a log of record never holds), and
    FormatError for an action in a format this build cannot read."""
    state: Any = None
    for event in events:
        state, notices = _step(game, config, seed, state, event)
        yield Replayed(event, state, notices)


def _step(
    game: Game[Any, Any, Any], config: dict[str, Any], seed: int, state: Any, event: EventRecord
) -> tuple[Any, list[Notice]]:
    if event.kind == "host":
        return _host_step(game, config, seed, state, event)
    if event.kind == "action":
        actor: Actor = HOST if event.actor == HOST else int(event.actor or 0)
        step = game.apply(state, actor, _action(game, event), event.now_ms)
        return step.state, step.notices
    if event.kind == "expire":
        step = game.expire(state, event.payload["key"], event.now_ms)
        return step.state, step.notices
    raise ValueError(f"unknown event kind {event.kind!r}")


def _action(game: Game[Any, Any, Any], event: EventRecord) -> Any:
    return load_action(game, event.format_version, event.payload)


def _host_step(
    game: Game[Any, Any, Any], config: dict[str, Any], seed: int, state: Any, event: EventRecord
) -> tuple[Any, list[Notice]]:
    """A host command: only ``start`` changes the state; each tells what the
    runtime told when it was given (MatchRuntime's start, pause, resume, abort,
    reveal)."""
    command = event.payload.get("command")
    if command == "start":
        step = game.setup(config, seed=seed, now_ms=event.now_ms)
        return step.state, everyone("match_started", game_title=game.title) + step.notices
    if command == "pause":
        return state, everyone("match_paused", reason=event.payload.get("reason"))
    if command == "resume":
        return state, everyone("match_resumed", after_restart=False)
    if command == "abort":
        return state, everyone("match_aborted")
    if command == "reveal":
        return state, [n for n in game.reveal(state) if n.audience == PUBLIC]
    raise ValueError(f"unknown host command {command!r}")
