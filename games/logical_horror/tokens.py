"""Tokens and hint uses: the only clocks in Logical Horror.

A seat starts with one token. The next arrives after (its unsolved colours ×
30 s), the interval fixed when the previous token arrived — the rules' worked
example: a token that arrives with two colours unsolved starts a 60 s
interval; solving a colour a moment later does not shorten it, and only the
interval after the next token is 30 s. At most as many tokens as colours are
stored; one arriving to a full store is lost (the interval goes on, as a host
with a stopwatch would run it). With every colour solved, queries are free and
no more tokens come. Hint uses arrive for both seats every 20 minutes.

All of it is on the match clock, so pauses and restarts stop it.
"""

from __future__ import annotations

from games.core import SEATS, Deadline, Notice
from games.logical_horror.models import LogicalHorrorState, SeatResources


def unsolved(state: LogicalHorrorState, seat: int) -> int:
    return len(state.puzzle.colours) - len(state.seats[seat].solved)


def most_tokens(state: LogicalHorrorState) -> int:
    return len(state.puzzle.colours)


def free_queries(state: LogicalHorrorState, seat: int) -> bool:
    return unsolved(state, seat) == 0


def start(state: LogicalHorrorState, now_ms: int) -> None:
    """The first interval starts with the match."""
    for seat in SEATS:
        _next_interval(state, seat, now_ms)
    state.next_hint_ms = now_ms + state.config.hint_seconds * 1000


def _next_interval(state: LogicalHorrorState, seat: int, now_ms: int) -> None:
    resources = state.seats[seat]
    left = unsolved(state, seat)
    if left == 0:
        resources.next_token_ms = None
        return
    resources.interval_ms = left * state.config.token_seconds * 1000
    resources.next_token_ms = now_ms + resources.interval_ms


def token_arrives(state: LogicalHorrorState, seat: int, now_ms: int) -> list[Notice]:
    resources = state.seats[seat]
    resources.tokens_received += 1
    lost = resources.tokens >= most_tokens(state)
    if not lost:
        resources.tokens += 1
    _next_interval(state, seat, now_ms)
    return [
        Notice(
            audience=seat,
            kind="token_arrived",
            data={**resources_data(state, seat, now_ms), "lost": lost},
        )
    ]


def hint_use_arrives(state: LogicalHorrorState, now_ms: int) -> list[Notice]:
    state.hint_uses_given += 1
    state.next_hint_ms = now_ms + state.config.hint_seconds * 1000
    notices = []
    for seat in SEATS:
        state.seats[seat].hints += 1
        data = resources_data(state, seat, now_ms)
        notices.append(Notice(audience=seat, kind="hint_use_arrived", data=data))
    return notices


def spend_query(state: LogicalHorrorState, seat: int, now_ms: int) -> bool:
    """Take a token for a query (False: the seat has none); free once all is solved."""
    if free_queries(state, seat):
        return True
    resources = state.seats[seat]
    if resources.tokens < 1:
        return False
    resources.tokens -= 1
    return True


def seconds_until(at_ms: int | None, now_ms: int) -> int | None:
    return None if at_ms is None else max(0, -(-(at_ms - now_ms) // 1000))


def resources_data(state: LogicalHorrorState, seat: int, now_ms: int) -> dict[str, object]:
    """What a seat is told of its resources (each token arrival, each status)."""
    resources: SeatResources = state.seats[seat]
    return {
        "tokens": resources.tokens,
        "most": most_tokens(state),
        "free_queries": free_queries(state, seat),
        "next_token_in": seconds_until(resources.next_token_ms, now_ms),
        "interval_seconds": resources.interval_ms // 1000,
        "hints": resources.hints,
        "next_hint_in": seconds_until(state.next_hint_ms, now_ms),
        "hint_cost": most_tokens(state),
        "colours": list(state.puzzle.colours),
        "solved": list(resources.solved),
        "unsolved": unsolved(state, seat),
    }


def deadlines(state: LogicalHorrorState) -> list[Deadline]:
    found = []
    for seat in SEATS:
        resources = state.seats[seat]
        if resources.next_token_ms is not None:
            found.append(
                Deadline(
                    key=f"token:{seat}:{resources.tokens_received}",
                    at_ms=resources.next_token_ms,
                    seat=seat,
                    label="your next token",
                    timer=True,
                )
            )
    found.append(
        Deadline(
            key=f"hint:{state.hint_uses_given}",
            at_ms=state.next_hint_ms,
            label="the next hint use",
            timer=True,
        )
    )
    return found
