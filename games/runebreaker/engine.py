"""Rune Breaker as a :class:`games.core.Game`: the hooks wire the contract to
the two variants' flows, the grammar and the views, and start each round
once one is due (the variants end rounds; starting one starts a variant's
first turn, so it is done here, above them)."""

from __future__ import annotations

from typing import Any

from games.core import (
    SEATS,
    Actor,
    Audience,
    Deadline,
    Game,
    Notice,
    Rejected,
    ReservePeriods,
    Step,
    seat_of,
)
from games.runebreaker import answers, classic, clock, finals, reveal, upgrades
from games.runebreaker.grammar import MAX_MOVE_CHARS, parse
from games.runebreaker.match import open_round, private, public, round_due
from games.runebreaker.models import (
    Answer,
    Buzz,
    ChooseFirst,
    Decipher,
    Done,
    Pass,
    Probe,
    RuneBreakerAction,
    RuneBreakerConfig,
    RuneBreakerState,
)
from games.runebreaker.views import view


class RuneBreaker(Game[RuneBreakerConfig, RuneBreakerState, RuneBreakerAction]):
    key = "runebreaker"
    title = "Rune Breaker"
    max_move_chars = MAX_MOVE_CHARS
    Config = RuneBreakerConfig
    State = RuneBreakerState
    Action = RuneBreakerAction
    formats = upgrades.FORMATS

    def _setup(self, config: RuneBreakerConfig, seed: int, now_ms: int) -> Step[RuneBreakerState]:
        periods = ReservePeriods(
            left=config.starting_periods, period_ms=config.reserve_period_seconds * 1000
        )
        state = RuneBreakerState(seed=seed, config=config, reserves=[periods for _ in SEATS])
        opening = public(
            "match_opened",
            variant=config.variant,
            dmo=config.dmo,
            reserve_periods=config.starting_periods,
            decipher_seat=config.decipher_seat if config.variant == "finals" else None,
        )
        if config.variant == "classic" and config.first_seat is None:
            state.stage = "choose"
            clock.open_seat(state, config.dmo, config.choose_seconds * 1000, now_ms)
            asked = [
                public("choose_first", dmo=config.dmo),
                private(
                    config.dmo,
                    "first_prompt",
                    seconds=config.choose_seconds,
                    window=clock.window(state, config.dmo),
                ),
            ]
            return Step(state=state, notices=[opening, *asked])
        state.first_seat = config.first_seat
        return Step(state=state, notices=[opening, *_start_round(state, 1, now_ms)])

    def _parse(self, state: RuneBreakerState, actor: Actor, text: str) -> RuneBreakerAction:
        # Only the words are checked here; whether the move is allowed now is
        # apply's to say (with the same message for typed moves and buttons).
        return parse(text, seat_of(actor), state.config)

    def _apply(
        self, state: RuneBreakerState, actor: Actor, action: RuneBreakerAction, now_ms: int
    ) -> Step[RuneBreakerState]:
        notices = _act(state, seat_of(actor), action, now_ms)
        return Step(state=state, notices=[*notices, *_next_round(state, now_ms)])

    def _expire(self, state: RuneBreakerState, key: str, now_ms: int) -> Step[RuneBreakerState]:
        notices = _time_out(state, clock.expired_seat(state, key), now_ms)
        return Step(state=state, notices=[*notices, *_next_round(state, now_ms)])

    def _deadlines(self, state: RuneBreakerState) -> list[Deadline]:
        return clock.deadlines(state)

    def window(self, state: RuneBreakerState, seat: int) -> str | None:
        return None if state.outcome is not None else clock.window(state, seat)

    def _to_act(self, state: RuneBreakerState) -> frozenset[int]:
        return clock.waiting_on(state)

    def reveal(self, state: RuneBreakerState) -> list[Notice]:
        return reveal.secrets(state)

    def view(self, state: RuneBreakerState, audience: Audience) -> dict[str, Any]:
        return view(state, audience)


def _act(state: RuneBreakerState, seat: int, action: RuneBreakerAction, now_ms: int) -> list[Any]:
    finals_match = state.config.variant == "finals"
    if isinstance(action, ChooseFirst):
        return classic.choose_first(state, seat, action)
    if state.round is None:
        raise Rejected("The first round has not started yet.")
    if isinstance(action, Probe):
        if finals_match:
            return finals.probe(state, seat, action, now_ms)
        return classic.probe(state, seat, action, now_ms)
    if isinstance(action, Decipher):
        return finals.decipher(state, seat, action, now_ms)
    if isinstance(action, Done):
        if not finals_match:
            raise Rejected("`done` is for the finals' submissions phase.")
        return finals.done(state, seat, now_ms)
    if isinstance(action, Buzz):
        return answers.buzz(state, seat, now_ms)
    if isinstance(action, Answer):
        return answers.answer(state, seat, action, now_ms)
    assert isinstance(action, Pass)
    return answers.pass_answer(state, seat, now_ms)


def _time_out(state: RuneBreakerState, seat: int | None, now_ms: int) -> list[Any]:
    stage = state.stage
    if seat is None:  # the room's clock
        if stage == "look":
            return classic.start_turn(state, 1, now_ms)
        return finals.buzz_in_over(state, now_ms)
    if stage == "choose":
        return classic.choose_timed_out(state)
    if stage == "probe":
        return classic.probe_timed_out(state, seat, now_ms)
    if stage == "submit":
        return finals.submit_timed_out(state, seat, now_ms)
    return answers.time_out(state, seat, now_ms)


def _next_round(state: RuneBreakerState, now_ms: int) -> list[Notice]:
    """The round due now, if any (see :func:`round_due`)."""
    number = round_due(state)
    return [] if number is None else _start_round(state, number, now_ms)


def _start_round(state: RuneBreakerState, number: int, now_ms: int) -> list[Notice]:
    """Round ``number`` with its first turn (classic: the look at the boards first)."""
    opening = open_round(state, number)
    if state.config.variant == "finals":
        return [opening, *finals.start_turn(state, 1, now_ms)]
    return [opening, *classic.start_look(state, now_ms)]
