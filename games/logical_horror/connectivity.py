"""Connectivity of the shaded (or unshaded) cells in CNF, two ways.

- **Cuts** (lazy): solve without it; if the model's cells fall apart, add for
  each piece C the clause "if a cell of C and a cell beyond C's rim are both
  in, some cell of the rim is in" (any path between them crosses the rim),
  and solve again. The clauses hold for every connected shading, so they stay.
- **Levels** (eager): the first cell in reading order is the root; cell i is
  reached within k steps iff it is in and it, or a neighbour, was reached
  within k - 1; every cell in must be reached within cells - 1 steps. Exact,
  and built once, but about 2·cells² gates.

``bench/content.py`` measures both; the solver uses cuts (see its docstring).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.logical_horror.clauses import Cnf
from games.logical_horror.formats import components, neighbours


def cuts(
    height: int, width: int, targets: Sequence[int], model: Sequence[bool], wanted: bool
) -> list[list[int]]:
    """Cut clauses for a model whose ``wanted`` cells are not connected; empty
    when they are. ``targets[i]``: the literal "cell i is one of the connected kind"."""
    groups = components(height, width, (i for i, s in enumerate(model) if s == wanted))
    if len(groups) <= 1:
        return []
    found = []
    for number, group in enumerate(groups):
        inside = set(group)
        rim = {n for cell in group for n in neighbours(height, width, cell)} - inside
        beyond = groups[1 if number == 0 else 0][0]
        found.append(
            [-targets[group[0]], -targets[beyond], *(targets[cell] for cell in sorted(rim))]
        )
    return found


def levels(cnf: Cnf, targets: Sequence[int]) -> None:
    """Writes the level encoding into ``cnf``."""
    height, width = cnf.height, cnf.width
    cells = height * width
    reached: list[int] = []
    earlier: int | None = None  # some cell before this one is in
    for cell in range(cells):
        target = targets[cell]
        if earlier is None:
            reached.append(target)
            earlier = target
        else:
            reached.append(cnf.and_([target, -earlier]))
            earlier = cnf.or_([earlier, target])
    for _ in range(cells - 1):
        reached = [
            cnf.and_(
                [
                    targets[cell],
                    cnf.or_(
                        [reached[cell], *(reached[n] for n in neighbours(height, width, cell))]
                    ),
                ]
            )
            for cell in range(cells)
        ]
    cnf.clauses.extend([-targets[cell], reached[cell]] for cell in range(cells))
