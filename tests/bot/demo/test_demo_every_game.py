"""`genius-bot demo` (what `make demo` runs), through the command's own entry:
every game's demo matches keep the demo's rules (written in bot/kits.py, for
``bot.demo.<key>``, and in docs/architecture.md, "Adding a game"): each match
finishes, the room is told its result, and the room is shown pictures, saved as
PNG files that decode, in that game's folder. A game that breaks one is told
which."""

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
#: The room's word on the result (demo rule 2): a winner by name, a draw, or an end.
RESULT = re.compile(
    rf"(?:🏆|🏁) \*\*(?:{WINNER}) wins"
    r"|🤝 \*\*[Tt]he match is a draw"
    r"|The match ends — "
)

#: The demo's rules, as bot/kits.py states them.
FINISHES = "demo rule 1 (bot/kits.py): the built-in players play every demo match to its end"
TELLS_RESULT = (
    "demo rule 2 (bot/kits.py): the room is told the result — `🏆 **<name> wins` (or "
    "`🏁 **<name> wins`), `🤝 **The match is a draw`, or `The match ends — <why>`"
)
PICTURED = (
    "demo rule 3 (bot/kits.py): the room is shown at least one picture, and each is a PNG "
    "that decodes, saved in the game's folder"
)


def _sections(printed: str) -> list[tuple[str, str]]:
    """(label, text) of each match the demo played, in order."""
    starts = list(SECTION.finditer(printed))
    ends = [*(m.start() for m in starts[1:]), len(printed)]
    return [(m["label"], printed[m.end() : end]) for m, end in zip(starts, ends, strict=True)]


def broken_rules(label: str, section: str, folder: Path) -> list[str]:
    """Each demo rule one match broke (``section``: what the demo printed for it)."""
    broken = []
    finished = [found["status"] for found in FINISHED.finditer(section)]
    if finished != ["finished"]:
        broken.append(f"{label}: breaks {FINISHES} (it ended {finished or 'never'})")
    if not RESULT.search(section):
        broken.append(f"{label}: breaks {TELLS_RESULT}; the room never said any of these")
    saved = [Path(found["path"]) for found in SAVED.finditer(section)]
    if not saved:
        broken.append(f"{label}: breaks {PICTURED}; the room showed none")
    elif problem := _pictures_problem(saved, folder):
        broken.append(f"{label}: breaks {PICTURED}; {problem}")
    elif f"\n{len(saved)} images saved in {folder}\n" not in section:
        broken.append(f"{label}: the demo did not say it saved {len(saved)} images in {folder}")
    return broken


def _pictures_problem(saved: list[Path], folder: Path) -> str | None:
    files = sorted(p for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []
    if sorted(saved) != files:
        return f"saved {sorted(map(str, saved))} but {folder} holds {list(map(str, files))}"
    for path in saved:
        try:
            with Image.open(path) as image:
                fmt = image.format
                image.load()  # every pixel decodes (a cut-off file raises)
                size = image.size
        except OSError as error:
            return f"{path} does not decode: {error}"
        if fmt != "PNG" or min(size) == 0:
            return f"{path} is a {fmt} of {size}, not a PNG picture"
    return None


def match_folder(out: Path, key: str, number: int) -> Path:
    """Where the demo saves a match's pictures: the game's folder, one per match
    when it plays several."""
    return out / key / str(number) if len(demo_matches(key)) > 1 else out / key


def test_every_game_demo_ends_with_a_result_and_saves_its_pictures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "demo-out"
    assert main(["demo", "--out", str(out), "--seed", "7"]) == 0
    sections = iter(_sections(capsys.readouterr().out))
    keys = demo_games()
    assert set(keys) == set(games.keys()), "every game has built-in players"
    broken = []
    for key in keys:
        for number in range(1, len(demo_matches(key)) + 1):
            label, section = next(sections)
            assert label.startswith(games.get(key).title)
            broken += broken_rules(label, section, match_folder(out, key, number))
    assert next(sections, None) is None
    assert not broken, "\n".join(broken)


def test_a_match_that_breaks_the_rules_is_told_which(tmp_path: Path) -> None:
    """What a game's demo is told when it ends with no word on the result and no
    picture: the rule it broke, by number and in words."""
    section = "\n[room] The match has started!\n\n===== Tiny: match #1 finished =====\n"
    (tmp_path / "tiny").mkdir()
    broken = broken_rules("Tiny", section, tmp_path / "tiny")
    assert broken == [
        f"Tiny: breaks {TELLS_RESULT}; the room never said any of these",
        f"Tiny: breaks {PICTURED}; the room showed none",
    ]
    aborted = section.replace("finished", "aborted") + "🏆 **Ruby wins**\n"
    assert broken_rules("Tiny", aborted, tmp_path / "tiny")[0] == (
        f"Tiny: breaks {FINISHES} (it ended ['aborted'])"
    )
