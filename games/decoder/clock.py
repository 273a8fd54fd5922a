"""Decision windows and time banks.

Every decision a seat owes is a :class:`Pending` with its own window (90 s on
the seat's own turn, 60 s for responses). When the window runs out, the seat's
bank is drawn in 5-second steps, each step one more deadline; a deadline that
finds the bank empty loses the match for that seat. A move made part-way
through a step has paid for the whole step already.

Keys: ``d{id}`` names a decision (what :meth:`Game.window` returns, so a move
aimed at it is refused once it closes); ``d{id}:{n}`` is its n-th deadline
(0: the window's end, n >= 1: the end of bank step n). Letter selection has
one room-wide deadline, ``selection``.
"""

from __future__ import annotations

from games.core import SECOND, Deadline, Notice, Seat, Window, other
from games.decoder.models import DECISION_LABELS, ROOM_LABELS, Decision, DecoderState, Pending
from games.decoder.notices import finish, private, public

BANK_STEP_MS = 5 * SECOND
BANK_REMINDER_MS = 30 * SECOND
SELECTION_KEY = "selection"
#: Decisions that belong to the seat whose turn it is (the others are responses).
OWN_TURN: frozenset[Decision] = frozenset({"turn", "giveup"})


def window_key(pending: Pending) -> str:
    return f"d{pending.id}"


def deadline_key(pending: Pending) -> str:
    return f"{window_key(pending)}:{pending.steps}"


def open_decision(state: DecoderState, seat: Seat, decision: Decision, now_ms: int) -> Pending:
    config = state.config
    seconds = config.turn_seconds if decision in OWN_TURN else config.response_seconds
    pending = Pending(
        id=state.next_decision,
        seat=seat,
        decision=decision,
        window=Window(start_ms=now_ms, length_ms=seconds * SECOND),
    )
    state.next_decision += 1
    state.pending[seat] = pending
    return pending


def close_decision(state: DecoderState, seat: Seat) -> None:
    state.pending[seat] = None


def due_ms(pending: Pending) -> int:
    return pending.window.end_ms + pending.steps * BANK_STEP_MS


def deadlines(state: DecoderState) -> list[Deadline]:
    if state.phase == "selection" and state.selection_window is not None:
        return [state.selection_window.deadline(SELECTION_KEY, None, "letter selection")]
    found = []
    for pending in state.pending:
        if pending is None:
            continue
        label = DECISION_LABELS[pending.decision]
        if pending.steps == 0:
            # The rules: "your current turn timer: public … reminders expected
            # at 30/15/5 seconds" — so the room is reminded too.
            room = ROOM_LABELS[pending.decision]
            found.append(pending.window.deadline(deadline_key(pending), pending.seat, label, room))
        else:
            found.append(
                Deadline(
                    key=deadline_key(pending),
                    at_ms=due_ms(pending),
                    seat=pending.seat,
                    label=f"{label} (time bank)",
                )
            )
    return found


def pending_for_key(state: DecoderState, key: str) -> Pending | None:
    return next((p for p in state.pending if p is not None and deadline_key(p) == key), None)


def run_down(state: DecoderState, pending: Pending) -> list[Notice]:
    """A deadline of ``pending`` passed: spend a bank step, or lose on an empty bank."""
    seat = pending.seat
    bank = state.banks[seat]
    if bank.empty:
        reason = f"seat {seat} ran out of time (its time bank is empty)"
        return [finish(state, other(seat), reason)]
    state.banks[seat] = bank.spend_step()
    pending.steps += 1
    # Time left before this seat loses if it never moves: the bank plus the
    # step under way.
    left_s = (state.banks[seat].left_ms + BANK_STEP_MS) // SECOND
    if pending.steps == 1:
        return [
            public(
                "bank_started",
                seat=seat,
                decision=pending.decision,
                bank_seconds=bank.left_ms // SECOND,
            )
        ]
    if (left_s * SECOND) % BANK_REMINDER_MS == 0:
        # "Your current time bank: public … reminders expected at every multiple
        # of 30 seconds": the seat in its channel, and the room.
        data = {"bank_seconds": left_s, "decision": pending.decision}
        return [private(seat, "bank_reminder", **data), public("bank_reminder", seat=seat, **data)]
    return []
