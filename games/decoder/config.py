"""The host's config for a Decoder match (DECISIONS lists the keys).

Anything random that is left out (tank names, puzzle times, items, the first
seat) is drawn from the seed at setup, so a bare ``{}`` plays a demo match.
"""

from __future__ import annotations

from typing import Any, Literal, TypeAlias

from pydantic import Field, field_validator

from games.core import GameConfig, Seat
from games.decoder.tanks import MAX_SECONDS, TANKS, normal_name
from games.decoder.tiles import ALPHABET, HAND_SIZE

Item: TypeAlias = Literal["hand_insurance", "new_evidence", "power_surge", "unexpected_sabotage"]
ITEMS: tuple[Item, ...] = ("hand_insurance", "new_evidence", "power_surge", "unexpected_sabotage")
ITEM_TITLES: dict[Item, str] = {
    "hand_insurance": "Hand Insurance",
    "new_evidence": "New Evidence",
    "power_surge": "Power Surge",
    "unexpected_sabotage": "Unexpected Sabotage",
}
#: Words the grammar gives a meaning of their own: no tank may be called one of these.
RESERVED_NAMES = frozenset(
    {"tank", "not", "no", "with", "using", "use", "evidence", "new evidence", "surge"}
    | {"power surge", "insurance", "hand insurance", "any", "odd", "two", "unexpected"}
)


def _pair(value: Any, what: str) -> Any:
    if isinstance(value, list) and len(value) != 2:
        raise ValueError(f"{what} needs two lists, seat 0's then seat 1's; got {len(value)}")
    return value


MAX_NAME = 40  # characters in a tank name


class DecoderConfig(GameConfig):
    tank_names: list[str] | None = None
    #: Seconds per puzzle: seat 0's seven, then seat 1's.
    times: list[list[int]] | None = None
    items: list[list[Item]] | None = None
    #: The seat whose recharge timer starts at 0 (the other starts at 1).
    first_seat: Seat | None = None
    #: A path the runtime reads and registers (see games.decoder.words); None: the shipped list.
    word_list: str | None = None
    selection_seconds: int = Field(default=180, ge=10)
    turn_seconds: int = Field(default=90, ge=10)
    response_seconds: int = Field(default=60, ge=10)
    bank_seconds: int = Field(default=300, ge=0)
    #: Two hands of 6 letters: skips letter selection (rehearsals and tests).
    preset_hands: list[list[str]] | None = None

    @field_validator("tank_names")
    @classmethod
    def _seven_names(cls, names: list[str] | None) -> list[str] | None:
        if names is None:
            return None
        names = [" ".join(name.split()) for name in names]
        if len(names) != TANKS:
            raise ValueError(f"tank_names needs exactly {TANKS} names; got {len(names)}")
        for name in names:
            # Names appear in buttons and menus, which Discord caps at 80 characters.
            if len(name) > MAX_NAME:
                raise ValueError(f"tank name {name!r} is longer than {MAX_NAME} characters")
            if not any(char.isalpha() for char in name):
                raise ValueError(f"tank name {name!r} needs a letter in it")
            if normal_name(name) in RESERVED_NAMES:
                raise ValueError(f"tank name {name!r} is a command word; choose another")
        normal = [normal_name(name) for name in names]
        repeated = sorted({name for name in normal if normal.count(name) > 1})
        if repeated:
            raise ValueError(f"tank_names repeats {', '.join(repeated)}")
        return names

    @field_validator("times", mode="before")
    @classmethod
    def _two_time_lists(cls, value: Any) -> Any:
        return _pair(value, "times")

    @field_validator("times")
    @classmethod
    def _seven_times(cls, times: list[list[int]] | None) -> list[list[int]] | None:
        for seat, row in enumerate(times or []):
            if len(row) != TANKS:
                raise ValueError(
                    f"times for seat {seat} needs {TANKS} puzzle times; got {len(row)}"
                )
            bad = [s for s in row if not 0 <= s <= MAX_SECONDS]
            if bad:
                raise ValueError(
                    f"puzzle times run 0–{MAX_SECONDS} s (the rules cap a tank at 30 units); "
                    f"seat {seat} has {bad[0]}"
                )
        return times

    @field_validator("items", mode="before")
    @classmethod
    def _tidy_items(cls, value: Any) -> Any:
        value = _pair(value, "items")
        if not isinstance(value, list):
            return value
        return [
            [_item_key(item) for item in row] if isinstance(row, list) else row for row in value
        ]

    @field_validator("items")
    @classmethod
    def _single_use(cls, items: list[list[Item]] | None) -> list[list[Item]] | None:
        for seat, row in enumerate(items or []):
            if len(set(row)) != len(row):
                raise ValueError(f"items for seat {seat} lists an item twice (each is single-use)")
        return items

    @field_validator("preset_hands", mode="before")
    @classmethod
    def _tidy_hands(cls, value: Any) -> Any:
        value = _pair(value, "preset_hands")
        if not isinstance(value, list):
            return value
        return [
            [str(letter).strip().upper() for letter in row] if isinstance(row, list) else row
            for row in value
        ]

    @field_validator("preset_hands")
    @classmethod
    def _two_hands(cls, hands: list[list[str]] | None) -> list[list[str]] | None:
        if hands is None:
            return None
        for seat, hand in enumerate(hands):
            if len(hand) != HAND_SIZE or len(set(hand)) != HAND_SIZE:
                raise ValueError(f"preset hand {seat} needs {HAND_SIZE} different letters")
            bad = [letter for letter in hand if len(letter) != 1 or letter not in ALPHABET]
            if bad:
                raise ValueError(f"preset hand {seat} has {bad[0]!r}, which is no letter A–Z")
        shared = sorted(set(hands[0]) & set(hands[1]))
        if shared:
            raise ValueError(
                f"the preset hands share {', '.join(shared)}; every tile is dealt once"
            )
        return [sorted(hand) for hand in hands]


def _item_key(item: Any) -> Any:
    """ "Power Surge", "power-surge" and "power_surge" are one item."""
    if not isinstance(item, str):
        return item
    return "_".join(item.lower().replace("-", " ").split())
