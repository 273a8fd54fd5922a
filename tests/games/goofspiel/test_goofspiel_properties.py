"""Property tests: random legal games played to the end, checked against a small
independent model of the rules kept by the test itself."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from games import HOST, PUBLIC, Rejected
from games.core import Actor
from games.goofspiel import GAME, Bid, GoofspielState
from tests.games.draws import SEEDS, Draws
from tests.games.goofspiel.goofspiel_support import ROW_MAJOR
from tests.games.replay import replay_log

START = Counter({1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 1})
# A game always runs 36 auctions, so shrinking cannot make a failure much smaller,
# and it can take minutes over games this long: report the first failure as found.
GAMES = settings(
    max_examples=60,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)

BidCheck = Callable[[GoofspielState, int, int, int], None]


@dataclass
class Model:
    """The rules as the test understands them, kept apart from the engine."""

    hands: list[Counter[int]] = field(default_factory=lambda: [Counter(START), Counter(START)])
    played: list[Counter[int]] = field(default_factory=lambda: [Counter(), Counter()])
    received: list[Counter[int]] = field(default_factory=lambda: [Counter(), Counter()])
    board: dict[str, int] = field(default_factory=dict)
    pending: list[int | None] = field(default_factory=lambda: [None, None])
    claims: list[int] = field(default_factory=lambda: [0, 0])
    resolved: int = 0

    def bid(self, seat: int, card: int, cell: str) -> None:
        self.pending[seat] = card
        if self.pending[0] is not None and self.pending[1] is not None:
            self.resolve(self.pending[0], self.pending[1], cell)

    def resolve(self, card0: int, card1: int, cell: str) -> None:
        for seat, card in enumerate((card0, card1)):
            if card:
                self.hands[seat][card] -= 1
                self.played[seat][card] += 1
        if card0 != card1:
            winner = 0 if card0 > card1 else 1
            self.board[cell] = winner
            self.claims[winner] += 1
        self.pending = [None, None]
        self.resolved += 1
        if self.resolved % 6 == 0:
            for seat in (0, 1):
                if self.claims[seat]:
                    self.hands[seat][self.claims[seat]] += 1
                    self.received[seat][self.claims[seat]] += 1
            self.claims = [0, 0]

    def sorted_hand(self, seat: int) -> list[int]:
        return sorted(self.hands[seat].elements())


@dataclass
class Played:
    config: dict[str, Any]
    seed: int
    state: GoofspielState
    model: Model
    log: list[tuple[Any, ...]]
    resolutions: int
    notices: list[Any]


def play_random_game(data: st.DataObject, check: BidCheck | None = None) -> Played:
    seed = data.draw(st.integers(0, 10**6), label="seed")
    order = data.draw(st.none() | st.permutations(ROW_MAJOR), label="cell_order")
    config: dict[str, Any] = {
        "cell_order": order,
        "move_seconds": data.draw(st.sampled_from([10, 90])),
    }
    draws = Draws(data.draw(SEEDS, label="choices"))
    step = GAME.setup(config, seed=seed, now_ms=0)
    state, model, notices = step.state, Model(), list(step.notices)
    log: list[tuple[Any, ...]] = []
    now = 0
    while state.outcome is None:
        cell = state.cell
        end = min(d.at_ms for d in GAME.deadlines(state))
        if draws.integer(0, 4) == 0:
            now = draws.integer(end, end + 2_000)
            keys = draws.permutation([d.key for d in GAME.deadlines(state)])
            for key in keys:
                step = GAME.expire(state, key, now)
                log.append(("expire", key, now))
                model.bid(int(key[-1]), 0, cell)
                state, notices = step.state, notices + step.notices
        else:
            seat = draws.choice([0, 1])
            card = draws.choice([0, *sorted(set(model.sorted_hand(seat)))])
            now = draws.integer(now, end - 1)
            if check is not None:
                check(state, seat, card, now)
            # Typed bids name their auction; buttons may not.
            action = Bid(card=card, auction=draws.choice([None, state.auction_number]))
            step = GAME.apply(state, seat, action, now)
            log.append(("apply", seat, GAME.dump_action(action), now))
            model.bid(seat, card, cell)
            state, notices = step.state, notices + step.notices
        assert state.hands == [model.sorted_hand(0), model.sorted_hand(1)]
        assert state.board == model.board
    resolutions = sum(notice.kind == "auction_resolved" for notice in notices)
    return Played(config, seed, state, model, log, resolutions, notices)


def line_points(board: dict[str, int]) -> list[int]:
    """Line scoring written out plainly: rows by column value, columns by row value."""
    won = [0, 0]
    for index in range(1, 7):
        row = [0, 0]
        column = [0, 0]
        for other in range(1, 7):
            if f"r{index}c{other}" in board:
                row[board[f"r{index}c{other}"]] += other
            if f"r{other}c{index}" in board:
                column[board[f"r{other}c{index}"]] += other
        for totals in (row, column):
            if totals[0] != totals[1]:
                won[0 if totals[0] > totals[1] else 1] += 7 - index
    return won


def check_ended_after_36(played: Played) -> None:
    assert played.resolutions == played.model.resolved == 36
    assert len(played.state.history) == 36
    assert {record.cell for record in played.state.history} == set(ROW_MAJOR)
    assert GAME.to_act(played.state) == frozenset()
    assert GAME.deadlines(played.state) == []


def check_cards_conserved(played: Played) -> None:
    for seat in (0, 1):
        held = Counter(played.state.hands[seat])
        assert held + played.model.played[seat] == START + played.model.received[seat]


def check_outcome(played: Played) -> None:
    outcome = played.state.outcome
    assert outcome is not None
    won = line_points(played.model.board)
    assert outcome.scores == (won[0], won[1])
    over = [n for n in played.notices if n.kind == "match_over"]
    assert len(over) == 1
    assert over[0].data["points"] == won
    left = [sum(played.state.hands[0]), sum(played.state.hands[1])]
    assert over[0].data["remaining"] == left
    if won[0] != won[1]:
        expected = 0 if won[0] > won[1] else 1
    elif left[0] != left[1]:
        expected = 0 if left[0] > left[1] else 1
    else:
        expected = None
    assert outcome.winner == over[0].data["winner"] == expected


def check_replay(played: Played) -> None:
    state = replay_log(GAME, played.config, played.seed, played.log)
    assert state == played.state
    assert GAME.load_state(played.state.model_dump_json()) == played.state


@GAMES
@given(st.data())
def test_random_games_keep_the_rules(data: st.DataObject) -> None:
    """One random game per example, checked four ways (one game is the costly part)."""
    played = play_random_game(data)
    check_ended_after_36(played)
    check_cards_conserved(played)
    check_outcome(played)
    check_replay(played)


def hide_own(shown: dict[str, Any], seat: int) -> dict[str, Any]:
    """A view with ``seat``'s bid-in flag cleared: all a sealed bid may change."""
    flags = list(shown["bids_in"])
    flags[seat] = False
    return {**shown, "bids_in": flags}


def check_sealed(state: GoofspielState, seat: int, card: int, now: int) -> None:
    """Plant ``card`` and another card for ``seat``: nobody but the seat and the
    host may be able to tell the two apart, or tell either from no bid at all."""
    if state.bids[1 - seat] is not None:
        return  # this bid resolves the auction: both bids are revealed anyway
    opponent = 1 - seat
    alternative = 0 if card else (state.hands[seat][0] if state.hands[seat] else 0)
    planted = GAME.apply(state, seat, Bid(card=card), now)
    other = GAME.apply(state, seat, Bid(card=alternative), now)
    for audience in (PUBLIC, opponent):
        assert GAME.view(planted.state, audience) == GAME.view(other.state, audience)
        seen = GAME.view(planted.state, audience)
        assert seen["bids_in"][seat] is True
        assert hide_own(seen, seat) == hide_own(GAME.view(state, audience), seat)
        told = [n for n in planted.notices if n.audience == audience]
        assert told == [n for n in other.notices if n.audience == audience]
        assert all("card" not in n.data and "bids" not in n.data for n in told)
    assert GAME.view(planted.state, seat)["my_bid"] == card
    assert GAME.view(planted.state, HOST)["bids"][seat] == card


@settings(GAMES, max_examples=30)
@given(st.data())
def test_a_sealed_bid_never_reaches_the_room_or_the_opponent(data: st.DataObject) -> None:
    played = play_random_game(data, check=check_sealed)
    assert played.state.outcome is not None


@settings(max_examples=300, deadline=None)
@given(st.text() | st.from_regex(r"(play|bid|pass|no|none|card| |-|[0-9]){0,6}", fullmatch=True))
def test_parse_only_ever_rejects(text: str) -> None:
    state = GAME.setup({"cell_order": ROW_MAJOR}, seed=1).state
    for actor in (0, 1, HOST):
        action = _parse_or_none(state, actor, text)
        if action is not None:
            assert actor != HOST
            assert 0 <= action.card <= 6
            assert action.auction == 1
            assert action.card == 0 or action.card in state.hands[0]


def _parse_or_none(state: GoofspielState, actor: Actor, text: str) -> Bid | None:
    """The parsed bid, or None when refused; anything but Rejected propagates."""
    try:
        return GAME.parse(state, actor, text)
    except Rejected as refused:
        assert refused.message  # noqa: PT017 - the message is what the player reads
        return None
