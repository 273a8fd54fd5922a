"""Finals: a Command Sequence that turns the round's Reagent into its Product.

Any spelling that does so is correct (DECISIONS.md), so the search uses the
primitive runes only (whatever skip, repeat, again or reverse-rest do, some
string of primitives does too): breadth first from the Reagent, one rune at a
time, each board met once, until the Product appears or the budget of boards
(or of commands run) is spent. Shortest sequences come first, and runes in the order given.
Boards that cannot become the Product (:mod:`.laws`) are passed over only
where that cannot change what the search meets or finds.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from itertools import product as product_of
from typing import NamedTuple

from bot.demo.runes.knowledge import shown
from bot.demo.runes.laws import Facts, may_become, obeyed
from games.runebreaker.board import Board
from games.runebreaker.commands import CATALOG, Bound, CommandError, apply_primitive

#: The longest sequence tried (generated ones are 3–7 long, structural runes spelt out).
MOST_COMMANDS = 9


class Explored(NamedTuple):
    """What a search found (None: nothing) and how many commands it ran for it."""

    found: tuple[str, ...] | None
    runs: int


@lru_cache(maxsize=256)
def explore(
    meanings: tuple[tuple[str, Bound], ...],
    reagent: Board,
    product: Board,
    boards: int,
    runs: int | None = None,
) -> Explored:
    """Symbols whose commands turn ``reagent`` into ``product`` (``found``; None: not
    found), met within ``boards`` boards and ``runs`` commands run (None: no bound
    but the boards), and the commands it ran. Running commands is the
    search's whole cost, and a search that finds nothing runs until its budget
    is spent (with boards alone, it then still runs the moves of every board
    left queued, looking one step further): a count of them bounds a decision's
    time, and, unlike a clock, is the same on every machine, so the answer stays
    seeded."""
    moves = [(symbol, bound) for symbol, bound in meanings if not CATALOG[bound.entry].structural]
    goal = Facts.of(product)
    if not may_become(Facts.of(reagent), goal, obeyed(bound.entry for _, bound in moves)):
        return Explored(None, 0)  # the moves break a law the Reagent and the Product keep
    budget = runs if runs is not None else -1
    ran = 0
    each_obeys = [obeyed((bound.entry,)) for _, bound in moves]
    # Boards are told apart by their cells alone: the cells are what is kept and
    # compared (tuples hash and compare in C, with no method of the Board's).
    goal_cells = product.cells
    seen = {reagent.cells}
    queue: deque[tuple[Board, tuple[str, ...]]] = deque([(reagent, ())])
    while queue:
        board, path = queue.popleft()
        if len(path) >= MOST_COMMANDS:
            continue
        # Once no more boards may be met, a move counts only if it makes the
        # Product: one whose laws this board and the Product break need not run.
        facts = Facts.of(board) if len(seen) >= boards else None
        for (symbol, bound), laws in zip(moves, each_obeys, strict=True):
            if facts is not None and not may_become(facts, goal, laws):
                continue
            if ran == budget:
                return Explored(None, ran)
            ran += 1
            try:
                after = apply_primitive(board, bound)  # a primitive: no program to follow
            except CommandError:
                continue
            cells = after.cells
            if cells == goal_cells:
                return Explored((*path, symbol), ran)
            met = len(seen)
            if met < boards:
                seen.add(cells)
                if len(seen) > met:  # a board not met before
                    queue.append((after, (*path, symbol)))
    return Explored(None, ran)


def chance(
    spelling: tuple[str, ...],
    sure: dict[str, Bound],
    unsure: dict[str, tuple[tuple[Bound, int], ...]],
    reagent: Board,
    product: Board,
) -> float:
    """The share of the meanings still possible under which ``spelling`` turns
    ``reagent`` into ``product``: ``unsure`` holds each unsure rune's behaviours
    (one command standing for each, with how many commands behave so); every
    command a rune may be counts alike."""
    used = [symbol for symbol in dict.fromkeys(spelling) if symbol not in sure]
    right = total = 0
    for picked in product_of(*(unsure[symbol] for symbol in used)):
        meaning = dict(sure)
        meaning.update((symbol, bound) for symbol, (bound, _) in zip(used, picked, strict=True))
        weight = 1
        for _, count in picked:
            weight *= count
        total += weight
        right += weight * (shown(reagent, tuple(meaning[s] for s in spelling)) == product.cells)
    return right / total if total else 0.0
