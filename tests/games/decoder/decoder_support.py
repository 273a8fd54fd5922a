"""Shared helpers for the Decoder tests."""

from __future__ import annotations

from typing import Any

from games import HOST, Notice, Step
from games.core import Actor
from games.decoder import GAME, DecoderState

NAMES = [
    "Arithmetic Box",
    "Bijective Matrix",
    "Encrypted Image",
    "Dot Maze",
    "Floor Plan",
    "Gear Train",
    "Hidden Path",
]
#: Seat 0 ("Danny"): tanks of 5, 6, 4, 10, 20, 30, 2 units.
#: Seat 1 ("pseud"): 14, 7, 9, 8, 3, 12, 15 units.
TIMES = [[57, 60, 40, 100, 200, 300, 25], [140, 70, 99, 80, 30, 120, 150]]
HANDS = [["G", "H", "I", "K", "L", "M"], ["A", "B", "C", "D", "E", "F"]]
ALL_ITEMS = ["hand_insurance", "new_evidence", "power_surge", "unexpected_sabotage"]


def config(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "tank_names": NAMES,
        "times": TIMES,
        "items": [[], []],
        "first_seat": 0,
        "preset_hands": HANDS,
    }
    return {**base, **changes}


def fresh(seed: int = 1, now_ms: int = 0, **changes: Any) -> DecoderState:
    """Set up, before the host starts anything."""
    return GAME.setup(config(**changes), seed=seed, now_ms=now_ms).state


def playing(seed: int = 1, now_ms: int = 0, **changes: Any) -> DecoderState:
    """Preset hands, host started: seat ``first_seat`` is to take turn 1."""
    return act(fresh(seed, now_ms, **changes), HOST, "start selection", now_ms).state


def act(state: DecoderState, actor: Actor, text: str, now_ms: int = 0) -> Step[DecoderState]:
    """A typed move: parse, then apply (as the runtime does)."""
    return GAME.apply(state, actor, GAME.parse(state, actor, text), now_ms)


def run(state: DecoderState, *moves: tuple[Actor, str]) -> Step[DecoderState]:
    notices: list[Notice] = []
    for actor, text in moves:
        step = act(state, actor, text)
        state = step.state
        notices += step.notices
    return Step(state=state, notices=notices)


def kinds(step: Step[DecoderState]) -> list[str]:
    return [notice.kind for notice in step.notices]


def only(step: Step[DecoderState], kind: str) -> Notice:
    found = [notice for notice in step.notices if notice.kind == kind]
    assert len(found) == 1, f"expected one {kind}, got {kinds(step)}"
    return found[0]


def told(step: Step[DecoderState], audience: Actor | str) -> list[Notice]:
    return [notice for notice in step.notices if notice.audience == audience]


def turn_seat(state: DecoderState) -> int:
    assert state.turn is not None
    return state.turn.seat


def decisions(state: DecoderState) -> list[tuple[int, str] | None]:
    return [None if p is None else (p.seat, p.decision) for p in state.pending]


def with_items(seat0: list[str] | None = None, seat1: list[str] | None = None) -> DecoderState:
    """A match in play where the seats hold these items."""
    return playing(items=[seat0 or [], seat1 or []])


def used_up(state: DecoderState, seat: int, numbers: list[int]) -> DecoderState:
    """Mark the seat's tanks (numbered 1–7) as used."""
    tanks = state.tanks[seat]
    for number in numbers:
        tanks[number - 1] = tanks[number - 1].model_copy(update={"used": True})
    return state
