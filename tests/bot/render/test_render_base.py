"""The shared rendering pieces: message splitting, runtime notices, fallbacks."""

from __future__ import annotations

import dataclasses

import pytest

from bot.render import (
    DEFAULT_NAMES,
    Image,
    Rendered,
    Renderer,
    escape_md,
    fallback_text,
    renderer_for,
    split_message,
)
from bot.render.base import alt_text, cut_at_word
from bot.render.goofspiel import GoofspielRenderer
from games.core.contract import HOST, PUBLIC, Notice

NAMES = ("Ann", "Bo")


def notice(kind: str, audience: int | str = PUBLIC, /, **data: object) -> Notice:
    return Notice.model_validate({"audience": audience, "kind": kind, "data": data})


# -- split_message ------------------------------------------------------------------


def test_split_empty_and_blank_text_gives_no_chunks() -> None:
    assert split_message("") == []
    assert split_message("\n\n   \n") == []


def test_split_short_text_is_one_chunk() -> None:
    assert split_message("hello\nworld") == ["hello\nworld"]


def test_split_exactly_at_limit_is_one_chunk() -> None:
    text = "x" * 2000
    assert split_message(text) == [text]


def test_split_one_over_limit_line_is_cut_hard() -> None:
    text = "y" * 2001
    chunks = split_message(text)
    assert chunks == ["y" * 2000, "y"]


def test_split_prefers_line_boundaries() -> None:
    lines = [f"line {i:03d} " + "z" * 40 for i in range(200)]
    text = "\n".join(lines)
    chunks = split_message(text, limit=500)
    assert len(chunks) > 1
    for chunk in chunks:
        assert 0 < len(chunk) <= 500
        assert chunk.strip()
        # Every chunk is made of whole lines.
        assert all(line in lines for line in chunk.split("\n"))
    assert "\n".join(chunks) == text


def test_split_long_line_between_short_ones() -> None:
    text = "head\n" + "L" * 25 + "\ntail"
    chunks = split_message(text, limit=10)
    # The cut line starts a fresh chunk; its tail shares one with the next line.
    assert chunks == ["head", "L" * 10, "L" * 10, "L" * 5 + "\ntail"]


def test_split_never_yields_blank_chunks_around_blank_lines() -> None:
    text = "a" * 10 + "\n\n\n\n" + "b" * 10
    chunks = split_message(text, limit=10)
    assert chunks == ["a" * 10, "b" * 10]


def test_split_keeps_content() -> None:
    text = "\n".join("w" * n for n in range(0, 3000, 37))
    chunks = split_message(text)
    assert all(0 < len(c) <= 2000 for c in chunks)
    assert "".join(chunks).replace("\n", "") == text.replace("\n", "")


def test_split_rejects_a_silly_limit() -> None:
    with pytest.raises(ValueError, match="positive"):
        split_message("x", limit=0)


# -- types and registry ---------------------------------------------------------------


def test_output_types_are_frozen() -> None:
    image = Image(filename="a.png", data=b"x")
    rendered = Rendered(text="t", images=[image])
    with pytest.raises(dataclasses.FrozenInstanceError):
        rendered.text = "u"  # type: ignore[misc]
    assert Rendered(text="t").images == []


def test_registry_knows_goofspiel_and_falls_back_for_the_rest() -> None:
    assert isinstance(renderer_for("goofspiel"), GoofspielRenderer)
    assert renderer_for("goofspiel") is renderer_for("goofspiel")
    generic = renderer_for("no_such_game")
    assert type(generic) is Renderer
    text = generic.render([notice("reminder", 0, label="your answer", seconds_left=15)], 0).text
    assert "15 s" in text


def test_default_names() -> None:
    text = Renderer().render([notice("match_started", game_title="Decoder")], PUBLIC).text
    assert DEFAULT_NAMES[0] in text
    assert DEFAULT_NAMES[1] in text


# -- runtime notices (every game) -----------------------------------------------------


@pytest.mark.parametrize("key", ["goofspiel", "decoder"])
def test_runtime_notices(key: str) -> None:
    renderer = renderer_for(key)

    def text(kind: str, **data: object) -> str:
        return renderer.render([notice(kind, **data)], PUBLIC, names=NAMES).text

    started = text("match_started", game_title="Square Goofspiel")
    assert "Square Goofspiel" in started
    assert "Ann" in started
    assert "Bo" in started
    assert "started" in started
    assert "paused" in text("match_paused", reason=None)
    assert "Reason" not in text("match_paused", reason=None)
    assert "coffee break" in text("match_paused", reason="coffee break")
    assert "restart" in text("match_resumed", after_restart=True)
    assert "restart" not in text("match_resumed", after_restart=False)
    assert "resumed" in text("match_resumed", after_restart=False)
    assert "aborted" in text("match_aborted")
    reminder = text("reminder", label="your bid on cell C (r3c5)", seconds_left=30)
    assert "30 s" in reminder
    assert "your bid on cell C (r3c5)" in reminder
    moved = text("move_logged", seat=1, move="play `4`")
    assert "Bo" in moved
    assert "play '4'" in moved
    assert "The host" in text("move_logged", seat="host", move="start")
    ran_out = text("time_ran_out", seat=0, label="your bid on cell C (r3c5)")
    assert "Time ran out for Ann" in ran_out
    assert "your bid on cell C (r3c5)" in ran_out


# -- fallbacks --------------------------------------------------------------------------


def test_unknown_kind_renders_readably() -> None:
    odd = notice("comet_sighted", size=3, where="north")
    for renderer in (Renderer(), renderer_for("goofspiel")):
        text = renderer.render([odd], PUBLIC, names=NAMES).text
        assert "comet sighted" in text
        assert "size: 3" in text
        assert "north" in text
    assert fallback_text(notice("bare")) == "[bare]"


def test_known_kind_with_broken_data_does_not_crash() -> None:
    broken = notice("auction_resolved", board="nonsense", bids="x", hands=5, winner="?")
    rendered = renderer_for("goofspiel").render([broken], PUBLIC, names=NAMES)
    assert rendered.text


def test_notices_are_coalesced_in_order() -> None:
    notices = [
        notice("match_paused", reason="lunch"),
        notice("comet_sighted"),
        notice("match_resumed", after_restart=False),
    ]
    text = Renderer().render(notices, PUBLIC).text
    lines = text.split("\n")
    assert len(lines) == 3
    assert "lunch" in lines[0]
    assert "comet" in lines[1]
    assert "resumed" in lines[2]


def test_names_are_escaped_for_markdown() -> None:
    assert escape_md("a_b*c") == "a\\_b\\*c"
    text = (
        Renderer()
        .render([notice("match_started", game_title="X")], PUBLIC, names=("**A**", "B"))
        .text
    )
    assert "\\*\\*A\\*\\*" in text


def test_alt_text_is_the_name_then_the_text_without_markdown() -> None:
    image = Image("round1-product.png", b"")
    text = "**Round 1**: the \\*Product\\*\n> shown to `both`"
    assert alt_text(image, text) == "round1 product: Round 1: the *Product* shown to both"
    assert alt_text(image, "") == "round1 product"
    assert alt_text(Image(".png", b""), "  ") == "picture"


@pytest.mark.parametrize(
    ("text", "limit", "cut"),
    [
        ("short enough", 12, "short enough"),
        ("one two three", 12, "one two…"),  # "three" would be cut: dropped whole
        ("one two three", 9, "one two…"),  # the cut falls on the space after "two"
        ("unbreakable-word", 8, "unbreak…"),  # no space to cut at: cut inside
    ],
)
def test_cut_at_word_keeps_whole_words_and_marks_the_cut(text: str, limit: int, cut: str) -> None:
    assert cut_at_word(text, limit) == cut
    assert len(cut_at_word(text, limit)) <= limit


def test_a_match_that_cannot_be_loaded_is_told_the_reason_only_in_the_host_log() -> None:
    told = Notice(
        audience=PUBLIC,
        kind="match_unloadable",
        data={"match_id": 3, "game_title": "Square Goofspiel", "reason": "`hands`: missing"},
    )
    renderer = renderer_for("goofspiel")
    room = renderer.render([told], PUBLIC, names=NAMES).text
    assert room.startswith("⚠️ **Match #3 (Square Goofspiel) is stopped**")
    assert "`hands`" not in room
    host = renderer.render([told], HOST, names=NAMES).text
    assert "could not be loaded** after the bot was updated: `hands`: missing." in host
    assert "`/match export`" in host
    assert "`/match abort`" in host
