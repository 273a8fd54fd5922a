"""``renderer_for(game_key)``: each game's renderer, imported on first use.

Found by convention (see :mod:`bot.kits`): ``bot.render.<key>`` exports
``RENDERER``. A game with no renderer of its own yet gets the base renderer:
runtime notices are rendered properly, the rest as readable fallbacks.
"""

from __future__ import annotations

from functools import cache

from bot.kits import renderer_class
from bot.render.base import Renderer


@cache
def renderer_for(game_key: str) -> Renderer:
    found = renderer_class(game_key)
    if found is None:
        generic = Renderer()
        generic.game_key = game_key
        return generic
    renderer = found()
    if not isinstance(renderer, Renderer):
        raise TypeError(f"bot.render.{game_key}.RENDERER is not a Renderer")
    return renderer
