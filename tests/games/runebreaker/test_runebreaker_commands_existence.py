"""Existence commands: their effect on 4×4, 8×8 and 10×10 boards, and every ERROR."""

from __future__ import annotations

import pytest

from games.runebreaker.board import Board
from tests.games.runebreaker.commands_support import (
    EMPTY,
    SIZES,
    error_of,
    run,
    stretch,
    table_tests,
)

CROWD = """
Rc Rc * Bs
Gs *
~
* Bs Yh
"""

PAIR = """
Rc *
~
* Bs
"""

EFFECTS = [
    ("delete-colour R", CROWD, "* Bs\nGs *\n~\n* Bs Yh"),
    ("delete-shape s", CROWD, "Rc Rc *\n*\n~\n* Yh"),
    ("delete-object Bs", CROWD, "Rc Rc *\nGs *\n~\n* Yh"),
    ("keep-colour B", CROWD, "* Bs\n*\n~\n* Bs .."),
    ("keep-shape c", CROWD, "Rc Rc *\n*\n~\n*"),
    ("duplicate right", CROWD, "Rc Rc Rc * Bs\nGs Gs *\n~\n* Bs Yh"),
    ("duplicate down", CROWD, "Rc Rc * Bs\nGs Rc * Bs\nGs *\n~\n* Bs Yh"),
    ("duplicate left", PAIR, "Rc *\n~\n* Bs Bs"),
    ("duplicate up", PAIR, "Rc *\n~\n* Bs\n* Bs"),
    ("grow", PAIR, "Rc Rc *\nRc *\n~\n* Bs\n* Bs Bs"),
    # Ties go to the first neighbour in reading order: above, left, right, below.
    ("grow", "Rc .. Bs *\n~", "Rc Rc Bs Bs *\nRc .. Bs *\n~"),
    ("grow", ".. Rc *\nBs .. *\n~", "Rc Rc Rc *\nBs Rc *\nBs *\n~"),
    ("remove-isolated", "Rc Os *\n~\nGt * Bs", "Rc Os *\n~\n*"),
    ("remove-isolated", "Rc *\nOs *\n~\n* Bs", "Rc *\nOs *\n~\n*"),
    ("clear-border", "Rc *\n.. Os *\n.. .. Gt *\n~\n* Bs", "*\n.. Os *\n.. .. Gt *\n~\n*"),
    ("remove-copies", "Rc Os * Rc\n~\n* Os Rc", "Rc Os *\n~\n*"),
]


ERRORS = [
    ("delete-colour R", "Bc * Os\n~", "no red object to delete"),
    ("delete-colour R", EMPTY, "no red object to delete"),
    ("delete-shape h", CROWD.replace("Yh", "Yx"), "no heart to delete"),
    ("delete-object Rc", "Rs * Bc\n~", "no red circle to delete"),
    ("keep-colour P", CROWD, "no purple object to keep"),
    ("keep-shape t", CROWD, "no triangle to keep"),
    ("keep-shape t", EMPTY, "no triangle to keep"),
    ("duplicate right", "* Rc\n~", "no object has an empty cell right of it"),
    ("duplicate right", "* Rc Os\n~", "no object has an empty cell right of it"),
    ("duplicate up", "Rc * Os\n~", "no object has an empty cell above it"),
    ("duplicate down", EMPTY, "no object has an empty cell below it"),
    ("grow", EMPTY, "no object has an empty neighbour"),
    ("remove-isolated", "Rc Os *\n~", "no object stands alone"),
    ("remove-isolated", EMPTY, "no object stands alone"),
    ("clear-border", "*\n.. Rc *\n~", "no object on the edge"),
    ("clear-border", EMPTY, "no object on the edge"),
    ("remove-copies", "Rc Rs *\n~\n* Bc", "no two objects are identical"),
    ("remove-copies", EMPTY, "no two objects are identical"),
]


test_effect, test_error = table_tests(EFFECTS, ERRORS)


@pytest.mark.parametrize("size", SIZES)
def test_grow_on_a_full_board_errors(size: int) -> None:
    full = Board(size, ("Rc",) * (size * size))
    assert error_of("grow", full) == "no object has an empty neighbour to grow into"


@pytest.mark.parametrize("size", SIZES)
def test_keep_colour_when_everything_has_it_changes_nothing(size: int) -> None:
    board = stretch("Rc Rs *\n~", size)
    assert run("keep-colour R", board) == board
