"""The Rune Breaker renderer: notices through the handlers in ``_rounds``,
``_probes`` and ``_answers``; the status with the round's boards and probes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from bot.render.base import DEFAULT_NAMES, NoticeHandler, Rendered, Renderer
from bot.render.runebreaker import _answers, _probes, _reveal, _rounds
from bot.render.runebreaker._status import status
from games.core import Audience


class RuneBreakerRenderer(Renderer):
    game_key = "runebreaker"
    game_title = "Rune Breaker"

    notice_handlers: ClassVar[Mapping[str, NoticeHandler]] = {
        # /match reveal, once the match is over (the host's choice).
        "secrets_revealed": _reveal.secrets_revealed,
        "match_opened": _rounds.match_opened,
        "choose_first": _rounds.choose_first,
        "first_prompt": _rounds.first_prompt,
        "first_chosen": _rounds.first_chosen,
        "round_started": _rounds.round_started,
        "turn_started": _rounds.turn_started,
        "turn_prompt": _rounds.turn_prompt,
        "reserve_started": _rounds.reserve_started,
        "reserve_added": _rounds.reserve_added,
        "round_over": _rounds.round_over,
        "out_of_time": _rounds.out_of_time,
        "match_over": _rounds.match_over,
        "probe_result": _probes.probe_result,
        "probe_again": _probes.probe_again,
        "probe_taken": _probes.probe_taken,
        "probe_error": _probes.probe_error,
        "probe_results": _probes.probe_results,
        "decipher_taken": _probes.decipher_taken,
        "decipher_error": _probes.decipher_error,
        "submissions_done": _probes.submissions_done,
        "buzz_in_open": _probes.buzz_in_open,
        "probe_error_reason": _probes.probe_error_reason,
        "buzz": _answers.buzz,
        "answers_open": _answers.answers_open,
        "answer_prompt": _answers.answer_prompt,
        "buzz_prompt": _answers.buzz_prompt,
        "answer_in": _answers.answer_in,
        "no_answer": _answers.no_answer,
        "buzz_result": _answers.buzz_result,
        "play_resumed": _answers.play_resumed,
        "answer_taken": _answers.answer_taken,
        "pass_taken": _answers.pass_taken,
    }

    def status(
        self,
        view: Mapping[str, Any],
        audience: Audience,
        *,
        names: Sequence[str] = DEFAULT_NAMES,
    ) -> Rendered:
        return status(view, audience, names)
