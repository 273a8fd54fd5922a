"""The pictures the messages carry, drawn with ``_board``'s board images: the
round's boards, a probe and its result, the revealed Reagent, a sealed answer,
and a sheet of several probes for the status.

File names differ per picture (round, seat, probe number): one message keeps
only the last image of each file name.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image as PILImage

from bot.render.base import Image
from bot.render.draw import BACKGROUND, encoded
from bot.render.runebreaker._board import board_image, boards_image
from games.runebreaker.board import Board

SHEET_COLUMNS = 2
SHEET_GAP = 8


def round_boards(number: int, product: Board, reagent: Board | None = None) -> Image:
    """Classic: the Product; finals: the Reagent → the Product."""
    name = f"round{number}-boards.png"
    if reagent is None:
        return Image(name, board_image(product, title=f"Round {number}: the Product"))
    boards = [(f"Round {number}: the Reagent", reagent), ("the Product", product)]
    return Image(name, boards_image(boards, arrows=True))


def revealed(number: int, reagent: Board, product: Board) -> Image:
    boards = [(f"Round {number}: the Reagent", reagent), ("the Product", product)]
    return Image(f"round{number}-revealed.png", boards_image(boards, arrows=True))


def probe_png(label: str, board: Board, product: Board | None) -> bytes:
    """A probe board → its result, or the board alone marked ERROR (on a line of
    its own, so no title is too long for it)."""
    if product is None:
        return board_image(board, title=f"{label}\n→ ERROR")
    return boards_image([(label, board), ("result", product)], arrows=True)


def probe(filename: str, label: str, board: Board, product: Board | None) -> Image:
    return Image(filename, probe_png(label, board, product))


def pending(filename: str, label: str, board: Board) -> Image:
    """A finals probe whose result is not out yet."""
    return Image(filename, board_image(board, title=f"{label} (result to come)"))


def answer(filename: str, title: str, board: Board) -> Image:
    return Image(filename, board_image(board, title=title))


def sheet(filename: str, pictures: Sequence[bytes]) -> Image:
    """Several pictures in a grid, ``SHEET_COLUMNS`` wide (one attachment for many probes)."""
    if not all(pictures):  # drawn without_pictures(): nothing to lay out
        return Image(filename, b"")
    images = [PILImage.open(io.BytesIO(data)).convert("RGB") for data in pictures]
    width = max(image.width for image in images)
    height = max(image.height for image in images)
    columns = min(SHEET_COLUMNS, len(images))
    rows = -(-len(images) // columns)
    canvas = PILImage.new(
        "RGB",
        (columns * width + (columns - 1) * SHEET_GAP, rows * height + (rows - 1) * SHEET_GAP),
        BACKGROUND,
    )
    for index, image in enumerate(images):
        row, column = divmod(index, columns)
        canvas.paste(image, (column * (width + SHEET_GAP), row * (height + SHEET_GAP)))
    return encoded(canvas, filename)
