"""Forms (modals) that outlive a restart.

discord.py answers a modal's submission only through the object that showed
it, which lives in memory: a form opened before a restart and sent after it
would be dropped. So a form's ``custom_id`` carries what its submission needs
(``ex:modal:7:play:expression:3`` — game, match, form and, where there is one,
the decision window it was opened for), the object is let go once shown, and
every submission, before or after a restart, reaches :class:`FormRoutes`:
the bot routes it by that id to the game's handler, which reads the values and
sends the move aimed at that window. The runtime refuses it if the window has
closed meanwhile, exactly as it refuses a late button.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

import discord

from bot.discord.acting import seat_for_click
from bot.discord.errors import answer_interaction
from bot.runtime import MatchRuntime

FORM_ID = re.compile(
    r"^(?P<game>[a-z]+):modal:(?P<match>[0-9]+):(?P<form>[a-z_]+)(?::(?P<window>\S+))?$"
)
MAX_CUSTOM_ID = 100  # Discord's limit


def form_id(game: str, match_id: int, form: str, window: str | None = None) -> str:
    """The ``custom_id`` of ``form`` in match ``match_id``, aimed at ``window``."""
    custom_id = f"{game}:modal:{match_id}:{form}" + (f":{window}" if window else "")
    if len(custom_id) > MAX_CUSTOM_ID or not FORM_ID.match(custom_id):
        raise ValueError(f"not a form id: {custom_id!r}")
    return custom_id


@dataclass(frozen=True)
class FormSubmission:
    """A sent form: whose, which, aimed at which window, and what it holds
    (each text input's value by its ``custom_id``)."""

    match_id: int
    seat: int
    form: str
    window: str | None
    values: Mapping[str, str]

    def value(self, key: str) -> str:
        return self.values.get(key, "")


FormHandler = Callable[[discord.Interaction[Any], FormSubmission], Awaitable[None]]


def submitted_values(components: object) -> dict[str, str]:
    """Every text input's value in a modal submission, by ``custom_id`` (inputs
    sit in action rows or labels; text displays carry none)."""
    found: dict[str, str] = {}
    if isinstance(components, list):
        for component in components:
            found.update(submitted_values(component))
    elif isinstance(components, Mapping):
        if "custom_id" in components and isinstance(components.get("value"), str):
            found[str(components["custom_id"])] = components["value"]
        found.update(submitted_values(components.get("components")))
        found.update(submitted_values(components.get("component")))
    return found


async def show_form(interaction: discord.Interaction[Any], modal: discord.ui.Modal) -> None:
    """Show ``modal`` and let it go: its submission is routed by its ``custom_id``
    (:class:`FormRoutes`), so it is answered the same after a restart."""
    await interaction.response.send_modal(modal)
    modal.stop()  # out of discord.py's store: the bot's routes answer it


class FormRoutes:
    """Each game's form handler, by the game's ``custom_id`` prefix."""

    def __init__(self) -> None:
        self._handlers: dict[str, FormHandler] = {}

    def add(self, game: str, handler: FormHandler) -> None:
        self._handlers[game] = handler

    async def dispatch(self, interaction: discord.Interaction[Any], runtime: MatchRuntime) -> None:
        """Answer a form's submission to ``runtime`` if it is one of ours; ignore anything else."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data = cast("Mapping[str, Any]", interaction.data or {})
        found = FORM_ID.match(str(data.get("custom_id", "")))
        handler = self._handlers.get(found["game"]) if found else None
        if found is None or handler is None:
            return
        match_id = int(found["match"])
        try:
            record = await runtime.get(match_id)
            seat = seat_for_click(record, interaction.channel_id, interaction.user.id).seat
            values = submitted_values(data.get("components"))
            sent = FormSubmission(match_id, seat, found["form"], found["window"], values)
            await handler(interaction, sent)
        except Exception as error:  # the one error path answers; the match carries on
            await answer_interaction(interaction, error, match_id=match_id)
