"""The offline demo (`genius-bot demo logical_horror`): the built-in players query
(public and private) and take hints until one board satisfies every clue, through
the real runtime on SQLite; the room's pictures are saved and decode."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from bot.demo import play_demo
from bot.demo.logical_horror import DEMO_MATCHES
from bot.demo.match import NAMES
from storage.records import MatchStatus

WINS = re.compile(rf"^(?:\[room\] )?🏆 \*\*(?P<winner>{'|'.join(NAMES)}) wins\*\*", re.MULTILINE)
SAVED = re.compile(r"^\[room\] \(image saved: (?P<path>.+)\)$", re.MULTILINE)


@pytest.mark.parametrize("seed", [2, 4])
async def test_the_demo_plays_to_a_win(seed: int, tmp_path: Path) -> None:
    out = io.StringIO()
    record = await play_demo(
        "logical_horror", seed=seed, out_dir=tmp_path / "images", out=out, private=True,
        options=DEMO_MATCHES[0],
    )  # fmt: skip
    printed = out.getvalue()
    assert record.status is MatchStatus.FINISHED
    (won,) = WINS.finditer(printed)
    assert won["winner"] in NAMES
    assert "made a public query" in printed
    assert "made a private query" in printed
    assert "💡 **Hint —" in printed  # one seat saves up for a hint
    assert "penpa-edit/#m=edit&p=" in printed

    saved = [Path(found["path"]) for found in SAVED.finditer(printed)]
    assert any(path.name.endswith("puzzle.png") for path in saved)
    assert any(path.name.endswith("solution.png") for path in saved)
    for path in saved:
        with Image.open(path) as image:
            assert image.format == "PNG"
            image.load()
