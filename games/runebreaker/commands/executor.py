"""The one executor: runs a sequence of bound commands on a board of any size.

The semantics of the structural commands are defined in ``structure``'s
docstring; this module is that definition, step by step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.runebreaker.board import Board
from games.runebreaker.commands._base import CommandError
from games.runebreaker.commands.catalog import CATALOG, Bound
from games.runebreaker.commands.structure import AGAIN, REPEAT, REVERSE_REST, SKIP

_TAKES_NEXT_STEP = frozenset({SKIP, REPEAT})
_STRUCTURAL = frozenset({SKIP, REPEAT, AGAIN, REVERSE_REST})
#: Each primitive's function by name (the catalog's entries, looked up once).
_PRIMITIVES: dict[str, Callable[..., Board]] = {
    name: entry.run for name, entry in CATALOG.items() if entry.run is not None
}
#: How one primitive runs on a board: ``apply_primitive``, or a caller's
#: stand-in for it that gives the same results (one that remembers them).
Apply = Callable[[Board, Bound], Board]
#: Steps one run may take. Nested ``repeat``s multiply (k of them run the next
#: command up to 3^k times), so a typed answer of thirty symbols could otherwise
#: hold the bot for hours. A fair round takes a few dozen steps; a sequence that
#: needs more than this cannot run, like any other ERROR.
MAX_STEPS = 2000


class _Run:
    """The board so far, the last primitive that ran (what ``again`` repeats),
    the steps left in the budget, and how a primitive is applied."""

    __slots__ = ("apply", "board", "last", "steps_left")

    def __init__(self, board: Board, apply: Apply) -> None:
        self.board = board
        self.last: Bound | None = None
        self.steps_left = MAX_STEPS
        self.apply = apply


def execute(board: Board, program: Sequence[Bound], apply: Apply | None = None) -> Board:
    """``board`` after ``program``; CommandError when a command cannot run.

    Bounds are trusted (check outside input with ``validate_bound`` first);
    a bound that names no primitive of the catalog is a bug: ValueError.
    ``apply`` runs each primitive (default :func:`apply_primitive`).
    """
    steps = tuple(program)
    if len(steps) <= MAX_STEPS and _STRUCTURAL.isdisjoint([bound.entry for bound in steps]):
        # Primitives only (most programs a player or the generator runs): each
        # step runs once, in order, within the budget; nothing to follow but them.
        if apply is not None:
            for bound in steps:
                board = apply(board, bound)
            return board
        for name, params in steps:
            primitive = _PRIMITIVES.get(name)
            if primitive is None:
                raise _not_primitive(name)
            board = primitive(board, *params)
        return board
    run = _Run(board, apply or apply_primitive)
    _run_sequence(run, steps)
    return run.board


def apply_primitive(board: Board, bound: Bound) -> Board:
    """``board`` after one primitive command; CommandError if it cannot run."""
    primitive = _PRIMITIVES.get(bound.entry)
    if primitive is None:
        raise _not_primitive(bound.entry)
    return primitive(board, *bound.params)


def _not_primitive(name: str) -> ValueError:
    return ValueError(f"{name!r} is not a primitive command of the catalog")


def _run_sequence(run: _Run, program: tuple[Bound, ...]) -> None:
    at = 0
    while at < len(program):
        at = _run_step(run, program, at)


def _run_step(run: _Run, program: tuple[Bound, ...], at: int) -> int:
    """Run the step starting at ``at``; returns where the next step starts."""
    run.steps_left -= 1
    if run.steps_left < 0:
        raise CommandError(f"the sequence runs more than {MAX_STEPS} steps")
    bound = program[at]
    name = bound.entry
    if name not in _STRUCTURAL:
        run.board = run.apply(run.board, bound)
        run.last = bound
        return at + 1
    if name == SKIP:
        return _step_end(program, at + 1, SKIP)
    if name == REPEAT:
        _step_end(program, at + 1, REPEAT)
        end = at + 1
        for _ in range(int(bound.params[0])):
            end = _run_step(run, program, at + 1)
        return end
    if name == AGAIN:
        if run.last is None:
            raise CommandError("again has no earlier command to repeat")
        run.board = run.apply(run.board, run.last)
        return at + 1
    # reverse-rest, the last structural command
    _step_end(program, at + 1, REVERSE_REST)
    _run_sequence(run, program[:at:-1])
    return len(program)


def _step_end(program: tuple[Bound, ...], at: int, needed_by: str) -> int:
    """Where the step starting at ``at`` ends, without running it."""
    if at >= len(program):
        raise CommandError(f"{needed_by} has nothing after it to act on")
    name = program[at].entry
    if name in _TAKES_NEXT_STEP:
        return _step_end(program, at + 1, name)
    if name == REVERSE_REST:
        _step_end(program, at + 1, REVERSE_REST)
        return len(program)
    return at + 1
