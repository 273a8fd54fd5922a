"""The word list: loading, the shipped list, lists registered by path, injection."""

from __future__ import annotations

import random
import re
from importlib import resources
from pathlib import Path

import pytest

from games.decoder import GAME, Decoder
from games.decoder.words import (
    load_words,
    register_word_list,
    registered_paths,
    shipped_words,
    word_list,
    words_in,
)
from tests.games.decoder.decoder_support import act, config, playing

SOWPODS = Path("/work/shared/data/SOWPODS.txt")


def test_load_words_normalises_and_filters() -> None:
    lines = ["decoder\n", "  Apple ", "", "at", "x" * 16, "x" * 15, "don't", "café", "ZOO"]
    assert load_words(lines) == frozenset({"DECODER", "APPLE", "X" * 15, "ZOO"})


def test_the_shipped_list_is_one_lowercase_word_of_3_to_15_letters_a_line() -> None:
    text = resources.files("games.decoder").joinpath("data").joinpath("words.txt").read_text()
    lines = text.splitlines()
    assert len(lines) > 200_000
    assert all(re.fullmatch("[a-z]{3,15}", line) for line in lines)
    assert lines == sorted(set(lines))
    assert len(shipped_words()) == len(lines)


@pytest.mark.parametrize(
    "word",
    [
        "DECODER",
        "DECODERS",
        "WALKED",
        "WALKING",
        "APPLES",
        "BOXES",
        "QUICKEST",
        "COLOUR",
        "COLOR",
        "ZAX",
    ],
)
def test_the_shipped_list_accepts_ordinary_inflections(word: str) -> None:
    assert word in shipped_words()


@pytest.mark.parametrize("word", ["XYZZYQ", "AT", "A", "DECODERX", "QWERTYUIOP"])
def test_the_shipped_list_refuses_non_words(word: str) -> None:
    assert word not in shipped_words()


def test_the_shipped_list_has_its_licence_beside_it() -> None:
    notice = (
        resources.files("games.decoder").joinpath("data").joinpath("WORDS-LICENSE.txt").read_text()
    )
    assert "SCOWL" in notice
    assert "ENABLE" in notice
    assert "UK Advanced Cryptics Dictionary" in notice


def test_the_shipped_list_is_loaded_once() -> None:
    assert shipped_words() is shipped_words()
    assert word_list(None) is shipped_words()


def test_an_unregistered_path_fails_at_setup() -> None:
    with pytest.raises(LookupError, match="is not loaded"):
        GAME.setup(config(word_list="/nowhere/csw19.txt"), seed=1)


def test_a_registered_list_is_used_by_its_path() -> None:
    path = "/test/tiny-list.txt"
    register_word_list(path, ["zyzzyva", "qi", "decoder"])
    assert path in registered_paths()
    state = playing(word_list=path)
    assert act(state, 0, "ask zyzzyva not any tank 1").state.asked == ["ZYZZYVA"]
    with pytest.raises(Exception, match="APPLE is not in the word list"):
        act(state, 0, "ask apple not any tank 1")


def test_an_engine_takes_its_word_lists_as_data() -> None:
    engine = Decoder(words=lambda path: frozenset({"ABC"}))
    state = engine.setup(config(), seed=1).state
    state = engine.apply(state, "host", engine.parse(state, "host", "start"), 0).state
    assert engine.parse(state, 0, "ask abc not any tank 1").word == "ABC"
    with pytest.raises(Exception, match="DECODER is not in the word list"):
        engine.parse(state, 0, "ask decoder not any tank 1")


@pytest.mark.skipif(
    not SOWPODS.exists(), reason=f"{SOWPODS} is absent (a host-owned CSW-style list)"
)
def test_a_sowpods_list_read_by_the_runtime() -> None:
    with SOWPODS.open(encoding="latin-1") as lines:
        words = load_words(lines)
    register_word_list(str(SOWPODS), words)
    state = playing(word_list=str(SOWPODS))
    for word in ("qat", "zax", "decoders", "aahed"):
        assert act(state, 0, f"ask {word} not any tank 1").state.asked == [word.upper()]
    assert "XU" not in words  # two letters: never a word in this game


#: Characters that test how a text is cut into lines and stripped: every line end
#: str.splitlines() knows, whitespace of several kinds, and letters that change
#: length or leave A–Z when upper-cased.
AWKWARD = "abcXYZ \t\n\r\v\f\x1c\x85\u2028\u00a0\u3000ßﬀſé'"


@pytest.mark.parametrize("seed", range(20))
def test_a_text_read_whole_gives_the_words_read_line_by_line(seed: int) -> None:
    """words_in reads a whole text with one expression; it must find exactly the
    words that stripping and checking each of its lines finds."""
    draw = random.Random(seed)
    for _ in range(200):
        text = "".join(draw.choice(AWKWARD) for _ in range(draw.randint(0, 60)))
        expected = {
            word
            for word in (line.strip().upper() for line in text.splitlines())
            if 3 <= len(word) <= 15 and word.isascii() and word.isalpha()
        }
        assert words_in(text) == expected, repr(text)
        assert load_words(text.splitlines()) == expected, repr(text)
        assert load_words(text.splitlines(keepends=True)) == expected, repr(text)
