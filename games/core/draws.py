"""Seeded randomness. Every draw gets its own generator from the match seed and a
label, so draws never depend on how many others happened before them: replaying
the action log always reproduces the same game."""

from __future__ import annotations

import random


def rng(seed: int, *label: object) -> random.Random:
    """A generator for one named draw, e.g. ``rng(seed, "phase", 3)``."""
    return random.Random(":".join(str(part) for part in (seed, *label)))
