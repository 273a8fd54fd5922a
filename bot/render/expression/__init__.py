"""Expression Black & White: text for every notice, and the tiles as PNGs.

Pictures read without colour: black tiles are dark with light ink, white tiles
light with a dark outline, and each carries its letter (B/W); number tiles are
squares, symbol tiles circles. ``_tiles`` draws the bout's global pairs, a
submission as the opponent sees it (colours only) and a seat's own expression,
with ``_draw``'s tiles. ``_text`` and ``_scores`` write the messages,
``_status`` the status reply, ``_data`` reads notice and view data, and
``_renderer`` ties them together for the registry.
"""

from __future__ import annotations

from bot.render.expression._renderer import ExpressionRenderer
from bot.render.expression._tiles import (
    colours_image,
    expression_image,
    pair_tile_centres,
    pairs_image,
    strip_tile_centre,
)

#: What :func:`bot.render.renderer_for` finds for this game (see :mod:`bot.kits`).
RENDERER = ExpressionRenderer

__all__ = [
    "RENDERER",
    "ExpressionRenderer",
    "colours_image",
    "expression_image",
    "pair_tile_centres",
    "pairs_image",
    "strip_tile_centre",
]
