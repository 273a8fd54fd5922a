"""A built-in Square Goofspiel player for the demo and the benchmarks."""

from __future__ import annotations

import random
from typing import Any


def goofspiel(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
    """Bid more for cells that sit on high-worth lines; sometimes pass, now and
    then let the clock run out (returns None) so timeouts show in the demo."""
    if rng.random() < 0.04:
        return None
    hand: list[int] = view["hands"][seat]
    row, col = (int(x) for x in view["cell"][1:].split("c"))
    worth = (7 - row) + (7 - col)  # the two lines' worth: 2 (bottom right) to 12 (top left)
    if not hand or rng.random() < 0.15:
        return "pass"
    want = min(6, max(1, round(worth / 2 + rng.uniform(-1.5, 1.5))))
    affordable = [c for c in hand if c <= want] or hand
    return f"play {max(affordable) if rng.random() < 0.7 else rng.choice(affordable)}"


#: What :mod:`bot.kits` finds for this game.
PLAYER = goofspiel


def random_goofspiel(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
    """A random legal bid: any card still in hand, or a pass, each as likely;
    it never lets the clock run (the baseline the levels are weighed against)."""
    hand: list[int] = view["hands"][seat]
    return rng.choice([*(f"play {card}" for card in hand), "pass"])


#: A player that picks uniformly among legal moves (bench/players.py's baseline).
RANDOM = random_goofspiel
