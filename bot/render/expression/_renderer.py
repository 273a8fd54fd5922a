"""The Expression Black & White renderer: notices through the handlers in
``_text`` and ``_scores``, and the status message with the bout's pairs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from bot.render.base import DEFAULT_NAMES, NoticeHandler, Rendered, Renderer
from bot.render.expression import _reveal, _scores, _text
from bot.render.expression._status import status_images, status_text
from games.core.contract import Audience, Notice


def _colours_once(notices: Sequence[Notice]) -> list[Notice]:
    """The opponent's colours are told once a message: a play request that follows
    ``tiles_played`` in the same step leaves them out."""
    told = False
    out = []
    for notice in notices:
        told = told or notice.kind == "tiles_played"
        if told and notice.kind == "play_requested":
            notice = notice.model_copy(update={"data": {**notice.data, "opponent_colours": None}})
        out.append(notice)
    return out


class ExpressionRenderer(Renderer):
    game_key = "expression"
    game_title = "Expression Black & White"

    notice_handlers: ClassVar[Mapping[str, NoticeHandler]] = {
        # /match reveal, once the match is over (the host's choice).
        "secrets_revealed": _reveal.secrets_revealed,
        "bout_started": _text.bout_started,
        "seat_ready": _text.seat_ready,
        "planning_ended": _text.planning_ended,
        "starter_choice_opened": _text.starter_choice_opened,
        "starter_requested": _text.starter_requested,
        "starter_chosen": _text.starter_chosen,
        "round_started": _text.round_started,
        "play_requested": _text.play_requested,
        "reserve_started": _text.reserve_started,
        "seat_played": _text.seat_played,
        "expression_accepted": _text.expression_accepted,
        "tiles_played": _text.tiles_played,
        "round_won": _text.round_won,
        "round_detail": _text.round_detail,
        "guess_requested": _scores.guess_requested,
        "reveal_requested": _scores.reveal_requested,
        "guess_received": _scores.guess_received,
        "reveal_received": _scores.reveal_received,
        "choice_in": _scores.choice_in,
        "guesses_scored": _scores.guesses_scored,
        "final_opened": _scores.final_opened,
        "final_requested": _scores.final_requested,
        "final_saved": _scores.final_saved,
        "final_locked": _scores.final_locked,
        "final_scored": _scores.final_scored,
        "final_results": _scores.final_results,
        "match_over": _scores.match_over,
    }

    def prepare(self, notices: Sequence[Notice]) -> Sequence[Notice]:
        return _colours_once(notices)

    def status(
        self,
        view: Mapping[str, Any],
        audience: Audience,
        *,
        names: Sequence[str] = DEFAULT_NAMES,
    ) -> Rendered:
        return Rendered(text=status_text(view, audience, names), images=status_images(view))
