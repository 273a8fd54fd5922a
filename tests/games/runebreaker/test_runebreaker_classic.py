"""The classic variant: choosing the first player, turns, probes, ERRORs, buzzes,
the end-of-round submission, points and the match."""

from __future__ import annotations

import pytest

from games import HOST, PUBLIC, Notice, Rejected
from games.runebreaker import GAME
from games.runebreaker.judge import is_run_of
from games.runebreaker.rounds import RoundSpec, Rune
from tests.games.runebreaker.runebreaker_support import (
    CLASSIC_ROUND,
    EMPTY_PROBE,
    PROBE,
    Table,
    board_text,
    classic_config,
    flat,
    with_extra_green,
    wrong_board,
)

SECRET = board_text(CLASSIC_ROUND.reagent_board())


def test_the_dmo_picks_who_starts_round_1() -> None:
    table = Table.start(classic_config(first_seat=None, dmo=1, look_seconds=30))
    assert table.state.stage == "choose"
    assert GAME.to_act(table.state) == {1}
    with pytest.raises(Rejected, match="DMO"):
        table.move(0, "first me")
    table.move(1, "first them")
    assert table.state.first_seat == 0
    assert table.state.stage == "look"
    table.expire(None)  # the 30 s look at the boards
    assert table.state.stage == "probe"
    assert table.view(PUBLIC)["round"]["active"] == 0


def test_the_dmo_starts_if_it_does_not_choose_in_time() -> None:
    table = Table.start(classic_config(first_seat=None, dmo=1, look_seconds=0))
    table.expire(1)
    assert table.state.first_seat == 1
    assert table.view(PUBLIC)["round"]["active"] == 1


def test_turns_alternate_and_the_starter_alternates_by_round() -> None:
    table = Table.start(classic_config())
    actives = []
    for _ in range(9):
        actives.append(table.view(PUBLIC)["round"]["active"])
        table.move(actives[-1], f"probe {PROBE} : A")
    assert actives == [0, 1, 0, 1, 0, 1, 0, 1, 0]
    assert table.state.stage == "answer"  # the end-of-round submission
    table.move(0, "answer " + SECRET)
    table.move(1, "pass")
    assert table.state.scores == [1, 0]
    assert table.state.current.number == 2
    assert table.view(PUBLIC)["round"]["active"] == 1


@pytest.mark.parametrize(
    ("probe", "legal"),
    [
        ("ABC", False),
        ("CD", False),
        ("FAC", False),
        ("AD", False),
        ("A", True),
        ("AED", True),
        ("BAC", True),
        ("DC", True),
    ],
)
def test_the_rules_consecutive_run_examples(probe: str, legal: bool) -> None:
    """Sequence ABCDEFACAD: ABC, CD, FAC and AD may not be probed; A, AED, BAC, DC may."""
    assert is_run_of(list(probe), list("ABCDEFACAD")) is not legal


def test_a_probe_that_is_a_run_of_the_sequence_is_refused() -> None:
    spec = RoundSpec(
        size=10,
        runes=[Rune(symbol=s, entry="rotate", params=[90]) for s in "ABCDEF"],
        sequence=list("ABCDEFACAD"),
        reagent=CLASSIC_ROUND.reagent,
    )
    table = Table.start(classic_config(rounds=[spec.model_dump(mode="json")]))
    with pytest.raises(Rejected, match="run of consecutive commands"):
        table.move(0, f"probe {PROBE} : F A C")
    table.move(0, f"probe {PROBE} : B A C")
    assert table.kinds()[-4:] == ["probe_result", "turn_started", "turn_prompt", "turn_prompt"]


@pytest.mark.parametrize(
    ("commands", "message"),
    [
        ("A B C D", "at most 3 commands"),
        ("Z", "not one of this round's commands"),
        ("", "No commands given"),
    ],
)
def test_bad_probes_are_refused_and_change_nothing(commands: str, message: str) -> None:
    table = Table.start(classic_config())
    before = table.state.model_dump()
    with pytest.raises(Rejected, match=message):
        table.move(0, f"probe {PROBE} : {commands}")
    assert table.state.model_dump() == before


def test_only_the_active_seat_probes() -> None:
    table = Table.start(classic_config())
    with pytest.raises(Rejected, match="opponent's turn"):
        table.move(1, f"probe {PROBE} : A")


def test_a_probe_result_is_public_and_ends_the_turn() -> None:
    table = Table.start(classic_config())
    notices = table.move(0, f"probe {PROBE} : C A")
    result = next(n for n in notices if n.kind == "probe_result")
    assert result.audience == PUBLIC
    probe = table.view(1)["probes"][0]
    assert probe["symbols"] == ["C", "A"]
    assert probe["product"] is not None
    assert table.view(PUBLIC)["round"]["turn"] == 2


def test_an_error_refreshes_the_window_and_three_end_the_turn() -> None:
    table = Table.start(classic_config(probe_seconds=150))
    # Recolouring red on an empty board is an ERROR.
    table.move(0, f"probe {EMPTY_PROBE} : B", after_ms=100_000)
    deadline = next(d for d in GAME.deadlines(table.state) if d.seat == 0)
    assert deadline.at_ms == table.now + 150_000  # a fresh window
    assert table.view(PUBLIC)["probes"][0]["error"] is True
    host = table.notices[-2]
    assert host.audience == HOST
    assert "red" in host.data["reason"]
    table.move(0, f"probe {EMPTY_PROBE} : B")
    assert table.view(PUBLIC)["round"]["turn"] == 1
    table.move(0, f"probe {EMPTY_PROBE} : B")
    assert table.view(PUBLIC)["round"]["turn"] == 2
    assert table.view(PUBLIC)["round"]["active"] == 1


def test_the_public_error_says_only_error() -> None:
    table = Table.start(classic_config())
    notices = table.move(0, f"probe {EMPTY_PROBE} : B")
    for notice in notices:
        if notice.audience != HOST:
            assert "reason" not in notice.data


def test_a_buzz_halts_the_turn_and_a_wrong_answer_resumes_it() -> None:
    table = Table.start(classic_config(probe_seconds=150))
    table.now = 40_000
    table.move(1, "buzz", after_ms=0)
    assert table.state.stage == "answer"
    assert GAME.to_act(table.state) == {0, 1}
    table.move(1, "answer " + wrong_board(CLASSIC_ROUND), after_ms=50_000)
    table.move(0, "pass")
    assert table.state.stage == "probe"
    assert table.state.scores == [0, 0]
    deadline = next(d for d in GAME.deadlines(table.state) if d.seat == 0)
    assert deadline.at_ms - table.now == 110_000  # what was left when the buzz came
    with pytest.raises(Rejected, match="already buzzed"):
        table.move(1, "buzz")


def test_the_active_seat_may_not_buzz() -> None:
    table = Table.start(classic_config())
    with pytest.raises(Rejected, match="opponent's turn"):
        table.move(0, "buzz")


def test_a_correct_answer_need_not_be_the_secret_board() -> None:
    table = Table.start(classic_config())
    table.move(1, "buzz")
    other = with_extra_green(CLASSIC_ROUND)
    assert other != SECRET
    table.move(1, "answer " + other)
    table.move(0, "answer " + wrong_board(CLASSIC_ROUND))
    assert table.state.scores == [0, 1]
    over = next(n for n in table.notices if n.kind == "round_over")
    assert over.data["winner"] == 1


def test_both_correct_gives_the_point_to_the_buzzer() -> None:
    table = Table.start(classic_config())
    table.move(1, "buzz")
    table.move(0, "answer " + SECRET)
    table.move(1, "answer " + SECRET)
    assert table.state.scores == [0, 1]


def test_the_non_buzzer_can_win_the_point() -> None:
    table = Table.start(classic_config())
    table.move(1, "buzz")
    table.move(1, "answer " + wrong_board(CLASSIC_ROUND))
    table.move(0, "answer " + SECRET)
    assert table.state.scores == [1, 0]


def test_answers_are_sealed() -> None:
    table = Table.start(classic_config())
    table.move(1, "buzz")
    notices = table.move(1, "answer " + SECRET)
    public = [n for n in notices if n.audience in (PUBLIC, 0)]
    assert [n.kind for n in public] == ["answer_in"]
    assert table.view(0)["my_answer"]["board"] is None
    assert table.view(1)["my_answer"]["board"] is not None


def test_the_last_answer_counts_until_both_are_in() -> None:
    table = Table.start(classic_config())
    table.move(1, "buzz")
    table.move(1, "answer " + wrong_board(CLASSIC_ROUND))
    table.move(1, "answer " + SECRET)
    table.move(0, "pass")
    assert table.state.scores == [0, 1]


def _nine_turns(table: Table) -> None:
    for _ in range(9):
        table.move(table.view(PUBLIC)["round"]["active"], f"probe {PROBE} : A")


def test_after_nine_turns_boards_are_graded_exactness_first() -> None:
    table = Table.start(classic_config())
    _nine_turns(table)
    table.move(0, "answer " + wrong_board(CLASSIC_ROUND))
    table.move(1, "answer " + SECRET)
    over = next(n for n in table.notices if n.kind == "round_over")
    assert over.data["winner"] == 1
    assert "exactness" in over.data["reason"]
    assert over.data["grades"][1] == [100, 100, 100]


def test_a_missing_final_board_ranks_below_any_board() -> None:
    table = Table.start(classic_config(dmo=1))
    _nine_turns(table)
    table.move(0, "answer " + board_text(CLASSIC_ROUND.reagent_board().__class__.empty(10)))
    table.move(1, "pass")
    assert table.state.scores == [1, 0]


def test_all_tied_the_dmo_takes_the_round() -> None:
    table = Table.start(classic_config(dmo=1))
    _nine_turns(table)
    table.move(0, "answer " + SECRET)
    table.move(1, "answer " + SECRET)
    over = next(n for n in table.notices if n.kind == "round_over")
    assert over.data["winner"] == 1
    assert "DMO" in over.data["reason"]


def test_the_round_over_reveals_the_secret() -> None:
    table = Table.start(classic_config())
    table.move(1, "buzz")
    table.move(1, "answer " + SECRET)
    table.move(0, "pass")
    over = next(n for n in table.notices if n.kind == "round_over")
    assert over.data["reagent"] == list(CLASSIC_ROUND.reagent_board().cells)
    assert [r["symbol"] for r in over.data["runes"]] == ["A", "B", "C", "D"]
    assert over.data["runes"][0]["meaning"]


def test_first_to_three_points_wins() -> None:
    table = Table.start(classic_config())
    for _ in range(3):
        active = table.view(PUBLIC)["round"]["active"]
        table.move(1 - active, "buzz")
        table.move(1, "answer " + SECRET)
        table.move(0, "answer " + wrong_board(CLASSIC_ROUND))
    outcome = GAME.outcome(table.state)
    assert outcome is not None
    assert (outcome.winner, outcome.scores) == (1, (0.0, 3.0))
    assert table.kinds()[-1] == "match_over"
    assert GAME.deadlines(table.state) == []


def test_a_missed_probe_uses_reserve_periods_then_loses() -> None:
    table = Table.start(classic_config(reserve_periods=2))
    table.expire(0)
    assert table.view(PUBLIC)["in_reserve"] == [True, False]
    assert table.view(PUBLIC)["reserves"] == [1, 2]
    # A probe in reserve is still a probe.
    table.move(0, f"probe {PROBE} : A", after_ms=1000)
    assert table.view(PUBLIC)["round"]["turn"] == 2
    table.expire(1)
    table.expire(1)
    table.expire(1)
    outcome = GAME.outcome(table.state)
    assert outcome is not None
    assert outcome.winner == 0
    assert "reserve" in outcome.reason


def test_a_reserve_answer_counts_at_once() -> None:
    table = Table.start(classic_config())
    table.move(1, "buzz")
    table.expire(0)  # seat 0 said nothing: its reserve begins
    assert table.view(PUBLIC)["in_reserve"][0] is True
    table.move(0, "answer " + wrong_board(CLASSIC_ROUND))
    with pytest.raises(Rejected, match="stands"):
        table.move(0, "answer " + SECRET)


def test_reserve_periods_grow_after_each_round() -> None:
    table = Table.start(classic_config())
    table.move(1, "buzz")
    table.move(1, "answer " + SECRET)
    table.move(0, "pass")
    assert table.view(PUBLIC)["reserves"] == [10, 10]


def test_a_probe_text_without_the_colon_reads_the_first_16_cells() -> None:
    table = Table.start(classic_config())
    table.move(0, f"probe {flat(PROBE.replace('/', ' '))} C A")
    assert table.view(PUBLIC)["probes"][0]["symbols"] == ["C", "A"]


def test_a_fenced_board_with_a_language_tag_is_read() -> None:
    table = Table.start(classic_config())
    table.move(0, f"probe ```text\n{PROBE.replace(' / ', chr(10))}\n``` : C A")
    assert table.view(PUBLIC)["probes"][0]["symbols"] == ["C", "A"]


def test_the_deciding_answers_are_shown_when_the_round_ends() -> None:
    table = Table.start(classic_config())
    _nine_turns(table)
    table.move(0, "answer " + wrong_board(CLASSIC_ROUND))
    table.move(1, "answer " + SECRET)
    over = next(n for n in table.notices if n.kind == "round_over")
    answers = over.data["answers"]
    assert answers[1]["product"] == list(CLASSIC_ROUND.product().cells)
    assert answers[0]["product"] != answers[1]["product"]
    assert answers[0]["board"] is not None


def test_a_pass_is_sealed_then_judged_as_a_pass() -> None:
    """A pass tells its seat it passed; the room learns only that the seat is in,
    until the judging says who passed (not "wrong", not "no answer")."""
    table = Table.start(classic_config())
    table.move(1, "buzz")
    passed = table.move(0, "pass")
    assert [(n.audience, n.kind, n.data) for n in passed] == [
        (0, "pass_taken", {}),
        (PUBLIC, "answer_in", {"seat": 0}),  # the same as for an answer
    ]
    judged = table.move(1, "answer " + SECRET)
    result = next(n for n in judged if n.kind == "buzz_result")
    assert result.data["responses"] == ["pass", "answer"]
    assert result.data["correct"] == [False, True]
    over = next(n for n in judged if n.kind == "round_over")
    assert [a["response"] for a in over.data["answers"]] == ["pass", "answer"]


def test_a_missed_answer_window_is_no_answer_not_a_pass() -> None:
    table = Table.start(classic_config(reserve_periods=0))
    table.move(1, "buzz")
    table.move(1, "answer " + wrong_board(CLASSIC_ROUND))
    judged = table.expire(0)
    assert table.kinds(judged)[:2] == ["no_answer", "buzz_result"]
    assert judged[1].data["responses"] == ["no_answer", "answer"]
    with pytest.raises(Rejected, match="No answer is asked for now"):
        table.move(0, "pass")


def test_a_pass_at_the_final_submission_is_told_with_the_grades() -> None:
    table = Table.start(classic_config())
    _nine_turns(table)
    table.move(0, "pass")
    table.move(1, "answer " + wrong_board(CLASSIC_ROUND))
    over = next(n for n in table.notices if n.kind == "round_over")
    assert over.data["grades"][0] is None
    assert [a["response"] for a in over.data["answers"]] == ["pass", "answer"]


def _prompts(notices: list[Notice], kind: str) -> dict[object, dict[str, object]]:
    return {n.audience: n.data for n in notices if n.kind == kind}


def test_the_engine_prompts_each_seat_with_its_window() -> None:
    """The DMO's choice, a turn (probe / buzz), the answers after a buzz, and a
    resumed turn: each seat's own notice, aimed at the window its move answers."""
    table = Table.start(classic_config(first_seat=None, dmo=1))
    assert _prompts(table.notices, "first_prompt") == {1: {"seconds": 60, "window": "choose"}}
    turn = _prompts(table.move(1, "first them"), "turn_prompt")
    assert set(turn) == {0, 1}
    assert all(p["active"] == 0 and p["window"] == "turn:1:1" for p in turn.values())
    assert GAME.window(table.state, 0) == "turn:1:1"
    buzzed = table.move(1, "buzz", after_ms=40_000)
    asked = _prompts(buzzed, "answer_prompt")
    assert set(asked) == {0, 1}
    assert asked[0]["window"] == GAME.window(table.state, 0) == "answer:1:1"
    assert asked[0]["buzzer"] == 1
    public = next(n for n in buzzed if n.kind == "answers_open")
    assert public.audience == PUBLIC
    assert "window" not in public.data  # the room is not asked anything
    table.move(1, "answer " + wrong_board(CLASSIC_ROUND))
    resumed = _prompts(table.move(0, "pass"), "turn_prompt")
    assert list(resumed) == [0]  # only the seat that probes is asked again
    assert resumed[0]["resumed"] is True
    assert resumed[0]["seconds"] == 150 - 40


def test_the_final_submission_prompts_both_seats() -> None:
    table = Table.start(classic_config())
    for _ in range(8):
        table.move(table.view(PUBLIC)["round"]["active"], f"probe {PROBE} : A")
    last = table.move(table.view(PUBLIC)["round"]["active"], f"probe {PROBE} : A")
    asked = _prompts(last, "answer_prompt")
    assert set(asked) == {0, 1}
    assert asked[1]["buzzer"] is None
    assert asked[1]["window"] == "final:1"
