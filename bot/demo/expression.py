"""Built-in Expression Black & White players for the demo and the benchmarks,
at three levels.

A player reads only its own seat's view (its tiles, the round's pair, the
colours it was told, what was guessed and revealed) and types moves in the
game's own language. It aims near 10 but not always at the best expression,
and now and then lets a clock run out (never its reserve) so timeouts show in
the demo.

Levels: ``easy`` plays further from its best expression and guesses tiles of
the right colours at random; ``normal`` (the demo's player of old) plays
nearer its best and guesses the same way; ``hard`` plays nearer still, never
sits a decision out, and reasons over what it saw (:mod:`bot.demo.colours`):
every expression in the opponent's colours holding the pair, kept if it
agrees with who won the round and with the guesses and reveal, weighed by its
nearness to 10. It guesses a number only when a right guess is likelier than
one in three (+2 against −1) and the symbol when likelier than not, reveals
its symbol (the colours leave two), and in the Final Guess names each round's
likeliest tiles, never more copies of a tile than the opponent had.

The demo asks a seat again and again while the game waits on it, so whether a
seat sits a decision out is fixed per decision: drawn from the view (the bout's
pairs come from the match seed), not from the shared generator.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement, permutations
from typing import Any

from bot.demo.colours import knowledge
from bot.kits import Player
from games.expression.arithmetic import TARGET
from games.expression.tiles import SYMBOLS, Symbol, colour

#: How the player types each symbol (the grammar reads these).
TYPED = {"+": "+", "−": "-", "×": "*", "÷": "/"}


@dataclass(frozen=True)
class Level:
    name: str
    #: How often it sits a decision out (lets the clock run).
    timeout: float
    #: How far from its best expression it strays: the rank it plays is drawn
    #: from an exponential of this rate (higher: nearer the best).
    aim: float
    #: Reasons over the opponent's tiles (hard) rather than colours alone.
    reasons: bool


LEVEL_SETTINGS = {
    "easy": Level("easy", timeout=0.06, aim=0.02, reasons=False),
    "normal": Level("normal", timeout=0.06, aim=0.08, reasons=False),
    "hard": Level("hard", timeout=0.0, aim=0.25, reasons=True),
}


def _player(level: Level) -> Player:
    def play(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
        stage = view.get("stage")
        sits_out = _sits_out(view, seat, level)
        if stage == "final":
            if level.reasons:
                return _reasoned_final(view, seat)
            return _final(view, seat, rng, sits_out)
        if sits_out and not _in_reserve(view):
            return None  # the clock runs out; a reserve is never let run out
        if stage == "planning":
            return "ready"
        if stage == "starter":
            return rng.choice(["first me", "first them"])
        if stage == "play":
            return _play(view, rng, level)
        if stage == "guess":
            if level.reasons:
                return _reasoned_guess_or_reveal(view, seat)
            return _guess_or_reveal(view, seat, rng)
        return None

    play.__name__ = f"expression_{level.name}"
    return play


def _sits_out(view: Mapping[str, Any], seat: int, level: Level) -> bool:
    decision = [view.get(k) for k in ("pairs", "bout", "round", "stage")]
    return random.Random(f"{decision}:{seat}").random() < level.timeout


# -- playing --------------------------------------------------------------------------------


def _in_reserve(view: Mapping[str, Any]) -> bool:
    return any(str(d.get("key", "")).startswith("reserve:") for d in view.get("deadlines", []))


#: One expression: its distance to 10, its numbers and symbols in order, and
#: the own tiles it takes (two numbers, sorted, and a symbol).
Arranged = tuple[float, tuple[int, ...], tuple[Symbol, ...], tuple[int, int, Symbol]]
_APPLY = {
    "+": lambda x, y: x + y,
    "−": lambda x, y: x - y,
    "×": lambda x, y: x * y,
    "÷": lambda x, y: x / y,
}


def _distance(numbers: tuple[int, ...], symbols: tuple[Symbol, ...]) -> float:
    """How far the expression lands from 10, in floats rounded to 9 places: only to
    rank the player's options (the engine judges exactly); distinct values of
    these small fractions lie far further apart than the rounding."""
    (a, b, c), (first, second) = numbers, symbols
    if second in "×÷" and first not in "×÷":
        value = _APPLY[first](a, _APPLY[second](b, c))
    else:
        value = _APPLY[second](_APPLY[first](a, b), c)
    return round(abs(value - TARGET), 9)


@cache
def _arranged(number: int, symbol: Symbol) -> tuple[Arranged, ...]:
    """Every distinct expression of a global pair with any own tiles, nearest 10
    first: worked out once per pair (48 of them), so a play only walks the list
    to the first ones its tiles can make (evaluating ~2,500 exact values a play
    was nearly all of an Expression match's time)."""
    found: set[Arranged] = set()
    for a, b in combinations_with_replacement(range(1, 13), 2):
        for own in SYMBOLS:
            for order in set(permutations([number, a, b])):
                for signs in {(symbol, own), (own, symbol)}:
                    found.add((_distance(order, signs), order, signs, (a, b, own)))
    return tuple(sorted(found))


def _play(view: Mapping[str, Any], rng: random.Random, level: Level) -> str:
    # Not always the best: an obvious best play is easy to read from its colours.
    rank = int(rng.expovariate(level.aim))
    held = Counter(view["numbers"])
    signs = set(view["symbols"])
    found: list[Arranged] = []
    for candidate in _arranged(view["pair"]["number"], view["pair"]["symbol"]):
        a, b, own = candidate[3]
        if own in signs and held[a] >= 1 + (a == b) and held[b] >= 1:
            found.append(candidate)
            if len(found) > rank:
                break
    _, numbers, symbols, _ = found[min(rank, len(found) - 1)]
    a, b, c = numbers
    return f"play {a} {TYPED[symbols[0]]} {b} {TYPED[symbols[1]]} {c}"


# -- guessing and revealing -------------------------------------------------------------------


def _unknown_colours(record: Mapping[str, Any], opponent: int) -> tuple[list[str], str | None]:
    """The colours of the opponent's own numbers and symbol this round, once the
    global pair's colours are taken out (numbers sit at even positions)."""
    colours = (record.get("colours") or [None, None])[opponent] or []
    pair = record["pair"]
    numbers = [c for i, c in enumerate(colours) if i % 2 == 0]
    symbols = [c for i, c in enumerate(colours) if i % 2 == 1]
    if colour(pair["number"]) in numbers:
        numbers.remove(colour(pair["number"]))
    if colour(pair["symbol"]) in symbols:
        symbols.remove(colour(pair["symbol"]))
    return numbers, symbols[0] if symbols else None


def _number_of(shade: str, rng: random.Random, avoid: Sequence[int] = ()) -> int:
    options = [n for n in range(1, 13) if colour(n) == shade and n not in avoid]
    return rng.choice(options)


def _symbol_of(shade: str | None, rng: random.Random) -> Symbol:
    options = [s for s in SYMBOLS if shade is None or colour(s) == shade]
    return rng.choice(options)


def _guess_or_reveal(view: Mapping[str, Any], seat: int, rng: random.Random) -> str:
    record = view["history"][-1]
    if record["winner"] == seat:
        own = view["my_plays"][-1]["own"]
        return (
            f"reveal {TYPED.get(tile, tile) if isinstance(tile := rng.choice(own), str) else tile}"
        )
    numbers, symbol = _unknown_colours(record, 1 - seat)
    picks: list[str] = []
    for shade in numbers[: rng.randint(0, 2)]:
        picks.append(str(_number_of(shade, rng, [int(p) for p in picks])))
    if rng.random() < 0.5:
        picks.append(TYPED[_symbol_of(symbol, rng)])
    return f"guess {' '.join(picks)}" if picks else "guess none"


# -- the Final Guess ----------------------------------------------------------------------------


def _known(record: Mapping[str, Any]) -> list[Any]:
    """The opponent's own tiles this round known for sure: right guesses, the reveal."""
    found: list[Any] = []
    guesses = record.get("guesses") or {}
    for entry in guesses.get("numbers", []):
        if entry["correct"]:
            found.append(entry["number"])
    if (guesses.get("symbol") or {}).get("correct"):
        found.append(guesses["symbol"]["symbol"])
    if record.get("revealed") is not None:
        found.append(record["revealed"])
    return found


def _final_entry(record: Mapping[str, Any], seat: int, rng: random.Random) -> str:
    opponent = 1 - seat
    numbers, symbol_shade = _unknown_colours(record, opponent)
    known = _known(record) if record.get("winner") == opponent else []
    chosen = [t for t in known if isinstance(t, int)][:2]
    shades = Counter(numbers)
    for n in chosen:
        shades[colour(n)] -= 1
    for shade, count in shades.items():
        chosen += [_number_of(shade, rng) for _ in range(max(0, count))]
    chosen = [*chosen, rng.randint(1, 12), rng.randint(1, 12)][:2]
    symbols = [t for t in known if isinstance(t, str)]
    sign = symbols[0] if symbols else _symbol_of(symbol_shade, rng)
    return f"{record['round']}: {chosen[0]} {chosen[1]} {TYPED[sign]}"


def _final(view: Mapping[str, Any], seat: int, rng: random.Random, sits_out: bool) -> str | None:
    """The whole Final Guess at once, locked; a seat sitting out sends it unlocked
    and lets the time run out (what it sent stands)."""
    if sits_out and view.get("my_final"):
        return None
    rounds = [r for r in view["history"] if r["bout"] == view["bout"]]
    entries = [_final_entry(r, seat, rng) for r in rounds if rng.random() < 0.9]
    if sits_out and entries:
        return f"final {'; '.join(entries)}"
    return f"final {'; '.join(entries)} done" if entries else "final done"


# -- hard: guessing, revealing and the Final Guess from what the round told --------------


def _reasoned_guess_or_reveal(view: Mapping[str, Any], seat: int) -> str:
    record = view["history"][-1]
    if record["winner"] == seat:
        own = view["my_plays"][-1]["own"]
        # The symbol: its colour already leaves only two, a number's six.
        sign = next(tile for tile in own if isinstance(tile, str))
        return f"reveal {TYPED[sign]}"
    mine = knowledge.plays_of(view)[len(view["history"]) - 1]
    numbers, symbols = knowledge.chances(knowledge.weighed(record, mine, seat))
    ranked = sorted(numbers.items(), key=lambda item: (-item[1], item[0]))
    picks = [str(n) for n, chance in ranked[:2] if chance > 1 / 3]
    sign, chance = max(sorted(symbols.items()), key=lambda item: item[1], default=("+", 0.0))
    if chance > 0.5:
        picks.append(TYPED[sign])
    return f"guess {' '.join(picks)}" if picks else "guess none"


def _reasoned_final(view: Mapping[str, Any], seat: int) -> str | None:
    """Each round's likeliest own tiles, the surest rounds first, no tile named
    more often than the opponent held it; sent once, locked."""
    if view.get("my_final_locked"):
        return None
    plays = knowledge.plays_of(view)
    rounds = [
        (record, knowledge.weighed(record, plays[i] if i < len(plays) else None, seat))
        for i, record in enumerate(view["history"])
        if record["bout"] == view["bout"]
    ]

    def sureness(found: dict[knowledge.Own, float]) -> float:
        return max(found.values()) / sum(found.values()) if found else 0.0

    spent: dict[Any, int] = {}
    entries: dict[int, str] = {}
    for record, found in sorted(rounds, key=lambda item: -sureness(item[1])):
        own = knowledge.likeliest(found, spent)
        if own is None:
            continue
        a, b, sign = own
        for tile in (a, b, sign):
            spent[tile] = spent.get(tile, 0) + 1
        entries[record["round"]] = f"{record['round']}: {a} {b} {TYPED[sign]}"
    listed = "; ".join(entries[r] for r in sorted(entries))
    return f"final {listed} done" if listed else "final done"


#: The players by level, weakest first (what :mod:`bot.kits` finds).
LEVELS: dict[str, Player] = {name: _player(level) for name, level in LEVEL_SETTINGS.items()}
PLAYER = LEVELS["normal"]


def random_expression(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
    """A random legal move at each decision: any expression its tiles make, any
    guess of up to two numbers and a symbol, any own tile revealed, a Final
    Guess of random tiles. It never lets a clock run (the baseline the levels
    are weighed against)."""
    stage = view.get("stage")
    if stage == "planning":
        return "ready"
    if stage == "starter":
        return rng.choice(["first me", "first them"])
    if stage == "play":
        pair, numbers, symbols = view["pair"], view["numbers"], view["symbols"]
        a, b = rng.sample(numbers, 2)
        order = [pair["number"], a, b]
        rng.shuffle(order)
        signs = [pair["symbol"], rng.choice(symbols)]
        rng.shuffle(signs)
        return f"play {order[0]} {TYPED[signs[0]]} {order[1]} {TYPED[signs[1]]} {order[2]}"
    if stage == "guess":
        record = view["history"][-1]
        if record["winner"] == seat:
            tile = rng.choice(view["my_plays"][-1]["own"])
            return f"reveal {TYPED.get(tile, tile) if isinstance(tile, str) else tile}"
        picks = [str(n) for n in rng.sample(range(1, 13), rng.randint(0, 2))]
        if rng.random() < 0.5:
            picks.append(TYPED[rng.choice(SYMBOLS)])
        return f"guess {' '.join(picks)}" if picks else "guess none"
    if stage == "final":
        rounds = [r["round"] for r in view["history"] if r["bout"] == view["bout"]]
        entries = [
            f"{r}: {rng.randint(1, 12)} {rng.randint(1, 12)} {TYPED[rng.choice(SYMBOLS)]}"
            for r in rounds
        ]
        return f"final {'; '.join(entries)} done" if entries else "final done"
    return None


#: A player that picks at random among legal moves (bench/players.py's baseline).
RANDOM = random_expression
