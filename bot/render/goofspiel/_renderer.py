"""The Square Goofspiel renderer: notices through the handlers in ``_text``,
and the status message with the board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from bot.render.base import DEFAULT_NAMES, NoticeHandler, Rendered, Renderer, as_int
from bot.render.goofspiel import _reveal
from bot.render.goofspiel._board import board_image
from bot.render.goofspiel._data import _auctioned, _clean_board, _phase_cells
from bot.render.goofspiel._text import (
    _auction_opened,
    _auction_resolved,
    _bid_in,
    _bid_received,
    _bid_requested,
    _match_over,
    _phase_ended,
    _phase_started,
    status_text,
)
from games.core.contract import Audience, Notice


def _with_final_board(notices: Sequence[Notice]) -> list[Notice]:
    """Give ``match_over`` the board from the step's last ``auction_resolved`` when it
    carries none itself, so the final message shows the final board."""
    out: list[Notice] = []
    board: object = None
    for notice in notices:
        if notice.kind == "auction_resolved" and isinstance(notice.data.get("board"), Mapping):
            board = notice.data["board"]
        if notice.kind == "match_over" and "board" not in notice.data and board is not None:
            notice = notice.model_copy(update={"data": {**notice.data, "board": board}})
        out.append(notice)
    return out


class GoofspielRenderer(Renderer):
    game_key = "goofspiel"
    game_title = "Square Goofspiel"

    notice_handlers: ClassVar[Mapping[str, NoticeHandler]] = {
        # /match reveal, once the match is over (the host's choice).
        "secrets_revealed": _reveal.secrets_revealed,
        "phase_started": _phase_started,
        "auction_opened": _auction_opened,
        "bid_requested": _bid_requested,
        "bid_received": _bid_received,
        "bid_in": _bid_in,
        "auction_resolved": _auction_resolved,
        "phase_ended": _phase_ended,
        "match_over": _match_over,
    }

    def prepare(self, notices: Sequence[Notice]) -> Sequence[Notice]:
        return _with_final_board(notices)

    def status(
        self,
        view: Mapping[str, Any],
        audience: Audience,
        *,
        names: Sequence[str] = DEFAULT_NAMES,
    ) -> Rendered:
        text = status_text(view, audience, names)
        over = isinstance(view.get("outcome"), Mapping)
        phase = as_int(view.get("phase"))
        cell = str(view.get("cell") or "")
        letter = str(view.get("letter") or "")
        title = (
            "Final board"
            if over
            else f"Phase {phase}" + (f": cell {letter} ({cell})" if cell else "")
        )
        image = board_image(
            _clean_board(view.get("board")),
            names=names,
            current=None if over else (cell or None),
            current_letter=letter or None,
            phase_cells=() if over else _phase_cells(view.get("phase_cells")),
            title=title,
            final=over,
            auctioned=_auctioned(view.get("history")),
        )
        return Rendered(text=text, images=[image])
