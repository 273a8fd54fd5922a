"""The editor page's data: exactly what the page may know, as plain models.

A spec goes to the browser as JSON, whole, so it must never hold a secret.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.core.boardcode import KINDS, MAX_SIDE, MIN_SIDE

CODE = "{code}"  # where a command template takes the board code


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ClueColour(_Frozen):
    """A clue colour, readable without colour too: a letter and a fill pattern."""

    key: str  # the game's own name for it, e.g. "red"
    name: str
    hex: str
    letter: str
    pattern: str


class Clue(_Frozen):
    row: int  # 0-based
    col: int
    text: str = ""  # what is written in the cell (usually a number)
    colour: str  # a ClueColour key


class Piece(_Frozen):
    """One object of a paint palette; ``value`` is its cell value in a board code."""

    token: str  # e.g. "Rc"
    value: int
    colour: str
    shape: str  # circle square triangle diamond heart cross
    hex: str
    letter: str


class BoardSpec(_Frozen):
    """One board a player may draw, and the commands that take its code."""

    label: str
    height: int = Field(ge=MIN_SIDE, le=MAX_SIDE)
    width: int = Field(ge=MIN_SIDE, le=MAX_SIDE)
    commands: tuple[str, ...]  # templates with "{code}", e.g. "public {code}"
    clues: tuple[Clue, ...] = ()

    @model_validator(mode="after")
    def _check(self) -> BoardSpec:
        if not self.commands or any(CODE not in c for c in self.commands):
            raise ValueError(f"every command template needs {CODE}")
        for clue in self.clues:
            if not (0 <= clue.row < self.height and 0 <= clue.col < self.width):
                raise ValueError(f"clue at ({clue.row}, {clue.col}) is off the board")
        return self


class EditorSpec(_Frozen):
    key: str  # where the page keeps its drafts (per match)
    title: str  # the game
    mode: Literal["shade", "paint"]
    kind: str  # the board code kind
    boards: tuple[BoardSpec, ...] = Field(min_length=1)
    colours: tuple[ClueColour, ...] = ()  # shade mode: the clue colours
    palette: tuple[Piece, ...] = ()  # paint mode: the objects
    intro: str = ""

    @model_validator(mode="after")
    def _check(self) -> EditorSpec:
        if self.kind not in KINDS:
            raise ValueError(f"unknown board code kind {self.kind!r}")
        if self.mode == "paint" and not self.palette:
            raise ValueError("a paint editor needs a palette")
        keys = {c.key for c in self.colours}
        if any(clue.colour not in keys for b in self.boards for clue in b.clues):
            raise ValueError("every clue colour must be in the spec's colours")
        return self
