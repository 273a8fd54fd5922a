"""The demo editors of ``genius-bot web --demo``: both modes, no match needed."""

from __future__ import annotations

from bot.web.editor import paint_editor, shade_editor
from bot.web.spec import BoardSpec, Clue, EditorSpec
from games.runebreaker.pieces import DEFAULT_PALETTE

_LH_CLUES = (
    Clue(row=0, col=1, text="2", colour="red"),
    Clue(row=1, col=5, text="3", colour="blue"),
    Clue(row=2, col=2, text="1", colour="green"),
    Clue(row=3, col=7, text="4", colour="red"),
    Clue(row=4, col=0, text="3", colour="yellow"),
    Clue(row=5, col=4, text="2", colour="blue"),
    Clue(row=6, col=6, text="1", colour="green"),
    Clue(row=7, col=2, text="5", colour="yellow"),
)

DEMO_LH = shade_editor(
    key="demo-lh",
    title="Logical Horror (demo)",
    height=8,
    width=8,
    clues=_LH_CLUES,
    commands=("public {code}", "private {code}"),
    intro="A made-up 8×8 puzzle to try the editor; the clues mean nothing here.",
)

DEMO_RB = paint_editor(
    key="demo-rb",
    title="Rune Breaker (demo)",
    boards=(
        BoardSpec(
            label="Reagent Board 10×10",
            height=10,
            width=10,
            commands=("/runebreaker answer {code}", "answer {code}"),
        ),
        BoardSpec(label="Probe 4×4", height=4, width=4, commands=("probe {code} : A B",)),
    ),
    pieces=DEFAULT_PALETTE.pieces,
    intro="Pick an object, then paint cells; the eraser empties them.",
)

DEMO_EDITORS: dict[str, EditorSpec] = {"lh": DEMO_LH, "rb": DEMO_RB}
