"""The word list an asked word must come from.

Engines do no I/O, so the engine never opens a path. Word lists reach it as
data:

- the list shipped inside this package (``data/words.txt``, SCOWL-derived,
  see ``data/WORDS-LICENSE.txt``) is read once, on first use, through
  ``importlib.resources`` — package data, like a module's own source;
- a list named by the ``word_list`` config key (a host's CSW file, say) is
  read by the runtime, which turns its lines into a set with
  :func:`load_words` and hands it over with :func:`register_word_list`
  before it sets up or replays a match that names that path.

Words are stored upper-case; membership is a frozenset lookup.
"""

from __future__ import annotations

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


def load_words(lines: Iterable[str]) -> frozenset[str]:
    """One word a line; blank lines, words with anything but A–Z, and words
    outside 3–15 letters are dropped. Case does not matter."""
    words = set()
    for line in lines:
        word = line.strip().upper()
        if MIN_LETTERS <= len(word) <= MAX_LETTERS and word.isascii() and word.isalpha():
            words.add(word)
    return frozenset(words)


@cache
def shipped_words() -> frozenset[str]:
    """The default list, loaded once."""
    text = (
        resources.files("games.decoder").joinpath("data").joinpath("words.txt").read_text("utf-8")
    )
    return load_words(text.splitlines())


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
