"""Classic: a Reagent Board the round's sequence turns into the Product.

The player knows (or guesses) what each rune means, so it can run the
sequence itself. It starts from the Product undone step by step where a step
can be undone (a turn, a mirror, a shift back, a swap, a cycle backwards) and
improves that board one cell at a time, keeping every change that brings the
board's own Product no further from the round's (graded as the round grades:
exactness, then precision, then spatiality). The search is seeded by what it
is asked, and its length is counted in tries, so the same question always
gets the same board.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from operator import eq, itemgetter

from bot.demo.runes.knowledge import outcome
from games.runebreaker.board import Board, Cell
from games.runebreaker.commands import Bound, CommandError, execute
from games.runebreaker.commands.structure import AGAIN, REPEAT, REVERSE_REST, SKIP
from games.runebreaker.notation import format_board
from games.runebreaker.pieces import Palette

Grade = tuple[int, int, int]
NO_PRODUCT: Grade = (-1, -1, -1)

_OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}
_SELF_INVERSE = frozenset(
    {"flip", "transpose", "swap-colours", "swap-shapes", "reverse-rows", "reverse-columns"}
)


def primitives_run(program: Sequence[Bound]) -> list[Bound] | None:
    """The primitive commands ``program`` runs, in order (None: it cannot run):
    structural commands spelt out, as :mod:`games.runebreaker.commands.executor`
    defines them."""
    steps: list[Bound] = []
    try:
        _spell(tuple(program), steps)
    except (CommandError, IndexError):
        return None
    return steps


def _spell(program: tuple[Bound, ...], steps: list[Bound]) -> None:
    at = 0
    while at < len(program):
        at = _spell_step(program, at, steps)


def _spell_step(program: tuple[Bound, ...], at: int, steps: list[Bound]) -> int:
    bound = program[at]
    if bound.entry == SKIP:
        return _spell_step(program, at + 1, [])
    if bound.entry == REPEAT:
        end = at + 1
        for _ in range(int(bound.params[0])):
            end = _spell_step(program, at + 1, steps)
        return end
    if bound.entry == AGAIN:
        if not steps:
            raise CommandError("again has nothing to repeat")
        steps.append(steps[-1])
        return at + 1
    if bound.entry == REVERSE_REST:
        if at + 1 >= len(program):
            raise CommandError("reverse-rest has nothing after it")
        _spell(program[:at:-1], steps)
        return len(program)
    steps.append(bound)
    return at + 1


def _undo(bound: Bound, board: Board) -> list[Bound]:
    """Commands that undo ``bound`` where it can be undone (none where it cannot)."""
    name, params = bound.entry, bound.params
    if name in _SELF_INVERSE:
        return [bound]
    if name == "rotate":
        return [Bound("rotate", (360 - int(params[0]),))]
    if name == "shift":
        return [Bound("shift", (_OPPOSITE[str(params[0])], params[1]))]
    if name == "slide":
        return [Bound("slide", (params[0], _OPPOSITE[str(params[1])]))]
    if name in ("cycle-colours", "cycle-shapes"):
        kinds = {cell[0] if name == "cycle-colours" else cell[1] for cell in board.pieces()}
        return [bound] * max(0, len(kinds) - 1)
    return []


def undone(program: Sequence[Bound], product: Board) -> Board:
    """The Product with every step that can be undone undone, last step first."""
    board = product
    for bound in reversed(primitives_run(program) or []):
        try:
            board = execute(board, _undo(bound, board))
        except CommandError:
            continue
    return board


def grade(program: tuple[Bound, ...], board: Board, target: Board) -> Grade:
    return _Target(target).graded(program, board)


class _Target:
    """What grading against one target needs, worked out once for a whole search:
    its cells, how many of each it holds, and which cells are empty and which full
    (each read back from a made board in one gather)."""

    def __init__(self, target: Board) -> None:
        self.cells = target.cells
        self.wanted = Counter(target.cells)
        empty = tuple(i for i, cell in enumerate(target.cells) if cell is None)
        full = tuple(i for i, cell in enumerate(target.cells) if cell is not None)
        self.at_empty = _cells_at(empty)
        self.at_full = _cells_at(full)
        self.full = len(full)

    def graded(self, program: tuple[Bound, ...], board: Board) -> Grade:
        """Exactness, precision, spatiality, as the round grades (NO_PRODUCT: ERROR)."""
        made = outcome(board, program) if board.size == 4 else _run(board, program)
        if made is None:
            return NO_PRODUCT
        exact = sum(map(eq, made, self.cells))
        wanted = self.wanted
        common = sum(min(count, wanted[cell]) for cell, count in Counter(made).items())
        # Cells empty in both, and cells full in both.
        spatial = self.at_empty(made).count(None) + self.full - self.at_full(made).count(None)
        return exact, common, spatial


def _cells_at(indexes: tuple[int, ...]) -> Callable[[Sequence[Cell]], Sequence[Cell]]:
    """The cells at ``indexes``, in one C-level call."""
    if len(indexes) == 1:  # itemgetter of one index gives the item, not a tuple
        return lambda cells: (cells[indexes[0]],)
    if not indexes:
        return lambda cells: ()
    return itemgetter(*indexes)


def _run(board: Board, program: tuple[Bound, ...]) -> tuple[Cell, ...] | None:
    try:
        return execute(board, program).cells
    except CommandError:
        return None


def _choices(program: Sequence[Bound], target: Board, palette: Palette) -> list[Cell]:
    """What a cell may be set to: empty, or an object of a colour and a shape seen
    on the Product or named by a command."""
    named = {str(v) for bound in program for v in bound.params}
    colours = {c[0] for c in target.pieces()} | (named & set(palette.colour_letters))
    shapes = {c[1] for c in target.pieces()} | (named & set(palette.shape_letters))
    pieces = [p for p in palette.pieces if p[0] in colours and p[1] in shapes]
    return [None, *pieces]


#: Tries one step of the search makes; a longer search is a chain of steps, each
#: cached, so a decision pays only for the steps the last one had not made.
STEP = 400


def most_tries(program: Sequence[Bound], runs: int) -> int:
    """The tries whose grading runs at most ``runs`` commands (each try runs the
    sequence once, structural commands spelt out), in whole steps, one at least:
    what bounds a search's time is the commands it runs, and a long sequence
    runs many a try."""
    spelt = primitives_run(program)
    each = max(1, len(program) if spelt is None else len(spelt))
    return max(STEP, runs // each // STEP * STEP)


@lru_cache(maxsize=512)
def search(
    program: tuple[Bound, ...], target: Board, palette: Palette, tries: int
) -> tuple[Board, Grade]:
    """The best Reagent found in ``tries`` changes (rounded up to whole steps), and
    its grade."""
    if tries <= 0:
        starts = [undone(program, target), target]
        graded = [(grade(program, board, target), board) for board in starts]
        best, board = max(graded, key=lambda pair: pair[0])
        return board, best
    board, best = search(program, target, palette, tries - STEP)
    draw = random.Random(f"{[b.text() for b in program]}|{format_board(target)}|{tries}")
    full = target.size * target.size
    choices = _choices(program, target, palette)
    grading = _Target(target)
    for _ in range(STEP):
        if best[0] == full:
            break
        # The piece is drawn before the cell (as ``cells[i] = piece`` evaluated them).
        piece = draw.choice(choices)
        index = draw.randrange(full)
        if board.cells[index] == piece:
            continue  # no change: it would be kept, as the same board with the same grade
        cells = list(board.cells)
        cells[index] = piece
        changed = Board(board.size, tuple(cells))
        score = grading.graded(program, changed)
        # A board the sequence cannot run on is left by any change at all.
        if score >= best or best == NO_PRODUCT:
            best, board = score, changed
    return board, best


def exact(found: tuple[Board, Grade], target: Board) -> bool:
    return found[1][0] == target.size * target.size
