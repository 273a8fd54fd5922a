"""Buttons for Logical Horror.

Under each message that tells a seat its resources (the opening, token and
hint-use arrivals, query results, hints): **Public query…** and **Private
query…** open the query form, and a **Hint: red** button per colour takes a
hint at once (every resources message names the colours). In the host log, a claimed win
(``host_confirms_win``) carries **Confirm win** and **Deny**, for hosts only.

All are persistent: a ``custom_id`` carries the match and the move
(``lh:hint:7:red``), so a click after a restart still works. Logical Horror has
no decision windows, so nothing goes stale; the engine refuses what is not
possible now (no token, no hint use, no win waiting).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import ButtonStyle

from bot.discord.acting import Audience, require_host
from bot.discord.buttons import MoveItem, persistent_view
from bot.discord.errors import answer_interaction
from bot.discord.logical_horror._forms import open_form
from bot.discord.logical_horror._moves import confirm, known_colours
from bot.discord.replies import in_time, reply
from games import HOST, Notice
from storage.records import MatchRecord

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot

NO_WINDOW = "-"  # a race: no move answers a window that could close on it
FORM_LABELS = {"public": "Public query…", "private": "Private query…"}
#: The seat's notices that tell its resources: the buttons go under them.
RESOURCE_KINDS = frozenset(
    {"resources", "token_arrived", "hint_use_arrived", "query_result", "hint"}
)
Items = list[discord.ui.Item[Any]]


class FormButton(
    MoveItem[discord.ui.Button[discord.ui.View]],
    template=r"lh:form:(?P<match>[0-9]+):(?P<kind>public|private)",
):
    audience = Audience.PLAYER

    def __init__(self, match_id: int, kind: str) -> None:
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            label=FORM_LABELS[kind],
            style=ButtonStyle.primary if kind == "public" else ButtonStyle.secondary,
            custom_id=f"lh:form:{match_id}:{kind}",
        )
        super().__init__(button, match_id, NO_WINDOW)
        self.kind = kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FormButton:
        return cls(int(match["match"]), match["kind"])

    async def act(
        self, interaction: discord.Interaction[Any], record: MatchRecord, seat: int
    ) -> None:
        await open_form(interaction, self.match_id, seat, self.kind)


class HintButton(
    MoveItem[discord.ui.Button[discord.ui.View]],
    template=r"lh:hint:(?P<match>[0-9]+):(?P<colour>[\w-]{1,40})",
):
    audience = Audience.PLAYER

    def __init__(self, match_id: int, colour: str) -> None:
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            label=f"Hint: {colour}", style=ButtonStyle.success,
            custom_id=f"lh:hint:{match_id}:{colour}",
        )  # fmt: skip
        super().__init__(button, match_id, NO_WINDOW)
        self.colour = colour

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HintButton:
        return cls(int(match["match"]), match["colour"])

    async def act(
        self, interaction: discord.Interaction[Any], record: MatchRecord, seat: int
    ) -> None:
        # No decision window to aim at (Logical Horror has none): submit directly.
        runtime = cast("GeniusBot", interaction.client).runtime
        move = runtime.submit_text(record.id, seat, f"hint {self.colour}")
        notices = await in_time(interaction, move)
        await confirm(interaction, record, seat, notices, f"✅ Hint on {self.colour} taken.")


class HostButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"lh:host:(?P<match>[0-9]+):(?P<word>confirm|deny)",
):
    """The host's word on a claimed win; only hosts may press it."""

    audience = Audience.HOST

    def __init__(self, match_id: int, word: str) -> None:
        confirming = word == "confirm"
        label = "Confirm win" if confirming else "Deny"
        style = ButtonStyle.success if confirming else ButtonStyle.danger
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            label=label, style=style, custom_id=f"lh:host:{match_id}:{word}"
        )
        super().__init__(button)
        self.match_id = match_id
        self.word = word

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HostButton:
        return cls(int(match["match"]), match["word"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot = cast("GeniusBot", interaction.client)
        try:
            require_host(interaction.user, bot.settings.discord.host_role, "confirm or deny a win")
            await in_time(interaction, bot.runtime.submit_text(self.match_id, HOST, self.word))
            done = "✅ Win confirmed." if self.word == "confirm" else "✅ Win denied; play goes on."
            await reply(interaction, done)
        except Exception as error:  # the one error path answers; the match carries on
            await answer_interaction(interaction, error, match_id=self.match_id)


def _hints_left(notices: Sequence[Notice]) -> int:
    """Hint uses the seat holds, from the newest notice that says."""
    for notice in reversed(notices):
        data = notice.data.get("resources", notice.data)
        if isinstance(data, dict) and "hints" in data:
            return int(data.get("hints") or 0)
    return 0


def seat_view(match: MatchRecord, seat: int, notices: Sequence[Notice]) -> discord.ui.View | None:
    """Query buttons under a message telling the seat its resources; hint buttons
    too while it holds a hint use."""
    if not any(n.kind in RESOURCE_KINDS for n in notices):
        return None
    items: Items = [FormButton(match.id, kind) for kind in FORM_LABELS]
    if _hints_left(notices) > 0:
        items += [HintButton(match.id, colour) for colour in known_colours(notices)[:10]]
    return persistent_view(items)


def host_view(match: MatchRecord, notices: Sequence[Notice]) -> discord.ui.View | None:
    """Confirm and Deny under a claimed win in the host log."""
    if not any(n.kind == "confirm_win" for n in notices):
        return None
    return persistent_view([HostButton(match.id, "confirm"), HostButton(match.id, "deny")])
