"""Rune Breaker board images: valid PNGs of sane size, and every object tells
apart from every other by its pixels, in colour and in greyscale."""

from __future__ import annotations

import io
from itertools import combinations

import pytest
from PIL import Image as PILImage
from PIL import ImageChops, ImageStat

from bot.render.runebreaker import board_image, boards_image, cell_box
from games.runebreaker.board import Board
from games.runebreaker.notation import parse_board
from games.runebreaker.pieces import DEFAULT_PALETTE

ALL_PIECES = Board(6, DEFAULT_PALETTE.pieces)  # row = colour, column = shape


def png(data: bytes) -> PILImage.Image:
    image = PILImage.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image.convert("RGB")


def crop(image: PILImage.Image, row: int, col: int, *, titled: bool = False) -> PILImage.Image:
    """A cell inside its grid lines (the frame is thicker than the lines between cells)."""
    left, top, right, bottom = cell_box(row, col, titled=titled)
    return image.crop((left + 3, top + 3, right - 3, bottom - 3))


def difference(a: PILImage.Image, b: PILImage.Image) -> float:
    """Mean absolute difference per pixel and channel, 0–255."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / len(a.getbands())


@pytest.mark.parametrize("size", [4, 8, 10])
def test_sizes_are_sane(size: int) -> None:
    image = png(board_image(Board.empty(size)))
    assert 150 < image.width < 700
    assert 150 < image.height < 700
    assert image.width >= size * 40


def test_bigger_boards_make_bigger_images() -> None:
    widths = [png(board_image(Board.empty(size))).width for size in (4, 8, 10)]
    assert widths == sorted(widths)
    assert len(set(widths)) == 3


def test_a_title_adds_room_and_ink() -> None:
    plain = png(board_image(ALL_PIECES))
    titled = png(board_image(ALL_PIECES, title="Reagent Board"))
    assert titled.height > plain.height
    assert titled.width == plain.width
    # The cells sit lower, but look the same.
    assert difference(crop(plain, 2, 3), crop(titled, 2, 3, titled=True)) < 1


def test_an_empty_cell_differs_from_every_object() -> None:
    board = parse_board("Rc .. / .. ..", 2)
    image = png(board_image(board))
    assert difference(crop(image, 0, 0), crop(image, 0, 1)) > 10
    assert difference(crop(image, 0, 1), crop(image, 1, 1)) < 1


@pytest.mark.parametrize("mode", ["RGB", "L"])
def test_every_object_looks_different(mode: str) -> None:
    """All 36 objects, pairwise, in colour and converted to greyscale: the shape
    and the colour letter carry them where colour cannot."""
    image = png(board_image(ALL_PIECES)).convert(mode)
    cells = {(r, c): crop(image, r, c) for r in range(6) for c in range(6)}
    for (first, a), (second, b) in combinations(cells.items(), 2):
        assert difference(a, b) > 2, (ALL_PIECES.at(*first), ALL_PIECES.at(*second))


def test_same_colour_shapes_differ_in_greyscale_more_than_noise() -> None:
    grey = png(board_image(ALL_PIECES)).convert("L")
    for colour_row in range(6):
        shapes = [crop(grey, colour_row, col) for col in range(6)]
        for a, b in combinations(shapes, 2):
            assert difference(a, b) > 8


def test_the_same_object_looks_the_same_everywhere() -> None:
    board = Board(4, ("Gh",) * 16)
    image = png(board_image(board))
    assert difference(crop(image, 0, 0), crop(image, 3, 2)) < 1


def test_boards_side_by_side() -> None:
    reagent = parse_board("Rc Os .. .. / .. Bt .. .. / .. .. .. .. / .. .. .. Px", 4)
    one = png(board_image(reagent, title="Probe"))
    two = png(boards_image([("Probe", reagent), ("Result", Board.empty(4))], arrows=True))
    assert two.height == one.height
    assert 2 * one.width - 40 < two.width < 2 * one.width + 60


def test_boards_of_different_sizes_align_at_the_top() -> None:
    image = png(boards_image([("Reagent", Board.empty(10)), ("Probe", Board.empty(4))]))
    assert image.height == png(board_image(Board.empty(10), title="Reagent")).height


def test_no_boards_is_a_mistake() -> None:
    with pytest.raises(ValueError, match="at least one board"):
        boards_image([])


def test_an_arrow_in_a_title_is_drawn_not_dropped() -> None:
    """The built-in font has no "→": it is folded to "->" so the title still shows."""
    from bot.render.draw import drawable_text

    assert drawable_text("Ann's probe → ERROR", "") == "Ann's probe -> ERROR"
    assert drawable_text("Reagent 10×10", "") == "Reagent 10x10"
