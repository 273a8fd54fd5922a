"""Rune Breaker rendering: every notice kind for its audience, the pictures, the
status, and that no secret reaches the room or the other seat before its time."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image as PILImage

import games.runebreaker
from bot.render import MESSAGE_LIMIT, Rendered, renderer_for, split_message
from bot.render.draw import without_pictures
from bot.render.runebreaker import _board
from bot.render.runebreaker._board import title_lines, title_width
from games import Notice
from games.core.contract import HOST, PUBLIC, Audience
from games.runebreaker.rounds import RoundSpec
from tests.games.runebreaker.runebreaker_support import (
    CLASSIC_ROUND,
    CLASSIC_TWIN,
    FINALS_ROUND,
    FINALS_TWIN,
    OTHER_PROBE,
    PROBE,
    Table,
    board_text,
    options,
    wrong_board,
)

NAMES = ("Ann", "Bo")
R = renderer_for("runebreaker")
EMPTY = ".. .. .. .. / .. .. .. .. / .. .. .. .. / .. .. .. .."
#: Left-right symmetric: flipping it (E) is an ERROR.
MIRROR = "Rc .. .. Rc / .. Yt Yt .. / .. .. .. .. / Bh .. .. Bh"
OTHER_MIRROR = ".. Yt Yt .. / Oc .. .. Oc / .. .. .. .. / Px .. .. Px"
WRONG = wrong_board(CLASSIC_ROUND)
#: Every kind the engine's docstring lists.
KINDS = frozenset(re.findall(r"``([a-z_]+)``", games.runebreaker.__doc__.split("Notices")[1]))


def first(table: Table) -> dict[str, Notice]:
    """The first notice of each kind."""
    found: dict[str, Notice] = {}
    for notice in table.notices:
        found.setdefault(notice.kind, notice)
    return found


def render(notices: list[Notice], audience: Audience) -> Rendered:
    return R.render(notices, audience, names=NAMES)


def decoded(data: bytes) -> PILImage.Image:
    image = PILImage.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


# -- scripted matches ------------------------------------------------------------------------


def classic_match(spec: RoundSpec = CLASSIC_ROUND) -> Table:
    """The DMO's choice, an ERROR, a buzz nobody gets right, a buzz with no answer
    from one seat, then round 2 lost on time: every classic notice."""
    table = Table.start(options(spec, first_seat=None, reserve_periods=0))
    table.move(0, "first me")
    table.expire(None)  # the look at the boards
    table.move(0, f"probe {EMPTY} : B")  # recolouring red on an empty board: ERROR
    table.move(0, f"probe {PROBE} : B A")
    table.move(0, "buzz")
    table.move(0, f"answer {WRONG}")
    table.move(1, "pass")
    table.move(1, f"probe {OTHER_PROBE} : C")
    table.move(1, "buzz")
    table.move(1, f"answer {board_text(CLASSIC_ROUND.reagent_board())}")  # right for either Reagent
    table.expire(0)  # alice has no reserve: no answer
    table.expire(None)  # round 2: the look
    for _ in range(3):  # bob's two bonus periods, then the match
        table.expire(1)
    return table


def graded_match() -> Table:
    """Nine turns without a buzz, then both boards are graded."""
    table = Table.start(options(CLASSIC_ROUND, first_seat=0, look_seconds=0))
    for turn in range(9):
        table.move(turn % 2, f"probe {PROBE} : C")
    table.move(0, f"answer {WRONG}")
    table.move(1, f"answer {board_text(CLASSIC_ROUND.reagent_board())}")
    return table


def finals_match(spec: RoundSpec = FINALS_ROUND, alice: tuple[str, str] = (MIRROR, "A B")) -> Table:
    """Probes, an ERROR, both done, a buzz nobody gets right, Decipher (an ERROR,
    then taken), a buzz."""
    table = Table.start(options(spec, decipher_seat=0))
    table.move(0, f"probe {alice[0]} : {alice[1]}")
    table.move(0, f"probe {EMPTY} : A")
    table.move(1, f"probe {OTHER_PROBE} : C D")
    table.move(0, "done")
    table.move(1, "done")
    table.move(1, "buzz")
    table.move(1, "answer C B A")  # wrong: Bo pays a point, and Ann may still buzz
    table.move(0, "pass")
    table.expire(None)  # nobody buzzes again: turn 2
    table.move(0, "decipher 1 : E")
    table.move(0, "decipher 1 : C")
    table.move(0, f"probe {PROBE} : F")
    table.move(1, f"probe {PROBE} : F")
    table.move(0, "done")
    table.move(1, "done")
    table.move(1, "buzz")
    table.move(1, "answer A B C")
    table.move(0, "answer A")
    # The host's reveal (/match reveal), here with a round still in play.
    table.notices += games.runebreaker.GAME.reveal(table.state)
    return table


def _each(table: Table) -> list[tuple[Notice, Audience]]:
    """Every notice for its audience (a seat's prompts are its own notices)."""
    return [(notice, notice.audience) for notice in table.notices]


# -- every kind --------------------------------------------------------------------------------


def test_the_scripts_cover_every_notice_kind() -> None:
    emitted = {n.kind for t in (classic_match(), graded_match(), finals_match()) for n in t.notices}
    assert emitted == KINDS
    assert set(R.handlers()) == KINDS


@pytest.mark.parametrize("script", [classic_match, graded_match, finals_match])
def test_every_notice_renders_for_its_audience(script: Callable[[], Table]) -> None:
    for notice, audience in _each(script()):
        out = render([notice], audience)
        assert out.text.strip(), notice
        assert not out.text.startswith("["), f"fallback for {notice.kind}: {out.text}"
        for image in out.images:
            decoded(image.data)


def test_classic_texts() -> None:
    table = classic_match()
    by_kind = first(table)
    opened = render([by_kind["round_started"]], PUBLIC)
    assert "**Ann** starts" in opened.text
    assert "`A B C D A`" in opened.text
    assert "```\n.. .. .. .. .. .. .. .. .. ..\n" in opened.text
    assert [i.filename for i in opened.images] == ["round1-boards.png"]
    error = next(n for n in table.notices if n.kind == "probe_result" and n.data["product"] is None)
    text = render([error], PUBLIC).text
    assert "**ERROR**" in text
    assert "1 of 3 this turn" in text
    result = next(n for n in table.notices if n.kind == "probe_result" and n.data["product"])
    shown = render([result], PUBLIC)
    assert "Rc .. Gs ..  →  .. Bc .. Gs" in shown.text
    assert [i.filename for i in shown.images] == ["probe-r1-p1-2.png"]
    turn = next(n for n in table.notices if n.kind == "turn_started")
    assert "**Ann** probes" in render([turn], PUBLIC).text
    prompts = [n for n in table.notices if n.kind == "turn_prompt"][:2]
    assert [n.audience for n in prompts] == [0, 1]
    assert "🎯 **Your turn** (round 1, turn 1/9, 150 s)" in render(prompts[:1], 0).text
    assert "**Ann**'s turn (round 1, turn 1/9). You may buzz once" in render(prompts[1:], 1).text
    resumed = next(n for n in table.notices if n.kind == "turn_prompt" and n.data["resumed"])
    assert "▶️ **Your turn resumes**" in render([resumed], resumed.audience).text
    chooser = next(n for n in table.notices if n.kind == "first_prompt")
    assert "👑 You are the DMO" in render([chooser], chooser.audience).text
    over = render([by_kind["round_over"]], PUBLIC)
    assert "**Bo** takes it (+1)" in over.text
    assert "`B` recolour red → blue" in over.text
    assert "The Reagent Board was:\n```\nRc .. .. .." in over.text
    assert [i.filename for i in over.images] == ["round1-revealed.png", "round1-answer2.png"]
    # Ann's missed window was told when it happened and with the judging.
    assert "no answer" not in over.text
    assert "no answer in time" in render([by_kind["no_answer"]], PUBLIC).text
    judged = [render([n], PUBLIC).text for n in table.notices if n.kind == "buzz_result"]
    assert "Ann (buzzer) ❌ wrong · Bo passed → nobody scores" in judged[0]
    assert "Ann ⌛ no answer · Bo (buzzer) ✅ right" in judged[1]
    assert "🏆 **Ann wins the match**" in render([by_kind["match_over"]], PUBLIC).text


def test_graded_boards_and_the_answer_picture() -> None:
    table = graded_match()
    over = next(n for n in table.notices if n.kind == "round_over")
    shown = render([over], PUBLIC)
    text = shown.text
    assert "exactness · precision · spatiality" in text
    assert "Bo 100 · 100 · 100" in text
    # Once the round is over, the graded boards themselves are shown.
    names = [image.filename for image in shown.images]
    assert {"round1-answer1.png", "round1-answer2.png"} <= set(names)
    taken = next(n for n in table.notices if n.kind == "answer_taken")
    out = render([taken], taken.audience)
    assert "Your Reagent Board is in (sealed)" in out.text
    assert ".. .. Ot .." in out.text
    assert [i.filename for i in out.images] == ["answer.png"]
    final = next(n for n in table.notices if n.kind == "answer_prompt" and n.audience == 0)
    assert "✍️ **Final submission** (round 1, 180 s): send the Reagent Board" in (
        render([final], 0).text
    )


def test_finals_texts() -> None:
    table = finals_match()
    kinds = first(table)
    opened = render([kinds["round_started"]], PUBLIC)
    assert "Executable commands: `A B C D E F`" in opened.text
    assert "Rc .. .. .. .. .. .. ..  →  " in opened.text  # the Reagent beside the Product
    results = next(n for n in table.notices if n.kind == "probe_results" and n.audience == 0)
    out = render([results], 0)
    assert "**Probe 1**: `A B`" in out.text
    assert [i.filename for i in out.images] == ["result-r1-1.png"]
    assert "ERROR" in render([kinds["probe_error"]], 0).text
    assert "not spent" in render([kinds["decipher_error"]], 0).text
    assert "probe #1" in render([kinds["decipher_taken"]], 0).text
    deciphered = [n for n in table.notices if n.kind == "probe_results" and n.audience == 0][-1]
    assert "(Decipher on #1)" in render([deciphered], 0).text
    assert "✅ **Ann** is done probing." in render([kinds["submissions_done"]], PUBLIC).text
    judged = [render([n], PUBLIC).text for n in table.notices if n.kind == "buzz_result"]
    assert "Ann passed · Bo (buzzer) ❌ wrong → Bo −1" in judged[0]
    assert "→ Bo +2" in judged[1]
    again = render([kinds["buzz_prompt"]], 0).text
    assert "🔔 **The buzz-in phase resumes** (round 1, turn 1" in again


@pytest.mark.parametrize("variant", ["classic", "finals"])
def test_a_pass_after_a_buzz_is_said_once_plainly(variant: str) -> None:
    """Sealed while the other seat answers, then "passed" — never "answer is in",
    "wrong" or "gave no answer" about a seat that passed."""
    spec = CLASSIC_ROUND if variant == "classic" else FINALS_ROUND
    table = Table.start(options(spec, first_seat=0, look_seconds=0))
    if variant == "finals":
        table.move(0, f"probe {PROBE} : A")
        table.move(1, f"probe {PROBE} : C")
        table.move(0, "done")
        table.move(1, "done")
    right = board_text(spec.reagent_board()) if variant == "classic" else "A B C"
    table.move(1, "buzz")
    before = len(table.notices)
    table.move(0, "pass")
    table.move(1, f"answer {right}")
    after = table.notices[before:]
    room = "\n".join(render([n], PUBLIC).text for n in after if n.audience == PUBLIC)
    assert "📨 Ann is in (sealed: an answer or a pass)." in room
    assert "Ann passed · Bo (buzzer) ✅ right" in room
    assert room.count("passed") == 1
    for wrong in ("Ann's answer is in", "Ann ❌", "Ann gave no answer"):
        assert wrong not in room
    mine = "\n".join(render([n], 0).text for n in after if n.audience == 0)
    assert "🔒 You pass: no answer from you this time." in mine


def test_a_pass_at_the_final_submission_shows_with_the_grades() -> None:
    table = Table.start(options(CLASSIC_ROUND, first_seat=0, look_seconds=0))
    for turn in range(9):
        table.move(turn % 2, f"probe {PROBE} : C")
    table.move(0, "pass")
    table.move(1, f"answer {WRONG}")
    over = render([next(n for n in table.notices if n.kind == "round_over")], PUBLIC).text
    assert "Ann passed (no board) | Bo " in over
    assert "no answer" not in over


@pytest.mark.parametrize(
    "label",
    [
        "Turn 1 probe: 3 # 4",
        "Turn 9 probe: % @ Q",
        "Probe 12 (Decipher on #11): A B C D E F G",
        "Probe 1: " + "ABCDEFGHIJKLMNOPQRSTUVWXYZ",  # one word wider than the board
    ],
)
def test_a_probe_title_keeps_its_result_whole_within_the_board(label: str) -> None:
    """It was cut to "Turn 1 probe: 3 # 4 -> ERR…" on a 4×4 board: measured with the
    picture's own font, every line fits, and ERROR is a line of its own."""
    width = _board.LABEL_W + 4 * _board.CELL
    lines = title_lines(f"{label}\n→ ERROR", width)
    assert lines[-1] == "-> ERROR"
    assert all(title_width(line) <= width for line in lines), lines
    if "XYZ" not in label:  # nothing of an ordinary label is cut either
        assert " ".join(lines[:-1]) == label


def test_an_error_probe_picture_is_as_tall_as_its_title() -> None:
    table = Table.start(options(CLASSIC_ROUND, first_seat=0, look_seconds=0))
    table.move(0, f"probe {EMPTY} : B")  # recolouring red on an empty board: ERROR
    error = next(n for n in table.notices if n.kind == "probe_result")
    (image,) = render([error], PUBLIC).images
    two_lines = _board.TITLE_H + _board.TITLE_LINE
    expected = 2 * _board.PAD + two_lines + _board.LABEL_H + 4 * _board.CELL
    assert decoded(image.data).height == expected


# -- secrets -----------------------------------------------------------------------------------


def _shown_before_the_end(table: Table, audiences: set[Audience]) -> list[tuple[str, list[bytes]]]:
    """What ``audiences`` are shown, notice by notice, until the first round ends."""
    shown = []
    for notice, audience in _each(table):
        if notice.kind == "round_over":
            break
        if audience in audiences:
            out = render([notice], audience)
            shown.append((out.text, [image.data for image in out.images]))
    return shown


def test_the_classic_secret_never_shows_before_the_round_ends() -> None:
    """Two Reagents with the same Product: nothing anyone sees tells them apart."""
    seen: set[Audience] = {PUBLIC, 0, 1}
    same = _shown_before_the_end(classic_match(CLASSIC_ROUND), seen)
    assert same == _shown_before_the_end(classic_match(CLASSIC_TWIN), seen)
    twin = Table.start(options(CLASSIC_TWIN, first_seat=0, look_seconds=0))
    original = Table.start(options(CLASSIC_ROUND, first_seat=0, look_seconds=0))
    for audience in (PUBLIC, 0, 1):
        assert R.status(twin.view(audience), audience, names=NAMES) == R.status(
            original.view(audience), audience, names=NAMES
        )
    # The host is told the secret, so the two matches do differ.
    assert R.status(twin.view(HOST), HOST) != R.status(original.view(HOST), HOST)


def test_the_finals_sequence_never_shows_before_the_round_ends() -> None:
    seen: set[Audience] = {PUBLIC, 0, 1}
    original, twin = finals_match(FINALS_ROUND), finals_match(FINALS_TWIN)
    assert _shown_before_the_end(original, seen) == _shown_before_the_end(twin, seen)
    original, twin = Table.start(options(FINALS_ROUND)), Table.start(options(FINALS_TWIN))
    for audience in (PUBLIC, 0, 1):
        assert R.status(twin.view(audience), audience) == R.status(
            original.view(audience), audience
        )
    assert R.status(twin.view(HOST), HOST) != R.status(original.view(HOST), HOST)


def test_a_seats_finals_probes_never_reach_the_room_or_the_other_seat() -> None:
    mine = finals_match(alice=(MIRROR, "A B"))
    other = finals_match(alice=(OTHER_MIRROR, "C"))
    assert _shown_before_the_end(mine, {PUBLIC, 1}) == _shown_before_the_end(other, {PUBLIC, 1})
    assert _shown_before_the_end(mine, {0}) != _shown_before_the_end(other, {0})


# -- status ------------------------------------------------------------------------------------


def test_a_status_sheet_without_pictures_is_named_not_drawn() -> None:
    """The probes' sheet lays out pictures already encoded: inside
    without_pictures() there are none to lay out, and the text stays the same."""
    table = Table.start(options(CLASSIC_ROUND, first_seat=0, look_seconds=0))
    table.move(0, f"probe {EMPTY} : B")
    table.move(0, f"probe {PROBE} : B A")
    full = R.status(table.view(1), 1, names=NAMES)
    with without_pictures():
        text_only = R.status(table.view(1), 1, names=NAMES)
    assert text_only.text == full.text
    assert [(i.filename, i.data) for i in text_only.images] == [
        (i.filename, b"") for i in full.images
    ]
    assert "round1-probes.png" in [i.filename for i in full.images]


def test_classic_status_for_a_seat() -> None:
    table = Table.start(options(CLASSIC_ROUND, first_seat=0, look_seconds=0))
    table.move(0, f"probe {EMPTY} : B")
    table.move(0, f"probe {PROBE} : B A")
    out = R.status(table.view(1), 1, names=NAMES)
    assert "round 1/5, turn 2/9: Bo probes; Ann may buzz" in out.text
    assert "Score: Ann **0** – **0** Bo" in out.text
    assert "T1 Ann #1 `B`: `.. .. .. .. / " in out.text
    assert "→ **ERROR**" in out.text
    assert "T1 Ann #2 `B A`: `Rc .. Gs .. / .. Yt .. .. / .. .. Rd .. / Bh .. .. ..`" in out.text
    assert "Secret" not in out.text
    assert [i.filename for i in out.images] == ["round1-boards.png", "round1-probes.png"]
    for image in out.images:
        decoded(image.data)
    clock = {"label": "your probe (round 1, turn 2)", "seat": 1, "seconds_left": 99}
    timed = {**table.view(0), "match": {"deadlines": [clock]}}
    assert "⏱️ Bo: probe (round 1, turn 2): 99 s left." in R.status(timed, 0, names=NAMES).text
    assert "⏱️ your probe (round 1, turn 2): 99 s left." in R.status(timed, 1, names=NAMES).text


def test_finals_status_shows_only_the_seats_own_probes() -> None:
    table = Table.start(options(FINALS_ROUND))
    table.move(0, f"probe {PROBE} : A B")
    table.move(1, f"probe {OTHER_PROBE} : C")
    mine = R.status(table.view(0), 0, names=NAMES)
    assert "**Your probes this round**" in mine.text
    assert "T1 you `A B`" in mine.text
    assert "result to come" in mine.text
    assert "Oc Ox" not in mine.text
    assert "submissions phase (Ann probing · Bo probing)" in mine.text
    room = R.status(table.view(PUBLIC), PUBLIC, names=NAMES)
    assert "`A B`" not in room.text
    assert "Probes" not in room.text
    host = R.status(table.view(HOST), HOST, names=NAMES)
    assert "🤫 **Secret**: sequence `A B C`" in host.text
    assert "(not sent yet)" in host.text
    table.move(0, "done")
    table.move(1, "done")
    mine = R.status(table.view(0), 0, names=NAMES)
    assert "T1 you #1 `A B`" in mine.text
    assert "result to come" not in mine.text


def test_the_answer_in_status_is_the_seats_own() -> None:
    table = Table.start(options(CLASSIC_ROUND, first_seat=0, look_seconds=0))
    table.move(1, "buzz")
    table.move(1, f"answer {WRONG}")
    mine = R.status(table.view(1), 1, names=NAMES)
    assert "**Your answer (sealed)**" in mine.text
    assert ".. .. Ot .." in mine.text
    assert "answer.png" in [i.filename for i in mine.images]
    theirs = R.status(table.view(0), 0, names=NAMES)
    assert "Ot" not in theirs.text
    assert "**Your answer**: none yet." in theirs.text
    assert "Bo buzzed: answers (Ann not yet · Bo in ✅)" in theirs.text


# -- limits ------------------------------------------------------------------------------------


def _crowded(size: int) -> list[str | None]:
    return [("Rc", "Os", "Yt", "Gd", "Bh", "Px")[i % 6] for i in range(size * size)]


def test_the_longest_step_fits_one_message() -> None:
    """A round's end and the next round's start, boards full, many runes: one
    message, so no code block is split across two."""
    runes = [
        {"symbol": s, "meaning": "symmetrize the left half over the other"} for s in "ABCDEFGHJK"
    ]
    board = _crowded(10)
    data: dict[str, Any] = {
        "round": 1, "winner": 0, "points": [1, 0], "scores": [1, 0], "grades": [[99, 99, 99], None],
        "reason": "exactness: 99 to 0", "reagent": board, "product": board,
        "sequence": list("ABCDEFGHJK"), "runes": runes,
    }  # fmt: skip
    notices = [
        Notice(audience=PUBLIC, kind="answer_in", data={"seat": 1}),
        Notice(audience=PUBLIC, kind="round_over", data=data),
        Notice(audience=PUBLIC, kind="reserve_added", data={"periods": 2, "left": [3, 4]}),
        Notice(
            audience=PUBLIC,
            kind="round_started",
            data={
                "round": 2,
                "rounds": 5,
                "variant": "classic",
                "starter": 1,
                "look_seconds": 30,
                "size": 10,
                "product": board,
                "sequence": list("ABCDEFGHJK"),
            },
        ),
    ]
    text = render(notices, PUBLIC).text
    assert len(split_message(text)) == 1, len(text)
    assert len(text) < MESSAGE_LIMIT


def test_odd_data_falls_back_rather_than_failing() -> None:
    odd = Notice(audience=PUBLIC, kind="probe_result", data={"board": "nonsense"})
    assert render([odd], PUBLIC).text.startswith("[probe result]")


@pytest.mark.parametrize("script", [classic_match, graded_match, finals_match])
def test_without_pictures_the_text_is_the_same(script: Callable[[], Table]) -> None:
    for notice, audience in _each(script()):
        full = R.render([notice], audience, names=NAMES)
        with without_pictures():
            text_only = R.render([notice], audience, names=NAMES)
        assert text_only.text == full.text, notice.kind
        assert [(i.filename, i.data) for i in text_only.images] == [
            (i.filename, b"") for i in full.images
        ]
