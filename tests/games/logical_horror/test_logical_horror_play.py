"""Logical Horror's match flow: tokens and their intervals, queries, hints,
the emergency pause and the win."""

from __future__ import annotations

import pytest

from games import HOST, PUBLIC, Notice, Rejected
from games.core.boardcode import encode
from games.logical_horror import GAME
from tests.games.logical_horror.logical_horror_support import (
    NOTHING,
    POOL,
    PUZZLE,
    RED_ONLY,
    RED_ONLY_CLUES,
    SOLUTION_CELLS,
    SOLUTION_TEXT,
    Table,
    config,
)


def test_a_seat_starts_with_one_token_and_the_first_interval_running() -> None:
    table = Table.start()
    assert [s.tokens for s in table.state.seats] == [1, 1]
    # Two unsolved colours: the first token arrives after 2 × 30 s.
    assert table.due("token:0") == 60_000
    assert table.due("token:1") == 60_000
    resources = [n for n in table.notices if n.kind == "resources"]
    assert [n.audience for n in resources] == [0, 1]


def test_tokens_are_stored_up_to_the_number_of_colours() -> None:
    table = Table.start()
    arrived = table.fire("token:0")
    assert arrived[0].data["tokens"] == 2
    assert arrived[0].data["lost"] is False
    assert table.due("token:0") == 120_000
    arrived = table.fire("token:0")
    assert arrived[0].data["tokens"] == 2  # the store is full: this one is lost
    assert arrived[0].data["lost"] is True


def test_the_interval_is_fixed_when_the_previous_token_arrived() -> None:
    """The rules' example: a token with two colours unsolved starts a 60 s
    interval; solving a colour right after does not shorten it; the interval
    after the next token is 30 s."""
    table = Table.start()
    table.fire("token:0")  # at 60 s, two unsolved
    table.move(0, f"private {RED_ONLY}", at_ms=61_000)
    assert table.state.seats[0].solved == ["red"]
    assert table.due("token:0") == 120_000
    table.fire("token:0")
    assert table.due("token:0") == 150_000


def test_a_query_costs_a_token_and_none_left_is_refused_with_the_wait() -> None:
    table = Table.start()
    table.move(0, f"public {NOTHING}", at_ms=10_000)
    assert table.state.seats[0].tokens == 0
    before = table.state.model_dump()
    with pytest.raises(Rejected, match="next one arrives in 40 s"):
        table.move(0, f"public {NOTHING}", at_ms=20_000)
    assert table.state.model_dump() == before


def test_a_board_breaking_the_format_is_refused_and_spends_nothing() -> None:
    table = Table.start()
    before = table.state.model_dump()
    with pytest.raises(Rejected, match=r"answer format: .*2×2.*Nothing was spent"):
        table.move(0, f"public {POOL}")
    with pytest.raises(Rejected, match="clue"):
        table.move(0, "public .#.. .... .... ....")  # r1c2 is a clue cell
    assert table.state.model_dump() == before


def test_a_public_query_shows_the_opponent_the_board_and_the_count() -> None:
    table = Table.start()
    notices = table.move(0, f"public {RED_ONLY}")
    mine = next(n for n in notices if n.audience == 0)
    assert mine.data["clues"] == RED_ONLY_CLUES
    shown = next(n for n in notices if n.audience == PUBLIC)
    assert shown.kind == "public_query"
    assert shown.data["satisfied"] == sum(RED_ONLY_CLUES)
    assert "clues" not in shown.data
    assert table.view(1)["public_queries"][0]["board"] == mine.data["board"]
    assert "my_queries" not in table.view(PUBLIC)
    assert table.view(1)["my_queries"] == []


def test_a_private_query_tells_the_opponent_only_that_it_happened() -> None:
    table = Table.start()
    notices = table.move(0, f"private {RED_ONLY}")
    mine = next(n for n in notices if n.audience == 0)
    assert mine.data["colours"] == {"red": True, "blue": False}
    assert mine.data["clues"] is None
    shown = next(n for n in notices if n.audience == PUBLIC)
    assert (shown.kind, shown.data) == ("private_query", {"seat": 0})
    assert table.view(1)["private_queries"] == [1, 0]
    assert table.view(1)["public_queries"] == []
    assert "solved" not in table.view(PUBLIC)


def test_every_colour_solved_makes_queries_free_and_stops_tokens() -> None:
    table = Table.start()
    table.move(0, f"private {RED_ONLY}")
    table.fire("token:0")
    table.state.seats[0].solved.append("blue")  # as if a query had solved blue
    table.fire("token:0")
    assert table.state.seats[0].next_token_ms is None
    assert not any(d.key.startswith("token:0") for d in GAME.deadlines(table.state))
    tokens = table.state.seats[0].tokens
    for _ in range(3):
        table.move(0, f"public {NOTHING}")
    assert table.state.seats[0].tokens == tokens


def test_hint_uses_arrive_every_twenty_minutes_and_cost_tokens() -> None:
    table = Table.start()
    with pytest.raises(Rejected, match="no hint use"):
        table.move(0, "hint red")
    table.fire("token:0")  # 2 tokens: enough for a 2-colour hint
    assert table.due("hint") == 1_200_000
    arrived = table.fire("hint")
    assert {n.audience for n in arrived} == {0, 1}
    notices = table.move(0, "hint r")
    hint = next(n for n in notices if n.kind == "hint")
    assert hint.audience == 0
    assert hint.data["rule"] == "row"
    assert hint.data["example"]
    seat = table.state.seats[0]
    assert (seat.hints, seat.tokens, seat.hinted) == (0, 0, ["red"])
    assert "red" in table.view(0)["hinted"]
    assert table.view(1)["hinted"] == {}
    assert all(n.audience in (0, HOST) for n in notices)


def test_a_hint_needs_as_many_tokens_as_colours() -> None:
    table = Table.start(config(hint_seconds=10))
    table.fire("hint")
    with pytest.raises(Rejected, match="costs 2 tokens"):
        table.move(0, "hint blue")
    with pytest.raises(Rejected, match="Name a colour of this puzzle: red, blue"):
        table.move(0, "hint green")


def test_any_player_may_pause() -> None:
    table = Table.start()
    notices = table.move(1, "pause the page will not load")
    assert notices[0].kind == "pause_called"
    assert table.paused == ["a player asked for a pause: the page will not load"]


def test_the_first_board_satisfying_every_clue_wins() -> None:
    table = Table.start()
    table.move(1, f"private {SOLUTION_TEXT}")
    outcome = GAME.outcome(table.state)
    assert outcome is not None
    assert outcome.winner == 1
    over = table.notices[-1]
    assert over.kind == "match_over"
    assert over.data["rules"] == PUZZLE.rules


def test_the_host_can_be_asked_to_confirm_a_win() -> None:
    table = Table.start(config(host_confirms_win=True))
    notices = table.move(0, f"public {SOLUTION_TEXT}")
    assert GAME.outcome(table.state) is None
    assert any(n.kind == "confirm_win" and n.audience == HOST for n in notices)
    table.fire("token:1")
    with pytest.raises(Rejected, match="waiting for the host"):
        table.move(1, f"public {NOTHING}")
    with pytest.raises(Rejected, match="host"):
        table.move(0, "confirm")
    table.move(HOST, "deny")
    assert table.state.pending_win is None
    table.move(1, f"public {SOLUTION_TEXT}")
    table.move(HOST, "confirm")
    outcome = GAME.outcome(table.state)
    assert outcome is not None
    assert outcome.winner == 1


def _room(notices: list[Notice]) -> list[Notice]:
    return [n for n in notices if n.audience == PUBLIC]


def test_a_public_winning_board_is_held_from_the_room_until_the_host_confirms() -> None:
    table = Table.start(config(host_confirms_win=True))
    table.move(1, f"private {NOTHING}")
    notices = table.move(0, f"public {SOLUTION_TEXT}")
    mine = next(n for n in notices if n.audience == 0)
    assert (mine.kind, mine.data["satisfied"]) == ("query_result", len(PUZZLE.clues))
    assert [(n.kind, n.data) for n in _room(notices)] == [("win_claimed", {"seat": 0})]
    for audience in (PUBLIC, 1):
        assert table.view(audience)["public_queries"] == []
    notices = table.move(HOST, "confirm")
    shown, over = _room(notices)
    assert shown.kind == "public_query"
    assert shown.data["board"] == PUZZLE.solution
    assert (shown.data["seat"], shown.data["number"]) == (0, 2)
    assert shown.data["satisfied"] == shown.data["total"] == len(PUZZLE.clues)
    assert over.kind == "match_over"
    assert table.view(1)["public_queries"][0]["board"] == PUZZLE.solution


def test_a_denied_winning_board_never_reaches_the_room() -> None:
    table = Table.start(config(host_confirms_win=True))
    table.move(0, f"public {SOLUTION_TEXT}")
    table.move(HOST, "deny")
    table.fire("token:1")
    table.move(1, f"public {NOTHING}")
    room = _room(table.notices)
    assert [n.kind for n in room][1:] == ["win_claimed", "win_denied", "public_query"]
    assert all(n.data.get("board") != PUZZLE.solution for n in room)
    assert room[-1].data["number"] == 2  # the held query still counts
    for audience in (PUBLIC, 1):
        assert [q["seat"] for q in table.view(audience)["public_queries"]] == [1]
    assert table.view(0)["my_queries"][0]["board"] == PUZZLE.solution  # its seat keeps it


def test_a_winning_board_is_shown_at_once_without_the_hosts_word() -> None:
    table = Table.start()
    notices = table.move(0, f"public {SOLUTION_TEXT}")
    assert [n.kind for n in _room(notices)] == ["public_query", "match_over"]
    assert _room(notices)[0].data["number"] == 1


@pytest.mark.parametrize(
    "text",
    [
        "public ...# #... ##.# ..#.",
        "public ...#\n#...\n##.#\n..#.",
        "public xxx#/#xxx/##x#/xx#x",  # notes count as unshaded
        "public ```\n...#\n#...\n##.#\n..#.\n```",
        "public " + encode("lh", 4, 4, SOLUTION_CELLS),
    ],
)
def test_boards_are_read_from_grids_and_codes(text: str) -> None:
    table = Table.start()
    table.move(0, text)
    assert GAME.outcome(table.state) is not None  # every form above is the solution


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("public #... ..#.", "count 8 cells"),
        ("public", "Paste your board"),
        ("public " + encode("lh", 5, 5, [0] * 25), "5×5"),
        ("public " + encode("rb", 4, 4, [0] * 16), "code"),
        ("shade r1c1", "don't know"),
        ("hint", "Name a colour"),
    ],
)
def test_bad_moves_are_refused(text: str, message: str) -> None:
    table = Table.start()
    with pytest.raises(Rejected, match=message):
        table.move(0, text)


def test_the_test_puzzle_has_exactly_one_answer() -> None:
    from games.logical_horror.solver import solutions

    assert solutions(PUZZLE, 2) == [tuple(PUZZLE.solution)]
