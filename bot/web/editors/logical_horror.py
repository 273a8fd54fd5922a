"""Logical Horror's board editor: shade cells of the puzzle's grid, its clues shown
in their colours (letter and pattern too), and copy ``public CODE`` or
``private CODE``. Built from the public view only: the size and the clues."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.web.editor import shade_editor
from bot.web.spec import Clue, EditorSpec
from storage.records import MatchRecord

INTRO = (
    "Click a cell to shade it; click again for a green note mark (ignored by the bot), "
    "once more to clear it. Copy a command and send it in your private channel."
)


def editor(match: MatchRecord, view: Mapping[str, Any] | None) -> EditorSpec | None:
    """None before the match starts: the puzzle is drawn (or loaded) at the start."""
    puzzle = view.get("puzzle") if view is not None else None
    if not isinstance(puzzle, Mapping):
        return None
    clues = [
        Clue(
            row=int(clue["row"]),
            col=int(clue["col"]),
            text="" if clue.get("value") is None else str(clue["value"]),
            colour=str(clue["colour"]),
        )
        for clue in puzzle.get("clues", [])
    ]
    answer_format = puzzle.get("format")
    sentence = answer_format.get("sentence", "") if isinstance(answer_format, Mapping) else ""
    return shade_editor(
        key=f"lh-{match.id}",
        title=f"Logical Horror — match #{match.id}",
        height=int(puzzle["height"]),
        width=int(puzzle["width"]),
        clues=clues,
        commands=("public {code}", "private {code}"),
        intro=f"{sentence} {INTRO}".strip(),
    )


#: What :func:`bot.web.editor.editor_builder` finds for this game.
EDITOR = editor
