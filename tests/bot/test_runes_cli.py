"""``genius-bot runes``: generate prints a checkable rune-set file and writes PNGs;
check answers OK, a line-numbered error, or that the file cannot be read."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from bot import cli, runes_cli
from games.runebreaker.generator import generate_round
from games.runebreaker.runesets import parse_rune_set

DOC = Path(__file__).resolve().parents[2] / "docs" / "runebreaker-runesets.md"
CLASSIC, FINALS = re.findall(r"```runes\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def runes(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="genius-bot")
    runes_cli.add_parser(parser.add_subparsers(dest="command"))
    return runes_cli.run(parser.parse_args(["runes", *argv]))


@pytest.mark.parametrize("variant", ["classic", "finals"])
def test_generate_prints_a_rune_set_and_writes_images(
    variant: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = runes(
        "generate", "--seed", "3", "--variant", variant, "--round", "2", "--out", str(tmp_path)
    )
    assert code == 0
    printed = capsys.readouterr().out
    rune_set = parse_rune_set(printed)
    # Round 2 is the file's round 2 (a file's rounds play in order from 1), after
    # the round 1 a match with this seed plays before it.
    assert rune_set.rounds == [generate_round(3, n, rune_set.variant) for n in (1, 2)]
    assert re.search(r"^round 2$", printed, re.M)
    assert rune_set.variant == variant
    assert "// Round 2's Product:" in printed
    images = sorted(path.name for path in tmp_path.iterdir())
    assert images == [
        f"{variant}-seed3-round2-{name}.png" for name in ("both", "product", "reagent")
    ]
    assert all(path.read_bytes().startswith(b"\x89PNG") for path in tmp_path.iterdir())


@pytest.mark.parametrize("round_no", ["0", "6", "9"])
def test_generate_refuses_a_round_a_match_does_not_have(
    round_no: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert runes("generate", "--seed", "3", "--round", round_no, "--out", str(tmp_path)) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        f"genius-bot runes: --round is 1 to 5 (a match has 5 rounds), not {round_no}.\n"
    )
    assert captured.out == ""
    assert not list(tmp_path.iterdir())


def test_generate_shows_each_rune_meaning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runes("generate", "--seed", "3", "--out", str(tmp_path))
    printed = capsys.readouterr().out
    spec = generate_round(3, 1, "classic")
    for rune in spec.runes:
        assert re.search(
            rf"rune {re.escape(rune.symbol)} = .*// {re.escape(rune.meaning())}", printed
        )


def test_check_a_good_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "set.runes"
    path.write_text(CLASSIC, encoding="utf-8")
    assert runes("check", str(path)) == 0
    assert capsys.readouterr().out.strip() == "OK: 2 rounds (classic)"


def test_check_a_bad_file_names_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "set.runes"
    path.write_text(FINALS.replace("rune B = gravity left", "rune B = gravity sideways"))
    assert runes("check", str(path)) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{path}: Line 6: `B`: gravity: direction must be one of")


def test_check_with_a_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "set.runes"
    path.write_text(FINALS)
    assert runes("check", str(path), "--variant", "classic") == 1
    assert "this set is for finals, but classic was asked" in capsys.readouterr().err


def test_wired_into_genius_bot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "set.runes"
    path.write_text(FINALS)
    assert cli.main(["runes", "check", str(path)]) == 0
    assert capsys.readouterr().out.strip() == "OK: 1 round (finals)"


@pytest.mark.parametrize("kind", ["missing", "binary"])
def test_check_an_unreadable_file(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "set.runes"
    if kind == "binary":
        path.write_bytes(b"\xff\xfe\x00rune")
    assert runes("check", str(path)) == 2
    assert f"cannot read {path}" in capsys.readouterr().err
