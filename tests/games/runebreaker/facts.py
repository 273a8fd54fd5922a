"""What the shared tests need to know about Rune Breaker (see tests/facts.py)."""

from __future__ import annotations

from typing import Any, get_args

from games.runebreaker.models import RuneBreakerState, Stage

MOVES = [
    "first me",
    "first them",
    "probe rc .. bs .. / .. .. .. .. / gt .. .. .. / .. .. ..: a # q",
    "probe rb1-0 a q",
    "decipher 2 : a q",
    "decipher #p3 | q",
    "done",
    "buzz",
    "pass",
    "answer a # q 9",
    "answer rb1-00",
    "reagent rc bs / gt ..",
    "submit . . . .",
    "```text\nprobe rc bs gt yo\n```",
]

PHASES = frozenset(get_args(Stage))


def phase(state: RuneBreakerState) -> str:
    return state.stage


_WIDE_BOARD = "\n".join(" ".join(["Rc"] * 10) for _ in range(10))
LONGEST_MOVES = [
    f"answer ```text\n{_WIDE_BOARD}\n```",
    "probe " + "x" * 1000 + " : " + "q" * 40,
]
HEAVY_MOVES = [("probe ", "rc "), ("answer ", "rc / "), ("decipher 1 : ", "a")]
#: Both variants, in turn.
SOAK_OPTIONS: list[dict[str, Any]] = [
    {
        "variant": "classic",
        "choose_seconds": 10,
        "look_seconds": 2,
        "probe_seconds": 10,
        "final_seconds": 10,
        "reserve_period_seconds": 5,
    },
    {
        "variant": "finals",
        "decipher_seat": 0,
        "probe_seconds": 10,
        "buzz_in_seconds": 10,
        "answer_seconds": 10,
        "reserve_period_seconds": 5,
    },
]
SOAK_AT_ONCE = 5


def secrets(state: RuneBreakerState) -> list[str]:
    """What each round's runes meant (their boards were pictured as rounds ended)."""
    return [rune.meaning() for result in state.results for rune in result.spec.runes]


def on_reserve(state: RuneBreakerState) -> bool:
    """A seat is answering in one of its reserve periods."""
    return any(clock.reserve for clock in state.clocks)
