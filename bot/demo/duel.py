"""Two built-in players against each other on the engine alone: no runtime, no
database, the match clock jumping to the next deadline when nobody moves.

Each seat is given only its own view (the host's view is for the host's
scripted moves alone), so a player can know no more than a person in its
seat. Used by the tests and benchmarks that weigh the players' levels.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import games
from bot.kits import Player, demo_flag, host_script
from bot.runtime.reading import seen_deadlines
from games.core import HOST, Actor, Game, Outcome, Rejected


@dataclass
class Refusal:
    seat: int
    text: str
    reason: str


@dataclass
class Duel:
    """How a match went: its outcome (None: cut short), every refused move, and
    the processor time each decision took (seconds; the wall clock of a shared machine
    says more about its other users)."""

    outcome: Outcome | None = None
    refused: list[Refusal] = field(default_factory=list)
    decisions: list[float] = field(default_factory=list)
    moves: int = 0
    #: The last state (the finished match's, if it finished).
    final: Any = None


def seat_view(game: Game[Any, Any, Any], state: Any, audience: Any, now: int) -> dict[str, Any]:
    """The view the runtime hands a player, its ``match`` part included (the
    deadlines it may see: not the other seat's timer)."""
    deadlines = seen_deadlines(game, state, audience, now)
    return {**game.view(state, audience), "match": {"status": "running", "deadlines": deadlines}}


def play_duel(
    key: str,
    players: tuple[Player, Player],
    *,
    seed: int,
    options: dict[str, Any] | None = None,
    most_steps: int = 5_000,
    game: Game[Any, Any, Any] | None = None,
    watch: Callable[[Any], None] | None = None,
) -> Duel:
    """One match of ``key`` between ``players`` (seat 0, seat 1), seeded;
    ``watch`` sees each state the players are asked about."""
    game = game or games.get(key)
    script = host_script(key)
    every_seat = demo_flag(key, "ASKS_EVERY_SEAT")
    rng = random.Random(seed)
    state = game.setup(options or {}, seed=seed).state
    now, duel = 0, Duel()
    for _ in range(most_steps):
        if state.outcome is not None:
            duel.outcome, duel.final = state.outcome, state
            return duel
        if watch is not None:
            watch(state)
        moved = False
        for seat in (0, 1) if every_seat else sorted(game.to_act(state)):
            if state.outcome is not None:
                break  # the first seat's move ended the match: nobody is asked after it
            started = time.process_time()
            text = players[seat](seat_view(game, state, seat, now), seat, rng)
            duel.decisions.append(time.process_time() - started)
            if text is not None:
                after = _try(game, state, seat, text, now, duel)
                if after is not None:
                    state, moved = after, True
                    duel.moves += 1
        if moved:
            continue
        text = script(seat_view(game, state, HOST, now)) if script is not None else None
        after = _try(game, state, HOST, text, now, duel) if text is not None else None
        if after is not None:
            state = after
            continue
        deadline = min(game.deadlines(state), key=lambda d: d.at_ms)
        now = max(now, deadline.at_ms)
        state = game.expire(state, deadline.key, now).state
    duel.outcome, duel.final = state.outcome, state
    return duel


def _try(
    game: Game[Any, Any, Any], state: Any, actor: Actor, text: str, now: int, duel: Duel
) -> Any:
    try:
        return game.apply(state, actor, game.parse(state, actor, text), now).state
    except Rejected as refusal:
        seat = actor if isinstance(actor, int) else -1
        duel.refused.append(Refusal(seat, text, str(refusal)))
        return None
