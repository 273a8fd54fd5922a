"""``genius-bot runes``: Rune Breaker rounds for hosts, offline.

``runes generate --seed N [--round R]`` prints rounds 1 to R as a match with
seed N plays them, as a rune-set file (a file's rounds play in order from round
1; each rune's meaning and the Product as comments, so it can be saved, edited
and checked), and writes round R's Reagent and Product as PNGs. ``runes check FILE``
validates a host's rune-set file (docs/runebreaker-runesets.md).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from games.runebreaker.generator import generate_round
from games.runebreaker.models import ROUNDS
from games.runebreaker.notation import format_board
from games.runebreaker.pieces import MAX_KINDS, MIN_KINDS, Palette
from games.runebreaker.rounds import VARIANTS, RoundSpec, Variant
from games.runebreaker.runesets import RuneSet, RuneSetError, format_rune_set, parse_rune_set

DEFAULT_OUT = Path("runes-out")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Adds ``runes`` (with ``generate`` and ``check``) to ``genius-bot``'s subcommands."""
    runes = subparsers.add_parser("runes", help="Rune Breaker rounds: generate one, check a file")
    actions = runes.add_subparsers(dest="runes_command", metavar="{generate,check}", required=True)
    generate = actions.add_parser(
        "generate", help="print the rounds a match plays from a seed, up to --round"
    )
    generate.add_argument("--seed", type=int, required=True)
    generate.add_argument("--variant", choices=VARIANTS, default="classic")
    generate.add_argument(
        "--round", type=int, default=1, help=f"the last round, 1-{ROUNDS} (default 1)"
    )
    generate.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help=f"folder for the PNGs (default {DEFAULT_OUT})"
    )
    _palette_arguments(generate)
    check = actions.add_parser("check", help="validate a host's rune-set file")
    check.add_argument("file", type=Path)
    check.add_argument(
        "--variant", choices=VARIANTS, default=None, help="the game it is for, if the file says not"
    )
    _palette_arguments(check)
    return runes


def _palette_arguments(parser: argparse.ArgumentParser) -> None:
    kinds = range(MIN_KINDS, MAX_KINDS + 1)
    parser.add_argument("--colours", type=int, choices=kinds, default=MAX_KINDS)
    parser.add_argument("--shapes", type=int, choices=kinds, default=MAX_KINDS)


def run(args: argparse.Namespace) -> int:
    palette = Palette(args.colours, args.shapes)
    if args.runes_command == "generate":
        return _generate(args.seed, args.variant, args.round, args.out, palette)
    return _check(args.file, args.variant, palette)


def _generate(seed: int, variant: Variant, round_no: int, out: Path, palette: Palette) -> int:
    if not 1 <= round_no <= ROUNDS:
        print(
            f"genius-bot runes: --round is 1 to {ROUNDS} (a match has {ROUNDS} rounds), "
            f"not {round_no}.",
            file=sys.stderr,
        )
        return 2
    # A rune-set file's rounds play in order from round 1, so round R is written
    # as the file's round R, after the rounds a match with this seed plays before it.
    rounds = [generate_round(seed, number, variant, palette) for number in range(1, round_no + 1)]
    spec = rounds[-1]
    shown = "round 1" if round_no == 1 else f"rounds 1-{round_no}"
    print(f"// Rune Breaker, {variant} {shown} generated from seed {seed}.")
    print("// A rune-set file: save it, edit it, `genius-bot runes check` it.")
    print(format_rune_set(RuneSet(variant=variant, rounds=rounds)), end="")
    print(f"\n// Round {round_no}'s Product:")
    print("\n".join(f"// {row}" for row in format_board(spec.product(palette)).splitlines()))
    written = _write_images(spec, out / f"{variant}-seed{seed}-round{round_no}", palette)
    print(f"\n// Images: {', '.join(str(path) for path in written)}")
    return 0


def _write_images(spec: RoundSpec, stem: Path, palette: Palette) -> list[Path]:
    # Pillow loads only when pictures are drawn: `genius-bot --help` stays quick.
    from bot.render.runebreaker import board_image, boards_image

    stem.parent.mkdir(parents=True, exist_ok=True)
    reagent, product = spec.reagent_board(palette), spec.product(palette)
    images = {
        "reagent": board_image(reagent, title="Reagent Board", palette=palette),
        "product": board_image(product, title="Product Board", palette=palette),
        "both": boards_image(
            [("Reagent Board", reagent), ("Product Board", product)], arrows=True, palette=palette
        ),
    }
    written = []
    for name, data in images.items():
        path = stem.with_name(f"{stem.name}-{name}.png")
        path.write_bytes(data)
        written.append(path)
    return written


def _check(path: Path, variant: Variant | None, palette: Palette) -> int:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        print(f"genius-bot runes: cannot read {path}: {reason}", file=sys.stderr)
        return 2
    try:
        rune_set = parse_rune_set(text, palette, variant=variant)
    except RuneSetError as error:
        print(f"{path}: {error}", file=sys.stderr)
        return 1
    count = len(rune_set.rounds)
    print(f"OK: {count} round{'s' if count != 1 else ''} ({rune_set.variant})")
    return 0
