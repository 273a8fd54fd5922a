"""`genius-bot demo` (what `make demo` runs), through the command's own entry:
every game's demo match ends with a result, and the pictures the room was
shown are saved as PNG files that decode, in that game's folder."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image

import games
from bot.cli import main
from bot.demo.match import NAMES
from bot.kits import demo_games, demo_matches

SECTION = re.compile(r"^===== (?P<label>.+): a demo match \(seed \d+\) =====$", re.MULTILINE)
FINISHED = re.compile(r"^===== (?P<label>.+): match #\d+ (?P<status>\w+) =====$", re.MULTILINE)
SAVED = re.compile(r"^\[room\] \(image saved: (?P<path>.+)\)$", re.MULTILINE)
WINNER = "|".join(map(re.escape, NAMES))
#: Each game's last word in the room: a winner, or a draw.
RESULT = re.compile(
    rf"🏆 \*\*(?:{WINNER}) wins"  # Goofspiel, Expression, Rune Breaker, Logical Horror
    rf"|🏁 \*\*(?:{WINNER}) wins!"  # Decoder
    r"|🤝 \*\*[Tt]he match is a draw"
    r"|The match ends — .+ Final score"  # Rune Breaker, a tie
)


def _sections(printed: str) -> list[tuple[str, str]]:
    """(label, text) of each match the demo played, in order."""
    starts = list(SECTION.finditer(printed))
    ends = [*(m.start() for m in starts[1:]), len(printed)]
    return [(m["label"], printed[m.end() : end]) for m, end in zip(starts, ends, strict=True)]


def _check_pictures(section: str, folder: Path) -> int:
    saved = [Path(found["path"]) for found in SAVED.finditer(section)]
    assert saved, f"no picture saved in {folder}"
    assert sorted(saved) == sorted(p for p in folder.iterdir() if p.is_file())
    for path in saved:
        assert path.stat().st_size > 0
        with Image.open(path) as image:
            assert image.format == "PNG"
            image.load()  # every pixel decodes (a cut-off file raises)
            assert min(image.size) > 0
    return len(saved)


def test_every_game_demo_ends_with_a_result_and_saves_its_pictures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "demo-out"
    assert main(["demo", "--out", str(out), "--seed", "7"]) == 0
    sections = iter(_sections(capsys.readouterr().out))
    keys = demo_games()
    assert set(keys) == set(games.keys()), "every game has built-in players"
    for key in keys:
        matches = demo_matches(key)
        for number in range(1, len(matches) + 1):
            label, section = next(sections)
            assert label.startswith(games.get(key).title)
            (finished,) = FINISHED.finditer(section)
            assert finished["status"] == "finished", (key, number)
            assert RESULT.search(section), f"{label}: no result in the room"
            folder = out / key / str(number) if len(matches) > 1 else out / key
            pictures = _check_pictures(section, folder)
            assert f"\n{pictures} images saved in {folder}\n" in section
    assert next(sections, None) is None
