"""Board codes: exact round trips, damage always refused, readable refusals."""

from __future__ import annotations

import contextlib
import random
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import Rejected
from games.core import boardcode
from games.core.boardcode import DAMAGED, KINDS, BoardCode, decode, encode, looks_like_code

SIDES = range(4, 11)
# Every character a damaged code could hold: the code alphabet, its look-alikes
# (i l o u), upper case, and punctuation that survives a paste.
MUTANTS = sorted(set(string.ascii_lowercase + string.digits + "-_.#/"))


def random_cells(rng: random.Random, kind: str, n: int, distinct: int | None = None) -> list[int]:
    values = KINDS[kind].values
    pool = rng.sample(range(values), distinct or rng.randint(1, values))
    return [rng.choice(pool) for _ in range(n)]


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("height", SIDES)
@pytest.mark.parametrize("width", SIDES)
def test_round_trip_every_size(kind: str, height: int, width: int) -> None:
    """Every size and kind decodes to the board it encodes, whatever its contents."""
    rng = random.Random(f"{kind}{height}{width}")
    top = KINDS[kind].values - 1
    boards = [
        [0] * (height * width),
        [top] * (height * width),
        [i % (top + 1) for i in range(height * width)],
        *(random_cells(rng, kind, height * width) for _ in range(5)),
    ]
    for cells in boards:
        code = encode(kind, height, width, cells)
        assert decode(code) == BoardCode(kind, height, width, tuple(cells))
        assert decode(code, kind=kind).cells == tuple(cells)
        assert code == code.lower()
        assert code.startswith(f"{kind}1-")
        assert set(code[4:]) <= set(boardcode.ALPHABET)


@given(
    kind=st.sampled_from(sorted(KINDS)),
    height=st.integers(4, 10),
    width=st.integers(4, 10),
    data=st.data(),
)
def test_round_trip_property(kind: str, height: int, width: int, data: st.DataObject) -> None:
    cells = data.draw(
        st.lists(
            st.integers(0, KINDS[kind].values - 1),
            min_size=height * width,
            max_size=height * width,
        )
    )
    code = encode(kind, height, width, cells)
    assert decode(code).cells == tuple(cells)
    assert (decode(code).height, decode(code).width) == (height, width)


@given(st.text(max_size=40))
def test_decode_never_crashes(text: str) -> None:
    """Any text is a board or a Rejected, never another error."""
    with contextlib.suppress(Rejected):
        decode(text)


def sample_codes() -> list[str]:
    rng = random.Random(5)
    codes = [encode("lh", 4, 4, [0] * 16), encode("rb", 4, 4, [3] * 16)]
    for kind, h, w in (("lh", 10, 10), ("lh", 8, 6), ("rb", 10, 10), ("rb", 4, 4), ("rb", 8, 8)):
        codes.append(encode(kind, h, w, random_cells(rng, kind, h * w)))
    return codes


@pytest.mark.parametrize("code", sample_codes())
def test_every_single_character_change_is_refused(code: str) -> None:
    for i, original in enumerate(code):
        for ch in MUTANTS:
            if ch == original:
                continue
            damaged = code[:i] + ch + code[i + 1 :]
            with pytest.raises(Rejected):
                decode(damaged)


@pytest.mark.parametrize("code", sample_codes())
def test_every_swap_of_neighbours_is_refused(code: str) -> None:
    for i in range(len(code) - 1):
        if code[i] == code[i + 1]:
            continue
        swapped = code[:i] + code[i + 1] + code[i] + code[i + 2 :]
        with pytest.raises(Rejected):
            decode(swapped)


@pytest.mark.parametrize("code", sample_codes())
def test_dropped_or_doubled_characters_are_refused(code: str) -> None:
    for i in range(4, len(code)):
        for damaged in (code[:i] + code[i + 1 :], code[:i] + code[i] + code[i:]):
            if damaged == code:
                continue
            with pytest.raises(Rejected):
                decode(damaged)


def test_damage_says_so() -> None:
    code = encode("rb", 10, 10, [1] * 50 + [0] * 50)
    for damaged in (code[:-1] + ("0" if code[-1] != "0" else "1"), code + "x", "rb1-", "rb1-x"):
        with pytest.raises(Rejected) as error:
            decode(damaged)
        assert error.value.message == DAMAGED


def test_a_code_of_another_game_is_refused_by_name() -> None:
    code = encode("rb", 4, 4, [0] * 16)
    with pytest.raises(Rejected, match=r"That is a Rune Breaker board code.*Logical Horror"):
        decode(code, kind="lh")


def test_another_version_is_refused_by_name() -> None:
    code = encode("lh", 4, 4, [0] * 16)
    with pytest.raises(Rejected, match="version 2"):
        decode("lh2" + code[3:])


def test_codes_survive_discord() -> None:
    """Upper case, surrounding spaces and backticks are all forgiven."""
    code = encode("lh", 5, 7, [1, 0, 2] * 11 + [0, 0])
    for pasted in (code.upper(), f"  {code} ", f"`{code}`", f"```{code}```"):
        assert looks_like_code(pasted)
        assert decode(pasted) == decode(code)


@pytest.mark.parametrize(
    "text",
    ["#.#. / .... / .##. / ....", "rc gs .. ..", "..", "rc", "public", "lh1", "", "rb-abc"],
)
def test_text_boards_do_not_look_like_codes(text: str) -> None:
    assert not looks_like_code(text)


def test_a_full_rune_breaker_board_fits_easily() -> None:
    """A 10×10 board using a dozen objects stays near 90 characters; even every
    one of the 36 objects in random cells stays under 120 (a message holds 2,000)."""
    rng = random.Random(3)
    typical = encode("rb", 10, 10, random_cells(rng, "rb", 100, distinct=13))
    worst = encode("rb", 10, 10, [rng.randrange(37) for _ in range(100)])
    assert len(typical) <= 92
    assert len(worst) < 120


@pytest.mark.parametrize(
    ("kind", "height", "width", "cells"),
    [
        ("xx", 4, 4, [0] * 16),
        ("lh", 3, 4, [0] * 12),
        ("lh", 4, 11, [0] * 44),
        ("lh", 4, 4, [0] * 15),
        ("lh", 4, 4, [3] * 16),
        ("rb", 4, 4, [37] * 16),
        ("rb", 4, 4, [-1] * 16),
    ],
)
def test_encode_refuses_boards_no_code_holds(
    kind: str, height: int, width: int, cells: list[int]
) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 (the message varies by fault)
        encode(kind, height, width, cells)
