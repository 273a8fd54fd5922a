"""The games this Discord adapter hosts: an engine in ``games`` and an adapter
package here (its cog, views and help). ``/match new`` offers exactly these."""

from __future__ import annotations

GAME_ADAPTERS: dict[str, str] = {
    "goofspiel": "bot.discord.goofspiel",
    "expression": "bot.discord.expression",
    "decoder": "bot.discord.decoder",
}
