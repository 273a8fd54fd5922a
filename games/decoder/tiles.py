"""Letter tiles: the three rarity pools, the initial deal, the extras, the count
behind a clue, and the letter offered after a wrong guess.

Letters are single uppercase strings "A"–"Z" everywhere in the engine.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Literal, TypeAlias

Rarity: TypeAlias = Literal["common", "uncommon", "rare"]
Clue: TypeAlias = Literal["ANY", "ODD", "TWO"]

RARITIES: tuple[Rarity, ...] = ("common", "uncommon", "rare")
CLUES: tuple[Clue, ...] = ("ANY", "ODD", "TWO")
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# The rules' pools, exactly: 12 common, 10 uncommon, 4 rare.
POOLS: dict[Rarity, str] = {
    "common": "ADEGILNORSTU",
    "uncommon": "BCFHKMPVWY",
    "rare": "JQXZ",
}
#: The initial tiles: 3 common, 2 uncommon, 1 rare.
INITIAL: dict[Rarity, int] = {"common": 3, "uncommon": 2, "rare": 1}
#: The most extra tiles of each rarity a seat may take (7 tanks, so 7 extras at most).
EXTRA_LIMITS: dict[Rarity, int] = {"common": 3, "uncommon": 3, "rare": 1}
HAND_SIZE = 6


def rarity_of(letter: str) -> Rarity:
    return next(rarity for rarity in RARITIES if letter in POOLS[rarity])


def letters_text(letters: Iterable[str]) -> str:
    shown = " ".join(sorted(letters))
    return shown or "empty"


def deal_initial(rng: random.Random) -> list[list[str]]:
    """Both seats' initial tiles from one draw, so no tile goes to both."""
    dealt: list[list[str]] = [[], []]
    for rarity in RARITIES:
        count = INITIAL[rarity]
        drawn = rng.sample(POOLS[rarity], 2 * count)
        dealt[0] += drawn[:count]
        dealt[1] += drawn[count:]
    return [sorted(tiles) for tiles in dealt]


def default_rarities(extras: int) -> list[int]:
    """The timeout choice: common first, then uncommon, then rare."""
    counts = []
    for rarity in RARITIES:
        take = min(extras, EXTRA_LIMITS[rarity])
        counts.append(take)
        extras -= take
    return counts


def rarities_problem(counts: list[int], extras: int) -> str | None:
    """Why ``counts`` (common, uncommon, rare) is no valid choice, or None."""
    limits = ", ".join(f"{EXTRA_LIMITS[r]} {r}" for r in RARITIES)
    if any(count < 0 for count in counts):
        return "Rarity counts can't be negative."
    over = [r for r, count in zip(RARITIES, counts, strict=True) if count > EXTRA_LIMITS[r]]
    if over:
        return f"At most {limits} — too many {over[0]}."
    if sum(counts) != extras:
        tiles = "tile" if extras == 1 else "tiles"
        return (
            f"You earned {extras} extra {tiles}: choose rarities that add up to {extras} "
            f"(at most {limits}), e.g. `rarities {' '.join(map(str, default_rarities(extras)))}`."
        )
    return None


def deal_extras(rng: random.Random, counts: list[int], taken: Iterable[str]) -> list[str]:
    """Extra tiles of the chosen rarities, never one already dealt to anyone."""
    gone = set(taken)
    tiles: list[str] = []
    for rarity, count in zip(RARITIES, counts, strict=True):
        left = [letter for letter in POOLS[rarity] if letter not in gone]
        tiles += rng.sample(left, count)
    return sorted(tiles)


def count_in(word: str, hand: Iterable[str]) -> int:
    """The letters of ``word`` in ``hand``, a repeated letter counted each time."""
    held = set(hand)
    return sum(1 for letter in word if letter in held)


def clue_answer(clue: Clue, count: int) -> bool:
    if clue == "ANY":
        return count >= 1
    if clue == "ODD":
        return count % 2 == 1
    return count == 2


def offer_candidates(
    revealed: Iterable[str], hands: Iterable[Iterable[str]], seen: Iterable[str]
) -> list[str]:
    """Letters that may be offered after a wrong guess: not revealed, in neither
    hand, and not among the letters the guesser saw in setup."""
    barred = set(revealed) | set(seen)
    for hand in hands:
        barred |= set(hand)
    return [letter for letter in ALPHABET if letter not in barred]
