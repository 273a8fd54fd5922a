"""The built-in players of every game are honest: every level decides the same
on a state and on that state with every secret of the seat asked changed (Rune
Breaker: the rune meanings and the Reagent or the sequence; Logical Horror: the
hidden rules and the solution; Goofspiel: the opponent's sealed bid; Decoder:
the opponent's hand, setup letters and tank times; Expression: the opponent's
tiles, its expressions and its sealed guess, reveal and Final Guess), a change
the seat's own view does not show. (That a whole match never asks the game for
the host's view is test_player_levels.py.)"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

import games
from bot.demo import decoder, expression, goofspiel, logical_horror, runebreaker
from bot.demo.duel import play_duel, seat_view
from games.core import HOST
from games.decoder.tiles import ALPHABET
from games.logical_horror.rules import RULES
from games.runebreaker.commands import Bound, execute
from games.runebreaker.notation import format_board
from games.runebreaker.rounds import RoundSpec, Rune

#: Small matches: the states are what matters, not the length of the game.
RB_CLASSIC = {"variant": "classic", "colours": 3, "shapes": 3}
RB_FINALS = {"variant": "finals", "colours": 3, "shapes": 3}
LH = {"size": 8, "colours": 2}
#: States of each match asked about (every n-th the players saw, in its first steps).
EVERY = {"runebreaker": 6, "logical_horror": 2}
STEPS = 40


def _other_meanings(state: Any, seat: int) -> Any:
    """Classic: every rune means `rotate 90` and the Reagent is the Product turned
    back, so the Product (public) is the same and every secret differs."""
    changed = state.model_copy(deep=True)
    spec = changed.current.spec
    turn = Bound("rotate", (90,))
    # The sequence turns the board len(sequence) quarters; as many back, mod 4.
    back = -len(spec.sequence) % 4
    reagent = execute(spec.product(), [turn] * back) if back else spec.product()
    changed.current.spec = RoundSpec(
        size=spec.size,
        runes=[Rune.of(rune.symbol, turn) for rune in spec.runes],
        sequence=spec.sequence,
        reagent=format_board(reagent),
    )
    assert changed.current.spec.product() == spec.product()
    return changed


def _other_sequence(state: Any, seat: int) -> Any:
    """Finals: each rune takes the next rune's meaning and the sequence is spelt
    with the runes that now mean its commands: the same Reagent, Product and
    Executable Commands, another sequence and mapping."""
    changed = state.model_copy(deep=True)
    spec = changed.current.spec
    symbols = [rune.symbol for rune in spec.runes]
    moved = {symbols[i]: symbols[(i + 1) % len(symbols)] for i in range(len(symbols))}
    meaning = {moved[rune.symbol]: rune.bound() for rune in spec.runes}
    changed.current.spec = RoundSpec(
        size=spec.size,
        runes=[Rune.of(symbol, meaning[symbol]) for symbol in symbols],
        sequence=[moved[symbol] for symbol in spec.sequence],
        reagent=spec.reagent,
    )
    assert changed.current.spec.product() == spec.product()
    return changed


def _other_rules(state: Any, seat: int) -> Any:
    """Every rule no seat was hinted becomes another, and the solution another board."""
    changed = state.model_copy(deep=True)
    puzzle = changed.puzzle
    hinted = {colour for seat in changed.seats for colour in seat.hinted}
    keys = list(RULES)
    rules = {
        colour: rule if colour in hinted else keys[(keys.index(rule) + 1) % len(keys)]
        for colour, rule in puzzle.rules.items()
    }
    solution = [not shaded for shaded in puzzle.solution]
    changed.puzzle = puzzle.model_copy(update={"rules": rules, "solution": solution})
    return changed


def _other_bid(state: Any, seat: int) -> Any:
    """Goofspiel: the opponent's sealed bid, if it has bid, becomes another."""
    changed = state.model_copy(deep=True)
    bid = changed.bids[1 - seat]
    if bid is not None:
        changed.bids[1 - seat] = (bid + 1) % 7
    return changed


def _other_letters(state: Any, seat: int) -> Any:
    """Decoder: the opponent holds other letters (as many), saw others in setup,
    and its tanks take other times; an offer it is weighing is another letter."""
    changed = state.model_copy(deep=True)
    opponent = 1 - seat
    gone = {*state.hands[seat], *state.hands[opponent], *(e.letter for e in state.revealed)}
    fresh = [x for x in ALPHABET if x not in gone]
    changed.hands[opponent] = fresh[: len(state.hands[opponent])]
    changed.seen[opponent] = fresh[: len(state.seen[opponent])]
    # Tanks are frozen (the engine's copy shares them): each takes the old one's place.
    changed.tanks[opponent] = [
        tank.model_copy(update={"seconds": tank.seconds + 10, "units": min(30, tank.units + 1)})
        for tank in changed.tanks[opponent]
    ]
    weighing = changed.pending[opponent]
    if changed.turn is not None and weighing is not None and weighing.decision == "swap":
        changed.turn.offer = fresh[-1]
    return changed


#: A tile of the same colour: numbers two apart, + and ×, − and ÷.
_SAME_COLOUR = {"+": "×", "×": "+", "−": "÷", "÷": "−"}


def _twin(tile: Any) -> Any:
    return _SAME_COLOUR[tile] if isinstance(tile, str) else (tile + 1) % 12 + 1


def _other_tiles(state: Any, seat: int) -> Any:
    """Expression: every tile of the opponent's expressions becomes another of its
    colour (so what this seat was shown stays), its remaining tiles others, and
    its sealed guess, reveal and Final Guess others."""
    changed = state.model_copy(deep=True)
    opponent = 1 - seat
    changed.numbers[opponent] = [_twin(n) for n in state.numbers[opponent]]
    changed.symbols[opponent] = [_twin(s) for s in state.symbols[opponent]]
    # Round records are frozen: each is replaced by a changed one.
    changed.rounds = [_other_round(record, seat) for record in changed.rounds]
    for sheets in changed.finals:
        sheets[opponent].entries = {
            r: own.model_copy(update={"symbol": _twin(own.symbol)})
            for r, own in sheets[opponent].entries.items()
        }
    return changed


def _other_round(record: Any, seat: int) -> Any:
    """One round record with the opponent's tiles and sealed choices changed as
    :func:`_other_tiles` says."""
    opponent = 1 - seat
    update: dict[str, Any] = {}
    play = record.plays[opponent]
    if play is not None:
        own = play.own.model_copy(
            update={
                "numbers": tuple(sorted(_twin(n) for n in play.own.numbers)),
                "symbol": _twin(play.own.symbol),
            }
        )
        other_play = play.model_copy(
            update={
                "numbers": tuple(_twin(n) for n in play.numbers),
                "symbols": tuple(_twin(s) for s in play.symbols),
                "own": own,
            }
        )
        plays = list(record.plays)
        plays[opponent] = other_play
        update["plays"] = tuple(plays)
    if record.reveal is not None and record.winner == opponent:
        update["reveal"] = _twin(record.reveal)
    if record.guess is not None and record.winner == seat:
        update["guess"] = record.guess.model_copy(
            update={"numbers": tuple(_twin(n) for n in record.guess.numbers)}
        )
    return record.model_copy(update=update)


def _spread(states: list[Any], wanted: Any, count: int = 3) -> list[Any]:
    """``count`` of the states that meet ``wanted``, spread over the match."""
    chosen = [s for s in states if s.outcome is None and wanted(s)]
    step = max(1, len(chosen) // count)
    return chosen[::step][:count]


def _rb_lh(key: str) -> Any:
    def pick(met: list[Any]) -> list[Any]:
        playing = [s for s in met if getattr(s, "round", True) is not None and s.outcome is None]
        return playing[:: EVERY[key]][:3]

    return pick


def _goofspiel_states(met: list[Any]) -> list[Any]:
    """Auctions spread over the match, each with one seat's bid sealed (the
    players bid in turn within a step, so the states met have none in)."""
    game = games.get("goofspiel")
    sealed = []
    for number, state in enumerate(_spread(met, lambda s: s.bids == [None, None])):
        seat = number % 2
        text = f"play {state.hands[seat][-1]}"
        sealed.append(game.apply(state, seat, game.parse(state, seat, text), 0).state)
    return sealed


def _expression_states(met: list[Any]) -> list[Any]:
    """A play after the opponent's, a guessing, and the Final Guess."""
    return [
        *_spread(met, lambda s: s.stage == "play" and s.current.plays[s.current.first], 1),
        *_spread(met, lambda s: s.stage == "guess", 1),
        *_spread(met, lambda s: s.stage == "final", 1),
    ]


#: case -> (game, options, the secrets changed, the states asked about, levels, steps)
CASES = {
    "runebreaker-classic": (
        "runebreaker",
        RB_CLASSIC,
        _other_meanings,
        _rb_lh("runebreaker"),
        runebreaker.LEVELS,
        STEPS,
    ),
    "runebreaker-finals": (
        "runebreaker",
        RB_FINALS,
        _other_sequence,
        _rb_lh("runebreaker"),
        runebreaker.LEVELS,
        STEPS,
    ),
    "logical_horror": (
        "logical_horror",
        LH,
        _other_rules,
        _rb_lh("logical_horror"),
        logical_horror.LEVELS,
        STEPS,
    ),
    "goofspiel": (
        "goofspiel",
        {},
        _other_bid,
        _goofspiel_states,
        goofspiel.LEVELS,
        STEPS,
    ),
    "decoder": (
        "decoder",
        {},
        _other_letters,
        lambda met: _spread(met, lambda s: s.phase in ("selection", "play")),
        decoder.LEVELS,
        STEPS,
    ),
    "expression": ("expression", {}, _other_tiles, _expression_states, expression.LEVELS, 200),
}


@cache
def _states(case: str) -> list[Any]:
    """Three states met in one match between the normal and hard players, mid-play:
    the first match from seed 3 on that lasts long enough to give three (a
    Logical Horror match can end on hard's first query)."""
    key, options, _, pick, levels, steps = CASES[case]
    players = (levels["normal"], levels["hard"])
    chosen: list[Any] = []
    for seed in range(3, 13):
        met: list[Any] = []
        play_duel(key, players, seed=seed, options=options, watch=met.append, most_steps=steps)
        chosen = pick(met)
        if len(chosen) == 3:
            break
    return chosen


@pytest.mark.parametrize("case", CASES)
def test_each_level_decides_the_same_whatever_the_secrets(case: str) -> None:
    key, _, change, _, levels, _ = CASES[case]
    game = games.get(key)
    states = _states(case)
    assert len(states) == 3
    decided = secrets = 0
    for state in states:
        for seat in (0, 1):
            changed = change(state, seat)
            # The seat cannot see the change, though the host can.
            assert seat_view(game, changed, seat, 0) == seat_view(game, state, seat, 0)
            secrets += game.view(changed, HOST) != game.view(state, HOST)
            for level, player in levels.items():
                before = player(seat_view(game, state, seat, 0), seat, random.Random(5))
                after = player(seat_view(game, changed, seat, 0), seat, random.Random(5))
                assert before == after, f"{level}, seat {seat}"
                decided += before is not None
    assert secrets >= len(states)  # a secret did change in every state, for some seat
    assert decided  # the players had something to say
