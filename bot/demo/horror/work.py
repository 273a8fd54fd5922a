"""What a decision may spend on questions to the solver, counted, not timed.

A question (is there a shading meeting these clues under these rules?) is a
fresh solver: it costs the clauses its clues encode into and the search. One
question is capped by ``CONFLICTS``; a decision by ``WORK``: once a decision has
spent that much, it asks nothing more and plays what it has. Each answer is
cached with what it cost, and a cached answer is charged that cost again, so a
decision does the same whether its answers come from the cache or the solver
(the honesty test asks each state twice; a process asks many matches).

Costs are in conflicts' worth. On the 2-core machine a conflict took about
45 µs, a round of connectivity cuts (a SAT call and a search for cuts) about
0.19 ms, and encoding and adding a clause about 5 µs; a 10×10 board's guess can
encode 40,000 clauses, and four guesses took 0.45 s in one decision before
this bound.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from games.logical_horror.puzzle import Shading
from games.logical_horror.solver import OutOfBudget, ShadingSolver

T = TypeVar("T")

#: SAT conflicts one question may take (rounds of cuts included), past which
#: it has no answer: a counted budget, so a decision is the same on any machine.
CONFLICTS = 3_000
#: A round of connectivity cuts after the first, in conflicts.
ROUND_COST = 4
#: Clauses added per conflict's worth.
CLAUSES_PER_CONFLICT = 10
#: What one decision may spend before it stops asking (about 0.3 s on the
#: 2-core machine): with one question's most on top (``CONFLICTS`` and 40,000
#: clauses), a decision's solving stays near 0.6 s.
WORK = 6_000


@dataclass(frozen=True)
class Answer(Generic[T]):
    """A question's answer and what it cost (in conflicts' worth); ``settled``
    is False when the solver gave up within ``CONFLICTS``."""

    value: T
    cost: int
    settled: bool = True


@dataclass
class Allowance:
    """The work one decision has left, of ``whole``."""

    whole: int = WORK

    def __post_init__(self) -> None:
        self.left = self.whole

    @property
    def spent(self) -> bool:
        return self.left <= 0

    @property
    def half_spent(self) -> bool:
        return self.left <= self.whole // 2

    def take(self, answer: Answer[T]) -> T:
        """``answer``'s value, its cost charged."""
        self.left -= answer.cost
        return answer.value


def ask(solver: ShadingSolver, selectors: Sequence[int]) -> Answer[Shading | None]:
    """A shading meeting ``selectors`` on ``solver`` (a fresh one, its clues added),
    None if there is none or none was found within ``CONFLICTS`` (unsettled);
    with its cost."""
    settled = True
    try:
        found = solver.solve(selectors, budget=CONFLICTS, round_cost=ROUND_COST)
    except OutOfBudget:
        found, settled = None, False
    rounds = max(0, solver.stats.calls - 1)
    cost = solver.conflicts() + ROUND_COST * rounds + solver.stats.clauses // CLAUSES_PER_CONFLICT
    return Answer(found, cost, settled)
