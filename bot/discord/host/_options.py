"""The ``options`` text of ``/match new``: ``key=value`` pairs or one JSON object."""

from __future__ import annotations

import json
import shlex
from typing import Any

from games import Rejected

FORMAT = (
    "Write options as `key=value` pairs (e.g. `move_seconds=60`) "
    'or as one JSON object (e.g. `{"move_seconds": 60}`).'
)


# Keys that name files on the bot's machine: only its operator sets them (in the
# settings), never a host typing in Discord.
OPERATOR_ONLY = frozenset({"word_list", "rune_set", "puzzle_file"})


def parse_options(text: str | None) -> dict[str, Any]:
    """Per-match config overrides. Values are read as JSON where they can be
    (``60`` is a number, ``["r1c1", …]`` a list) and as plain text otherwise."""
    options = _parse(text)
    if refused := sorted(OPERATOR_ONLY & set(options)):
        raise Rejected(
            f"`{refused[0]}` names a file on the bot's machine, so only the bot's operator "
            f"can set it (in the bot's settings, under the game's section)."
        )
    return options


def _parse(text: str | None) -> dict[str, Any]:
    text = (text or "").strip()
    if not text:
        return {}
    if text.startswith("{"):
        return _json_object(text)
    try:
        tokens = shlex.split(text)
    except ValueError as error:
        raise Rejected(f"I couldn't read the options ({error}). {FORMAT}") from None
    options: dict[str, Any] = {}
    for token in tokens:
        key, sep, raw = token.partition("=")
        if not sep or not key.strip():
            raise Rejected(f"“{token}” is not a `key=value` pair. {FORMAT}")
        options[key.strip()] = _value(raw.strip())
    return options


def _json_object(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise Rejected(f"The options are not valid JSON ({error.msg}). {FORMAT}") from None
    if not isinstance(value, dict):
        raise Rejected(f"The options must be a JSON object. {FORMAT}")
    return value


def _value(raw: str) -> Any:
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


#: A season label's longest: short enough for a list line and a filter menu.
SEASON_CHARS = 40


def parse_season(text: str | None) -> str | None:
    """``/match new``'s season label: one line of at most SEASON_CHARS characters."""
    if text is None:
        return None
    label = " ".join(text.split())
    if not label:
        raise Rejected("The season label is empty: leave `season` out for a match of no season.")
    if len(label) > SEASON_CHARS:
        raise Rejected(
            f"The season label is {len(label)} characters long; keep it to {SEASON_CHARS} "
            '(e.g. "Spring 2027").'
        )
    if not label.isprintable():
        raise Rejected("The season label has characters that can't be shown; use plain text.")
    return label
