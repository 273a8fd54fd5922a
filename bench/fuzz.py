"""Fuzzing every game's parse, and how its time grows with the input.

Part 1, the long fuzz: at least 10,000 hostile inputs per game (the strategies
of ``tests/games/fuzz_support.py``: arbitrary unicode, control and invisible
characters, 10,000-character strings, huge numbers, markdown, mentions, and
near misses of the game's own moves), then every hand-picked hostile piece
before, inside and after every move word; each parsed at a state drawn from
every phase of demo matches, for both seats and the host; what parse takes is
also applied. Anything but a valid action or a ``Rejected`` fit to show is counted
and printed as an exception found.

Part 2, time against length, for 1k, 10k and 100k characters of the inputs
that cost each grammar most: ``game.parse`` (the length cap refuses these at
once) and the grammar behind the cap, called directly, which should grow
linearly (×10 input, about ×10 time). Beside them, Expression's Final Guess
round-number split before and after its fix.

    python -m bench.fuzz [--inputs 10000] [--only expression]   (--inputs 0: timings only)
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import re
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

import games
from games import Rejected
from games.core import Actor, Game
from games.expression import grammar as expression_grammar
from tests.facts import fact
from tests.games.fuzz_support import (
    ACTORS,
    Table,
    every_special_in_every_move,
    feed,
    hostile_text,
    tables,
)

SIZES = (1_000, 10_000, 100_000)


def heavy(key: str) -> list[tuple[str, str]]:
    """The inputs that cost the game's grammar most, each piece repeated to the
    size (``HEAVY_MOVES`` in tests/games/<key>/facts.py)."""
    pairs: list[tuple[str, str]] = fact(key, "HEAVY_MOVES")
    return pairs


@dataclass
class Tally:
    """What the fuzzing of one game found."""

    inputs: int = 0
    taken: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    reports: list[str] = field(default_factory=list)

    def feed(self, game: Game[Any, Any, Any], table: Table, text: str) -> None:
        """``text`` for both seats and the host; an escape is counted, not raised."""
        self.inputs += 1
        for actor in ACTORS:
            try:
                self.taken += feed(game, table, actor, text) is not None
            except Exception as error:
                self.kinds[type(error).__name__] += 1
                if len(self.reports) < 5:
                    where = "".join(traceback.format_exception_only(error)).strip()
                    self.reports.append(f"{table.phase} actor {actor} {text[:80]!r}: {where}")


def fuzz(key: str, inputs: int, seed: int) -> Tally:
    """``inputs`` drawn texts, then every hand-picked piece in every move."""
    game = games.get(key)
    found = tables(key)
    tally = Tally()

    @settings(
        max_examples=inputs,
        deadline=None,
        database=None,
        phases=[Phase.generate],  # count failures ourselves, without shrinking
        suppress_health_check=list(HealthCheck),
    )
    @hypothesis_seed(seed)
    @given(table=st.sampled_from(found), text=hostile_text(key))
    def run(table: Table, text: str) -> None:
        tally.feed(game, table, text)

    run()
    for at, text in enumerate(every_special_in_every_move(key)):
        tally.feed(game, found[at % len(found)], text)
    return tally


def _cost(parse: Callable[[], Any], repeats: int = 5) -> float:
    """The fastest of ``repeats`` runs, in milliseconds of this process's CPU time:
    the machine is shared, and wall time would charge others' work to the parser."""
    best = float("inf")
    gc.disable()  # a collection landing in one run would be charged to it
    try:
        for _ in range(repeats):
            started = time.process_time()
            with contextlib.suppress(Rejected):
                parse()
            best = min(best, time.process_time() - started)
    finally:
        gc.enable()
    return best * 1000


def _grammar_behind_cap(game: Game[Any, Any, Any], table: Table, actor: Actor, text: str) -> Any:
    """What Game.parse hands the grammar, without its length check."""
    return game._parse(table.state, actor, " ".join(text.lower().split()))


def timings(key: str) -> list[str]:
    game = games.get(key)
    table = next(t for t in tables(key, matches=1) if t.state.outcome is None)
    lines = []
    for prefix, piece in heavy(key):
        texts = [prefix + piece * (size // len(piece)) for size in SIZES]
        capped = [_cost(partial(game.parse, table.state, 0, text)) for text in texts]
        behind = [_cost(partial(_grammar_behind_cap, game, table, 0, text)) for text in texts]
        lines.append(
            f"  {prefix + piece!r:<22} parse "
            + " ".join(f"{ms:7.3f}" for ms in capped)
            + "  | grammar alone "
            + " ".join(f"{ms:8.2f}" for ms in behind)
            + f"  (×{behind[1] / behind[0]:.0f}, ×{behind[2] / behind[1]:.0f})"
        )
    return lines


def final_split() -> list[str]:
    """The round-number split on a run of digits, with the old pattern and the fixed one."""
    old = re.compile(r"(?:round |r)?([0-9]+) ?:", re.ASCII)
    new = expression_grammar._FINAL_MARKER
    lines = []
    for size in (1_000, 5_000, 10_000):
        digits = "1" * size
        before = _cost(partial(old.split, digits), 1)
        after = _cost(partial(new.split, digits))
        lines.append(f"  {size:>6} digits: before {before:9.1f} ms   after {after:6.3f} ms")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--inputs", type=int, default=10_000, help="hostile inputs per game (0: timings only)"
    )
    parser.add_argument("--only", choices=games.keys(), help="one game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    keys = [args.only] if args.only else games.keys()
    gc.freeze()  # the collected states stay; the collector need not walk them
    if args.inputs > 0:
        print(
            f"Fuzzing parse: {args.inputs:,} drawn inputs per game, then every hand-picked piece"
            " in every move; each for seat 0, seat 1 and the host"
        )
    for key in keys if args.inputs > 0 else []:
        started = time.perf_counter()
        tally = fuzz(key, args.inputs, args.seed)
        phases = len({t.phase for t in tables(key)})
        print(
            f"  {key:<15} {tally.inputs:>7,} inputs ({3 * tally.inputs:,} parses) over "
            f"{phases} phases: {tally.taken:,} actions taken, exceptions found: "
            f"{sum(tally.kinds.values())} {dict(tally.kinds) or ''}"
            f" in {time.perf_counter() - started:.0f} s"
        )
        for report in tally.reports:
            print(f"    {report}")
    print("\nParse CPU time (ms) for inputs of " + " / ".join(f"{s:,}" for s in SIZES) + " chars")
    for key in keys:
        cap = games.get(key).max_move_chars
        print(f"{key} (cap {cap:,} characters)")
        for line in timings(key):
            print(line)
    print("\nExpression's Final Guess round-number split on a run of digits")
    for line in final_split():
        print(line)


if __name__ == "__main__":
    main()
