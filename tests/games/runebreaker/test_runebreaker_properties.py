"""Property tests: random legal matches of both variants, played to the end on
generated rounds, checked for what must always hold."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from games import HOST, PUBLIC, Notice, Rejected
from games.runebreaker import GAME
from games.runebreaker.models import RuneBreakerState
from games.runebreaker.notation import format_board
from tests.games.replay import replay_log
from tests.games.runebreaker.runebreaker_support import Table, board_text

MATCHES = settings(
    max_examples=12,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow],
)
#: Notices and view fields that echo what the seat itself typed: not leaks.
ECHOES = frozenset(
    {
        "probe_taken",
        "probe_error",
        "probe_results",
        "decipher_taken",
        "decipher_error",
        "answer_taken",
    }
)
MAX_STEPS = 3000


def _random_board(rng: random.Random, size: int, state: RuneBreakerState) -> str:
    pieces = state.config.palette.pieces
    cells = [rng.choice(pieces) if rng.random() < 0.4 else ".." for _ in range(size * size)]
    return " ".join(cells)


def _move(rng: random.Random, state: RuneBreakerState, seat: int) -> str | None:
    """A random move for ``seat`` (legal or not: refusals are part of the test)."""
    stage = state.stage
    if stage == "choose":
        return rng.choice(["first me", "first them"])
    spec = state.current.spec
    symbols = [r.symbol for r in spec.runes]
    if stage in ("probe", "submit"):
        pool = spec.sequence if state.config.variant == "classic" else symbols
        commands = " ".join(rng.choice(pool) for _ in range(rng.randint(1, 3)))
        if stage == "submit" and rng.random() < 0.3:
            return "done"
        if stage == "submit" and rng.random() < 0.1:
            return f"decipher {rng.randint(1, 3)} : {rng.choice(symbols)}"
        if stage == "probe" and seat != state.current.active():
            return "buzz" if rng.random() < 0.3 else None
        return f"probe {_random_board(rng, 4, state)} : {commands}"
    if stage == "buzz_in":
        return "buzz" if rng.random() < 0.3 else None
    if stage == "answer":
        roll = rng.random()
        if roll < 0.25:
            return "pass"
        if state.config.variant == "finals":
            right = " ".join(spec.sequence)
            return "answer " + (right if roll < 0.45 else " ".join(rng.sample(symbols, 3)))
        board = (
            board_text(spec.reagent_board())
            if roll < 0.45
            else _random_board(rng, spec.size, state)
        )
        return "answer " + board
    return None


def play(variant: str, seed: int) -> tuple[Table, list[Rejected]]:
    rng = random.Random(seed)
    config: dict[str, Any] = {"variant": variant}
    if variant == "finals":
        config["decipher_seat"] = seed % 2
    table = Table.start(config, seed=seed)
    refusals: list[Rejected] = []
    for _ in range(MAX_STEPS):
        if GAME.outcome(table.state) is not None:
            break
        waiting = sorted(GAME.to_act(table.state))
        if rng.random() < 0.04 or (not waiting and rng.random() < 0.5):
            deadline = min(GAME.deadlines(table.state), key=lambda d: d.at_ms)
            table.expire(deadline.seat)
            continue
        seat = rng.choice(waiting) if waiting and rng.random() < 0.85 else rng.randint(0, 1)
        text = _move(rng, table.state, seat)
        if text is None:
            continue
        try:
            table.move(seat, text, after_ms=rng.randint(0, 20_000))
        except Rejected as refusal:
            refusals.append(refusal)
    return table, refusals


@MATCHES
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(["classic", "finals"]))
def test_random_matches_end_and_replay_to_the_stored_state(seed: int, variant: str) -> None:
    table, _ = play(variant, seed)
    outcome = GAME.outcome(table.state)
    assert outcome is not None
    assert GAME.deadlines(table.state) == []
    config = {"variant": variant}
    if variant == "finals":
        config["decipher_seat"] = seed % 2  # type: ignore[assignment]
    replayed = replay_log(GAME, config, seed, table.log)
    assert replayed.model_dump() == table.state.model_dump()
    if variant == "classic":
        assert max(table.state.scores) == 3 or "reserve" in outcome.reason


def _values(data: Any) -> Iterator[Any]:
    yield data
    if isinstance(data, dict):
        for value in data.values():
            yield from _values(value)
    elif isinstance(data, list):
        for value in data:
            yield from _values(value)


def _secrets(state: RuneBreakerState) -> list[Any]:
    if state.round is None:
        return []
    spec = state.current.spec
    meanings = [rune.bound().describe() for rune in spec.runes]
    if state.config.variant == "classic":
        return [list(spec.reagent_board().cells), format_board(spec.reagent_board()), *meanings]
    return [list(spec.sequence), " ".join(spec.sequence), *meanings]


@MATCHES
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(["classic", "finals"]))
def test_no_secret_reaches_the_room_or_a_seat_before_the_round_ends(
    seed: int, variant: str
) -> None:
    rng = random.Random(seed)
    table = Table.start({"variant": variant}, seed=seed)
    for _ in range(MAX_STEPS):
        if GAME.outcome(table.state) is not None:
            break
        secrets = _secrets(table.state)
        before = len(table.notices)
        seat = rng.randint(0, 1)
        text = _move(rng, table.state, seat)
        try:
            if text is None:
                raise Rejected("no move")
            table.move(seat, text, after_ms=rng.randint(0, 20_000))
        except Rejected:
            deadline = min(GAME.deadlines(table.state), key=lambda d: d.at_ms)
            table.expire(deadline.seat)
        fresh = table.notices[before:]
        cut = next((i for i, n in enumerate(fresh) if n.kind == "round_over"), len(fresh))
        _check_no_secret(fresh[:cut], secrets)
        if table.state.round is not None and GAME.outcome(table.state) is None:
            secrets = _secrets(table.state)
            for audience in (PUBLIC, 0, 1):
                view = GAME.view(table.state, audience)
                view.pop("my_answer", None)
                view.pop("my_probes", None)
                view["results"] = []  # finished rounds are public
                assert not any(v in secrets for v in _values(view)), audience


def _check_no_secret(notices: list[Notice], secrets: list[Any]) -> None:
    for notice in notices:
        if notice.audience == HOST or notice.kind in ECHOES:
            continue
        leaked = [v for v in _values(notice.data) if v in secrets]
        assert not leaked, (notice.kind, leaked)


@MATCHES
@given(seed=st.integers(0, 10**6))
def test_finals_probes_never_reach_the_other_seat_or_the_room(seed: int) -> None:
    table, _ = play("finals", seed)
    # Each notice's and view's values are walked once, not once per probe record.
    notice_values = [(notice, list(_values(notice.data))) for notice in table.notices]
    view_values = {
        audience: list(_values(GAME.view(table.state, audience))) for audience in (PUBLIC, 0, 1)
    }
    for record in table.state.probes:
        other = 1 - record.seat
        for notice, values in notice_values:
            if notice.audience in (PUBLIC, other):
                assert record.board not in values, notice.kind
        for audience in (PUBLIC, other):
            assert record.board not in view_values[audience]


@cache
def _started(variant: str) -> RuneBreakerState:
    """A match of ``variant`` just set up, the same for every example: parsing reads
    a state and never changes it, so one per variant serves them all."""
    return GAME.setup({"variant": variant, "first_seat": 0}, seed=5).state


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(max_size=400),
    seat=st.sampled_from([0, 1]),
    variant=st.sampled_from(["classic", "finals"]),
)
def test_random_text_into_parse_only_raises_rejected(text: str, seat: int, variant: str) -> None:
    state = _started(variant)
    with contextlib.suppress(Rejected):
        GAME.parse(state, seat, text)


@settings(max_examples=200, deadline=None)
@given(
    verb=st.sampled_from(["probe", "answer", "decipher", "first", "buzz", "pass", "done"]),
    tokens=st.lists(
        st.sampled_from(["rc", "..", ".", "/", ":", "a", "#", "zz", "9", "Bs", "rb1-"]),
        max_size=120,
    ),
)
def test_move_shaped_text_only_raises_rejected(verb: str, tokens: list[str]) -> None:
    for variant in ("classic", "finals"):
        state = _started(variant)
        with contextlib.suppress(Rejected):
            GAME.parse(state, 0, " ".join([verb, *tokens]))
