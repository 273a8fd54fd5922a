"""The laws the finals search relies on (bot/demo/runes/laws.py) hold: every
primitive of the default palette, on random boards of a probe's size and a
round's, relates the board after it to the board before it as each law it is
not listed as breaking says. A law wrongly claimed would let the search give
up on a sequence it would have found."""

from __future__ import annotations

import random

import pytest

from bot.demo.runes.knowledge import every_bound
from bot.demo.runes.laws import LAWS, Facts
from games.runebreaker.board import Board
from games.runebreaker.commands import CATALOG, CommandError, apply_primitive
from games.runebreaker.pieces import DEFAULT_PALETTE


def _boards(size: int, count: int, draw: random.Random) -> list[Board]:
    boards = []
    for _ in range(count):
        # Few kinds of object and full boards too, so copies, neighbours and sorts happen.
        pool = draw.sample(DEFAULT_PALETTE.pieces, draw.choice((2, 4, 8)))
        density = draw.choice((0.3, 0.6, 0.9, 1.0))
        cells = tuple(
            draw.choice(pool) if draw.random() < density else None for _ in range(size**2)
        )
        boards.append(Board(size, cells))
    return boards


@pytest.mark.parametrize("size", [4, 10])
def test_every_primitive_keeps_the_laws_it_is_not_listed_as_breaking(size: int) -> None:
    draw = random.Random(size)
    boards = _boards(size, 40, draw)
    for bound in every_bound(DEFAULT_PALETTE):
        if CATALOG[bound.entry].structural:
            continue
        kept = {name: law for name, (law, breakers) in LAWS.items() if bound.entry not in breakers}
        for board in boards:
            try:
                after = apply_primitive(board, bound)
            except CommandError:
                continue
            before_facts, after_facts = Facts.of(board), Facts.of(after)
            broken = [name for name, law in kept.items() if not law(before_facts, after_facts)]
            assert not broken, f"{bound} breaks {broken} on {board.cells}"


def test_every_law_names_only_catalog_commands() -> None:
    for name, (_, breakers) in LAWS.items():
        assert breakers <= set(CATALOG), name
