"""What one seat knows about the hidden rules, from its own view alone.

Each colour's rule is one of the catalog's; every query the seat made rules
some out: a public query tells, per clue, whether the board met it, so a rule
stays only if it gives the same answer for every clue of its colour; a private
query tells, per colour, whether all its clues were met. A hint names the rule.
Stronger levels also read the opponent's public queries (the count of clues
met couples the colours) and drop rules under which no shading meets that
colour's clues at all.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any

from bot.demo.horror.work import Allowance, Answer, ask
from games.logical_horror.puzzle import Clue
from games.logical_horror.rules import RULES
from games.logical_horror.solver import ShadingSolver

#: Rule key for each colour, in the puzzle's colour order.
Mapping_ = tuple[str, ...]
#: Joint rule mappings enumerated at most (past it, colours are guessed one by one).
MOST_MAPPINGS = 3_000


@dataclass(frozen=True, eq=False)
class Grid:
    """The public puzzle: size, answer format, clues and colours. One object per
    puzzle (:meth:`of` interns them), so the caches below compare it by identity."""

    height: int
    width: int
    format: str
    clues: tuple[Clue, ...]
    colours: tuple[str, ...]

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> Grid:
        return _interned(json.dumps(view["puzzle"], sort_keys=True))

    def clues_of(self, colour: str) -> tuple[int, ...]:
        return _clues_of(self, colour)


@lru_cache(maxsize=64)
def _interned(puzzle_json: str) -> Grid:
    puzzle = json.loads(puzzle_json)
    return Grid(
        height=puzzle["height"],
        width=puzzle["width"],
        format=puzzle["format"]["key"],
        clues=tuple(Clue(**clue) for clue in puzzle["clues"]),
        colours=tuple(puzzle["colours"]),
    )


@lru_cache(maxsize=256)
def _clues_of(grid: Grid, colour: str) -> tuple[int, ...]:
    return tuple(i for i, clue in enumerate(grid.clues) if clue.colour == colour)


def holds(grid: Grid, rule: str, board: Sequence[bool], index: int) -> bool:
    """Would clue ``index`` be met by ``board`` if its colour meant ``rule``?"""
    clue = grid.clues[index]
    if board[clue.row * grid.width + clue.col]:
        return False
    if clue.value is None:
        return True
    value = RULES[rule].evaluate(grid.height, grid.width, board, clue.row, clue.col)
    return bool(value == clue.value)


@lru_cache(maxsize=65_536)
def answers(grid: Grid, rule: str, colour: str, board: tuple[bool, ...]) -> tuple[bool, ...]:
    """What a public query of ``board`` would tell about ``colour``'s clues under
    ``rule`` (cached: every decision reads the same past queries again)."""
    return tuple(holds(grid, rule, board, i) for i in grid.clues_of(colour))


def own_candidates(grid: Grid, view: Mapping[str, Any]) -> dict[str, list[str]]:
    """Each colour's rules still possible after the seat's own queries and hints."""
    found: dict[str, list[str]] = {}
    for colour in grid.colours:
        if colour in view["hinted"]:
            found[colour] = [view["hinted"][colour]["rule"]]
            continue
        found[colour] = [
            rule
            for rule in RULES
            if all(_fits(grid, rule, colour, query) for query in view["my_queries"])
        ]
    return found


def _fits(grid: Grid, rule: str, colour: str, query: Mapping[str, Any]) -> bool:
    board = tuple(query["board"])
    if query["clues"] is not None:
        told = tuple(query["clues"][i] for i in grid.clues_of(colour))
        return answers(grid, rule, colour, board) == told
    if query["colours"] is not None and colour in query["colours"]:
        return all(answers(grid, rule, colour, board)) == query["colours"][colour]
    return True


@lru_cache(maxsize=2048)
def meetable(grid: Grid, colour: str, rule: str) -> Answer[bool]:
    """Can any shading in the format meet every clue of ``colour`` under ``rule``?
    (Yes unless shown impossible within the question's budget.)"""
    with ShadingSolver(grid.height, grid.width, grid.format) as solver:
        selectors = [solver.clue(grid.clues[i], rule) for i in grid.clues_of(colour)]
        answer = ask(solver, selectors)
    return Answer(answer.value is not None or not answer.settled, answer.cost)


def pruned(
    grid: Grid, candidates: dict[str, list[str]], quota: int, allowance: Allowance
) -> dict[str, list[str]]:
    """Rules no shading can meet dropped (a colour keeps its list if all would go).

    Only pairs among the first ``quota`` of every pair, in a fixed order, are
    asked about: each solve costs, so a decision asks about a few more pairs
    than the last one did (the quota grows with the seat's queries), and the
    answers are cached. The window is of every pair, not of those still open:
    one of open pairs slid onto new pairs as rules fell, up to its whole quota
    of solves in one decision (0.4 s and more on a 10×10 board). Nothing more
    is asked once half the decision's ``allowance`` is spent: the rest is the
    query's."""
    every_pair = [(c, r) for r in RULES for c in grid.colours]
    asked = {(c, r) for c, r in every_pair[:quota] if r in candidates[c]}
    kept = {}
    for colour, rules in candidates.items():
        possible = [
            rule
            for rule in rules
            if len(rules) == 1
            or (colour, rule) not in asked
            or allowance.half_spent
            or allowance.take(meetable(grid, colour, rule))
        ]
        kept[colour] = possible or rules
    return kept


def mappings(
    grid: Grid, candidates: dict[str, list[str]], counts: Sequence[tuple[Sequence[bool], int]]
) -> list[Mapping_] | None:
    """Every joint mapping the opponent's public counts allow (None: too many to list)."""
    lists = [candidates[colour] for colour in grid.colours]
    total = 1
    for rules in lists:
        total *= len(rules)
    if total > MOST_MAPPINGS:
        return None
    kept = [m for m in product(*lists) if all(_count(grid, m, b) == n for b, n in counts)]
    return kept or None


def _count(grid: Grid, mapping: Mapping_, board: Sequence[bool]) -> int:
    shading = tuple(board)
    return sum(
        sum(answers(grid, rule, colour, shading))
        for colour, rule in zip(grid.colours, mapping, strict=True)
    )


def opponent_counts(view: Mapping[str, Any], seat: int) -> list[tuple[Sequence[bool], int]]:
    """The opponent's public queries: each board and how many clues it met."""
    return [
        (query["board"], query["satisfied"])
        for query in view["public_queries"]
        if query["seat"] != seat and query["satisfied"] is not None
    ]
