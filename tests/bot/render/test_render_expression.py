"""Expression Black & White rendering: every notice's text, the tile pictures, status,
and that the room never reads a tile the rules keep secret."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from PIL import Image as PILImage
from PIL import ImageChops, ImageStat

from bot.render import Rendered, renderer_for
from bot.render.expression import (
    colours_image,
    expression_image,
    pair_tile_centres,
    pairs_image,
    strip_tile_centre,
)
from games import Step
from games.core.contract import HOST, PUBLIC, Audience, Notice
from games.expression import GAME, ExpressionState
from tests.games.expression.expression_support import (
    PAIRS,
    apply,
    exact_final,
    fresh,
    random_guess,
    random_play,
    random_reveal,
    say,
    started,
)

NAMES = ("Ann", "Bo")
R = renderer_for("expression")
SEAT_KINDS = ("expression_accepted", "tiles_played", "play_requested", "guess_requested")


def notice(kind: str, audience: Audience = PUBLIC, /, **data: Any) -> Notice:
    return Notice(audience=audience, kind=kind, data=data)


def render(kind: str, audience: Audience = PUBLIC, /, **data: Any) -> Rendered:
    return R.render([notice(kind, audience, **data)], audience, names=NAMES)


def text(kind: str, audience: Audience = PUBLIC, /, **data: Any) -> str:
    return render(kind, audience, **data).text


def png(data: bytes) -> PILImage.Image:
    image = PILImage.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image.convert("RGB")


PAIR_DATA = [{"round": r, "number": n, "symbol": s} for r, (n, s) in enumerate(PAIRS[:12], 1)]


# -- notice texts ---------------------------------------------------------------------


def test_bout_started_lists_every_pair_with_a_picture() -> None:
    out = render(
        "bout_started", bout=1, pairs=PAIR_DATA, planning_seconds=180, reserve_ms=[180_000, 90_500]
    )
    assert "Bout 1 of 2" in out.text
    assert "R1 `1 +`" in out.text
    assert "R12 `12 ÷`" in out.text
    assert "180 s" in out.text
    assert "`ready`" in out.text
    assert "Ann 3:00 · Bo 1:30" in out.text
    assert [image.filename for image in out.images] == ["pairs-bout1.png"]
    png(out.images[0].data)


def test_planning_and_who_starts_name_the_players() -> None:
    assert text("seat_ready", bout=1, seat=1) == "✋ Bo is ready."
    assert "over" in text("planning_ended", bout=1, early=True)
    assert "time for bout 1 is up" in text("planning_ended", bout=1, early=False)
    assert "Ann holds the Advantage" in text("starter_choice_opened", bout=1, seat=0, seconds=60)
    asked = text("starter_requested", 0, bout=1, seconds=60, window="starter:1")
    assert "`first me`" in asked
    assert "60 s" in asked
    assert text("starter_chosen", bout=1, chooser=0, first=1, timed_out=False) == (
        "Ann chose Bo to play first in bout 1."
    )
    assert "Ann chose to play first" in text("starter_chosen", chooser=0, first=0, timed_out=False)
    assert "did not choose in time" in text("starter_chosen", chooser=0, first=0, timed_out=True)


def test_round_started_and_the_play_request() -> None:
    pair = {"number": 7, "symbol": "÷"}
    started = text("round_started", bout=2, round=3, pair=pair, first=1)
    assert "Bout 2 · round 3/12" in started
    assert "**7** and **÷**" in started
    assert "Bo plays first" in started
    first = text(
        "play_requested", 0, bout=1, round=3, pair=pair, numbers=[2, 9, 11], symbols=["−", "+"],
        opponent_colours=None, seconds=45, reserve_ms=125_000, window="expression:1:3:0",
    )  # fmt: skip
    assert "`2 9 11`" in first
    assert "`+ −`" in first
    assert "`play 7 / 11 + 9`" in first  # a legal example from the seat's own tiles
    assert "45 s" in first
    assert "2:05" in first
    assert "played:" not in first
    second = text(
        "play_requested", 1, bout=1, round=3, pair=pair, numbers=[2, 9, 11], symbols=["−"],
        opponent_colours=["black", "white", "white", "black", "white"], seconds=45,
        reserve_ms=180_000, window="expression:1:3:1",
    )  # fmt: skip
    assert "Ann played: ⬛⬜⬜⬛⬜ (B W W B W)" in second


def test_a_play_is_told_three_ways() -> None:
    where = {"bout": 1, "round": 3}
    mine = render(
        "expression_accepted", 0, **where, tiles=[7, "+", 12, "×", 3], own=[3, 12, "×"],
        value="43", distance="33", charged_ms=12_000, reserve_ms=168_000,
    )  # fmt: skip
    assert "`7 + 12 × 3` = **43**" in mine.text
    assert "distance to 10: 33" in mine.text
    assert "`3 12 ×`" in mine.text
    assert "spent 0:12, 2:48 left" in mine.text
    assert [i.filename for i in mine.images] == ["expression-b1-r3.png"]
    theirs = render(
        "tiles_played", 1, **where, seat=0, colours=["white", "black", "black", "black", "white"],
        reserve_ms=168_000,
    )  # fmt: skip
    assert "Ann played round 3:** ⬜⬛⬛⬛⬜ (W B B B W)" in theirs.text
    assert [i.filename for i in theirs.images] == ["colours-b1-r3.png"]
    room = text("seat_played", **where, seat=0, reserve_ms=168_000)
    assert room == "Ann has played round 3 (reserve 2:48)."


def test_a_message_tells_the_colours_once() -> None:
    colours = ["black", "white", "white", "black", "white"]
    told = notice("tiles_played", 1, bout=1, round=3, seat=0, colours=colours, reserve_ms=0)
    asked = notice(
        "play_requested", 1, bout=1, round=3, pair={"number": 7, "symbol": "÷"}, numbers=[2, 9],
        symbols=["+"], opponent_colours=colours, seconds=45, reserve_ms=0, window="w",
    )  # fmt: skip
    out = R.render([told, asked], 1, names=NAMES)
    assert out.text.count("⬛⬜⬜⬛⬜") == 1
    assert "Your expression for round 3" in out.text


def test_values_are_exact_and_signed() -> None:
    out = text(
        "expression_accepted", 0, bout=1, round=1, tiles=[1, "÷", 3, "−", 4], own=[3, 4, "−"],
        value="-11/3", distance="41/3", charged_ms=0, reserve_ms=0,
    )  # fmt: skip
    assert "**−11/3 (≈ −3.67)**" in out
    assert "41/3 (≈ 13.67)" in out


def test_round_won_and_the_host_detail() -> None:
    won = text("round_won", bout=1, round=4, winner=1, first=0, points=[2, -1])
    assert "**Bo wins round 4**" in won
    assert "second player, Bo" in won
    assert "Ann **2** · Bo **−1**" in won
    plays = [
        {"numbers": [7, 12, 3], "symbols": ["+", "×"], "own": {"numbers": [3, 12], "symbol": "×"},
         "value": "43", "distance": "33", "charged_ms": 0},
        {"numbers": [5, 7, 1], "symbols": ["+", "+"], "own": {"numbers": [1, 5], "symbol": "+"},
         "value": "13", "distance": "3", "charged_ms": 0},
    ]  # fmt: skip
    detail = text("round_detail", HOST, bout=1, round=4, winner=1, plays=plays)
    assert "Ann `7 + 12 × 3` = 43" in detail
    assert "Bo `5 + 7 + 1` = 13" in detail
    assert "own `1 5 +`" in detail
    assert "Bo wins" in detail


def test_guessing_and_revealing() -> None:
    where = {"bout": 1, "round": 5, "seconds": 60}
    asked = text("guess_requested", 1, **where, window="guess:1:5")
    assert "You lost round 5" in asked
    assert "`guess none`" in asked
    assert "Ann" in asked
    reveal = text("reveal_requested", 0, **where, tiles=[3, 12, "×"], default="×", window="r")
    assert "`3 12 ×`" in reveal
    assert "the symbol, ×" in reveal
    got = text("guess_received", 1, bout=1, round=5, numbers=[5, 7], symbol="+", changed=True)
    assert "Changed your guess for round 5: `5 7 +`" in got
    assert "no guess" in text("guess_received", 1, round=5, numbers=[], symbol=None)
    assert "reveal **12**" in text("reveal_received", 0, round=5, tile=12, changed=False)
    assert text("choice_in", round=5, seat=1, choice="guess") == "Bo's guess for round 5 is in."
    assert "Ann has picked a tile" in text("choice_in", round=5, seat=0, choice="reveal")


def test_guesses_scored() -> None:
    base = {"bout": 1, "round": 5, "guesser": 1, "revealer": 0, "totals": [4, 1]}
    right = text(
        "guesses_scored", **base, numbers=[{"number": 5, "correct": True, "points": 2},
        {"number": 7, "correct": False, "points": -1}],
        symbol={"symbol": "+", "correct": False, "points": -1}, points=0, timed_out=False,
        revealed=None, reveal_timed_out=False,
    )  # fmt: skip
    assert "Bo guessed **5** ✅ +2 · **7** ❌ −1 · **+** ❌ −1 (net ±0)" in right
    assert "nothing else is revealed" in right
    assert "Ann **4** · Bo **1**" in right
    wrong = text(
        "guesses_scored", **base, numbers=[], symbol=None, points=0, timed_out=True,
        revealed="×", reveal_timed_out=True,
    )  # fmt: skip
    assert "ran out of time: no guess" in wrong
    assert "Ann reveals one of their tiles: **×** (time ran out, so the symbol)" in wrong


def test_the_final_guess_texts() -> None:
    assert "Final Guess for bout 2" in text("final_opened", bout=2, seconds=300)
    asked = text("final_requested", 1, bout=1, seconds=300, window="final:1:1")
    assert "`final 1: 5 7 +; 2: 12 12 -`" in asked
    assert "`final done`" in asked
    assert "Ann used" in asked
    saved = text(
        "final_saved", 0, bout=1, rounds=[2, 5], locked=False,
        entries=[{"round": 2, "tiles": [5, 7, "+"]}, {"round": 5, "tiles": [1, 1, "÷"]}],
    )  # fmt: skip
    assert "Saved 2 rounds (2, 5)" in saved
    assert "R2 `5 7 +` · R5 `1 1 ÷`" in saved
    assert "`final done`" in saved
    assert "locked" in text("final_saved", 0, bout=1, rounds=[], locked=True, entries=[])
    assert text("final_locked", bout=1, seat=1, timed_out=False) == (
        "🔒 Bo has locked their Final Guess."
    )
    assert "ran out" in text("final_locked", bout=1, seat=1, timed_out=True)


def test_final_scored_gives_counts_and_a_table_but_no_tiles() -> None:
    """The room learns how many rounds each got right, never the guessed tiles."""
    bout_points = [
        {"rounds": 7, "guesses": 3, "final": 2, "total": 12},
        {"rounds": 5, "guesses": -2, "final": 0, "total": 3},
    ]
    out = text(
        "final_scored", bout=1, right=[1, 0], points=[2, 0], bout_points=bout_points,
        totals=[12, 3],
    )  # fmt: skip
    assert "Ann: 1 of 12 rounds exactly right → +2" in out
    assert "Bo: 0 of 12 rounds exactly right → ±0" in out
    assert "`" not in out.split("```")[0], "no tiles before the table"
    table = out.split("```")[1]
    assert re.search(r"Ann\s+7\s+3\s+2\s+12", table)
    assert re.search(r"Bo\s+5\s+-2\s+0\s+3", table)
    assert "Match points: Ann **12** · Bo **3**" in out


def test_final_results_list_every_guess_for_the_host() -> None:
    guesses = [
        [{"round": 1, "tiles": [2, 4, "+"], "correct": True},
         {"round": 2, "tiles": [1, 3, "÷"], "correct": False}],
        [],
    ]  # fmt: skip
    out = text("final_results", bout=1, guesses=guesses)
    assert "Ann: R1 `2 4 +` ✅ · R2 `1 3 ÷` ❌ → +2" in out
    assert "Bo: no guesses → ±0" in out


def scores(points: int, before: int, rounds: tuple[int, int]) -> dict[str, Any]:
    """Ann's and Bo's totals: ``points`` and ``before`` are Ann's lead."""
    return {
        "points": [30 + points, 30],
        "before_final": [20 + before, 20],
        "rounds_won": list(rounds),
    }


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (scores(2, -2, (13, 11)), "on points, 32–30"),
        (scores(0, 2, (11, 13)), "more points before the Final Guesses, 22–20 (points tied 30–30)"),
        (scores(0, 0, (13, 11)), "more rounds won, 13–11"),
        (scores(0, 0, (12, 12)), "on the Advantage"),
    ],
)
def test_match_over_explains_the_tie_breaks(data: dict[str, Any], expected: str) -> None:
    out = text("match_over", winner=0, reason="seat 0 won", forfeit=None, reserve_ms=[0, 0], **data)
    assert "**Ann wins**" in out
    assert expected in out
    assert "seat 0" not in out


def test_match_over_by_forfeit() -> None:
    out = text(
        "match_over", winner=1, forfeit=0, points=[9, 2], before_final=[9, 2], rounds_won=[5, 1],
        reason="seat 0 ran out of reserve time", reserve_ms=[0, 100],
    )  # fmt: skip
    assert "**Bo wins** — Ann ran out of reserve time" in out


def test_odd_data_never_crashes() -> None:
    for kind in R.handlers():
        for audience in (PUBLIC, 0, HOST):
            assert isinstance(R.render([notice(kind, audience)], audience, names=NAMES).text, str)
    out = text("tiles_played", 1, round="x", seat=9, colours=["red", 4])
    assert "Player 10" in out


# -- against the real engine ------------------------------------------------------------


def random_match(seed: int) -> list[Step[ExpressionState]]:
    """A whole match of random legal moves, with some timeouts, step by step."""
    rnd = random.Random(seed)
    step = GAME.setup({"global_tiles": PAIRS}, seed=seed)
    steps, state, now = [step], step.state, 0
    while state.outcome is None:
        now += 1000
        due = GAME.deadlines(state)
        if rnd.random() < 0.05 and due and state.stage != "play":
            step = GAME.expire(state, due[0].key, due[0].at_ms)
        elif state.stage == "planning":
            step = say(state, min(GAME.to_act(state)), "ready", now)
        elif state.stage == "starter":
            step = say(state, state.config.advantage, rnd.choice(["first me", "first them"]), now)
        elif state.stage == "play":
            step = apply(state, state.to_play, random_play(state, state.to_play, rnd), now)
        elif state.stage == "guess":
            record = state.current
            if record.guess is None:
                step = apply(state, 1 - record.decided_winner, random_guess(rnd), now)
            else:
                step = apply(state, record.decided_winner, random_reveal(state, rnd), now)
        else:
            seat = min(GAME.to_act(state))
            step = apply(
                state, seat, exact_final(state, seat).model_copy(update={"done": True}), now
            )
        steps.append(step)
        state = step.state
    return steps


def rendered(step: Step[ExpressionState], audience: Audience) -> Rendered | None:
    mine = [n for n in step.notices if n.audience == audience]
    return R.render(mine, audience, names=NAMES) if mine else None


def test_every_engine_notice_renders_without_fallback() -> None:
    seen: set[str] = set()
    steps = random_match(3)
    # The host's reveal once the match is over (/match reveal) is a step of its own.
    revealed = Step(state=steps[-1].state, notices=GAME.reveal(steps[-1].state))
    for step in [*steps, revealed]:
        for audience in (PUBLIC, 0, 1, HOST):
            out = rendered(step, audience)
            if out is not None:
                assert "[" not in out.text, out.text  # the fallback's marker
                seen.update(n.kind for n in step.notices if n.audience == audience)
    assert seen >= set(R.handlers()) - {"reserve_started"}


def test_reserve_time_and_a_forfeit_from_the_engine() -> None:
    state = started(reserve_seconds=10)
    step = GAME.expire(state, "play:1:1:0", 45_000)
    out = rendered(step, PUBLIC)
    assert out is not None
    assert "Ann's time for round 1 is up" in out.text
    assert "0:10 left" in out.text
    over = GAME.expire(step.state, "reserve:1:1:0", 55_000)
    final = rendered(over, PUBLIC)
    assert final is not None
    assert "**Bo wins** — Ann ran out of reserve time" in final.text


def expression_strings(state: ExpressionState) -> dict[int, list[str]]:
    """Each seat's expressions as the renderer writes them (`7 + 12 × 3`)."""
    found: dict[int, list[str]] = {0: [], 1: []}
    for record in state.rounds:
        for seat, play in enumerate(record.plays):
            if play is not None:
                found[seat].append("`" + " ".join(str(t) for t in play.tiles()) + "`")
    return found


def _public_numbers(value: object) -> set[str]:
    """Every number a notice's data carries, as text (with clock times for ms)."""
    if isinstance(value, dict):
        return set().union(*(_public_numbers(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_public_numbers(v) for v in value)) if value else set()
    if isinstance(value, int) and not isinstance(value, bool):
        seconds = max(value, 0) // 1000
        return {str(value), str(abs(value)), str(seconds // 60), f"{seconds % 60:02d}"}
    return set()


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_the_room_reads_no_secret(seed: int) -> None:
    """Public messages carry only numbers from public data (and the rules' own 1, 2,
    10, 12), never an expression; a seat never reads its opponent's expressions."""
    steps = random_match(seed)
    secret = expression_strings(steps[-1].state)
    for step in steps:
        public = rendered(step, PUBLIC)
        if public is not None:
            allowed = _public_numbers([n.data for n in step.notices if n.audience == PUBLIC])
            words = set(re.findall(r"\d+", public.text)) - allowed - {"0", "1", "2", "10", "12"}
            assert not words, (words, public.text)
            assert not any(e in public.text for seat in (0, 1) for e in secret[seat])
        for seat in (0, 1):
            private = rendered(step, seat)
            if private is not None:
                assert not any(e in private.text for e in secret[1 - seat])


def test_a_round_in_the_room_never_names_the_own_tiles() -> None:
    """Round 1 (global 1 +): Ann plays 9 + 11 ÷ 1 (20), Bo 1 + 3 × 8 (25); Bo guesses
    nothing, Ann reveals 11. The room never reads 9, ÷, 3, 8 or × in that round."""
    state = fresh(reserve_seconds=100)
    for seat, move in [(0, "ready"), (1, "ready"), (0, "first me"), (0, "play 9 + 11 / 1")]:
        state = say(state, seat, move).state
    steps = [say(state, 1, "play 1 + 3 * 8")]
    steps.append(say(steps[-1].state, 1, "guess none"))
    steps.append(say(steps[-1].state, 0, "reveal 11"))
    room = "\n".join(out.text for step in steps if (out := rendered(step, PUBLIC)))
    round_one = room.split("round 2/12")[0]
    assert "**Ann wins round 1**" in round_one
    assert "**11**" in round_one
    for word in ("9", "3", "8"):
        assert not re.search(rf"\b{word}\b", round_one), round_one
    assert not set("÷×") & set(round_one)
    bo = "\n".join(out.text for step in steps if (out := rendered(step, 1)))
    assert "9 + 11 ÷ 1" not in bo


def test_status_for_each_audience() -> None:
    steps = random_match(4)
    state = next(s.state for s in steps if s.state.stage == "guess" and s.state.round == 4)
    secret = expression_strings(state)
    seat = R.status(GAME.view(state, 0), 0, names=NAMES)
    assert "Your tiles: numbers `" in seat.text
    assert "Pairs to come: R5 `5 +`" in seat.text
    assert "Bout 1, round by round:" in seat.text
    assert all(f"you {e}" in seat.text for e in secret[0])
    assert not any(e in seat.text for e in secret[1])
    assert "Bo ⬛" in seat.text or "Bo ⬜" in seat.text
    public = R.status(GAME.view(state, PUBLIC), PUBLIC, names=NAMES)
    assert not any(e in public.text for s in (0, 1) for e in secret[s])
    assert "⬛" not in public.text
    assert "⬜" not in public.text
    assert "Tiles left:" in public.text
    host = R.status(GAME.view(state, HOST), HOST, names=NAMES)
    assert all(f"{NAMES[s]} {e}" in host.text for s in (0, 1) for e in secret[s])
    assert [i.filename for i in seat.images] == ["pairs-bout1.png"]
    over = R.status(GAME.view(steps[-1].state, 0), 0, names=NAMES)
    assert "wins" in over.text
    assert "seat 0" not in over.text
    assert R.status({}, PUBLIC, names=NAMES).text


# -- the pictures ---------------------------------------------------------------------


def differ(a: PILImage.Image, b: PILImage.Image) -> bool:
    """Visibly different: palette rounding aside (each PNG has its own 64 colours)."""
    diff = ImageChops.difference(a.convert("L"), b.convert("L"))
    return diff.point(lambda v: 255 if v > 40 else 0).getbbox() is not None


def box(image: PILImage.Image, centre: tuple[float, float], half: float) -> PILImage.Image:
    x, y = centre
    return image.crop((round(x - half), round(y - half), round(x + half), round(y + half)))


def test_pairs_image_fades_played_rounds_and_frames_the_current() -> None:
    pairs = [(r, (n, s)) for r, (n, s) in enumerate(((p[0], p[1]) for p in PAIRS[:12]), 1)]
    fresh_strip = png(pairs_image(pairs, bout=1).data)
    later = png(pairs_image(pairs, bout=1, played=4, current=5, title="Bout 1").data)
    assert fresh_strip.size == later.size
    assert 600 <= fresh_strip.width <= 900
    for index, changed in [(0, True), (3, True), (4, True), (5, False), (11, False)]:
        cx, number_y, _ = pair_tile_centres(index)
        here = (cx, number_y)
        assert differ(box(fresh_strip, here, 28), box(later, here, 28)) == changed, index


def test_black_and_white_differ_in_grey_and_by_their_mark() -> None:
    colours = ["black", "white", "white", "black", "black"]
    image = png(colours_image(colours, bout=1, round_=1, title="Round 1").data).convert("L")
    tiles = [box(image, strip_tile_centre(i), 22) for i in range(5)]
    means = [ImageStat.Stat(t).mean[0] for t in tiles]
    assert means[0] < 110 < means[1]  # a dark tile and a light one, with no colour at all
    assert abs(means[0] - means[3]) < 15  # the same colour reads the same

    def mark(tile: PILImage.Image, dark: bool) -> PILImage.Image:
        """The ink of the tile's letter: light on dark tiles, dark on light ones."""
        return tile.point(lambda v: 255 if (v > 128) == dark else 0)

    b, w = mark(tiles[0], dark=True), mark(tiles[2], dark=False)
    assert b.getbbox() is not None
    assert w.getbbox() is not None
    assert ImageChops.difference(b, w).getbbox() is not None  # "B" is not "W"


def test_expression_image_shows_values_and_colours() -> None:
    shown = png(
        expression_image([7, "+", 12, "×", 3], [3, 12, "×"], bout=1, round_=2, title="R2").data
    )
    hidden = png(
        colours_image(
            ["white", "black", "black", "black", "white"], bout=1, round_=2, title="R2"
        ).data
    )
    assert shown.size == hidden.size
    for i in range(5):
        assert differ(box(shown, strip_tile_centre(i), 20), box(hidden, strip_tile_centre(i), 20))
    assert (
        len(expression_image([1, "+", 1, "+", 1], [1, 1, "+"], bout=1, round_=1, title="x").data)
        < 40_000
    )
