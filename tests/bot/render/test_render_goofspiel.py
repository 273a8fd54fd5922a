"""Square Goofspiel rendering: the text of every notice, the board image, status."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image as PILImage
from PIL import ImageChops

from bot.render import Rendered, renderer_for
from bot.render.goofspiel import BOARD_FILENAME, board_image, cell_box
from games.core.contract import HOST, PUBLIC, Audience, Notice
from games.goofspiel import GAME, Bid, GoofspielState
from games.goofspiel.board import ALL_CELLS

NAMES = ("Ann", "Bo")
R = renderer_for("goofspiel")
ROW_MAJOR = [f"r{r}c{c}" for r in range(1, 7) for c in range(1, 7)]


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
    return image


HANDS = [[1, 1, 2, 3], [2, 5, 6]]


# -- notice texts ---------------------------------------------------------------------


def test_phase_started_lists_letters_and_cells() -> None:
    cells = ["r3c5", "r1c1", "r6c6", "r2c4", "r5c2", "r4c3"]
    out = text("phase_started", phase=2, cells=cells)
    assert "Phase 2" in out
    for letter, cell in zip("ABCDEF", cells, strict=True):
        assert f"**{letter}** {cell}" in out
    assert out.index("r3c5") < out.index("r1c1") < out.index("r4c3")


def test_auction_opened() -> None:
    out = text("auction_opened", phase=2, letter="C", cell="r3c5", number=8, seconds=90)
    assert "Auction 8/36" in out
    assert "**C**" in out
    assert "r3c5" in out
    assert "row 3" in out
    assert "column 5" in out
    assert "90 s" in out
    # Its values: 5 within row 3 (worth 4), 3 within column 5 (worth 2).
    assert "counts 5 in row 3" in out
    assert "3 in column 5" in out


def test_bid_requested_shows_the_hand() -> None:
    out = text(
        "bid_requested",
        0,
        phase=1,
        letter="A",
        cell="r1c1",
        hand=[3, 1, 1, 6],
        window="k",
        seconds=90,
    )
    assert "`1 1 3 6`" in out
    assert "4 cards" in out
    assert "90 s" in out
    assert "pass" in out
    assert "**Your bid for cell A**" in out
    empty = text("bid_requested", 1, phase=6, letter="F", cell="r6c6", hand=[], seconds=90)
    assert "empty" in empty


def test_bid_received_card_pass_and_change() -> None:
    out = text("bid_received", 0, letter="C", cell="r3c5", card=4, changed=False)
    assert "**C**" in out
    assert "**4**" in out
    assert "until both bids are in" in out
    assert "Changed" not in out
    passed = text("bid_received", 0, letter="C", cell="r3c5", card=0, changed=True)
    assert "**pass**" in passed
    assert "Changed" in passed


def test_bid_in_names_the_bidder_and_no_card() -> None:
    out = text("bid_in", seat=1, letter="C")
    assert out == "Bo has bid on **C**."
    assert not re.search(r"\d", out)
    assert "Your bid" in text("bid_in", 1, seat=1, letter="C")


def resolved(**over: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "number": 8,
        "phase": 2,
        "letter": "C",
        "cell": "r3c5",
        "bids": [4, 2],
        "winner": 0,
        "timed_out": [False, False],
        "hands": HANDS,
        "board": {"r3c5": 0, "r1c1": 1},
    }
    return {**data, **over}


def test_auction_resolved_reveals_both_cards_and_the_winner() -> None:
    out = render("auction_resolved", **resolved())
    assert "Ann **4**" in out.text
    assert "Bo **2**" in out.text
    assert "**Ann** claims r3c5" in out.text
    assert "Auction 8/36" in out.text
    assert "`1 1 2 3`" in out.text
    assert "`2 5 6`" in out.text
    assert [image.filename for image in out.images] == [BOARD_FILENAME]
    png(out.images[0].data)


def test_auction_resolved_pass_timeout_and_tie() -> None:
    out = text("auction_resolved", **resolved(bids=[0, 3], winner=1, timed_out=[True, False]))
    assert "Ann **pass** (time ran out)" in out
    assert "Bo **3**" in out
    assert "(time ran out)" not in out.split("Bo")[1]
    assert "**Bo** claims" in out
    tie = text("auction_resolved", **resolved(bids=[3, 3], winner=None))
    assert "Nobody claims r3c5 (tie)" in tie
    none = text("auction_resolved", **resolved(bids=[0, 0], winner=None, timed_out=[True, True]))
    assert "Nobody claims r3c5" in none
    assert none.count("(time ran out)") == 2


def test_phase_ended() -> None:
    out = text("phase_ended", phase=2, claimed=[4, 0], new_cards=[4, None], hands=HANDS)
    assert "Phase 2" in out
    assert "Ann claimed 4 cells → new card **4**" in out
    assert "Bo claimed 0 cells → no new card" in out
    one = text("phase_ended", phase=3, claimed=[1, 5], new_cards=[1, 5], hands=HANDS)
    assert "claimed 1 cell →" in one
    assert "`2 5 6`" in one


def final_lines(winners: list[int | None]) -> list[dict[str, Any]]:
    names = [f"row {i}" for i in range(1, 7)] + [f"column {i}" for i in range(1, 7)]
    worths = [7 - i for i in range(1, 7)] * 2
    out = []
    for i, (name, worth, winner) in enumerate(zip(names, worths, winners, strict=True)):
        totals = [10 + i, 10 + i] if winner is None else [20 + i, 3] if winner == 0 else [4, 30 + i]
        out.append({"line": name, "worth": worth, "totals": totals, "winner": winner})
    return out


def test_match_over_lists_every_line_and_the_winner() -> None:
    winners: list[int | None] = [0, 1, None, 0, 0, 1, 1, 0, None, 0, 1, 0]
    lines = final_lines(winners)
    out = text(
        "match_over", lines=lines, points=[21, 15], remaining=[3, 4], winner=0, reason="seat 0 won"
    )
    table = out.split("```")[1]
    for entry in lines:
        row = next(line for line in table.splitlines() if line.startswith(entry["line"] + " "))
        numbers = [int(n) for n in re.findall(r"\d+", row.removeprefix(entry["line"]))]
        assert numbers == [entry["worth"], *entry["totals"]]
        if entry["winner"] is None:
            assert "tie" in row
        else:
            assert NAMES[entry["winner"]] in row
    assert len([line for line in table.splitlines() if re.match(r"(row|column) \d", line)]) == 12
    assert "Ann **21**" in out
    assert "Bo **15**" in out
    assert "**Ann wins** on points, 21–15" in out
    assert "seat 0" not in out


def test_match_over_tie_break_and_draw() -> None:
    lines = final_lines([None] * 12)
    tie_break = text(
        "match_over", lines=lines, points=[18, 18], remaining=[3, 4], winner=1, reason=""
    )
    assert "tie-break" in tie_break
    assert "**Bo wins**" in tie_break
    assert "4–3" in tie_break
    draw = text(
        "match_over", lines=lines, points=[18, 18], remaining=[3, 3], winner=None, reason=""
    )
    assert "draw" in draw
    assert "wins" not in draw


def test_match_over_result_not_from_the_numbers_trusts_the_engine() -> None:
    lines = final_lines([0] * 12)
    out = text(
        "match_over", lines=lines, points=[30, 0], remaining=[0, 0], winner=1, reason="forfeit"
    )
    assert "**Bo wins** — forfeit" in out


def test_last_step_shows_one_final_board() -> None:
    notices = [
        notice("auction_resolved", **resolved(number=36, phase=6, letter="F")),
        notice("phase_ended", phase=6, claimed=[1, 1], new_cards=[1, 1], hands=HANDS),
        notice(
            "match_over", lines=final_lines([0] * 12), points=[42, 0], remaining=[1, 2], winner=0
        ),
    ]
    out = R.render(notices, PUBLIC, names=NAMES)
    assert (
        out.text.index("Auction 36/36")
        < out.text.index("Phase 6")
        < out.text.index("match is over")
    )
    assert len(out.images) == 1
    final = board_image(
        resolved()["board"], names=NAMES, title="Final board", final=True, auctioned=ALL_CELLS
    )
    assert out.images[0].data == final.data


# -- the board image ------------------------------------------------------------------


def test_board_image_is_a_png_of_a_sensible_size() -> None:
    image = board_image({}, names=NAMES)
    assert image.filename == "board.png"
    picture = png(image.data)
    assert 400 <= picture.width <= 800
    assert 400 <= picture.height <= 900
    assert len(image.data) < 60_000
    titled = png(board_image({}, names=NAMES, title="Phase 1").data)
    assert titled.width == picture.width
    assert titled.height > picture.height


def crop(
    image: PILImage.Image, cell: str, titled: bool = False, mode: str = "RGB"
) -> PILImage.Image:
    left, top, right, bottom = cell_box(cell, titled=titled)
    # Stay inside the grid lines.
    return image.convert(mode).crop((left + 3, top + 3, right - 3, bottom - 3))


def test_claimed_cells_change_their_own_area() -> None:
    empty = png(board_image({}, names=NAMES).data)
    claimed = png(board_image({"r2c3": 0, "r5c6": 1}, names=NAMES).data)
    for cell in ("r2c3", "r5c6"):
        assert ImageChops.difference(crop(empty, cell), crop(claimed, cell)).getbbox() is not None
    # An untouched cell looks the same.
    assert ImageChops.difference(crop(empty, "r4c4"), crop(claimed, "r4c4")).getbbox() is None


def test_seats_differ_in_shape_not_only_colour() -> None:
    image = png(board_image({"r1c1": 0, "r1c2": 1}, names=NAMES).data)
    circle, square = crop(image, "r1c1", mode="L"), crop(image, "r1c2", mode="L")

    def silhouette(cell: PILImage.Image) -> set[tuple[int, int]]:
        background = cell.getpixel((1, 1))
        return {
            (x, y)
            for x in range(cell.width)
            for y in range(cell.height)
            if abs(int(cell.getpixel((x, y))) - int(background)) > 40  # type: ignore[arg-type]
        }

    one, two = silhouette(circle), silhouette(square)
    assert one
    assert two
    assert len(one ^ two) > 0.15 * len(one | two)  # a circle leaves 1 - π/4 of its box
    # The square fills the corners of its box; the circle leaves them empty.
    mid = circle.width // 2
    corner = (mid - 15, mid - 15)
    assert corner in two
    assert corner not in one


def test_current_cell_and_phase_letters_are_marked() -> None:
    plain = png(board_image({}, names=NAMES).data)
    phase = ["r1c1", "r2c2", "r3c3", "r4c4", "r5c5", "r6c6"]
    marked = png(board_image({}, names=NAMES, current="r2c2", phase_cells=phase).data)
    for cell in phase:
        assert ImageChops.difference(crop(plain, cell), crop(marked, cell)).getbbox() is not None
    current, waiting = crop(marked, "r2c2"), crop(marked, "r3c3")
    assert ImageChops.difference(current, waiting).getbbox() is not None
    # Not a phase cell: untouched.
    assert ImageChops.difference(crop(plain, "r1c6"), crop(marked, "r1c6")).getbbox() is None


def test_board_image_copes_with_odd_input() -> None:
    image = board_image(
        {"r9c9": 0, "nonsense": 1, "r1c1": 7},
        names=("A very long display name that will not fit anywhere at all", ""),
        current="zz",
        phase_cells=["r1c1", "??"],
        title="T" * 300,
    )
    png(image.data)


# -- against the real engine ----------------------------------------------------------


def fresh() -> GoofspielState:
    return GAME.setup({"cell_order": ROW_MAJOR}, seed=1).state


def test_every_engine_notice_renders_without_fallback() -> None:
    state = fresh()
    seen: set[str] = set()
    step = GAME.setup({"cell_order": ROW_MAJOR}, seed=1)
    batches = [step.notices]
    for i in range(36):
        first = GAME.apply(state, 0, Bid(card=1 if i % 3 == 0 and 1 in state.hands[0] else 0), 0)
        batches.append(first.notices)
        second = GAME.apply(first.state, 1, Bid(card=0), 0)
        batches.append(second.notices)
        state = second.state
    assert state.outcome is not None
    for batch in batches:
        for audience in (PUBLIC, 0, 1, HOST):
            mine = [n for n in batch if n.audience == audience]
            if not mine:
                continue
            out = R.render(mine, audience, names=NAMES)
            assert "[" not in out.text, out.text  # the fallback's marker
            seen.update(n.kind for n in mine)
    assert {"phase_started", "auction_opened", "bid_requested", "bid_received", "bid_in"} <= seen
    assert {"auction_resolved", "phase_ended", "match_over"} <= seen
    final = R.render([n for n in batches[-1] if n.audience == PUBLIC], PUBLIC, names=NAMES)
    assert len(final.images) == 1


def test_public_messages_never_show_a_pending_bid() -> None:
    state = fresh()
    texts = set()
    for card in (1, 3, 6):
        step = GAME.apply(state, 0, Bid(card=card), 0)
        public = [n for n in step.notices if n.audience == PUBLIC]
        texts.add(R.render(public, PUBLIC, names=NAMES).text)
        private = R.render([n for n in step.notices if n.audience == 0], 0, names=NAMES).text
        assert f"**{card}**" in private
    assert len(texts) == 1
    assert not re.search(r"\d", texts.pop())


def test_status_never_leaks_a_pending_bid() -> None:
    state = fresh()
    public: set[str] = set()
    opponent: set[str] = set()
    images: set[bytes] = set()
    for card in (2, 5):
        pending = GAME.apply(state, 0, Bid(card=card), 0).state
        out = R.status(GAME.view(pending, PUBLIC), PUBLIC, names=NAMES)
        public.add(out.text)
        images.add(out.images[0].data)
        opponent.add(R.status(GAME.view(pending, 1), 1, names=NAMES).text)
        mine = R.status(GAME.view(pending, 0), 0, names=NAMES).text
        assert f"Your bid: **{card}**" in mine
        host = R.status(GAME.view(pending, HOST), HOST, names=NAMES).text
        assert f"Ann bid **{card}**" in host
    assert len(public) == 1
    assert len(opponent) == 1
    assert len(images) == 1
    assert "Ann: in" in public.pop()
    assert "Ann has bid" in opponent.pop()


def test_status_for_a_seat_and_the_public() -> None:
    state = fresh()
    for card0, card1 in [(6, 1), (0, 0), (2, 3)]:
        state = GAME.apply(state, 0, Bid(card=card0), 0).state
        state = GAME.apply(state, 1, Bid(card=card1), 0).state
    seat = R.status(GAME.view(state, 1), 1, names=NAMES)
    assert "phase 1" in seat.text
    assert "cell **D** (r1c4" in seat.text
    assert "Your hand: `1 1 1 1 1 2 2 2 2 2 3 3 3 4 4 4 5 5 6`" in seat.text
    assert "You have not bid" in seat.text
    assert "Ann has not bid yet" in seat.text
    assert "Lines led now" in seat.text
    png(seat.images[0].data)
    public = R.status(GAME.view(state, PUBLIC), PUBLIC, names=NAMES)
    assert "Your" not in public.text
    assert "Ann: not in yet" in public.text
    # Ann holds r1c1 (1 in row 1) against Bo's r1c3 (3): Bo leads row 1 (worth 6).
    assert "Bo **" in public.text
    assert "row 1 (6)" in public.text.split("• Bo")[-1]


def test_status_of_a_finished_match_and_of_an_empty_view() -> None:
    state = fresh()
    for _ in range(36):
        state = GAME.apply(state, 0, Bid(card=0), 0).state
        state = GAME.apply(state, 1, Bid(card=0), 0).state
    out = R.status(GAME.view(state, PUBLIC), PUBLIC, names=NAMES)
    assert "match is over" in out.text
    assert "draw" in out.text or "wins" in out.text
    assert "seat 0" not in out.text
    png(out.images[0].data)
    assert R.status({}, PUBLIC, names=NAMES).text


@pytest.mark.parametrize("audience", [PUBLIC, HOST, 0, 1])
def test_status_tolerates_a_sparse_view(audience: Audience) -> None:
    view = {"phase": 2, "letter": "B", "cell": "r2c2", "board": {"r1c1": 0}, "bids_in": [True]}
    out = R.status(view, audience, names=NAMES)
    assert "phase 2" in out.text
    assert out.images


def test_names_the_font_cannot_draw_fall_back() -> None:
    from bot.render.draw import drawable_text

    assert drawable_text("José Müller", "Player 1") == "Jose Muller"
    assert drawable_text("Łukasz", "Player 1") == "Lukasz"
    assert drawable_text("山田", "Player 2") == "Player 2"
    assert drawable_text("", "Player 2") == "Player 2"
