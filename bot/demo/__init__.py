"""`genius-bot demo`: full matches between built-in players, no Discord needed."""

from bot.demo.match import play_demo

__all__ = ["play_demo"]
