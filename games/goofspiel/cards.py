"""Hands of cards. A hand is a sorted list of card strengths; 0 is a pass, not a card."""

from __future__ import annotations

from bisect import insort

from games.core import Rejected

PASS = 0
#: Strengths run 1–6: a new card is worth the cells claimed in one phase, at most 6.
HIGHEST = 6

# Six 1s, five 2s, four 3s, three 4s, two 5s, one 6.
STARTING_HAND: tuple[int, ...] = tuple(
    strength for strength in range(1, HIGHEST + 1) for _ in range(HIGHEST + 1 - strength)
)


def starting_hand() -> list[int]:
    return list(STARTING_HAND)


def hand_text(hand: list[int]) -> str:
    return " ".join(str(card) for card in hand) if hand else "empty"


def check_bid(hand: list[int], card: int) -> None:
    """Rejected unless ``card`` is a pass or a card in ``hand``."""
    if card < PASS or card > HIGHEST:
        raise Rejected(f"Cards run from 1 to {HIGHEST}; bid one you hold, or `pass`.")
    if card != PASS and card not in hand:
        raise Rejected(f"You don't hold a {card} — your hand is {hand_text(hand)}.")


def discard(hand: list[int], card: int) -> None:
    """Take one copy of a played card out of the hand (a pass discards nothing)."""
    if card != PASS:
        hand.remove(card)


def receive(hand: list[int], card: int) -> None:
    insort(hand, card)
