"""Every decision of Rune Breaker's built-in players over seeded matches, as text.

Made to prove a change to the players (or the executor they run) keeps their
decisions: run it before and after, the records must be identical.

    python -m bench.rb_decisions OUT [--matches N] [--big]

plays N matches (default 3) per pair of levels (the same level too) in both
variants on a 3×3 palette (the suite's configuration), and with ``--big`` one
match per pair on the default palette as well; every line is one decision (the
text a seat submitted, or None). Prints the CPU seconds the players took.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time
from itertools import combinations_with_replacement
from typing import Any

from bot.demo import runebreaker
from bot.demo.duel import play_duel
from bot.kits import Player

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("classic3", {"variant": "classic", "colours": 3, "shapes": 3}),
    ("finals3", {"variant": "finals", "colours": 3, "shapes": 3}),
]
BIG: list[tuple[str, dict[str, Any]]] = [
    ("classic", {"variant": "classic"}),
    ("finals", {"variant": "finals", "decipher_seat": 0}),
]


def _recorded(player: Player, lines: list[str], tag: str, clock: list[float]) -> Player:
    def play(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
        started = time.process_time()
        text = player(view, seat, rng)
        clock[0] += time.process_time() - started
        lines.append(f"{tag} seat {seat}: {text}")
        return text

    return play


def record(matches: int, big: bool) -> tuple[list[str], float]:
    lines: list[str] = []
    clock = [0.0]
    levels = runebreaker.LEVELS
    plan = [(name, options, matches) for name, options in CONFIGS]
    if big:
        plan += [(name, options, 1) for name, options in BIG]
    for name, options, count in plan:
        for number, (first, second) in enumerate(combinations_with_replacement(levels, 2)):
            for seed in range(100 * number, 100 * number + count):
                seats = (first, second) if seed % 2 == 0 else (second, first)
                tag = f"{name} {seats[0]}-{seats[1]} seed {seed}"
                players = (
                    _recorded(levels[seats[0]], lines, tag, clock),
                    _recorded(levels[seats[1]], lines, tag, clock),
                )
                duel = play_duel("runebreaker", players, seed=seed, options=options)
                lines.append(f"{tag} outcome: {duel.outcome} refused: {duel.refused}")
    return lines, clock[0]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--big", action="store_true")
    args = parser.parse_args()
    lines, cpu = record(args.matches, args.big)
    text = "\n".join(lines) + "\n"
    with open(args.out, "w") as handle:
        handle.write(text)
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    print(f"{len(lines)} lines, sha256 {digest}, players' CPU {cpu:.1f} s")


if __name__ == "__main__":
    main()
