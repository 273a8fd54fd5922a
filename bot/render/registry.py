"""``renderer_for(game_key)``: each game's renderer, imported on first use."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from bot.render.base import Renderer

# key -> "module:class". A game with no renderer of its own yet gets the base
# renderer: runtime notices are rendered properly, the rest as readable fallbacks.
_RENDERERS: dict[str, str] = {
    "goofspiel": "bot.render.goofspiel:GoofspielRenderer",
    "expression": "bot.render.expression:ExpressionRenderer",
    "decoder": "bot.render.decoder:DecoderRenderer",
}


@cache
def renderer_for(game_key: str) -> Renderer:
    target = _RENDERERS.get(game_key)
    if target is None:
        generic = Renderer()
        generic.game_key = game_key
        return generic
    module_name, _, class_name = target.partition(":")
    renderer_class = getattr(import_module(module_name), class_name)
    renderer = renderer_class()
    if not isinstance(renderer, Renderer):
        raise TypeError(f"{target} is not a Renderer")
    return renderer
