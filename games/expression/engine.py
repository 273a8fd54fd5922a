"""Expression Black & White as a :class:`games.core.Game`: the hooks wire the
contract to the match flow, the grammar and the views."""

from __future__ import annotations

from typing import Any

from games.core import (
    SEATS,
    SECOND,
    Actor,
    Audience,
    Deadline,
    Game,
    Notice,
    Reserve,
    Step,
    Window,
    seat_of,
)
from games.expression import checks, clock, flow, reveal, upgrades
from games.expression.grammar import MAX_MOVE_CHARS, parse_text
from games.expression.models import (
    ChooseStarter,
    ExpressionAction,
    ExpressionConfig,
    ExpressionState,
    FinalGuess,
    Guess,
    Play,
    Ready,
    Reveal,
)
from games.expression.views import view


class Expression(Game[ExpressionConfig, ExpressionState, ExpressionAction]):
    key = "expression"
    title = "Expression Black & White"
    max_move_chars = MAX_MOVE_CHARS
    Config = ExpressionConfig
    State = ExpressionState
    Action = ExpressionAction
    formats = upgrades.FORMATS

    def _setup(self, config: ExpressionConfig, seed: int, now_ms: int) -> Step[ExpressionState]:
        reserve = Reserve(left_ms=config.reserve_seconds * SECOND)
        state = ExpressionState(
            seed=seed,
            config=config,
            reserves=[reserve for _ in SEATS],
            window=Window(start_ms=now_ms, length_ms=0),
        )
        notices = flow.start_bout(state, 1, now_ms)
        return Step(state=state, notices=notices)

    def _parse(self, state: ExpressionState, actor: Actor, text: str) -> ExpressionAction:
        seat = seat_of(actor)
        action = parse_text(text, checks.expected(state, seat))
        # Early feedback for typed moves (_apply checks again, for buttons), and the
        # bout and round the move answers, so it cannot drift to the next one.
        where = {"bout": state.bout, "round": state.round}
        if isinstance(action, Ready):
            checks.ready(state, seat, None)
            return action.model_copy(update={"bout": state.bout})
        if isinstance(action, ChooseStarter):
            checks.starter(state, seat)
            return action
        if isinstance(action, Play):
            checks.play(state, seat, list(action.numbers), list(action.symbols))
            return action.model_copy(update=where)
        if isinstance(action, Guess):
            checks.guess(state, seat, list(action.numbers))
            return action.model_copy(update=where)
        if isinstance(action, Reveal):
            checks.reveal(state, seat, action.tile)
            return action.model_copy(update=where)
        assert isinstance(action, FinalGuess)
        checks.final(state, seat)
        return action.model_copy(update={"bout": state.bout})

    def _apply(
        self, state: ExpressionState, actor: Actor, action: ExpressionAction, now_ms: int
    ) -> Step[ExpressionState]:
        notices = flow.act(state, seat_of(actor), action, now_ms)
        return Step(state=state, notices=notices)

    def _expire(self, state: ExpressionState, key: str, now_ms: int) -> Step[ExpressionState]:
        return Step(state=state, notices=flow.expire(state, key, now_ms))

    def _deadlines(self, state: ExpressionState) -> list[Deadline]:
        return clock.deadlines(state)

    def window(self, state: ExpressionState, seat: int) -> str | None:
        return clock.window(state, seat)

    def _to_act(self, state: ExpressionState) -> frozenset[int]:
        return clock.waiting_on(state)

    def reveal(self, state: ExpressionState) -> list[Notice]:
        return reveal.secrets(state)

    def view(self, state: ExpressionState, audience: Audience) -> dict[str, Any]:
        return view(state, audience)
