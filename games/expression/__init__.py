"""Expression Black & White (``expression``): two bouts of 12 rounds in which each
seat builds ``number symbol number symbol number`` from the round's two global
tiles and three of its own, aiming at 10, while the opponent sees only colours.

Flow per bout: ``bout_started`` (the 12 global pairs) → planning (``ready`` from
both ends it early) → bout 1 only: the Advantage holder picks who starts → 12
rounds (plays in turn, the result, then guessing and the reveal choice side by
side) → the bout's Final Guess. After bout 2's Final Guess: ``match_over``.

Tiles in data: numbers are ints 1–12, symbols are the strings ``"+" "−" "×" "÷"``
(U+2212, U+00D7, U+00F7). Colours are ``"black"`` / ``"white"``, one per tile in
expression order. Values are exact fractions as text (``"7/2"``, ``"-3"``). A
``pair`` is ``{"number", "symbol"}``. Times are milliseconds on the match clock
(``*_ms``) or whole seconds (``seconds``). Seats are 0 and 1.

Notices (audience — kind: data keys)
--------------------------------------

Public:

- ``bout_started``: bout, pairs (12 × {round, number, symbol}), planning_seconds,
  reserve_ms (both seats' reserve left).
- ``seat_ready``: bout, seat — a seat is done planning.
- ``planning_ended``: bout, early (true when both seats said ``ready``).
- ``starter_choice_opened``: bout (1), seat (the Advantage holder), seconds.
- ``starter_chosen``: bout, chooser, first (the seat that starts bout 1), timed_out
  (true: nobody chose in time, so the Advantage holder starts).
- ``round_started``: bout, round, pair, first (the seat that plays first).
- ``reserve_started``: bout, round, seat, reserve_ms — the seat's 45 s are up and
  its reserve is running.
- ``seat_played``: bout, round, seat, reserve_ms (the seat's, after paying for
  this play) — the room learns only that the seat has played.
- ``round_won``: bout, round, winner, first, points (both seats' match totals).
- ``choice_in``: bout, round, seat, choice (``"guess"`` or ``"reveal"``) — first
  submission only; changes are not announced.
- ``guesses_scored``: bout, round, guesser, numbers ([{number, correct, points}]),
  symbol ({symbol, correct, points} or null), points (the guesser's sum), timed_out
  (the guesser sent nothing in time), revealer, revealed (the winner's tile, or
  null when a guess was right), reveal_timed_out, totals (match totals).
- ``final_opened``: bout, seconds.
- ``final_locked``: bout, seat, timed_out.
- ``final_scored``: bout, right (per seat: how many rounds it got exactly right),
  points (per seat, this Final Guess), bout_points (per seat: {rounds, guesses,
  final, total} for this bout), totals (match totals). The sheets themselves are
  not public: a right guess names the opponent's tiles (see ``final_results``).
- ``match_over``: winner, reason, forfeit (the seat that ran out of reserve time,
  or null), points (totals), before_final (totals before the Final Guesses),
  rounds_won, reserve_ms.

Private to one seat:
- ``tiles_played``: bout, round, seat (who played), colours (5, in expression
  order), reserve_ms — to the other seat: the rules tell it the colours.
- ``starter_requested``: bout, seconds, window — to the Advantage holder.
- ``play_requested``: bout, round, pair, numbers and symbols (the seat's tiles
  left), opponent_colours (null when playing first), seconds, reserve_ms, window.
- ``expression_accepted``: bout, round, tiles (5, in order), own (the seat's three
  tiles), value, distance, charged_ms (reserve spent), reserve_ms (left).
- ``guess_requested``: bout, round, seconds, window — to the round's loser.
- ``reveal_requested``: bout, round, seconds, tiles (the winner's three own tiles),
  default (the symbol, revealed if the choice is not in by the deadline), window.
- ``guess_received``: bout, round, numbers, symbol, changed.
- ``reveal_received``: bout, round, tile, changed.
- ``final_requested``: bout, seconds, window.
- ``final_saved``: bout, entries (the seat's whole Final Guess so far:
  [{round, tiles}]), rounds (the rounds this submission named), locked.

Host:

- ``round_detail``: bout, round, winner, plays (both, in seat order: {numbers,
  symbols, own {numbers, symbol}, value, distance, charged_ms}).
- ``final_results``: bout, guesses (per seat: [{round, tiles (2 numbers + symbol),
  correct}]) — both scored Final Guess sheets.

``window`` in a request is what :meth:`Game.window` returns for that decision;
deadline keys and windows are described in :mod:`games.expression.clock`.

Views
-----

Every audience: bout, round, stage (planning, starter, play, guess, final, over),
advantage, starters, ready, to_act, pairs (this bout's 12), pair and first (the
round under way, else null), to_play, tiles_left ([[numbers, symbols]] per seat),
points, bout_points, rounds_won, reserve_ms, deadlines, history (per round: bout,
round, pair, first, colours [per seat], winner, guess_in, reveal_in, guesses
(scored guesses or null), guess_timed_out, revealed, reveal_timed_out), finals (per
bout: locked, timed_out, right (rounds each got exactly right) once scored),
seconds, outcome.

A seat adds: seat, numbers, symbols, pairs_to_come (this bout's rounds not yet
started), my_plays (aligned with history: {tiles, own, value, distance,
charged_ms} or null), my_guess, my_reveal (its sealed choice in the open
guessing), my_final (entries), my_final_locked.

The host adds: hands, plays (both seats' per round), pending_guess,
pending_reveal, final_sheets (in progress), final_results (scored), all_pairs.
"""

from games.expression.engine import Expression
from games.expression.models import ExpressionConfig, ExpressionState

GAME = Expression()

__all__ = ["GAME", "Expression", "ExpressionConfig", "ExpressionState"]
