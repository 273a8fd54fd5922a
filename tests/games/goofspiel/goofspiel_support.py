"""Shared helpers for the Square Goofspiel tests."""

from __future__ import annotations

from typing import Any

from games import Notice, Step
from games.goofspiel import GAME, Bid, GoofspielState

#: Row-major order: phase 1 auctions row 1 (A = r1c1 … F = r1c6), and so on.
ROW_MAJOR = [f"r{r}c{c}" for r in range(1, 7) for c in range(1, 7)]
START_SUM = 6 * 1 + 5 * 2 + 4 * 3 + 3 * 4 + 2 * 5 + 1 * 6  # 56


def fresh(
    order: list[str] | None = ROW_MAJOR, seed: int = 1, now_ms: int = 0, **config: Any
) -> GoofspielState:
    return GAME.setup({"cell_order": order, **config}, seed=seed, now_ms=now_ms).state


def bid(state: GoofspielState, seat: int, card: int, now_ms: int = 0) -> Step[GoofspielState]:
    return GAME.apply(state, seat, Bid(card=card), now_ms)


def auction(state: GoofspielState, card0: int, card1: int, now_ms: int = 0) -> Step[GoofspielState]:
    """Seat 0 bids, then seat 1; the second bid resolves the auction."""
    first = bid(state, 0, card0, now_ms)
    second = bid(first.state, 1, card1, now_ms)
    return Step(state=second.state, notices=first.notices + second.notices)


def play(state: GoofspielState, bids: list[tuple[int, int]]) -> Step[GoofspielState]:
    notices: list[Notice] = []
    for card0, card1 in bids:
        step = auction(state, card0, card1)
        state = step.state
        notices += step.notices
    return Step(state=state, notices=notices)


def pass_phase(state: GoofspielState) -> GoofspielState:
    return play(state, [(0, 0)] * 6).state


def kinds(step: Step[GoofspielState]) -> list[str]:
    return [notice.kind for notice in step.notices]


def only(step: Step[GoofspielState], kind: str) -> Notice:
    found = [notice for notice in step.notices if notice.kind == kind]
    assert len(found) == 1, f"expected one {kind}, got {kinds(step)}"
    return found[0]
