"""Fixed Rune Breaker rounds and a small driver that plays the engine on a
manual clock, keeping every notice: for the engine's tests and the bot's
(render, Discord, runtime)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from games import Notice
from games.core import Actor
from games.runebreaker import GAME
from games.runebreaker.board import Board
from games.runebreaker.models import RuneBreakerState
from games.runebreaker.notation import format_board, parse_board
from games.runebreaker.rounds import RoundSpec, Rune

# Classic, 10×10: A shift right 1, B recolour R→B, C rotate 90, D delete green.
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
CLASSIC_RUNES = [
    Rune(symbol="A", entry="shift", params=["right", 1]),
    Rune(symbol="B", entry="recolour", params=["R", "B"]),
    Rune(symbol="C", entry="rotate", params=[90]),
    Rune(symbol="D", entry="delete-colour", params=["G"]),
]
CLASSIC_ROUND = RoundSpec(
    size=10, runes=CLASSIC_RUNES, sequence=list("ABCDA"), reagent=CLASSIC_REAGENT
)

# Finals, 8×8: executable A–F; the sequence uses A, B and C.
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
    *CLASSIC_RUNES,
    Rune(symbol="E", entry="flip", params=["left-right"]),
    Rune(symbol="F", entry="reshape", params=["c", "s"]),
]
FINALS_ROUND = RoundSpec(size=8, runes=FINALS_RUNES, sequence=list("ABC"), reagent=FINALS_REAGENT)
#: The same Product by another secret sequence: a shift and a recolour commute.
FINALS_TWIN = FINALS_ROUND.model_copy(update={"sequence": list("BAC")})

# 4×4 probe boards every command above can run on.
PROBE = "Rc .. Gs .. / .. Yt .. .. / .. .. Rd .. / Bh .. .. .."
OTHER_PROBE = "Oc Ox .. .. / .. Rs .. .. / Gd .. .. Pt / .. .. Yh .."
EMPTY_PROBE = ".. .. .. .. / .. .. .. .. / .. .. .. .. / .. .. .. .."


def flat(text: str) -> str:
    """A board as a player might type it on one line."""
    return " / ".join(line.strip() for line in text.strip().splitlines())


def classic_config(**extra: Any) -> dict[str, Any]:
    rounds = [CLASSIC_ROUND.model_dump(mode="json")] * 5
    return {"variant": "classic", "first_seat": 0, "look_seconds": 0, "rounds": rounds, **extra}


def finals_config(**extra: Any) -> dict[str, Any]:
    rounds = [FINALS_ROUND.model_dump(mode="json")] * 5
    return {"variant": "finals", "rounds": rounds, **extra}


def options(spec: RoundSpec, **extra: Any) -> dict[str, Any]:
    """A match's options that play ``spec`` as round 1 (its size names the variant)."""
    variant = "classic" if spec.size == 10 else "finals"
    return {"variant": variant, "rounds": [spec.model_dump(mode="json")], **extra}


def options_json(spec: RoundSpec, **extra: Any) -> str:
    """:func:`options` as typed into ``/match new``."""
    return json.dumps(options(spec, **extra))


def board_text(board: Board) -> str:
    return flat(format_board(board))


def with_extra_green(spec: RoundSpec) -> str:
    """A Reagent that is not the secret one but gives the same Product: green
    objects vanish in the sequence (D deletes green), so add one more."""
    reagent = spec.reagent_board()
    empty = next(i for i, cell in enumerate(reagent.cells) if cell is None and i > 40)
    cells = list(reagent.cells)
    cells[empty] = "Gc"
    return board_text(Board(reagent.size, tuple(cells)))


#: The same Product from another Reagent (one more green object).
CLASSIC_TWIN = CLASSIC_ROUND.model_copy(update={"reagent": with_extra_green(CLASSIC_ROUND)})


def wrong_board(spec: RoundSpec) -> str:
    """A Reagent whose Product differs: the yellow triangle survives the sequence."""
    return board_text(parse_board(flat(spec.reagent).replace("Yt", "Ot", 1), spec.size))


@dataclass
class Table:
    """One match on a manual match clock, keeping every notice and the log."""

    state: RuneBreakerState
    now: int = 0
    notices: list[Notice] = field(default_factory=list)
    log: list[tuple[Any, ...]] = field(default_factory=list)

    @classmethod
    def start(cls, config: dict[str, Any], seed: int = 1) -> Table:
        step = GAME.setup(config, seed=seed, now_ms=0)
        return cls(state=step.state, notices=list(step.notices))

    def move(self, actor: Actor, text: str, after_ms: int = 1000) -> list[Notice]:
        self.now += after_ms
        action = GAME.parse(self.state, actor, text)
        step = GAME.apply(self.state, actor, action, self.now)
        self.log.append(("apply", actor, GAME.dump_action(action), self.now))
        self.state = step.state
        self.notices.extend(step.notices)
        return step.notices

    def expire(self, seat: int | None = None) -> list[Notice]:
        """Let the clock run out on ``seat``'s window (None: the room's)."""
        deadline = next(d for d in GAME.deadlines(self.state) if d.seat == seat)
        self.now = deadline.at_ms
        step = GAME.expire(self.state, deadline.key, self.now)
        self.log.append(("expire", deadline.key, self.now))
        self.state = step.state
        self.notices.extend(step.notices)
        return step.notices

    def kinds(self, notices: list[Notice] | None = None) -> list[str]:
        return [n.kind for n in (self.notices if notices is None else notices)]

    def view(self, audience: Any) -> dict[str, Any]:
        return GAME.view(self.state, audience)
