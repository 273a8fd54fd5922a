"""The Discord adapter: the only package that imports discord.py.

One package per feature, each with a thin ``__init__`` holding ``setup``:
``host`` (/match), ``messages`` (plain-message moves), and one per game
(``goofspiel``, ``expression``, ``decoder``). ``client`` wires them to the
runtime; ``delivery`` is the runtime's port to Discord; ``errors`` is the one
error path. The games share ``game_cog`` (their slash groups' base) and
``buttons`` (their persistent buttons' base).
"""

from bot.discord.client import GeniusBot, create_bot

__all__ = ["GeniusBot", "create_bot"]
