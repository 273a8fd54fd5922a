"""A typed move is checked by ``validate`` and applied once, with the refusals
it always had (those ``apply`` gives)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import HOST, Rejected, Step
from games.core import Actor
from games.decoder import GAME, Decoder, DecoderState
from tests.games.decoder.decoder_play import play, random_config
from tests.games.decoder.decoder_support import fresh, playing

#: Typed moves of every kind, legal in some states and refused in most.
TEXTS = [
    "start selection",
    "time 3 120",
    "time 1 400",
    "time 1 1",
    "rarities 1 0 0",
    "rarities 3 3 1",
    "rarities 0 0 0",
    "hand A B C D E F",
    "hand G H I K L M",
    "hand",
    "ask DECODER not ANY tank 1",
    "ask STONES not odd tank 4 evidence",
    "ask ZZQX not two tank 2",
    "ask AB not any tank 2",
    "guess A tank 1",
    "guess Q tank 7 insurance surge",
    "guess E tank 3",
    "restore tank 3",
    "restore tank 1 surge",
    "clue ODD",
    "clue ANY unexpected",
    "clue TWO",
    "giveup A",
    "giveup G",
    "giveup Z",
    "swap A",
    "swap G unexpected",
    "keep",
    "total 17",
    "total 9 unexpected",
    "pass",
    "sabotage 2",
    "sabotage 5",
    "unexpected",
    "no",
]


class CountingDecoder(Decoder):
    """The real engine, counting how often a move is applied and a state copied."""

    def __init__(self) -> None:
        super().__init__()
        self.applied = 0
        self.copied = 0

    def _apply(
        self, state: DecoderState, actor: Actor, action: Any, now_ms: int
    ) -> Step[DecoderState]:
        self.applied += 1
        return super()._apply(state, actor, action, now_ms)

    def _copy(self, state: DecoderState) -> DecoderState:
        self.copied += 1
        return super()._copy(state)


def _apply_way(state: DecoderState, actor: Actor, text: str) -> str:
    """What the old parse answered: the grammar, then the move tried with ``apply``."""
    try:
        action = GAME._parse(state, actor, " ".join(text.lower().split()))
        GAME.apply(state, actor, action, 0)
    except Rejected as refusal:
        return refusal.message
    return "accepted"


def _parse_way(state: DecoderState, actor: Actor, text: str) -> str:
    try:
        GAME.parse(state, actor, text)
    except Rejected as refusal:
        return refusal.message
    return "accepted"


def test_a_typed_move_is_applied_once() -> None:
    game = CountingDecoder()
    state = playing(items=[["power_surge"], []])
    for actor, text in [
        (0, "ask DECODER not ANY tank 3 surge"),
        (1, "clue odd"),
        (1, "guess G tank 5"),
    ]:
        before = game.applied, game.copied
        action = game.parse(state, actor, text)
        assert (game.applied, game.copied) == before, f"parse applied {text!r}"
        state = game.apply(state, actor, action, 1_000).state
        assert (game.applied, game.copied) == (before[0] + 1, before[1] + 1)


def test_a_refused_move_is_never_applied() -> None:
    game = CountingDecoder()
    state = playing()
    with pytest.raises(Rejected, match="It's not your turn"):
        game.parse(state, 1, "guess A tank 1")
    with pytest.raises(Rejected, match="not in the word list"):
        game.parse(state, 0, "ask QQQQ not any tank 1")
    assert (game.applied, game.copied) == (0, 0)


def test_validate_refuses_a_built_action_as_apply_would() -> None:
    state = playing()
    action = GAME._parse(state, 0, "restore tank 2")
    with pytest.raises(Rejected, match="nothing to restore") as refused:
        GAME.validate(state, 0, action)
    with pytest.raises(Rejected) as applied:
        GAME.apply(state, 0, action, 0)
    assert refused.value.message == applied.value.message


def test_the_host_and_a_fresh_match_keep_their_refusals() -> None:
    state = fresh()
    moves: list[tuple[Actor, str]] = [(0, "start selection"), (HOST, "guess A"), (0, "clue odd")]
    for actor, text in moves:
        assert _parse_way(state, actor, text) == _apply_way(state, actor, text)
    assert _parse_way(state, 0, "start selection") == "The host starts letter selection."


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_parse_refuses_exactly_what_apply_refuses(seed: int) -> None:
    """Along random matches, every typed move gets the answer the old
    apply-on-a-copy gave: the same refusal, word for word, or acceptance."""
    rnd = random.Random(seed)
    played = play(seed, rnd, random_config(rnd))
    compared = refused = 0
    for state in played.states[::3]:
        if state.outcome is not None:
            continue
        actors: tuple[Actor, ...] = (0, 1, HOST)
        for actor in actors:
            hand = state.hands[actor] if isinstance(actor, int) else []
            texts = [*TEXTS, *(f"giveup {letter}" for letter in hand)]
            for text in texts:
                expected = _apply_way(state, actor, text)
                assert _parse_way(state, actor, text) == expected, (actor, text)
                compared += 1
                refused += expected != "accepted"
    assert compared > 500
    assert 0 < refused < compared  # both kinds of answer were exercised
