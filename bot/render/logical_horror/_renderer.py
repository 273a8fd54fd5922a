"""The Logical Horror renderer: notices through the handlers in ``_notices``,
the status from ``_status``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from bot.render.base import DEFAULT_NAMES, NoticeHandler, Rendered, Renderer
from bot.render.logical_horror import _notices, _reveal
from bot.render.logical_horror._status import status
from games.core import Audience


class LogicalHorrorRenderer(Renderer):
    game_key = "logical_horror"
    game_title = "Logical Horror"

    notice_handlers: ClassVar[Mapping[str, NoticeHandler]] = {
        # /match reveal, once the match is over (the host's choice).
        "secrets_revealed": _reveal.secrets_revealed,
        "puzzle_revealed": _notices.puzzle_revealed,
        "public_query": _notices.public_query,
        "private_query": _notices.private_query,
        "pause_called": _notices.pause_called,
        "win_claimed": _notices.win_claimed,
        "win_denied": _notices.win_denied,
        "match_over": _notices.match_over,
        "resources": _notices.resources,
        "token_arrived": _notices.token_arrived,
        "hint_use_arrived": _notices.hint_use_arrived,
        "query_result": _notices.query_result,
        "hint": _notices.hint,
        "confirm_win": _notices.confirm_win,
        "hint_given": _notices.hint_given,
        # The runtime's own pause, worded for a player's emergency pause too.
        "match_paused": _notices.match_paused,
    }

    def status(
        self,
        view: Mapping[str, Any],
        audience: Audience,
        *,
        names: Sequence[str] = DEFAULT_NAMES,
    ) -> Rendered:
        return status(view, audience, names)
