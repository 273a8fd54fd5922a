"""What a seat knows about the runes: for each symbol, the catalog commands
(with their parameters) it may still stand for.

The catalog is finite, so a rune starts as any bound command of the match's
palette and every probe result rules some out: a probe of one rune keeps the
commands that give its result on its board (ERROR included); a probe of
several keeps the commands that take part in some combination, over the other
runes' candidates, giving its result (asked only while those combinations are
few). Rules are applied until nothing more falls.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any

from games.runebreaker import battery
from games.runebreaker.board import Board, Cell
from games.runebreaker.commands import CATALOG, Bound, CommandError, execute
from games.runebreaker.pieces import Palette

#: A board's cells after a probe, or None for ERROR.
Result = tuple[Cell, ...] | None
#: Combinations of candidates weighed for one probe of several runes, at most.
MOST_COMBINATIONS = 2_000


@dataclass(frozen=True)
class Seen:
    """One probe the seat may read: its board, its symbols and what came back."""

    board: Board
    symbols: tuple[str, ...]
    result: Result


@lru_cache(maxsize=16)
def every_bound(palette: Palette) -> tuple[Bound, ...]:
    """Every command of the catalog with every legal choice of parameters."""
    found = []
    for entry in CATALOG.values():
        for values in product(*(param.choices(palette) for param in entry.params)):
            if entry.distinct and len(set(values)) != len(values):
                continue
            found.append(Bound(entry.name, tuple(values)))
    return tuple(found)


def shown(board: Board, program: tuple[Bound, ...]) -> Result:
    """What a probe of ``program`` on ``board`` shows."""
    try:
        return execute(board, program).cells
    except CommandError:
        return None


#: :func:`shown`, cached: the rules ask about the same probes again and again,
#: within a decision or the next few (20,000 entries hit as often as 200,000 did
#: over twelve matches). No larger: each entry is objects the garbage collector
#: walks in every full collection, and at 200,000 such a collection took a third
#: of a second, in whichever decision it fell.
outcome = lru_cache(maxsize=20_000)(shown)


def palette_of(view: Mapping[str, Any]) -> Palette:
    return Palette(view["palette"]["colours"], view["palette"]["shapes"])


def seen_probes(view: Mapping[str, Any], seat: int, *, opponent: bool = True) -> list[Seen]:
    """The current round's probes with results this seat may read: in the classic
    game every probe is public (``opponent``: read the other seat's too); in the
    finals only its own, once their results are sent."""
    current = view["round"]
    if view["variant"] == "classic":
        probes = [p for p in view.get("probes", []) if opponent or p["seat"] == seat]
    else:
        probes = [p for p in view.get("my_probes", []) if p["round"] == current["number"]]
    return [
        Seen(
            Board(4, tuple(p["board"])),
            tuple(p["symbols"]),
            None if p["error"] else tuple(p["product"]),
        )
        for p in probes
        if not p.get("pending")
    ]


def candidates(
    symbols: Iterable[str], probes: Sequence[Seen], palette: Palette
) -> dict[str, tuple[Bound, ...]]:
    """Each symbol's possible commands given ``probes`` (an empty tuple would mean
    the probes contradict the catalog: then that symbol keeps every command)."""
    return _candidates(tuple(dict.fromkeys(symbols)), tuple(probes), palette)


@lru_cache(maxsize=256)
def _candidates(
    symbols: tuple[str, ...], probes: tuple[Seen, ...], palette: Palette
) -> dict[str, tuple[Bound, ...]]:
    everything = every_bound(palette)
    return {symbol: bounds or everything for symbol, bounds in _left(symbols, probes, palette)}


Known = tuple[tuple[str, tuple[Bound, ...]], ...]
#: Rules applied to a list of probes, by the list (and the symbols and palette),
#: at most this many kept (then the memory starts over).
KNOWN_KEPT = 512
#: How many probes back a list's own knowledge is looked for, to start from.
LOOK_BACK = 3
_known: dict[tuple[tuple[str, ...], tuple[Seen, ...], Palette], Known] = {}


def _left(symbols: tuple[str, ...], probes: tuple[Seen, ...], palette: Palette) -> Known:
    """What the rules leave of each symbol's commands (possibly nothing).

    The rules only remove commands, and removing more from what another rule
    reads never lets it keep more, so applying them until nothing falls ends in
    the same place whatever the order and wherever above it one starts: the
    knowledge from the same probes but the last few, when already worked out
    (a seat's list of probes grows a probe or two per decision), is a start as
    good as every command, and much closer to the end.
    """
    found = _known.get((symbols, probes, palette))
    if found is not None:
        return found
    known = dict.fromkeys(symbols, every_bound(palette))
    for back in range(1, min(LOOK_BACK, len(probes)) + 1):
        start = _known.get((symbols, probes[:-back], palette))
        if start is not None:
            known = dict(start)
            break
    changed = True
    while changed:
        changed = False
        for seen in probes:
            narrowed = _narrowed(seen, known)
            for symbol, kept in narrowed.items():
                if len(kept) < len(known[symbol]):
                    known[symbol], changed = kept, True
    if len(_known) >= KNOWN_KEPT:
        _known.clear()
    found = _known[symbols, probes, palette] = tuple(known.items())
    return found


def _narrowed(seen: Seen, known: dict[str, tuple[Bound, ...]]) -> dict[str, tuple[Bound, ...]]:
    runes = tuple(dict.fromkeys(seen.symbols))
    if any(symbol not in known for symbol in runes):
        return {}
    if len(runes) == 1 and len(seen.symbols) == 1:
        symbol = runes[0]
        return {symbol: tuple(b for b in known[symbol] if outcome(seen.board, (b,)) == seen.result)}
    total = 1
    for symbol in runes:
        total *= len(known[symbol])
    if total > MOST_COMBINATIONS:
        return {}
    kept: dict[str, set[Bound]] = {symbol: set() for symbol in runes}
    for combination in product(*(known[symbol] for symbol in runes)):
        meaning = dict(zip(runes, combination, strict=True))
        program = tuple(meaning[symbol] for symbol in seen.symbols)
        if outcome(seen.board, program) == seen.result:
            for symbol, bound in meaning.items():
                kept[symbol].add(bound)
    return {symbol: tuple(b for b in known[symbol] if b in kept[symbol]) for symbol in runes}


def guess(known: Mapping[str, Sequence[Bound]]) -> dict[str, Bound]:
    """One meaning per rune: the first candidate of each, in catalog order."""
    return {symbol: bounds[0] for symbol, bounds in known.items()}


def _behaviour(bound: Bound, palette: Palette) -> object:
    """What tells commands apart: a primitive's results on the fixed battery of
    boards (``swap-colours R O`` and ``swap-colours O R`` are one behaviour);
    a structural command is its own."""
    if CATALOG[bound.entry].structural:
        return bound
    return battery.fingerprint((bound,), palette)


def kinds(bounds: Sequence[Bound], palette: Palette) -> int:
    """How many different behaviours ``bounds`` hold."""
    ids = _behaviour_ids(palette)
    try:
        return len(set(map(ids.__getitem__, bounds)))
    except KeyError:  # a command outside the palette's: weigh it as it is
        return len({_behaviour(bound, palette) for bound in bounds})


@lru_cache(maxsize=16)
def _behaviour_ids(palette: Palette) -> dict[Bound, int]:
    """Every command of the palette numbered by its behaviour (equal behaviours,
    equal numbers): a player counts behaviours many times a decision, and a
    number is quicker to collect than a fingerprint of 32 boards."""
    numbers: dict[object, int] = {}
    return {
        bound: numbers.setdefault(_behaviour(bound, palette), len(numbers))
        for bound in every_bound(palette)
    }


def ways(known: Mapping[str, Sequence[Bound]], palette: Palette) -> int:
    """How many different meanings of the runes together are still possible."""
    total = 1
    for bounds in known.values():
        total *= kinds(bounds, palette)
    return total


def behaviours(bounds: Sequence[Bound], palette: Palette) -> tuple[tuple[Bound, int], ...]:
    """``bounds`` by behaviour: one command standing for each, with how many of
    ``bounds`` behave so (in the order first met)."""
    ids = _behaviour_ids(palette)
    found: dict[object, tuple[Bound, int]] = {}
    for bound in bounds:
        number = ids.get(bound)
        key = number if number is not None else _behaviour(bound, palette)
        first, count = found.get(key, (bound, 0))
        found[key] = (first, count + 1)
    return tuple(found.values())
