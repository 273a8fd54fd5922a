"""Race to Five: both seats say they are ready, then take turns adding 1 or 2 to
a running total; whoever brings it to 5 wins. A seat that lets its time run
out is counted ready, or adds 1. Nothing is hidden (the default reveal)."""

from __future__ import annotations

from typing import Any, Literal

from games.tiny import upgrades
from pydantic import BaseModel, Field

from games.core import (
    HOST,
    PUBLIC,
    Actor,
    Audience,
    Deadline,
    Game,
    GameConfig,
    GameState,
    Notice,
    Outcome,
    Rejected,
    Step,
)
from games.core.contract import seat_of

GOAL = 5


class TinyConfig(GameConfig):
    turn_seconds: int = 30


class TinyState(GameState):
    turn_seconds: int
    step: Literal["ready", "race"] = "ready"
    ready: list[bool] = Field(default_factory=lambda: [False, False])
    total: int = 0
    turn: int = 0
    since_ms: int = 0


class Ready(BaseModel):
    kind: Literal["ready"] = "ready"


class Add(BaseModel):
    kind: Literal["add"] = "add"
    amount: Literal[1, 2]


class Tiny(Game[TinyConfig, TinyState, Ready | Add]):
    key = "tiny"
    title = "Race to Five"
    max_move_chars = 40
    Config = TinyConfig
    State = TinyState
    Action = Ready | Add
    formats = upgrades.FORMATS

    def _setup(self, config: TinyConfig, seed: int, now_ms: int) -> Step[TinyState]:
        state = TinyState(seed=seed, turn_seconds=config.turn_seconds, since_ms=now_ms)
        return Step(state=state, notices=[Notice(audience=PUBLIC, kind="tiny_ready_asked")])

    def _parse(self, state: TinyState, actor: Actor, text: str) -> Ready | Add:
        if text == "ready":
            return Ready()
        if text in ("add 1", "add 2"):
            return Add(amount=1 if text == "add 1" else 2)
        raise Rejected("Type `ready`, or `add 1` or `add 2`.")

    def _validate(self, state: TinyState, actor: Actor, action: Ready | Add) -> None:
        seat = seat_of(actor)
        if isinstance(action, Ready) and (state.step != "ready" or state.ready[seat]):
            raise Rejected("You are already ready.")
        if isinstance(action, Add) and (state.step != "race" or state.turn != seat):
            raise Rejected("It is not your turn to add.")

    def _apply(
        self, state: TinyState, actor: Actor, action: Ready | Add, now_ms: int
    ) -> Step[TinyState]:
        seat = seat_of(actor)
        if isinstance(action, Ready):
            return self._ready(state, seat, now_ms)
        return self._add(state, seat, action.amount, now_ms)

    def _ready(self, state: TinyState, seat: int, now_ms: int) -> Step[TinyState]:
        state.ready[seat] = True
        notices = [Notice(audience=PUBLIC, kind="tiny_seat_ready", data={"seat": seat})]
        if all(state.ready):
            state.step, state.since_ms = "race", now_ms
            notices.append(Notice(audience=PUBLIC, kind="tiny_race_started"))
        return Step(state=state, notices=notices)

    def _add(self, state: TinyState, seat: int, amount: int, now_ms: int) -> Step[TinyState]:
        state.total += amount
        data = {"seat": seat, "amount": amount, "total": state.total}
        notices = [Notice(audience=PUBLIC, kind="tiny_added", data=data)]
        if state.total >= GOAL:
            state.outcome = Outcome(winner=seat, reason=f"seat {seat + 1} reached {GOAL}")
        else:
            state.turn, state.since_ms = 1 - seat, now_ms
        return Step(state=state, notices=notices)

    def _expire(self, state: TinyState, key: str, now_ms: int) -> Step[TinyState]:
        seat = int(key.rsplit(":", 1)[1])
        if state.step == "ready":
            return self._ready(state, seat, now_ms)
        return self._add(state, seat, 1, now_ms)

    def _deadlines(self, state: TinyState) -> list[Deadline]:
        at = state.since_ms + state.turn_seconds * 1000
        if state.step == "ready":
            return [
                Deadline(key=f"ready:{seat}", at_ms=at, seat=seat, label="saying you are ready")
                for seat in (0, 1)
                if not state.ready[seat]
            ]
        return [Deadline(key=f"add:{state.turn}", at_ms=at, seat=state.turn, label="your turn")]

    def _to_act(self, state: TinyState) -> frozenset[int]:
        if state.step == "ready":
            return frozenset(seat for seat in (0, 1) if not state.ready[seat])
        return frozenset({state.turn})

    def view(self, state: TinyState, audience: Audience) -> dict[str, Any]:
        return {
            "step": state.step,
            "ready": list(state.ready),
            "total": state.total,
            "turn": state.turn,
            "host": audience == HOST,
        }


GAME = Tiny()
