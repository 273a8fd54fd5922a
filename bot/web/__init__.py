"""The bot's web pages: board editors for the grid games and a live spectator view.

Discord-free, like the runtime. The bot starts a :class:`WebServer` when the
settings give ``[web] port``, hands the runtime ``server.wrap(delivery)`` and
posts links made by ``server.links``::

    url = await server.links.watch_url(match_id)    # the spectator view
    url = await server.links.editor_url(match_id)   # a grid game's board editor

A game gets an editor by exporting ``EDITOR`` from ``bot.web.editors.<key>``
(see :mod:`bot.web.editor`).
"""

from bot.web.editor import EditorBuilder, editor_builder, paint_editor, shade_editor
from bot.web.guard import Limits
from bot.web.links import WebLinks
from bot.web.server import WebServer
from bot.web.spec import BoardSpec, Clue, ClueColour, EditorSpec, Piece

__all__ = [
    "BoardSpec",
    "Clue",
    "ClueColour",
    "EditorBuilder",
    "EditorSpec",
    "Limits",
    "Piece",
    "WebLinks",
    "WebServer",
    "editor_builder",
    "paint_editor",
    "shade_editor",
]
