"""Shared helpers for the Expression Black & White tests."""

from __future__ import annotations

import random
from typing import Any

from games import Notice, Step
from games.expression import GAME, ExpressionState
from games.expression.models import (
    ExpressionAction,
    FinalEntry,
    FinalGuess,
    Guess,
    OwnTiles,
    Play,
    Reveal,
)

SYMBOLS = ["+", "−", "×", "÷"]
#: Round r of bout 1 has global number r; bout 2 has 13 − r. Symbols cycle + − × ÷.
PAIRS: list[list[Any]] = [[r, SYMBOLS[(r - 1) % 4]] for r in range(1, 13)] + [
    [13 - r, SYMBOLS[(r - 1) % 4]] for r in range(1, 13)
]
START_NUMBERS = sorted(list(range(1, 13)) * 2)
START_SYMBOLS = ["+"] * 3 + ["−"] * 3 + ["×"] * 3 + ["÷"] * 3

SEC = 1000


def fresh(seed: int = 1, now_ms: int = 0, **config: Any) -> ExpressionState:
    """A match in bout 1's planning phase, with the fixed PAIRS unless told otherwise."""
    config.setdefault("global_tiles", PAIRS)
    return GAME.setup(config, seed=seed, now_ms=now_ms).state


def say(state: ExpressionState, seat: int, text: str, now_ms: int = 0) -> Step[ExpressionState]:
    """Type ``text`` as ``seat``: parse, then apply (the runtime's path for typed moves)."""
    return GAME.apply(state, seat, GAME.parse(state, seat, text), now_ms)


def started(first: int = 0, now_ms: int = 0, **config: Any) -> ExpressionState:
    """Round 1 of bout 1, ``first`` to play (the Advantage holder, seat 0, chose)."""
    state = fresh(now_ms=now_ms, **config)
    advantage = state.config.advantage
    state = say(state, 0, "ready", now_ms).state
    state = say(state, 1, "ready", now_ms).state
    choice = "first me" if first == advantage else "first them"
    return say(state, advantage, choice, now_ms).state


def combine(step: Step[ExpressionState], more: Step[ExpressionState]) -> Step[ExpressionState]:
    return Step(state=more.state, notices=step.notices + more.notices)


def kinds(step: Step[ExpressionState]) -> list[str]:
    return [notice.kind for notice in step.notices]


def only(step: Step[ExpressionState], kind: str) -> Notice:
    found = [notice for notice in step.notices if notice.kind == kind]
    assert len(found) == 1, f"expected one {kind}, got {kinds(step)}"
    return found[0]


def expression_with(
    state: ExpressionState, own: tuple[int, int, str], order: tuple[int, ...] = (0, 1, 2)
) -> Play:
    """A play of the round's global pair and ``own`` (two numbers, one symbol):
    numbers in the order global, own[0], own[1] permuted by ``order``; symbols
    global first, then own."""
    pair = state.current.pair
    numbers = [pair.number, own[0], own[1]]
    ordered = [numbers[i] for i in order]
    return Play(numbers=(ordered[0], ordered[1], ordered[2]), symbols=(pair.symbol, own[2]))  # type: ignore[arg-type]


def random_play(state: ExpressionState, seat: int, rnd: random.Random) -> Play:
    """Any legal expression: two own numbers and one own symbol, arranged at random."""
    numbers = rnd.sample(state.numbers[seat], 2)
    symbol = rnd.choice(state.symbols[seat])
    pair = state.current.pair
    tiles = [pair.number, *numbers]
    rnd.shuffle(tiles)
    symbols = [pair.symbol, symbol]
    rnd.shuffle(symbols)
    return Play(numbers=(tiles[0], tiles[1], tiles[2]), symbols=(symbols[0], symbols[1]))


def random_guess(rnd: random.Random) -> Guess:
    count = rnd.randint(0, 2)
    numbers = tuple(rnd.sample(range(1, 13), count))
    symbol = rnd.choice([None, *SYMBOLS])
    return Guess(numbers=numbers, symbol=symbol)  # type: ignore[arg-type]


def random_reveal(state: ExpressionState, rnd: random.Random) -> Reveal:
    record = state.current
    play = record.plays[record.decided_winner]
    assert play is not None
    return Reveal(tile=rnd.choice(play.own.tiles()))


def random_final(rnd: random.Random, done: bool) -> FinalGuess:
    rounds = rnd.sample(range(1, 13), rnd.randint(0, 4))
    entries = tuple(
        FinalEntry(
            round=r,
            tiles=OwnTiles(
                numbers=(rnd.randint(1, 12), rnd.randint(1, 12)),
                symbol=rnd.choice(SYMBOLS),  # type: ignore[arg-type]
            ),
        )
        for r in rounds
    )
    return FinalGuess(entries=entries, done=done)


def own_tiles(state: ExpressionState, seat: int, bout: int, round_: int) -> list[Any]:
    record = next(r for r in state.rounds if (r.bout, r.round) == (bout, round_))
    play = record.plays[seat]
    assert play is not None
    return play.own.tiles()


def exact_final(state: ExpressionState, seat: int) -> FinalGuess:
    """A Final Guess naming every round's own tiles of ``1 - seat`` exactly."""
    entries = []
    for record in state.bout_rounds:
        play = record.plays[1 - seat]
        assert play is not None
        entries.append(FinalEntry(round=record.round, tiles=play.own))
    return FinalGuess(entries=tuple(entries))


def apply(
    state: ExpressionState, seat: int, action: ExpressionAction, now_ms: int = 0
) -> Step[ExpressionState]:
    return GAME.apply(state, seat, action, now_ms)


def scripted_play(state: ExpressionState, seat: int) -> Play:
    """Round r: own tiles r, r and the symbol for r (+ in rounds 1–3, − in 4–6,
    × in 7–9, ÷ in 10–12), so twelve rounds spend each seat's tiles exactly."""
    r = state.round
    pair = state.current.pair
    symbol = SYMBOLS[(r - 1) // 3]
    return Play(numbers=(pair.number, r, r), symbols=(pair.symbol, symbol))  # type: ignore[arg-type]


def finish_guessing(state: ExpressionState, now_ms: int = 0) -> Step[ExpressionState]:
    """The loser guesses nothing, the winner reveals its symbol."""
    record = state.current
    winner = record.decided_winner
    play = record.plays[winner]
    assert play is not None
    step = apply(state, 1 - winner, Guess(), now_ms)
    return combine(step, apply(step.state, winner, Reveal(tile=play.own.symbol), now_ms))


def play_round(state: ExpressionState, now_ms: int = 0) -> Step[ExpressionState]:
    """Both seats play their scripted tiles, then the guessing is settled."""
    first = state.current.first
    step = apply(state, first, scripted_play(state, first), now_ms)
    step = combine(step, apply(step.state, 1 - first, scripted_play(step.state, 1 - first), now_ms))
    return combine(step, finish_guessing(step.state, now_ms))


def play_rounds(state: ExpressionState, count: int, now_ms: int = 0) -> ExpressionState:
    for _ in range(count):
        state = play_round(state, now_ms).state
    return state


def at_final(first: int = 0, **config: Any) -> ExpressionState:
    """Bout 1's Final Guess, after twelve scripted rounds."""
    state = play_rounds(started(first=first, **config), 12)
    assert state.stage == "final"
    return state
