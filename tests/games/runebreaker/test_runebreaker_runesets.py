"""Rune-set files: the doc's examples parse and round-trip, and every kind of
mistake is reported on its own line, saying why."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.runebreaker.commands import Bound
from games.runebreaker.generator import generate_round
from games.runebreaker.pieces import Palette
from games.runebreaker.runesets import RuneSet, RuneSetError, format_rune_set, parse_rune_set

DOC = Path(__file__).resolve().parents[3] / "docs" / "runebreaker-runesets.md"
EXAMPLES = re.findall(r"```runes\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
CLASSIC, FINALS = EXAMPLES


def line_of(text: str, fragment: str) -> int:
    """The 1-based number of the first line holding ``fragment``."""
    return next(n for n, line in enumerate(text.splitlines(), start=1) if fragment in line)


def error(text: str, **options: object) -> RuneSetError:
    with pytest.raises(RuneSetError) as caught:
        parse_rune_set(text, **options)  # type: ignore[arg-type]
    return caught.value


# -- the doc's examples ----------------------------------------------------------------


def test_the_doc_has_one_example_per_variant() -> None:
    assert [parse_rune_set(text).variant for text in EXAMPLES] == ["classic", "finals"]


def test_classic_example() -> None:
    rune_set = parse_rune_set(CLASSIC)
    first, second = rune_set.rounds
    assert first.sequence == list("AS#9@R9Q3")
    assert first.bindings()["#"] == Bound("recolour", ("R", "B"))
    assert first.bindings()["9"] == Bound("duplicate", ("down",))
    assert first.size == second.size == 10
    assert second.bindings()["7"] == Bound("skip")


def test_finals_example_binds_more_than_it_uses() -> None:
    (spec,) = parse_rune_set(FINALS).rounds
    assert spec.size == 8
    assert len(spec.runes) == 8
    assert spec.sequence == list("CEAD")


@pytest.mark.parametrize("text", EXAMPLES, ids=["classic", "finals"])
@pytest.mark.parametrize("notes", [True, False])
def test_examples_round_trip(text: str, notes: bool) -> None:
    rune_set = parse_rune_set(text)
    written = format_rune_set(rune_set, notes=notes)
    assert parse_rune_set(written) == rune_set
    assert format_rune_set(parse_rune_set(written), notes=notes) == written


def test_json_round_trip() -> None:
    rune_set = parse_rune_set(CLASSIC)
    assert RuneSet.model_validate_json(rune_set.model_dump_json()) == rune_set


def test_rounds_past_the_file_come_from_the_seed() -> None:
    rune_set = parse_rune_set(CLASSIC)
    assert rune_set.round_spec(2, seed=9) == rune_set.rounds[1]
    assert rune_set.round_spec(3, seed=9) == generate_round(9, 3, "classic")


# -- forgiving where it is safe ------------------------------------------------------------


def test_spellings_of_a_binding() -> None:
    text = FINALS.replace("rune A = rotate 90", "RUNE a: ROTATE 90").replace(
        "rune B = gravity left", "rune B gravity LEFT   // falls left"
    )
    assert parse_rune_set(text) == parse_rune_set(FINALS)


def test_equals_and_hash_can_be_symbols() -> None:
    text = FINALS.replace("rune A = rotate 90", "rune = = rotate 90").replace(
        "rune C = recolour G Y", "rune # recolour G Y"
    )
    text = text.replace("sequence C E A D", "sequence #E=D")
    (spec,) = parse_rune_set(text).rounds
    assert spec.sequence == ["#", "E", "=", "D"]
    assert spec.bindings()["="] == Bound("rotate", (90,))


def test_variant_from_the_caller() -> None:
    text = CLASSIC.replace("variant classic", "")
    assert parse_rune_set(text, variant="classic") == parse_rune_set(CLASSIC)


def test_a_palette_limits_the_objects() -> None:
    found = error(CLASSIC, palette=Palette(3, 6))
    assert found.line == line_of(CLASSIC, "rune # =")
    assert "recolour: target must be one of R O Y, not 'B'" in found.message


# -- mistakes, each on its line ---------------------------------------------------------------

MISTAKES = [
    # (name, text, the line the error must name, words the message must hold)
    (
        "unknown command",
        CLASSIC.replace("rune S = shift right 1", "rune S = slither right 1"),
        "rune S =",
        "unknown command 'slither'; the catalog has flip, gravity",
    ),
    (
        "bad parameter",
        CLASSIC.replace("rune S = shift right 1", "rune S = shift sideways 1"),
        "rune S =",
        "shift: direction must be one of up down left right, not 'sideways'",
    ),
    (
        "missing parameter",
        CLASSIC.replace("rune S = shift right 1", "rune S = shift right"),
        "rune S =",
        "shift takes 2 parameter(s) (direction, count), not 1",
    ),
    (
        "symbol bound twice",
        CLASSIC.replace("rune Q = sort-rows colour", "rune a = sort-rows colour"),
        "rune a =",
        "`A` is already bound on line 5",
    ),
    (
        "not a symbol",
        CLASSIC.replace("rune Q = sort-rows colour", "rune 0 = sort-rows colour"),
        "rune 0",
        "'0' is not a rune symbol",
    ),
    (
        "no command",
        CLASSIC.replace("rune Q = sort-rows colour", "rune Q ="),
        "rune Q",
        "say what `Q` does",
    ),
    (
        "unbound symbol in the sequence",
        CLASSIC.replace("sequence A S # 9 @ R 9 Q 3", "sequence A S # 9 @ R 9 Q 3 Z"),
        "sequence A S #",
        "the sequence uses `Z`, which no rune of round 1 binds",
    ),
    (
        "not a symbol in the sequence",
        CLASSIC.replace("sequence A S # 9 @ R 9 Q 3", "sequence A S * 9"),
        "sequence A S *",
        "'*' is not a rune symbol",
    ),
    (
        "row too short",
        CLASSIC.replace("Bd Oc .. Gs .. .. .. .. Bs Bc", "Bd Oc .. Gs .. .. .. .. Bs"),
        "Bd Oc .. Gs .. .. .. .. Bs",
        "Row 2 has 9 cells; a 10×10 board needs 10",
    ),
    (
        "bad object",
        CLASSIC.replace("Bd Oc .. Gs .. .. .. .. Bs Bc", "Bd Oc .. Gs .. .. .. .. Bs Bq"),
        "Bd Oc .. Gs .. .. .. .. Bs Bq",
        "Row 2, column 10: “Bq” is not an object",
    ),
    (
        "rows joined with a slash",
        CLASSIC.replace("Bd Oc .. Gs .. .. .. .. Bs Bc", "Bd Oc .. Gs .. / .. .. .. Bs Bc"),
        "Bd Oc .. Gs .. /",
        "one board row per line",
    ),
    (
        "too few rows",
        CLASSIC.replace("Bd Oc .. Gs .. .. .. .. Bs Bc\n", "", 1),
        "reagent",
        "the Reagent Board needs 10 rows, one per line; I found 9",
    ),
    (
        "too many rows",
        CLASSIC.replace("Bd Oc .. Gs .. .. .. .. Bs Bc\n", "Bd Oc .. Gs .. .. .. .. Bs Bc\n" * 2),
        ".. .. .. .. Bt Bc .. Rt .. ..",
        "a board row outside a Reagent Board",
    ),
    (
        "ERROR on the reagent",
        CLASSIC.replace("rune R = delete-colour Y", "rune R = delete-colour P"),
        "sequence A S #",
        "round 1: The sequence A S # 9 @ R 9 Q 3 gives ERROR on the Reagent Board at its 6th "
        "symbol, `R` (delete purple objects): no purple object to delete.",
    ),
    (
        "a dead command",
        CLASSIC.replace("rune Q = sort-rows colour", "rune Q = paint B"),
        "sequence A S #",
        "round 1: The 3rd symbol of the sequence, `#` (recolour red → blue), is dead",
    ),
    (
        "indistinguishable runes",
        FINALS.replace("rune H = clear-border", "rune H = swap-shapes c t").replace(
            "rune G = sort-columns shape", "rune G = swap-shapes t c"
        ),
        "rune H =",
        "Runes `G` (swap triangles and circles) and `H` (swap circles and triangles) give "
        "the same result on every 4×4 test board",
    ),
    (
        "classic rune not in the sequence",
        CLASSIC.replace("rune 3 = gravity left", "rune 3 = gravity left\nrune X = transpose"),
        "rune X",
        "Rune `X` (transpose) is not in the sequence",
    ),
    (
        "unknown keyword",
        CLASSIC.replace("sequence A S #", "sequense A S #"),
        "sequense",
        "I don't know 'sequense': a line starts with variant, round, rune, sequence, reagent, "
        "or // for a comment",
    ),
    (
        "bad variant",
        CLASSIC.replace("variant classic", "variant solo"),
        "variant",
        "the variant is `classic` or `finals`, not 'solo'",
    ),
    (
        "no variant",
        CLASSIC.replace("variant classic", ""),
        "round 1",
        "say `variant classic` or `variant finals` before the first round",
    ),
    (
        "rune before any round",
        CLASSIC.replace("round 1\n", ""),
        "rune A",
        "`rune` lines belong to a round: start with `round`",
    ),
    (
        "wrong round number",
        CLASSIC.replace("round 2", "round 3"),
        "round 3",
        "this is round 2, not '3'",
    ),
    (
        "round without a sequence",
        CLASSIC.replace("sequence K 7 % M & % E K", ""),
        "round 2",
        "round 2 needs a `sequence`",
    ),
    (
        "second sequence",
        CLASSIC.replace("sequence K 7 % M & % E K", "sequence K 7\nsequence K"),
        "sequence K\n",
        "round 2 already has a sequence",
    ),
    (
        "finals with too few commands",
        "variant finals\nround\nrune A = rotate 90\nrune B = transpose\nsequence A B\nreagent\n"
        + "\n".join(FINALS.split("reagent\n")[1].splitlines()),
        "round",
        "A finals round needs at least 3 Executable Commands",
    ),
]


@pytest.mark.parametrize(
    ("text", "fragment", "words"),
    [case[1:] for case in MISTAKES],
    ids=[case[0] for case in MISTAKES],
)
def test_mistakes_name_their_line(text: str, fragment: str, words: str) -> None:
    found = error(text)
    if fragment.endswith("\n"):
        lines = text.splitlines(keepends=True)
        expected = next(n for n, line in enumerate(lines, start=1) if line == fragment)
    else:
        expected = line_of(text, fragment)
    assert found.line == expected, found
    assert words in found.message
    assert str(found).startswith(f"Line {expected}: ")


def test_variant_disagreeing_with_the_caller() -> None:
    found = error(CLASSIC, variant="finals")
    assert found.line == line_of(CLASSIC, "variant classic")
    assert "this set is for classic, but finals was asked" in found.message


def test_an_empty_file() -> None:
    found = error("// nothing here yet\n\n", variant="classic")
    assert (found.line, found.message) == (2, "the file has no rounds.")


def test_a_comment_can_follow_any_line() -> None:
    text = CLASSIC.replace(
        "Od .. Bc Rs Gd Rd Bc .. .. ..", "Od .. Bc Rs Gd Rd Bc .. .. ..  // the top row"
    ).replace("round 1", "round 1 // first")
    assert parse_rune_set(text) == parse_rune_set(CLASSIC)
