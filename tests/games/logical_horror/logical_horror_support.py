"""A small hand-made puzzle and a driver for the Logical Horror engine tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games import Notice
from games.core import Actor
from games.logical_horror import GAME
from games.logical_horror.models import LogicalHorrorState
from games.logical_horror.puzzle import Clue, Puzzle

# No 2×2 shaded block. Red: shaded cells in the clue's row. Blue: shaded cells
# among the 4 neighbours. Exactly one solution (the solver and the checker agree):
#   B1 R1 R1 .        . . . #
#   .  .  .  R1       # . . .
#   .  .  B3 .        # # . #
#   B1 R1 .  .        . . # .
SOLUTION_TEXT = "...# #... ##.# ..#."
PUZZLE = Puzzle(
    height=4,
    width=4,
    format="no-pools",
    clues=[
        Clue(row=0, col=0, colour="blue", value=1),
        Clue(row=0, col=1, colour="red", value=1),
        Clue(row=0, col=2, colour="red", value=1),
        Clue(row=1, col=3, colour="red", value=1),
        Clue(row=2, col=2, colour="blue", value=3),
        Clue(row=3, col=0, colour="blue", value=1),
        Clue(row=3, col=1, colour="red", value=1),
    ],
    rules={"red": "row", "blue": "neighbours"},
    solution=[mark == "#" for mark in SOLUTION_TEXT.replace(" ", "")],
)
#: Satisfies every red clue and only the first blue one.
RED_ONLY = "...# #... .... ..#."
RED_ONLY_CLUES = [True, True, True, True, False, False, True]
#: Satisfies no clue, and breaks no format rule.
NOTHING = ".... .##. .... ..##"
#: A 2×2 shaded block: breaks the answer format.
POOL = ".... ##.. ##.. ...."
#: The solution as a board editor code, with note marks (2) on two unshaded cells.
SOLUTION_CELLS = [0, 0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 1, 0, 0, 1, 0]


def config(**extra: Any) -> dict[str, Any]:
    return {"puzzle": PUZZLE.model_dump(mode="json"), **extra}


@dataclass
class Table:
    """One match on a manual match clock, keeping every notice and the log."""

    state: LogicalHorrorState
    now: int = 0
    notices: list[Notice] = field(default_factory=list)
    log: list[tuple[Any, ...]] = field(default_factory=list)
    paused: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, options: dict[str, Any] | None = None, seed: int = 1) -> Table:
        step = GAME.setup(options if options is not None else config(), seed=seed, now_ms=0)
        return cls(state=step.state, notices=list(step.notices))

    def move(self, actor: Actor, text: str, at_ms: int | None = None) -> list[Notice]:
        if at_ms is not None:
            self.now = at_ms
        action = GAME.parse(self.state, actor, text)
        step = GAME.apply(self.state, actor, action, self.now)
        self.log.append(("apply", actor, GAME.dump_action(action), self.now))
        self.state = step.state
        self.notices.extend(step.notices)
        if step.pause is not None:
            self.paused.append(step.pause)
        return step.notices

    def fire(self, prefix: str) -> list[Notice]:
        """Fire the first deadline whose key starts with ``prefix`` at its time."""
        deadline = next(d for d in GAME.deadlines(self.state) if d.key.startswith(prefix))
        self.now = deadline.at_ms
        step = GAME.expire(self.state, deadline.key, self.now)
        self.log.append(("expire", deadline.key, self.now))
        self.state = step.state
        self.notices.extend(step.notices)
        return step.notices

    def due(self, prefix: str) -> int:
        return next(d.at_ms for d in GAME.deadlines(self.state) if d.key.startswith(prefix))

    def view(self, audience: Any) -> dict[str, Any]:
        return GAME.view(self.state, audience)
