"""An independent count of a puzzle's answers: plain search, no SAT.

It shares nothing with the solver's encoding. It reads only the catalogs'
own definitions — ``Format.broken`` and ``Rule.evaluate`` — and what each
rule declares: the cells it ``reads`` and its ``trend``.

**How it proves uniqueness.** A depth-first search decides cells one at a
time, unshaded or shaded (clue cells only unshaded). A complete shading is
counted only if ``broken`` finds nothing and every clue's ``evaluate`` equals
its number, so everything counted is an answer. Between branchings, a cell
is decided without branching, or the branch abandoned, only when a value is
impossible for every completion:

- it would break a local format rule with decided cells (two shaded side by
  side, a shaded 2×2 block);
- it would put a clue out of reach: a decided partial shading has two extreme
  completions (undecided cells all shaded, all unshaded) and a rule with a
  trend (its value only moves one way as cells get shaded) has every
  completion's value between its values on those two. A rule without a trend
  is checked by trying every completion once at most ``ENUMERATED`` of the
  cells it reads are open. Distance's one exception to its trend (0 on a
  grid with nothing shaded) makes the all-unshaded value the smaller one,
  and then that clue bounds nothing;
- connectivity: the decided cells of the connected kind must lie in one group
  of the cells that still may be of it, and an undecided cell every path
  between two of them must cross (a cut vertex) must be of it too.

So no answer is ever cut away, the search visits every branch that is left,
and the count (up to ``limit``) is exact. The tests check it against plain
enumeration of every shading of 4×4 grids, and against the SAT solver.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.logical_horror.formats import FORMATS, neighbour_table, neighbours
from games.logical_horror.puzzle import Clue, Shading
from games.logical_horror.rules import RULES, Rule
from games.logical_horror.solver import PuzzleParts

#: A rule with no trend is tried on every completion of at most this many open cells.
ENUMERATED = 3


@dataclass(frozen=True)
class _Watch:
    number: int
    clue: Clue
    rule: Rule
    reads: tuple[int, ...]

    #: Its keys in ``_Board.measured``, by side (``_MOST``, ``_LEAST``).
    sides: tuple[tuple[int, bool], tuple[int, bool]]


#: The extreme completions by what trying a cell changes: shading it changes
#: ``least``, leaving it unshaded changes ``most``.
_MOST, _LEAST = False, True
#: Where a side's table keeps the clue's value on that completion itself.
_AS_IS = -1
_NONE: dict[int, int] = {}


@dataclass
class _Board:
    """A partial shading as its two extreme completions: undecided cells all
    shaded (``most``) and all unshaded (``least``); decided cells agree.

    ``measured[(watch number, side)]`` caches the clue's value on one side:
    as is (key ``_AS_IS``) and with one undecided cell flipped (key: the cell).
    A table is dropped when a cell the clue reads changes on that side, so
    while it lives the cells it depends on are as they were when it was
    filled: a copied board may share it with its parent, whose board no
    longer changes once it has children."""

    most: list[bool]
    least: list[bool]
    measured: dict[tuple[int, bool], dict[int, int]]

    def copy(self) -> _Board:
        return _Board(self.most.copy(), self.least.copy(), dict(self.measured))


def solutions(parts: PuzzleParts, limit: int | None = 2) -> list[Shading]:
    """Up to ``limit`` answers (None: all)."""
    return _Search(parts, limit).run()


def count(parts: PuzzleParts, limit: int | None = 2) -> int:
    return len(solutions(parts, limit))


def verify(parts: PuzzleParts, solution: Sequence[bool]) -> bool:
    """``solution`` is the one and only answer."""
    return solutions(parts, 2) == [tuple(solution)]


class _Search:
    def __init__(self, parts: PuzzleParts, limit: int | None) -> None:
        self.parts, self.limit = parts, limit
        self.h, self.w = parts.height, parts.width
        self.n = self.h * self.w
        self.format = FORMATS[parts.format]
        self.clue_cells = {clue.row * self.w + clue.col for clue in parts.clues}
        self.watchers: list[list[_Watch]] = [[] for _ in range(self.n)]
        self.watches: list[_Watch] = []
        for number, clue in enumerate(parts.clues):
            if clue.value is None:
                continue
            rule = RULES[parts.rules[clue.colour]]
            reads = rule.reads(self.h, self.w, clue.row, clue.col)
            watch = _Watch(number, clue, rule, reads, ((number, _MOST), (number, _LEAST)))
            self.watches.append(watch)
            for cell in reads:
                self.watchers[cell].append(watch)
        # Cells whose probe may change when a cell is decided: those sharing a
        # clue with it, and those close enough to share a format rule.
        self.related: list[set[int]] = [
            {c for watch in self.watchers[cell] for c in watch.reads} | self._near(cell)
            for cell in range(self.n)
        ]
        self.found: list[Shading] = []
        # The cells a shaded cell may not join, worked out once: the search asks
        # of every cell it tries.
        self.touching = [
            neighbours(self.h, self.w, cell) if self.format.no_touch else ()
            for cell in range(self.n)
        ]
        self.pools = [
            _pool_partners(self.h, self.w, cell) if self.format.no_pools else []
            for cell in range(self.n)
        ]

    def _near(self, cell: int) -> set[int]:
        row, col = divmod(cell, self.w)
        return {
            r * self.w + c
            for r in range(max(0, row - 1), min(self.h, row + 2))
            for c in range(max(0, col - 1), min(self.w, col + 2))
        }

    def run(self) -> list[Shading]:
        most = [cell not in self.clue_cells for cell in range(self.n)]
        self._node(_Board(most, [False] * self.n, {}), set(range(self.n)))
        return self.found

    def _done(self) -> bool:
        return self.limit is not None and len(self.found) >= self.limit

    def _node(self, board: _Board, dirty: set[int]) -> None:
        if not self._settle(board, dirty):
            return
        cell = self._pick(board)
        if cell is None:
            self._leaf(tuple(board.least))
            return
        for shaded in (False, True):
            if self._try(board, cell, shaded):
                child = board.copy()
                self._decide(child, cell, shaded)
                self._node(child, set(self.related[cell]))
            if self._done():
                return

    def _pick(self, board: _Board) -> int | None:
        """The undecided cell to branch on: the one most nearly settling its
        clues (each clue adds 1 / its undecided cells), first in reading order."""
        undecided = [board.most[c] != board.least[c] for c in range(self.n)]
        if not any(undecided):
            return None
        weight = [0.0] * self.n
        for watch in self.watches:
            open_cells = [c for c in watch.reads if undecided[c]]
            for c in open_cells:
                weight[c] += 1 / len(open_cells)
        return max((c for c in range(self.n) if undecided[c]), key=lambda c: (weight[c], -c))

    def _decide(self, board: _Board, cell: int, shaded: bool) -> None:
        board.most[cell] = board.least[cell] = shaded
        # Only one side changes: shading an undecided cell changes ``least``.
        changed = _LEAST if shaded else _MOST
        for watch in self.watchers[cell]:
            board.measured.pop(watch.sides[changed], None)

    def _settle(self, board: _Board, dirty: set[int]) -> bool:
        """Propagates clues and format to a fixed point; False on a dead end."""
        while True:
            if not self._propagate(board, dirty):
                return False
            joints = self._joints(board)
            if joints is None:
                return False
            if not joints:
                return True
            kind = self.format.connected == "shaded"
            for cell in joints:
                if not self._try(board, cell, kind):
                    return False
                self._decide(board, cell, kind)
                dirty |= self.related[cell]

    def _propagate(self, board: _Board, dirty: set[int]) -> bool:
        """Decides every cell one of whose values is already out of reach;
        False when some cell has no value left."""
        while dirty:
            cell = dirty.pop()
            if board.most[cell] == board.least[cell]:
                continue
            can_unshade = self._try(board, cell, False)
            can_shade = self._try(board, cell, True)
            if not (can_unshade or can_shade):
                return False
            if can_unshade != can_shade:
                self._decide(board, cell, can_shade)
                dirty |= self.related[cell]
        return True

    def _try(self, board: _Board, cell: int, shaded: bool) -> bool:
        """Could undecided ``cell`` take this value, as far as its neighbours and
        clues tell? Only one extreme completion changes: shading it changes the
        all-unshaded one, leaving it unshaded the all-shaded one."""
        if shaded and not self._local_ok(board.least, cell):
            return False
        side = board.least if shaded else board.most
        # The search's innermost loop (millions of calls for the generator's
        # tests): the cached values are read in place, the bound checked inline.
        measured = board.measured
        for watch in self.watchers[cell]:
            rule = watch.rule
            if rule.trend is None:
                if not self._reachable(board, watch, cell, shaded):
                    return False
                continue
            here, there = watch.sides[shaded], watch.sides[not shaded]
            flipped = measured.get(here)
            if flipped is None:
                flipped = measured[here] = {}
            changed = flipped.get(cell)
            if changed is None:
                side[cell] = shaded
                changed = rule.evaluate(self.h, self.w, side, watch.clue.row, watch.clue.col)
                side[cell] = not shaded
                flipped[cell] = changed
            kept = measured.get(there, _NONE).get(_AS_IS)
            if kept is None:
                kept = self._as_is(board, watch, not shaded)
            on_most, on_least = (kept, changed) if shaded else (changed, kept)
            low, high = (on_least, on_most) if rule.trend == "up" else (on_most, on_least)
            # The clue's value must lie between its values on the two extreme
            # completions; low > high is distance on an all-unshaded one: no bound.
            if low <= high and not low <= (watch.clue.value or 0) <= high:
                return False
        return True

    def _as_is(self, board: _Board, watch: _Watch, least: bool) -> int:
        """The clue's value on one extreme completion of ``board`` (cached)."""
        table = board.measured.get(watch.sides[least])
        if table is None:
            table = board.measured[watch.sides[least]] = {}
        found = table.get(_AS_IS)
        if found is None:
            side = board.least if least else board.most
            found = watch.rule.evaluate(self.h, self.w, side, watch.clue.row, watch.clue.col)
            table[_AS_IS] = found
        return found

    def _reachable(self, board: _Board, watch: _Watch, cell: int, shaded: bool) -> bool:
        """For a rule with no trend: with ``cell`` so, can some completion of the
        few cells it reads that are still undecided give the clue's value?
        (With more than ``ENUMERATED`` of them, it does not tell.)"""
        open_cells = [c for c in watch.reads if c != cell and board.most[c] != board.least[c]]
        if len(open_cells) > ENUMERATED:
            return True
        trial = board.least.copy()
        trial[cell] = shaded
        row, col = watch.clue.row, watch.clue.col
        for pattern in range(1 << len(open_cells)):
            for bit, c in enumerate(open_cells):
                trial[c] = bool(pattern >> bit & 1)
            if watch.rule.evaluate(self.h, self.w, trial, row, col) == watch.clue.value:
                return True
        return False

    def _leaf(self, shading: Shading) -> None:
        if self.format.broken(self.parts, shading) is None and all(
            self._holds(clue, shading) for clue in self.parts.clues
        ):
            self.found.append(shading)

    def _holds(self, clue: Clue, shading: Shading) -> bool:
        if clue.value is None:
            return True
        rule = RULES[self.parts.rules[clue.colour]]
        return rule.evaluate(self.h, self.w, shading, clue.row, clue.col) == clue.value

    def _local_ok(self, least: list[bool], cell: int) -> bool:
        """Shading ``cell`` keeps the format's local rules with the decided
        shaded cells (those shaded in ``least``)."""
        for other in self.touching[cell]:
            if least[other]:
                return False
        return not any(least[a] and least[b] and least[c] for a, b, c in self.pools[cell])

    def _joints(self, board: _Board) -> list[int] | None:
        """Undecided cells that must be of the connected kind because every way
        between two cells that are of it runs through them (cut vertices of the
        cells that still may be, found by Tarjan's low links). None when the
        cells that are of it can no longer join up at all."""
        if self.format.connected is None:
            return []
        shaded = self.format.connected == "shaded"
        may = {c for c in range(self.n) if (board.most[c] if shaded else not board.least[c])}
        must = {c for c in may if board.most[c] == board.least[c]}
        if not must:
            return []
        table = neighbour_table(self.h, self.w)
        order: dict[int, int] = {}
        low: dict[int, int] = {}
        joints: set[int] = set()

        def visit(cell: int) -> int:
            """Numbers ``cell``'s subtree; returns how many must-cells it holds."""
            order[cell] = low[cell] = len(order)
            held = int(cell in must)
            for nxt in table[cell]:
                if nxt not in may:
                    continue
                if nxt in order:
                    low[cell] = min(low[cell], order[nxt])
                    continue
                below = visit(nxt)
                held += below
                low[cell] = min(low[cell], low[nxt])
                # Cutting `cell` strands nxt's subtree, which holds a must-cell,
                # away from the root (a must-cell itself).
                if low[nxt] >= order[cell] and below and cell not in must:
                    joints.add(cell)
            return held

        if visit(min(must)) < len(must):
            return None
        return sorted(joints)


def _pool_partners(height: int, width: int, cell: int) -> list[tuple[int, int, int]]:
    """The other three cells of each 2×2 block holding ``cell``."""
    row, col = divmod(cell, width)
    found = []
    for r in (row - 1, row):
        for c in (col - 1, col):
            if 0 <= r < height - 1 and 0 <= c < width - 1:
                block = (
                    r * width + c,
                    r * width + c + 1,
                    (r + 1) * width + c,
                    (r + 1) * width + c + 1,
                )
                a, b, d = (i for i in block if i != cell)
                found.append((a, b, d))
    return found
