"""Windows, reserve periods, deadlines and decision windows.

Every seat has at most one window open (:class:`SeatClock`); the room has one
for the look at the boards and the buzz-in phase. A seat window that runs out
while a submission is still owed starts the seat's next 30 s reserve period
(DECISIONS.md); with none left the flow decides what follows (a missing probe
loses the match, a missing answer counts as none).

Deadline keys are ``<stage>:<seat|room>:<serial>``: the serial is bumped for
every window opened, so no key is ever armed twice. Decision windows (what a
move is aimed at, see :meth:`games.core.Game.window`) are named apart from
deadline keys — ``turn:r:t``, ``answer:r:k``, ``final:r``, ``submit:r:t``, ``buzz_in:r:t`` —
so a move made in a reserve period is not refused as aimed at a deadline
that has fired.
"""

from __future__ import annotations

from games.core import SEATS, Deadline, Window
from games.core.timing import reminders_within
from games.runebreaker.models import RuneBreakerState, SeatClock

ROOM = "room"


def open_seat(state: RuneBreakerState, seat: int, length_ms: int, now_ms: int) -> None:
    state.serial += 1
    window = Window(start_ms=now_ms, length_ms=length_ms)
    state.clocks[seat] = SeatClock(window=window, serial=state.serial)


def close_seat(state: RuneBreakerState, seat: int) -> None:
    state.clocks[seat] = SeatClock()


def close_seats(state: RuneBreakerState) -> None:
    for seat in SEATS:
        close_seat(state, seat)


def open_room(state: RuneBreakerState, length_ms: int, now_ms: int) -> None:
    state.serial += 1
    state.room = SeatClock(window=Window(start_ms=now_ms, length_ms=length_ms), serial=state.serial)


def close_room(state: RuneBreakerState) -> None:
    state.room = SeatClock()


def next_period(state: RuneBreakerState, seat: int, now_ms: int) -> bool:
    """Start the seat's next reserve period; False when it has none left."""
    if state.reserves[seat].empty:
        return False
    state.reserves[seat], window = state.reserves[seat].start_period(now_ms)
    state.serial += 1
    state.clocks[seat] = SeatClock(window=window, reserve=True, serial=state.serial)
    return True


def remaining_ms(clock: SeatClock, now_ms: int) -> int:
    return clock.window.remaining_ms(now_ms) if clock.window is not None else 0


def seat_key(state: RuneBreakerState, seat: int) -> str:
    return f"{state.stage}:{seat}:{state.clocks[seat].serial}"


def room_key(state: RuneBreakerState) -> str:
    return f"{state.stage}:{ROOM}:{state.room.serial}"


def expired_seat(state: RuneBreakerState, key: str) -> int | None:
    """The seat whose window ``key`` names (None: the room's)."""
    part = key.split(":")[1]
    return None if part == ROOM else int(part)


def _label(state: RuneBreakerState, seat: int | None) -> str:
    if state.stage == "choose":
        return "your choice of who starts round 1"
    if state.stage == "look":
        return "the look at the boards before turn 1"
    if state.stage == "buzz_in":
        return "the buzz-in phase"
    number = state.current.number
    if state.stage == "probe":
        return f"your probe (round {number}, turn {state.current.turn})"
    if state.stage == "submit":
        return f"your probes (round {number}, turn {state.current.turn})"
    if state.current.buzzer is None:
        return f"your final Reagent Board for round {number}"
    return "your answer to the buzz"


def deadlines(state: RuneBreakerState) -> list[Deadline]:
    found: list[Deadline] = []
    if state.room.window is not None:
        found.append(state.room.window.deadline(room_key(state), None, _label(state, None)))
    for seat in SEATS:
        clock = state.clocks[seat]
        if clock.window is None:
            continue
        label = _label(state, seat) + (", on reserve time" if clock.reserve else "")
        found.append(
            Deadline(
                key=seat_key(state, seat),
                at_ms=clock.window.end_ms,
                seat=seat,
                reminders=reminders_within(clock.window.length_ms),
                label=label,
            )
        )
    return found


def window(state: RuneBreakerState, seat: int) -> str | None:
    """The decision window a seat's move answers now (see the module doc)."""
    if state.round is None:
        return "choose" if state.stage == "choose" else None
    number, turn = state.current.number, state.current.turn
    if state.stage == "probe":
        return f"turn:{number}:{turn}"
    if state.stage == "answer" and state.current.buzzer is None:
        return f"final:{number}"
    if state.stage == "answer":
        return f"answer:{number}:{state.current.buzzes}"
    if state.stage in ("submit", "buzz_in"):
        return f"{state.stage}:{number}:{turn}"
    return None


def waiting_on(state: RuneBreakerState) -> frozenset[int]:
    """The seats whose submission the game waits on (a buzz is never awaited)."""
    if state.stage == "choose":
        return frozenset({state.config.dmo})
    if state.stage == "probe":
        return frozenset({state.current.active()})
    if state.stage == "answer":
        slots = state.current.answers
        return frozenset(s for s in SEATS if slots[s].response is None)
    if state.stage == "submit":
        return frozenset(s for s in SEATS if not state.current.done[s])
    return frozenset()
