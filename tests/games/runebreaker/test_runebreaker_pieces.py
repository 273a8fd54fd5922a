"""Objects, palettes and the board model."""

from __future__ import annotations

import pytest

from games.runebreaker.board import Board
from games.runebreaker.pieces import (
    COLOURS,
    DEFAULT_PALETTE,
    SHAPES,
    Palette,
    colour_of,
    describe,
    rank,
    shape_of,
)


def test_colour_and_shape_letters_never_clash() -> None:
    colours = [letter for letter, _ in COLOURS]
    shapes = [letter for letter, _ in SHAPES]
    assert colours == ["R", "O", "Y", "G", "B", "P"]
    assert shapes == ["c", "s", "t", "d", "h", "x"]
    assert all(c.isupper() for c in colours)
    assert all(s.islower() for s in shapes)
    assert len({c.lower() for c in colours} | set(shapes)) == 12


def test_default_palette_is_six_by_six() -> None:
    assert Palette(6, 6) == DEFAULT_PALETTE
    assert len(DEFAULT_PALETTE.pieces) == 36
    assert DEFAULT_PALETTE.pieces[:7] == ("Rc", "Rs", "Rt", "Rd", "Rh", "Rx", "Oc")


def test_a_smaller_palette_takes_the_first_letters() -> None:
    palette = Palette(colours=3, shapes=2)
    assert palette.colour_letters == ("R", "O", "Y")
    assert palette.shape_letters == ("c", "s")
    assert palette.pieces == ("Rc", "Rs", "Oc", "Os", "Yc", "Ys")
    assert sorted(palette.pieces, key=rank) == list(palette.pieces)
    assert {Palette(3, 2): "hashable"}[palette] == "hashable"


@pytest.mark.parametrize(("colours", "shapes"), [(1, 6), (6, 1), (7, 6), (6, 7), (0, 0)])
def test_palette_sizes_are_checked(colours: int, shapes: int) -> None:
    with pytest.raises(ValueError, match="a palette has 2–6"):
        Palette(colours, shapes)


def test_piece_normalises_case_and_checks_the_palette() -> None:
    assert DEFAULT_PALETTE.piece("r", "C") == "Rc"
    assert DEFAULT_PALETTE.piece("P", "x") == "Px"
    with pytest.raises(ValueError, match="not in this palette"):
        Palette(2, 2).piece("Y", "c")
    with pytest.raises(ValueError, match="not in this palette"):
        DEFAULT_PALETTE.piece("Z", "q")


def test_has() -> None:
    assert DEFAULT_PALETTE.has("Gh")
    assert not DEFAULT_PALETTE.has("gh")
    assert not Palette(3, 3).has("Gh")
    assert not DEFAULT_PALETTE.has("Ghx")


def test_object_helpers() -> None:
    assert colour_of("Bd") == "B"
    assert shape_of("Bd") == "d"
    assert describe("Rc") == "red circle"
    assert describe("Px") == "purple cross"


def test_empty_board() -> None:
    board = Board.empty(4)
    assert board.size == 4
    assert board.cells == (None,) * 16
    assert board.is_empty
    assert board.count() == 0


def test_from_rows_rows_and_at() -> None:
    rows = [["Rc", None, None], [None, "Os", None], [None, None, "Bt"]]
    board = Board.from_rows(rows)
    assert board.rows() == tuple(tuple(row) for row in rows)
    assert board.at(0, 0) == "Rc"
    assert board.at(1, 1) == "Os"
    assert board.at(2, 2) == "Bt"
    assert board.at(2, 0) is None
    assert board.count() == 3
    assert not board.is_empty
    assert list(board.pieces()) == ["Rc", "Os", "Bt"]


def test_with_cell_builds_a_new_board() -> None:
    board = Board.empty(3)
    placed = board.with_cell(1, 2, "Gd")
    assert placed.at(1, 2) == "Gd"
    assert placed.cells.index("Gd") == 5
    assert board.is_empty
    assert placed.with_cell(1, 2, None) == board


@pytest.mark.parametrize(("row", "col"), [(-1, 0), (0, -1), (3, 0), (0, 3)])
def test_cells_off_the_board_are_refused(row: int, col: int) -> None:
    with pytest.raises(IndexError, match="off a 3×3 board"):
        Board.empty(3).at(row, col)
    with pytest.raises(IndexError):
        Board.empty(3).with_cell(row, col, "Rc")


def test_boards_must_be_square() -> None:
    with pytest.raises(ValueError, match="a 3×3 board has 9 cells, not 8"):
        Board(3, (None,) * 8)
    with pytest.raises(ValueError, match="need 2 cells each"):
        Board.from_rows([["Rc"], [None, None]])
    with pytest.raises(ValueError, match="at least 1×1"):
        Board(0, ())


def test_boards_are_values() -> None:
    first = Board.empty(4).with_cell(0, 0, "Rc")
    second = Board.from_rows([["Rc", None, None, None]] + [[None] * 4] * 3)
    assert first == second
    assert hash(first) == hash(second)
    assert len({first, second, Board.empty(4)}) == 2
    with pytest.raises(AttributeError):
        first.size = 5  # type: ignore[misc]
