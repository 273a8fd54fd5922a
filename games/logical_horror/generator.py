"""Puzzles drawn from a seed, proven unique by the SAT solver.

A draw is deterministic in (seed, height, width, colours, format): attempt k
uses ``rng(seed, "logical-horror", height, width, colours, format, k)`` and
the solver (deterministic for the same clauses in the same order), and the
first attempt that succeeds is the puzzle. An attempt:

1. draws a solution meeting the format (scattered shading, or a grown wall
   for "shaded connected");
2. maps each colour to a different rule that means something under the
   format (under "unshaded connected", say, the area size is the same for
   every clue);
3. places two clues per colour, values read off the solution;
4. asks the solver for another answer; while there is one, adds a clue that
   the solution satisfies and that answer does not (for the colour with the
   fewest clues that has one), until the solution is the only answer;
5. drops, in random order, every clue whose removal keeps it unique, while
   each colour keeps two;
6. rejects the puzzle if the format alone, with the clue cells unshaded but
   no numbers read, already forces the solution.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from games.core import rng
from games.logical_horror.formats import FORMATS, Format, components, neighbours
from games.logical_horror.puzzle import MAX_SIDE, MIN_SIDE, Clue, Puzzle, Shading
from games.logical_horror.rules import COLOURS, RULES
from games.logical_horror.solver import DEFAULT_CONNECTIVITY, Connectivity, ShadingSolver

Progress = Callable[[str], None]

MAX_ATTEMPTS = 40
MIN_CLUES_PER_COLOUR = 2
#: Area clues bigger than this cost a deep encoding and read as noise to players.
REGION_CAP = 12
#: Rules that say next to nothing under a format. With shaded cells never side
#: by side, a row's groups are its shaded cells (the row rule again) and the
#: longest line is 0 or 1; the unshaded area is every unshaded cell when they
#: must connect, and nearly so when they need not.
UNSUITED: dict[str, frozenset[str]] = {
    "no-touch-connected": frozenset({"region", "row-blocks", "longest-run"}),
    "no-touch": frozenset({"region", "row-blocks", "longest-run"}),
}
#: Share of cells shaded in a drawn solution.
DENSITY: dict[str, tuple[float, float]] = {
    "no-touch-connected": (0.22, 0.3),
    "connected-no-pools": (0.4, 0.52),
    "no-pools": (0.3, 0.45),
    "no-touch": (0.22, 0.32),
}


def generate(
    seed: int,
    height: int,
    width: int,
    colours: int,
    format_key: str | None = None,
    *,
    progress: Progress | None = None,
    connectivity: Connectivity = DEFAULT_CONNECTIVITY,
) -> Puzzle:
    """The puzzle for these arguments: the same one every time. ``progress``
    hears what each attempt is doing (the CLI shows it on slow draws);
    ``connectivity`` picks the solver's encoding (the bench compares them; the
    puzzle drawn can differ between the two)."""
    if not (MIN_SIDE <= height <= MAX_SIDE and MIN_SIDE <= width <= MAX_SIDE):
        raise ValueError(f"the grid is {MIN_SIDE}–{MAX_SIDE} cells a side, not {height}×{width}")
    if not 1 <= colours <= len(COLOURS):
        raise ValueError(f"a puzzle has 1–{len(COLOURS)} colours, not {colours}")
    if format_key is None:
        format_key = rng(seed, "logical-horror", "format").choice(sorted(FORMATS))
    elif format_key not in FORMATS:
        raise ValueError(f"unknown format {format_key!r}")
    tell = progress or (lambda _: None)
    for attempt in range(MAX_ATTEMPTS):
        draw = rng(seed, "logical-horror", height, width, colours, format_key, attempt)
        tell(f"attempt {attempt + 1}: drawing a {height}×{width} {format_key} puzzle")
        puzzle = _Attempt(draw, height, width, colours, FORMATS[format_key], tell).run(connectivity)
        if puzzle is not None:
            return puzzle
    raise RuntimeError(f"no puzzle found for seed {seed} in {MAX_ATTEMPTS} attempts")


def suitable_rules(format_key: str) -> list[str]:
    """The rules a generated puzzle may use under this format, in catalog order."""
    return [key for key in RULES if key not in UNSUITED.get(format_key, frozenset())]


# -- the solution -------------------------------------------------------------------


def draw_solution(draw: random.Random, height: int, width: int, answer: Format) -> Shading:
    """A random shading that meets ``answer``."""
    low, high = DENSITY[answer.key]
    target = round(draw.uniform(low, high) * height * width)
    shaded: set[int] = set()
    if answer.connected == "shaded":
        _grow(draw, height, width, answer, shaded, target)
    else:
        _scatter(draw, height, width, answer, shaded, target)
    shading = tuple(cell in shaded for cell in range(height * width))
    assert answer.broken((height, width), shading, ()) is None
    return shading


def _fits(height: int, width: int, answer: Format, shaded: set[int], cell: int) -> bool:
    """Whether shading ``cell`` keeps the format's local rules."""
    if answer.no_touch and any(n in shaded for n in neighbours(height, width, cell)):
        return False
    if not answer.no_pools:
        return True
    row, col = divmod(cell, width)
    for r in (row - 1, row):
        for c in (col - 1, col):
            if 0 <= r < height - 1 and 0 <= c < width - 1:
                block = {
                    r * width + c,
                    r * width + c + 1,
                    (r + 1) * width + c,
                    (r + 1) * width + c + 1,
                }
                if block - {cell} <= shaded:
                    return False
    return True


def _scatter(
    draw: random.Random, height: int, width: int, answer: Format, shaded: set[int], target: int
) -> None:
    cells = list(range(height * width))
    draw.shuffle(cells)
    for cell in cells:
        if len(shaded) >= target:
            return
        if not _fits(height, width, answer, shaded, cell):
            continue
        shaded.add(cell)
        if answer.connected == "unshaded" and len(_unshaded_groups(height, width, shaded)) > 1:
            shaded.discard(cell)


def _unshaded_groups(height: int, width: int, shaded: set[int]) -> list[list[int]]:
    return components(height, width, (c for c in range(height * width) if c not in shaded))


def _grow(
    draw: random.Random, height: int, width: int, answer: Format, shaded: set[int], target: int
) -> None:
    """A connected wall, one random frontier cell at a time."""
    shaded.add(draw.randrange(height * width))
    frontier = set(neighbours(height, width, next(iter(shaded))))
    while frontier and len(shaded) < target:
        cell = draw.choice(sorted(frontier))
        frontier.discard(cell)
        if _fits(height, width, answer, shaded, cell):
            shaded.add(cell)
            frontier |= set(neighbours(height, width, cell)) - shaded


# -- the clues ----------------------------------------------------------------------


class _Attempt:
    def __init__(
        self,
        draw: random.Random,
        height: int,
        width: int,
        colours: int,
        answer: Format,
        tell: Progress,
    ) -> None:
        self.draw, self.answer, self.tell = draw, answer, tell
        self.height, self.width = height, width
        self.solution = draw_solution(draw, height, width, answer)
        keys = draw.sample(suitable_rules(answer.key), colours)
        self.rules = dict(zip(COLOURS[:colours], keys, strict=False))
        self.chosen: dict[int, Clue] = {}
        self.max_clues = height * width // 2
        # The solution never changes, nor a placed clue: what is read off them is kept.
        self.values: dict[tuple[int, str], int | None] = {}
        self.switches: dict[int, int] = {}

    def run(self, connectivity: Connectivity) -> Puzzle | None:
        with ShadingSolver(
            self.height, self.width, self.answer.key, connectivity=connectivity
        ) as solver:
            self.solver = solver
            self.avoid = solver.avoiding(self.solution)
            if not self._seed_clues() or not self._until_unique():
                return None
            self._prune()
            if self._format_alone_decides():
                return None
        clues = [self.chosen[cell] for cell in sorted(self.chosen)]
        return Puzzle(
            height=self.height,
            width=self.width,
            format=self.answer.key,
            clues=clues,
            rules=self.rules,
            solution=list(self.solution),
        )

    def _value(self, cell: int, colour: str) -> int | None:
        """The clue value ``colour`` would show at ``cell``, None if unusable there."""
        if (cell, colour) not in self.values:
            rule = self.rules[colour]
            row, col = divmod(cell, self.width)
            value = RULES[rule].evaluate(self.height, self.width, self.solution, row, col)
            self.values[cell, colour] = None if rule == "region" and value > REGION_CAP else value
        return self.values[cell, colour]

    def _free_cells(self) -> list[int]:
        return [c for c, s in enumerate(self.solution) if not s and c not in self.chosen]

    def _add(self, cell: int, colour: str, value: int) -> None:
        row, col = divmod(cell, self.width)
        self.chosen[cell] = Clue(row=row, col=col, colour=colour, value=value)

    def _selectors(self, leave_out: int | None = None) -> list[int]:
        return [self._switch(cell) for cell in self.chosen if cell != leave_out]

    def _switch(self, cell: int) -> int:
        """The selector of the clue placed at ``cell`` (encoded on first use)."""
        if cell not in self.switches:
            clue = self.chosen[cell]
            self.switches[cell] = self.solver.clue(clue, self.rules[clue.colour])
        return self.switches[cell]

    def _seed_clues(self) -> bool:
        for colour in self.rules:
            cells = [c for c in self._free_cells() if self._value(c, colour) is not None]
            if len(cells) < MIN_CLUES_PER_COLOUR:
                return False
            for cell in self.draw.sample(cells, MIN_CLUES_PER_COLOUR):
                self._add(cell, colour, self._value(cell, colour) or 0)
        return True

    def _until_unique(self) -> bool:
        while True:
            other = self.solver.solve([*self._selectors(), self.avoid])
            if other is None:
                return True
            if len(self.chosen) >= self.max_clues or not self._rule_out(other):
                self.tell(f"gave up after {len(self.chosen)} clues")
                return False
            if len(self.chosen) % 10 == 0:
                self.tell(f"{len(self.chosen)} clues placed, still more than one answer")

    def _rule_out(self, other: Shading) -> bool:
        """Adds a clue that holds on the solution and fails on ``other``."""
        counts = dict.fromkeys(self.rules, 0)
        for clue in self.chosen.values():
            counts[clue.colour] += 1
        free = self._free_cells()
        for colour in sorted(self.rules, key=lambda c: (counts[c], self.draw.random())):
            killers = [c for c in free if self._kills(c, colour, other)]
            if killers:
                cell = self.draw.choice(killers)
                self._add(cell, colour, self._value(cell, colour) or 0)
                return True
        return False

    def _kills(self, cell: int, colour: str, other: Sequence[bool]) -> bool:
        value = self._value(cell, colour)
        if value is None:
            return False
        if other[cell]:
            return True  # a clue there must stay unshaded
        row, col = divmod(cell, self.width)
        return RULES[self.rules[colour]].evaluate(self.height, self.width, other, row, col) != value

    def _prune(self) -> None:
        order = sorted(self.chosen)
        self.draw.shuffle(order)
        for cell in order:
            colour = self.chosen[cell].colour
            if sum(1 for c in self.chosen.values() if c.colour == colour) <= MIN_CLUES_PER_COLOUR:
                continue
            if self.solver.solve([*self._selectors(leave_out=cell), self.avoid]) is None:
                del self.chosen[cell]

    def _format_alone_decides(self) -> bool:
        """Unique already with the clue cells unshaded and no number read."""
        bare = [self.solver.clue(clue, None) for clue in self.chosen.values()]
        return self.solver.solve([*bare, self.avoid]) is None
