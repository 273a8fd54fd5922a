"""A player's own text inside a refusal: short, on one line, and unambiguous.

Refusals quote what the player typed ("I didn't understand “bid seven”").
Every grammar quotes through :func:`quote`, so a quote never runs long, never
carries a character that hides or reorders the sentence around it (control
characters, zero-width and right-to-left marks), and never contains the quote
marks themselves: the text between “ and ” is exactly the player's. That last
point lets a front end treat those spans as untrusted text (the Discord adapter
escapes markdown there) without the engines knowing anything about Discord.
"""

from __future__ import annotations

import unicodedata

#: How much of a player's text a refusal repeats.
QUOTE_LIMIT = 40
#: Control (Cc) and format (Cf: zero-width, bidirectional marks) characters.
_HIDDEN = frozenset({"Cc", "Cf"})
_QUOTE_MARKS = str.maketrans({"“": '"', "”": '"'})


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` in “…”, cut to ``limit`` characters, without hidden characters."""
    # Cut first so the cleaning costs no more than the limit, however long the text.
    shown = text[: limit * 2].translate(_QUOTE_MARKS)
    shown = "".join(ch for ch in shown if unicodedata.category(ch) not in _HIDDEN)
    if len(shown) > limit or len(text) > limit * 2:
        shown = shown[: limit - 1] + "…"
    return f"“{shown}”"
