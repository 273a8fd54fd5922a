"""Logical Horror's board editor spec: built from the public view only (the grid
and the clues in their colours), with commands that take the code; nothing
secret in it, and a code the editor makes is a board the game reads."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.web.editor import editor_builder
from games import PUBLIC
from games.core.boardcode import encode
from games.logical_horror import GAME
from storage.records import MatchRecord, MatchStatus
from tests.bot.logical_horror_support import PUZZLE, SOLUTION, SYMMETRIC, TWIN, options

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def record(puzzle_options: dict[str, object]) -> MatchRecord:
    return MatchRecord(
        id=7, guild_id=1, game="logical_horror", status=MatchStatus.RUNNING,
        config=puzzle_options, seed=3, state=None, version=1, clock_ms=0, pause_reason=None,
        category_id=None, room_channel_id=None, host_channel_id=None, players=[],
        created_at=NOW, updated_at=NOW,
    )  # fmt: skip


def spec_json(puzzle_options: dict[str, object]) -> str:
    builder = editor_builder("logical_horror")
    assert builder is not None
    state = GAME.setup(puzzle_options, seed=3).state
    spec = builder(record(puzzle_options), GAME.view(state, PUBLIC))
    assert spec is not None
    return spec.model_dump_json()


def test_the_editor_shows_the_grid_and_the_clues_in_their_colours() -> None:
    builder = editor_builder("logical_horror")
    assert builder is not None
    assert builder(record(options()), None) is None  # nothing to draw before the start
    state = GAME.setup(options(), seed=3).state
    spec = builder(record(options()), GAME.view(state, PUBLIC))
    assert spec is not None
    assert spec.mode == "shade"
    assert spec.kind == "lh"
    (board,) = spec.boards
    assert (board.height, board.width) == (5, 5)
    assert board.commands == ("public {code}", "private {code}")
    assert [(c.row, c.col, c.text, c.colour) for c in board.clues] == [
        (c.row, c.col, str(c.value), c.colour) for c in PUZZLE.clues
    ]
    assert {c.key: c.letter for c in spec.colours} == {"red": "R", "blue": "B"}
    assert "no two shaded cells are orthogonally adjacent" in spec.intro


def test_the_spec_holds_no_secret() -> None:
    """Two puzzles that differ only in their solution give the same page."""
    assert spec_json(options(SYMMETRIC)) == spec_json(options(TWIN))
    page = spec_json(options(PUZZLE))
    for secret in ("sightline", "Line of sight", "solution", "rules"):
        assert secret not in page


def test_an_editor_code_is_a_board_the_game_reads() -> None:
    state = GAME.setup(options(), seed=3).state
    cells = [1 if mark == "#" else 0 for mark in SOLUTION.replace("/", "")]
    cells[24] = 2  # a green note mark: ignored
    code = encode("lh", 5, 5, cells)
    action = GAME.parse(state, 0, f"public {code}")
    assert action.board == PUZZLE.solution
