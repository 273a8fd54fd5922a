"""Generated rounds play: 1,000 seeds per variant pass every check and regenerate
identically; check_round finds each kind of problem; the probe battery only
calls truly equal commands alike."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from collections import defaultdict
from collections.abc import Sequence

import pytest

from games.runebreaker import battery
from games.runebreaker.commands import CATALOG, Bound, validate_bound
from games.runebreaker.generator import check_round, generate_round
from games.runebreaker.pieces import DEFAULT_PALETTE, Palette
from games.runebreaker.rounds import BOARD_SIZES, RoundSpec, Rune, Variant
from games.runebreaker.soundness import round_problems

SEEDS = 1000


@pytest.mark.parametrize("variant", ["classic", "finals"])
def test_a_thousand_rounds_play(variant: Variant) -> None:
    """No ERROR on the Reagent, no no-op, no dead command, distinguishable runes,
    and the same round again from the same seed."""
    for seed in range(SEEDS):
        spec = generate_round(seed, 1, variant)
        assert check_round(spec, variant) == [], f"seed {seed}"
        assert generate_round(seed, 1, variant) == spec, f"seed {seed}"


def test_classic_rounds_look_like_the_rules_example() -> None:
    for seed in range(200):
        spec = generate_round(seed, 2, "classic")
        assert spec.size == 10
        assert 5 <= len(spec.runes) <= 8
        assert 7 <= len(spec.sequence) <= 10
        assert {rune.symbol for rune in spec.runes} == set(spec.sequence)
        reagent = spec.reagent_board()
        assert 25 <= reagent.count() < 100


def test_finals_rounds_bind_more_commands_than_they_use() -> None:
    used_fewer = 0
    for seed in range(200):
        spec = generate_round(seed, 2, "finals")
        assert spec.size == 8
        assert 6 <= len(spec.runes) <= 9
        assert 3 <= len(spec.sequence) <= 6
        used_fewer += len(set(spec.sequence)) < len(spec.runes)
    assert used_fewer > 150  # a six-command sequence may use all six


def test_some_rounds_use_structural_commands() -> None:
    found = set()
    for seed in range(200):
        spec = generate_round(seed, 1, "classic")
        found |= {rune.entry for rune in spec.runes if rune.structural and rune.symbol}
    assert found == {"skip", "repeat", "again", "reverse-rest"}


def test_rounds_differ_by_seed_round_and_variant() -> None:
    first = generate_round(5, 1, "classic")
    assert generate_round(6, 1, "classic") != first
    assert generate_round(5, 2, "classic") != first
    assert generate_round(5, 1, "finals") != first


@pytest.mark.parametrize("palette", [Palette(2, 2), Palette(3, 4), Palette(6, 2)])
@pytest.mark.parametrize("variant", ["classic", "finals"])
def test_small_palettes(palette: Palette, variant: Variant) -> None:
    for seed in range(40):
        spec = generate_round(seed, 1, variant, palette)
        assert check_round(spec, variant, palette) == []
        pieces = set(spec.reagent_board(palette).pieces())
        assert all(palette.has(piece) for piece in pieces)
        for rune in spec.runes:
            validate_bound(rune.bound(), palette)


_DIGEST = (
    "import hashlib\n"
    "from games.runebreaker.generator import generate_round\n"
    "text = ''.join(generate_round(s, r, v).model_dump_json()\n"
    "    for s in range(15) for r in (1, 4) for v in ('classic', 'finals'))\n"
    "print(hashlib.sha256(text.encode()).hexdigest())\n"
)


def test_rounds_do_not_depend_on_the_process() -> None:
    """Set iteration order changes with PYTHONHASHSEED; the rounds must not."""
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", _DIGEST], env=env, capture_output=True, text=True, check=True
        )
        digests.add(out.stdout.strip())
    assert len(digests) == 1


# -- check_round finds every kind of problem ----------------------------------------------

REAGENT = "\n".join(
    [
        "Rc .. Bs .. Gt .. .. Yd",
        ".. Gt .. Rs .. .. Bc ..",
        "Yd .. .. .. Rc Bs .. ..",
        ".. .. Bc .. .. Gt .. Rs",
        "Gs Rc .. Yd .. .. Bt ..",
        ".. .. Gt .. Bs .. .. Rc",
        "Bc .. .. Rs .. Yd Gs ..",
        ".. Yt .. .. Gc .. .. Bs",
    ]
)


def finals(runes: dict[str, str], sequence: str, reagent: str = REAGENT) -> RoundSpec:
    bound = []
    for symbol, spelled in runes.items():
        name, *words = spelled.split()
        params = [int(word) if word.isdigit() else word for word in words]
        bound.append(Rune(symbol=symbol, entry=name, params=params))
    return RoundSpec(size=8, runes=bound, sequence=list(sequence), reagent=reagent)


BASE = {"A": "rotate 90", "B": "recolour R P", "C": "gravity down"}


def kinds(spec: RoundSpec, variant: Variant = "finals") -> list[str]:
    return [problem.kind for problem in round_problems(spec, variant)]


def test_a_good_round_has_no_problems() -> None:
    assert check_round(finals(BASE, "ABC"), "finals") == []


def test_an_error_on_the_reagent_names_the_symbol_and_reason() -> None:
    spec = finals({**BASE, "D": "delete-colour O"}, "ABDC")
    assert check_round(spec, "finals") == [
        "The sequence A B D C gives ERROR on the Reagent Board at its 3rd symbol, "
        "`D` (delete orange objects): no orange object to delete."
    ]


def test_a_sequence_that_changes_nothing() -> None:
    assert kinds(finals(BASE, "AAAA")) == ["no-op"]


def test_dead_commands_are_named_with_their_place() -> None:
    # Painting everything green makes the recolouring before it pointless.
    spec = finals({**BASE, "D": "paint G"}, "ABD")
    assert check_round(spec, "finals") == [
        "The 2nd symbol of the sequence, `B` (recolour red → purple), is dead: the Product "
        "is the same without it."
    ]


def test_an_error_after_removing_a_command_counts_as_a_change() -> None:
    # Without B there is no purple object for D to keep: ERROR, and so a change.
    assert kinds(finals({**BASE, "D": "keep-colour P"}, "BD")) == []


def test_indistinguishable_runes_are_named_together() -> None:
    spec = finals({**BASE, "D": "swap-colours R B", "E": "swap-colours B R"}, "ABC")
    assert check_round(spec, "finals") == [
        "Runes `D` (swap red and blue) and `E` (swap blue and red) give the same result "
        "on every 4×4 test board: no probe could tell them apart."
    ]


def test_a_rune_like_doing_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # No catalog command does nothing on every board (see the battery test
    # below), so pretend one does.
    real = battery.alike

    def flip_does_nothing(
        first: Bound, second: Bound | None, primitives: Sequence[Bound], palette: Palette
    ) -> bool:
        if second is None and first.entry == "flip":
            return True
        return real(first, second, primitives, palette)

    monkeypatch.setattr(battery, "alike", flip_does_nothing)
    spec = finals({**BASE, "F": "flip left-right"}, "ABC")
    assert check_round(spec, "finals") == [
        "Rune `F` (flip left-right) leaves every 4×4 test board as it was: it acts like "
        "doing nothing."
    ]


def test_a_rune_that_always_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(battery, "always_errors", lambda bound, palette: bound.entry == "flip")
    assert kinds(finals({**BASE, "F": "flip left-right"}, "ABC")) == ["always-error"]


def test_classic_binds_only_the_sequence() -> None:
    spec = finals(BASE, "AB")
    assert "unused" in kinds(spec, "classic")
    assert "size" in kinds(spec, "classic")  # and classic boards are 10×10


def test_finals_needs_three_commands() -> None:
    assert kinds(finals({"A": "rotate 90", "C": "gravity down"}, "AC")) == ["few"]


def test_runes_outside_the_palette() -> None:
    spec = finals({**BASE, "D": "paint Y"}, "ABC")
    problems = round_problems(spec, "finals", Palette(3, 6))
    assert [(p.kind, p.symbols) for p in problems] == [("palette", ("B",)), ("board", ())]
    assert problems[0].message == "Rune `B`: recolour: target must be one of R O Y, not 'P'."


def test_an_unreadable_reagent() -> None:
    assert kinds(finals(BASE, "ABC", reagent="Rc Zz")) == ["board"]


def test_structural_runes_are_told_apart_in_context() -> None:
    # skip, again and reverse-rest all answer ERROR alone, but not beside others.
    runes = {**BASE, "S": "skip", "G": "again", "R": "reverse-rest", "T": "repeat 2"}
    assert kinds(finals(runes, "ABC")) == []


# -- the battery ---------------------------------------------------------------------


def every_primitive(palette: Palette) -> list[Bound]:
    bounds = []
    for entry in CATALOG.values():
        if entry.structural:
            continue
        for params in itertools.product(*(param.choices(palette) for param in entry.params)):
            bound = Bound(entry.name, params)
            if not entry.distinct or len(set(params)) == len(params):
                bounds.append(bound)
    return bounds


def test_every_catalog_command_can_be_probed() -> None:
    for bound in every_primitive(DEFAULT_PALETTE):
        assert not battery.always_errors(bound, DEFAULT_PALETTE), bound
        assert not battery.alike(bound, None, (), DEFAULT_PALETTE), bound


def test_the_battery_calls_alike_only_truly_equal_commands() -> None:
    """With the full palette the only equal commands are swaps written both ways."""
    groups: dict[battery.Fingerprint, list[Bound]] = defaultdict(list)
    for bound in every_primitive(DEFAULT_PALETTE):
        groups[battery.fingerprint((bound,), DEFAULT_PALETTE)].append(bound)
    for group in groups.values():
        if len(group) > 1:
            first, second = group
            assert first.entry == second.entry
            assert first.entry in ("swap-colours", "swap-shapes")
            assert first.params == second.params[::-1]


def test_the_battery_is_fixed() -> None:
    assert len(battery.battery(DEFAULT_PALETTE)) == battery.BATTERY_BOARDS
    assert battery.battery(Palette(6, 6)) == battery.battery(DEFAULT_PALETTE)
    sizes = {board.size for board in battery.battery(DEFAULT_PALETTE)}
    assert sizes == {4}


def test_board_sizes() -> None:
    assert BOARD_SIZES == {"classic": 10, "finals": 8}
