"""What a command can never do, so a search can tell a board cannot become the
Product without running anything on it.

Each law says how a board after a command relates to the board before it,
whatever the board and parameters; ``tests/bot/demo/test_rune_laws.py`` checks
each on random boards. A law every move of a search obeys holds along every
path: when the Reagent and the Product break it, no sequence of those moves
joins them (the finals search gives up before it starts); when a board and the
Product break a move's laws, that move cannot make the Product from it (the
search, once it may meet no more boards, need not run it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import NamedTuple

from games.runebreaker.board import Board
from games.runebreaker.commands import CATALOG

#: Attribute commands change what objects are: the only ones that make an object
#: not on the board already (the others move, copy or remove objects).
_MAKE_OBJECTS = frozenset(name for name, entry in CATALOG.items() if entry.group == "attributes")
#: The only commands that add objects (copies into empty cells).
_ADD = frozenset({"duplicate", "grow", "symmetrize"})
#: The only commands that remove objects (off the edge, deleted, overwritten).
_REMOVE = frozenset(
    {
        "shift",
        "slide",
        "symmetrize",
        "clear-border",
        "delete-colour",
        "delete-object",
        "delete-shape",
        "keep-colour",
        "keep-shape",
        "remove-copies",
        "remove-isolated",
    }
)
#: The only commands that bring a colour (a shape) not on the board already.
_NEW_COLOUR = frozenset({"recolour", "paint"})
_NEW_SHAPE = frozenset({"reshape"})
#: Commands that leave every empty cell empty and every full one full.
_KEEP_SILHOUETTE = _MAKE_OBJECTS | {"sort-rows", "sort-columns", "reverse-rows", "reverse-columns"}
#: Commands that only move objects around, losing none: the same objects, as many.
_KEEP_OBJECTS = frozenset(
    {"flip", "rotate", "transpose", "gravity", "sort-rows", "sort-columns"}
    | {"reverse-rows", "reverse-columns"}
)


class Facts(NamedTuple):
    """What the laws compare of a board."""

    number: int
    objects: frozenset[str]
    colours: frozenset[str]
    shapes: frozenset[str]
    silhouette: tuple[bool, ...]
    tally: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, board: Board) -> Facts:
        pieces = [cell for cell in board.cells if cell is not None]
        objects = frozenset(pieces)
        return cls(
            len(pieces),
            objects,
            frozenset(piece[0] for piece in objects),
            frozenset(piece[1] for piece in objects),
            tuple(cell is None for cell in board.cells),
            tuple(sorted(Counter(pieces).items())),
        )


#: A law: may a board with the first facts become one with the second?
Law = Callable[[Facts, Facts], bool]

LAWS: dict[str, tuple[Law, frozenset[str]]] = {
    # name: (the law, the commands that may break it)
    "no new objects": (lambda a, b: b.objects <= a.objects, _MAKE_OBJECTS),
    "never more objects": (lambda a, b: b.number <= a.number, _ADD),
    "never fewer objects": (lambda a, b: b.number >= a.number, _REMOVE),
    "no new colour": (lambda a, b: b.colours <= a.colours, _NEW_COLOUR),
    "no new shape": (lambda a, b: b.shapes <= a.shapes, _NEW_SHAPE),
    "same silhouette": (
        lambda a, b: a.silhouette == b.silhouette,
        frozenset(CATALOG) - _KEEP_SILHOUETTE,
    ),
    "same objects": (lambda a, b: a.tally == b.tally, frozenset(CATALOG) - _KEEP_OBJECTS),
}


def obeyed(commands: Iterable[str]) -> tuple[Law, ...]:
    """The laws every one of ``commands`` (names of primitives) obeys."""
    names = set(commands)
    return tuple(law for law, breakers in LAWS.values() if not names & breakers)


def may_become(before: Facts, after: Facts, laws: tuple[Law, ...]) -> bool:
    """Whether a board may become another under moves that obey ``laws``."""
    return all(law(before, after) for law in laws)
