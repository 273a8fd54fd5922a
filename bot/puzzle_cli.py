"""``genius-bot puzzle``: Logical Horror puzzles for hosts, offline.

``puzzle generate --size 10 --colors 3 --seed N`` prints a generated puzzle —
the grid and the answer format as players see them, then, marked host-only,
each colour's rule, the solution and the puzzle as a file — and writes its
pictures: the grid, and the solved grid as ``…-SOLUTION.png``, a spoiler.
``puzzle check FILE`` validates a host's puzzle file
(docs/logical-horror-puzzles.md) and shows its one solution.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path
from typing import Any

from games.logical_horror import checker
from games.logical_horror.formats import FORMATS
from games.logical_horror.generator import generate
from games.logical_horror.puzzle import Puzzle
from games.logical_horror.puzzlefiles import (
    PuzzleFileError,
    board_text,
    format_puzzle,
    load_puzzle,
)
from games.logical_horror.rules import RULES

DEFAULT_OUT = Path("puzzle-out")
#: Generation this slow (seconds) starts telling stderr what it is doing.
QUIET_FOR = 1.0
HOST_ONLY = "=== HOST ONLY: do not show players ==="


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Adds ``puzzle`` (with ``generate`` and ``check``) to ``genius-bot``'s subcommands."""
    puzzle = subparsers.add_parser(
        "puzzle", help="Logical Horror puzzles: generate one, check a file"
    )
    actions = puzzle.add_subparsers(
        dest="puzzle_command", metavar="{generate,check}", required=True
    )
    generate_ = actions.add_parser("generate", help="print a puzzle generated from a seed")
    generate_.add_argument("--seed", type=int, required=True)
    generate_.add_argument("--size", type=_size, default=(10, 10), help="10, or 8x10 (default 10)")
    generate_.add_argument(
        "--colors", "--colours", dest="colours", type=int, choices=(2, 3, 4), default=3
    )
    generate_.add_argument("--format", choices=list(FORMATS), default=None, help="default: drawn")
    generate_.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help=f"folder for the PNGs (default {DEFAULT_OUT})"
    )
    check = actions.add_parser("check", help="validate a host's puzzle file")
    check.add_argument("file", type=Path)
    check.add_argument(
        "--independent",
        action="store_true",
        help="also count the answers by plain search, without the SAT solver (slower)",
    )
    return puzzle


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d+)(?:[x×](\d+))?", text.strip().lower())
    if not match:
        raise argparse.ArgumentTypeError(f"write 10 or 8x10, not {text!r}")
    height = int(match.group(1))
    return height, int(match.group(2) or height)


def run(args: argparse.Namespace) -> int:
    if args.puzzle_command == "generate":
        return _generate(args.seed, args.size, args.colours, args.format, args.out)
    return _check(args.file, args.independent)


def _generate(
    seed: int, size: tuple[int, int], colours: int, format_key: str | None, out: Path
) -> int:
    started = time.monotonic()

    def progress(message: str) -> None:
        if time.monotonic() - started > QUIET_FOR:
            print(f"genius-bot puzzle: {message}", file=sys.stderr)

    try:
        puzzle = generate(seed, size[0], size[1], colours, format_key, progress=progress)
    except ValueError as error:
        print(f"genius-bot puzzle: {error}", file=sys.stderr)
        return 2
    spent = time.monotonic() - started
    if spent > QUIET_FOR:
        print(f"genius-bot puzzle: generated in {spent:.1f} s", file=sys.stderr)
    print(f"Logical Horror puzzle from seed {seed}: {_summary(puzzle)}\n")
    print(_public_text(puzzle))
    print(f"\n{HOST_ONLY}\n")
    print(_secret_text(puzzle))
    print("\nAs a puzzle file (fixes this puzzle for a match):\n")
    print(format_puzzle(puzzle), end="")
    stem = out / f"seed{seed}-{puzzle.height}x{puzzle.width}-{colours}colours"
    grid, solved = _write_images(puzzle, stem)
    print(f"\nImages: {grid} (the grid, for players)")
    print(f"        {solved} (SPOILER: the solved grid, for the host only)")
    return 0


def _summary(puzzle: Puzzle) -> str:
    count = len(puzzle.rules)
    return (
        f"{puzzle.height}×{puzzle.width}, {count} colours, {len(puzzle.clues)} clues, "
        f"format {puzzle.format}"
    )


def _public_text(puzzle: Puzzle) -> str:
    answer = FORMATS[puzzle.format]
    return "\n".join(
        [
            f"Answer format: {answer.sentence}",
            f"Example genres: {', '.join(answer.genres)}",
            f"Colours: {', '.join(puzzle.rules)}",
            "",
            board_text(puzzle),
        ]
    )


def _secret_text(puzzle: Puzzle) -> str:
    lines = ["Rules:"]
    for colour, key in puzzle.rules.items():
        rule = RULES[key]
        lines.append(f"  {colour} = {rule.key} ({rule.name}): {rule.description}")
    lines += ["", "Solution:", board_text(puzzle, puzzle.solution)]
    return "\n".join(lines)


def _write_images(puzzle: Puzzle, stem: Path) -> tuple[Path, Path]:
    # Pillow loads only when pictures are drawn: `genius-bot --help` stays quick.
    from bot.render.logical_horror import puzzle_image

    stem.parent.mkdir(parents=True, exist_ok=True)
    # The solved grid's name shouts, so it is not shared with players by mistake.
    images = {
        "puzzle": puzzle_image(puzzle),
        "SOLUTION": puzzle_image(puzzle, puzzle.solution),
    }
    written = []
    for name, data in images.items():
        path = stem.with_name(f"{stem.name}-{name}.png")
        path.write_bytes(data)
        written.append(path)
    return written[0], written[1]


def _check(path: Path, independent: bool) -> int:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        print(f"genius-bot puzzle: cannot read {path}: {reason}", file=sys.stderr)
        return 2
    try:
        puzzle = load_puzzle(text)
    except PuzzleFileError as error:
        print(f"{path}: {error}", file=sys.stderr)
        return 1
    if independent and not checker.verify(puzzle, puzzle.solution):
        # Never seen: the solver and the plain search disagree. Worth a bug report.
        print(f"{path}: the independent check disagrees with the solver", file=sys.stderr)
        return 1
    how = "the solver and plain search agree" if independent else "proven by the solver"
    print(f"OK: {_summary(puzzle)}; exactly one solution ({how}):")
    print(board_text(puzzle, puzzle.solution))
    return 0
