"""Decoder moves as the action language spells them, the ephemeral confirmation
of a taken move, and the autocomplete lists (read from the seat's own view)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.discord.acting import seat_in_channel
from bot.discord.errors import Refusal
from bot.discord.replies import render, reply, seat_names
from games import Notice, Rejected
from games.decoder import GAME
from storage.records import MatchRecord

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot

log = logging.getLogger(__name__)

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
Choices = list[app_commands.Choice[str]]
Autocomplete = Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, Choices]]


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
    except (Refusal, Rejected):  # not a player here, or the match is gone: offer nothing
        return None
    except Exception:
        # Autocomplete must answer whatever happens, but a bug is logged, not hidden.
        log.exception("decoder autocomplete failed in channel %s", interaction.channel_id)
        return None


def _autocomplete(choices_of: Callable[[Mapping[str, Any]], Choices]) -> Autocomplete:
    """An autocomplete callback: the choices ``choices_of`` finds in the seat's own
    view that match what is typed so far (none where the user has no Decoder seat)."""

    async def complete(interaction: discord.Interaction[Any], current: str) -> Choices:
        view = await seat_view(interaction)
        if view is None:
            return []
        typed = current.strip().lower()
        choices = choices_of(view)
        found = [c for c in choices if typed in c.name.lower()] if typed else choices
        return found[:MAX_CHOICES]

    complete.__doc__ = choices_of.__doc__
    return complete


def _tanks(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [t for t in view.get("tanks") or [] if isinstance(t, Mapping)]


def _tank_choice(tank: Mapping[str, Any], detail: str) -> app_commands.Choice[str]:
    name = f"{tank['tank']} · {tank['tank_name']} ({detail})"
    return app_commands.Choice(name=name, value=str(tank["tank"]))


@_autocomplete
def unused_tanks(view: Mapping[str, Any]) -> Choices:
    """The seat's unused tanks, with their recharge units (only the seat sees this)."""
    return [_tank_choice(t, f"{t['units']} units") for t in _tanks(view) if not t.get("used")]


@_autocomplete
def all_tanks(view: Mapping[str, Any]) -> Choices:
    """Every tank of the seat with its puzzle time (for raising a time)."""
    return [_tank_choice(t, f"{t['seconds']} s") for t in _tanks(view)]


@_autocomplete
def restored_tanks(view: Mapping[str, Any]) -> Choices:
    """The opponent's tanks restored this turn (what a sabotage may pick)."""
    turn = view.get("turn")
    if not isinstance(turn, Mapping):
        return []
    names = list(view.get("tank_names") or [])
    return [
        app_commands.Choice(name=f"{n} · {names[n - 1]}", value=str(n))
        for n in turn.get("restored") or []
        if 1 <= n <= len(names)
    ]


@_autocomplete
def hand_letters(view: Mapping[str, Any]) -> Choices:
    """The letters of the seat's hand."""
    return [app_commands.Choice(name=str(x), value=str(x)) for x in view.get("hand") or []]
