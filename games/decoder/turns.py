"""Turns: who moves (the recharge race), what a turn may be (ask, guess,
restore, each using a tank), and the end of a turn once every response is in.
The opponent's responses live in :mod:`games.decoder.responses`."""

from __future__ import annotations

from games.core import Notice, Rejected, Seat, other, rng
from games.decoder.actions import Ask, Guess, Restore, TurnAction
from games.decoder.clock import close_decision, open_decision, window_key
from games.decoder.config import ITEM_TITLES, Item
from games.decoder.models import DECISION_LABELS, ClueAnswer, DecoderState, Revealed, TurnRecord
from games.decoder.notices import finish, private, public, tile_board
from games.decoder.race import next_turn
from games.decoder.tanks import tank_label, unused_numbers, used_numbers
from games.decoder.tiles import CLUES, Clue, clue_answer, count_in, offer_candidates
from games.decoder.words import MAX_LETTERS, MIN_LETTERS, WordList


def start_turn(state: DecoderState, now_ms: int) -> list[Notice]:
    seat, state.timers = next_turn(state.timers, state.last_turn)
    number = len(state.history) + 1
    state.turn = TurnRecord(number=number, seat=seat)
    pending = open_decision(state, seat, "turn", now_ms)
    tanks = state.tanks[seat]
    unused = unused_numbers(tanks)
    must_restore = len(unused) == 1
    seconds = pending.window.length_ms // 1000
    prompt = private(
        seat,
        "turn_prompt",
        turn=number,
        tanks=[
            {"tank": n, "tank_name": state.tank_names[n - 1], "units": tanks[n - 1].units}
            for n in unused
        ],
        items=list(state.items[seat]),
        must_restore=must_restore,
        window=window_key(pending),
        window_seconds=seconds,
    )
    started = public(
        "turn_started", turn=number, seat=seat, must_restore=must_restore, window_seconds=seconds
    )
    return [started, prompt]


def use_item(state: DecoderState, seat: Seat, item: Item) -> None:
    state.items[seat].remove(item)
    state.used_items[seat].append(item)


def check_item(state: DecoderState, seat: Seat, item: Item) -> None:
    if item in state.items[seat]:
        return
    title = ITEM_TITLES[item]
    if item in state.used_items[seat]:
        raise Rejected(f"You have used your {title} already.")
    raise Rejected(f"You have no {title}.")


def check_turn(state: DecoderState, seat: Seat, action: TurnAction, words: WordList) -> None:
    """Everything that makes a turn action illegal now, as the player reads it."""
    if state.phase != "play" or state.turn is None:
        raise Rejected(
            "Turns haven't begun yet." if state.phase != "over" else "The match is over."
        )
    pending = state.pending[seat]
    if state.turn.seat != seat:
        raise Rejected("It's not your turn: your opponent is taking theirs.")
    if pending is None or pending.decision != "turn":
        what = DECISION_LABELS[pending.decision] if pending else "the responses"
        raise Rejected(f"You have taken this turn already; waiting on {what}.")
    _check_tank(state, seat, action)
    if action.surge:
        check_item(state, seat, "power_surge")
    if isinstance(action, Ask):
        _check_word(state, action.word, words)
        if action.evidence:
            check_item(state, seat, "new_evidence")
    elif isinstance(action, Guess):
        if action.insurance:
            check_item(state, seat, "hand_insurance")
        if any(entry.letter == action.letter for entry in state.revealed):
            raise Rejected(f"{action.letter} is revealed already, so it can't be in a hand.")


def _check_tank(state: DecoderState, seat: Seat, action: TurnAction) -> None:
    tanks = state.tanks[seat]
    unused = unused_numbers(tanks)
    names = state.tank_names
    if tanks[action.tank - 1].used:
        listed = ", ".join(tank_label(n, names) for n in unused)
        raise Rejected(f"Tank {action.tank} is already used — your unused tanks are {listed}.")
    if len(unused) == 1 and not isinstance(action, Restore):
        raise Rejected(
            f"Tank {tank_label(unused[0], names)} is your last unused tank, so you must restore: "
            f"`restore tank {unused[0]}`."
        )
    if isinstance(action, Restore) and not used_numbers(tanks):
        raise Rejected("None of your tanks is used up, so there is nothing to restore.")


def _check_word(state: DecoderState, word: str, words: WordList) -> None:
    if not MIN_LETTERS <= len(word) <= MAX_LETTERS:
        raise Rejected(
            f"Words run {MIN_LETTERS}–{MAX_LETTERS} letters; {_short(word)} has {len(word)}."
        )
    if word in state.asked:
        raise Rejected(f"{word} was asked already (each word once per match, by either seat).")
    if word not in words:
        raise Rejected(f"{word} is not in the word list.")


def _short(word: str) -> str:
    return word if len(word) <= 20 else word[:19] + "…"


def take_turn(
    state: DecoderState, seat: Seat, action: TurnAction, now_ms: int, words: WordList
) -> list[Notice]:
    check_turn(state, seat, action, words)
    turn = state.turn
    assert turn is not None
    close_decision(state, seat)
    turn.tank, turn.surge = action.tank, action.surge
    if action.surge:
        use_item(state, seat, "power_surge")
    if isinstance(action, Ask):
        notices = _ask(state, seat, action, now_ms)
    elif isinstance(action, Guess):
        notices = _guess(state, seat, action, now_ms)
    else:
        notices = _restore(state, seat, action, now_ms)
    # Power Surge: the tank is not used up (its recharge still fills the timer).
    tanks = state.tanks[seat]
    tanks[action.tank - 1] = tanks[action.tank - 1].model_copy(update={"used": not action.surge})
    return notices + maybe_end_turn(state, now_ms)


def _used(state: DecoderState, action: TurnAction) -> dict[str, object]:
    name = state.tank_names[action.tank - 1]
    return {"tank": action.tank, "tank_name": name, "surge": action.surge}


def _ask(state: DecoderState, seat: Seat, action: Ask, now_ms: int) -> list[Notice]:
    turn = state.turn
    assert turn is not None
    turn.kind, turn.word, turn.excluded = "ask", action.word, action.excluded
    turn.evidence = action.evidence
    state.asked.append(action.word)
    asked = public(
        "word_asked",
        turn=turn.number,
        seat=seat,
        word=action.word,
        excluded=action.excluded,
        evidence=action.evidence,
        **_used(state, action),
    )
    if not action.evidence:
        return [asked, *request_clue(state, other(seat), now_ms)]
    use_item(state, seat, "new_evidence")
    clues = [clue for clue in CLUES if clue != action.excluded]
    return [asked, answer_clues(state, clues, None), *offer_unexpected(state, now_ms)]


def request_clue(state: DecoderState, opponent: Seat, now_ms: int) -> list[Notice]:
    turn = state.turn
    assert turn is not None
    pending = open_decision(state, opponent, "clue", now_ms)
    choices = [clue for clue in CLUES if clue != turn.excluded]
    data = {"turn": turn.number, "word": turn.word, "choices": choices}
    return [private(opponent, "clue_requested", **data, window=window_key(pending))]


def answer_clues(state: DecoderState, clues: list[Clue], chosen_by: Seat | None) -> Notice:
    """Answer truthfully from the opponent's hand as it is now."""
    turn = state.turn
    assert turn is not None
    assert turn.word is not None
    count = count_in(turn.word, state.hands[other(turn.seat)])
    turn.answers = tuple(ClueAnswer(clue=clue, answer=clue_answer(clue, count)) for clue in clues)
    turn.chosen_by = chosen_by
    return public(
        "clue_answered",
        turn=turn.number,
        seat=turn.seat,
        word=turn.word,
        answers=[answer.model_dump() for answer in turn.answers],
        chosen_by=chosen_by,
    )


def offer_unexpected(state: DecoderState, now_ms: int) -> list[Notice]:
    """When the opponent owes no other response but holds Unexpected Sabotage,
    it gets a window to use it or not."""
    turn = state.turn
    assert turn is not None
    assert turn.tank is not None
    opponent = other(turn.seat)
    if "unexpected_sabotage" not in state.items[opponent]:
        return []
    pending = open_decision(state, opponent, "unexpected", now_ms)
    data = {"turn": turn.number, "tank": turn.tank, "tank_name": state.tank_names[turn.tank - 1]}
    return [private(opponent, "unexpected_offered", **data, window=window_key(pending))]


def _guess(state: DecoderState, seat: Seat, action: Guess, now_ms: int) -> list[Notice]:
    turn = state.turn
    assert turn is not None
    opponent = other(seat)
    turn.kind, turn.letter, turn.insurance = "guess", action.letter, action.insurance
    turn.correct = action.letter in state.hands[opponent]
    if turn.correct:
        state.hands[opponent].remove(action.letter)
        state.revealed.append(
            Revealed(letter=action.letter, seat=opponent, how="guessed", turn=turn.number)
        )
    guessed = public(
        "tile_guessed",
        turn=turn.number,
        seat=seat,
        letter=action.letter,
        correct=turn.correct,
        **tile_board(state),
        **_used(state, action),
    )
    if turn.correct:
        return [guessed, *_after_right_guess(state, seat, action, now_ms)]
    return [guessed, *_after_wrong_guess(state, seat, action, now_ms)]


def _after_right_guess(state: DecoderState, seat: Seat, action: Guess, now_ms: int) -> list[Notice]:
    turn = state.turn
    assert turn is not None
    # Hand Insurance is kept, and nobody else learns it was ever declared.
    notices = [private(seat, "insurance_kept", turn=turn.number)] if action.insurance else []
    if not state.hands[other(seat)]:
        reason = f"seat {other(seat)}'s hand is empty: seat {seat} guessed its last letter"
        return [*notices, finish(state, seat, reason)]
    return notices + offer_unexpected(state, now_ms)


def _after_wrong_guess(state: DecoderState, seat: Seat, action: Guess, now_ms: int) -> list[Notice]:
    turn = state.turn
    assert turn is not None
    opponent = other(seat)
    notices: list[Notice] = []
    if action.insurance:
        use_item(state, seat, "hand_insurance")
        notices.append(public("insurance_used", turn=turn.number, seat=seat))
    else:
        pending = open_decision(state, seat, "giveup", now_ms)
        data = {"turn": turn.number, "hand": list(state.hands[seat])}
        notices.append(private(seat, "giveup_requested", **data, window=window_key(pending)))
    revealed = [entry.letter for entry in state.revealed]
    candidates = offer_candidates(revealed, state.hands, state.seen[seat])
    # None only if every letter is barred; the opponent can then only keep.
    turn.offer = rng(state.seed, "offer", turn.number).choice(candidates) if candidates else None
    pending = open_decision(state, opponent, "swap", now_ms)
    offered = {"turn": turn.number, "letter": turn.offer, "hand": list(state.hands[opponent])}
    notices.append(private(opponent, "letter_offered", **offered, window=window_key(pending)))
    return notices


def _restore(state: DecoderState, seat: Seat, action: Restore, now_ms: int) -> list[Notice]:
    turn = state.turn
    assert turn is not None
    turn.kind = "restore"
    tanks = state.tanks[seat]
    turn.restored = tuple(used_numbers(tanks))
    for number in turn.restored:
        tanks[number - 1] = tanks[number - 1].model_copy(update={"used": False})
    restored = public(
        "tanks_restored",
        turn=turn.number,
        seat=seat,
        restored=list(turn.restored),
        restored_names=[state.tank_names[n - 1] for n in turn.restored],
        **_used(state, action),
    )
    opponent = other(seat)
    pending = open_decision(state, opponent, "total", now_ms)
    data = {
        "turn": turn.number,
        "restored": list(turn.restored),
        "restored_names": [state.tank_names[n - 1] for n in turn.restored],
    }
    return [restored, private(opponent, "total_requested", **data, window=window_key(pending))]


def maybe_end_turn(state: DecoderState, now_ms: int) -> list[Notice]:
    """Once nothing is pending, the turn's tank fills its timer and the race runs on."""
    turn = state.turn
    if state.phase != "play" or turn is None or turn.kind is None or any(state.pending):
        return []
    assert turn.tank is not None
    # After any Unexpected Sabotage: its new time applies to this very turn.
    state.timers[turn.seat] = state.tanks[turn.seat][turn.tank - 1].units
    state.last_turn = turn.seat
    state.history.append(turn.finished())
    state.turn = None
    return start_turn(state, now_ms)
