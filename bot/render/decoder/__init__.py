"""Decoder: text for every notice, status for each audience, and the tank board
as a PNG.

What the room is told is exactly the rules' public information: whose turn,
the tank used, the word and excluded clue, the clue given and its answer,
guesses and whether right, given-up tiles, restore guesses and results,
sabotaged tanks and items as they are used. Hand letters, recharge times,
offered letters and swaps only ever reach their owner (and the host).

``_setup``, ``_turns`` and ``_restore`` write the notice texts, ``_status``
and ``_log`` the status messages, ``_tanks`` draws the tank board, ``_data``
reads notice and view data, and ``_renderer`` ties them together.
"""

from __future__ import annotations

from bot.render.decoder._renderer import DecoderRenderer
from bot.render.decoder._tanks import TANKS_FILENAME, TankCell, TankRow, tank_board

#: What :func:`bot.render.renderer_for` finds for this game (see :mod:`bot.kits`).
RENDERER = DecoderRenderer

__all__ = ["RENDERER", "TANKS_FILENAME", "DecoderRenderer", "TankCell", "TankRow", "tank_board"]
