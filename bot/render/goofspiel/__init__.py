"""Square Goofspiel: text for every notice, and the board as a PNG.

The board image is readable without colour: seat 0's claims are blue circles
marked "1", seat 1's are orange squares marked "2" (Okabe–Ito colours), and
the legend names the players. Auction letters A–F label this phase's cells.

``_text`` writes the messages, ``_board`` (on :mod:`bot.render.draw`) draws
the board, ``_data`` reads notice and view data, and ``_renderer`` ties them
together for the registry.
"""

from __future__ import annotations

from bot.render.goofspiel._board import BOARD_FILENAME, board_image, cell_box
from bot.render.goofspiel._renderer import GoofspielRenderer

#: What :func:`bot.render.renderer_for` finds for this game (see :mod:`bot.kits`).
RENDERER = GoofspielRenderer

__all__ = ["BOARD_FILENAME", "RENDERER", "GoofspielRenderer", "board_image", "cell_box"]
