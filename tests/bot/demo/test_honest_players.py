"""The built-in Rune Breaker and Logical Horror players are honest: every level
decides the same on a state and on that state with every secret changed (the
rune meanings and the Reagent or the sequence; the hidden rules and the
solution). (That a whole match never asks the game for the host's view is
test_player_levels.py.)"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

import games
from bot.demo import logical_horror, runebreaker
from bot.demo.duel import play_duel, seat_view
from games.core import HOST
from games.logical_horror.rules import RULES
from games.runebreaker.commands import Bound, execute
from games.runebreaker.notation import format_board
from games.runebreaker.rounds import RoundSpec, Rune

#: Small matches: the states are what matters, not the length of the game.
RB_CLASSIC = {"variant": "classic", "colours": 3, "shapes": 3}
RB_FINALS = {"variant": "finals", "colours": 3, "shapes": 3}
LH = {"size": 8, "colours": 2}
#: States of each match asked about (every n-th the players saw, in its first steps).
EVERY = {"runebreaker": 6, "logical_horror": 2}
STEPS = 40


def _other_meanings(state: Any) -> Any:
    """Classic: every rune means `rotate 90` and the Reagent is the Product turned
    back, so the Product (public) is the same and every secret differs."""
    changed = state.model_copy(deep=True)
    spec = changed.current.spec
    turn = Bound("rotate", (90,))
    # The sequence turns the board len(sequence) quarters; as many back, mod 4.
    back = -len(spec.sequence) % 4
    reagent = execute(spec.product(), [turn] * back) if back else spec.product()
    changed.current.spec = RoundSpec(
        size=spec.size,
        runes=[Rune.of(rune.symbol, turn) for rune in spec.runes],
        sequence=spec.sequence,
        reagent=format_board(reagent),
    )
    assert changed.current.spec.product() == spec.product()
    return changed


def _other_sequence(state: Any) -> Any:
    """Finals: each rune takes the next rune's meaning and the sequence is spelt
    with the runes that now mean its commands: the same Reagent, Product and
    Executable Commands, another sequence and mapping."""
    changed = state.model_copy(deep=True)
    spec = changed.current.spec
    symbols = [rune.symbol for rune in spec.runes]
    moved = {symbols[i]: symbols[(i + 1) % len(symbols)] for i in range(len(symbols))}
    meaning = {moved[rune.symbol]: rune.bound() for rune in spec.runes}
    changed.current.spec = RoundSpec(
        size=spec.size,
        runes=[Rune.of(symbol, meaning[symbol]) for symbol in symbols],
        sequence=[moved[symbol] for symbol in spec.sequence],
        reagent=spec.reagent,
    )
    assert changed.current.spec.product() == spec.product()
    return changed


def _other_rules(state: Any) -> Any:
    """Every rule no seat was hinted becomes another, and the solution another board."""
    changed = state.model_copy(deep=True)
    puzzle = changed.puzzle
    hinted = {colour for seat in changed.seats for colour in seat.hinted}
    keys = list(RULES)
    rules = {
        colour: rule if colour in hinted else keys[(keys.index(rule) + 1) % len(keys)]
        for colour, rule in puzzle.rules.items()
    }
    solution = [not shaded for shaded in puzzle.solution]
    changed.puzzle = puzzle.model_copy(update={"rules": rules, "solution": solution})
    return changed


CASES = {
    "runebreaker-classic": ("runebreaker", RB_CLASSIC, _other_meanings, runebreaker.LEVELS),
    "runebreaker-finals": ("runebreaker", RB_FINALS, _other_sequence, runebreaker.LEVELS),
    "logical_horror": ("logical_horror", LH, _other_rules, logical_horror.LEVELS),
}


@cache
def _states(case: str) -> list[Any]:
    """States met in one match between the normal players, in their rounds' play."""
    key, options, _, levels = CASES[case]
    met: list[Any] = []
    players = (levels["normal"], levels["hard"])
    play_duel(key, players, seed=3, options=options, watch=met.append, most_steps=STEPS)
    playing = [s for s in met if getattr(s, "round", True) is not None and s.outcome is None]
    return playing[:: EVERY[key]][:3]


@pytest.mark.parametrize("case", CASES)
def test_each_level_decides_the_same_whatever_the_secrets(case: str) -> None:
    key, _, change, levels = CASES[case]
    game = games.get(key)
    states = _states(case)
    assert len(states) == 3
    decided = 0
    for state in states:
        changed = change(state)
        assert game.view(changed, HOST) != game.view(state, HOST)  # the secrets did change
        for seat in (0, 1):
            for level, player in levels.items():
                before = player(seat_view(game, state, seat, 0), seat, random.Random(5))
                after = player(seat_view(game, changed, seat, 0), seat, random.Random(5))
                assert before == after, f"{level}, seat {seat}"
                decided += before is not None
    assert decided  # the players had something to say
