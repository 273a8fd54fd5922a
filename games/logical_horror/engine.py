"""Logical Horror as a :class:`games.core.Game`: the hooks wire the contract to
the puzzle (generated or fixed), the token clock, queries and hints."""

from __future__ import annotations

from typing import Any

from games.core import HOST, SEATS, Actor, Audience, Deadline, Game, Notice, Rejected, Step, seat_of
from games.logical_horror import play, reveal, tokens, upgrades
from games.logical_horror.generator import generate
from games.logical_horror.grammar import MAX_MOVE_CHARS, parse
from games.logical_horror.models import (
    ConfirmWin,
    Hint,
    LogicalHorrorAction,
    LogicalHorrorConfig,
    LogicalHorrorState,
    Pause,
    Query,
    SeatResources,
)
from games.logical_horror.views import puzzle_data, view


class LogicalHorror(Game[LogicalHorrorConfig, LogicalHorrorState, LogicalHorrorAction]):
    key = "logical_horror"
    title = "Logical Horror"
    max_move_chars = MAX_MOVE_CHARS
    Config = LogicalHorrorConfig
    State = LogicalHorrorState
    Action = LogicalHorrorAction
    formats = upgrades.FORMATS

    def _setup(
        self, config: LogicalHorrorConfig, seed: int, now_ms: int
    ) -> Step[LogicalHorrorState]:
        puzzle = config.puzzle or generate(
            seed, config.size, config.size, config.colours, config.format
        )
        state = LogicalHorrorState(
            seed=seed,
            config=config,
            puzzle=puzzle,
            seats=[SeatResources() for _ in SEATS],
            next_hint_ms=0,
        )
        tokens.start(state, now_ms)
        opening = play.public("puzzle_revealed", **puzzle_data(state))
        resources = [
            Notice(audience=seat, kind="resources", data=tokens.resources_data(state, seat, now_ms))
            for seat in SEATS
        ]
        return Step(state=state, notices=[opening, *resources])

    def _parse(self, state: LogicalHorrorState, actor: Actor, text: str) -> LogicalHorrorAction:
        return parse(text, actor, state.puzzle)

    def _apply(
        self, state: LogicalHorrorState, actor: Actor, action: LogicalHorrorAction, now_ms: int
    ) -> Step[LogicalHorrorState]:
        if isinstance(action, ConfirmWin):
            if actor != HOST:
                raise Rejected("Only the host confirms a win.")
            return Step(state=state, notices=play.confirm(state, action.confirmed))
        seat = seat_of(actor)
        if isinstance(action, Query):
            return Step(state=state, notices=play.query(state, seat, action, now_ms))
        if isinstance(action, Hint):
            return Step(state=state, notices=play.hint(state, seat, action.colour, now_ms))
        assert isinstance(action, Pause)
        # Shown as it is wherever the paused match is (a refused move, the web page),
        # where no names are at hand: so no seat number; pause_called names the player.
        reason = "a player asked for a pause" + (f": {action.reason}" if action.reason else "")
        called = play.public("pause_called", seat=seat, reason=action.reason)
        return Step(state=state, notices=[called], pause=reason)

    def _expire(self, state: LogicalHorrorState, key: str, now_ms: int) -> Step[LogicalHorrorState]:
        kind, _, rest = key.partition(":")
        if kind == "hint":
            return Step(state=state, notices=tokens.hint_use_arrives(state, now_ms))
        seat = int(rest.split(":")[0])
        return Step(state=state, notices=tokens.token_arrives(state, seat, now_ms))

    def _deadlines(self, state: LogicalHorrorState) -> list[Deadline]:
        return tokens.deadlines(state)

    def window(self, state: LogicalHorrorState, seat: int) -> str | None:
        return None  # a race: no move answers a window that could close on it

    def _to_act(self, state: LogicalHorrorState) -> frozenset[int]:
        return frozenset()  # nobody is waited on; both seats query when they like

    def reveal(self, state: LogicalHorrorState) -> list[Notice]:
        return reveal.secrets(state)

    def view(self, state: LogicalHorrorState, audience: Audience) -> dict[str, Any]:
        return view(state, audience)
