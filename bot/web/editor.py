"""What a board editor page shows: built from what is PUBLIC about a match.

A game offers an editor by a module ``bot.web.editors.<game key>`` exporting
``EDITOR``: a function from the match and its public view to an
:class:`EditorSpec` (or None while there is nothing to draw). The page gets the
spec as JSON and nothing else, so a spec must never carry a secret: build it
from ``game.view(state, PUBLIC)`` only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from bot.kits import part
from bot.web.palette import clue_colour, rune_palette
from bot.web.spec import BoardSpec, Clue, EditorSpec
from storage.records import MatchRecord


def shade_editor(
    *, key: str, title: str, height: int, width: int, clues: Sequence[Clue],
    commands: Sequence[str], intro: str = "",
) -> EditorSpec:  # fmt: skip
    """A Logical Horror-style editor: click cycles unshaded → shaded → note."""
    colours = {clue.colour: clue_colour(clue.colour) for clue in clues}
    board = BoardSpec(
        label=f"Board {height}×{width}", height=height, width=width,
        commands=tuple(commands), clues=tuple(clues),
    )  # fmt: skip
    return EditorSpec(
        key=key, title=title, mode="shade", kind="lh", boards=(board,),
        colours=tuple(colours.values()), intro=intro,
    )  # fmt: skip


def paint_editor(
    *, key: str, title: str, boards: Sequence[BoardSpec], pieces: Sequence[str], intro: str = ""
) -> EditorSpec:
    """A Rune Breaker-style editor: pick an object, paint cells. ``pieces`` is the
    game's palette in its order (cell value = position + 1)."""
    return EditorSpec(
        key=key, title=title, mode="paint", kind="rb", boards=tuple(boards),
        palette=rune_palette(pieces), intro=intro,
    )  # fmt: skip


#: A game's editor: its match and public view (None before the start) in, the spec out.
EditorBuilder = Callable[[MatchRecord, Mapping[str, Any] | None], EditorSpec | None]


@cache
def editor_builder(game_key: str) -> EditorBuilder | None:
    """``EDITOR`` from ``bot.web.editors.<game_key>``, if the game has an editor."""
    builder: EditorBuilder | None = part(f"{__package__}.editors.{game_key}", "EDITOR")
    return builder
