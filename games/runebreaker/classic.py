"""The classic variant (the Death Match): deduce the Reagent Board.

Round: a look at the boards (room clock), then up to 9 alternating turns. On
its turn a seat makes one public probe; an ERROR gives a fresh window, and a
third ERROR ends the turn. The other seat may buzz once per turn. After turn
9 both seats submit a board and are graded (``answers``).
"""

from __future__ import annotations

from games.core import Notice, Rejected
from games.runebreaker import clock, judge
from games.runebreaker.answers import open_answers
from games.runebreaker.match import announce_turn, forfeit, private, public, reserve_started
from games.runebreaker.models import (
    MAX_ERRORS,
    ChooseFirst,
    Probe,
    ProbeRecord,
    RuneBreakerState,
)


def choose_first(state: RuneBreakerState, seat: int, action: ChooseFirst) -> list[Notice]:
    if state.stage != "choose":
        raise Rejected("Round 1's first player has been chosen already.")
    if seat != state.config.dmo:
        raise Rejected("The DMO (your opponent) chooses who starts round 1.")
    state.first_seat = action.seat
    clock.close_seat(state, seat)
    # Round 1 is due now; the engine starts it.
    return [public("first_chosen", seat=action.seat, by=seat, timed_out=False)]


def choose_timed_out(state: RuneBreakerState) -> list[Notice]:
    dmo = state.config.dmo
    state.first_seat = dmo
    clock.close_seat(state, dmo)
    return [public("first_chosen", seat=dmo, by=dmo, timed_out=True)]


def start_look(state: RuneBreakerState, now_ms: int) -> list[Notice]:
    if state.config.look_seconds <= 0:
        return start_turn(state, 1, now_ms)
    state.stage = "look"
    clock.open_room(state, state.config.look_seconds * 1000, now_ms)
    return []


def start_turn(state: RuneBreakerState, turn: int, now_ms: int) -> list[Notice]:
    current = state.current
    current.turn = turn
    current.errors = [0, 0]
    current.buzzed = [False, False]
    state.stage = "probe"
    clock.close_room(state)
    active = current.active()
    clock.open_seat(state, active, state.config.probe_seconds * 1000, now_ms)
    return announce_turn(state)


def probe(state: RuneBreakerState, seat: int, action: Probe, now_ms: int) -> list[Notice]:
    current = state.current
    if state.stage != "probe":
        raise Rejected("Probes are made during a turn.")
    if seat != current.active():
        raise Rejected("It is your opponent's turn to probe (you may buzz).")
    board = judge.check_probe_board(action.board)
    symbols = judge.check_classic_probe(current.spec, action.symbols)
    outcome = judge.run(current.spec, board, symbols)
    number = 1 + sum(1 for p in state.probes if p.seat == seat)
    product = list(outcome.product.cells) if outcome.product is not None else None
    record = ProbeRecord(
        seat=seat,
        round=current.number,
        turn=current.turn,
        number=number,
        board=list(board.cells),
        symbols=symbols,
        product=product,
        reason=outcome.reason,
    )
    state.probes.append(record)
    if product is not None:
        result = public("probe_result", **_shown(record), errors=current.errors[seat])
        return [result, *end_turn(state, now_ms)]
    current.errors[seat] += 1
    errors = current.errors[seat]
    notices = [
        public("probe_result", **_shown(record), errors=errors, turn_over=errors >= MAX_ERRORS),
        Notice(audience="host", kind="probe_error_reason", data={"reason": outcome.reason}),
    ]
    if errors >= MAX_ERRORS:
        return [*notices, *end_turn(state, now_ms)]
    # The rules: after an ERROR the timer is refreshed (a fresh window, off reserve).
    clock.open_seat(state, seat, state.config.probe_seconds * 1000, now_ms)
    return [
        *notices,
        private(seat, "probe_again", errors=errors, seconds=state.config.probe_seconds),
    ]


def _shown(record: ProbeRecord) -> dict[str, object]:
    return {
        "seat": record.seat,
        "round": record.round,
        "turn": record.turn,
        "number": record.number,
        "board": record.board,
        "symbols": record.symbols,
        "product": record.product,
    }


def end_turn(state: RuneBreakerState, now_ms: int) -> list[Notice]:
    current = state.current
    clock.close_seats(state)
    if current.turn < state.config.turns:
        return start_turn(state, current.turn + 1, now_ms)
    current.buzzer = None
    current.turn = state.config.turns  # the final submission follows the last turn
    return open_answers(state, state.config.final_seconds * 1000, now_ms)


def probe_timed_out(state: RuneBreakerState, seat: int, now_ms: int) -> list[Notice]:
    """The active seat's window ran out with no probe: a reserve period, or the match."""
    if clock.next_period(state, seat, now_ms):
        return [reserve_started(state, seat)]
    return forfeit(state, seat, "a probe")
