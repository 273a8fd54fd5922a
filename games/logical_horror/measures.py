"""What each clue rule measures: small pure functions ``(height, width,
shading, row, col) -> int`` giving the value the clue's cell has under a
shading, and the cells each one reads.

These are the rules' meaning. The SAT encoding in :mod:`.clauses` is written
separately and tested against them on every shading of small grids.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from games.logical_horror.formats import neighbour_table

Shades = Sequence[bool]

#: up, down, left, right
DIRECTIONS: tuple[tuple[int, int], ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAGONALS: tuple[tuple[int, int], ...] = ((-1, -1), (-1, 1), (1, -1), (1, 1))


# Cell lists are cached: the checker evaluates clues on the same cells again and again.
@lru_cache(maxsize=4096)
def ray(height: int, width: int, row: int, col: int, step: tuple[int, int]) -> tuple[int, ...]:
    """The cells from the clue (not included) to the edge, in one direction."""
    cells = []
    r, c = row + step[0], col + step[1]
    while 0 <= r < height and 0 <= c < width:
        cells.append(r * width + c)
        r, c = r + step[0], c + step[1]
    return tuple(cells)


@lru_cache(maxsize=4096)
def around(
    height: int, width: int, row: int, col: int, steps: tuple[tuple[int, int], ...]
) -> tuple[int, ...]:
    """The cells one ``step`` away from the clue that lie on the grid."""
    return tuple(
        (row + dr) * width + col + dc
        for dr, dc in steps
        if 0 <= row + dr < height and 0 <= col + dc < width
    )


@lru_cache(maxsize=1024)
def rings(height: int, width: int, row: int, col: int) -> tuple[tuple[int, ...], ...]:
    """The cells 1, 2, 3, … steps (|Δrow| + |Δcol|) from the clue, ring by ring."""
    found: list[list[int]] = [[] for _ in range(height + width)]
    for cell in range(height * width):
        r, c = divmod(cell, width)
        found[abs(r - row) + abs(c - col)].append(cell)
    return tuple(tuple(ring) for ring in found[1:] if ring)


def row_cells(width: int, row: int) -> range:
    return range(row * width, (row + 1) * width)


def column_cells(height: int, width: int, col: int) -> range:
    return range(col, height * width, width)


def sightline(height: int, width: int, shading: Shades, row: int, col: int) -> int:
    count = 1  # the clue's own cell
    for step in DIRECTIONS:
        for cell in ray(height, width, row, col, step):
            if shading[cell]:
                break
            count += 1
    return count


def _shaded_among(cells: Sequence[int], shading: Shades) -> int:
    # Booleans summed in C: the checker measures clues millions of times.
    return sum(map(shading.__getitem__, cells))


def orthogonal(height: int, width: int, shading: Shades, row: int, col: int) -> int:
    return _shaded_among(around(height, width, row, col, DIRECTIONS), shading)


def diagonal(height: int, width: int, shading: Shades, row: int, col: int) -> int:
    return _shaded_among(around(height, width, row, col, DIAGONALS), shading)


def surround(height: int, width: int, shading: Shades, row: int, col: int) -> int:
    return _shaded_among(around(height, width, row, col, DIRECTIONS + DIAGONALS), shading)


# Lines are read as slices, summed in C.
def in_row(height: int, width: int, shading: Shades, row: int, col: int) -> int:
    return sum(shading[row * width : (row + 1) * width])


def in_cross(height: int, width: int, shading: Shades, row: int, col: int) -> int:
    # The clue's own cell is in both lines, and never shaded.
    return sum(shading[row * width : (row + 1) * width]) + sum(shading[col::width])


def region(height: int, width: int, shading: Shades, row: int, col: int) -> int:
    start = row * width + col
    # Shaded cells start out as seen, so the walk needs one test per neighbour.
    seen = bytearray(shading)
    seen[start] = True
    stack, size = [start], 1
    table = neighbour_table(height, width)
    while stack:
        for nxt in table[stack.pop()]:
            if not seen[nxt]:
                seen[nxt] = True
                stack.append(nxt)
                size += 1
    return size


def distance(height: int, width: int, shading: Shades, row: int, col: int) -> int:
    """Steps to the nearest shaded cell (|Δrow| + |Δcol|), 0 with none at all."""
    for steps, ring in enumerate(rings(height, width, row, col), start=1):
        if any(map(shading.__getitem__, ring)):
            return steps
    return 0


def _longest(line: Shades) -> int:
    best = run = 0
    for shaded in line:
        if shaded:
            run += 1
            if run > best:
                best = run
        else:
            run = 0
    return best


def longest_run(height: int, width: int, shading: Shades, row: int, col: int) -> int:
    return max(
        _longest(shading[row * width : (row + 1) * width]),
        _longest(shading[col::width]),
    )


def row_blocks(height: int, width: int, shading: Shades, row: int, col: int) -> int:
    blocks, before = 0, False
    for shaded in shading[row * width : (row + 1) * width]:
        if shaded and not before:
            blocks += 1
        before = shaded
    return blocks


def directions(height: int, width: int, shading: Shades, row: int, col: int) -> int:
    seen = shading.__getitem__
    return sum(any(map(seen, ray(height, width, row, col, step))) for step in DIRECTIONS)


# -- the cells each measure reads ----------------------------------------------------


def reads_lines(height: int, width: int, row: int, col: int) -> tuple[int, ...]:
    return tuple(sorted({*row_cells(width, row), *column_cells(height, width, col)}))


def reads_row(height: int, width: int, row: int, col: int) -> tuple[int, ...]:
    return tuple(row_cells(width, row))


def reads_all(height: int, width: int, row: int, col: int) -> tuple[int, ...]:
    return tuple(range(height * width))


def reads_orthogonal(height: int, width: int, row: int, col: int) -> tuple[int, ...]:
    return around(height, width, row, col, DIRECTIONS)


def reads_diagonal(height: int, width: int, row: int, col: int) -> tuple[int, ...]:
    return around(height, width, row, col, DIAGONALS)


def reads_surround(height: int, width: int, row: int, col: int) -> tuple[int, ...]:
    return around(height, width, row, col, DIRECTIONS + DIAGONALS)
