"""Every refusal, with the sentence a player reads. Parse calls these for early
feedback on typed moves; apply calls them again (buttons skip parse), adding the
clock checks that only the moment of applying can make."""

from __future__ import annotations

from collections import Counter

from games.core import Rejected
from games.expression.models import ExpressionState, OwnTiles, Stage
from games.expression.tiles import Symbol, Tile, sort_symbols, tiles_text

EXAMPLE_PLAY = "`play 7 + 12 × 3`"
EXAMPLE_GUESS = "`guess 5 7 +`, `guess 5` or `guess none`"
EXAMPLE_REVEAL = "`reveal 7` or `reveal +`"
EXAMPLE_FINAL = "`final 1: 5 7 +; 2: 12 12 −` and then `final done`"


def expected(state: ExpressionState, seat: int) -> str:
    """What ``seat`` can do right now, in one sentence."""
    if state.outcome is not None or state.stage == "over":
        return "The match is over."
    if state.stage == "planning":
        return (
            f"It's the planning phase of bout {state.bout}; type `ready` when you are done "
            "planning."
        )
    if state.stage == "starter":
        if seat == state.config.advantage:
            return "Choose who starts bout 1: `first me` or `first them`."
        return "Your opponent holds the Advantage and is choosing who starts bout 1."
    if state.stage == "play":
        if state.to_play == seat:
            return f"It's your turn to play round {state.round}, e.g. {EXAMPLE_PLAY}."
        return f"It's your opponent's turn to play in round {state.round}."
    if state.stage == "guess":
        if seat == state.current.winner:
            return f"You won round {state.round}: pick a tile to reveal ({EXAMPLE_REVEAL})."
        return f"You lost round {state.round}: guess your opponent's tiles ({EXAMPLE_GUESS})."
    if state.finals[state.bout - 1][seat].locked:
        return f"You have locked your Final Guess for bout {state.bout}."
    return f"Send your Final Guess for bout {state.bout}: {EXAMPLE_FINAL}."


def stage(state: ExpressionState, seat: int, wanted: Stage, move: str) -> None:
    if state.stage != wanted or state.outcome is not None:
        raise Rejected(f"You can't {move} now. {expected(state, seat)}")


def answers(state: ExpressionState, seat: int, bout: int | None, round_: int | None) -> None:
    """Refuse a move aimed at another bout or round than the one open now."""
    if bout is not None and bout != state.bout:
        when = "is over" if bout < state.bout else "has not started"
        raise Rejected(f"That move was for bout {bout}, which {when}. {expected(state, seat)}")
    if round_ is not None and round_ != state.round:
        when = "is over" if round_ < state.round else "has not started"
        raise Rejected(f"That move was for round {round_}, which {when}. {expected(state, seat)}")


def starter(state: ExpressionState, seat: int) -> None:
    stage(state, seat, "starter", "choose who starts")
    if seat != state.config.advantage:
        raise Rejected(expected(state, seat))


def ready(state: ExpressionState, seat: int, bout: int | None) -> None:
    stage(state, seat, "planning", "say you are ready")
    answers(state, seat, bout, None)
    if state.ready[seat]:
        raise Rejected(
            "You are already marked ready; planning ends when your opponent is ready too "
            "or its time runs out."
        )


def play(state: ExpressionState, seat: int, numbers: list[int], symbols: list[Symbol]) -> OwnTiles:
    """The three own tiles the expression spends; Rejected unless it is legal."""
    stage(state, seat, "play", "play an expression")
    record = state.current
    if record.plays[seat] is not None:
        raise Rejected(f"You have already played in round {state.round}. {expected(state, seat)}")
    if state.to_play != seat:
        raise Rejected(
            f"Your opponent plays first in round {state.round}; you'll see their colours "
            "before you play."
        )
    pair = record.pair
    lacking = [
        str(t) for t, used in ((pair.number, numbers), (pair.symbol, symbols)) if t not in used
    ]
    if lacking:
        raise Rejected(
            f"Use both of round {state.round}'s global tiles, {pair.number} and {pair.symbol}: "
            f"your expression has no {' and no '.join(lacking)}."
        )
    own_numbers = list(numbers)
    own_numbers.remove(pair.number)
    own_symbols = list(symbols)
    own_symbols.remove(pair.symbol)
    _holds(state, seat, own_numbers, own_symbols)
    return OwnTiles(numbers=(own_numbers[0], own_numbers[1]), symbol=own_symbols[0])


def _holds(state: ExpressionState, seat: int, numbers: list[int], symbols: list[Symbol]) -> None:
    short_numbers = Counter(numbers) - Counter(state.numbers[seat])
    short_symbols = Counter(symbols) - Counter(state.symbols[seat])
    if not short_numbers and not short_symbols:
        return
    held: Counter[Tile] = Counter([*state.numbers[seat], *state.symbols[seat]])
    wanting = [
        f"only one {tile}" if held[tile] == 1 else f"no {tile}"
        for tile in [*short_numbers, *short_symbols]
    ]
    hand = tiles_text(state.numbers[seat], sort_symbols(state.symbols[seat]))
    raise Rejected(
        f"Besides the global tiles you hold {' and '.join(wanting)} — your tiles are {hand}."
    )


def guess(state: ExpressionState, seat: int, numbers: list[int]) -> None:
    stage(state, seat, "guess", "guess")
    if seat != state.current.loser:
        raise Rejected(expected(state, seat))
    if len(numbers) > 2:
        raise Rejected(f"Guess at most two numbers and one symbol, e.g. {EXAMPLE_GUESS}.")
    if len(set(numbers)) < len(numbers):
        raise Rejected("You may not guess the same number twice.")


def reveal(state: ExpressionState, seat: int, tile: Tile) -> None:
    stage(state, seat, "guess", "reveal a tile")
    record = state.current
    if seat != record.winner:
        raise Rejected(expected(state, seat))
    play_ = record.plays[seat]
    assert play_ is not None
    if tile not in play_.own.tiles():
        raise Rejected(
            f"You can only reveal one of your own tiles from round {state.round}: "
            f"{tiles_text(list(play_.own.numbers), [play_.own.symbol])}."
        )


def final(state: ExpressionState, seat: int) -> None:
    stage(state, seat, "final", "send a Final Guess")
    if state.finals[state.bout - 1][seat].locked:
        raise Rejected(f"You have locked your Final Guess for bout {state.bout}; it can't change.")


def in_time(end_ms: int, now_ms: int, what: str) -> None:
    if now_ms >= end_ms:
        raise Rejected(f"Time is up for {what}.")
