"""Logical Horror moves as the action language spells them, the puzzle's colours
(for hint buttons and autocomplete), and the ephemeral confirmation of a move
made by a button, a form or a slash command."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.discord.replies import move_confirmation
from games import Notice

GAME_KEY = "logical_horror"
QUERY_KINDS = ("public", "private")
#: The seat's own notices that answer its move; the rest speak in the channels.
CONFIRMATIONS = frozenset({"query_result", "hint"})
HELP = (
    "**How to play Logical Horror here** — type moves in your private channel, use the "
    "buttons under your resources, or `/logical_horror …` anywhere:\n"
    "• `public CODE` — a public query: you learn which clues your board satisfies; your "
    "opponent and the room see the board and how many clues it satisfies;\n"
    "• `private CODE` — a private query: you learn which colours are fully satisfied; your "
    "opponent learns only that you queried;\n"
    "  CODE is the code the board editor gives (its link is in your channel), or the grid "
    "itself, row by row: `#` shaded, `.` unshaded (rows may be split by `/` or new lines);\n"
    "• `hint red` — the rule of one colour, for one hint use and one token per colour;\n"
    "• `pause why` — an emergency pause; only the host resumes.\n"
    "A query costs a token; a board that breaks the answer format is refused and costs "
    "nothing. `status` shows your tokens, hints and queries; the first board that satisfies "
    "every clue wins."
)


def query_text(kind: str, board: str) -> str:
    """``public …`` / ``private …``; the board may span lines (rows)."""
    words = board.strip()
    if words.lower().startswith(kind):
        return words
    return f"{kind} {words}"


def colours_in(view: Mapping[str, Any]) -> list[str]:
    """The puzzle's colours from a view (any audience's)."""
    puzzle = view.get("puzzle")
    if not isinstance(puzzle, Mapping):
        return []
    colours = puzzle.get("colours")
    return [str(c) for c in colours] if isinstance(colours, list) else []


def known_colours(notices: Sequence[Notice]) -> list[str]:
    """The puzzle's colours, as the seat's resources notices list them."""
    for notice in notices:
        data = notice.data.get("resources", notice.data)
        listed = data.get("colours") if isinstance(data, Mapping) else None
        if isinstance(listed, list) and listed:
            return [str(c) for c in listed]
    return []


#: Tells the mover (only them) that the move is in, with its private answer.
confirm = move_confirmation(CONFIRMATIONS)
