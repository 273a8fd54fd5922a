"""The moment-to-moment choices of a long random game, drawn from one seed.

Hypothesis records each value drawn through ``st.data()`` and checks the global
random state around it: over the hundreds of choices of a 36-auction game that
bookkeeping cost more than the game itself. These games are never shrunk (a
game is as long as its rules make it, see the settings of each module), so
nothing is lost when Hypothesis draws the game's seed and its choices come from
that seed; the failing example names the seed, which replays the game exactly.
A range's bounds, where the timing rules' edge cases live, come up about as
often as Hypothesis would draw them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from hypothesis import strategies as st

T = TypeVar("T")

#: How often each bound of a range is drawn on its own.
BOUND_CHANCE = 0.1

SEEDS = st.integers(0, 2**64 - 1)


class Draws:
    """Seeded choices: the same seed, the same game."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def integer(self, low: int, high: int) -> int:
        roll = self._rng.random()
        if roll < BOUND_CHANCE:
            return low
        if roll < 2 * BOUND_CHANCE:
            return high
        return self._rng.randint(low, high)

    def choice(self, options: Sequence[T]) -> T:
        return options[self._rng.randrange(len(options))]

    def permutation(self, items: Sequence[T]) -> list[T]:
        shuffled = list(items)
        self._rng.shuffle(shuffled)
        return shuffled
