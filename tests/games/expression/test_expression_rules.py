"""Table tests of the rules: tiles, who starts, plays, the round winner, guesses,
reveals, the Final Guess, bout 2 and the match result."""

from __future__ import annotations

from typing import Any

import pytest

from games import HOST, Rejected
from games.expression import GAME, ExpressionState
from games.expression.models import BoutScore, FinalEntry, FinalGuess, Guess, OwnTiles, Reveal
from games.expression.scoring import final_outcome
from tests.games.expression.expression_support import (
    PAIRS,
    START_NUMBERS,
    START_SYMBOLS,
    apply,
    at_final,
    exact_final,
    fresh,
    kinds,
    only,
    play_round,
    play_rounds,
    say,
    started,
)


def test_starting_tiles_and_points() -> None:
    state = fresh()
    assert state.numbers == [START_NUMBERS, START_NUMBERS]
    assert state.symbols == [START_SYMBOLS, START_SYMBOLS]
    assert len(START_NUMBERS) == 24
    assert len(START_SYMBOLS) == 12
    assert state.stage == "planning"
    assert GAME.view(state, HOST)["points"] == [0, 0]


# -- who starts ---------------------------------------------------------------------


def ready_both(state: ExpressionState) -> ExpressionState:
    return say(say(state, 0, "ready").state, 1, "ready").state


@pytest.mark.parametrize(
    ("advantage", "choice", "first"),
    [(0, "first me", 0), (0, "first them", 1), (1, "first me", 1), (1, "first them", 0)],
)
def test_the_advantage_holder_chooses_who_starts(advantage: int, choice: str, first: int) -> None:
    state = ready_both(fresh(advantage=advantage))
    assert state.stage == "starter"
    step = say(state, advantage, choice)
    assert only(step, "starter_chosen").data == {
        "bout": 1,
        "chooser": advantage,
        "first": first,
        "timed_out": False,
    }
    assert step.state.current.first == first
    assert step.state.starters == [first]


def test_only_the_advantage_holder_chooses() -> None:
    state = ready_both(fresh(advantage=1))
    with pytest.raises(Rejected, match="Your opponent holds the Advantage"):
        say(state, 0, "first me")


def test_no_choice_in_time_means_the_advantage_holder_starts() -> None:
    state = ready_both(fresh(advantage=1))
    step = GAME.expire(state, "starter:1", 60_000)
    assert only(step, "starter_chosen").data["timed_out"] is True
    assert step.state.current.first == 1


def test_the_choice_comes_after_the_planning_phase() -> None:
    state = fresh(now_ms=1_000)
    with pytest.raises(Rejected, match="You can't choose who starts now"):
        say(state, 0, "first me")
    state = say(state, 1, "ready").state
    assert state.stage == "planning"  # one seat ready is not enough
    step = GAME.expire(state, "planning:1", 181_000)
    assert kinds(step)[:2] == ["planning_ended", "starter_choice_opened"]
    assert only(step, "planning_ended").data == {"bout": 1, "early": False}
    assert step.state.stage == "starter"


def test_ready_twice_is_refused() -> None:
    state = say(fresh(), 0, "ready").state
    with pytest.raises(Rejected, match="already marked ready"):
        say(state, 0, "ready")


def test_the_round_winner_plays_first_next_round() -> None:
    state = started(first=0)
    for _ in range(5):
        state = play_round(state).state
        assert state.current.first == state.rounds[-2].winner


# -- plays --------------------------------------------------------------------------


def test_a_round_in_full() -> None:
    # Round 1's global pair is 1 and +.
    state = started(first=0)
    first = say(state, 0, "play 1 + 2 × 4")  # 9: distance 1
    requested = only(first, "play_requested")
    assert requested.audience == 1
    assert requested.data["opponent_colours"] == ["white", "black", "black", "black", "black"]
    assert first.state.numbers[0].count(2) == 1
    assert first.state.numbers[0].count(4) == 1
    assert first.state.numbers[0].count(1) == 2  # the global 1 is not the seat's tile
    assert first.state.symbols[0].count("×") == 2
    assert first.state.symbols[0].count("+") == 3
    second = say(first.state, 1, "play 12 − 3 + 1")  # 10: distance 0
    assert only(second, "round_won").data == {
        "bout": 1,
        "round": 1,
        "winner": 1,
        "first": 0,
        "points": [0, 1],
    }
    assert second.state.stage == "guess"
    assert second.state.current.plays[1] is not None
    assert second.state.current.plays[1].own == OwnTiles(numbers=(3, 12), symbol="−")


@pytest.mark.parametrize(
    ("first", "first_text", "second_text", "winner"),
    [
        (0, "play 1 + 2 × 4", "play 1 + 12 − 2", 1),  # 9 and 11: the second player
        (1, "play 1 + 2 × 4", "play 1 + 12 − 2", 0),
        (0, "play 1 + 4 × 4", "play 1 + 4 × 4", 1),  # 17 and 17
        (1, "play 10 + 1 ÷ 2", "play 9 + 1 ÷ 2", 0),  # 21/2 and 19/2
    ],
)
def test_equal_distance_goes_to_the_second_player(
    first: int, first_text: str, second_text: str, winner: int
) -> None:
    state = started(first=first)
    state = say(state, first, first_text).state
    step = say(state, 1 - first, second_text)
    assert only(step, "round_won").data["winner"] == winner


def test_closer_wins_even_when_first() -> None:
    state = started(first=0)
    state = say(state, 0, "play 1 + 3 × 3").state  # 10
    assert only(say(state, 1, "play 1 + 2 × 4"), "round_won").data["winner"] == 0  # 9


def test_fractions_decide_exactly() -> None:
    state = started(first=0)
    state = say(state, 0, "play 10 + 1 ÷ 2").state  # 21/2: distance 1/2
    step = say(state, 1, "play 10 + 1 ÷ 3")  # 31/3: distance 1/3
    assert only(step, "round_won").data["winner"] == 1
    assert only(step, "round_detail").data["plays"][0]["value"] == "21/2"
    assert only(step, "round_detail").data["plays"][1]["value"] == "31/3"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "play 2 + 3 × 4",
            "Use both of round 1's global tiles, 1 and +: your expression has no 1.",
        ),
        (
            "play 1 × 3 × 4",
            "Use both of round 1's global tiles, 1 and +: your expression has no +.",
        ),
        (
            "play 2 × 3 × 4",
            "Use both of round 1's global tiles, 1 and +: your expression has no 1 and no +.",
        ),
    ],
)
def test_both_global_tiles_must_be_used(text: str, message: str) -> None:
    with pytest.raises(Rejected) as caught:
        say(started(first=0), 0, text)
    assert caught.value.message == message


def test_globals_may_sit_anywhere_and_repeat_own_tiles() -> None:
    state = started(first=0)
    step = say(state, 0, "play 1 × 1 + 1")  # own 1 1 ×, global 1 and + anywhere
    assert step.state.current.plays[0] is not None
    assert step.state.current.plays[0].own == OwnTiles(numbers=(1, 1), symbol="×")
    assert 1 not in step.state.numbers[0]


def test_a_spent_tile_cannot_be_played_again() -> None:
    state = started(first=0)
    state = say(state, 0, "play 1 + 12 × 12").state  # both 12s spent
    state = say(state, 1, "play 1 + 3 × 3").state
    state = apply(state, 0, Guess(), 0).state
    state = apply(state, 1, Reveal(tile="×"), 0).state
    assert state.current.first == 1
    state = say(state, 1, "play 2 − 5 + 5").state  # round 2: 2 and −
    with pytest.raises(Rejected) as caught:
        say(state, 0, "play 2 − 12 × 12")
    assert caught.value.message.startswith(
        "Besides the global tiles you hold no 12 — your tiles are 1 1 2 2 3 3"
    )
    state.numbers[0].remove(3)
    with pytest.raises(Rejected, match="you hold only one 3 —"):
        say(state, 0, "play 2 − 3 × 3")
    state.symbols[0] = [s for s in state.symbols[0] if s != "×"]
    with pytest.raises(Rejected, match="you hold only one 3 and no × —"):
        say(state, 0, "play 2 − 3 × 3")


def test_turn_order_is_enforced() -> None:
    state = started(first=1)
    with pytest.raises(Rejected, match="Your opponent plays first in round 1"):
        say(state, 0, "play 1 + 2 × 4")
    state = say(state, 1, "play 1 + 2 × 4").state
    with pytest.raises(Rejected, match="You have already played in round 1"):
        say(state, 1, "play 1 + 2 × 4")


def test_a_play_for_an_earlier_round_is_refused() -> None:
    state = started(first=0)
    stale = GAME.parse(state, 0, "play 1 + 2 × 4")
    state = play_round(state).state
    with pytest.raises(Rejected, match="That move was for round 1, which is over"):
        GAME.apply(state, 0, stale, 0)


# -- guesses and the reveal ------------------------------------------------------------


def lost_round(
    winner_text: str = "play 12 − 3 + 1", loser_text: str = "play 1 + 2 × 4"
) -> ExpressionState:
    """Round 1: seat 0 plays ``loser_text`` (9), seat 1 wins with ``winner_text``
    (10, own tiles 3 12 −)."""
    state = say(started(first=0), 0, loser_text).state
    state = say(state, 1, winner_text).state
    assert state.current.winner == 1
    return state


@pytest.mark.parametrize(
    ("guess", "points", "numbers", "symbol", "revealed"),
    [
        ("guess 12 3 −", 5, [True, True], True, None),
        ("guess 12", 2, [True], None, None),
        ("guess 3 5", 1, [True, False], None, None),
        ("guess 5 6 +", -3, [False, False], False, "−"),
        ("guess 5 −", 0, [False], True, None),
        ("guess ×", -1, [], False, "−"),
        # The global tiles (1 and +) are not the winner's own tiles.
        ("guess 1 +", -2, [False], False, "−"),
        ("guess none", 0, [], None, "−"),
    ],
)
def test_guess_scoring(
    guess: str, points: int, numbers: list[bool], symbol: bool | None, revealed: Any
) -> None:
    state = lost_round()
    state = say(state, 1, "reveal −").state
    step = say(state, 0, guess)
    scored = only(step, "guesses_scored").data
    assert scored["points"] == points
    assert [r["correct"] for r in scored["numbers"]] == numbers
    assert [r["points"] for r in scored["numbers"]] == [2 if ok else -1 for ok in numbers]
    if symbol is None:
        assert scored["symbol"] is None
    else:
        assert scored["symbol"]["correct"] is symbol
        assert scored["symbol"]["points"] == (1 if symbol else -1)
    assert scored["revealed"] == revealed
    assert step.state.scores[0][0].guesses == points
    assert scored["totals"] == [points, 1]


def test_a_number_the_winner_used_twice_scores_once() -> None:
    state = lost_round("play 12 ÷ 12 + 1", loser_text="play 1 + 12 × 12")  # 2 beats 145
    with pytest.raises(Rejected, match="same number twice"):
        say(state, 0, "guess 12 12")
    step = say(say(state, 0, "guess 12 9").state, 1, "reveal ÷")
    assert only(step, "guesses_scored").data["points"] == 2 - 1
    step = say(say(state, 0, "guess 12 ÷").state, 1, "reveal ÷")
    assert only(step, "guesses_scored").data["points"] == 2 + 1


def test_the_reveal_must_be_one_of_the_winners_own_tiles() -> None:
    state = lost_round()
    for text in ("reveal 1", "reveal +", "reveal 5", "reveal ×"):
        with pytest.raises(
            Rejected, match=r"only reveal one of your own tiles from round 1: 3 12 −"
        ):
            say(state, 1, text)
    assert say(state, 1, "reveal 12").state.current.reveal == 12


def test_the_chosen_tile_is_revealed_when_nothing_was_guessed_right() -> None:
    state = say(lost_round(), 1, "reveal 3").state
    scored = only(say(state, 0, "guess 5"), "guesses_scored").data
    assert scored["revealed"] == 3
    assert scored["revealer"] == 1


def test_only_the_loser_guesses_and_only_the_winner_reveals() -> None:
    state = lost_round()
    with pytest.raises(Rejected, match="You won round 1: pick a tile to reveal"):
        say(state, 1, "guess 5")
    with pytest.raises(Rejected, match="You lost round 1: guess your opponent's tiles"):
        say(state, 0, "reveal 2")


def test_choices_may_change_until_both_are_in() -> None:
    state = lost_round()
    first = say(state, 0, "guess 5")
    assert kinds(first) == ["guess_received", "choice_in"]
    changed = say(first.state, 0, "guess 12")
    assert kinds(changed) == ["guess_received"]
    assert changed.notices[0].data["changed"] is True
    step = say(changed.state, 1, "reveal 3")
    assert only(step, "guesses_scored").data["numbers"] == [
        {"number": 12, "correct": True, "points": 2}
    ]
    first = say(state, 1, "reveal 3")
    assert kinds(first) == ["reveal_received", "choice_in"]
    changed = say(first.state, 1, "reveal −")
    assert kinds(changed) == ["reveal_received"]
    assert changed.notices[0].data == {"bout": 1, "round": 1, "tile": "−", "changed": True}
    assert only(say(changed.state, 0, "guess 5"), "guesses_scored").data["revealed"] == "−"


def test_guess_timeout_means_no_guesses() -> None:
    state = say(lost_round(), 1, "reveal 12").state
    step = GAME.expire(state, "guess:1:1", 60_000)
    scored = only(step, "guesses_scored").data
    assert (scored["points"], scored["numbers"], scored["symbol"]) == (0, [], None)
    assert scored["timed_out"] is True
    assert scored["revealed"] == 12


def test_reveal_timeout_reveals_the_symbol() -> None:
    state = say(lost_round(), 0, "guess 5").state
    step = GAME.expire(state, "reveal:1:1", 60_000)
    scored = only(step, "guesses_scored").data
    assert scored["revealed"] == "−"
    assert scored["reveal_timed_out"] is True


def test_both_timeouts() -> None:
    state = lost_round()
    state = GAME.expire(state, "guess:1:1", 60_000).state
    with pytest.raises(Rejected, match="the time to guess in round 1 ran out"):
        say(state, 0, "guess 5", 59_000)
    step = GAME.expire(state, "reveal:1:1", 60_000)
    assert only(step, "guesses_scored").data["revealed"] == "−"
    assert step.state.current.round == 2


def test_late_choices_are_refused() -> None:
    state = lost_round()
    with pytest.raises(Rejected, match="the time to guess in round 1 ran out"):
        say(state, 0, "guess 5", 60_000)
    with pytest.raises(Rejected, match="the time to pick a tile in round 1 ran out"):
        say(state, 1, "reveal 3", 60_000)


# -- the Final Guess -------------------------------------------------------------------


def test_the_final_guess_comes_after_each_bouts_twelfth_round() -> None:
    state = play_rounds(started(first=0), 11)
    assert state.stage == "play"
    step = play_round(state)
    assert kinds(step)[-4:] == [
        "guesses_scored",
        "final_opened",
        "final_requested",
        "final_requested",
    ]
    assert step.state.numbers == [[], []]
    assert step.state.symbols == [[], []]


def test_each_exact_round_scores_two_and_wrong_ones_nothing() -> None:
    state = at_final()
    exact = exact_final(state, 0)
    wrong = OwnTiles(numbers=(1, 2), symbol="+")
    entries = [*exact.entries[:5], FinalEntry(round=6, tiles=wrong)]
    step = apply(state, 0, FinalGuess(entries=tuple(entries), done=True))
    step = apply(step.state, 1, FinalGuess(done=True))
    scored = only(step, "final_scored").data
    assert scored["points"] == [10, 0]
    assert scored["right"] == [5, 0]
    sheets = only(step, "final_results").data["guesses"]
    assert [g["correct"] for g in sheets[0]] == [True] * 5 + [False]
    assert sheets[1] == []
    assert step.state.scores[0][0].final == 10


def test_a_final_guess_needs_all_three_tiles() -> None:
    state = at_final()
    # Seat 1 played own r r + in rounds 1–3: two of three right is still wrong.
    step = say(state, 0, "final 1: 1 2 +; 2: 2 2 −; 3: 3 3 +; done")
    step = say(step.state, 1, "final done")
    assert [g["correct"] for g in only(step, "final_results").data["guesses"][0]] == [
        False,
        False,
        True,
    ]


def test_final_guesses_can_be_resubmitted_and_cleared_until_locked() -> None:
    state = at_final()
    step = say(state, 0, "final 1: 5 5 +; 2: 2 2 +")
    assert only(step, "final_saved").data == {
        "bout": 1,
        "entries": [{"round": 1, "tiles": [5, 5, "+"]}, {"round": 2, "tiles": [2, 2, "+"]}],
        "rounds": [1, 2],
        "locked": False,
    }
    step = say(step.state, 0, "final 1: 1 1 +; 2: none; 4: 4 4 -")
    assert only(step, "final_saved").data["entries"] == [
        {"round": 1, "tiles": [1, 1, "+"]},
        {"round": 4, "tiles": [4, 4, "−"]},
    ]
    step = say(step.state, 0, "final done")
    assert only(step, "final_locked").data == {"bout": 1, "seat": 0, "timed_out": False}
    with pytest.raises(Rejected, match="locked your Final Guess for bout 1"):
        say(step.state, 0, "final 3: 3 3 +")
    step = say(step.state, 1, "final done")
    assert only(step, "final_scored").data["points"] == [4, 0]


def test_both_locked_ends_the_stage_early_and_bout_2_begins() -> None:
    state = at_final(first=1)
    step = say(say(state, 0, "final done").state, 1, "final done", now_ms=5_000)
    assert kinds(step)[-4:] == ["final_locked", "final_results", "final_scored", "bout_started"]
    bout_2 = step.state
    assert bout_2.bout == 2
    assert bout_2.stage == "planning"
    assert bout_2.numbers == [START_NUMBERS, START_NUMBERS]
    pairs = only(step, "bout_started").data["pairs"]
    assert [[p["number"], p["symbol"]] for p in pairs] == PAIRS[12:]
    assert GAME.deadlines(bout_2)[0].at_ms == 5_000 + 180_000


def test_final_timeout_keeps_what_was_sent() -> None:
    state = at_final()
    state = say(state, 0, "final 1: 1 1 +; 2: 2 2 +").state
    state = say(state, 1, "final 3: 3 3 +").state
    state = GAME.expire(state, "final:1:0", 300_000).state
    with pytest.raises(Rejected, match="locked your Final Guess"):
        say(state, 0, "final 5: 5 5 +")
    step = GAME.expire(state, "final:1:1", 300_000)
    scored = only(step, "final_scored").data
    assert scored["points"] == [4, 2]
    assert step.state.finals[0][0].timed_out


def test_a_final_guess_after_its_time_is_refused() -> None:
    state = at_final()
    with pytest.raises(Rejected, match="Time is up for your Final Guess for bout 1"):
        say(state, 0, "final 1: 1 1 +", now_ms=300_000)


# -- bout 2 and the end --------------------------------------------------------------------


@pytest.mark.parametrize("first", [0, 1])
def test_bout_2_starts_with_the_seat_that_did_not_start_bout_1(first: int) -> None:
    state = at_final(first=first)
    state = say(say(state, 0, "final done").state, 1, "final done").state
    step = say(say(state, 0, "ready").state, 1, "ready")
    assert kinds(step)[:3] == ["seat_ready", "planning_ended", "round_started"]
    assert only(step, "round_started").data["first"] == 1 - first
    assert step.state.starters == [first, 1 - first]
    assert step.state.current.pair.number == PAIRS[12][0]


def finish_match(state: ExpressionState) -> Any:
    state = say(say(state, 0, "final done").state, 1, "final done").state
    state = say(say(state, 0, "ready").state, 1, "ready").state
    state = play_rounds(state, 12)
    step = apply(state, 0, exact_final(state, 0))
    step = apply(step.state, 0, FinalGuess(done=True))
    return apply(step.state, 1, FinalGuess(done=True))


def test_the_match_ends_after_bout_2s_final_guess() -> None:
    step = finish_match(at_final())
    over = only(step, "match_over").data
    outcome = step.state.outcome
    assert outcome is not None
    # Scripted rounds alternate winners: 6 rounds each per bout; seat 0 then named
    # all twelve of bout 2's rounds: 24 Final Guess points.
    assert over["points"] == [12 + 24, 12]
    assert over["before_final"] == [12, 12]
    assert over["rounds_won"] == [12, 12]
    assert over["winner"] == outcome.winner == 0
    assert outcome.scores == (36.0, 12.0)
    assert outcome.reason == "seat 0 won 36 to 12 on points"
    assert GAME.deadlines(step.state) == []
    assert GAME.to_act(step.state) == frozenset()
    with pytest.raises(Rejected, match="The match is over"):
        say(step.state, 0, "ready")


def scores(*per_bout: tuple[tuple[int, int, int], tuple[int, int, int]]) -> list[list[BoutScore]]:
    return [[BoutScore(rounds=r, guesses=g, final=f) for r, g, f in bout] for bout in per_bout]


@pytest.mark.parametrize(
    ("table", "advantage", "winner", "reason"),
    [
        (scores(((6, 2, 4), (6, 0, 0))), 1, 0, "seat 0 won 12 to 6 on points"),
        (scores(((6, 0, 0), (6, 3, 0)), ((6, 0, 2), (6, 1, 0))), 0, 1, "seat 1 won 16 to 14"),
        # Equal totals: fewer Final Guess points means more before them.
        (
            scores(((6, 0, 4), (6, 2, 2)), ((6, 0, 0), (6, 0, 0))),
            0,
            1,
            "points tied 16–16; seat 1 had more points before the Final Guesses (14 to 12)",
        ),
        # Then more rounds won, over both bouts.
        (
            scores(((7, -1, 2), (5, 1, 2)), ((6, 0, 0), (6, 0, 0))),
            1,
            0,
            "points tied 14–14, and before the Final Guesses too; "
            "seat 0 won more rounds (13 to 11)",
        ),
        # Then the Advantage holder.
        (
            scores(((6, 1, 2), (6, 1, 2)), ((6, -3, 0), (6, -3, 0))),
            1,
            1,
            "points tied 12–12, before the Final Guesses too, and rounds won tied 12–12; "
            "seat 1 holds the Advantage",
        ),
        (scores(((6, 1, 2), (6, 1, 2))), 0, 0, "seat 0 holds the Advantage"),
    ],
)
def test_match_result_and_tie_breaks(
    table: list[list[BoutScore]], advantage: int, winner: int, reason: str
) -> None:
    outcome = final_outcome(table, advantage)
    assert outcome.winner == winner
    assert reason in outcome.reason
    totals = [sum(bout[s].total for bout in table) for s in (0, 1)]
    assert outcome.scores == (totals[0], totals[1])
