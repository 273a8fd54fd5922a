"""The application: match runtime, Discord adapter, rendering, config and CLI.

``create_bot`` imports the Discord adapter only when called, so the runtime,
the renderers and the CLI demo never load discord.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.config import Settings
    from bot.discord.client import GeniusBot


def create_bot(settings: Settings | None = None, *, settle_heap: bool = False) -> GeniusBot:
    """The Discord bot for ``settings`` (default: config.toml and the environment)."""
    from bot.discord.client import create_bot as create

    return create(settings, settle_heap=settle_heap)


__all__ = ["create_bot"]
