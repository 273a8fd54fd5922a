"""What a bid looks like in the action language, and how a taken bid is confirmed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.discord.replies import render, reply, reply_rendered, seat_names
from games import Notice
from games.goofspiel.cards import PASS
from storage.records import MatchRecord


def bid_text(card: int) -> str:
    return "pass" if card == PASS else f"play {card}"


async def confirm(
    interaction: discord.Interaction[Any],
    match: MatchRecord,
    seat: int,
    card: int,
    notices: Sequence[Notice],
) -> None:
    """Tell the bidder (only them) that the bid is in.

    When the bid completed the auction, the result is public: the room and the
    private channel show it, so the reply just says so.
    """
    received = [n for n in notices if n.kind == "bid_received"]
    if received:
        names = await seat_names(interaction.client, match)
        await reply_rendered(
            interaction, await render(match.game, received, seat, names), fallback="✅"
        )
        return
    what = "a pass" if card == PASS else f"a {card}"
    await reply(interaction, f"✅ Your bid ({what}) is in. Both bids are in: see the room.")
