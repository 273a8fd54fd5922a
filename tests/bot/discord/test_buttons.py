"""Buttons already posted live on in servers: their ``custom_id`` formats must
never change, and each must parse back into the same match, window and move."""

from __future__ import annotations

from typing import Any, cast

import pytest

from bot.discord.buttons import MoveItem
from bot.discord.decoder._views import HandSelect
from bot.discord.decoder._views import MoveButton as DecoderMove
from bot.discord.expression._views import FormButton
from bot.discord.expression._views import MoveButton as ExpressionMove
from bot.discord.goofspiel._views import BidButton

ITEMS: list[tuple[MoveItem[Any], str]] = [
    (BidButton(7, "bid:2:C:0", 4), "gs:bid:7:bid:2:C:0:4"),
    (BidButton(7, "bid:2:C:0", 0), "gs:bid:7:bid:2:C:0:0"),
    (ExpressionMove(7, "reveal:1:3", "12"), "ex:move:7:reveal:1:3:12"),
    (ExpressionMove(7, "starter:1", "them"), "ex:move:7:starter:1:them"),
    (ExpressionMove(7, "reveal:1:3", "/"), "ex:move:7:reveal:1:3:/"),
    (FormButton(7, "final:2", "final"), "ex:form:7:final:2:final"),
    (DecoderMove(7, "d12", "clue odd", "ODD"), "dc:7:d12:clue odd"),
    (DecoderMove(7, "select", "rarities 2 1 0", "2 common"), "dc:7:select:rarities 2 1 0"),
    (HandSelect(7, "select", list("ABCDEFGH")), "dc-hand:7:select"),
]


@pytest.mark.parametrize(("item", "custom_id"), ITEMS)
async def test_custom_ids_are_stable_and_parse_back(item: MoveItem[Any], custom_id: str) -> None:
    assert item.custom_id == custom_id
    found = item.template.fullmatch(custom_id)
    assert found is not None
    again = await type(item).from_custom_id(cast(Any, None), item.item, found)
    assert again.custom_id == custom_id
    assert (again.match_id, again.window) == (item.match_id, item.window)
    assert again.to_component_dict() == item.to_component_dict()


def test_the_shared_base_matches_no_custom_id() -> None:
    assert all(MoveItem.__discord_ui_compiled_template__.match(c) is None for _, c in ITEMS)
