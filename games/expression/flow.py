"""The match flow: bouts, their planning phase, who starts, rounds one after
another, the Final Guess, and the end. Moves and expiries come in here."""

from __future__ import annotations

from games.core import SEATS, SECOND, Notice, Window
from games.expression import checks, clock, finals, rounds
from games.expression.models import (
    BOUTS,
    BoutScore,
    ChooseStarter,
    ExpressionAction,
    ExpressionState,
    FinalGuess,
    FinalSheet,
    Guess,
    Play,
    Ready,
    Reveal,
)
from games.expression.notices import match_over, private, public, reserves_ms
from games.expression.scoring import final_outcome
from games.expression.tiles import (
    ROUNDS,
    GlobalPair,
    draw_globals,
    starting_numbers,
    starting_symbols,
)


def bout_globals(state: ExpressionState, bout: int) -> list[GlobalPair]:
    fixed = state.config.global_tiles
    if fixed is not None:
        return list(fixed[ROUNDS * (bout - 1) : ROUNDS * bout])
    return draw_globals(state.seed, bout)


def start_bout(state: ExpressionState, bout: int, now_ms: int) -> list[Notice]:
    """Fresh tiles for both seats, the bout's 12 global pairs revealed, then planning."""
    state.bout = bout
    pairs = bout_globals(state, bout)
    state.globals.append(pairs)
    state.numbers = [starting_numbers() for _ in SEATS]
    state.symbols = [starting_symbols() for _ in SEATS]
    state.finals.append([FinalSheet(), FinalSheet()])
    state.scores.append([BoutScore(), BoutScore()])
    state.stage = "planning"
    state.ready = [False, False]
    seconds = state.config.planning_seconds
    state.window = Window(start_ms=now_ms, length_ms=seconds * SECOND)
    return [
        public(
            "bout_started",
            bout=bout,
            pairs=[
                {"round": i, "number": p.number, "symbol": p.symbol}
                for i, p in enumerate(pairs, start=1)
            ],
            planning_seconds=seconds,
            reserve_ms=reserves_ms(state),
        )
    ]


def take_ready(state: ExpressionState, seat: int, bout: int | None, now_ms: int) -> list[Notice]:
    checks.ready(state, seat, bout)
    checks.in_time(state.window.end_ms, now_ms, f"the planning phase of bout {state.bout}")
    state.ready[seat] = True
    notices = [public("seat_ready", bout=state.bout, seat=seat)]
    if all(state.ready):
        notices += end_planning(state, now_ms, early=True)
    return notices


def end_planning(state: ExpressionState, now_ms: int, early: bool) -> list[Notice]:
    ended = public("planning_ended", bout=state.bout, early=early)
    if state.bout > 1:
        # Bout 2 (and any later one) starts with the seat that did not start bout 1.
        first = 1 - state.starters[0]
        state.starters.append(first)
        return [ended, *rounds.start_round(state, first, now_ms)]
    state.stage = "starter"
    state.window = Window(start_ms=now_ms, length_ms=clock.STARTER_SECONDS * SECOND)
    seat = state.config.advantage
    return [
        ended,
        public("starter_choice_opened", bout=1, seat=seat, seconds=clock.STARTER_SECONDS),
        private(
            seat,
            "starter_requested",
            bout=1,
            seconds=clock.STARTER_SECONDS,
            window=clock.starter_key(),
        ),
    ]


def choose_starter(
    state: ExpressionState, first: int, now_ms: int, timed_out: bool
) -> list[Notice]:
    state.starters.append(first)
    chosen = public(
        "starter_chosen",
        bout=state.bout,
        chooser=state.config.advantage,
        first=first,
        timed_out=timed_out,
    )
    return [chosen, *rounds.start_round(state, first, now_ms)]


def after_guessing(state: ExpressionState, now_ms: int) -> list[Notice]:
    """The next round, started by this round's winner, or the bout's Final Guess."""
    if not rounds.guessing_done(state):
        return []
    winner = state.current.winner
    assert winner is not None
    if state.round < ROUNDS:
        return rounds.start_round(state, winner, now_ms)
    return finals.open_final(state, now_ms)


def after_final(state: ExpressionState, now_ms: int) -> list[Notice]:
    if not finals.final_done(state):
        return []
    if state.bout < BOUTS:
        return start_bout(state, state.bout + 1, now_ms)
    return [finish(state)]


def finish(state: ExpressionState) -> Notice:
    state.stage = "over"
    state.outcome = final_outcome(state.scores, state.config.advantage)
    return match_over(state, forfeit=None)


# -- the two ways in: a move, or a deadline firing ---------------------------------


def act(state: ExpressionState, seat: int, action: ExpressionAction, now_ms: int) -> list[Notice]:
    if isinstance(action, Ready):
        return take_ready(state, seat, action.bout, now_ms)
    if isinstance(action, ChooseStarter):
        checks.starter(state, seat)
        checks.in_time(state.window.end_ms, now_ms, "choosing who starts bout 1")
        first = seat if action.starter == "me" else 1 - seat
        return choose_starter(state, first, now_ms, timed_out=False)
    if isinstance(action, Play):
        checks.answers(state, seat, action.bout, action.round)
        numbers, symbols = list(action.numbers), list(action.symbols)
        return rounds.take_play(state, seat, numbers, symbols, now_ms)
    if isinstance(action, Guess | Reveal):
        checks.answers(state, seat, action.bout, action.round)
        if isinstance(action, Guess):
            notices = rounds.take_guess(state, seat, list(action.numbers), action.symbol, now_ms)
        else:
            notices = rounds.take_reveal(state, seat, action.tile, now_ms)
        return notices + after_guessing(state, now_ms)
    assert isinstance(action, FinalGuess)
    checks.answers(state, seat, action.bout, None)
    notices = finals.take_final(state, seat, action.entries, action.done, now_ms)
    return notices + after_final(state, now_ms)


def expire(state: ExpressionState, key: str, now_ms: int) -> list[Notice]:
    """``key`` is live (the Game base class checked it)."""
    kind = key.split(":")[0]
    seat = int(key.rsplit(":", 1)[-1])  # the seat, for the keys that name one
    if kind == "planning":
        return end_planning(state, now_ms, early=False)
    if kind == "starter":
        return choose_starter(state, state.config.advantage, now_ms, timed_out=True)
    if kind == "play":
        return rounds.play_window_over(state, seat)
    if kind == "reserve":
        return rounds.reserve_over(state, seat)
    if kind == "guess":
        return rounds.guess_time_out(state) + after_guessing(state, now_ms)
    if kind == "reveal":
        return rounds.reveal_time_out(state) + after_guessing(state, now_ms)
    if kind == "final":
        return finals.final_time_out(state, seat) + after_final(state, now_ms)
    raise ValueError(f"unknown deadline {key!r}")
