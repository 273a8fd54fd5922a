"""Rune Breaker: text for every notice, status for each audience, and boards as PNGs.

The room is told what the rules make public: the round's public boards
(classic: the Product and the Command Sequence; finals: the Reagent, the
Product and the executable commands), classic probes with their results,
buzzes, that an answer is in, who was right, and each finished round's
secrets. A seat's finals probes and results and its sealed answers reach only
that seat (and the host).

``_board`` draws boards (shape, colour, letter: readable in greyscale),
``_pictures`` the messages' pictures from them; ``_rounds``, ``_probes`` and
``_answers`` write the notice texts, ``_status`` the status, ``_data`` reads
notice and view data, and ``_renderer`` ties them together.
"""

from __future__ import annotations

from bot.render.runebreaker._board import (
    BOARD_FILENAME,
    BOARDS_FILENAME,
    board_image,
    boards_image,
    cell_box,
)
from bot.render.runebreaker._renderer import RuneBreakerRenderer

#: What :func:`bot.render.renderer_for` finds for this game (see :mod:`bot.kits`).
RENDERER = RuneBreakerRenderer

__all__ = [
    "BOARDS_FILENAME",
    "BOARD_FILENAME",
    "RENDERER",
    "RuneBreakerRenderer",
    "board_image",
    "boards_image",
    "cell_box",
]
