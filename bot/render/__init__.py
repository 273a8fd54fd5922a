"""Rendering: notices and views to message text and PNG images, per game.

Pure and Discord-free, so the CLI demo and the Discord adapter share it::

    from bot.render import renderer_for, split_message

    rendered = renderer_for("goofspiel").render(notices, audience, names=("Ann", "Bo"))
    for chunk in split_message(rendered.text): ...
"""

from __future__ import annotations

from bot.render.base import (
    DEFAULT_NAMES,
    MESSAGE_LIMIT,
    RUNTIME_KINDS,
    Image,
    Rendered,
    Renderer,
    escape_md,
    fallback_text,
    split_message,
)
from bot.render.registry import renderer_for

__all__ = [
    "DEFAULT_NAMES",
    "MESSAGE_LIMIT",
    "RUNTIME_KINDS",
    "Image",
    "Rendered",
    "Renderer",
    "escape_md",
    "fallback_text",
    "renderer_for",
    "split_message",
]
