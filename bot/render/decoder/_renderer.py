"""The Decoder renderer: notices through the handlers in ``_setup``, ``_turns``
and ``_restore``; status with the tank board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from bot.render.base import DEFAULT_NAMES, NoticeHandler, Rendered, Renderer
from bot.render.decoder import _restore, _reveal, _setup, _turns
from bot.render.decoder._status import board_rows, status_text
from bot.render.decoder._tanks import tank_board
from games.core import HOST, Audience


class DecoderRenderer(Renderer):
    game_key = "decoder"
    game_title = "Decoder"

    notice_handlers: ClassVar[Mapping[str, NoticeHandler]] = {
        # /match reveal, once the match is over (the host's choice).
        "secrets_revealed": _reveal.secrets_revealed,
        "match_setup": _setup.match_setup,
        "tanks_told": _setup.tanks_told,
        "time_raised": _setup.time_raised,
        "selection_started": _setup.selection_started,
        "tiles_dealt": _setup.tiles_dealt,
        "extras_dealt": _setup.extras_dealt,
        "hand_chosen": _setup.hand_chosen,
        "play_started": _setup.play_started,
        "turn_started": _turns.turn_started,
        "turn_prompt": _turns.turn_prompt,
        "word_asked": _turns.word_asked,
        "clue_requested": _turns.clue_requested,
        "clue_answered": _turns.clue_answered,
        "tile_guessed": _turns.tile_guessed,
        "insurance_kept": _turns.insurance_kept,
        "insurance_used": _turns.insurance_used,
        "giveup_requested": _turns.giveup_requested,
        "tile_given_up": _turns.tile_given_up,
        "letter_offered": _turns.letter_offered,
        "swap_done": _turns.swap_done,
        "swap_decided": _turns.swap_decided,
        "tanks_restored": _restore.tanks_restored,
        "total_requested": _restore.total_requested,
        "total_guessed": _restore.total_guessed,
        "sabotage_requested": _restore.sabotage_requested,
        "tank_sabotaged": _restore.tank_sabotaged,
        "tank_time_changed": _restore.tank_time_changed,
        "unexpected_offered": _restore.unexpected_offered,
        "unexpected_sabotage": _restore.unexpected_sabotage,
        "unexpected_declined": _restore.unexpected_declined,
        "bank_started": _restore.bank_started,
        "bank_reminder": _restore.bank_reminder,
        "match_over": _restore.match_over,
    }

    def status(
        self,
        view: Mapping[str, Any],
        audience: Audience,
        *,
        names: Sequence[str] = DEFAULT_NAMES,
    ) -> Rendered:
        text = status_text(view, audience, names)
        if not view.get("tank_names"):
            return Rendered(text=text)
        title = "Tanks — host view" if audience == HOST else "Tanks"
        image = tank_board(board_rows(view, audience), names=names, title=title)
        return Rendered(text=text, images=[image])
