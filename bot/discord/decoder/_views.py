"""Buttons (and the hand menu) for the decisions where a click beats typing.

They are persistent: each ``custom_id`` carries the match, the decision window
the prompt opened and the move itself (``dc:7:d12:clue odd``), so a click
after a restart still works and a click on an old prompt is refused as too
late (the runtime compares the window) instead of answering whatever is open
now. Moves are the action language's own words, checked by the engine.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from itertools import product
from typing import Any

import discord
from discord import ButtonStyle

from bot.discord.acting import Audience
from bot.discord.buttons import MoveItem, persistent_view
from bot.discord.decoder._moves import confirm
from games import Notice
from games.decoder import GAME
from games.decoder.tiles import EXTRA_LIMITS, HAND_SIZE, RARITIES
from storage.records import MatchRecord

GAME_KEY = GAME.key
#: What ``Decoder.window`` names the letter-selection window.
SELECTION_WINDOW = "select"
Items = list[discord.ui.Item[Any]]


async def _move(
    item: MoveItem[Any],
    interaction: discord.Interaction[Any],
    record: MatchRecord,
    seat: int,
    move: str,
) -> None:
    """Make a clicked move, confirm it and offer the next prompt's buttons."""
    notices = await item.submit(interaction, record, seat, move)
    await confirm(interaction, record, seat, move, notices, decoder_view(record, seat, notices))


class MoveButton(
    MoveItem[discord.ui.Button[discord.ui.View]],
    template=r"dc:(?P<match>[0-9]+):(?P<window>[a-z0-9]+):(?P<move>[a-z][a-z0-9 ]*)",
):
    audience = Audience.PLAYER

    def __init__(
        self,
        match_id: int,
        window: str,
        move: str,
        label: str,
        style: ButtonStyle = ButtonStyle.primary,
    ) -> None:
        custom_id = f"dc:{match_id}:{window}:{move}"
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=custom_id), match_id, window
        )
        self.move = move

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        label = getattr(item, "label", None) or match["move"]
        return cls(int(match["match"]), match["window"], match["move"], label)

    async def act(
        self, interaction: discord.Interaction[Any], record: MatchRecord, seat: int
    ) -> None:
        await _move(self, interaction, record, seat, self.move)


class HandSelect(
    MoveItem[discord.ui.Select[discord.ui.View]],
    template=r"dc-hand:(?P<match>[0-9]+):(?P<window>[a-z0-9]+)",
):
    """Pick the 6 hand tiles from every tile dealt in letter selection."""

    audience = Audience.PLAYER

    def __init__(self, match_id: int, window: str, dealt: Sequence[str]) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"dc-hand:{match_id}:{window}",
                placeholder=f"Choose your {HAND_SIZE} hand tiles",
                min_values=HAND_SIZE,
                max_values=HAND_SIZE,
                options=[discord.SelectOption(label=letter, value=letter) for letter in dealt],
            ),
            match_id,
            window,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandSelect:
        options = getattr(item, "options", [])
        dealt = [option.value for option in options]
        return cls(int(match["match"]), match["window"], dealt)

    async def act(
        self, interaction: discord.Interaction[Any], record: MatchRecord, seat: int
    ) -> None:
        letters = " ".join(sorted(self.item.values)).lower()
        await _move(self, interaction, record, seat, f"hand {letters}")


# -- which prompt gets which buttons ---------------------------------------------------


def _clue(match_id: int, data: Mapping[str, Any]) -> Items:
    window = str(data["window"])
    return [MoveButton(match_id, window, f"clue {c.lower()}", str(c)) for c in data["choices"]]


def _giveup(match_id: int, data: Mapping[str, Any]) -> Items:
    window = str(data["window"])
    return [
        MoveButton(match_id, window, f"giveup {x.lower()}", f"Give up {x}", ButtonStyle.danger)
        for x in data["hand"]
    ]


def _swap(match_id: int, data: Mapping[str, Any]) -> Items:
    window = str(data["window"])
    items: Items = []
    if data.get("letter") is not None:
        items += [
            MoveButton(match_id, window, f"swap {x.lower()}", f"Swap out {x}") for x in data["hand"]
        ]
    items.append(MoveButton(match_id, window, "keep", "Keep my hand", ButtonStyle.secondary))
    return items


def _total(match_id: int, data: Mapping[str, Any]) -> Items:
    return [MoveButton(match_id, str(data["window"]), "pass", "No guess", ButtonStyle.secondary)]


def _sabotage(match_id: int, data: Mapping[str, Any]) -> Items:
    window = str(data["window"])
    names = list(data.get("choice_names") or [])
    return [
        MoveButton(
            match_id, window, f"sabotage {n}", f"Sabotage {names[i] if i < len(names) else n}"
        )
        for i, n in enumerate(data["choices"])
    ]


def _unexpected(match_id: int, data: Mapping[str, Any]) -> Items:
    window = str(data["window"])
    use = MoveButton(match_id, window, "unexpected", "Use Unexpected Sabotage", ButtonStyle.danger)
    return [use, MoveButton(match_id, window, "pass", "Don't use it", ButtonStyle.secondary)]


def _turn(match_id: int, data: Mapping[str, Any]) -> Items:
    tanks = list(data.get("tanks") or [])
    if not data.get("must_restore") or not tanks:
        return []
    tank = tanks[0]
    label = f"Restore (using {tank['tank_name']})"
    return [MoveButton(match_id, str(data["window"]), f"restore tank {tank['tank']}", label)]


def rarity_choices(extras: int) -> list[tuple[int, int, int]]:
    """Every (common, uncommon, rare) within the limits that adds up to ``extras``."""
    limits = [EXTRA_LIMITS[rarity] for rarity in RARITIES]
    ranges = [range(limit, -1, -1) for limit in limits]
    return [(c, u, r) for c, u, r in product(*ranges) if c + u + r == extras]


def _rarity_label(counts: tuple[int, int, int]) -> str:
    return " + ".join(f"{n} {rarity}" for n, rarity in zip(counts, RARITIES, strict=True) if n)


def _dealt(match_id: int, data: Mapping[str, Any]) -> Items:
    extras = int(data.get("extras") or 0)
    if extras == 0:
        initial = [str(x) for x in data["initial"]]
        move = "hand " + " ".join(initial).lower()
        return [MoveButton(match_id, SELECTION_WINDOW, move, "Keep these 6 tiles")]
    return [
        MoveButton(match_id, SELECTION_WINDOW, f"rarities {c} {u} {r}", _rarity_label((c, u, r)))
        for c, u, r in rarity_choices(extras)
    ]


def _extras(match_id: int, data: Mapping[str, Any]) -> Items:
    dealt = [str(x) for x in data.get("dealt") or []]
    if data.get("timed_out") or len(dealt) <= HAND_SIZE:
        return []
    return [HandSelect(match_id, SELECTION_WINDOW, dealt)]


_PROMPTS: dict[str, Callable[[int, Mapping[str, Any]], Items]] = {
    "clue_requested": _clue,
    "giveup_requested": _giveup,
    "letter_offered": _swap,
    "total_requested": _total,
    "sabotage_requested": _sabotage,
    "unexpected_offered": _unexpected,
    "turn_prompt": _turn,
    "tiles_dealt": _dealt,
    "extras_dealt": _extras,
}


def decoder_view(
    match: MatchRecord, seat: int, notices: Sequence[Notice]
) -> discord.ui.View | None:
    """Buttons for the newest prompt among a seat's notices that takes a click."""
    prompts = [n for n in notices if n.kind in _PROMPTS]
    if not prompts:
        return None
    newest = prompts[-1]
    return persistent_view(_PROMPTS[newest.kind](match.id, newest.data))
