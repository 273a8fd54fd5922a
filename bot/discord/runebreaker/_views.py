"""Buttons on Rune Breaker's prompts.

The engine prompts each seat in its private channel (the DMO's choice, a
turn, an answer, the finals' buzz-in phase resuming), each prompt naming the
decision window it opens; :func:`seat_view` puts that prompt's buttons under
it (and a **Buzz** button on a seat's finals results, which open the buzz-in
phase): **Probe…** and **Answer…** open forms; **Pass**, **Done**, **Buzz**
and the DMO's choice move at once. On the room's post of each turn (and of
the buzz-in phase) :func:`room_view` puts a **Buzz** button that only the seat
allowed to buzz may use.

All are persistent: a ``custom_id`` carries the match, the move and the
decision window of the prompt (``rb:move:7:buzz1:turn:1:3``), so a click after
a restart still works and a click on an old prompt is refused as too late.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import ButtonStyle

from bot.discord.acting import Audience, require_named_seat
from bot.discord.buttons import MoveItem, persistent_view
from bot.discord.runebreaker._forms import open_form
from bot.discord.runebreaker._moves import buzz_in_window, confirm, turn_window
from games import Notice
from storage.records import MatchRecord

#: Move codes (a custom_id's part): the move as typed, the label, the style.
MOVES: dict[str, tuple[str, str, ButtonStyle]] = {
    "me": ("first me", "I start", ButtonStyle.primary),
    "them": ("first them", "My opponent starts", ButtonStyle.primary),
    "pass": ("pass", "Pass", ButtonStyle.secondary),
    "done": ("done", "Done", ButtonStyle.success),
    "buzz": ("buzz", "Buzz", ButtonStyle.danger),
}
FORM_LABELS = {"probe": "Probe…", "answer": "Answer…"}
FALLBACKS = {
    "first me": "✅ You start round 1.",
    "first them": "✅ Your opponent starts round 1.",
    "pass": "✅ No answer from you this time.",
    "done": "✅ Your probes for this turn are in.",
    "buzz": "✅ You buzzed: answer now, privately.",
}
NOT_YOUR_BUZZ = "Only your opponent may buzz now: it is your turn to probe."
Items = list[discord.ui.Item[Any]]


class MoveButton(
    MoveItem[discord.ui.Button[discord.ui.View]],
    template=r"rb:move:(?P<match>[0-9]+):(?P<code>me|them|pass|done|buzz):(?P<window>\S+)",
):
    audience = Audience.PLAYER

    def __init__(self, match_id: int, code: str, window: str) -> None:
        _, label, style = MOVES[code]
        custom_id = f"rb:move:{match_id}:{code}:{window}"
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=custom_id), match_id, window
        )
        self.code = code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        return cls(int(match["match"]), match["code"], match["window"])

    async def act(
        self, interaction: discord.Interaction[Any], record: MatchRecord, seat: int
    ) -> None:
        text = MOVES[self.code][0]
        notices = await self.submit(interaction, record, seat, text)
        await confirm(interaction, record, seat, notices, FALLBACKS[text])


class BuzzButton(
    MoveItem[discord.ui.Button[discord.ui.View]],
    template=r"rb:move:(?P<match>[0-9]+):buzz(?P<seat>[01]):(?P<window>\S+)",
):
    """A Buzz that only one seat may use (on the other seat's turn): ``buzz1`` is
    seat 1's. Its ``custom_id`` keeps MoveButton's shape, so posted ones still work."""

    audience = Audience.NAMED_SEAT

    def __init__(self, match_id: int, seat: int, window: str) -> None:
        custom_id = f"rb:move:{match_id}:buzz{seat}:{window}"
        _, label, style = MOVES["buzz"]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=custom_id), match_id, window
        )
        self.seat = seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BuzzButton:
        return cls(int(match["match"]), int(match["seat"]), match["window"])

    async def act(
        self, interaction: discord.Interaction[Any], record: MatchRecord, seat: int
    ) -> None:
        require_named_seat(seat, self.seat, NOT_YOUR_BUZZ)
        notices = await self.submit(interaction, record, seat, "buzz")
        await confirm(interaction, record, seat, notices, FALLBACKS["buzz"])


class FormButton(
    MoveItem[discord.ui.Button[discord.ui.View]],
    template=r"rb:form:(?P<match>[0-9]+):(?P<form>probe|answer):(?P<window>\S+)",
):
    audience = Audience.PLAYER

    def __init__(self, match_id: int, form: str, window: str) -> None:
        custom_id = f"rb:form:{match_id}:{form}:{window}"
        super().__init__(
            discord.ui.Button(
                label=FORM_LABELS[form], style=ButtonStyle.primary, custom_id=custom_id
            ),
            match_id,
            window,
        )
        self.form = form

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FormButton:
        return cls(int(match["match"]), match["form"], match["window"])

    async def act(
        self, interaction: discord.Interaction[Any], record: MatchRecord, seat: int
    ) -> None:
        await open_form(interaction, self.match_id, seat, self.form, self.window)


# -- which notices, which buttons ------------------------------------------------------------

#: The engine's prompts to a seat, and the finals results that open the buzz-in phase.
PROMPTS = frozenset({"first_prompt", "turn_prompt", "answer_prompt", "buzz_prompt"})


def _seat_items(match_id: int, seat: int, prompt: Notice) -> Items:
    data = prompt.data
    kind = prompt.kind
    window = str(data.get("window"))
    if kind == "first_prompt":
        return [MoveButton(match_id, code, window) for code in ("me", "them")]
    if kind == "answer_prompt":
        return [FormButton(match_id, "answer", window), MoveButton(match_id, "pass", window)]
    if kind == "turn_prompt":
        active = data.get("active")
        if active is None:
            return [FormButton(match_id, "probe", window), MoveButton(match_id, "done", window)]
        if active == seat:
            return [FormButton(match_id, "probe", window)]
        return [BuzzButton(match_id, seat, window)]
    if kind == "buzz_prompt":
        return [MoveButton(match_id, "buzz", window)]
    # probe_results: the buzz-in phase opens with them
    entries = [e for e in data.get("probes") or [] if isinstance(e, Mapping)]
    if not entries:
        return []
    return [MoveButton(match_id, "buzz", buzz_in_window(entries[0]["round"], entries[0]["turn"]))]


def _buzz_window(data: Mapping[str, Any]) -> str | None:
    """The buzz-in phase's window for a room notice opening (or resuming) it."""
    if data.get("stage", "buzz_in") != "buzz_in":
        return None
    return buzz_in_window(data.get("round"), data.get("turn"))


def _room_items(match_id: int, prompt: Notice) -> Items:
    data = prompt.data
    if prompt.kind == "turn_started":
        active = data.get("seat")
        if active not in (0, 1):
            return []  # the finals' submissions phase: nobody buzzes yet
        window = turn_window("classic", data.get("round"), data.get("turn"))
        return [BuzzButton(match_id, 1 - active, window)]
    buzz_in = _buzz_window(data) if prompt.kind in ("buzz_in_open", "play_resumed") else None
    return [MoveButton(match_id, "buzz", buzz_in)] if buzz_in else []


def seat_view(match: MatchRecord, seat: int, notices: Sequence[Notice]) -> discord.ui.View | None:
    """Buttons for the newest prompt among the notices a seat is shown, if any."""
    prompts = [n for n in notices if n.kind in PROMPTS or n.kind == "probe_results"]
    return persistent_view(_seat_items(match.id, seat, prompts[-1])) if prompts else None


def room_view(match: MatchRecord, notices: Sequence[Notice]) -> discord.ui.View | None:
    """A Buzz button on the room's post of a turn or of the buzz-in phase."""
    turns = [n for n in notices if n.kind in ("turn_started", "buzz_in_open", "play_resumed")]
    return persistent_view(_room_items(match.id, turns[-1])) if turns else None
