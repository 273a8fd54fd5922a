"""Which word to ask, and which clue to exclude: the one whose answer would
split the candidate hands most, whichever clue the opponent then picks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from games.decoder.tiles import CLUES, clue_answer

#: Candidate hands weighed per word (a sample when there are more).
SAMPLE = 150


def _left(answers: Sequence[tuple[bool, ...]]) -> float:
    """The expected share of candidates an answer leaves (lower: more told)."""
    sizes = Counter(answers).values()
    return sum(size * size for size in sizes) / len(answers) ** 2


def best_ask(
    candidates: Sequence[tuple[str, ...]],
    words: Sequence[str],
    rng: random.Random,
    evidence: bool,
) -> tuple[str, str, float]:
    """(word, excluded clue, share left) of the best of ``words`` on a sample of
    ``candidates``. The opponent chooses the clue it answers, so an ask is
    weighed by the clue that would tell least; New Evidence answers both."""
    weighed = list(candidates)
    if len(weighed) > SAMPLE:
        weighed = rng.sample(weighed, SAMPLE)
    best: tuple[float, str, str] | None = None
    for word in words:
        weight = {letter: word.count(letter) for letter in set(word)}
        counts = [sum(weight.get(x, 0) for x in hand) for hand in weighed]
        told = {clue: [clue_answer(clue, n) for n in counts] for clue in CLUES}
        for excluded in CLUES:
            others = [clue for clue in CLUES if clue != excluded]
            if evidence:
                left = _left(list(zip(*(told[c] for c in others), strict=True)))
            else:
                left = max(_left([(answer,) for answer in told[c]]) for c in others)
            if best is None or left < best[0]:
                best = (left, word, excluded)
    assert best is not None, "no word to weigh"
    return best[1], best[2], best[0]
