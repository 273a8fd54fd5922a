"""Decoder moves as the action language spells them, the ephemeral confirmation
of a taken move, and the autocomplete lists (read from the seat's own view)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.discord.acting import seat_in_channel
from bot.discord.replies import render, reply, seat_names
from games import Notice
from games.decoder import GAME
from storage.records import MatchRecord

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot

#: The seat's own notices worth repeating in the ephemeral reply: the direct
#: result of its move (the rest, like its next turn prompt, is in its channel).
RESULTS = frozenset(
    {
        "time_raised",
        "extras_dealt",
        "hand_chosen",
        "insurance_kept",
        "giveup_requested",
        "swap_done",
        "sabotage_requested",
    }
)
MAX_CHOICES = 25  # Discord's limit for autocomplete


def with_flags(text: str, **flags: bool) -> str:
    """``guess q tank 3`` + ``insurance`` + ``surge``: item words go last."""
    return " ".join([text, *(word for word, on in flags.items() if on)])


async def confirm(
    interaction: discord.Interaction[Any],
    match: MatchRecord,
    seat: int,
    text: str,
    notices: Sequence[Notice],
    view: discord.ui.View | None = None,
) -> None:
    """Tell the mover (only them) the move is taken, with its private result."""
    shown = [n for n in notices if n.kind in RESULTS]
    lines = [f"✅ Taken: `{text.replace('`', '')}`."]
    if shown:
        names = await seat_names(interaction.client, match)
        lines.append((await render(match.game, shown, seat, names)).text)
    else:
        lines.append("What follows shows in the room and your private channel.")
    await reply(interaction, "\n".join(lines), view=view)


async def seat_view(interaction: discord.Interaction[Any]) -> dict[str, Any] | None:
    """The view of the seat the user plays here, or None (autocomplete stays quiet)."""
    if interaction.guild_id is None:
        return None
    runtime = cast("GeniusBot", interaction.client).runtime
    try:
        acting = await seat_in_channel(
            runtime, interaction.guild_id, interaction.channel_id, interaction.user.id
        )
        if acting.match.game != GAME.key:
            return None
        return await runtime.view(acting.match.id, acting.seat)
    except Exception:  # a refusal or a gone match: offer nothing
        return None


def _matching(
    choices: list[app_commands.Choice[str]], current: str
) -> list[app_commands.Choice[str]]:
    typed = current.strip().lower()
    found = [c for c in choices if typed in c.name.lower()] if typed else choices
    return found[:MAX_CHOICES]


def _tanks(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [t for t in view.get("tanks") or [] if isinstance(t, Mapping)]


async def unused_tanks(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The seat's unused tanks, with their recharge units (only the seat sees this)."""
    view = await seat_view(interaction)
    if view is None:
        return []
    choices = [
        app_commands.Choice(
            name=f"{t['tank']} · {t['tank_name']} ({t['units']} units)", value=str(t["tank"])
        )
        for t in _tanks(view)
        if not t.get("used")
    ]
    return _matching(choices, current)


async def all_tanks(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """Every tank of the seat with its puzzle time (for raising a time)."""
    view = await seat_view(interaction)
    if view is None:
        return []
    choices = [
        app_commands.Choice(
            name=f"{t['tank']} · {t['tank_name']} ({t['seconds']} s)", value=str(t["tank"])
        )
        for t in _tanks(view)
    ]
    return _matching(choices, current)


async def restored_tanks(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The opponent's tanks restored this turn (what a sabotage may pick)."""
    view = await seat_view(interaction)
    turn = view.get("turn") if view is not None else None
    if view is None or not isinstance(turn, Mapping):
        return []
    names = list(view.get("tank_names") or [])
    choices = [
        app_commands.Choice(name=f"{n} · {names[n - 1]}", value=str(n))
        for n in turn.get("restored") or []
        if 1 <= n <= len(names)
    ]
    return _matching(choices, current)


async def hand_letters(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    view = await seat_view(interaction)
    if view is None:
        return []
    choices = [app_commands.Choice(name=str(x), value=str(x)) for x in view.get("hand") or []]
    return _matching(choices, current)
