"""The match's questions to the puzzle side (formats, rules): is this board
in the answer format, which clues does it satisfy, what does a rule say."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.logical_horror import rules
from games.logical_horror.formats import FORMATS
from games.logical_horror.puzzle import Puzzle


def broken_rule(puzzle: Puzzle, board: Sequence[bool]) -> str | None:
    """The first format rule the board breaks, in player words; None if none."""
    return FORMATS[puzzle.format].broken(puzzle, tuple(board))


def clue_results(puzzle: Puzzle, board: Sequence[bool]) -> list[bool]:
    """Per clue, in the puzzle's order: does the board satisfy it?"""
    return rules.satisfied(puzzle, tuple(board))


def colour_results(puzzle: Puzzle, clues: Sequence[bool]) -> dict[str, bool]:
    """Per colour: are all its clues satisfied?"""
    pairs = list(zip(puzzle.clues, clues, strict=True))
    return {
        colour: all(ok for clue, ok in pairs if clue.colour == colour) for colour in puzzle.colours
    }


def rule_card(key: str) -> dict[str, Any]:
    """What a hint reveals: the rule in words and its small illustrated example."""
    rule = rules.RULES[key]
    return {
        "rule": key,
        "name": rule.name,
        "description": rule.description,
        "example": rule.example_data(),
    }
