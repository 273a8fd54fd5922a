"""CNF for clues: each rule's meaning (:mod:`.measures`) written as clauses
over the cell variables (cell ``i`` is variable ``i + 1``, true = shaded).

Every encoding is exact — it allows precisely the shadings under which the
clue's cell has the clue's value — which the tests check against the
measures on every shading of small grids. Counting uses pysat's cardinality
encodings; visibility, distance, runs and region size need auxiliary
variables, defined with Tseitin gates.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from games.logical_horror import measures as m
from games.logical_horror.formats import neighbours


class Cnf:
    """A clause sink with the variable pool of one solver."""

    def __init__(self, height: int, width: int) -> None:
        self.height = height
        self.width = width
        self.pool = IDPool(start_from=height * width + 1)
        self.clauses: list[list[int]] = []
        #: A variable fixed true: contradictions are ``[-true]``, which a guard can switch off.
        self.true = self.new()
        self.clauses.append([self.true])

    def x(self, cell: int) -> int:
        return cell + 1

    def new(self) -> int:
        return int(self.pool.id())

    def take(self) -> list[list[int]]:
        """The clauses written since the last take."""
        taken, self.clauses = self.clauses, []
        return taken

    def add(self, clause: list[int]) -> None:
        self.clauses.append(clause)

    def contradiction(self) -> None:
        self.clauses.append([-self.true])

    def and_(self, lits: Sequence[int]) -> int:
        gate = self.new()
        self.clauses.extend([-gate, lit] for lit in lits)
        self.clauses.append([gate, *(-lit for lit in lits)])
        return gate

    def or_(self, lits: Sequence[int]) -> int:
        if len(lits) == 1:
            return lits[0]
        gate = self.new()
        self.clauses.extend([gate, -lit] for lit in lits)
        self.clauses.append([-gate, *lits])
        return gate

    def count(self, lits: Sequence[int], k: int) -> None:
        """Exactly ``k`` of ``lits`` are true."""
        if k < 0 or k > len(lits):
            self.contradiction()
        elif k == 0:
            self.clauses.extend([-lit] for lit in lits)
        elif k == len(lits):
            self.clauses.extend([lit] for lit in lits)
        else:
            for encode in (CardEnc.atleast, CardEnc.atmost):
                formula = encode(list(lits), bound=k, vpool=self.pool, encoding=EncType.seqcounter)
                self.clauses.extend(list(clause) for clause in formula.clauses)


Encoder = Callable[[Cnf, int, int, int], None]


def _shaded_count(cells: Callable[[Cnf, int, int], list[int]]) -> Encoder:
    def encode(cnf: Cnf, row: int, col: int, value: int) -> None:
        cnf.count([cnf.x(cell) for cell in cells(cnf, row, col)], value)

    return encode


def _sightline(cnf: Cnf, row: int, col: int, value: int) -> None:
    visible = []
    for step in m.DIRECTIONS:
        seen: int | None = None
        for cell in m.ray(cnf.height, cnf.width, row, col, step):
            # A cell is visible when it and every cell before it are unshaded.
            seen = -cnf.x(cell) if seen is None else cnf.and_([seen, -cnf.x(cell)])
            visible.append(seen)
    cnf.count(visible, value - 1)


def _region(cnf: Cnf, row: int, col: int, value: int) -> None:
    if value < 1:
        cnf.contradiction()
        return
    h, w, source = cnf.height, cnf.width, row * cnf.width + col
    # reach[i] after step k: cell i joins the clue through unshaded cells in <= k steps.
    # The area has `value` cells iff exactly `value` are reached within `value` steps
    # (an area of n cells is reached in n - 1 steps; a bigger one has > value by then).
    reach: dict[int, int] = {}
    for steps in range(1, value + 1):
        step: dict[int, int] = {}
        for cell in range(h * w):
            r, c = divmod(cell, w)
            if cell == source or abs(r - row) + abs(c - col) > steps:
                continue
            around = neighbours(h, w, cell)
            if source in around:
                step[cell] = -cnf.x(cell)
                continue
            via = [reach[n] for n in around if n in reach]
            if cell in reach:
                via.append(reach[cell])
            if via:
                step[cell] = cnf.and_([-cnf.x(cell), cnf.or_(via)])
        reach = step
    cnf.count(list(reach.values()), value - 1)


def _distance(cnf: Cnf, row: int, col: int, value: int) -> None:
    if value < 0:
        cnf.contradiction()
        return
    at_value = []
    for cell in range(cnf.height * cnf.width):
        r, c = divmod(cell, cnf.width)
        steps = abs(r - row) + abs(c - col)
        if value == 0 or steps < value:
            cnf.add([-cnf.x(cell)])
        elif steps == value:
            at_value.append(cnf.x(cell))
    if value > 0:
        if at_value:
            cnf.add(at_value)
        else:
            cnf.contradiction()


def _lines(cnf: Cnf, row: int, col: int) -> list[tuple[int, ...]]:
    """The clue's row and column cut at the clue (never shaded): up to 4 segments,
    each running outwards from the clue, so a window of one is a straight line."""
    return [m.ray(cnf.height, cnf.width, row, col, step) for step in m.DIRECTIONS]


def _windows(segments: Sequence[Sequence[int]], length: int) -> list[Sequence[int]]:
    return [
        segment[start : start + length]
        for segment in segments
        for start in range(len(segment) - length + 1)
    ]


def _longest_run(cnf: Cnf, row: int, col: int, value: int) -> None:
    segments = _lines(cnf, row, col)
    if value <= 0:
        if value < 0:
            cnf.contradiction()
        cnf.clauses.extend([-cnf.x(cell)] for segment in segments for cell in segment)
        return
    runs = [cnf.and_([cnf.x(cell) for cell in window]) for window in _windows(segments, value)]
    if not runs:
        cnf.contradiction()
        return
    cnf.add(runs)
    cnf.clauses.extend([-cnf.x(cell) for cell in w] for w in _windows(segments, value + 1))


def _row_blocks(cnf: Cnf, row: int, col: int, value: int) -> None:
    cells = m.row_cells(cnf.width, row)
    starts = [cnf.x(cells[0])]
    starts += [cnf.and_([cnf.x(cell), -cnf.x(cell - 1)]) for cell in cells[1:]]
    cnf.count(starts, value)


def _directions(cnf: Cnf, row: int, col: int, value: int) -> None:
    rays = [m.ray(cnf.height, cnf.width, row, col, step) for step in m.DIRECTIONS]
    cnf.count([cnf.or_([cnf.x(cell) for cell in ray]) for ray in rays if ray], value)


def _cells(cells: Callable[[int, int, int, int], tuple[int, ...]]) -> Encoder:
    def among(cnf: Cnf, row: int, col: int) -> list[int]:
        return [c for c in cells(cnf.height, cnf.width, row, col) if c != row * cnf.width + col]

    return _shaded_count(among)


#: Rule key -> encoder. Keys match :data:`games.logical_horror.rules.RULES`.
ENCODERS: dict[str, Encoder] = {
    "sightline": _sightline,
    "neighbours": _cells(m.reads_orthogonal),
    "surround": _cells(m.reads_surround),
    "diagonals": _cells(m.reads_diagonal),
    "row": _cells(m.reads_row),
    "cross": _cells(m.reads_lines),
    "region": _region,
    "distance": _distance,
    "longest-run": _longest_run,
    "row-blocks": _row_blocks,
    "directions": _directions,
}


def encode_clue(cnf: Cnf, rule_key: str | None, row: int, col: int, value: int | None) -> None:
    """Clauses for one clue: its cell unshaded, and (with a number) its rule's value."""
    cnf.add([-cnf.x(row * cnf.width + col)])
    if value is not None and rule_key is not None:
        ENCODERS[rule_key](cnf, row, col, value)
