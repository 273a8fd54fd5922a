"""Geometry commands: their effect on 4×4, 8×8 and 10×10 boards, and every ERROR."""

from __future__ import annotations

import pytest

from games.runebreaker.board import Board
from tests.games.runebreaker.commands_support import EMPTY, error_of, run, stretch, table_tests

CORNERS = """
Rc Os *
~
* Bt
"""

STACKS = """
Rc Os *
Gc *
~
* Bt
"""

EFFECTS = [
    ("rotate 90", CORNERS, "* Rc\n* Os\n~\nBt *"),
    ("rotate 180", CORNERS, "Bt *\n~\n* Os Rc"),
    ("rotate 270", CORNERS, "* Bt\n~\nOs *\nRc *"),
    ("flip left-right", CORNERS, "* Os Rc\n~\nBt *"),
    ("flip top-bottom", CORNERS, "* Bt\n~\nRc Os *"),
    ("transpose", CORNERS, "Rc *\nOs *\n~\n* Bt"),
    ("shift right 1", CORNERS, ".. Rc Os *\n~\n*"),
    ("shift down 2", CORNERS, "*\n*\nRc Os *\n~"),
    ("shift left 3", CORNERS, "~\n* Bt .. .. .."),
    ("shift up 1", CORNERS, "~\n* Bt\n*"),
    ("gravity down", STACKS, "~\nRc *\nGc Os * Bt"),
    ("gravity right", STACKS, "* Rc Os\n* Gc\n~\n* Bt"),
    ("gravity up", STACKS, "Rc Os * Bt\nGc *\n~"),
    ("gravity left", STACKS, "Rc Os *\nGc *\n~\nBt *"),
    ("slide 1 right", STACKS, ".. Rc Os *\nGc *\n~\n* Bt"),
    ("slide 2 left", STACKS, "Rc Os *\n*\n~\n* Bt"),
    ("slide 2 right", STACKS, "Rc Os *\n.. Gc *\n~\n* Bt"),
    ("slide 1 down", STACKS, ".. Os *\nRc *\nGc *\n~\n* Bt"),
    ("slide 2 up", STACKS, "Rc *\nGc *\n~\n* Bt"),
]


ERRORS = [
    ("rotate 90", EMPTY, "looks the same rotated 90°"),
    ("rotate 90", "Rc * Rc\n~\nRc * Rc", "looks the same rotated 90°"),
    ("rotate 180", "Rc *\n~\n* Rc", "looks the same rotated 180°"),
    ("rotate 270", "Os * Os\n~\nOs * Os", "looks the same rotated 270°"),
    ("flip left-right", "Rc * Rc\n~", "looks the same flipped left-right"),
    ("flip top-bottom", "Rc *\n~\nRc *", "looks the same flipped top-bottom"),
    ("flip top-bottom", EMPTY, "looks the same flipped"),
    ("transpose", "Rc *\n~\n* Os", "looks the same transposed"),
    ("transpose", EMPTY, "looks the same transposed"),
    ("shift right 1", "* Rc\n~", "no object would stay on the board after shifting right"),
    ("shift down 3", "~\nRc *\n* Os\nBt *", "no object would stay"),
    ("shift up 2", EMPTY, "no object would stay"),
    ("gravity down", "~\nRc Os *", "nothing would fall down"),
    ("gravity left", "Rc Os *\n~", "nothing would fall left"),
    ("gravity up", EMPTY, "nothing would fall up"),
    ("slide 2 right", "Rc *\n~", "row 2 has no object to slide"),
    ("slide 1 up", "* Rc\n~", "column 1 has no object to slide"),
]


test_effect, test_error = table_tests(EFFECTS, ERRORS)


def test_gravity_keeps_the_order_of_a_full_line() -> None:
    board = stretch("Rc Os .. Bt *\n~", 5)
    assert run("gravity right", board) == stretch("* Rc Os Bt\n~", 5)


def test_slide_on_a_board_smaller_than_the_line() -> None:
    board = stretch("Rc *\n~", 3)
    assert error_of("slide 4 right", board) == "there is no row 4 on a 3×3 board"
    assert error_of("slide 4 down", board) == "there is no column 4 on a 3×3 board"


def test_rotation_of_an_odd_board_keeps_the_centre() -> None:
    board = Board.empty(5).with_cell(2, 2, "Gx").with_cell(0, 0, "Rc")
    after = run("rotate 90", board)
    assert after.at(2, 2) == "Gx"
    assert after.at(0, 4) == "Rc"


@pytest.mark.parametrize("size", [1, 2, 3, 5, 7])
def test_geometry_works_on_any_size(size: int) -> None:
    board = Board.empty(size).with_cell(0, 0, "Rc")
    if size > 1:
        assert run("rotate 180", board).at(size - 1, size - 1) == "Rc"
        assert run("gravity down", board).at(size - 1, 0) == "Rc"
        turned = run("transpose; flip left-right", board.with_cell(0, size - 1, "Bs"))
        assert turned == run("rotate 90", board.with_cell(0, size - 1, "Bs"))
    else:
        assert "looks the same" in error_of("rotate 90", board)
