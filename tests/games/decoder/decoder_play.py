"""A random legal player for the property tests: every decision a seat can owe,
answered with a random legal choice, and deadlines left to run out now and then."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from games import HOST, Notice
from games.core import Actor
from games.decoder import GAME, DecoderState
from games.decoder.actions import (
    Ask,
    ChooseHand,
    ChooseRarities,
    GiveClue,
    GiveUp,
    Guess,
    GuessTotal,
    RaiseTime,
    Restore,
    Sabotage,
    StartSelection,
    Swap,
    Unexpected,
)
from games.decoder.tanks import unused_numbers, used_numbers
from games.decoder.tiles import ALPHABET, CLUES, EXTRA_LIMITS, RARITIES
from games.decoder.words import shipped_words
from tests.games.replay import replay_log


@cache
def sample_words() -> list[str]:
    """A fixed sample of real words (every 97th of the sorted list), read on first
    use: every worker imports this module to collect the suite, and reading the
    list took a second of it."""
    return sorted(shipped_words())[::97]


#: After this many moves every turn is a guess, which always shrinks a hand.
PATIENCE = 150


@dataclass
class Played:
    config: dict[str, Any]
    seed: int
    state: DecoderState
    log: list[tuple[Any, ...]] = field(default_factory=list)
    notices: list[list[Notice]] = field(default_factory=list)
    states: list[DecoderState] = field(default_factory=list)
    moves: int = 0


def random_config(rnd: random.Random) -> dict[str, Any]:
    config: dict[str, Any] = {
        "bank_seconds": rnd.choice([0, 20, 300, 300, 300]),
        "response_seconds": rnd.choice([10, 60]),
    }
    if rnd.random() < 0.4:
        letters = rnd.sample(ALPHABET, 12)
        config["preset_hands"] = [letters[:6], letters[6:]]
    if rnd.random() < 0.5:
        config["items"] = [
            rnd.sample(["hand_insurance", "new_evidence", "power_surge", "unexpected_sabotage"], k)
            for k in (rnd.randint(0, 4), rnd.randint(0, 4))
        ]
    if rnd.random() < 0.5:
        config["times"] = [[rnd.randint(0, 300) for _ in range(7)] for _ in range(2)]
    return config


def choose(state: DecoderState, rnd: random.Random, moves: int) -> tuple[Actor, Any] | None:
    """A random legal move, or None when only the host or the clock can move."""
    if state.phase == "pregame":
        if rnd.random() < 0.3:
            seat = rnd.choice([0, 1])
            tank = rnd.randint(1, 7)
            low = state.tanks[seat][tank - 1].seconds
            return seat, RaiseTime(tank=tank, seconds=rnd.randint(low, 300))
        return HOST, StartSelection()
    if state.phase == "selection":
        return _select(state, rnd)
    seats = [p.seat for p in state.pending if p is not None]
    if not seats:
        return None
    seat = rnd.choice(seats)
    return seat, _decide(state, seat, rnd, moves)


def _select(state: DecoderState, rnd: random.Random) -> tuple[Actor, Any] | None:
    assert state.selection is not None
    waiting = [s for s in (0, 1) if not state.selection[s].done]
    if not waiting:
        return None
    seat = rnd.choice(waiting)
    chosen = state.selection[seat]
    if chosen.rarities is None:
        counts = [0, 0, 0]
        for _ in range(chosen.extra_count):
            open_ = [i for i, r in enumerate(RARITIES) if counts[i] < EXTRA_LIMITS[r]]
            counts[rnd.choice(open_)] += 1
        return seat, ChooseRarities(common=counts[0], uncommon=counts[1], rare=counts[2])
    return seat, ChooseHand(letters=rnd.sample(chosen.dealt, 6))


def _decide(state: DecoderState, seat: int, rnd: random.Random, moves: int) -> Any:
    pending = state.pending[seat]
    turn = state.turn
    assert pending is not None
    assert turn is not None
    holds_us = "unexpected_sabotage" in state.items[seat]
    surprise = holds_us and rnd.random() < 0.3
    hand = state.hands[seat]
    if pending.decision == "turn":
        return _turn(state, seat, rnd, moves)
    if pending.decision == "clue":
        clue = rnd.choice([c for c in CLUES if c != turn.excluded])
        return GiveClue(clue=clue, unexpected=surprise)
    if pending.decision == "giveup":
        return GiveUp(letter=rnd.choice(hand))
    if pending.decision == "swap":
        letter = rnd.choice([None, *hand]) if turn.offer is not None else None
        return Swap(letter=letter, unexpected=surprise)
    if pending.decision == "total":
        owner = state.tanks[1 - seat]
        right = sum(owner[n - 1].units for n in turn.restored)
        total = rnd.choice([None, right, right, rnd.randint(0, 60)])
        return GuessTotal(total=total, unexpected=surprise)
    if pending.decision == "sabotage":
        return Sabotage(tank=rnd.choice(turn.restored), unexpected=surprise)
    return Unexpected(use=rnd.random() < 0.5)


def _turn(state: DecoderState, seat: int, rnd: random.Random, moves: int) -> Any:
    tanks = state.tanks[seat]
    unused = unused_numbers(tanks)
    items = state.items[seat]
    surge = "power_surge" in items and rnd.random() < 0.3
    tank = rnd.choice(unused)
    if len(unused) == 1:
        return Restore(tank=tank, surge=surge)
    kinds = ["guess"] if moves > PATIENCE else ["ask", "ask", "guess", "restore"]
    kind = rnd.choice(kinds)
    if kind == "restore" and used_numbers(tanks):
        return Restore(tank=tank, surge=surge)
    if kind == "ask":
        fresh = [w for w in rnd.sample(sample_words(), 20) if w not in state.asked]
        word = rnd.choice(fresh or ["ZYMURGY"])
        evidence = "new_evidence" in items and rnd.random() < 0.3
        clue = rnd.choice(CLUES)
        return Ask(word=word, excluded=clue, tank=tank, evidence=evidence, surge=surge)
    revealed = {entry.letter for entry in state.revealed}
    opponent = state.hands[1 - seat]
    letters = [x for x in ALPHABET if x not in revealed]
    letter = rnd.choice([*letters, *opponent]) if opponent else rnd.choice(letters)
    insurance = "hand_insurance" in items and rnd.random() < 0.3
    return Guess(letter=letter, tank=tank, insurance=insurance, surge=surge)


def play(seed: int, rnd: random.Random, config: dict[str, Any], check: Any = None) -> Played:
    """Play to the end; ``check(state, actor, action, now)`` runs before each move."""
    step = GAME.setup(config, seed=seed, now_ms=0)
    played = Played(config=config, seed=seed, state=step.state, notices=[step.notices])
    now = 0
    while played.state.outcome is None:
        state = played.state
        played.moves += 1
        assert played.moves < 3000, "the match did not end"
        deadlines = GAME.deadlines(state)
        move = choose(state, rnd, played.moves)
        if deadlines and (move is None or rnd.random() < 0.05):
            deadline = rnd.choice(deadlines)
            now = max(now, deadline.at_ms)
            step = GAME.expire(state, deadline.key, now)
            played.log.append(("expire", deadline.key, now))
        else:
            assert move is not None
            actor, action = move
            end = min((d.at_ms for d in deadlines), default=now + 100_000)
            now = rnd.randint(now, max(now, end - 1))
            if check is not None:
                check(state, actor, action, now)
            step = GAME.apply(state, actor, action, now)
            played.log.append(("apply", actor, GAME.dump_action(action), now))
        played.state = step.state
        played.notices.append(step.notices)
        played.states.append(step.state)
    return played


def replay(played: Played) -> DecoderState:
    state: DecoderState = replay_log(GAME, played.config, played.seed, played.log)
    return state
