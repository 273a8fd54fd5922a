"""Decoder: discover the opponent's secret letter tiles before it finds yours.

Rules: shared/rules/decoder.txt, settled by DECISIONS.md ("Decoder"). The
flow: ``pregame`` (seats may raise puzzle times; the host starts letter
selection) → ``selection`` (skipped with ``preset_hands``) → ``play`` (turns
decided by the recharge race) → ``over``.

Conventions. Seats are 0 and 1. Tanks are numbered 1–7 (``tank``) and named
(``tank_name``). Letters are upper-case strings "A"–"Z". Clues are "ANY",
"ODD", "TWO". Items are "hand_insurance", "new_evidence", "power_surge",
"unexpected_sabotage". ``turn`` is the turn number from 1. ``window`` is the
key of the decision window a prompt opens (what ``GAME.window`` returns while
it is open; buttons should carry it). Decisions: "turn", "clue", "giveup",
"swap", "total", "sabotage", "unexpected".

Notices (audience: kind {data keys})
-------------------------------------
Setup and pre-game:
- public: ``match_setup`` {tank_names, items (two lists of unused items)}
- seat: ``tanks_told`` {tanks: [{tank, tank_name, seconds, units}]}
- seat: ``time_raised`` {tank, tank_name, seconds, units}
Letter selection (nothing of it reaches the room but its start):
- public: ``selection_started`` {window_seconds}
- seat: ``tiles_dealt`` {initial, extra_tanks (tank numbers that earned an
  extra), extras (how many), limits {common, uncommon, rare}, window_seconds}
- seat: ``extras_dealt`` {rarities {common, uncommon, rare}, tiles, dealt
  (initial + extras), timed_out}
- seat: ``hand_chosen`` {hand, timed_out}
Play:
- public: ``play_started`` {first_seat, tank_names, hand_sizes}
- public: ``turn_started`` {turn, seat, must_restore, window_seconds}
- seat: ``turn_prompt`` {turn, tanks: [{tank, tank_name, units}] (unused
  ones), items, must_restore, window, window_seconds}
- public: ``word_asked`` {turn, seat, word, excluded, evidence, tank,
  tank_name, surge}
- seat (asker's opponent): ``clue_requested`` {turn, word, choices, window}
- public: ``clue_answered`` {turn, seat (asker), word, answers: [{clue,
  answer}], chosen_by (the seat that chose the clue; None with New Evidence)}
- public: ``tile_guessed`` {turn, seat, letter, correct, hand_sizes, revealed
  (every letter revealed so far, as in the view), tank, tank_name, surge}
- seat (guesser): ``insurance_kept`` {turn} — declared on a right guess; nobody
  else learns of it
- public: ``insurance_used`` {turn, seat} — wrong guess, nothing given up
- seat (guesser): ``giveup_requested`` {turn, hand, window}
- public: ``tile_given_up`` {turn, seat, letter, hand_sizes, revealed}
- seat (guesser's opponent): ``letter_offered`` {turn, letter (None if every
  letter was barred: then only `keep`), hand, window}
- seat (same): ``swap_done`` {turn, offered, swapped_out (None: kept), hand}
- public: ``swap_decided`` {turn, seat} — only that the decision is in
- public: ``tanks_restored`` {turn, seat, restored (tank numbers),
  restored_names, tank, tank_name, surge}
- seat (restorer's opponent): ``total_requested`` {turn, restored, restored_names,
  window}
- public: ``total_guessed`` {turn, seat (guesser), total (None: no guess),
  correct (None when no guess)}
- seat (same): ``sabotage_requested`` {turn, choices (tank numbers), choice_names,
  window}
- public: ``tank_sabotaged`` {turn, seat (saboteur), owner, tank, tank_name}
- seat (owner): ``tank_time_changed`` {tank, tank_name, units, before} — after
  any sabotage; only the owner learns the new time
- seat (turn seat's opponent): ``unexpected_offered`` {turn, tank, tank_name,
  window} — when it owes no other response but holds Unexpected Sabotage
- public: ``unexpected_sabotage`` {turn, seat (declarer), owner, tank,
  tank_name}
- public: ``unexpected_declined`` {turn, seat}
Time:
- public: ``bank_started`` {seat, decision, bank_seconds} — a window ran out;
  the bank drains in 5 s steps from here
- seat: ``bank_reminder`` {bank_seconds, decision}, and public: the same with
  ``seat`` — at each 30 s of bank left (the rules make a seat's bank public)
- public: ``match_over`` {winner, reason, hand_sizes, revealed}

Views
-----
Every audience gets the public keys: ``phase``, ``tank_names``,
``first_seat``, ``items`` and ``used_items`` (two lists each), ``used_tanks``
(two lists of tank numbers), ``hand_sizes``, ``revealed`` ([{letter, seat
(whose hand it left), how ("guessed" | "given_up"), turn}]), ``asked``
(words), ``turn`` (the current turn, or None) and ``history`` (finished
turns) as public turn records {number, seat, kind ("ask" | "guess" |
"restore" | None), tank, tank_name, surge, unexpected, word, excluded,
evidence, answers, chosen_by, letter, correct, insurance_used, given_up,
swap_decided, restored, total, total_guessed, total_correct, sabotaged},
``awaiting`` ([{seat, decision, window, deadline_ms, on_bank}]; empty during
selection), ``banks`` (seconds left, per seat), ``selection_deadline_ms``,
``outcome``.

A seat's view adds ``seat``, ``hand``, ``seen`` (letters it saw in setup),
``tanks`` ([{tank, tank_name, seconds, units, used}]), ``selection`` ({
extra_tanks, extras_earned, initial, rarities, extras, hand_chosen} or None),
``offer`` (the letter offered while its swap decision is open) and
``private_turns`` ([{turn, offered, swapped_out}] and [{turn,
insurance_kept}]).

The host view adds ``hands``, ``seen``, ``tanks``, ``selection`` (both seats
each), ``timers`` (the recharge timers, in units), ``last_turn`` and
``turns`` (every turn with its secrets).

No recharge timer reaches anyone but the host. ``GAME.to_act`` during letter
selection names the seats still choosing: for the bot, not for the room.

Word list: see :mod:`games.decoder.words` (the runtime registers a
``word_list`` path's contents; the default list ships in ``data/``).
"""

from games.decoder.config import DecoderConfig
from games.decoder.engine import Decoder
from games.decoder.models import DecoderState

GAME = Decoder()

__all__ = ["GAME", "Decoder", "DecoderConfig", "DecoderState"]
