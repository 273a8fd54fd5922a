"""Every level of the honest Rune Breaker and Logical Horror players against
every other level, on the engine alone: each match ends with a result, no move
of theirs is refused, and the game is never asked for the host's view.

Matches are small (a 3×3 palette, an 8×8 puzzle of two colours) and few, one
per pair of levels, each level in each seat in turn, so the suite stays quick;
``GENIUS_LEVEL_MATCHES=20`` plays twenty per pair. Which level is stronger is
measured apart, over many matches (the numbers are in docs/architecture.md).
"""

from __future__ import annotations

import os
from itertools import combinations
from typing import Any

import pytest

import games
from bot.demo import logical_horror, runebreaker
from bot.demo.duel import play_duel
from bot.kits import Player
from games.core import HOST, Game

MATCHES = int(os.environ.get("GENIUS_LEVEL_MATCHES", "1"))

GAMES: dict[str, tuple[str, dict[str, Any], dict[str, Player]]] = {
    "runebreaker-classic": (
        "runebreaker",
        {"variant": "classic", "colours": 3, "shapes": 3},
        runebreaker.LEVELS,
    ),
    "runebreaker-finals": (
        "runebreaker",
        {"variant": "finals", "colours": 3, "shapes": 3},
        runebreaker.LEVELS,
    ),
    "logical_horror": ("logical_horror", {"size": 8, "colours": 2}, logical_horror.LEVELS),
}


class _NoHostView:
    """The game, except that asking for the host's view fails the test."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def view(self, state: Any, audience: Any) -> dict[str, Any]:
        if audience == HOST:
            raise AssertionError("a player was shown the host's view")
        return self._game.view(state, audience)


@pytest.mark.parametrize("game", GAMES)
def test_every_level_finishes_against_every_other_with_no_move_refused(game: str) -> None:
    key, options, levels = GAMES[game]
    honest: Any = _NoHostView(games.get(key))
    for number, (first, second) in enumerate(combinations(levels, 2)):
        for seed in range(100 * number, 100 * number + MATCHES):
            seats = (first, second) if seed % 2 == 0 else (second, first)
            players = (levels[seats[0]], levels[seats[1]])
            duel = play_duel(key, players, seed=seed, options=options, game=honest)
            assert duel.outcome is not None, f"{seats} seed {seed}: no result"
            assert duel.refused == [], f"{seats} seed {seed}"
