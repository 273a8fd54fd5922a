"""Rune Breaker: deduce a Reagent Board (classic) or a Command Sequence (finals).

Modules: ``pieces``/``board``/``notation`` (objects, boards, text), ``commands``
(the catalog and the executor), ``rounds``/``generator``/``runesets`` (what a
round is, generated from the seed or written by a host), ``judge`` (probe
rules, correctness, grading), ``clock`` (windows, reserve periods, deadlines),
``match`` (rounds and the match), ``classic``/``finals`` (turns), ``answers``
(buzzes and sealed answers), ``grammar``, ``views``, ``engine``.

Notices (audience: kind — data):

- public: ``match_opened``, ``choose_first``, ``first_chosen``, ``round_started``
  (the round's public boards), ``turn_started``, ``probe_result`` (classic),
  ``submissions_done`` and ``buzz_in_open`` (finals), ``buzz``, ``answers_open``,
  ``answer_in``, ``no_answer``, ``buzz_result``, ``play_resumed``,
  ``reserve_started``, ``reserve_added``, ``round_over`` (with the round's
  secrets), ``out_of_time``, ``match_over``, and ``secrets_revealed`` (every
  round's runes, when the host reveals them after the end);
- a seat, its prompts: ``first_prompt`` (the DMO's choice), ``turn_prompt``
  (classic: probe, or buzz on the opponent's turn; finals: probe), ``answer_prompt``
  (after a buzz, or the classic final submission) and ``buzz_prompt`` (finals,
  the buzz-in phase resuming; it opens with ``probe_results``), each naming the
  decision window it opens;
- a seat: ``probe_again`` (classic, after an ERROR), ``probe_taken``,
  ``probe_error``, ``probe_results``, ``decipher_taken``, ``decipher_error``
  (finals), ``answer_taken``, ``pass_taken``;
- the host: ``probe_error_reason``.
"""

from games.runebreaker.engine import RuneBreaker

GAME = RuneBreaker()

__all__ = ["GAME", "RuneBreaker"]
