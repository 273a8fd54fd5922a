"""Deadlines, decision windows and whom the game waits on, stage by stage.

Deadline keys (``b`` bout, ``r`` round, ``s`` seat):

- ``planning:b`` — the planning phase (the room's clock, no seat);
- ``starter:1`` — the Advantage holder's choice of who starts bout 1 (60 s);
- ``play:b:r:s`` — the 45 s to submit an expression; when it fires the seat's
  reserve starts running and ``reserve:b:r:s`` takes over, due when the reserve
  would be spent (window end + reserve left); when that fires the seat loses;
- ``guess:b:r`` (the loser) and ``reveal:b:r`` (the winner) — 60 s each;
- ``final:b:s`` — the Final Guess, one per seat until it locks.

Decision windows (:func:`window`) are the deadline keys, except for a play: its
window is ``expression:b:r:s`` for the whole turn, so a move made in reserve time
is not refused as aimed at the 45 s deadline that has already fired.
"""

from __future__ import annotations

from games.core import SEATS, Deadline
from games.core.timing import reminders_within
from games.expression.models import ExpressionState

STARTER_SECONDS = 60


def planning_key(bout: int) -> str:
    return f"planning:{bout}"


def starter_key() -> str:
    return "starter:1"


def play_key(bout: int, round_: int, seat: int) -> str:
    return f"play:{bout}:{round_}:{seat}"


def reserve_key(bout: int, round_: int, seat: int) -> str:
    return f"reserve:{bout}:{round_}:{seat}"


def guess_key(bout: int, round_: int) -> str:
    return f"guess:{bout}:{round_}"


def reveal_key(bout: int, round_: int) -> str:
    return f"reveal:{bout}:{round_}"


def final_key(bout: int, seat: int) -> str:
    return f"final:{bout}:{seat}"


def expression_window(bout: int, round_: int, seat: int) -> str:
    return f"expression:{bout}:{round_}:{seat}"


def play_deadline(state: ExpressionState) -> Deadline:
    seat, bout, round_ = state.to_play, state.bout, state.round
    label = f"your expression for round {round_}"
    if not state.current.overtime[seat]:
        return state.window.deadline(play_key(bout, round_, seat), seat, label)
    reserve = state.reserves[seat]
    return Deadline(
        key=reserve_key(bout, round_, seat),
        at_ms=reserve.final_end_ms(state.window),
        seat=seat,
        reminders=reminders_within(reserve.left_ms),
        label=f"{label}, on reserve time",
    )


def deadlines(state: ExpressionState) -> list[Deadline]:
    bout, window = state.bout, state.window
    if state.stage == "planning":
        return [window.deadline(planning_key(bout), None, f"the planning phase of bout {bout}")]
    if state.stage == "starter":
        seat = state.config.advantage
        return [window.deadline(starter_key(), seat, "your choice of who starts bout 1")]
    if state.stage == "play":
        return [play_deadline(state)]
    if state.stage == "guess":
        record = state.current
        found = []
        if record.guess is None and record.loser is not None:
            label = f"your guess for round {record.round}"
            found.append(window.deadline(guess_key(bout, record.round), record.loser, label))
        if record.reveal is None and record.winner is not None:
            label = f"your choice of a tile to reveal for round {record.round}"
            found.append(window.deadline(reveal_key(bout, record.round), record.winner, label))
        return found
    if state.stage == "final":
        label = f"your Final Guess for bout {bout}"
        sheets = state.finals[bout - 1]
        return [
            window.deadline(final_key(bout, seat), seat, label)
            for seat in SEATS
            if not sheets[seat].locked
        ]
    return []


def waiting_on(state: ExpressionState) -> frozenset[int]:
    if state.stage == "planning":
        return frozenset(seat for seat in SEATS if not state.ready[seat])
    return frozenset(d.seat for d in deadlines(state) if d.seat is not None)


def window(state: ExpressionState, seat: int) -> str | None:
    """The decision ``seat`` is answering now, whether or not it has answered yet
    (guesses, reveal choices and Final Guesses may change until they close)."""
    bout = state.bout
    if state.outcome is not None or seat not in SEATS:
        return None
    if state.stage == "planning":
        return planning_key(bout)
    if state.stage == "starter":
        return starter_key() if seat == state.config.advantage else None
    if state.stage == "play":
        return expression_window(bout, state.round, seat) if seat == state.to_play else None
    if state.stage == "guess":
        record = state.current
        return (
            guess_key(bout, record.round)
            if seat == record.loser
            else reveal_key(bout, record.round)
        )
    if state.stage == "final":
        return final_key(bout, seat)
    return None
