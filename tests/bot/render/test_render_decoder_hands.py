"""Decoder's picture of the hands: the room's (hidden tiles and the letters
revealed, each marked by how) and a seat's own, as PNGs that decode."""

from __future__ import annotations

import io

from PIL import Image as PILImage

from bot.render import renderer_for
from bot.render.base import Image
from bot.render.decoder._hands import TileCell, room_rows
from games import PUBLIC, Notice

NAMES = ["alice", "bob"]
REVEALED = [
    {"letter": "C", "seat": 1, "how": "guessed", "turn": 1},
    {"letter": "G", "seat": 0, "how": "given_up", "turn": 2},
]


def _images(notice: Notice, audience: int | str) -> list[Image]:
    return renderer_for("decoder").render([notice], audience, names=NAMES).images


def _decodes(image: Image) -> tuple[int, int]:
    with PILImage.open(io.BytesIO(image.data)) as picture:
        assert picture.format == "PNG"
        picture.load()
        return picture.size


def test_the_room_rows_hide_every_letter_still_in_a_hand() -> None:
    rows = room_rows({"hand_sizes": [5, 5], "revealed": REVEALED})
    assert [row.seat for row in rows] == [0, 1]
    assert rows[0].tiles == [*[TileCell("hidden")] * 5, TileCell("given_up", "G", 2)]
    assert rows[1].tiles == [*[TileCell("hidden")] * 5, TileCell("guessed", "C", 1)]
    assert all(cell.letter is None for row in rows for cell in row.tiles if cell.state == "hidden")


def test_a_guess_shows_the_room_both_hands() -> None:
    data = {"turn": 2, "seat": 0, "letter": "C", "correct": True, "hand_sizes": [5, 5]}
    (image,) = _images(
        Notice(audience=PUBLIC, kind="tile_guessed", data={**data, "revealed": REVEALED}), PUBLIC
    )
    assert image.filename == "tiles.png"
    width, height = _decodes(image)
    assert width > 400
    assert height > 200
    # A notice stored before pictures existed still renders, as text alone.
    assert _images(Notice(audience=PUBLIC, kind="tile_guessed", data=data), PUBLIC) == []


def test_the_end_by_an_empty_hand_adds_no_second_picture() -> None:
    """The guess or give-up that emptied the hand carries it in the same message."""
    emptied = {"winner": 0, "reason": "…", "hand_sizes": [5, 0], "revealed": REVEALED}
    assert _images(Notice(audience=PUBLIC, kind="match_over", data=emptied), PUBLIC) == []
    timed_out = {**emptied, "hand_sizes": [5, 4], "reason": "seat 1 ran out of time"}
    assert len(_images(Notice(audience=PUBLIC, kind="match_over", data=timed_out), PUBLIC)) == 1


def test_a_seat_sees_its_own_hand_face_up() -> None:
    chosen = Notice(audience=0, kind="hand_chosen", data={"hand": ["G", "H", "I", "K", "L", "M"]})
    (image,) = _images(chosen, 0)
    _decodes(image)
    swapped = Notice(
        audience=1,
        kind="swap_done",
        data={"turn": 3, "offered": "Q", "swapped_out": "A", "hand": ["B", "Q"]},
    )
    assert len(_images(swapped, 1)) == 1
