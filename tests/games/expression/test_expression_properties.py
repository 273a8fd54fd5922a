"""Property tests: random legal matches played to the end (with random timeouts),
checked against a small independent model of the rules kept by the test itself."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from games import HOST, PUBLIC, Notice, Rejected
from games.core import Actor
from games.expression import GAME, ExpressionState
from games.expression.models import (
    ChooseStarter,
    ExpressionAction,
    FinalGuess,
    Guess,
    Play,
    Ready,
    Reveal,
)
from tests.games.expression.expression_support import (
    PAIRS,
    START_NUMBERS,
    START_SYMBOLS,
    random_final,
    random_guess,
    random_play,
)
from tests.games.expression.test_expression_arithmetic import oracle
from tests.games.replay import replay_log

# A match runs 48 plays and more, so shrinking cannot make a failure much smaller
# and can take minutes: report the first failure as found.
MATCHES = settings(
    max_examples=40,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
FULL_SET = Counter([*START_NUMBERS, *START_SYMBOLS])

#: Called before each move with (state, seat, action, now).
MoveCheck = Callable[[ExpressionState, int, ExpressionAction, int], None]

Where = tuple[int, int]  # (bout, round)


@dataclass
class Model:
    """The rules as the test reads them, kept apart from the engine: it sees only
    the moves and expiries it sends, never the engine's bookkeeping."""

    advantage: int
    starters: list[int] = field(default_factory=list)
    first: dict[Where, int] = field(default_factory=dict)
    plays: dict[tuple[int, int, int], Play] = field(default_factory=dict)
    own: dict[tuple[int, int, int], Counter[Any]] = field(default_factory=dict)
    winners: dict[Where, int] = field(default_factory=dict)
    guesses: dict[Where, Guess] = field(default_factory=dict)
    reveals: dict[Where, Any] = field(default_factory=dict)
    sheets: dict[tuple[int, int], dict[int, Counter[Any]]] = field(default_factory=dict)
    points: list[int] = field(default_factory=lambda: [0, 0])
    before_final: list[int] = field(default_factory=lambda: [0, 0])
    rounds_won: list[int] = field(default_factory=lambda: [0, 0])
    used: list[Counter[Any]] = field(default_factory=lambda: [Counter(), Counter()])
    bouts_done: int = 0
    forfeit: int | None = None

    # -- what the test sent ------------------------------------------------------

    def play(self, bout: int, round_: int, pair: tuple[int, str], seat: int, play: Play) -> None:
        tiles = Counter([*play.numbers, *play.symbols])
        tiles[pair[0]] -= 1
        tiles[pair[1]] -= 1
        assert min(tiles.values()) >= 0, "a legal play holds both global tiles"
        self.plays[(bout, round_, seat)] = play
        self.own[(bout, round_, seat)] = +tiles
        self.used[seat] += +tiles

    def final(self, bout: int, seat: int, action: FinalGuess) -> None:
        sheet = self.sheets.setdefault((bout, seat), {})
        for entry in action.entries:
            if entry.tiles is None:
                sheet.pop(entry.round, None)
            else:
                sheet[entry.round] = Counter(entry.tiles.tiles())

    # -- what the rules make of it ---------------------------------------------------

    def decide(self, bout: int, round_: int) -> int:
        values = []
        for seat in (0, 1):
            play = self.plays[(bout, round_, seat)]
            values.append(oracle(play.numbers, play.symbols))
        gaps = [abs(value - 10) for value in values]
        second = 1 - self.first[(bout, round_)]
        winner = second if gaps[0] == gaps[1] else (0 if gaps[0] < gaps[1] else 1)
        self.winners[(bout, round_)] = winner
        self.points[winner] += 1
        self.before_final[winner] += 1
        self.rounds_won[winner] += 1
        if round_ < 12:
            self.first[(bout, round_ + 1)] = winner
        return winner

    def score_guesses(self, bout: int, round_: int) -> tuple[int, Any]:
        winner = self.winners[(bout, round_)]
        own = self.own[(bout, round_, winner)]
        guess = self.guesses.get((bout, round_), Guess())
        numbers = [2 if own[n] else -1 for n in guess.numbers]
        symbol = [] if guess.symbol is None else [1 if own[guess.symbol] else -1]
        gained = sum(numbers) + sum(symbol)
        self.points[1 - winner] += gained
        self.before_final[1 - winner] += gained
        anything_right = any(p > 0 for p in numbers + symbol)
        return gained, None if anything_right else self.reveals[(bout, round_)]

    def score_final(self, bout: int) -> list[int]:
        gained = []
        for seat in (0, 1):
            sheet = self.sheets.get((bout, seat), {})
            right = sum(sheet[r] == self.own[(bout, r, 1 - seat)] for r in sheet)
            self.points[seat] += 2 * right
            gained.append(2 * right)
        return gained

    def bout_over(self) -> None:
        """Every own tile is spent exactly once per bout (24 numbers and 12 symbols
        over 12 rounds of two numbers and one symbol)."""
        assert self.used == [FULL_SET, FULL_SET]
        self.used = [Counter(), Counter()]
        self.bouts_done += 1

    def expected_winner(self) -> int:
        if self.forfeit is not None:
            return 1 - self.forfeit
        for values in (self.points, self.before_final, self.rounds_won):
            if values[0] != values[1]:
                return 0 if values[0] > values[1] else 1
        return self.advantage


@dataclass
class Played:
    config: dict[str, Any]
    seed: int
    state: ExpressionState
    model: Model
    log: list[tuple[Any, ...]]
    notices: list[Notice]


def random_move(state: ExpressionState, rnd: random.Random) -> tuple[int, ExpressionAction]:
    """A legal move by a seat the game waits on, or a change to a sealed choice."""
    if state.stage == "planning":
        return rnd.choice(sorted(GAME.to_act(state))), Ready()
    if state.stage == "starter":
        return state.config.advantage, ChooseStarter(starter=rnd.choice(["me", "them"]))
    if state.stage == "play":
        return state.to_play, random_play(state, state.to_play, rnd)
    if state.stage == "guess":
        record = state.current
        winner = record.decided_winner
        movers = [1 - winner] if not record.guess_timed_out else []
        movers += [winner] if not record.reveal_timed_out else []
        seat = rnd.choice(movers)
        if seat == winner:
            play = record.plays[seat]
            assert play is not None
            return seat, Reveal(tile=rnd.choice(play.own.tiles()))
        return seat, random_guess(rnd)
    sheets = state.finals[state.bout - 1]
    seat = rnd.choice([s for s in (0, 1) if not sheets[s].locked])
    return seat, random_final(rnd, done=rnd.random() < 0.3)


def note_move(model: Model, state: ExpressionState, seat: int, action: ExpressionAction) -> None:
    """Tell the model what was sent (before the engine applies it)."""
    where = (state.bout, state.round)
    if isinstance(action, ChooseStarter):
        model.starters.append(seat if action.starter == "me" else 1 - seat)
        model.first[(1, 1)] = model.starters[0]
    elif isinstance(action, Play):
        pair = state.current.pair
        model.play(*where, (pair.number, pair.symbol), seat, action)
    elif isinstance(action, Guess):
        model.guesses[where] = action
    elif isinstance(action, Reveal):
        model.reveals[where] = action.tile
    elif isinstance(action, FinalGuess):
        model.final(state.bout, seat, action)


def note_expiry(model: Model, state: ExpressionState, key: str) -> None:
    kind, *rest = key.split(":")
    where = (state.bout, state.round)
    if kind == "starter":
        model.starters.append(model.advantage)
        model.first[(1, 1)] = model.advantage
    elif kind == "guess":
        model.guesses[where] = Guess()
    elif kind == "reveal":
        # The default is the winner's own symbol.
        winner = model.winners[where]
        model.reveals[where] = next(t for t in model.own[(*where, winner)] if isinstance(t, str))
    elif kind == "reserve" or (kind == "play" and state.reserves[int(rest[-1])].empty):
        model.forfeit = int(rest[-1])


def check_step(model: Model, notices: list[Notice]) -> None:
    """What the engine announced must be what the model expects."""
    for notice in notices:
        data = notice.data
        if notice.kind == "planning_ended" and data["bout"] == 2:
            model.first[(2, 1)] = 1 - model.starters[0]
        elif notice.kind == "round_started":
            assert data["first"] == model.first[(data["bout"], data["round"])]
        elif notice.kind == "tiles_played":
            play = model.plays[(data["bout"], data["round"], data["seat"])]
            assert data["colours"] == [colour(t) for t in play.tiles()]
        elif notice.kind == "round_won":
            assert data["winner"] == model.decide(data["bout"], data["round"])
            assert data["points"] == model.points
        elif notice.kind == "guesses_scored":
            gained, revealed = model.score_guesses(data["bout"], data["round"])
            assert (data["points"], data["revealed"]) == (gained, revealed)
            assert data["totals"] == model.points
        elif notice.kind == "final_opened":
            model.bout_over()
        elif notice.kind == "final_scored":
            assert data["points"] == model.score_final(data["bout"])
            assert data["totals"] == model.points


def colour(tile: Any) -> str:
    if isinstance(tile, int):
        return "black" if tile % 2 == 0 else "white"
    return "black" if tile in ("+", "×") else "white"


def play_random_match(data: st.DataObject, check: MoveCheck | None = None) -> Played:
    seed = data.draw(st.integers(0, 10**6), label="seed")
    config: dict[str, Any] = {
        "advantage": data.draw(st.sampled_from([0, 1]), label="advantage"),
        "global_tiles": data.draw(st.sampled_from([None, PAIRS]), label="global_tiles"),
        "planning_seconds": data.draw(st.sampled_from([0, 180]), label="planning"),
        "reserve_seconds": data.draw(st.sampled_from([0, 30, 180]), label="reserve"),
    }
    # How often (out of 40 steps) a deadline is left to run out.
    patience = data.draw(st.sampled_from([0, 1, 6]), label="timeouts")
    rnd = random.Random(data.draw(st.integers(0, 2**32), label="moves"))
    step = GAME.setup(config, seed=seed, now_ms=0)
    state, notices = step.state, list(step.notices)
    model = Model(advantage=config["advantage"])
    log: list[tuple[Any, ...]] = []
    now = 0
    while state.outcome is None:
        deadlines = GAME.deadlines(state)
        end = min(d.at_ms for d in deadlines)
        if end <= now or rnd.randrange(40) < patience:
            now = max(now, end)
            key = rnd.choice([d.key for d in deadlines if d.at_ms == end])
            note_expiry(model, state, key)
            step = GAME.expire(state, key, now)
            log.append(("expire", key, now))
        else:
            now = rnd.randint(now, end - 1)
            seat, action = random_move(state, rnd)
            if check is not None:
                check(state, seat, action, now)
            note_move(model, state, seat, action)
            step = GAME.apply(state, seat, action, now)
            log.append(("apply", seat, GAME.dump_action(action), now))
        check_step(model, step.notices)
        state, notices = step.state, notices + step.notices
    return Played(config, seed, state, model, log, notices)


# -- the checks ------------------------------------------------------------------------


def check_ended(played: Played) -> None:
    state, model = played.state, played.model
    outcome = state.outcome
    assert outcome is not None
    assert GAME.deadlines(state) == []
    assert GAME.to_act(state) == frozenset()
    over = [n for n in played.notices if n.kind == "match_over"]
    assert len(over) == 1
    assert over[0].data["winner"] == outcome.winner == model.expected_winner()
    assert outcome.scores == (model.points[0], model.points[1])
    assert over[0].data["before_final"] == model.before_final
    assert over[0].data["rounds_won"] == model.rounds_won
    if model.forfeit is None:
        assert model.bouts_done == 2
        assert len(state.rounds) == 24
        assert state.numbers == [[], []]
        assert state.symbols == [[], []]
    else:
        assert outcome.reason == f"seat {model.forfeit} ran out of reserve time"


def check_replay(played: Played) -> None:
    state = replay_log(GAME, played.config, played.seed, played.log)
    assert state == played.state
    assert GAME.load_state(played.state.model_dump_json()) == played.state


@MATCHES
@given(st.data())
def test_random_matches_keep_the_rules(data: st.DataObject) -> None:
    """One random match per example, checked against the model as it goes, at its
    end, and by replaying its log."""
    played = play_random_match(data)
    check_ended(played)
    check_replay(played)


# -- secrecy -------------------------------------------------------------------------------


def _outputs(state: ExpressionState, action: ExpressionAction, seat: int, now: int) -> Any:
    """What the room and the opponent get to see from ``seat`` making ``action``."""
    step = GAME.apply(state, seat, action, now)
    seen = []
    for audience in (PUBLIC, 1 - seat):
        told = [n for n in step.notices if n.audience == audience]
        seen.append((told, GAME.view(step.state, audience)))
    return step, seen


def _same_colours(state: ExpressionState, seat: int, play: Play, rnd: random.Random) -> Play | None:
    """Another legal play with the same colours in the same places, if there is one:
    each own tile swapped for a held tile of the same colour."""
    pair = state.current.pair
    numbers = list(state.numbers[seat])
    symbols = list(state.symbols[seat])
    own_numbers = list(play.numbers)
    own_numbers.remove(pair.number)
    own_symbols = list(play.symbols)
    own_symbols.remove(pair.symbol)
    for tile in own_numbers:
        numbers.remove(tile)
    symbols.remove(own_symbols[0])
    for _ in range(20):
        new_numbers = list(play.numbers)
        new_symbols = list(play.symbols)
        spare_numbers = numbers + own_numbers
        spare_symbols = symbols + own_symbols
        # Positions of the own tiles: the global tile keeps its first position.
        global_at = new_numbers.index(pair.number)
        for i in (i for i in range(3) if i != global_at):
            same = [n for n in spare_numbers if n % 2 == new_numbers[i] % 2]
            new_numbers[i] = rnd.choice(same)
            spare_numbers.remove(new_numbers[i])
        symbol_at = 1 - new_symbols.index(pair.symbol)
        same_symbols = [s for s in spare_symbols if colour(s) == colour(new_symbols[symbol_at])]
        new_symbols[symbol_at] = rnd.choice(same_symbols)
        other = Play(numbers=tuple(new_numbers), symbols=tuple(new_symbols))  # type: ignore[arg-type]
        if other != play:
            return other
    return None


def check_secret(state: ExpressionState, seat: int, action: ExpressionAction, now: int) -> None:
    """Make the move, and a different one the opponent must not be able to tell
    apart from it: the room's and the opponent's notices and views must match."""
    rnd = random.Random(now)
    other: ExpressionAction | None = None
    if isinstance(action, Play):
        other = _same_colours(state, seat, action, rnd)
    elif isinstance(action, Guess):
        other = Guess() if action != Guess() else Guess(numbers=(1,))
    elif isinstance(action, Reveal):
        play = state.current.plays[seat]
        assert play is not None
        choices = [t for t in play.own.tiles() if t != action.tile]
        other = Reveal(tile=choices[0]) if choices else None
    elif isinstance(action, FinalGuess):
        other = random_final(rnd, done=action.done)
    if other is None:
        return
    step, seen = _outputs(state, action, seat, now)
    other_step, other_seen = _outputs(state, other, seat, now)
    kinds = {n.kind for n in step.notices} | {n.kind for n in other_step.notices}
    if kinds & {"round_won", "guesses_scored", "final_scored"}:
        # The move settled something public; it stays secret only if the public
        # result is the same either way (then everything must be the same).
        public_results = [
            [n for n in s.notices if n.kind in ("round_won", "guesses_scored", "final_scored")]
            for s in (step, other_step)
        ]
        if public_results[0] != public_results[1]:
            return
        if "guesses_scored" in kinds and isinstance(action, Reveal):
            COMPARED["reveals kept hidden"] += 1
    assert seen == other_seen
    COMPARED[type(action).__name__] += 1


#: How many moves the secrecy check compared, by kind (it must compare some).
COMPARED: Counter[str] = Counter()


@settings(MATCHES, max_examples=25)
@given(st.data())
def test_secret_tiles_never_reach_the_room_or_the_opponent(data: st.DataObject) -> None:
    before = sum(COMPARED.values())
    played = play_random_match(data, check=check_secret)
    assert played.state.outcome is not None
    if len(played.state.rounds) > 1:  # round 1 was played out (no early forfeit)
        assert sum(COMPARED.values()) > before


def test_a_reveal_choice_stays_hidden_after_a_right_guess() -> None:
    """Deterministic companion to the property: the loser guesses right, so the
    winner's reveal choice, made last, must leave no trace anywhere public."""
    state = GAME.setup({"global_tiles": PAIRS}, seed=1).state
    for seat, action in [(0, Ready()), (1, Ready()), (0, ChooseStarter(starter="me"))]:
        state = GAME.apply(state, seat, action, 0).state
    state = GAME.apply(state, 0, GAME.parse(state, 0, "play 1 + 2 × 4"), 0).state
    state = GAME.apply(state, 1, GAME.parse(state, 1, "play 12 − 3 + 1"), 0).state
    state = GAME.apply(state, 0, Guess(numbers=(12,)), 0).state
    before = COMPARED["reveals kept hidden"]
    check_secret(state, 1, Reveal(tile=3), 0)
    assert COMPARED["reveals kept hidden"] == before + 1


# -- parse ----------------------------------------------------------------------------


def states_at_every_stage() -> list[ExpressionState]:
    rnd = random.Random(3)
    state = GAME.setup({"global_tiles": PAIRS}, seed=1).state
    found = [state]
    stages = {state.stage}
    while state.outcome is None and len(found) < 400:
        seat, action = random_move(state, rnd)
        state = GAME.apply(state, seat, action, 0).state
        if state.stage not in stages or rnd.random() < 0.05:
            stages.add(state.stage)
            found.append(state)
    return found


STATES = states_at_every_stage()


def _in_time(state: ExpressionState, seat: int) -> int:
    ends = [d.at_ms for d in GAME.deadlines(state) if d.seat in (seat, None)]
    return min(ends, default=1) - 1


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(STATES),
    st.text()
    | st.from_regex(
        r"(play|guess|reveal|final|done|none|first|me|them|ready|[0-9]{1,3}|[-+*x/:÷×−;: ]){0,9}",
        fullmatch=True,
    ),
)
def test_parse_only_ever_rejects_and_what_it_accepts_applies(
    state: ExpressionState, text: str
) -> None:
    for actor in (0, 1, HOST):
        action = _parse_or_none(state, actor, text)
        if action is None:
            continue
        assert actor != HOST
        assert isinstance(actor, int)
        # Whatever parse lets through is a move the engine takes, now.
        GAME.apply(state, actor, action, max(0, _in_time(state, actor)))


def _parse_or_none(state: ExpressionState, actor: Actor, text: str) -> ExpressionAction | None:
    try:
        return GAME.parse(state, actor, text)
    except Rejected as refused:
        assert refused.message  # noqa: PT017 - the message is what the player reads
        return None


def test_the_sampled_states_cover_every_stage() -> None:
    assert {s.stage for s in STATES} == {"planning", "starter", "play", "guess", "final", "over"}
