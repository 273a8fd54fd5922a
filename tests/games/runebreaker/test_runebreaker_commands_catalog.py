"""The catalog itself: its shape, bound commands, validation, the listing and its doc."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.runebreaker.commands import (
    CATALOG,
    GROUPS,
    Bound,
    Entry,
    catalog_listing,
    parse_bound,
    validate_bound,
)
from games.runebreaker.commands.structure import RULES
from games.runebreaker.pieces import DEFAULT_PALETTE, Palette
from tests.games.runebreaker import (
    test_runebreaker_commands_attributes as attributes,
)
from tests.games.runebreaker import (
    test_runebreaker_commands_existence as existence,
)
from tests.games.runebreaker import (
    test_runebreaker_commands_geometry as geometry,
)
from tests.games.runebreaker import (
    test_runebreaker_commands_order as order,
)

DOC = Path(__file__).resolve().parents[3] / "docs" / "runebreaker-catalog.md"
PRIMITIVES = [entry for entry in CATALOG.values() if not entry.structural]
STRUCTURAL = {"skip", "repeat", "again", "reverse-rest"}
TABLES = (geometry, attributes, existence, order)


def test_the_catalog_has_enough_primitives_in_every_group() -> None:
    assert len(PRIMITIVES) >= 24
    for group in GROUPS:
        assert any(entry.group == group for entry in CATALOG.values()), group
    assert {e.name for e in CATALOG.values() if e.structural} == STRUCTURAL
    assert all(e.group == "structure" for e in CATALOG.values() if e.structural)


def test_the_catalog_is_ordered_by_group_then_name() -> None:
    keys = [(GROUPS.index(e.group), e.name) for e in CATALOG.values()]
    assert keys == sorted(keys)
    assert all(name == entry.name for name, entry in CATALOG.items())


@pytest.mark.parametrize("entry", CATALOG.values(), ids=lambda e: e.name)
def test_every_entry_is_documented_in_players_words(entry: Entry) -> None:
    assert re.fullmatch(r"[a-z]+(-[a-z]+)*", entry.name)
    assert re.fullmatch(r"[A-Z].*\.", entry.summary)
    assert re.fullmatch(r"ERROR .*\.", entry.errors)
    assert (entry.run is None) == entry.structural
    for param in entry.params:
        for palette in (Palette(2, 2), DEFAULT_PALETTE):
            assert len(param.choices(palette)) >= 2


def test_every_primitive_has_an_effect_and_an_error_in_the_tables() -> None:
    tested = {program.split()[0] for table in TABLES for program, _, _ in table.EFFECTS}
    failing = {program.split()[0] for table in TABLES for program, _, _ in table.ERRORS}
    names = {entry.name for entry in PRIMITIVES}
    assert names - tested == set()
    assert names - failing == set()


@pytest.mark.parametrize(
    ("bound", "words"),
    [
        (Bound("shift", ("right", 1)), "shift right by 1"),
        (Bound("rotate", (90,)), "rotate 90° clockwise"),
        (Bound("recolour", ("R", "B")), "recolour red → blue"),
        (Bound("reshape", ("c", "x")), "reshape circle → cross"),
        (Bound("delete-object", ("Gh",)), "delete every green heart"),
        (Bound("repeat", (3,)), "repeat the next step 3 times"),
        (Bound("skip"), "skip the next step"),
        (Bound("sort-rows", ("shape",)), "sort rows by shape"),
    ],
)
def test_describe(bound: Bound, words: str) -> None:
    assert bound.describe() == words


@pytest.mark.parametrize("entry", CATALOG.values(), ids=lambda e: e.name)
def test_every_choice_validates_and_describes(entry: Entry) -> None:
    values = tuple(param.choices(DEFAULT_PALETTE)[-1] for param in entry.params)
    if entry.distinct:
        values = tuple(param.choices(DEFAULT_PALETTE)[i] for i, param in enumerate(entry.params))
    bound = Bound(entry.name, values)
    validate_bound(bound)
    assert bound.describe()
    assert parse_bound(bound.text()) == bound


@pytest.mark.parametrize(
    ("bound", "palette", "message"),
    [
        (Bound("teleport"), DEFAULT_PALETTE, "unknown command 'teleport'"),
        (Bound("shift", ("right",)), DEFAULT_PALETTE, "shift takes 2 parameter(s)"),
        (Bound("grow", ("up",)), DEFAULT_PALETTE, "grow takes 0 parameter(s) (none), not 1"),
        (Bound("shift", ("right", 4)), DEFAULT_PALETTE, "shift: count must be one of 1 2 3"),
        (Bound("shift", ("right", "1")), DEFAULT_PALETTE, "not '1'"),
        (Bound("shift", ("north", 1)), DEFAULT_PALETTE, "direction must be one of up down"),
        (Bound("rotate", (45,)), DEFAULT_PALETTE, "turns must be one of 90 180 270"),
        (Bound("repeat", (1,)), DEFAULT_PALETTE, "times must be one of 2 3"),
        (Bound("repeat", (True,)), DEFAULT_PALETTE, "not True"),
        (Bound("recolour", ("r", "B")), DEFAULT_PALETTE, "source must be one of R O Y G B P"),
        (Bound("recolour", ("R", "P")), Palette(4, 4), "target must be one of R O Y G,"),
        (Bound("reshape", ("c", "R")), DEFAULT_PALETTE, "target must be one of c s t d h x"),
        (Bound("delete-object", ("Px",)), Palette(3, 3), "object must be one of Rc Rs Rt Oc"),
        (Bound("recolour", ("R", "R")), DEFAULT_PALETTE, "recolour: the parameters must differ"),
        (Bound("swap-shapes", ("t", "t")), DEFAULT_PALETTE, "the parameters must differ"),
    ],
)
def test_validate_bound_errors(bound: Bound, palette: Palette, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        validate_bound(bound, palette)


def test_parse_bound_reads_any_case() -> None:
    assert parse_bound("Recolour r b") == Bound("recolour", ("R", "B"))
    assert parse_bound("SHIFT Right 2") == Bound("shift", ("right", 2))
    assert parse_bound("delete-object gH") == Bound("delete-object", ("Gh",))
    assert parse_bound("reverse-rest") == Bound("reverse-rest")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no command"),
        ("  ", "no command"),
        ("teleport", "unknown command 'teleport'"),
        ("shift right", "shift takes 2 parameter(s)"),
        ("shift right 1 2", "shift takes 2 parameter(s)"),
        ("grow up", "grow takes 0 parameter(s)"),
        ("shift right one", "count must be one of 1 2 3, not 'one'"),
    ],
)
def test_parse_bound_refuses(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_bound(text)


def test_listing_names_every_entry_with_short_lines() -> None:
    listing = catalog_listing()
    for entry in CATALOG.values():
        assert entry.name in listing
        assert entry.summary in listing
        assert entry.errors in listing
    assert all(len(line) <= 120 for line in listing.splitlines())
    assert len(listing) < 12_000


def test_listing_follows_the_palette() -> None:
    small = catalog_listing(Palette(3, 2))
    assert "R red, O orange, Y yellow" in small
    assert "G green" not in small
    assert "c circle, s square" in small
    assert "t triangle" not in small


def test_the_doc_lists_every_entry_and_the_structure_rules() -> None:
    doc = DOC.read_text(encoding="utf-8")
    for entry in CATALOG.values():
        assert f"`{entry.name}" in doc, entry.name
        assert entry.summary in doc, entry.name
        assert entry.errors in doc, entry.name
    for line in RULES:
        assert line in doc
