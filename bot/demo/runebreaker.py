"""Built-in Rune Breaker players for the demo: they cheat (they read the host's
view, secret included) but not too well, so rounds see probes, ERRORs, buzzes,
wrong answers, reserve time and the classic grading.

`genius-bot demo runebreaker` plays both variants: a classic match, then a
finals match where seat 1 holds Decipher.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.runebreaker.judge import is_run_of

#: The demo reads the host's view: the players know the secret.
SEES_ALL = True
#: Buzzes are never awaited, so every seat is asked, not only those the game waits on.
ASKS_EVERY_SEAT = True


#: The demo's matches: one per variant.
DEMO_MATCHES: list[dict[str, Any]] = [
    {"variant": "classic"},
    {"variant": "finals", "decipher_seat": 0},
]


def runebreaker(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
    stage = view["stage"]
    if stage == "choose":
        return "first me" if seat == view["dmo"] else None
    current = view.get("round")
    if current is None:
        return None
    if stage == "probe":
        return _classic_turn(view, current, seat, rng)
    if stage == "submit":
        return _finals_submissions(view, current, seat, rng)
    if stage == "buzz_in":
        chance = current["turn"] / 8
        return "buzz" if not current["buzzed"][seat] and rng.random() < chance else None
    if stage == "answer":
        return _answer(view, seat, rng)
    return None


def _classic_turn(
    view: Mapping[str, Any], current: Mapping[str, Any], seat: int, rng: random.Random
) -> str | None:
    if seat != current["active"]:
        chance = current["turn"] / 14
        return "buzz" if not current["buzzed"][seat] and rng.random() < chance else None
    if rng.random() < 0.03:
        return None  # let the clock run: reserve periods show in the demo
    sequence: list[str] = current["sequence"]
    for _ in range(20):
        symbols = rng.sample(sequence, rng.randint(1, min(3, len(sequence))))
        if not is_run_of(symbols, sequence):
            break
    else:
        symbols = sequence[:1]
    return f"probe {_random_board(view, 4, rng)} : {' '.join(symbols)}"


def _finals_submissions(
    view: Mapping[str, Any], current: Mapping[str, Any], seat: int, rng: random.Random
) -> str | None:
    if current["done"][seat]:
        return None
    mine = [p for p in view["all_probes"] if p["seat"] == seat]
    pending = [p for p in mine if not p["shown"] and p["decipher_of"] is None]
    shown = [p for p in mine if p["shown"] and p["decipher_of"] is None]
    if (
        view["decipher_seat"] == seat
        and not view["decipher_used"]
        and shown
        and current["turn"] >= 2
    ):
        return f"decipher {shown[-1]['number']} : {' '.join(rng.sample(current['executable'], 2))}"
    if pending and (len(pending) == 2 or rng.random() < 0.5):
        return "done"
    limit = current["probe_limit"]
    symbols = [rng.choice(current["executable"]) for _ in range(rng.randint(1, limit))]
    return f"probe {_random_board(view, 4, rng)} : {' '.join(symbols)}"


def _answer(view: Mapping[str, Any], seat: int, rng: random.Random) -> str | None:
    current, secret = view["round"], view["secret"]
    mine = view["answers"][seat]
    if mine["board"] or mine["symbols"] or mine["passed"]:
        return None  # in, or passed: a pass stands, so the seat is not asked again
    buzzer = current["buzzer"]
    right_chance = 0.55 if seat == buzzer else 0.25 if buzzer is not None else 0.35
    right = rng.random() < right_chance
    if view["variant"] == "finals":
        sequence: list[str] = secret["sequence"]
        if right:
            return "answer " + " ".join(sequence)
        return "pass" if rng.random() < 0.3 else "answer " + " ".join(_shuffled(sequence, rng))
    reagent: list[str | None] = secret["reagent"]
    if not right:
        if buzzer is not None and seat != buzzer and rng.random() < 0.5:
            return "pass"
        reagent = _nudged(reagent, view, rng)
    return "answer " + _text(reagent)


def _random_board(view: Mapping[str, Any], size: int, rng: random.Random) -> str:
    pieces = _pieces(view)
    return _text([rng.choice(pieces) if rng.random() < 0.45 else None for _ in range(size * size)])


def _pieces(view: Mapping[str, Any]) -> list[str]:
    palette = view["palette"]
    return [c + s for c in "ROYGBP"[: palette["colours"]] for s in "cstdhx"[: palette["shapes"]]]


def _nudged(
    cells: Sequence[str | None], view: Mapping[str, Any], rng: random.Random
) -> list[str | None]:
    """A near miss: a few cells changed, so the grading has something to weigh."""
    nudged = list(cells)
    for _ in range(rng.randint(1, 4)):
        nudged[rng.randrange(len(nudged))] = rng.choice([None, *_pieces(view)])
    return nudged


def _shuffled(sequence: Sequence[str], rng: random.Random) -> list[str]:
    shuffled = list(sequence)
    rng.shuffle(shuffled)
    return shuffled if shuffled != list(sequence) else [*shuffled, shuffled[0]]


def _text(cells: Sequence[str | None]) -> str:
    return " ".join(cell or ".." for cell in cells)


#: What :mod:`bot.kits` finds for this game.
PLAYER = runebreaker
