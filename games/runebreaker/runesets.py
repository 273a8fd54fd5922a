"""Rune-set files: rounds a host writes by hand (docs/runebreaker-runesets.md).

A line-oriented format. Each line starts with a keyword — ``variant``,
``round``, ``rune``, ``sequence``, ``reagent`` — or is one row of the Reagent
Board under a ``reagent`` line. ``//`` starts a comment, anywhere on a line.
Not ``#``: ``#`` is a rune symbol (the rules' own example uses it), and ``/``
appears in no symbol, no catalog command and, here, no board row, so a ``//``
can never be read as anything but a comment.

The file fixes its rounds in order; a match with more rounds draws the rest
from its seed (:func:`RuneSet.round_spec`). Every round must pass
:func:`games.runebreaker.soundness.check_round`; the first problem found is
raised as a :class:`RuneSetError` naming the line at fault.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict

from games.core import Rejected
from games.runebreaker.board import Board
from games.runebreaker.commands import Bound, parse_bound
from games.runebreaker.generator import generate_round
from games.runebreaker.notation import EMPTY_TEXT, EMPTY_TOKENS, format_board, parse_board
from games.runebreaker.pieces import DEFAULT_PALETTE, Palette
from games.runebreaker.rounds import (
    BOARD_SIZES,
    SYMBOLS,
    VARIANTS,
    RoundSpec,
    Rune,
    Variant,
    canonical_symbol,
)
from games.runebreaker.soundness import Problem, round_problems

COMMENT = "//"
KEYWORDS = ("variant", "round", "rune", "sequence", "reagent")
#: ``A = rotate 90``, ``A: rotate 90`` or ``A rotate 90``; the symbol may be ``=`` itself.
_BINDING = re.compile(r"(\S)(?:\s*[=:]\s*|\s+|$)(.*)")


class RuneSetError(ValueError):
    """A rune-set file that cannot be used; ``line`` is 1-based."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"Line {line}: {message}")
        self.line = line
        self.message = message


class RuneSet(BaseModel):
    """The rounds a host fixed, for one variant."""

    model_config = ConfigDict(frozen=True)

    variant: Variant
    rounds: list[RoundSpec]

    def round_spec(self, round_no: int, seed: int, palette: Palette = DEFAULT_PALETTE) -> RoundSpec:
        """Round ``round_no`` (1-based): the file's, or past its end the match seed's."""
        if round_no <= len(self.rounds):
            return self.rounds[round_no - 1]
        return generate_round(seed, round_no, self.variant, palette)


@dataclass
class _Draft:
    """A round as read so far, with the line each part came from."""

    number: int
    line: int
    runes: dict[str, tuple[Bound, int]] = field(default_factory=dict)
    sequence: list[str] | None = None
    sequence_line: int = 0
    reagent: Board | None = None


def parse_rune_set(
    text: str, palette: Palette = DEFAULT_PALETTE, *, variant: Variant | None = None
) -> RuneSet:
    """The rune set in ``text``. ``variant``: the game the set is for, when the
    file does not say (and a check that it agrees when it does)."""
    return _Reader(text, palette, variant).read()


class _Reader:
    def __init__(self, text: str, palette: Palette, variant: Variant | None) -> None:
        self.lines = [
            (number, line.split(COMMENT, 1)[0].strip())
            for number, line in enumerate(text.splitlines(), start=1)
        ]
        self.palette = palette
        self.expected = variant
        self.variant: Variant | None = None
        self.rounds: list[RoundSpec] = []
        self.draft: _Draft | None = None

    def read(self) -> RuneSet:
        at = 0
        while at < len(self.lines):
            number, line = self.lines[at]
            at += 1
            if not line:
                continue
            word, _, rest = line.partition(" ")
            keyword = word.lower()
            rest = rest.strip()
            if keyword == "reagent":
                at = self._reagent(number, rest, at)
            elif keyword == "variant":
                self._variant(number, rest)
            elif keyword == "round":
                self._round(number, rest)
            elif keyword == "rune":
                self._rune(number, rest)
            elif keyword == "sequence":
                self._sequence(number, rest)
            elif _looks_like_row(word):
                raise RuneSetError(number, "a board row outside a Reagent Board (too many rows?).")
            else:
                raise RuneSetError(
                    number,
                    f"I don't know {_quote(word)}: a line starts with "
                    f"{', '.join(KEYWORDS)}, or {COMMENT} for a comment.",
                )
        self._finish_round()
        if not self.rounds:
            raise RuneSetError(max(1, len(self.lines)), "the file has no rounds.")
        assert self.variant is not None  # set before the first round
        return RuneSet(variant=self.variant, rounds=self.rounds)

    # -- keywords ----------------------------------------------------------------------

    def _variant(self, number: int, rest: str) -> None:
        if self.variant is not None:
            raise RuneSetError(number, "say the variant once, before the first round.")
        if rest.lower() not in VARIANTS:
            raise RuneSetError(number, f"the variant is `classic` or `finals`, not {_quote(rest)}.")
        chosen: Variant = "classic" if rest.lower() == "classic" else "finals"
        if self.expected is not None and chosen != self.expected:
            raise RuneSetError(number, f"this set is for {chosen}, but {self.expected} was asked.")
        self.variant = chosen

    def _round(self, number: int, rest: str) -> None:
        if self.variant is None:
            if self.expected is None:
                raise RuneSetError(
                    number, "say `variant classic` or `variant finals` before the first round."
                )
            self.variant = self.expected
        self._finish_round()
        expected = len(self.rounds) + 1
        if rest and rest != str(expected):
            raise RuneSetError(number, f"this is round {expected}, not {_quote(rest)}.")
        self.draft = _Draft(expected, number)

    def _rune(self, number: int, rest: str) -> None:
        draft = self._open_round(number, "rune")
        binding = _BINDING.fullmatch(rest)
        symbol = canonical_symbol(binding.group(1)) if binding else None
        if binding is None or symbol is None:
            raise RuneSetError(
                number,
                f"{_quote(rest.split()[0] if rest else '')} is not a rune symbol: one character "
                f"of {SYMBOLS}. Write `rune A = rotate 90`.",
            )
        spelled = binding.group(2).strip()
        if symbol in draft.runes:
            raise RuneSetError(
                number, f"`{symbol}` is already bound on line {draft.runes[symbol][1]}."
            )
        if not spelled:
            raise RuneSetError(number, f"say what `{symbol}` does: `rune {symbol} = rotate 90`.")
        try:
            bound = parse_bound(spelled, self.palette)
        except ValueError as bad:
            raise RuneSetError(number, f"`{symbol}`: {bad}.") from None
        draft.runes[symbol] = (bound, number)

    def _sequence(self, number: int, rest: str) -> None:
        draft = self._open_round(number, "sequence")
        if draft.sequence is not None:
            raise RuneSetError(number, f"round {draft.number} already has a sequence.")
        # Symbols are single characters, so spaces between them are optional.
        symbols = []
        for ch in rest:
            symbol = canonical_symbol(ch)
            if symbol is None and not ch.isspace():
                raise RuneSetError(number, f"{_quote(ch)} is not a rune symbol ({SYMBOLS}).")
            if symbol is not None:
                symbols.append(symbol)
        if not symbols:
            raise RuneSetError(number, "the sequence is empty: `sequence A S # 9`.")
        draft.sequence = symbols
        draft.sequence_line = number

    def _reagent(self, number: int, rest: str, at: int) -> int:
        """Reads the board's rows from the lines after ``number``; returns where reading goes on."""
        draft = self._open_round(number, "reagent")
        if draft.reagent is not None:
            raise RuneSetError(number, f"round {draft.number} already has a Reagent Board.")
        if rest:
            raise RuneSetError(number, "write the board's rows on the lines after `reagent`.")
        assert self.variant is not None
        size = BOARD_SIZES[self.variant]
        rows: list[tuple[int, str]] = []
        while at < len(self.lines) and len(rows) < size:
            row_number, row = self.lines[at]
            if row and row.split()[0].lower() in KEYWORDS:
                break
            if row:
                rows.append((row_number, row))
            at += 1
        if len(rows) < size:
            raise RuneSetError(
                number,
                f"the Reagent Board needs {size} rows, one per line; I found {len(rows)}.",
            )
        draft.reagent = self._board(rows, size)
        return at

    # -- rounds ------------------------------------------------------------------------

    def _open_round(self, number: int, keyword: str) -> _Draft:
        if self.draft is None:
            raise RuneSetError(number, f"`{keyword}` lines belong to a round: start with `round`.")
        return self.draft

    def _board(self, rows: list[tuple[int, str]], size: int) -> Board:
        """The Reagent from its rows; a bad row is reported on its own line."""
        blank = " ".join([EMPTY_TEXT] * size)
        for index, (number, row) in enumerate(rows):
            if "/" in row:
                raise RuneSetError(number, "one board row per line (no `/` here).")
            alone = [blank] * size
            alone[index] = row
            try:
                parse_board("\n".join(alone), size, self.palette)
            except Rejected as bad:
                raise RuneSetError(number, bad.message) from None
        return parse_board("\n".join(row for _, row in rows), size, self.palette)

    def _finish_round(self) -> None:
        draft = self.draft
        if draft is None:
            return
        self.draft = None
        missing = [
            part
            for part, value in (
                ("a `rune` line", draft.runes),
                ("a `sequence`", draft.sequence),
                ("a `reagent`", draft.reagent),
            )
            if not value
        ]
        if missing:
            raise RuneSetError(draft.line, f"round {draft.number} needs {' and '.join(missing)}.")
        assert draft.sequence is not None
        assert draft.reagent is not None
        for symbol in draft.sequence:
            if symbol not in draft.runes:
                raise RuneSetError(
                    draft.sequence_line,
                    f"the sequence uses `{symbol}`, which no rune of round {draft.number} binds.",
                )
        spec = _spec(draft)
        assert self.variant is not None
        problems = round_problems(spec, self.variant, self.palette)
        if problems:
            problem = problems[0]
            raise RuneSetError(_line_of(problem, draft), f"round {draft.number}: {problem.message}")
        self.rounds.append(spec)


def _spec(draft: _Draft) -> RoundSpec:
    assert draft.sequence is not None
    assert draft.reagent is not None
    return RoundSpec(
        size=draft.reagent.size,
        runes=[Rune.of(symbol, bound) for symbol, (bound, _) in draft.runes.items()],
        sequence=draft.sequence,
        reagent=format_board(draft.reagent),
    )


def _line_of(problem: Problem, draft: _Draft) -> int:
    """The line a problem is about: the sequence, or the (last) rune it names."""
    if problem.kind in ("error", "no-op", "dead"):
        return draft.sequence_line
    if problem.symbols:
        return max(draft.runes[symbol][1] for symbol in problem.symbols)
    return draft.line


def _looks_like_row(word: str) -> bool:
    """Whether ``word`` reads as a board token (``Rc``, ``cR``, ``..``)."""
    if word in EMPTY_TOKENS:
        return True
    if len(word) != 2:
        return False
    first, second = word[0], word[1]
    return DEFAULT_PALETTE.has(first.upper() + second.lower()) or DEFAULT_PALETTE.has(
        second.upper() + first.lower()
    )


def _quote(text: str, limit: int = 24) -> str:
    shown = text if len(text) <= limit else text[: limit - 1] + "…"
    return f"'{shown}'"


def format_rune_set(rune_set: RuneSet, *, notes: bool = True) -> str:
    """``rune_set`` as a file :func:`parse_rune_set` reads back; ``notes`` adds
    each rune's meaning as a comment."""
    lines = [f"variant {rune_set.variant}"]
    for number, spec in enumerate(rune_set.rounds, start=1):
        lines += ["", f"round {number}", *_rune_lines(spec, notes)]
        lines += [f"sequence {' '.join(spec.sequence)}", "reagent", spec.reagent]
    return "\n".join(lines) + "\n"


def _rune_lines(spec: RoundSpec, notes: bool) -> list[str]:
    spelled = [f"rune {rune.symbol} = {rune.bound().text()}" for rune in spec.runes]
    if not notes:
        return spelled
    width = max(len(line) for line in spelled) + 2
    return [
        f"{line.ljust(width)}{COMMENT} {rune.meaning()}"
        for line, rune in zip(spelled, spec.runes, strict=True)
    ]
