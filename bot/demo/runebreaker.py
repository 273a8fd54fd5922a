"""Built-in Rune Breaker players: honest, at three levels, in both variants.

A player reads only its seat's view: the round's public boards, the probes
it may see with their results (classic: every probe, both seats'; finals:
its own), scores and whose turn it is. From the probes it keeps, for each
rune, the catalog commands it may still stand for
(:mod:`bot.demo.runes.knowledge`), and probes where a result would split them
most (:mod:`bot.demo.runes.probing`). With a meaning guessed for each rune it
builds its answer: classic, a Reagent Board whose Product under its guess is
the round's (:mod:`bot.demo.runes.reagent`, a search that deepens while the
guess stands); finals, a sequence of runes from the Reagent to the Product
(:mod:`bot.demo.runes.sequence`). It buzzes once the runes are known well
enough for its level and its answer works under its guess.

Levels: ``easy`` weighs two probe boards, ignores the opponent's probes,
sends one finals probe a turn, searches little and buzzes on a guess;
``normal`` weighs six and buzzes only when sure (in the finals, once it knows
every rune); ``hard`` weighs twelve, searches longest, and in the finals buzzes
once the runes of some sequence are known, or a turn early on good odds.

`genius-bot demo runebreaker` plays both variants: a classic match, then a
finals match where seat 0 holds Decipher.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.demo.runes import figures, probing, reagent, sequence
from bot.demo.runes.knowledge import (
    Seen,
    behaviours,
    candidates,
    guess,
    kinds,
    palette_of,
    seen_probes,
    ways,
)
from bot.kits import Player
from games.runebreaker.board import Board
from games.runebreaker.commands import Bound
from games.runebreaker.judge import is_run_of
from games.runebreaker.pieces import Palette

#: Buzzes are never awaited, so every seat is asked, not only those the game waits on.
ASKS_EVERY_SEAT = True

#: The demo's matches: one per variant.
DEMO_MATCHES: list[dict[str, Any]] = [
    {"variant": "classic"},
    {"variant": "finals", "decipher_seat": 0},
]


@dataclass(frozen=True)
class Level:
    name: str
    #: Probe boards weighed per probe.
    boards: int
    #: Classic: reads the opponent's probes too.
    reads_opponent: bool
    #: Classic: Reagent search tries per probe the guess has stood, and at most.
    tries: int
    most_tries: int
    #: Finals: boards the sequence search may meet.
    sequence_boards: int
    #: Buzzes when the runes together have at most this many meanings left.
    buzz_ways: int
    #: Finals: probes sent per turn (the rules allow two).
    probes_per_turn: int = 2
    #: Finals: buzzes only once every rune is known, not as soon as those of a
    #: sequence are (answering the other seat's buzz, it uses what it knows).
    finals_every_rune: bool = False
    #: Finals: buzzes (and answers) with a sequence right under at least this
    #: share of the meanings left (1: only a sequence of runes known for sure).
    finals_odds: float = 1.0
    #: Commands a search may run, at most (None: bounded by its tries or boards
    #: alone): classic, the Reagent search's (its tries times the sequence's
    #: length); finals, each sequence search's. What keeps a decision's time down
    #: (a ``hard`` decision under 1 s) whatever the round.
    reagent_runs: int | None = None
    sequence_runs: int | None = None


#: Finals: a rune is read as its first meaning (``hard``) with this many
#: behaviours left, no more.
GAMBLED_KINDS = 2

LEVEL_SETTINGS = {
    "easy": Level("easy", 2, False, 150, 600, 300, buzz_ways=4, probes_per_turn=1),
    "normal": Level("normal", 6, True, 300, 1_500, 2_000, buzz_ways=1, finals_every_rune=True),
    "hard": Level(
        "hard",
        12,
        True,
        500,
        4_000,
        6_000,
        buzz_ways=1,
        finals_odds=0.5,
        reagent_runs=20_000,
        sequence_runs=6_000,
    ),
}


@dataclass(frozen=True)
class Reading:
    """What the seat makes of the round so far."""

    palette: Palette
    probes: list[Seen]
    known: dict[str, tuple[Bound, ...]]


def runebreaker(view: dict[str, Any], seat: int, rng: random.Random, level: Level) -> str | None:
    stage, current = view["stage"], view.get("round")
    if stage == "choose":
        return "first me" if seat == view["dmo"] else None
    if current is None or stage in ("look", "over"):
        return None
    reading = _read(view, seat, level)
    classic = view["variant"] == "classic"
    if stage == "probe":
        if seat == current["active"]:
            return _classic_probe(view, reading, rng, level)
        return _buzz(view, reading, seat, level)
    if stage == "submit":
        return _finals_probe(view, reading, seat, rng, level)
    if stage == "buzz_in":
        return _buzz(view, reading, seat, level)
    if stage == "answer":
        return (
            _answer(view, reading, seat, level)
            if classic
            else _finals_answer(view, reading, seat, level)
        )
    return None


def _read(view: Mapping[str, Any], seat: int, level: Level) -> Reading:
    palette = palette_of(view)
    probes = seen_probes(view, seat, opponent=level.reads_opponent)
    current = view["round"]
    symbols = current["sequence"] if view["variant"] == "classic" else current["executable"]
    return Reading(palette, probes, candidates(symbols, probes, palette))


def _stock(view: Mapping[str, Any]) -> list[str]:
    current = view["round"]
    boards = [current["product"], current.get("reagent") or []]
    return sorted({cell for board in boards for cell in board if cell})


def _classic_probe(
    view: Mapping[str, Any], reading: Reading, rng: random.Random, level: Level
) -> str:
    order: Sequence[str] = view["round"]["sequence"]

    def allowed(shape: tuple[str, ...]) -> bool:
        return len(shape) <= 3 and not is_run_of(shape, order)

    board, shape = probing.choose(
        reading.known, reading.palette, _stock(view), level.boards, rng, allowed
    )
    return f"probe {_text(board.cells)} : {' '.join(shape)}"


def _finals_probe(
    view: Mapping[str, Any], reading: Reading, seat: int, rng: random.Random, level: Level
) -> str | None:
    current = view["round"]
    if current["done"][seat]:
        return None
    this_turn = _sent_this_turn(view)
    if len(this_turn) >= level.probes_per_turn:
        return "done"
    limit = current["probe_limit"]
    avoid = {symbol for p in this_turn for symbol in p["symbols"]}
    board, shape = probing.choose(
        reading.known,
        reading.palette,
        _stock(view),
        level.boards,
        rng,
        lambda s: len(s) <= limit,
        avoid,
        view["my_errors"],
    )
    return f"probe {_text(board.cells)} : {' '.join(shape)}"


def _sent_this_turn(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Finals: the seat's probes of this turn, results not back yet."""
    current = view["round"]
    return [
        p
        for p in view["my_probes"]
        if p["round"] == current["number"] and p["turn"] == current["turn"] and p["pending"]
    ]


def _buzz(view: Mapping[str, Any], reading: Reading, seat: int, level: Level) -> str | None:
    if view["round"]["buzzed"][seat]:
        return None
    if view["variant"] == "finals":
        if level.finals_every_rune and ways(reading.known, reading.palette) > 1:
            return None
        return "buzz" if _sequence(view, reading, level) is not None else None
    if ways(reading.known, reading.palette) > level.buzz_ways:
        return None
    found, target = _reagent(view, reading, level)
    return "buzz" if reagent.exact(found, target) else None


def _answered(view: Mapping[str, Any]) -> bool:
    mine = view["my_answer"]
    return bool(mine["board"] or mine["symbols"] or mine["passed"] or mine["timed_out"])


def _answer(view: Mapping[str, Any], reading: Reading, seat: int, level: Level) -> str | None:
    """Classic: the best Reagent found (a wrong one costs nothing)."""
    if _answered(view):
        return None
    (board, _), _ = _reagent(view, reading, level)
    return f"answer {_text(board.cells)}"


def _finals_answer(
    view: Mapping[str, Any], reading: Reading, seat: int, level: Level
) -> str | None:
    """Finals: the sequence found, else the buzzer guesses (it loses the point
    either way) and the other seat passes."""
    if _answered(view):
        return None
    found = _sequence(view, reading, level)
    if found is not None:
        return f"answer {' '.join(found)}"
    if view["round"]["buzzer"] == seat:
        return f"answer {' '.join(view['round']['executable'][:2])}"
    return "pass"


def _reagent(
    view: Mapping[str, Any], reading: Reading, level: Level
) -> tuple[tuple[Board, reagent.Grade], Board]:
    """The search's best board under the current guess, searched longer the longer
    that guess has stood (so each decision adds one step to a cached chain)."""
    current = view["round"]
    meaning = guess(reading.known)
    program = tuple(meaning[symbol] for symbol in current["sequence"])
    target = Board(current["size"], tuple(current["product"]))
    tries = _tries(level, program, _stood(view, reading, meaning))
    return reagent.search(program, target, reading.palette, tries), target


def _tries(level: Level, program: tuple[Bound, ...], stood: int) -> int:
    """The Reagent search's tries: more the more probes the guess has stood, up to
    the level's most, and within its budget of commands run."""
    tries = min(level.most_tries, level.tries * (1 + stood))
    if level.reagent_runs is None:
        return tries
    return min(tries, reagent.most_tries(program, level.reagent_runs))


def _stood(view: Mapping[str, Any], reading: Reading, meaning: dict[str, Bound]) -> int:
    """Probes seen since the guess last changed."""
    symbols = view["round"]["sequence"]
    stood = 0
    for count in range(len(reading.probes) - 1, -1, -1):
        if guess(candidates(symbols, reading.probes[:count], reading.palette)) != meaning:
            break
        stood += 1
    return stood


def _sequence(view: Mapping[str, Any], reading: Reading, level: Level) -> tuple[str, ...] | None:
    """A sequence of runes known for sure (one behaviour left) that makes the
    Product: correct whatever the other runes mean. Failing that, at ``hard``, one
    that also uses runes with two behaviours left, each read as its first, if it
    is right under at least ``finals_odds`` of their meanings: a buzz a turn
    before the runes are sure wins the round that a race to buzz would split
    (a wrong one costs a point; a seat answering another's buzz risks nothing)."""
    current = view["round"]
    sure = {s: b[0] for s, b in reading.known.items() if kinds(b, reading.palette) == 1}
    size = current["size"]
    reagent_board = Board(size, tuple(current["reagent"]))
    product_board = Board(size, tuple(current["product"]))

    def explore(meaning: dict[str, Bound]) -> tuple[str, ...] | None:
        limits = (level.sequence_boards, level.sequence_runs)
        return sequence.explore(tuple(meaning.items()), reagent_board, product_board, *limits).found

    found = explore(sure)
    if found is not None or level.finals_odds >= 1:
        return found
    unsure = {
        s: ways_of
        for s, b in reading.known.items()
        if len(ways_of := behaviours(b, reading.palette)) == GAMBLED_KINDS
    }
    if not unsure:
        return None
    read_as = {**sure, **{s: ways_of[0][0] for s, ways_of in unsure.items()}}
    found = explore(read_as)
    if found is None:
        return None
    odds = sequence.chance(found, sure, unsure, reagent_board, product_board)
    return found if odds >= level.finals_odds else None


def _text(cells: Sequence[str | None]) -> str:
    return " ".join(cell or ".." for cell in cells)


def _player(level: Level) -> Player:
    def play(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
        return runebreaker(view, seat, rng, level)

    play.__name__ = f"runebreaker_{level.name}"
    return play


#: The built-in players by level, weakest first.
LEVELS: dict[str, Player] = {name: _player(level) for name, level in LEVEL_SETTINGS.items()}
#: What :mod:`bot.kits` finds for this game: the demo plays this level.
PLAYER = LEVELS["normal"]


#: How often the random player buzzes when it may (it is asked at every step).
RANDOM_BUZZ = 0.1


def random_runebreaker(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
    """A random legal move at each decision: probes of random boards with random
    runes, a buzz now and then, a random answer (classic: a random Reagent Board;
    finals: a random run of the round's runes). Its baseline for the levels."""
    stage, current = view["stage"], view.get("round")
    if stage == "choose":
        return rng.choice(["first me", "first them"]) if seat == view["dmo"] else None
    if current is None or stage in ("look", "over"):
        return None
    palette = palette_of(view)
    if stage == "probe" and seat == current["active"]:
        order: Sequence[str] = current["sequence"]
        while is_run_of(shape := _random_runes(order, 3, rng), order):
            pass
        return f"probe {_text(probing.draw_board(rng, palette, []).cells)} : {' '.join(shape)}"
    if stage in ("probe", "buzz_in"):
        buzzed = current["buzzed"][seat]
        return "buzz" if not buzzed and rng.random() < RANDOM_BUZZ else None
    if stage == "submit":
        if current["done"][seat]:
            return None
        sent = _sent_this_turn(view)
        if len(sent) >= 2 or (sent and rng.random() < 0.5):
            return "done"
        shape = _random_runes(current["executable"], current["probe_limit"], rng)
        return f"probe {_text(probing.draw_board(rng, palette, []).cells)} : {' '.join(shape)}"
    if stage == "answer" and not _answered(view):
        if view["variant"] == "classic":
            cells = [rng.choice(palette.pieces) for _ in range(current["size"] ** 2)]
            return f"answer {_text(cells)}"
        runes = current["executable"]
        return f"answer {' '.join(_random_runes(runes, len(runes), rng))}"
    return None


def _random_runes(runes: Sequence[str], most: int, rng: random.Random) -> tuple[str, ...]:
    return tuple(rng.choice(runes) for _ in range(rng.randint(1, max(1, most))))


#: A player that picks at random among legal moves (bench/players.py's baseline).
RANDOM = random_runebreaker


#: What bench/players.py reports of a finished match, per seat.
BENCH_FIGURES = figures.bench_figures
#: bench/players.py weighs the levels on a real match of each variant.
BENCH_MATCHES: list[dict[str, Any]] = [{"variant": "classic"}, {"variant": "finals"}]
