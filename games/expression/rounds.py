"""One round: the two expressions in turn (45 s each, then reserve time), the
result, then the loser's guesses and the winner's reveal choice side by side.

Every function works on a private copy of the state (the Game base class makes
it) and returns the notices for what it did. What comes after a round is the
match flow's business (:mod:`games.expression.flow`).
"""

from __future__ import annotations

from fractions import Fraction

from games.core import SECOND, Notice, Rejected, Reserve, Window
from games.expression import checks
from games.expression.arithmetic import distance, evaluate, fraction_text, round_winner
from games.expression.clock import expression_window, guess_key, reveal_key
from games.expression.models import (
    ExpressionState,
    Guess,
    OwnTiles,
    RoundRecord,
    Submission,
)
from games.expression.notices import (
    colours,
    host,
    match_over,
    pair_data,
    private,
    public,
    totals,
)
from games.expression.scoring import forfeit_outcome, score_guess
from games.expression.tiles import Symbol, Tile


def start_round(state: ExpressionState, first: int, now_ms: int) -> list[Notice]:
    number = state.round + 1
    pair = state.globals[state.bout - 1][number - 1]
    state.rounds.append(RoundRecord(bout=state.bout, round=number, pair=pair, first=first))
    started = public(
        "round_started", bout=state.bout, round=number, pair=pair_data(pair), first=first
    )
    return [started, open_play(state, first, now_ms)]


def open_play(state: ExpressionState, seat: int, now_ms: int) -> Notice:
    state.stage = "play"
    seconds = state.config.submit_seconds
    state.window = Window(start_ms=now_ms, length_ms=seconds * SECOND)
    record = state.current
    theirs = record.plays[1 - seat]
    return private(
        seat,
        "play_requested",
        bout=state.bout,
        round=record.round,
        pair=pair_data(record.pair),
        numbers=list(state.numbers[seat]),
        symbols=list(state.symbols[seat]),
        opponent_colours=None if theirs is None else colours(theirs.tiles()),
        seconds=seconds,
        reserve_ms=state.reserves[seat].left_ms,
        window=expression_window(state.bout, record.round, seat),
    )


def take_play(
    state: ExpressionState, seat: int, numbers: list[int], symbols: list[Symbol], now_ms: int
) -> list[Notice]:
    own = checks.play(state, seat, numbers, symbols)
    reserve = state.reserves[seat]
    if now_ms >= reserve.final_end_ms(state.window):
        raise Rejected(f"Too late — your reserve time for round {state.round} ran out.")
    charged = reserve.charge(state.window, now_ms)
    state.reserves[seat] = charged
    for number in own.numbers:
        state.numbers[seat].remove(number)
    state.symbols[seat].remove(own.symbol)
    value = evaluate(numbers, symbols)
    a, b, c = numbers
    first_symbol, second_symbol = symbols
    play = Submission(
        numbers=(a, b, c),
        symbols=(first_symbol, second_symbol),
        own=own,
        value=fraction_text(value),
        distance=fraction_text(distance(value)),
        charged_ms=reserve.left_ms - charged.left_ms,
    )
    record = _replace_current(state, state.current.played(seat, play))
    notices = _play_notices(state, seat)
    if record.plays[1 - seat] is None:
        return [*notices, open_play(state, 1 - seat, now_ms)]
    return [*notices, *resolve_round(state, now_ms)]


def _play_notices(state: ExpressionState, seat: int) -> list[Notice]:
    """The player learns its value; everyone else only the colours."""
    play = state.current.plays[seat]
    assert play is not None
    reserve_ms = state.reserves[seat].left_ms
    where = {"bout": state.bout, "round": state.round}
    return [
        private(
            seat,
            "expression_accepted",
            **where,
            tiles=play.tiles(),
            own=play.own.tiles(),
            value=play.value,
            distance=play.distance,
            charged_ms=play.charged_ms,
            reserve_ms=reserve_ms,
        ),
        # The rules tell the colours to the other player only; the room learns
        # just that the seat has played (and its reserve, which is public).
        private(
            1 - seat,
            "tiles_played",
            **where,
            seat=seat,
            colours=colours(play.tiles()),
            reserve_ms=reserve_ms,
        ),
        public("seat_played", **where, seat=seat, reserve_ms=reserve_ms),
    ]


def play_window_over(state: ExpressionState, seat: int) -> list[Notice]:
    """The 45 s are up: the reserve runs on (continuously), or the seat is out."""
    if state.reserves[seat].empty:
        return [forfeit(state, seat)]
    record = state.current
    overtime = (True, record.overtime[1]) if seat == 0 else (record.overtime[0], True)
    _replace_current(state, record.changed(overtime=overtime))
    return [
        public(
            "reserve_started",
            bout=state.bout,
            round=state.round,
            seat=seat,
            reserve_ms=state.reserves[seat].left_ms,
        )
    ]


def reserve_over(state: ExpressionState, seat: int) -> list[Notice]:
    state.reserves[seat] = Reserve(left_ms=0)
    return [forfeit(state, seat)]


def forfeit(state: ExpressionState, seat: int) -> Notice:
    state.stage = "over"
    state.outcome = forfeit_outcome(state.scores, seat)
    return match_over(state, forfeit=seat)


def resolve_round(state: ExpressionState, now_ms: int) -> list[Notice]:
    record = state.current
    values = [Fraction(play.value) for play in record.plays if play is not None]
    winner = round_winner(values, record.second)
    record = _replace_current(state, record.changed(winner=winner))
    state.scores[state.bout - 1][winner].rounds += 1
    where = {"bout": state.bout, "round": record.round}
    won = public("round_won", **where, winner=winner, first=record.first, points=totals(state))
    detail = host(
        "round_detail",
        **where,
        plays=[play.model_dump(mode="json") for play in record.plays if play is not None],
        winner=winner,
    )
    return [won, detail, *open_guessing(state, now_ms)]


def open_guessing(state: ExpressionState, now_ms: int) -> list[Notice]:
    state.stage = "guess"
    seconds = state.config.guess_seconds
    state.window = Window(start_ms=now_ms, length_ms=seconds * SECOND)
    record = state.current
    winner = record.decided_winner
    own = _own(record, winner)
    where = {"bout": state.bout, "round": record.round, "seconds": seconds}
    return [
        private(1 - winner, "guess_requested", **where, window=guess_key(state.bout, record.round)),
        private(
            winner,
            "reveal_requested",
            **where,
            tiles=own.tiles(),
            default=own.symbol,
            window=reveal_key(state.bout, record.round),
        ),
    ]


def _replace_current(state: ExpressionState, record: RoundRecord) -> RoundRecord:
    """The open round as it now stands (records are frozen: a change is a new one)."""
    state.rounds[-1] = record
    return record


def _own(record: RoundRecord, seat: int) -> OwnTiles:
    play = record.plays[seat]
    assert play is not None
    return play.own


def take_guess(
    state: ExpressionState, seat: int, numbers: list[int], symbol: Symbol | None, now_ms: int
) -> list[Notice]:
    checks.guess(state, seat, numbers)
    record = state.current
    if record.guess_timed_out or now_ms >= state.window.end_ms:
        raise Rejected(f"Too late — the time to guess in round {record.round} ran out.")
    changed = record.guess is not None
    _replace_current(state, record.changed(guess=Guess(numbers=tuple(numbers), symbol=symbol)))
    where = {"bout": state.bout, "round": record.round}
    notices = [
        private(seat, "guess_received", **where, numbers=numbers, symbol=symbol, changed=changed)
    ]
    if not changed:
        notices.append(public("choice_in", **where, seat=seat, choice="guess"))
    return notices + _resolve_if_ready(state)


def take_reveal(state: ExpressionState, seat: int, tile: Tile, now_ms: int) -> list[Notice]:
    checks.reveal(state, seat, tile)
    record = state.current
    if record.reveal_timed_out or now_ms >= state.window.end_ms:
        raise Rejected(f"Too late — the time to pick a tile in round {record.round} ran out.")
    changed = record.reveal is not None
    _replace_current(state, record.changed(reveal=tile))
    where = {"bout": state.bout, "round": record.round}
    notices = [private(seat, "reveal_received", **where, tile=tile, changed=changed)]
    if not changed:
        notices.append(public("choice_in", **where, seat=seat, choice="reveal"))
    return notices + _resolve_if_ready(state)


def guess_time_out(state: ExpressionState) -> list[Notice]:
    """No guess in time: no guesses."""
    _replace_current(state, state.current.changed(guess=Guess(), guess_timed_out=True))
    return _resolve_if_ready(state)


def reveal_time_out(state: ExpressionState) -> list[Notice]:
    """No choice in time: the symbol is revealed (if anything is)."""
    record = state.current
    symbol = _own(record, record.decided_winner).symbol
    _replace_current(state, record.changed(reveal=symbol, reveal_timed_out=True))
    return _resolve_if_ready(state)


def _resolve_if_ready(state: ExpressionState) -> list[Notice]:
    record = state.current
    if record.guess is None or record.reveal is None:
        return []
    winner = record.decided_winner
    score = score_guess(_own(record, winner), record.guess)
    revealed = None if score.any_correct else record.reveal
    record = _replace_current(state, record.changed(score=score, revealed=revealed))
    state.scores[state.bout - 1][1 - winner].guesses += score.points
    return [
        public(
            "guesses_scored",
            bout=state.bout,
            round=record.round,
            guesser=1 - winner,
            numbers=[r.model_dump(mode="json") for r in score.numbers],
            symbol=None if score.symbol is None else score.symbol.model_dump(mode="json"),
            points=score.points,
            timed_out=record.guess_timed_out,
            revealer=winner,
            revealed=record.revealed,
            reveal_timed_out=record.reveal_timed_out,
            totals=totals(state),
        )
    ]


def guessing_done(state: ExpressionState) -> bool:
    return state.stage == "guess" and state.current.score is not None
