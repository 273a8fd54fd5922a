"""Rune Breaker's board editor: paint the 4×4 probe boards and, in the classic
variant, the Reagent Board you answer with, from the match's own palette."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.web.editor import paint_editor
from bot.web.spec import BoardSpec, EditorSpec
from games.runebreaker.models import RuneBreakerConfig
from games.runebreaker.pieces import Palette
from games.runebreaker.rounds import BOARD_SIZES, PROBE_SIZE
from storage.records import MatchRecord

INTRO = (
    "Pick an object, then paint cells (the eraser empties them). Copy the command "
    "and send it in your private channel; for a probe, add its commands after the colon."
)


def editor(match: MatchRecord, view: Mapping[str, Any] | None) -> EditorSpec:
    """Built from the match's config and public view only: the variant and the palette."""
    config = RuneBreakerConfig.model_validate(match.config)
    if view is not None:
        palette = Palette(view["palette"]["colours"], view["palette"]["shapes"])
    else:
        palette = config.palette
    probe = BoardSpec(
        label=f"Probe {PROBE_SIZE}×{PROBE_SIZE}",
        height=PROBE_SIZE,
        width=PROBE_SIZE,
        commands=("probe {code} :",),
    )
    boards = [probe]
    if config.variant == "classic":
        size = BOARD_SIZES["classic"]
        answer = BoardSpec(
            label=f"Reagent Board {size}×{size} (your answer)",
            height=size,
            width=size,
            commands=("answer {code}",),
        )
        boards.insert(0, answer)
    return paint_editor(
        key=f"rb-{match.id}",
        title=f"Rune Breaker ({config.variant}) — match #{match.id}",
        boards=boards,
        pieces=palette.pieces,
        intro=INTRO,
    )


#: What :func:`bot.web.editor.editor_builder` finds for this game.
EDITOR = editor
