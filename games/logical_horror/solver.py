"""The puzzle solver, on python-sat.

One :class:`ShadingSolver` holds an incremental SAT solver for a grid and an
answer format. Clues are added behind selector literals, so the generator can
switch them on and off (assumptions) without rebuilding anything, and a
failed solve can name the clues that clash (:meth:`ShadingSolver.core`).

Connectivity is added lazily by cut clauses by default: on 10×10 puzzles it
is several times faster than the eager level encoding, whose ~2·cells² gates
cost more to build than the cuts cost to find (figures in
docs/logical-horror-puzzles.md; ``python -m bench.content`` re-measures).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import TracebackType
from typing import Literal, Protocol

from pysat.solvers import Solver

from games.logical_horror import connectivity
from games.logical_horror.clauses import ENCODERS, Cnf, encode_clue
from games.logical_horror.formats import FORMATS
from games.logical_horror.puzzle import Clue, Shading

Connectivity = Literal["cuts", "levels"]
DEFAULT_CONNECTIVITY: Connectivity = "cuts"
#: Glucose 4 answers the many small incremental calls of the generator fastest.
BACKEND = "glucose4"


class PuzzleParts(Protocol):
    """What the solver reads of a puzzle (a Puzzle, or :class:`Parts`)."""

    @property
    def height(self) -> int: ...
    @property
    def width(self) -> int: ...
    @property
    def format(self) -> str: ...
    @property
    def clues(self) -> Sequence[Clue]: ...
    @property
    def rules(self) -> Mapping[str, str]: ...


@dataclass(frozen=True)
class Parts:
    """A puzzle without its solution: what a file or the generator has before solving."""

    height: int
    width: int
    format: str
    clues: Sequence[Clue] = ()
    rules: Mapping[str, str] = field(default_factory=dict)


class OutOfBudget(Exception):
    """A budgeted solve gave up before it knew the answer."""


@dataclass
class Stats:
    """What the solver did: SAT calls, cut clauses added, and every clause added
    (a player counts its work in them: encoding a clue can cost more than solving)."""

    calls: int = 0
    cuts: int = 0
    clauses: int = 0


class ShadingSolver:
    """An incremental solver for one grid and answer format."""

    def __init__(
        self,
        height: int,
        width: int,
        format_key: str,
        *,
        connectivity: Connectivity = DEFAULT_CONNECTIVITY,
    ) -> None:
        self.height, self.width = height, width
        self.format = FORMATS[format_key]
        self.cnf = Cnf(height, width)
        self.sat = Solver(name=BACKEND)
        self.stats = Stats()
        self._selectors: dict[object, int] = {}
        self._lazy = False
        self._encode_format(connectivity)

    def __enter__(self) -> ShadingSolver:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self.sat.delete()

    def _encode_format(self, how: Connectivity) -> None:
        cnf, h, w = self.cnf, self.height, self.width
        for cell in range(h * w):
            row, col = divmod(cell, w)
            right, below = cell + 1, cell + w
            if self.format.no_touch and col < w - 1:
                cnf.add([-cnf.x(cell), -cnf.x(right)])
            if self.format.no_touch and row < h - 1:
                cnf.add([-cnf.x(cell), -cnf.x(below)])
            if self.format.no_pools and col < w - 1 and row < h - 1:
                cnf.add([-cnf.x(i) for i in (cell, right, below, below + 1)])
        if self.format.connected is not None:
            if how == "levels":
                connectivity.levels(cnf, self._targets())
            else:
                self._lazy = True
        self._flush(None)

    def _targets(self) -> list[int]:
        sign = 1 if self.format.connected == "shaded" else -1
        return [sign * self.cnf.x(cell) for cell in range(self.height * self.width)]

    def _flush(self, guard: int | None) -> None:
        taken = self.cnf.take()
        self.stats.clauses += len(taken)
        # One call for the lot: adding clause by clause cost the generator a tenth of its time.
        self.sat.append_formula(taken if guard is None else [[*c, -guard] for c in taken])

    def _guarded(self, key: object) -> tuple[int, bool]:
        """The selector for ``key`` and whether it is new (its clauses still to add)."""
        if key in self._selectors:
            return self._selectors[key], False
        selector = self.cnf.new()
        self._selectors[key] = selector
        return selector, True

    def clue(self, clue: Clue, rule_key: str | None) -> int:
        """The selector that switches ``clue`` on, under rule ``rule_key``."""
        if rule_key is not None and rule_key not in ENCODERS:
            raise ValueError(f"unknown rule {rule_key!r}")
        value = clue.value if rule_key is not None else None
        selector, new = self._guarded(("clue", clue.row, clue.col, rule_key, value))
        if new:
            encode_clue(self.cnf, rule_key, clue.row, clue.col, value)
            self._flush(selector)
        return selector

    def avoiding(self, shading: Shading) -> int:
        """The selector for "the answer differs from ``shading`` somewhere"."""
        selector, new = self._guarded(("avoid", shading))
        if new:
            self.cnf.add(self._differs(shading))
            self._flush(selector)
        return selector

    def block(self, shading: Shading) -> None:
        """Rules ``shading`` out for good."""
        self.sat.add_clause(self._differs(shading))

    def _differs(self, shading: Shading) -> list[int]:
        return [-self.cnf.x(i) if s else self.cnf.x(i) for i, s in enumerate(shading)]

    def solve(
        self, selectors: Iterable[int] = (), *, budget: int | None = None, round_cost: int = 0
    ) -> Shading | None:
        """A shading meeting the format and every selected constraint, or None.

        ``budget`` caps the conflicts of the whole solve, every round of
        connectivity cuts included (a player's decision must stay short, and the
        same everywhere): past it, :class:`OutOfBudget`. A cap per SAT call let a
        solve that needed many rounds of cuts run for a third of a second.
        ``round_cost`` charges each round after the first as that many conflicts:
        a solve of a thousand cheap rounds, each a SAT call and a search for
        cuts, took 0.4 s within its conflicts."""
        assumptions = list(selectors)
        start = self.conflicts() if budget is not None else 0
        first_call = self.stats.calls + 1
        while True:
            self.stats.calls += 1
            rounds = self.stats.calls - first_call
            spent = self.conflicts() - start + round_cost * rounds
            left = None if budget is None else budget - spent
            if left is not None and left <= 0:
                raise OutOfBudget(f"no answer within {budget} conflicts")
            if not self._satisfiable(assumptions, left):
                return None
            model = self.sat.get_model()
            assert model is not None
            shading = tuple(lit > 0 for lit in model[: self.height * self.width])
            if not self._lazy:
                return shading
            wanted = self.format.connected == "shaded"
            found = connectivity.cuts(self.height, self.width, self._targets(), shading, wanted)
            if not found:
                return shading
            self.stats.cuts += len(found)
            self.stats.clauses += len(found)
            for clause in found:
                self.sat.add_clause(clause)

    def _satisfiable(self, assumptions: list[int], budget: int | None) -> bool:
        if budget is None:
            return bool(self.sat.solve(assumptions=assumptions))
        self.sat.conf_budget(budget)
        found = self.sat.solve_limited(assumptions=assumptions)
        if found is None:
            raise OutOfBudget(f"no answer within {budget} conflicts")
        return bool(found)

    def conflicts(self) -> int:
        """The conflicts this solver has met so far, over all its calls."""
        return int(self.sat.accum_stats()["conflicts"])

    def core(self) -> list[int]:
        """After a failed :meth:`solve`: selectors that cannot all hold together."""
        return [lit for lit in self.sat.get_core() or [] if lit > 0]


def build(
    parts: PuzzleParts, *, connectivity: Connectivity = DEFAULT_CONNECTIVITY
) -> tuple[ShadingSolver, list[int]]:
    """A solver for ``parts`` and the selectors of its clues, in clue order."""
    solver = ShadingSolver(parts.height, parts.width, parts.format, connectivity=connectivity)
    try:
        selectors = [solver.clue(clue, parts.rules[clue.colour]) for clue in parts.clues]
    except (KeyError, ValueError):
        solver.close()
        raise
    return solver, selectors


def solutions(
    parts: PuzzleParts, limit: int | None = 2, *, connectivity: Connectivity = DEFAULT_CONNECTIVITY
) -> list[Shading]:
    """Up to ``limit`` shadings meeting the format and every clue (None: all of
    them), found by solving and blocking each answer in turn."""
    solver, selectors = build(parts, connectivity=connectivity)
    found: list[Shading] = []
    with solver:
        while limit is None or len(found) < limit:
            shading = solver.solve(selectors)
            if shading is None:
                break
            found.append(shading)
            solver.block(shading)
    return found


def is_unique(parts: PuzzleParts, *, connectivity: Connectivity = DEFAULT_CONNECTIVITY) -> bool:
    return len(solutions(parts, 2, connectivity=connectivity)) == 1
