"""Logical Horror rendering: every notice kind for its audience, the pictures, the
status, and that no secret (the rules, the solution, a
seat's private results) reaches the room or the other seat before its time."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from PIL import Image as PILImage

import games.logical_horror
from bot.render import Rendered, renderer_for
from games import Notice
from games.core.contract import HOST, PUBLIC, Audience
from games.logical_horror import GAME
from games.logical_horror.models import LogicalHorrorConfig, LogicalHorrorState
from games.logical_horror.puzzle import Puzzle
from games.logical_horror.rules import RULES
from tests.bot.logical_horror_support import (
    NEAR,
    SOLUTION,
    SYMMETRIC,
    TWIN,
    TWIN_SOLUTION,
    options,
)

NAMES = ("Ann", "Bo")
R = renderer_for("logical_horror")
#: Every kind the engine's docstring lists (it names a config key there too).
KINDS = frozenset(
    re.findall(r"``([a-z_]+)``", (games.logical_horror.__doc__ or "").split("Notices")[1])
) - set(LogicalHorrorConfig.model_fields)
#: The red rule swapped for one that gives the same values on this puzzle (its
#: clues' column holds no shading), so the room's view is the same.
RULE_TWIN = SYMMETRIC.model_copy(update={"rules": {"red": "cross", "blue": "sightline"}})


@dataclass
class Table:
    state: LogicalHorrorState
    now: int = 0
    notices: list[Notice] = field(default_factory=list)

    @classmethod
    def start(cls, puzzle: Puzzle, **extra: Any) -> Table:
        timings = {"token_seconds": 10, "hint_seconds": 60, **extra}
        step = GAME.setup(options(puzzle, **timings), seed=3)
        return cls(state=step.state, notices=list(step.notices))

    def move(self, actor: Any, text: str) -> None:
        step = GAME.apply(self.state, actor, GAME.parse(self.state, actor, text), self.now)
        self.state = step.state
        self.notices += step.notices

    def fire(self, prefix: str) -> None:
        deadline = next(d for d in GAME.deadlines(self.state) if d.key.startswith(prefix))
        self.now = deadline.at_ms
        step = GAME.expire(self.state, deadline.key, self.now)
        self.state = step.state
        self.notices += step.notices


def played(puzzle: Puzzle = SYMMETRIC, private_board: str = NEAR, win: str | None = None) -> Table:
    """Queries both ways, tokens, a hint use and a hint, a pause, then the win."""
    table = Table.start(puzzle)
    table.move(0, f"public {NEAR}")
    table.move(1, f"private {private_board}")
    table.fire("token:0")
    table.fire("token:0")
    table.fire("hint")
    table.move(0, "hint red")
    table.move(1, "pause my screen froze")
    table.fire("token:1")
    table.move(1, f"public {win or (SOLUTION if puzzle is not TWIN else TWIN_SOLUTION)}")
    return table


def confirmed() -> Table:
    """``host_confirms_win``: a claimed win denied, claimed again and confirmed."""
    table = Table.start(SYMMETRIC, host_confirms_win=True)
    table.move(0, f"public {SOLUTION}")
    table.move(HOST, "deny")
    table.fire("token:0")
    table.move(0, f"private {SOLUTION}")
    table.move(HOST, "confirm")
    return table


def render(notices: list[Notice], audience: Audience) -> Rendered:
    return R.render(notices, audience, names=NAMES)


def decoded(data: bytes) -> PILImage.Image:
    image = PILImage.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


def first(table: Table, kind: str, audience: Audience | None = None) -> Notice:
    return next(
        n for n in table.notices if n.kind == kind and (audience is None or n.audience == audience)
    )


# -- every kind --------------------------------------------------------------------------


def test_the_scripts_cover_every_notice_kind() -> None:
    emitted = {n.kind for table in (played(), confirmed()) for n in table.notices}
    assert emitted == KINDS
    assert set(R.handlers()) >= KINDS


@pytest.mark.parametrize("script", [played, confirmed])
def test_every_notice_renders_for_its_audience(script: Callable[[], Table]) -> None:
    for notice in script().notices:
        out = render([notice], notice.audience)
        assert out.text.strip(), notice
        assert not out.text.startswith("["), f"fallback for {notice.kind}: {out.text}"
        assert len(out.text) < 2000
        for image in out.images:
            decoded(image.data)


def test_the_opening_shows_the_grid_the_format_the_colours_and_a_penpa_link() -> None:
    out = render([first(played(), "puzzle_revealed")], PUBLIC)
    assert "5×5" in out.text
    assert "no two shaded cells are orthogonally adjacent" in out.text
    assert "red (R)" in out.text
    assert "blue (B)" in out.text
    assert "https://swaroopg92.github.io/penpa-edit/#m=edit&p=" in out.text
    assert [i.filename for i in out.images] == ["puzzle.png"]
    assert decoded(out.images[0].data).size[0] > 200


def test_a_public_query_shows_the_board_and_the_count_in_the_room() -> None:
    table = played()
    out = render([first(table, "public_query")], PUBLIC)
    assert "**Ann** made a public query: their board satisfies **2 of 4** clues." in out.text
    assert "```\n#....\n...#.\n#...#\n.....\n.....\n```" in out.text
    assert [i.filename for i in out.images] == ["public-query-1-seat-1.png"]
    assert "r1c3" not in out.text  # which clues: only the querying seat learns that


def test_a_public_query_picture_is_named_by_the_querys_number_and_its_seat() -> None:
    """Bo's winning board is the match's third query: not a counter at 2."""
    shown = [n for n in played().notices if n.kind == "public_query"]
    named = [render([n], PUBLIC).images[0].filename for n in shown]
    assert named == ["public-query-1-seat-1.png", "public-query-3-seat-2.png"]
    unnumbered = Notice(
        audience=PUBLIC, kind="public_query", data={**shown[1].data, "number": None}
    )
    assert render([unnumbered], PUBLIC).images[0].filename == "public-query-seat-2.png"


def test_a_query_result_names_each_clue_and_pictures_the_marks() -> None:
    table = played()
    mine = render([first(table, "query_result", 0)], 0)
    assert "satisfies **2 of 4** clues" in mine.text
    assert "✅ r1c3 red 1 · ✅ r2c3 blue 7 · ❌ r4c3 red 1 · ❌ r5c3 blue 7" in mine.text
    assert "Tokens **0/2**" in mine.text
    assert [i.filename for i in mine.images] == ["your-query.png"]
    private = render([first(table, "query_result", 1)], 1)
    assert "Your private query" in private.text
    assert "❌ red (R) · ❌ blue (B)" in private.text
    assert "r1c3" not in private.text  # per colour only


def test_a_private_query_tells_the_room_only_that_it_happened() -> None:
    out = render([first(played(), "private_query")], PUBLIC)
    assert out.text == "🔒 **Bo** made a private query."
    assert out.images == []


def test_a_hint_gives_the_rule_its_description_and_an_example_picture() -> None:
    out = render([first(played(), "hint")], 0)
    rule = RULES["row"]
    assert f"red (R) is “{rule.name}”" in out.text
    assert rule.description in out.text
    assert rule.example.caption in out.text
    assert [i.filename for i in out.images] == ["hint-red.png"]


def test_resources_say_tokens_next_token_hint_uses_and_solved_colours() -> None:
    table = played()
    out = render([first(table, "token_arrived", 0)], 0)
    assert "A token arrived" in out.text
    assert "Tokens **1/2** · next in **20 s** (one every 20 s now)" in out.text
    assert "Hint uses **0**" in out.text
    assert "solved: none" in out.text
    use = render([first(table, "hint_use_arrived", 0)], 0)
    assert "Hint uses **1**" in use.text


def test_a_pause_and_the_end_of_the_match() -> None:
    table = played()
    paused = render([first(table, "pause_called")], PUBLIC)
    assert "**Bo** asked for an emergency pause. Reason: my screen froze." in paused.text
    assert "Only the host can resume" in paused.text
    runtime_pause = Notice(
        audience=PUBLIC, kind="match_paused", data={"reason": "a player asked for a pause: lag"}
    )
    assert "Only the host can resume it" in render([runtime_pause], PUBLIC).text
    host_pause = Notice(audience=PUBLIC, kind="match_paused", data={"reason": "a break"})
    assert "The host paused the match" in render([host_pause], PUBLIC).text
    over = render([first(table, "match_over")], PUBLIC)
    assert "🏆 **Bo wins**" in over.text
    for colour, key in SYMMETRIC.rules.items():
        assert f"{colour} ({colour[0].upper()}) — **{RULES[key].name}**" in over.text
    assert "#....\n...#.\n#...#\n.#...\n...#." in over.text
    assert "solution.png" in [i.filename for i in over.images]


def test_a_claimed_win_waits_for_the_host() -> None:
    table = confirmed()
    claimed = render([first(table, "win_claimed")], PUBLIC)
    assert "**Ann**'s board satisfies every clue! The host is checking it" in claimed.text
    assert claimed.images == []  # the board is the solution: the host may yet deny it
    asked = render([first(table, "confirm_win")], HOST)
    assert "`confirm` / `deny`" in asked.text
    assert [image.filename for image in asked.images] == ["claimed-seat-1.png"]
    assert "did not confirm **Ann**'s win" in render([first(table, "win_denied")], PUBLIC).text


# -- secrets -------------------------------------------------------------------------------


def _shown(table: Table, audience: Audience) -> list[tuple[str, list[bytes]]]:
    """What ``audience`` is shown before the match is over, notice by notice."""
    out = []
    for notice in table.notices:
        if notice.kind == "match_over":
            break
        if notice.audience == audience:
            rendered = render([notice], audience)
            out.append((rendered.text, [i.data for i in rendered.images]))
    return out


@pytest.mark.parametrize("other", [TWIN, RULE_TWIN], ids=["solution", "rules"])
def test_the_room_and_the_seats_see_the_same_whatever_the_secret(other: Puzzle) -> None:
    """The same moves on two puzzles that differ only in a secret render alike
    for the room and for each seat (the hint's seat excepted: it learns a rule)."""
    one, two = played(SYMMETRIC, win=SOLUTION), played(other, win=SOLUTION)
    assert _shown(one, PUBLIC) == _shown(two, PUBLIC)
    assert _shown(one, 1) == _shown(two, 1)
    if other is TWIN:
        assert _shown(one, 0) == _shown(two, 0)


def test_a_private_query_changes_nothing_the_room_or_the_opponent_sees() -> None:
    one, two = played(private_board=NEAR), played(private_board="...../...../...../...../.....")
    assert _shown(one, PUBLIC) == _shown(two, PUBLIC)
    assert _shown(one, 0) == _shown(two, 0)
    assert _shown(one, 1) != _shown(two, 1)


def test_no_rule_is_named_to_the_room_or_the_other_seat_before_the_end() -> None:
    table = played()
    words = [text for text, _ in _shown(table, PUBLIC) + _shown(table, 1)]
    for rule in RULES.values():
        assert not any(rule.description in text for text in words), rule.key


# -- status --------------------------------------------------------------------------------


def _view(table: Table, audience: Audience) -> dict[str, Any]:
    view = GAME.view(table.state, audience)
    deadlines = [
        {"label": d.label, "seat": d.seat, "seconds_left": (d.at_ms - table.now) // 1000}
        for d in GAME.deadlines(table.state)
    ]
    return {**view, "match": {"status": "running", "deadlines": deadlines}}


def test_a_seat_status_lists_its_resources_hints_and_queries_only() -> None:
    table = Table.start(SYMMETRIC)
    table.move(0, f"public {NEAR}")
    table.fire("token:1")
    table.move(1, f"private {NEAR}")
    mine = R.status(_view(table, 0), 0, names=NAMES)
    assert "Tokens **0/2** · next in **0 s**" in mine.text
    assert "1. public, 2/4: `#..../...#./#...#/...../.....`" in mine.text
    assert "— ❌ r4c3 red 1, r5c3 blue 7" in mine.text
    assert "Bo: 0 public queries, 1 private query." in mine.text
    assert "your-last-query.png" in [i.filename for i in mine.images]
    theirs = R.status(_view(table, 1), 1, names=NAMES)
    assert "1. private:" in theirs.text
    assert "r4c3" not in theirs.text  # Ann's per-clue results are hers
    assert "Ann: 1 public query (2/4), 0 private queries." in theirs.text
    for out in (mine, theirs):
        for image in out.images:
            decoded(image.data)


def test_a_seat_is_shown_its_own_token_clock_only() -> None:
    """How often the other seat's tokens come tells how many colours it solved."""
    table = Table.start(SYMMETRIC)
    table.move(0, f"private {NEAR.replace('#...#', '#.#.#')}")
    view = _view(table, 1)
    view["match"]["deadlines"] = [
        {"label": "your next token", "seat": 0, "seconds_left": 999},
        {"label": "your next token", "seat": 1, "seconds_left": 15},
        {"label": "the next hint use", "seat": None, "seconds_left": 55},
    ]
    out = R.status(view, 1, names=NAMES)
    assert "next in **15 s**" in out.text
    assert "999" not in out.text


def test_the_host_status_has_the_rules_and_the_solution() -> None:
    out = R.status(_view(played(), HOST), HOST, names=NAMES)
    assert RULES["row"].name in out.text
    assert "solution.png" in [i.filename for i in out.images]
