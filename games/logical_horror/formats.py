"""The answer-format catalog: what every board must look like before any clue
is read. A format is announced before the match with example genres; a board
that breaks it is refused, and :meth:`Format.broken` says which rule broke.

A format is three optional properties — no two shaded cells side by side, no
2×2 shaded block, one colour of cells connected — and clue cells are always
unshaded under every format.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Literal, Protocol

from games.logical_horror.puzzle import Clue

Connected = Literal["shaded", "unshaded"]


class Sized(Protocol):
    """Anything with a grid size (a Puzzle has one)."""

    @property
    def height(self) -> int: ...

    @property
    def width(self) -> int: ...


def cell_name(width: int, index: int) -> str:
    """How players name a cell: r1c1 is the top-left."""
    return f"r{index // width + 1}c{index % width + 1}"


def neighbours(height: int, width: int, index: int) -> tuple[int, ...]:
    """The up to 4 orthogonal neighbours of a cell, in reading order."""
    return neighbour_table(height, width)[index]


@cache
def neighbour_table(height: int, width: int) -> tuple[tuple[int, ...], ...]:
    """Every cell's neighbours, by cell: worked out once per grid size, since the
    checker and the region measure ask millions of times (they were a seventh of
    the generator suite's CPU)."""
    table = []
    for index in range(height * width):
        row, col = divmod(index, width)
        found = []
        if row > 0:
            found.append(index - width)
        if col > 0:
            found.append(index - 1)
        if col < width - 1:
            found.append(index + 1)
        if row < height - 1:
            found.append(index + width)
        table.append(tuple(found))
    return tuple(table)


def components(height: int, width: int, members: Iterable[int]) -> list[list[int]]:
    """The orthogonally connected groups of ``members``, each sorted, largest first
    (ties: the one with the earliest cell first)."""
    left = set(members)
    groups = []
    table = neighbour_table(height, width)
    for start in sorted(left):
        if start not in left:
            continue
        left.discard(start)
        group, stack = [start], [start]
        while stack:
            for nxt in table[stack.pop()]:
                if nxt in left:
                    left.discard(nxt)
                    group.append(nxt)
                    stack.append(nxt)
        groups.append(sorted(group))
    return sorted(groups, key=lambda g: (-len(g), g[0]))


@dataclass(frozen=True)
class Format:
    """One answer format. ``sentence`` is what players read; ``genres`` are the
    example puzzle genres announced with it."""

    key: str
    name: str
    sentence: str
    genres: tuple[str, ...]
    no_touch: bool = False
    no_pools: bool = False
    connected: Connected | None = None

    def broken(
        self,
        grid: Sized | tuple[int, int],
        shading: Sequence[bool],
        clue_cells: Iterable[tuple[int, int]] | None = None,
    ) -> str | None:
        """The first rule ``shading`` breaks, in a player's words, or None if it fits.

        ``grid`` is a Puzzle (whose clue cells are used when ``clue_cells`` is
        None) or ``(height, width)``. Checked in a fixed order: size, clue
        cells, then cell pairs and blocks in reading order, then connectivity.
        """
        height, width = grid if isinstance(grid, tuple) else (grid.height, grid.width)
        if clue_cells is None:
            clues: Sequence[Clue] = getattr(grid, "clues", ())
            clue_cells = [(clue.row, clue.col) for clue in clues]
        if len(shading) != height * width:
            return f"the board has {len(shading)} cells, not {height}×{width} = {height * width}"
        for row, col in sorted(clue_cells):
            if shading[row * width + col]:
                return (
                    f"{cell_name(width, row * width + col)} is a clue cell and must stay unshaded"
                )
        return self._local(height, width, shading) or self._connectivity(height, width, shading)

    def _local(self, height: int, width: int, shading: Sequence[bool]) -> str | None:
        # Names are built only for the rule that breaks: the checker and the
        # tests' enumerations ask this of millions of boards that fit.
        for index, shaded in enumerate(shading):
            if not shaded:
                continue
            row, col = divmod(index, width)
            right, below = index + 1, index + width
            if self.no_touch and col < width - 1 and shading[right]:
                here, there = cell_name(width, index), cell_name(width, right)
                return f"{here} and {there} are both shaded and side by side"
            if self.no_touch and row < height - 1 and shading[below]:
                here, there = cell_name(width, index), cell_name(width, below)
                return f"{here} and {there} are both shaded, one above the other"
            if (
                self.no_pools
                and col < width - 1
                and row < height - 1
                and shading[right]
                and shading[below]
                and shading[below + 1]
            ):
                names = [cell_name(width, i) for i in (index, right, below, below + 1)]
                return f"{', '.join(names[:3])} and {names[3]} are all shaded: a 2×2 block"
        return None

    def _connectivity(self, height: int, width: int, shading: Sequence[bool]) -> str | None:
        if self.connected is None:
            return None
        want = self.connected == "shaded"
        members = [i for i, s in enumerate(shading) if s == want]
        if _joined(neighbour_table(height, width), members):
            return None
        groups = components(height, width, members)
        first, other = cell_name(width, groups[0][0]), cell_name(width, groups[1][0])
        return f"the {self.connected} cells are not all connected: {first} cannot reach {other}"


def _joined(table: Sequence[tuple[int, ...]], members: list[int]) -> bool:
    """Whether ``members`` form one group (or none): one flood fill, where
    :func:`components` would sort every group (boards that fit are the many)."""
    if not members:
        return True
    left = set(members)
    stack = [members[0]]
    left.discard(members[0])
    while stack:
        for nxt in table[stack.pop()]:
            if nxt in left:
                left.discard(nxt)
                stack.append(nxt)
    return not left


def broken(puzzle: Sized, format_key: str, shading: Sequence[bool]) -> str | None:
    """``FORMATS[format_key].broken(puzzle, shading)``, for callers holding a key."""
    return FORMATS[format_key].broken(puzzle, shading)


_CATALOG = (
    Format(
        key="no-touch-connected",
        name="Separated shading, connected space",
        sentence=(
            "Shade some cells so that no two shaded cells are orthogonally adjacent "
            "and all unshaded cells are orthogonally connected."
        ),
        genres=("Kurodoko", "Hitori", "Kuromasu"),
        no_touch=True,
        connected="unshaded",
    ),
    Format(
        key="connected-no-pools",
        name="One wall, no pools",
        sentence=(
            "Shade some cells so that all shaded cells are orthogonally connected "
            "and no 2×2 block of cells is entirely shaded."
        ),
        genres=("Nurikabe", "LITS", "Canal View"),
        no_pools=True,
        connected="shaded",
    ),
    Format(
        key="no-pools",
        name="No pools",
        sentence="Shade some cells so that no 2×2 block of cells is entirely shaded.",
        genres=("Mochikoro", "Minesweeper-style shading"),
        no_pools=True,
    ),
    Format(
        key="no-touch",
        name="Separated shading",
        sentence="Shade some cells so that no two shaded cells are orthogonally adjacent.",
        genres=("Star Battle", "Tents"),
        no_touch=True,
    ),
)

#: Every answer format by key, in catalog order.
FORMATS: Mapping[str, Format] = MappingProxyType({entry.key: entry for entry in _CATALOG})
