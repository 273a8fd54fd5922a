"""Every game's result reason counts seats one way, from 0, as DECISIONS.md's
"seat 0 / seat 1" do: a finished match's reason names the winner and the loser
by the seat numbers its ``Outcome`` uses. The renderers and ``genius-bot replay``
turn those numbers into players' names, so a reason counting from 1 would name
the wrong person.

Each game is played to its end twice on the engine alone: once by the demo's
built-in players, once by players who never move (so clocks run out)."""

from __future__ import annotations

import re
from typing import Any

import pytest

import games
from games import Outcome, Step
from tests.games.fuzz_support import play

#: Words after a seat mention that say that seat lost; any other mention names
#: the seat that won (won, had more points, holds the Advantage, guessed…).
LOSING = ("ran out", "'s hand is empty")
SEAT = re.compile(r"\bseat (\d+)")


def silent_end(key: str, seed: int, most_steps: int = 2_000) -> Step[Any] | None:
    """Nobody moves: every deadline fires in turn. The step that ended the
    match (None if it never ends so, e.g. waiting on the host)."""
    game = games.get(key)
    step = game.setup({}, seed=seed)
    for _ in range(most_steps):
        if step.state.outcome is not None:
            return step
        deadlines = game.deadlines(step.state)
        if not deadlines:
            return None
        deadline = min(deadlines, key=lambda d: d.at_ms)
        step = game.expire(step.state, deadline.key, deadline.at_ms)
    return None


def _silent_outcome(key: str, seed: int) -> Outcome | None:
    step = silent_end(key, seed)
    return None if step is None else step.state.outcome  # type: ignore[no-any-return]


def _demo_outcome(key: str, seed: int) -> Outcome | None:
    states = [state for state, _ in play(key, {}, seed)]
    return states[-1].outcome if states else None  # type: ignore[no-any-return]


def check_reason(outcome: Outcome) -> list[str]:
    """What in the reason contradicts the outcome's seats (empty: consistent)."""
    problems = []
    for mention in SEAT.finditer(outcome.reason):
        seat = int(mention[1])
        after = outcome.reason[mention.end() :]
        lost = after.lstrip().startswith(LOSING)
        winner = outcome.winner
        expected = None if winner is None else (1 - winner if lost else winner)
        if seat not in (0, 1):
            problems.append(f"{mention[0]!r} is no seat: seats are 0 and 1")
        elif expected is not None and seat != expected:
            role = "loser" if lost else "winner"
            problems.append(f"{mention[0]!r} should be the {role}, seat {expected}")
    return problems


def test_the_check_tells_one_based_counting_from_zero_based() -> None:
    assert check_reason(Outcome(winner=0, reason="seat 0's board satisfies every clue")) == []
    assert check_reason(Outcome(winner=0, reason="seat 1's board satisfies every clue"))
    assert check_reason(Outcome(winner=1, reason="seat 2 ran out of reserve periods"))
    assert check_reason(Outcome(winner=1, reason="seat 0's hand is empty: seat 1 guessed")) == []


@pytest.mark.parametrize("key", games.keys())
def test_a_finished_matchs_reason_counts_seats_from_zero(key: str) -> None:
    ended = [_demo_outcome(key, seed) for seed in (1, 2)]
    ended += [_silent_outcome(key, seed) for seed in (1, 2)]
    finished = [outcome for outcome in ended if outcome is not None]
    assert finished, f"no {key} match reached its end"
    for outcome in finished:
        assert check_reason(outcome) == [], f"{key}: {outcome.reason!r}"
