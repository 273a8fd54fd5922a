"""``genius-bot puzzle``: generate prints the puzzle (secrets marked host-only)
and a loadable puzzle file, and writes PNGs; check answers OK with the
solution, a line-numbered error, or that the file cannot be read."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from bot import cli, puzzle_cli
from games.logical_horror.generator import generate
from games.logical_horror.puzzlefiles import load_puzzle

DOC = Path(__file__).resolve().parents[2] / "docs" / "logical-horror-puzzles.md"
(EXAMPLE,) = re.findall(r"```puzzle\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def puzzle(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="genius-bot")
    puzzle_cli.add_parser(parser.add_subparsers(dest="command"))
    return puzzle_cli.run(parser.parse_args(["puzzle", *argv]))


def test_generate_prints_the_puzzle_and_writes_images(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = puzzle(
        "generate", "--size", "8", "--colors", "3", "--seed", "4", "--format", "no-pools",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert code == 0
    printed = capsys.readouterr().out
    expected = generate(4, 8, 8, 3, "no-pools")
    public, secret = printed.split(puzzle_cli.HOST_ONLY)
    assert "Answer format: Shade some cells so that no 2×2 block" in public
    assert "rule" not in public.lower()
    assert "Rules:" in secret
    assert "Solution:" in secret
    for colour, key in expected.rules.items():
        assert f"{colour} = {key}" in secret
    file_text = secret.split("As a puzzle file (fixes this puzzle for a match):\n")[1]
    assert load_puzzle(file_text.split("\nImages:")[0]) == expected
    images = sorted(path.name for path in tmp_path.iterdir())
    # The solved grid is named as the spoiler it is, and the output says so.
    assert images == ["seed4-8x8-3colours-SOLUTION.png", "seed4-8x8-3colours-puzzle.png"]
    solution_line = next(line for line in printed.splitlines() if "SOLUTION.png" in line)
    assert "SPOILER" in solution_line
    assert all((tmp_path / name).read_bytes().startswith(b"\x89PNG") for name in images)


def test_check_accepts_a_good_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "example.txt"
    path.write_text(EXAMPLE, encoding="utf-8")
    assert cli.main(["puzzle", "check", str(path), "--independent"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("OK: 6×6, 2 colours, 8 clues, format no-touch-connected;")
    assert "the solver and plain search agree" in printed
    assert "B2 .  .  .  R7 B1" in printed


def test_check_names_the_line_at_fault(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(EXAMPLE.replace("format no-touch-connected", "format spirals"), "utf-8")
    assert puzzle("check", str(path)) == 1
    assert "Line 3: unknown format 'spirals'" in capsys.readouterr().err


def test_check_says_when_the_file_cannot_be_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert puzzle("check", str(tmp_path / "missing.txt")) == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_bad_size_is_refused_by_argparse() -> None:
    with pytest.raises(SystemExit):
        puzzle("generate", "--seed", "1", "--size", "big")


def test_slow_generation_reports_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(puzzle_cli, "QUIET_FOR", 0.0)
    assert puzzle("generate", "--seed", "2", "--size", "8", "--out", str(tmp_path)) == 0
    told = capsys.readouterr().err
    assert "genius-bot puzzle: attempt 1: drawing a 8×8" in told
    assert "generated in" in told
