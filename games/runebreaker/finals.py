"""The finals variant (the Final Match): deduce the Command Sequence.

Turn: a submissions phase, where each seat privately makes one or two probes
in its own window (an ERROR is answered at once and refreshes that seat's
window; a third ERROR ends its submissions), then, once both seats are done,
each seat gets its own results and the buzz-in phase opens on the room clock.

Until a seat is done its last two valid probes count; in a reserve period
the first valid probe counts and ends its submissions. Results are withheld
until the phase ends, as the host executed them then. A seat's probes never
reach the other seat or the room: the room learns only that it is done.
"""

from __future__ import annotations

from games.core import SEATS, Notice, Rejected
from games.runebreaker import clock, judge
from games.runebreaker.match import (
    announce_turn,
    end_round,
    forfeit,
    private,
    public,
    reserve_started,
)
from games.runebreaker.models import (
    MAX_ERRORS,
    Decipher,
    Probe,
    ProbeRecord,
    RuneBreakerState,
)

PROBES_PER_TURN = 2


def start_turn(state: RuneBreakerState, turn: int, now_ms: int) -> list[Notice]:
    current = state.current
    current.turn = turn
    current.errors = [0, 0]
    current.buzzed = [False, False]
    current.done = [False, False]
    state.stage = "submit"
    clock.close_room(state)
    for seat in SEATS:
        clock.open_seat(state, seat, state.config.probe_seconds * 1000, now_ms)
    return announce_turn(state)


def pending(state: RuneBreakerState, seat: int) -> list[ProbeRecord]:
    """The seat's probes this turn whose results are not out yet."""
    return [p for p in state.probes if p.seat == seat and not p.shown]


def _check_open(state: RuneBreakerState, seat: int) -> None:
    if state.stage != "submit":
        raise Rejected("Probes are made in a turn's submissions phase.")
    if state.current.done[seat]:
        raise Rejected("Your probes for this turn are in; wait for the results.")


def probe(state: RuneBreakerState, seat: int, action: Probe, now_ms: int) -> list[Notice]:
    _check_open(state, seat)
    current = state.current
    board = judge.check_probe_board(action.board)
    symbols = judge.check_finals_probe(current.spec, action.symbols)
    outcome = judge.run(current.spec, board, symbols)
    if outcome.product is None:
        return _error(state, seat, list(board.cells), symbols, outcome.reason, now_ms)
    mine = [p for p in pending(state, seat) if p.decipher_of is None]
    if len(mine) >= PROBES_PER_TURN:  # the last two valid probes count
        state.probes.remove(mine[0])
    record = ProbeRecord(
        seat=seat,
        round=current.number,
        turn=current.turn,
        number=0,  # numbered when its result is sent
        board=list(board.cells),
        symbols=symbols,
        product=list(outcome.product.cells),
        shown=False,
    )
    state.probes.append(record)
    kept = len(mine) + 1 if len(mine) < PROBES_PER_TURN else PROBES_PER_TURN
    notices = [private(seat, "probe_taken", board=record.board, symbols=symbols, kept=kept)]
    if state.clocks[seat].reserve:  # in reserve the first valid probe counts
        return [*notices, *_finish_submitting(state, seat, now_ms)]
    return notices


def _error(
    state: RuneBreakerState,
    seat: int,
    board: list[str | None],
    symbols: list[str],
    reason: str | None,
    now_ms: int,
) -> list[Notice]:
    current = state.current
    current.errors[seat] += 1
    errors = current.errors[seat]
    notices = [
        private(seat, "probe_error", board=board, symbols=symbols, errors=errors),
        Notice(audience="host", kind="probe_error_reason", data={"seat": seat, "reason": reason}),
    ]
    if errors >= MAX_ERRORS:
        return [*notices, *_finish_submitting(state, seat, now_ms)]
    clock.open_seat(state, seat, state.config.probe_seconds * 1000, now_ms)  # refreshed
    return notices


def decipher(state: RuneBreakerState, seat: int, action: Decipher, now_ms: int) -> list[Notice]:
    if state.config.variant != "finals" or state.config.decipher_seat != seat:
        raise Rejected("You don't hold the Decipher item.")
    if state.decipher_used:
        raise Rejected("Decipher has been used already (once per match).")
    _check_open(state, seat)
    current = state.current
    earlier = next(
        (p for p in state.probes if p.seat == seat and p.shown and p.number == action.probe),
        None,
    )
    if earlier is None:
        raise Rejected(f"You have no probe #{action.probe} with a result yet.")
    symbols = judge.check_finals_probe(current.spec, action.symbols)
    outcome = judge.run(current.spec, judge.board_of(earlier.board), symbols)
    if outcome.product is None:
        # An ERROR is an answer, but the item is not spent: resubmit.
        return [private(seat, "decipher_error", probe=action.probe, symbols=symbols)]
    state.decipher_used = True
    state.probes.append(
        ProbeRecord(
            seat=seat,
            round=current.number,
            turn=current.turn,
            number=0,
            board=earlier.board,
            symbols=symbols,
            product=list(outcome.product.cells),
            decipher_of=action.probe,
            shown=False,
        )
    )
    return [private(seat, "decipher_taken", probe=action.probe, symbols=symbols)]


def done(state: RuneBreakerState, seat: int, now_ms: int) -> list[Notice]:
    _check_open(state, seat)
    if not any(p.decipher_of is None for p in pending(state, seat)):
        raise Rejected("Submit at least one probe before you finish the turn.")
    return _finish_submitting(state, seat, now_ms)


def _finish_submitting(state: RuneBreakerState, seat: int, now_ms: int) -> list[Notice]:
    state.current.done[seat] = True
    clock.close_seat(state, seat)
    notices = [public("submissions_done", seat=seat, round=state.current.number)]
    if all(state.current.done):
        notices.extend(_results(state, now_ms))
    return notices


def _results(state: RuneBreakerState, now_ms: int) -> list[Notice]:
    """Both seats are done: each gets its own results, and the buzz-in phase opens."""
    notices: list[Notice] = []
    for seat in SEATS:
        count = sum(1 for p in state.probes if p.seat == seat and p.shown)
        shown = []
        for record in pending(state, seat):
            count += 1
            record.number, record.shown = count, True
            shown.append(record.model_dump(exclude={"reason", "shown"}))
        notices.append(private(seat, "probe_results", probes=shown))
    state.stage = "buzz_in"
    clock.open_room(state, state.config.buzz_in_seconds * 1000, now_ms)
    current = state.current
    notices.append(
        public(
            "buzz_in_open",
            round=current.number,
            turn=current.turn,
            seconds=state.config.buzz_in_seconds,
        )
    )
    return notices


def submit_timed_out(state: RuneBreakerState, seat: int, now_ms: int) -> list[Notice]:
    """A seat's submissions window ran out."""
    if any(p.decipher_of is None for p in pending(state, seat)):
        return _finish_submitting(state, seat, now_ms)
    if clock.next_period(state, seat, now_ms):
        return [reserve_started(state, seat)]
    return forfeit(state, seat, "a probe")


def buzz_in_over(state: RuneBreakerState, now_ms: int) -> list[Notice]:
    """Nobody buzzed (or nobody was right) before the buzz-in phase ran out."""
    current = state.current
    clock.close_room(state)
    if current.turn < state.config.turns:
        return start_turn(state, current.turn + 1, now_ms)
    reason = f"no correct Command Sequence after {state.config.turns} turns"
    return end_round(state, None, [0, 0], reason, now_ms)
