"""The options text of /match new (parsed without Discord: a pure function)."""

from __future__ import annotations

import pytest

from bot.discord.host._options import parse_options
from games import Rejected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", {}),
        ("move_seconds=60", {"move_seconds": 60}),
        ('{"move_seconds": 60}', {"move_seconds": 60}),
        (
            '\'cell_order=["r1c1","r1c2"]\' advantage=1',
            {"cell_order": ["r1c1", "r1c2"], "advantage": 1},
        ),
        ("name=Alpha", {"name": "Alpha"}),
    ],
)
def test_options_are_read(text: str, expected: dict[str, object]) -> None:
    assert parse_options(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("move_seconds", "is not a `key=value` pair"),
        ("{not json", "not valid JSON"),
        ("[1, 2]", "not a `key=value` pair"),
        ("word_list=/etc/passwd", "only the bot's operator"),
        ('{"word_list": "/dev/zero"}', "only the bot's operator"),
        ("rune_set=/etc/passwd", "only the bot's operator"),
    ],
)
def test_bad_options_are_refused(text: str, message: str) -> None:
    with pytest.raises(Rejected, match=message):
        parse_options(text)
