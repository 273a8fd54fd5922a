"""The offline demo (`genius-bot demo runebreaker`): each of its matches plays to
the end through the real runtime on SQLite, prints the room's last word, and
saves the pictures the room was shown."""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.demo import play_demo
from bot.demo.match import NAMES
from bot.demo.runebreaker import DEMO_MATCHES
from storage.records import MatchRecord, MatchStatus

#: The room's match-over line (bot/render/runebreaker/_rounds.py, match_over).
OVER = re.compile(
    r"^(?:\[room\] )?(?:🏆 \*\*(?P<winner>.+) wins the match\*\*|The match ends) — .+\. "
    rf"Final score: {NAMES[0]} \*\*(?P<first>\d+)\*\* – \*\*(?P<second>\d+)\*\* {NAMES[1]}\.$",
    re.MULTILINE,
)
SAVED = re.compile(r"^\[room\] \(image saved: (?P<path>.+)\)$", re.MULTILINE)


@dataclass(frozen=True)
class Demo:
    """One demo match as played: its record, what it printed, where its pictures went."""

    record: MatchRecord
    printed: str
    images: Path


@dataclass
class Demos:
    """The demo matches of this module, each played once (a match takes seconds, and
    the same options with the same seed always play the same match): its tests
    only read what a match printed and saved."""

    folder: Path
    played: dict[str, Demo] = field(default_factory=dict)

    async def play(self, options: dict[str, Any]) -> Demo:
        key = json.dumps(options, sort_keys=True)
        if key not in self.played:
            images = self.folder / str(len(self.played)) / "images"
            out = io.StringIO()
            record = await play_demo(
                "runebreaker", seed=7, out_dir=images, out=out, options=options
            )
            self.played[key] = Demo(record, out.getvalue(), images)
        return self.played[key]


@pytest.fixture(scope="module")
def demos(tmp_path_factory: pytest.TempPathFactory) -> Demos:
    return Demos(tmp_path_factory.mktemp("demos"))


@pytest.mark.parametrize("options", DEMO_MATCHES, ids=lambda options: options["variant"])
async def test_each_rune_breaker_demo_match_plays_to_the_end(
    options: dict[str, Any], demos: Demos
) -> None:
    demo = await demos.play(options)
    record, printed = demo.record, demo.printed
    assert record.status is MatchStatus.FINISHED
    assert record.config["variant"] == options["variant"]

    (over,) = OVER.finditer(printed)
    first, second = int(over["first"]), int(over["second"])
    if first != second:  # a tie goes to the DMO; otherwise the higher score wins
        assert over["winner"] == NAMES[0 if first > second else 1]

    saved = [Path(found["path"]) for found in SAVED.finditer(printed)]
    assert saved
    assert sorted(saved) == sorted(demo.images.iterdir())
    assert f"\n{len(saved)} images saved in {demo.images}" in printed
    for path in saved:
        with Image.open(path) as image:
            assert image.format == "PNG"
            image.load()  # every pixel decodes (a cut-off file raises)
            assert min(image.size) > 0


async def test_each_picture_follows_the_post_it_illustrates(demos: Demos) -> None:
    """A probe's picture was printed after the next turn's announcement (the
    whole step's text first, then its pictures)."""
    lines = (await demos.play({"variant": "classic"})).printed.splitlines()
    probes = [i for i, line in enumerate(lines) if SAVED.match(line) and "-probe-r" in line]
    assert probes
    for at in probes:
        post = max(i for i in range(at) if "'s probe (round" in lines[i])
        between = lines[post + 1 : at]
        assert not [line for line in between if "**Turn " in line or "buzzes!" in line], "\n".join(
            lines[post : at + 1]
        )
