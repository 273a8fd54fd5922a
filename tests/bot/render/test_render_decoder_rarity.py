"""Decoder's rarity corner (C, U, R on each letter tile) is readable at 100%:
WCAG contrast of at least 4.5:1 against the tile it sits on, measured in the
PNG a player receives, and a type size big enough to read."""

from __future__ import annotations

import io

import pytest
from PIL import Image as PILImage

from bot.render.decoder import _hands
from bot.render.decoder._hands import HandRow, TileCell, hand_board
from bot.render.draw import PAPER, SEAT_TINTS

Colour = tuple[int, int, int]

#: WCAG 2's minimum for normal-size text (AA).
MIN_CONTRAST = 4.5
#: The smallest type anything in the pictures uses for a word a player reads.
MIN_SIZE = 12


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: Colour) -> float:
    r, g, b = (_channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def hex_colour(value: str) -> Colour:
    return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))


def test_contrast_matches_wcag_reference_values() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast(hex_colour("#777777"), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("fill", [SEAT_TINTS[0], SEAT_TINTS[1], PAPER])
def test_the_rarity_ink_contrasts_with_every_tile_that_shows_a_letter(fill: str) -> None:
    # Held tiles take the seat's tint; guessed and given-up ones are paper.
    assert contrast(hex_colour(_hands.RARITY_INK), hex_colour(fill)) >= MIN_CONTRAST
    assert _hands.RARITY_SIZE >= MIN_SIZE


def _corner_contrast(picture: PILImage.Image, index: int) -> float:
    """The darkest pixel of tile ``index``'s top band (where the rarity sits,
    above the big letter) against the tile's own fill, as the PNG shows them."""
    left = _hands.PAD + index * _hands.CELL_W + (_hands.CELL_W - _hands.TILE) / 2
    top = _hands.PAD + _hands.HEADER_H
    fill = picture.getpixel((int(left + _hands.TILE / 2), int(top + _hands.TILE - 6)))
    band = [
        picture.getpixel((x, y))
        for x in range(int(left) + 4, int(left + _hands.TILE) - 4)
        for y in range(int(top) + 4, int(top) + 16)
    ]
    darkest = min(band, key=luminance)
    return contrast(darkest, fill)


@pytest.mark.parametrize("seat", [0, 1])
def test_the_rarity_letters_read_at_full_size_in_the_png(seat: int) -> None:
    row = HandRow(seat, [TileCell("held", letter) for letter in "AQK"])  # common, rare, uncommon
    image = hand_board([row], names=["Ruby", "Turquoise"])
    with PILImage.open(io.BytesIO(image.data)) as png:
        picture = png.convert("RGB")
    for index in range(3):
        assert _corner_contrast(picture, index) >= MIN_CONTRAST
