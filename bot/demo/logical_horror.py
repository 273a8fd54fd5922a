"""Built-in Logical Horror players for the demo: they cheat (they read the host's
view, the solution included) but not at once. Each query is the solution with
a few cells flipped — fewer with every query the seat has made — so the room
sees near misses get nearer until one board satisfies every clue. They mix
public and private queries; one seat (which one depends on the puzzle) saves
its tokens for a hint once it holds a hint use. They only ever send legal moves: boards that fit the
answer format, queries when they hold a token, hints when they hold a use and
the tokens it costs.

Every query is at least two cells nearer than the last, so each seat reaches
the solution within a handful of queries: a match ends after a few token
intervals (the demo skips straight to each).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.logical_horror.formats import FORMATS

#: The demo reads the host's view: the players know the solution.
SEES_ALL = True
#: Nobody is ever waited on (both seats query when they like), so ask both.
ASKS_EVERY_SEAT = True

#: Hint uses come every minute in the demo (20 in a real match), so hints show.
DEMO_MATCHES: list[dict[str, Any]] = [{"hint_seconds": 60}]

FIRST_MISS = 16  # cells wrong in a seat's first query: long enough for hints to show
HINT_HELPS = 5  # cells a hinted rule puts right
TRIES = 200  # attempts at flipping a cell that keeps the board in the format


def logical_horror(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
    if view.get("match", {}).get("status", "running") != "running":
        return None
    if view.get("pending_win") is not None:
        return None  # queries wait for the host's word
    me = view["seats"][seat]
    left = [c for c in view["puzzle"]["colours"] if c not in me["hinted"]]
    if seat == _hint_taker(view) and me["hints"] >= 1 and left:
        if me["tokens"] < me["most_tokens"]:
            return None  # saving up for the hint
        return f"hint {rng.choice(left)}"
    if not me["free_queries"] and me["tokens"] < 1:
        return None  # let the clock bring a token
    # A hinted rule helps: the seat that took a hint is nearer at once.
    near = 2 * len(me["my_queries"]) + HINT_HELPS * len(me["hinted"]) + rng.randint(0, 2)
    misses = max(0, FIRST_MISS - near)
    board = _near_miss(view["puzzle"], view["solution"], misses, rng)
    kind = "public" if rng.random() < 0.5 else "private"
    return f"{kind} {_text(board, view['puzzle']['width'])}"


def _hint_taker(view: Mapping[str, Any]) -> int:
    """The seat that saves its tokens for a hint: one or the other, by the puzzle."""
    return len(view["puzzle"]["clues"]) % 2


def _near_miss(
    puzzle: Mapping[str, Any], solution: Sequence[bool], misses: int, rng: random.Random
) -> list[bool]:
    """The solution with up to ``misses`` cells flipped, still in the answer format."""
    height, width = puzzle["height"], puzzle["width"]
    clue_cells = {(clue["row"], clue["col"]) for clue in puzzle["clues"]}
    answer_format = FORMATS[puzzle["format"]["key"]]
    board = list(solution)
    free = [i for i in range(height * width) if divmod(i, width) not in clue_cells]
    flipped = 0
    for _ in range(TRIES):
        if flipped >= misses:
            break
        cell = rng.choice(free)
        board[cell] = not board[cell]
        if answer_format.broken((height, width), board, clue_cells) is None:
            flipped += 1
        else:
            board[cell] = not board[cell]
    return board


def _text(board: Sequence[bool], width: int) -> str:
    rows = [
        "".join("#" if c else "." for c in board[i : i + width])
        for i in range(0, len(board), width)
    ]
    return "/".join(rows)


#: What :mod:`bot.kits` finds for this game.
PLAYER = logical_horror
