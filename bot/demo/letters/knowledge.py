"""The hands the opponent may hold, from its seat's view alone.

The opponent's hand is drawn from the letters this seat never held (the rules
promise every dealt tile went to one seat only) and not yet revealed. It loses
letters publicly (a right guess, a give-up) and may gain one only in a swap
after this seat's wrong guess, unseen. So the answers to this seat's asks
since its last wrong guess hold exactly for the hand of their time, which is
today's hand plus the letters it has lost since; answers from before a swap
may be stale and are set aside.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from games.decoder.tiles import ALPHABET, Clue, clue_answer, count_in

#: What one answered clue says: the word's count over the hand of its time
#: (today's candidate plus ``lost``, letters the hand lost since) is or is not so.
Fact = tuple[str, Clue, bool, frozenset[str]]


@dataclass(frozen=True)
class Evidence:
    """Everything the seat knows of the opponent's hand, hashable for the cache."""

    pool: tuple[str, ...]
    size: int
    facts: tuple[Fact, ...]


def evidence(view: Mapping[str, Any], seat: int) -> Evidence:
    opponent = 1 - seat
    history: Sequence[Mapping[str, Any]] = view.get("history") or []
    mine = [r for r in history if r.get("seat") == seat]
    wrong = [r["number"] for r in mine if r.get("kind") == "guess" and r.get("correct") is False]
    since = max(wrong, default=0)
    revealed = view.get("revealed") or []
    never = {*view.get("seen", []), *view.get("hand", []), *(e["letter"] for e in revealed)}
    # The seat's own wrong guesses since the last swap chance: not in the hand.
    never |= {r["letter"] for r in mine if r["number"] >= since and r.get("correct") is False}
    facts: list[Fact] = []
    for record in mine:
        if record.get("kind") != "ask" or record["number"] < since:
            continue
        lost = frozenset(
            e["letter"] for e in revealed if e["seat"] == opponent and e["turn"] > record["number"]
        )
        for answer in record.get("answers") or []:
            facts.append((record["word"], answer["clue"], bool(answer["answer"]), lost))
    pool = tuple(x for x in ALPHABET if x not in never)
    return Evidence(pool, int(view["hand_sizes"][opponent]), tuple(facts))


@lru_cache(maxsize=512)
def hands(known: Evidence) -> tuple[tuple[str, ...], ...]:
    """Every hand of ``known.size`` letters from the pool that meets every fact
    (the facts taken one at a time, each cached on the ones before it)."""
    if not known.facts:
        if known.size > len(known.pool):
            return ()
        return tuple(combinations(known.pool, known.size))
    *before, (word, clue, answer, lost) = known.facts
    earlier = hands(Evidence(known.pool, known.size, tuple(before)))
    weight = {letter: word.count(letter) for letter in known.pool}
    base = count_in(word, lost)
    return tuple(
        hand for hand in earlier if clue_answer(clue, base + sum(weight[x] for x in hand)) == answer
    )


def chances(candidates: Sequence[tuple[str, ...]]) -> dict[str, float]:
    """Each letter's share of the candidate hands that hold it."""
    tally: dict[str, int] = {}
    for hand in candidates:
        for letter in hand:
            tally[letter] = tally.get(letter, 0) + 1
    return {letter: seen / len(candidates) for letter, seen in tally.items()}
