"""Buttons on the requests in a private channel.

- :class:`MoveButton` makes a move at once: who plays first (``first me`` /
  ``first them``), a tile to reveal, or no guess;
- :class:`FormButton` opens a form: the expression, a guess, the Final Guess.

Both are persistent: the ``custom_id`` carries the match, the decision window
of the request and the move (``ex:move:7:reveal:1:3:12``), so a click after a
restart still works and a click on an old request is refused as too late.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord
from discord import ButtonStyle

from bot.discord.acting import Audience
from bot.discord.buttons import MoveItem, persistent_view
from bot.discord.expression._forms import open_form
from bot.discord.expression._moves import confirm
from bot.render.expression._data import TYPED_SYMBOLS, symbol_of, tile_of
from games import Notice
from storage.records import MatchRecord

#: Move codes (the custom_id's last part): the text typed, and the button's label.
FIXED_MOVES = {
    "me": ("first me", "I play first"),
    "them": ("first them", "My opponent plays first"),
    "none": ("guess none", "No guess"),
}
FORM_LABELS = {"play": "Play…", "guess": "Guess…", "final": "Final Guess…"}


def move_of(code: str) -> tuple[str, str]:
    """The move text and button label for a code: a fixed move, or a tile to reveal."""
    if code in FIXED_MOVES:
        return FIXED_MOVES[code]
    tile = tile_of(int(code)) if code.isdigit() else symbol_of(code)
    return f"reveal {code}", f"Reveal {tile}"


class MoveButton(
    MoveItem[discord.ui.Button[discord.ui.View]],
    template=r"ex:move:(?P<match>[0-9]+):(?P<window>\S+):(?P<code>me|them|none|1[0-2]|[1-9]|[-+*/])",
):
    audience = Audience.PLAYER

    def __init__(self, match_id: int, window: str, code: str) -> None:
        text, label = move_of(code)
        style = ButtonStyle.secondary if code == "none" else ButtonStyle.primary
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=f"ex:move:{match_id}:{window}:{code}"
            ),
            match_id,
            window,
        )
        self.text = text

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        return cls(int(match["match"]), match["window"], match["code"])

    async def act(
        self, interaction: discord.Interaction[Any], record: MatchRecord, seat: int
    ) -> None:
        notices = await self.submit(interaction, record, seat, self.text)
        await confirm(interaction, record, seat, notices, "✅ Done.")


class FormButton(
    MoveItem[discord.ui.Button[discord.ui.View]],
    template=r"ex:form:(?P<match>[0-9]+):(?P<window>\S+):(?P<form>play|guess|final)",
):
    audience = Audience.PLAYER

    def __init__(self, match_id: int, window: str, form: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=FORM_LABELS[form],
                style=ButtonStyle.success,
                custom_id=f"ex:form:{match_id}:{window}:{form}",
            ),
            match_id,
            window,
        )
        self.form = form

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FormButton:
        return cls(int(match["match"]), match["window"], match["form"])

    async def act(
        self, interaction: discord.Interaction[Any], record: MatchRecord, seat: int
    ) -> None:
        await open_form(interaction, self.match_id, seat, self.form, self.window)


def _tile_code(tile: object) -> str | None:
    found = tile_of(tile)
    if found is None:
        return None
    return str(found) if isinstance(found, int) else TYPED_SYMBOLS[found]


def _buttons(match_id: int, request: Notice) -> list[MoveButton | FormButton]:
    window = str(request.data["window"])
    kind = request.kind
    if kind == "starter_requested":
        return [MoveButton(match_id, window, code) for code in ("me", "them")]
    if kind == "play_requested":
        return [FormButton(match_id, window, "play")]
    if kind == "guess_requested":
        return [FormButton(match_id, window, "guess"), MoveButton(match_id, window, "none")]
    if kind == "reveal_requested":
        codes = dict.fromkeys(c for c in map(_tile_code, request.data.get("tiles", [])) if c)
        return [MoveButton(match_id, window, code) for code in codes]
    return [FormButton(match_id, window, "final")]


REQUESTS = frozenset(
    {
        "starter_requested",
        "play_requested",
        "guess_requested",
        "reveal_requested",
        "final_requested",
    }
)


def request_view(
    match: MatchRecord, seat: int, notices: Sequence[Notice]
) -> discord.ui.View | None:
    """Buttons for the newest request among a seat's notices, if any."""
    requests = [n for n in notices if n.kind in REQUESTS and "window" in n.data]
    if not requests:
        return None
    return persistent_view(_buttons(match.id, requests[-1]))
