"""The word list an asked word must come from.

Engines do no I/O, so the engine never opens a path. Word lists reach it as
data:

- the list shipped inside this package (``data/words.txt``, SCOWL-derived,
  see ``data/WORDS-LICENSE.txt``) is read once, on first use, through
  ``importlib.resources`` — package data, like a module's own source;
- a list named by the ``word_list`` config key (a host's CSW file, say) is
  read by the runtime, which turns its text into a set with
  :func:`words_in` and hands it over with :func:`register_word_list`
  before it sets up or replays a match that names that path.

Words are stored upper-case; membership is a frozenset lookup.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable
from functools import cache
from importlib import resources

MIN_LETTERS = 3
MAX_LETTERS = 15

#: What the engine needs of a word list: ``"DECODER" in words``.
WordList = Container[str]
#: How the engine finds the word list for a config's ``word_list`` (None: the shipped one).
WordLists = Callable[[str | None], WordList]

_registered: dict[str, frozenset[str]] = {}

#: A line of an upper-cased text (lines end at "\n" only) that is a word: A–Z,
#: 3–15 of them, with any whitespace around them (what str.strip() drops).
_WORD_LINE = re.compile(rf"^[^\S\n]*([A-Z]{{{MIN_LETTERS},{MAX_LETTERS}}})[^\S\n]*$", re.MULTILINE)
#: Where str.splitlines() ends a line, besides "\n".
_OTHER_LINE_ENDS = re.compile("[\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def load_words(lines: Iterable[str]) -> frozenset[str]:
    """One word a line; blank lines, words with anything but A–Z, and words
    outside 3–15 letters are dropped. Case does not matter."""
    words = set()
    for line in lines:
        word = line.strip().upper()
        if MIN_LETTERS <= len(word) <= MAX_LETTERS and word.isascii() and word.isalpha():
            words.add(word)
    return frozenset(words)


def words_in(text: str) -> frozenset[str]:
    """``load_words(text.splitlines())``, without a string made for every line."""
    if _OTHER_LINE_ENDS.search(text):
        return load_words(text.splitlines())
    return _words_a_line(text)


def _words_a_line(text: str) -> frozenset[str]:
    """The words of a text whose lines end at "\n" only: one regular expression
    over the whole text, rather than a string and five checks per line (the
    shipped list is a quarter of a million lines, read by every process that
    plays Decoder)."""
    return frozenset(_WORD_LINE.findall(text.upper()))


@cache
def shipped_words() -> frozenset[str]:
    """The default list, loaded once."""
    text = (
        resources.files("games.decoder").joinpath("data").joinpath("words.txt").read_text("utf-8")
    )
    return words_in(text)


def register_word_list(path: str, words: Iterable[str]) -> None:
    """Make the list read from ``path`` available to matches configured with it."""
    _registered[path] = words if isinstance(words, frozenset) else load_words(words)


def registered_paths() -> tuple[str, ...]:
    return tuple(_registered)


def word_list(path: str | None) -> WordList:
    """The list for a config's ``word_list``; LookupError if it was never registered."""
    if path is None:
        return shipped_words()
    try:
        return _registered[path]
    except KeyError:
        raise LookupError(
            f"the word list {path!r} is not loaded: the runtime must read it and pass it to "
            "games.decoder.words.register_word_list before the match is set up"
        ) from None
