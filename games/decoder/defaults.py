"""What a config leaves out is drawn from the seed: a demo needs only ``{}``."""

from __future__ import annotations

from games.core import Seat, rng
from games.decoder.config import ITEMS, DecoderConfig, Item
from games.decoder.tanks import TANKS

#: Puzzle names for demo tanks (the first three are the rules' own examples).
PUZZLE_NAMES = (
    "Arithmetic Box",
    "Bijective Matrix",
    "Encrypted Image",
    "Cipher Wheel",
    "Dot Maze",
    "Floor Plan",
    "Gear Train",
    "Hidden Path",
    "Knight Tour",
    "Light Grid",
    "Mirror Room",
    "Number Chain",
)
#: Demo puzzle times: from a quick 8 s solve to a slow four minutes.
DEMO_SECONDS = (8, 240)
DEMO_ITEMS_PER_SEAT = 2


def tank_names(config: DecoderConfig, seed: int) -> list[str]:
    if config.tank_names is not None:
        return list(config.tank_names)
    return rng(seed, "tank_names").sample(PUZZLE_NAMES, TANKS)


def times(config: DecoderConfig, seed: int) -> list[list[int]]:
    if config.times is not None:
        return [list(row) for row in config.times]
    draw = rng(seed, "times")
    return [[draw.randint(*DEMO_SECONDS) for _ in range(TANKS)] for _ in range(2)]


def items(config: DecoderConfig, seed: int) -> list[list[Item]]:
    if config.items is not None:
        return [list(row) for row in config.items]
    draw = rng(seed, "items")
    return [sorted(draw.sample(ITEMS, DEMO_ITEMS_PER_SEAT)) for _ in range(2)]


def first_seat(config: DecoderConfig, seed: int) -> Seat:
    if config.first_seat is not None:
        return config.first_seat
    return 0 if rng(seed, "first_seat").random() < 0.5 else 1
