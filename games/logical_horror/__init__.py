"""Logical Horror: race to solve a logic puzzle whose clue rules are hidden.

Modules: ``puzzle`` (the model), ``formats`` and ``rules`` (the catalogs;
``measures`` says what each rule counts), ``clauses``/``connectivity``/
``solver``/``generator`` (python-sat, unique puzzles), ``checker`` (an
independent proof of uniqueness),
``puzzlefiles`` (a host's own puzzle), ``tokens`` (tokens and hint uses),
``play`` (queries, hints, the win), ``checks``, ``grammar``, ``views``,
``engine``.

Notices (audience: kind):

- public: ``puzzle_revealed``, ``public_query`` (board, clues satisfied;
  a winning one waits for the host's word with host_confirms_win),
  ``private_query`` (only that it happened), ``pause_called``,
  ``win_claimed`` / ``win_denied`` (with the host_confirms_win setting),
  ``match_over`` (with the rules and the solution);
- a seat: ``resources``, ``token_arrived``, ``hint_use_arrived``,
  ``query_result``, ``hint``;
- the host: ``confirm_win``, ``hint_given``.
"""

from games.logical_horror.engine import LogicalHorror

GAME = LogicalHorror()

__all__ = ["GAME", "LogicalHorror"]
