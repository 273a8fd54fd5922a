"""The finals variant: private submissions, results at the phase's end, the
buzz-in phase, +2 / −1, Decipher, reserve, and the final score."""

from __future__ import annotations

import pytest

from games import HOST, PUBLIC, Rejected
from games.runebreaker import GAME
from games.runebreaker.rounds import Rune
from tests.games.runebreaker.runebreaker_support import (
    EMPTY_PROBE,
    FINALS_ROUND,
    PROBE,
    Table,
    finals_config,
)

RIGHT = "A B C"  # the secret sequence
WRONG = "C B A"


def _both_probe(table: Table) -> None:
    table.move(0, f"probe {PROBE} : A B")
    table.move(1, f"probe {PROBE} : E")
    table.move(0, "done")
    table.move(1, "done")


def test_a_turn_opens_both_seats_windows_at_once() -> None:
    table = Table.start(finals_config())
    assert table.state.stage == "submit"
    assert GAME.to_act(table.state) == {0, 1}
    assert {d.seat for d in GAME.deadlines(table.state)} == {0, 1}


def test_probes_are_private_and_results_wait_for_the_phase_end() -> None:
    table = Table.start(finals_config())
    notices = table.move(0, f"probe {PROBE} : A B")
    assert [(n.audience, n.kind) for n in notices] == [(0, "probe_taken")]
    assert "product" not in notices[0].data
    assert table.view(0)["my_probes"][0]["product"] is None  # pending
    assert "my_probes" not in table.view(PUBLIC)
    assert table.view(1)["my_probes"] == []
    table.move(1, f"probe {PROBE} : E")
    table.move(0, "done")
    notices = table.move(1, "done")
    results = {n.audience: n for n in notices if n.kind == "probe_results"}
    assert set(results) == {0, 1}
    assert results[0].data["probes"][0]["symbols"] == ["A", "B"]
    assert results[0].data["probes"][0]["product"] is not None
    assert table.state.stage == "buzz_in"
    for notice in table.notices:
        if notice.audience in (PUBLIC, 1):
            assert ["A", "B"] not in notice.data.values()


def test_a_probe_uses_at_most_n_minus_2_commands_in_any_order() -> None:
    table = Table.start(finals_config())
    with pytest.raises(Rejected, match="at most 4 commands"):
        table.move(0, f"probe {PROBE} : A B C D E")
    table.move(0, f"probe {PROBE} : F E D C")
    with pytest.raises(Rejected, match="not one of this round's commands"):
        table.move(0, f"probe {PROBE} : Z")


def test_the_last_two_valid_probes_count() -> None:
    table = Table.start(finals_config())
    for commands in ("A", "B", "C"):
        table.move(0, f"probe {PROBE} : {commands}")
    assert [p["symbols"] for p in table.view(0)["my_probes"]] == [["B"], ["C"]]


def test_an_error_is_answered_at_once_and_refreshes_the_window() -> None:
    table = Table.start(finals_config())
    notices = table.move(0, f"probe {EMPTY_PROBE} : B", after_ms=90_000)
    assert next((n.audience, n.kind) for n in notices) == (0, "probe_error")
    deadline = next(d for d in GAME.deadlines(table.state) if d.seat == 0)
    assert deadline.at_ms == table.now + 150_000
    table.move(0, f"probe {EMPTY_PROBE} : B")
    table.move(0, f"probe {EMPTY_PROBE} : B")  # the third ERROR ends its submissions
    assert table.state.current.done == [True, False]


def test_done_needs_a_probe() -> None:
    table = Table.start(finals_config())
    with pytest.raises(Rejected, match="at least one probe"):
        table.move(0, "done")


def test_a_buzz_then_a_right_answer_scores_two() -> None:
    table = Table.start(finals_config())
    _both_probe(table)
    table.move(1, "buzz")
    assert table.state.stage == "answer"
    table.move(1, f"answer {RIGHT}")
    table.move(0, f"answer {WRONG}")
    assert table.state.scores == [0, 2]
    over = next(n for n in table.notices if n.kind == "round_over")
    assert over.data["sequence"] == ["A", "B", "C"]


def test_both_wrong_costs_the_buzzer_a_point_and_the_phase_resumes() -> None:
    table = Table.start(finals_config(buzz_in_seconds=120))
    _both_probe(table)
    table.now += 20_000
    table.move(0, "buzz", after_ms=0)
    table.move(0, f"answer {WRONG}", after_ms=30_000)
    table.move(1, "pass")
    assert table.state.scores == [-1, 0]
    assert table.state.stage == "buzz_in"
    room = next(d for d in GAME.deadlines(table.state) if d.seat is None)
    assert room.at_ms - table.now == 100_000
    with pytest.raises(Rejected, match="already buzzed"):
        table.move(0, "buzz")
    table.move(1, "buzz")  # the other seat still may


def test_both_right_gives_the_buzzer_the_points() -> None:
    table = Table.start(finals_config())
    _both_probe(table)
    table.move(0, "buzz")
    table.move(1, f"answer {RIGHT}")
    table.move(0, f"answer {RIGHT}")
    assert table.state.scores == [2, 0]


def test_a_correct_sequence_may_be_spelled_differently() -> None:
    table = Table.start(finals_config())
    _both_probe(table)
    table.move(0, "buzz")
    # Recolouring red before shifting gives the same Product.
    table.move(0, "answer B A C")
    table.move(1, "pass")
    assert table.state.scores == [2, 0]


def test_no_buzz_in_five_turns_ends_the_round_with_no_points() -> None:
    table = Table.start(finals_config())
    for turn in range(1, 6):
        assert table.view(PUBLIC)["round"]["turn"] == turn
        _both_probe(table)
        table.expire(None)
    assert table.state.scores == [0, 0]
    assert table.state.current.number == 2
    over = next(n for n in table.notices if n.kind == "round_over")
    assert over.data["winner"] is None


def test_after_five_rounds_the_higher_total_wins_and_a_tie_goes_to_the_dmo() -> None:
    table = Table.start(finals_config(dmo=1))
    for _ in range(5):
        _both_probe(table)
        table.move(0, "buzz")
        table.move(0, f"answer {WRONG}")
        table.move(1, f"answer {RIGHT}")
    outcome = GAME.outcome(table.state)
    assert outcome is not None
    assert (outcome.winner, outcome.scores) == (1, (0.0, 10.0))
    tied = Table.start(finals_config(dmo=1))
    for _ in range(5):
        for _turn in range(5):
            _both_probe(tied)
            tied.expire(None)
    outcome = GAME.outcome(tied.state)
    assert outcome is not None
    assert outcome.winner == 1
    assert "DMO" in outcome.reason


def test_decipher_once_per_match_for_its_holder() -> None:
    table = Table.start(finals_config(decipher_seat=0))
    _both_probe(table)
    table.expire(None)
    with pytest.raises(Rejected, match="don't hold"):
        table.move(1, "decipher 1 : C")
    with pytest.raises(Rejected, match="no probe #2"):
        table.move(0, "decipher 2 : C")
    table.move(0, "decipher 1 : F")  # reshape circles: the probe board has one
    table.move(0, f"probe {PROBE} : C")
    table.move(1, f"probe {PROBE} : C")
    table.move(0, "done")
    notices = table.move(1, "done")
    mine = next(n for n in notices if n.kind == "probe_results" and n.audience == 0)
    assert sorted(str(p["decipher_of"]) for p in mine.data["probes"]) == ["1", "None"]
    table.expire(None)
    with pytest.raises(Rejected, match="used already"):
        table.move(0, "decipher 1 : C")


def test_a_decipher_error_does_not_spend_the_item() -> None:
    table = Table.start(finals_config(decipher_seat=0))
    table.move(0, f"probe {EMPTY_PROBE.replace('.. ..', 'Rc ..', 1)} : A")
    table.move(1, f"probe {PROBE} : A")
    table.move(0, "done")
    table.move(1, "done")
    table.expire(None)
    notices = table.move(0, "decipher 1 : D")  # no green on that board: ERROR
    assert notices[0].kind == "decipher_error"
    assert table.state.decipher_used is False


def test_a_missing_submission_uses_reserve_and_the_first_valid_probe_counts() -> None:
    table = Table.start(finals_config())
    table.move(1, f"probe {PROBE} : A")
    table.expire(0)
    assert table.view(PUBLIC)["in_reserve"] == [True, False]
    table.move(0, f"probe {PROBE} : A")
    assert table.state.current.done[0] is True
    table.expire(1)  # seat 1 has a probe in: its window ends, nothing spent
    assert table.view(PUBLIC)["reserves"] == [11, 12]
    assert table.state.stage == "buzz_in"


def test_no_probe_and_no_reserve_loses_the_match() -> None:
    table = Table.start(finals_config(reserve_periods=0))
    table.move(1, f"probe {PROBE} : A")
    table.expire(0)
    outcome = GAME.outcome(table.state)
    assert outcome is not None
    assert outcome.winner == 1


def test_the_host_sees_the_secret_and_the_seats_do_not() -> None:
    table = Table.start(finals_config())
    assert table.view(HOST)["secret"]["sequence"] == ["A", "B", "C"]
    for audience in (PUBLIC, 0, 1):
        assert "secret" not in table.view(audience)
        assert "sequence" not in table.view(audience)["round"]


def test_an_answer_of_nested_repeats_is_judged_wrong_not_run_for_hours() -> None:
    spec = FINALS_ROUND.model_copy(
        update={"runes": [*FINALS_ROUND.runes, Rune(symbol="@", entry="repeat", params=[3])]}
    )
    table = Table.start(finals_config(rounds=[spec.model_dump(mode="json")] * 5))
    _both_probe(table)
    table.move(0, "buzz")
    table.move(0, "answer " + "@" * 29 + "E")
    table.move(1, "pass")
    assert table.state.scores == [-1, 0]


def test_a_buzzer_who_passes_is_judged_as_passed_and_loses_the_point() -> None:
    table = Table.start(finals_config())
    _both_probe(table)
    table.move(1, "buzz")
    passed = table.move(1, "pass")
    assert [(n.audience, n.kind) for n in passed] == [(1, "pass_taken"), (PUBLIC, "answer_in")]
    assert passed[1].data == {"seat": 1}
    judged = table.move(0, f"answer {WRONG}")
    result = next(n for n in judged if n.kind == "buzz_result")
    assert result.data["responses"] == ["answer", "pass"]
    assert result.data["points"] == [0, -1]  # both failed: the buzzer pays
    assert table.view(1)["my_answer"]["passed"] is False  # the next buzz starts afresh


def test_the_engine_prompts_each_seat_to_probe_and_to_buzz_again() -> None:
    table = Table.start(finals_config())
    turn = {n.audience: n.data for n in table.notices if n.kind == "turn_prompt"}
    assert set(turn) == {0, 1}
    assert all(p["active"] is None and p["window"] == "submit:1:1" for p in turn.values())
    _both_probe(table)
    table.move(0, "buzz")
    table.move(0, f"answer {WRONG}")
    resumed = table.move(1, f"answer {WRONG}")
    asked = {n.audience: n.data for n in resumed if n.kind == "buzz_prompt"}
    assert list(asked) == [1]  # seat 0 has buzzed this turn
    assert asked[1]["window"] == GAME.window(table.state, 1) == "buzz_in:1:1"
