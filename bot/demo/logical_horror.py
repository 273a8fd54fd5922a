"""Built-in Logical Horror players: honest, at three levels.

A player reads only its seat's view: the puzzle, its own queries with what
they told it, the rules it was hinted, and the room's public queries (board
and count). From these it keeps, per colour, the rules still possible
(:mod:`bot.demo.horror.knowledge`); it queries the shading that a guessed
mapping makes the puzzle's unique answer, choosing among a few guesses the
board whose answers would split the possible rules most
(:mod:`bot.demo.horror.boards`); once every colour's rule is known it solves
the puzzle and sends the solution.

Levels differ in what they read and weigh:

- ``easy``: private queries, one guess each time, its own queries only, no hints;
- ``normal``: public queries, the best of three guesses, and it saves tokens
  for a hint while some colour has six rules or more left;
- ``hard``: public queries, the best of four, also the opponent's public
  counts and which rules no shading could meet, and it saves for a hint while
  some colour has four rules or more left.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.demo.horror.boards import guesses, left_after, one_colour, solved_under
from bot.demo.horror.knowledge import (
    Grid,
    mappings,
    opponent_counts,
    own_candidates,
    pruned,
)
from bot.demo.horror.work import Allowance
from bot.kits import Player
from games.logical_horror.formats import FORMATS

#: Nobody is ever waited on (both seats query when they like), so ask both.
ASKS_EVERY_SEAT = True

#: Hint uses come every minute in the demo (20 in a real match), so hints show.
DEMO_MATCHES: list[dict[str, Any]] = [{"hint_seconds": 60}]


#: (colour, rule) pairs a deducing level's window (knowledge.pruned) grows by per
#: query made: each is tested once for a possible shading. The window runs over
#: every pair, fallen ones too, so 4 (3 lost 4 of 100 matches more to easy).
PRUNED_PER_QUERY = 4


@dataclass(frozen=True)
class Level:
    name: str
    #: Public queries tell it each clue; private ones only each colour.
    public: bool
    #: Guessed mappings weighed per query.
    guesses: int
    #: Reads the opponent's public counts and drops rules no shading can meet.
    deduces: bool
    #: Takes a hint when it holds the use and the tokens.
    hints: bool
    #: Waits for the tokens a hint costs while some colour has this many rules left.
    saves_for_hint: int | None


LEVEL_SETTINGS = {
    "easy": Level("easy", public=False, guesses=1, deduces=False, hints=False, saves_for_hint=None),
    "normal": Level("normal", public=True, guesses=3, deduces=False, hints=True, saves_for_hint=6),
    "hard": Level("hard", public=True, guesses=4, deduces=True, hints=True, saves_for_hint=4),
}


def logical_horror(view: dict[str, Any], seat: int, rng: random.Random, level: Level) -> str | None:
    if view.get("match", {}).get("status", "running") != "running":
        return None
    if view.get("pending_win") is not None:
        return None  # queries wait for the host's word
    if not view["free_queries"] and view["tokens"] < 1:
        return None  # let the clock bring a token (a hint costs tokens too)
    grid = Grid.of(view)
    candidates = own_candidates(grid, view)
    allowance = Allowance()
    listed = None
    if level.deduces:
        quota = PRUNED_PER_QUERY * (1 + len(view["my_queries"]))
        candidates = pruned(grid, candidates, quota, allowance)
        listed = mappings(grid, candidates, opponent_counts(view, seat))
        if listed is not None:
            candidates = _projected(grid, listed)
    hint = _hint(view, candidates, level)
    if hint is not None:
        return hint
    return _query(view, grid, candidates, listed, rng, level, allowance)


def _projected(grid: Grid, listed: list[tuple[str, ...]]) -> dict[str, list[str]]:
    """Each colour's rules that some allowed mapping still gives it, in catalog order."""
    return {
        colour: sorted({m[i] for m in listed}, key=[m[i] for m in listed].index)
        for i, colour in enumerate(grid.colours)
    }


def _hint(view: dict[str, Any], candidates: dict[str, list[str]], level: Level) -> str | None:
    """``hint <colour>`` for the colour least known, when the level takes one now;
    ``""`` (wait) while it saves the tokens for one."""
    open_colours = [c for c, rules in candidates.items() if len(rules) > 1]
    if not level.hints or view["hints"] < 1 or not open_colours:
        return None
    widest = max(open_colours, key=lambda c: len(candidates[c]))
    if view["tokens"] >= view["most_tokens"]:
        return f"hint {widest}"
    saving = level.saves_for_hint is not None and len(candidates[widest]) >= level.saves_for_hint
    return "" if saving else None


def _query(
    view: dict[str, Any],
    grid: Grid,
    candidates: dict[str, list[str]],
    listed: list[tuple[str, ...]] | None,
    rng: random.Random,
    level: Level,
    allowance: Allowance,
) -> str | None:
    known = all(len(rules) == 1 for rules in candidates.values())
    tried = guesses(candidates, listed, 1 if known else level.guesses, rng)
    boards = []
    for asked_before, mapping in enumerate(tried):
        if allowance.spent and asked_before:
            break  # one guess at least, whatever pruning spent
        board = allowance.take(solved_under(grid, mapping))
        if board is not None:
            boards.append(board)
    if not boards:
        # No guess drawn has an answer (on a large board most guesses of every
        # colour at once have none): ask about one colour's rule instead, and
        # failing that the blank board, which fits every answer format.
        asked = {tuple(q["board"]) for q in view["my_queries"]}
        blank = (False,) * grid.height * grid.width
        boards = [one_colour(grid, candidates, asked, rng, allowance) or blank]
    if known:
        return f"private {_text(boards[0], grid.width)}"  # the answer, shown to nobody
    best = min(boards, key=lambda board: left_after(grid, candidates, board))
    kind = "public" if level.public else "private"
    return f"{kind} {_text(best, grid.width)}"


def _text(board: tuple[bool, ...], width: int) -> str:
    rows = [
        "".join("#" if c else "." for c in board[i : i + width])
        for i in range(0, len(board), width)
    ]
    return "/".join(rows)


def _player(level: Level) -> Player:
    def play(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
        return logical_horror(view, seat, rng, level) or None

    play.__name__ = f"logical_horror_{level.name}"
    return play


#: The built-in players by level, weakest first.
LEVELS: dict[str, Player] = {name: _player(level) for name, level in LEVEL_SETTINGS.items()}
#: What :mod:`bot.kits` finds for this game: the demo plays this level.
PLAYER = LEVELS["normal"]


#: Shadings the random player draws before it falls back on the blank board.
RANDOM_DRAWS = 12


def random_logical_horror(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
    """A random legal move whenever it may move: a query of a random shading,
    public or private, or now and then a hint on a random colour. Its baseline
    for the levels."""
    if view.get("match", {}).get("status", "running") != "running":
        return None
    if view.get("pending_win") is not None or (not view["free_queries"] and view["tokens"] < 1):
        return None
    grid = Grid.of(view)
    if view["hints"] >= 1 and view["tokens"] >= view["most_tokens"] and rng.random() < 0.2:
        return f"hint {rng.choice(grid.colours)}"
    return f"{rng.choice(['public', 'private'])} {_text(_random_board(grid, rng), grid.width)}"


def _random_board(grid: Grid, rng: random.Random) -> tuple[bool, ...]:
    """A random shading the answer format allows: clue cells left blank, drawn
    again (sparser each time) while it breaks the format; the blank board, which
    fits every format, if none does."""
    clue_cells = [(clue.row, clue.col) for clue in grid.clues]
    blank = {row * grid.width + col for row, col in clue_cells}
    answer_format = FORMATS[grid.format]
    for attempt in range(RANDOM_DRAWS):
        density = 0.5 / (1 + attempt)
        board = tuple(
            i not in blank and rng.random() < density for i in range(grid.height * grid.width)
        )
        if answer_format.broken((grid.height, grid.width), board, clue_cells) is None:
            return board
    return (False,) * (grid.height * grid.width)


#: A player that picks at random among legal moves (bench/players.py's baseline).
RANDOM = random_logical_horror


def bench_figures(states: Sequence[Any], final: Any, seat: int) -> dict[str, list[float]]:
    """Logical Horror: the queries and hints the seat took to its solved board
    (only when it won)."""
    if final.outcome is None or final.outcome.winner != seat:
        return {}
    queries = sum(1 for q in final.queries if q.seat == seat)
    hints = len(final.seats[seat].hinted)
    return {"queries": [float(queries)], "hints": [float(hints)]}


#: What bench/players.py reports of a finished match, per seat.
BENCH_FIGURES = bench_figures
#: bench/players.py weighs the levels on the largest board (a decision at hard
#: must stay under 1 s there).
BENCH_MATCHES: list[dict[str, Any]] = [{"size": 10}]
