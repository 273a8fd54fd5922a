"""A built-in Expression Black & White player for the demo and the benchmarks.

It reads only its own seat's view (its tiles, the round's pair, the colours it
was told, what was guessed and revealed) and types moves in the game's own
language. It aims near 10 but not always at the best expression, guesses from
the opponent's colours, and now and then lets a clock run out (never its
reserve) so timeouts show in the demo.

The demo asks a seat again and again while the game waits on it, so whether a
seat sits a decision out is fixed per decision: drawn from the view (the bout's
pairs come from the match seed), not from the shared generator.
"""

from __future__ import annotations

import heapq
import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import combinations, permutations
from typing import Any

from games.expression.arithmetic import TARGET, evaluate
from games.expression.tiles import SYMBOLS, Symbol, colour

#: How the player types each symbol (the grammar reads these).
TYPED = {"+": "+", "−": "-", "×": "*", "÷": "/"}
TIMEOUT = 0.06


def expression(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
    stage = view.get("stage")
    sits_out = _sits_out(view, seat)
    if stage == "final":
        return _final(view, seat, rng, sits_out)
    if sits_out and not _in_reserve(view):
        return None  # the clock runs out; a reserve is never let run out
    if stage == "planning":
        return "ready"
    if stage == "starter":
        return rng.choice(["first me", "first them"])
    if stage == "play":
        return _play(view, rng)
    if stage == "guess":
        return _guess_or_reveal(view, seat, rng)
    return None


def _sits_out(view: Mapping[str, Any], seat: int) -> bool:
    decision = [view.get(k) for k in ("pairs", "bout", "round", "stage")]
    return random.Random(f"{decision}:{seat}").random() < TIMEOUT


# -- playing --------------------------------------------------------------------------------


def _in_reserve(view: Mapping[str, Any]) -> bool:
    return any(str(d.get("key", "")).startswith("reserve:") for d in view.get("deadlines", []))


def _candidates(
    pair: Mapping[str, Any], numbers: Sequence[int], symbols: Sequence[Symbol]
) -> Iterator[tuple[Fraction, list[int], list[Symbol]]]:
    """Every distinct expression from the pair and two own numbers and one own symbol."""
    for a, b in set(combinations(sorted(numbers), 2)):
        for own in set(symbols):
            for order in set(permutations([pair["number"], a, b])):
                for signs in {(pair["symbol"], own), (own, pair["symbol"])}:
                    nums, syms = list(order), list(signs)
                    yield evaluate(nums, syms), nums, syms


def _play(view: Mapping[str, Any], rng: random.Random) -> str:
    # Not always the best: an obvious best play is easy to read from its colours.
    # The rank is drawn first (the candidates draw nothing), so only the best few
    # are ordered: sorting all ~2,500 exact values was most of the demo's time.
    rank = int(rng.expovariate(0.08))
    found = heapq.nsmallest(
        rank + 1,
        _candidates(view["pair"], view["numbers"], view["symbols"]),
        key=lambda c: (abs(c[0] - TARGET), c[1], c[2]),
    )
    _, numbers, symbols = found[min(rank, len(found) - 1)]
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


#: What :mod:`bot.kits` finds for this game.
PLAYER = expression


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
