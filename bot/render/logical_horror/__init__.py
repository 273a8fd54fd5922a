"""Logical Horror: text for every notice, status for each audience, the grid as
a PNG and the puzzle as a penpa-edit link.

The room is told what the rules make public: the puzzle (grid, answer format,
colours, a penpa-edit link), each public query's board and how many clues it
satisfies, that a private query was made, pauses, a claimed win, and at the end
the solution and every colour's rule. A seat's results (per clue for a public
query, per colour for a private one), its resources and its hints reach only
that seat (and the host).

``_grid`` draws the pictures (each clue in its colour, with its letter and
fill pattern: readable without colour), ``_tiles`` one cell's, ``_penpa`` makes
the penpa-edit link, ``_notices`` and ``_status`` write the texts, ``_data``
reads notice and view data, and ``_renderer`` ties them together.
"""

from __future__ import annotations

from bot.render.logical_horror._grid import PUZZLE_FILENAME, example_image, grid_image, puzzle_image
from bot.render.logical_horror._penpa import penpa_url
from bot.render.logical_horror._renderer import LogicalHorrorRenderer

#: What :func:`bot.render.renderer_for` finds for this game (see :mod:`bot.kits`).
RENDERER = LogicalHorrorRenderer

__all__ = [
    "PUZZLE_FILENAME",
    "RENDERER",
    "LogicalHorrorRenderer",
    "example_image",
    "grid_image",
    "penpa_url",
    "puzzle_image",
]
