"""Fixed Rune Breaker rounds for the bot's tests (render and Discord), and a
small driver that plays the engine on a manual clock, keeping every notice."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from games import Notice
from games.core import Actor
from games.runebreaker import GAME
from games.runebreaker.board import Board
from games.runebreaker.models import RuneBreakerState
from games.runebreaker.notation import format_board
from games.runebreaker.rounds import RoundSpec, Rune

# A shift right 1, B recolour red → blue, C rotate 90°, D delete green.
RUNES = [
    Rune(symbol="A", entry="shift", params=["right", 1]),
    Rune(symbol="B", entry="recolour", params=["R", "B"]),
    Rune(symbol="C", entry="rotate", params=[90]),
    Rune(symbol="D", entry="delete-colour", params=["G"]),
]
CLASSIC_REAGENT = """
Rc .. .. .. .. .. .. .. .. ..
.. Gs .. .. .. .. .. .. .. ..
.. .. Yt .. .. .. .. .. .. ..
.. .. .. .. .. .. .. .. .. ..
.. .. .. .. Rd .. .. .. .. ..
.. .. .. .. .. .. .. .. .. ..
.. .. .. .. .. .. Bh .. .. ..
.. .. .. .. .. .. .. .. .. ..
.. .. .. .. .. .. .. .. Px ..
.. .. .. .. .. .. .. .. .. ..
"""
CLASSIC = RoundSpec(size=10, runes=RUNES, sequence=list("ABCDA"), reagent=CLASSIC_REAGENT)
#: The same Product from another Reagent: D deletes green, so one more green object.
CLASSIC_TWIN = CLASSIC.model_copy(
    update={
        "reagent": CLASSIC_REAGENT.replace(".. .. .. .. .. .. .. .. .. ..", "Gc" + " .." * 9, 1)
    }
)

FINALS_REAGENT = """
Rc .. .. .. .. .. .. ..
.. Gs .. .. .. .. .. ..
.. .. Yt .. .. .. .. ..
.. .. .. Rd .. .. .. ..
.. .. .. .. Bh .. .. ..
.. .. .. .. .. .. .. ..
.. .. .. .. .. .. Px ..
.. .. .. .. .. .. .. ..
"""
FINALS_RUNES = [
    *RUNES,
    Rune(symbol="E", entry="flip", params=["left-right"]),
    Rune(symbol="F", entry="reshape", params=["c", "s"]),
]
FINALS = RoundSpec(size=8, runes=FINALS_RUNES, sequence=list("ABC"), reagent=FINALS_REAGENT)
#: The same Product by another secret sequence: a shift and a recolour commute.
FINALS_TWIN = FINALS.model_copy(update={"sequence": list("BAC")})

# 4×4 probe boards every command above can run on.
PROBE = "Rc .. Gs .. / .. Yt .. .. / .. .. Rd .. / Bh .. .. .."
OTHER_PROBE = "Oc Ox .. .. / .. Rs .. .. / Gd .. .. Pt / .. .. Yh .."


def options(spec: RoundSpec, **extra: Any) -> dict[str, Any]:
    variant = "classic" if spec.size == 10 else "finals"
    return {"variant": variant, "rounds": [spec.model_dump(mode="json")], **extra}


def options_json(spec: RoundSpec, **extra: Any) -> str:
    return json.dumps(options(spec, **extra))


def lines(board: Board) -> str:
    """A board as typed on several lines."""
    return format_board(board)


def flat(board: Board) -> str:
    return " / ".join(format_board(board).splitlines())


@dataclass
class Table:
    """One match on a manual match clock, keeping every notice."""

    state: RuneBreakerState
    now: int = 0
    notices: list[Notice] = field(default_factory=list)

    @classmethod
    def start(cls, config: dict[str, Any], seed: int = 1) -> Table:
        step = GAME.setup(config, seed=seed, now_ms=0)
        return cls(state=step.state, notices=list(step.notices))

    def move(self, actor: Actor, text: str) -> list[Notice]:
        self.now += 1000
        step = GAME.apply(self.state, actor, GAME.parse(self.state, actor, text), self.now)
        self.state = step.state
        self.notices.extend(step.notices)
        return step.notices

    def expire(self, seat: int | None = None) -> list[Notice]:
        """Let the clock run out on ``seat``'s window (None: the room's)."""
        deadline = next(d for d in GAME.deadlines(self.state) if d.seat == seat)
        self.now = deadline.at_ms
        step = GAME.expire(self.state, deadline.key, self.now)
        self.state = step.state
        self.notices.extend(step.notices)
        return step.notices

    def view(self, audience: Any) -> dict[str, Any]:
        return GAME.view(self.state, audience)
