"""Hostile text and game states in every phase, for fuzzing every game's ``parse``.

Used by ``tests/games/test_fuzz_parse.py`` (a modest number of examples) and
``bench/fuzz.py`` (the long run). States come from matches the demo's built-in
players play against the engine itself, collected along the way and kept one
or two per phase (see :func:`phase_of`), so every phase and every seat is fed.
What is particular to a game (its move words, its phases) comes from its own
``tests/games/<key>/facts.py`` (tests/facts.py).
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from hypothesis import strategies as st

import games
from bot.demo.duel import seat_view
from bot.kits import demo_flag, demo_matches, demo_player, host_script
from games import HOST, Rejected
from games.core import Actor, Game
from tests.facts import fact

#: What Discord users type that must never ping anyone or break a parser.
MENTIONS = [
    "@everyone",
    "@here",
    "<@123>",
    "<@!123>",
    "<@&456>",
    "<#789>",
    "<:blob:111>",
    "<a:blob:222>",
    "</match new:333>",
    "<t:1700000000:R>",
    "@​everyone",
]
MARKDOWN = [
    "```",
    "```py\n",
    "`",
    "**",
    "__",
    "~~",
    "||",
    "> ",
    ">>> ",
    "# ",
    "-# ",
    "\\",
    "[link](https://example.com)",
    "<https://example.com>",
    "*",
    "_",
]
#: Zero-width, direction and other invisible marks, and control characters.
INVISIBLE = [
    "\u200b",
    "\u200c",
    "\u200d",
    "\u2060",
    "\ufeff",
    "\u200e",
    "\u200f",
    "\u202a",
    "\u202b",
    "\u202d",
    "\u202e",
    "\u2066",
    "\u2067",
    "\u2069",
    "\u00ad",
    "\u180e",
    "\u3164",
]
CONTROL = [chr(code) for code in (*range(0x20), 0x7F, 0x85, 0x9B)]
#: Look-alikes of ASCII move characters: other scripts' digits, full-width forms,
#: signs and letters that case-fold or normalise into something else.
LOOKALIKES = [
    "٣",
    "۴",
    "४",
    "３",
    "１２",
    "①",
    "²",
    "⁴",
    "½",
    "Ⅻ",
    "ｐｌａｙ",
    "＋",
    "−",
    "×",
    "÷",
    "∶",
    "：",
    "；",
    "，",
    "İ",
    "ß",
    "ﬁ",
    "ǅ",
    "Σ",
    "ς",
    "K",
    "Å",
    "ǰ",
    "ẞ",
    "#",
    "♯",
    "＃",
    "·",
]
EMOJI = ["👍", "🎲", "❤️", "👨‍👩‍👧", "🇫🇷", "1️⃣", "🔟", "🟥", "⬛", "⬜", "🏳️‍🌈"]
#: Numbers nobody means: far out of range, huge digit runs, signs and exponents.
NUMBERS = [
    "0",
    "-0",
    "00000000007",
    "99",
    "-99",
    "2147483648",
    "9223372036854775808",
    "1e309",
    "1_000",
    "0x10",
    "NaN",
    "inf",
    "-inf",
    "1.5",
    "7/0",
    "0/0",
    "1" * 5000,
    "9" * 4301,
]
_SPACES = [" ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u3000", "\u2028", "\u2029"]


def moves(key: str) -> list[str]:
    """The game's own move words (its facts' ``MOVES``)."""
    words: list[str] = fact(key, "MOVES")
    return words


def _mutations(word: str) -> st.SearchStrategy[str]:
    """A valid move with one thing done to it: a near miss of the real grammar."""
    return st.one_of(
        st.just(word),
        st.just(word.upper()),
        st.integers(0, max(0, len(word) - 1)).map(lambda at: word[:at] + word[at + 1 :]),
        st.tuples(st.integers(0, len(word)), _atom()).map(
            lambda cut: word[: cut[0]] + cut[1] + word[cut[0] :]
        ),
        st.tuples(st.integers(0, max(0, len(word) - 1)), _atom()).map(
            lambda cut: word[: cut[0]] + cut[1] + word[cut[0] + 1 :]
        ),
        st.integers(0, len(word)).map(lambda at: word[:at] + word[at:] * 2),
        st.just(word.replace(" ", "")),
        st.just("  ".join(word.split())),
        st.integers(1, 3).map(lambda times: (word + " ") * times),
    )


#: The hand-picked hostile pieces, by family: a family is drawn first, so a small
#: one (mentions) comes up as often as a large one (control characters).
FAMILIES = [MENTIONS, MARKDOWN, INVISIBLE, CONTROL, LOOKALIKES, EMOJI, NUMBERS, _SPACES]
SPECIALS = [piece for family in FAMILIES for piece in family]


def _atom() -> st.SearchStrategy[str]:
    """One hostile piece."""
    return st.one_of(
        st.sampled_from(FAMILIES).flatmap(st.sampled_from),
        st.integers(-(10**30), 10**30).map(str),
        st.characters(codec="utf-8"),
    )


def every_special_in_every_move(key: str) -> list[str]:
    """Each hand-picked piece before, inside and after each of the game's moves:
    the long run feeds them all, where chance alone would miss some."""
    texts = []
    for move in moves(key):
        middle = len(move) // 2
        for piece in SPECIALS:
            texts += [piece + move, move[:middle] + piece + move[middle:], move + " " + piece]
    return texts


def near_misses(key: str) -> st.SearchStrategy[str]:
    """A game's own moves, mutated: dropped, doubled, replaced or inserted pieces."""
    return st.sampled_from(moves(key)).flatmap(_mutations)


def _long(key: str) -> st.SearchStrategy[str]:
    """Very long text: a run of one piece, or a move padded to thousands of characters."""
    run = st.tuples(
        st.sampled_from(["1", "9", " ", "#", ".", "a", "r1:", "1:", "round ", "+", "`", "@here "]),
        st.integers(100, 10_000),
    ).map(lambda piece: piece[0] * (piece[1] // len(piece[0])))
    padding = st.tuples(st.sampled_from(["1", "# ", " .", "rc "]), st.integers(1_000, 10_000))
    padded = st.tuples(st.sampled_from(moves(key)), padding).map(
        lambda parts: parts[0] + " " + parts[1][0] * (parts[1][1] // len(parts[1][0]))
    )
    return st.one_of(run, padded)


def _ten_thousand(piece: str) -> str:
    """``piece`` repeated to exactly 10,000 characters (more than Hypothesis draws)."""
    return (piece * (10_000 // len(piece) + 1))[:10_000]


def hostile_text(key: str) -> st.SearchStrategy[str]:
    """Random and adversarial text for ``key``'s parser (see the module docstring)."""
    pieces = st.lists(
        st.one_of(_atom(), st.sampled_from(moves(key)), st.text(max_size=8)), max_size=12
    ).map("".join)
    return st.one_of(
        st.text(),  # arbitrary unicode, surrogates left out (Discord sends UTF-8)
        st.text(min_size=1, max_size=30).map(_ten_thousand),
        pieces,
        near_misses(key),
        st.tuples(st.sampled_from(MENTIONS), near_misses(key)).map(" ".join),
        _long(key),
    )


# -- states in every phase -----------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """A state to parse against, and where it came from."""

    key: str
    phase: tuple[Any, ...]
    state: Any
    #: The match clock when the state was reached: a move now is on time.
    now_ms: int


#: Numbers and Goofspiel's auction letters in deadline keys: not a phase of their own.
_KIND = re.compile(r"[0-9]+|(?<=:)[A-Z](?=:|$)")


def phase_of(game: Game[Any, Any, Any], state: Any) -> tuple[Any, ...]:
    """What tells one phase of play from another, for any game: the phase the game
    says the state is in and whatever else it says sets states apart (its facts'
    ``phase`` and ``situation``), who is asked to act, the kinds of deadline armed
    (numbers left out), and whether the match is over."""
    situation = fact(game.key, "situation")
    # Goofspiel's auctions' letters and numbers are one phase.
    kinds = sorted({_KIND.sub("#", d.key) for d in game.deadlines(state)})
    return (
        named_phase(game.key, state),
        situation(state) if situation is not None else (),
        tuple(sorted(game.to_act(state))),
        tuple(kinds),
        state.outcome is None,
    )


def named_phase(key: str, state: Any) -> str:
    """The phase ``state`` is in, as the game names it (its facts' ``phase``)."""
    return str(fact(key, "phase")(state))


def play(
    key: str, options: dict[str, Any], seed: int, most_steps: int = 3_000
) -> Iterator[tuple[Any, int]]:
    """Every state of one match between the demo's players, with the match clock
    then, the last one over (or cut short after ``most_steps``), played on the
    engine alone."""
    game = games.get(key)
    player = demo_player(key)
    script = host_script(key)
    assert player is not None, f"{key} has no demo players"
    rng = random.Random(seed)
    state = game.setup(options, seed=seed).state
    now = 0
    yield state, now
    for _ in range(most_steps):
        if state.outcome is not None:
            return
        moved = False
        seats = (0, 1) if demo_flag(key, "ASKS_EVERY_SEAT") else sorted(game.to_act(state))
        for seat in seats:
            text = player(seat_view(game, state, seat, now), seat, rng)
            if text is not None and (after := _try(game, state, seat, text, now)) is not None:
                state, moved = after, True
                yield state, now
        if moved:
            continue
        text = script(seat_view(game, state, HOST, now)) if script is not None else None
        if text is not None and (after := _try(game, state, HOST, text, now)) is not None:
            state = after
        else:
            deadline = min(game.deadlines(state), key=lambda d: d.at_ms)
            now = max(now, deadline.at_ms)
            state = game.expire(state, deadline.key, now).state
        yield state, now


def _try(game: Game[Any, Any, Any], state: Any, actor: Actor, text: str, now: int) -> Any:
    try:
        return game.apply(state, actor, game.parse(state, actor, text), now).state
    except Rejected:
        return None


@cache
def tables(key: str, matches: int = 2, per_phase: int = 2) -> tuple[Table, ...]:
    """States of ``key`` in every phase met over ``matches`` matches of each of
    the demo's set-ups and the game's ``FUZZ_MATCHES``, at most ``per_phase`` of
    each (the first ones met)."""
    game = games.get(key)
    kept: dict[tuple[Any, ...], list[tuple[Any, int]]] = {}
    for options in [*demo_matches(key), *fact(key, "FUZZ_MATCHES")]:
        for seed in range(1, matches + 1):
            for state, now in play(key, options, seed):
                found = kept.setdefault(phase_of(game, state), [])
                if len(found) < per_phase:
                    found.append((state, now))
    return tuple(
        Table(key, phase, state, now) for phase, found in kept.items() for state, now in found
    )


ACTORS: tuple[Actor, ...] = (0, 1, HOST)


# -- what may come out ---------------------------------------------------------------

#: Longer than any refusal the games write; a refusal never repeats a long input.
LONGEST_REFUSAL = 600


def feed(game: Game[Any, Any, Any], table: Table, actor: Actor, text: str) -> Any | None:
    """``text`` parsed (and, if taken, applied) at ``table``: the action, or None
    when refused. Anything but :class:`Rejected` propagates: that is a bug."""
    try:
        action = game.parse(table.state, actor, text)
    except Rejected as refused:
        check_refusal(refused.message)
        return None
    # An action parse lets through is one the event log can store and read back.
    assert game.load_action(game.dump_action(action)) == action
    try:
        game.apply(table.state, actor, action, table.now_ms)
    except Rejected as refused:
        check_refusal(refused.message)
    return action


def check_refusal(message: str) -> None:
    """A refusal a player can read: short, visible, its quotes closed."""
    assert message.strip(), "an empty refusal"
    assert len(message) <= LONGEST_REFUSAL, f"a refusal of {len(message)} characters"
    hidden = [ch for ch in message if ch != "\n" and unicodedata.category(ch) in ("Cc", "Cf")]
    assert not hidden, f"hidden characters {hidden!r} in {message!r}"
    assert message.count("“") == message.count("”"), f"unbalanced quotes in {message!r}"
