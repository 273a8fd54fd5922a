"""Buzzes and sealed answers, the same in both variants.

A buzz halts the clock it interrupts (classic: the active seat's probe
window; finals: the buzz-in phase) and opens an answer window for both seats.
Answers are sealed: the opponent and the room learn only that one is in. The
last valid answer counts, unless the seat is in a reserve period, where the
first valid one counts and stops its clock (the rules' reserve rule). An
answer window that runs out with nothing in starts the seat's next reserve
period; with none left the seat has no answer (which the room sees happen).
``pass`` gives no answer at once and spends nothing; it is sealed like an
answer (the room learns only that the seat is in), and the judging tells how
each seat responded: right, wrong, passed or no answer in time. As soon as
both seats are in, the answers are judged.

The classic end-of-round submission is an answer stage with no buzzer.
"""

from __future__ import annotations

from games.core import SEATS, Notice, Rejected
from games.runebreaker import clock, judge
from games.runebreaker.match import end_round, private, public, reserve_started, turn_prompts
from games.runebreaker.models import Answer, AnswerSlot, RuneBreakerState


def buzz(state: RuneBreakerState, seat: int, now_ms: int) -> list[Notice]:
    current = state.current
    if current.buzzed[seat]:
        raise Rejected("You have already buzzed this turn.")
    if state.stage == "probe":
        if seat == current.active():
            raise Rejected("You buzz on your opponent's turn, not your own.")
        held = state.clocks[current.active()]
    elif state.stage == "buzz_in":
        held = state.room
    else:
        raise Rejected("You can buzz only while a turn is under way.")
    current.buzzed[seat] = True
    current.buzzer = seat
    current.buzzes += 1
    current.resume_stage = state.stage
    current.held_ms = clock.remaining_ms(held, now_ms)
    current.held_reserve = held.reserve
    clock.close_seats(state)
    clock.close_room(state)
    return [
        public("buzz", seat=seat, round=current.number, turn=current.turn),
        *open_answers(state, state.config.answer_ms, now_ms),
    ]


def open_answers(state: RuneBreakerState, length_ms: int, now_ms: int) -> list[Notice]:
    state.stage = "answer"
    state.current.answers = [AnswerSlot(), AnswerSlot()]
    for seat in SEATS:
        clock.open_seat(state, seat, length_ms, now_ms)
    shown = {
        "round": state.current.number,
        "buzzer": state.current.buzzer,
        "seconds": length_ms // 1000,
        "variant": state.config.variant,
    }
    prompts = [
        # The decision window the answer aims at, for the adapters' buttons.
        private(seat, "answer_prompt", **shown, window=clock.window(state, seat))
        for seat in SEATS
    ]
    return [public("answers_open", **shown), *prompts]


def answer(state: RuneBreakerState, seat: int, action: Answer, now_ms: int) -> list[Notice]:
    slot = _open_slot(state, seat)
    spec = state.current.spec
    if state.config.variant == "classic":
        if action.board is None:
            raise Rejected(f"Your answer is a {spec.size}×{spec.size} Reagent Board.")
        if len(action.board) != spec.size * spec.size:
            raise Rejected(f"Your answer is a {spec.size}×{spec.size} board.")
        new = AnswerSlot(board=list(action.board))
    else:
        if action.symbols is None:
            raise Rejected("Your answer is a Command Sequence, e.g. `answer A # Q`.")
        new = AnswerSlot(symbols=judge.check_answer_sequence(spec, action.symbols))
    first = not slot.given
    state.current.answers[seat] = new
    locked = state.clocks[seat].reserve
    if locked:
        clock.close_seat(state, seat)  # in reserve: the first valid answer counts
    notices = [private(seat, "answer_taken", board=new.board, symbols=new.symbols, locked=locked)]
    if first:
        notices.append(public("answer_in", seat=seat))
    return [*notices, *_judge_if_all_in(state, now_ms)]


def pass_answer(state: RuneBreakerState, seat: int, now_ms: int) -> list[Notice]:
    slot = _open_slot(state, seat)
    if slot.given:
        raise Rejected("Your answer is in already; it stands.")
    state.current.answers[seat] = AnswerSlot(passed=True)
    clock.close_seat(state, seat)
    notices = [private(seat, "pass_taken"), public("answer_in", seat=seat)]
    return [*notices, *_judge_if_all_in(state, now_ms)]


def _open_slot(state: RuneBreakerState, seat: int) -> AnswerSlot:
    if state.stage != "answer":
        raise Rejected("No answer is asked for now.")
    slot = state.current.answers[seat]
    if slot.passed:
        raise Rejected("You have passed; that stands.")
    if slot.timed_out:
        raise Rejected("Your time to answer is up.")
    if slot.given and state.clocks[seat].window is None:
        raise Rejected("Your answer is in already; it stands.")
    return slot


def time_out(state: RuneBreakerState, seat: int, now_ms: int) -> list[Notice]:
    """A seat's answer window ran out."""
    slot = state.current.answers[seat]
    if slot.given:
        clock.close_seat(state, seat)
        return _judge_if_all_in(state, now_ms)
    if clock.next_period(state, seat, now_ms):
        return [reserve_started(state, seat)]
    state.current.answers[seat] = AnswerSlot(timed_out=True)
    clock.close_seat(state, seat)
    return [public("no_answer", seat=seat), *_judge_if_all_in(state, now_ms)]


def _judge_if_all_in(state: RuneBreakerState, now_ms: int) -> list[Notice]:
    slots = state.current.answers
    if any(slot.response is None for slot in slots):
        return []
    clock.close_seats(state)
    if state.current.buzzer is None:
        return _grade_final(state, now_ms)
    return _judge_buzz(state, now_ms)


def _correct(state: RuneBreakerState, slot: AnswerSlot) -> bool:
    spec = state.current.spec
    if slot.board is not None:
        return judge.correct_reagent(spec, slot.board)
    if slot.symbols is not None:
        return judge.correct_sequence(spec, slot.symbols)
    return False


def _judge_buzz(state: RuneBreakerState, now_ms: int) -> list[Notice]:
    current = state.current
    buzzer = current.buzzer
    assert buzzer is not None
    correct = [_correct(state, slot) for slot in current.answers]
    finals = state.config.variant == "finals"
    points = [0, 0]
    winner: int | None = None
    if correct[buzzer] or correct[1 - buzzer]:
        winner = buzzer if correct[buzzer] else 1 - buzzer
        points[winner] = 2 if finals else 1
    elif finals:
        points[buzzer] = -1
    result = public(
        "buzz_result",
        buzzer=buzzer,
        correct=correct,
        # Sealed until now: whether each seat answered, passed or ran out of time.
        responses=[slot.response for slot in current.answers],
        points=points,
        round=current.number,
    )
    if winner is not None:
        who = "the buzzer" if winner == buzzer else "the other seat"
        reason = f"{who} found the {'Command Sequence' if finals else 'Reagent Board'}"
        return [result, *end_round(state, winner, points, reason, now_ms)]
    for seat in (0, 1):
        state.scores[seat] += points[seat]
    return [result, *_resume(state, now_ms)]


def _resume(state: RuneBreakerState, now_ms: int) -> list[Notice]:
    """Nobody was right: play goes on where the buzz halted it."""
    current = state.current
    held = current.held_ms or 0
    state.stage = current.resume_stage or "probe"
    current.buzzer = None
    if state.stage == "buzz_in":
        clock.open_room(state, held, now_ms)
    else:
        active = current.active()
        clock.open_seat(state, active, held, now_ms)
        state.clocks[active].reserve = current.held_reserve
    current.resume_stage, current.held_ms = None, None
    current.answers = [AnswerSlot(), AnswerSlot()]  # nobody owes an answer now
    resumed = public("play_resumed", round=current.number, turn=current.turn, stage=state.stage)
    if state.stage == "probe":
        return [resumed, *turn_prompts(state, held // 1000, resumed=True)]
    return [resumed, *_buzz_prompts(state, held // 1000)]


def _buzz_prompts(state: RuneBreakerState, seconds: int) -> list[Notice]:
    """Finals: the buzz-in phase resumes; the seats that have not buzzed may."""
    current = state.current
    return [
        private(
            seat,
            "buzz_prompt",
            round=current.number,
            turn=current.turn,
            seconds=seconds,
            window=clock.window(state, seat),
        )
        for seat in SEATS
        if not current.buzzed[seat]
    ]


def _grade_final(state: RuneBreakerState, now_ms: int) -> list[Notice]:
    spec = state.current.spec
    grades = [
        judge.grade(spec, slot.board) if slot.board is not None else None
        for slot in state.current.answers
    ]
    winner, reason = judge.graded_winner(grades, state.config)
    points = [1 if seat == winner else 0 for seat in SEATS]
    listed = [list(g) if g is not None else None for g in grades]
    return end_round(state, winner, points, reason, now_ms, grades=listed)
