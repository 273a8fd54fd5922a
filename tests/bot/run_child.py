"""`genius-bot run`, in a process of its own, against a local stand-in for Discord
(tests/bot/test_cli_discord.py's): tests/bot/test_stopping.py signals it.

    python -m tests.bot.run_child REST_BASE GATEWAY_URL
"""

from __future__ import annotations

import sys

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.cli import main

if __name__ == "__main__":
    rest, gateway = sys.argv[1:3]
    Route.BASE = rest
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    raise SystemExit(main(["run"]))
