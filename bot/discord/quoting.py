"""What a player typed, shown in the bot's messages: read, never obeyed.

Two layers keep typed text inert, for different reasons:

- **Nobody is pinged**, whatever the text: the client's default
  ``allowed_mentions`` allows no mention at all (``bot.discord.client``); the
  only pings the bot means, the players named when a match's channels open,
  are allowed on those messages alone (``bot.discord.host``).
- **Text reads as typed**: inside a quote of the player's text, ``@everyone``,
  ``@here`` and user or role mentions get a zero-width space, so they show as
  text instead of a highlighted mention, and markdown is escaped, so a
  player's ``**``, code fence or masked link cannot restyle the refusal around
  it. The bot's own sentence around the quote keeps its markdown and its
  mentions (a refusal may name a member on purpose). Everything posted through
  ``replies.send`` (notices, which can carry a pause reason) escapes mentions
  throughout.

Escaping lives here, where Discord text is made, not in the engines: the
engines write plain sentences for every front end (the demo prints them), and
only this adapter knows what Discord makes of ``<@…>`` or ``||…||``. The
engines do their part in plain-text terms: every quote of a player's text goes
through ``games.core.quote``, which keeps it short, drops hidden characters and
never lets the quote marks appear inside it, so a “…” span is exactly the
player's text and can be escaped without touching the bot's own markdown.
"""

from __future__ import annotations

import re

from discord.utils import escape_markdown, escape_mentions

#: A quote made by games.core.quote: its text never contains “ or ”.
_QUOTED = re.compile(r"“([^“”]*)”")


def shown(text: str) -> str:
    """A refusal with the player's quoted text made inert, the rest as written."""
    return _QUOTED.sub(_escaped_quote, text)


def inert(text: str) -> str:
    """A host's or player's label (a season) shown as typed: no mention, no markdown."""
    return escape_mentions(escape_markdown(text))


def _escaped_quote(quoted: re.Match[str]) -> str:
    return f"“{escape_mentions(escape_markdown(quoted.group(1)))}”"
