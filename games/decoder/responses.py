"""The decisions that follow a turn action: the clue choice, the give-up, the
swap, the restore guess, the sabotage pick, and Unexpected Sabotage (which the
opponent may declare on its own or together with any of its responses)."""

from __future__ import annotations

from games.core import Notice, Rejected, Seat, other
from games.decoder.actions import GiveClue, GiveUp, GuessTotal, Sabotage, Swap, Unexpected
from games.decoder.clock import close_decision, open_decision, window_key
from games.decoder.models import DECISION_LABELS, Decision, DecoderState, Revealed, TurnRecord
from games.decoder.notices import finish, private, public, tile_board
from games.decoder.tanks import sabotaged, tank_label
from games.decoder.tiles import letters_text
from games.decoder.turns import answer_clues, check_item, maybe_end_turn, use_item


def _expect(state: DecoderState, seat: Seat, decision: Decision) -> TurnRecord:
    """The current turn, if ``seat`` owes ``decision`` now; else Rejected."""
    pending = state.pending[seat]
    if state.phase != "play" or state.turn is None:
        raise Rejected("There is nothing to respond to now.")
    if pending is None:
        raise Rejected("You have nothing to decide right now.")
    if pending.decision != decision:
        raise Rejected(f"Not now: what's asked of you is {DECISION_LABELS[pending.decision]}.")
    return state.turn


def _sabotage(state: DecoderState, owner: Seat, number: int) -> Notice:
    """×1.5 up to 30; the owner alone learns the new time."""
    tank = state.tanks[owner][number - 1]
    before = tank.units
    tank = state.tanks[owner][number - 1] = tank.model_copy(update={"units": sabotaged(before)})
    name = state.tank_names[number - 1]
    return private(
        owner, "tank_time_changed", tank=number, tank_name=name, units=tank.units, before=before
    )


def _unexpected(state: DecoderState, seat: Seat) -> list[Notice]:
    """Sabotage the tank the turn just used; it fills this turn's timer."""
    turn = state.turn
    assert turn is not None
    assert turn.tank is not None
    use_item(state, seat, "unexpected_sabotage")
    turn.unexpected = True
    name = state.tank_names[turn.tank - 1]
    declared = public(
        "unexpected_sabotage",
        turn=turn.number,
        seat=seat,
        owner=turn.seat,
        tank=turn.tank,
        tank_name=name,
    )
    return [declared, _sabotage(state, turn.seat, turn.tank)]


def _check_responding(state: DecoderState, seat: Seat, unexpected: bool) -> None:
    """Checks common to every response, and Unexpected Sabotage's if declared with it."""
    pending = state.pending[seat]
    if pending is None or state.turn is None or state.turn.seat == seat:
        raise Rejected("You have nothing to respond to right now.")
    if unexpected:
        check_item(state, seat, "unexpected_sabotage")


def _responding(state: DecoderState, seat: Seat, unexpected: bool) -> list[Notice]:
    """Unexpected Sabotage, if declared with a response (checked already)."""
    return _unexpected(state, seat) if unexpected else []


def check_clue(state: DecoderState, seat: Seat, action: GiveClue) -> None:
    turn = _expect(state, seat, "clue")
    if action.clue == turn.excluded:
        choices = " or ".join(c for c in ("ANY", "ODD", "TWO") if c != turn.excluded)
        raise Rejected(f"The asker excluded {turn.excluded}; choose {choices}.")
    _check_responding(state, seat, action.unexpected)


def give_clue(state: DecoderState, seat: Seat, action: GiveClue, now_ms: int) -> list[Notice]:
    check_clue(state, seat, action)
    notices = _responding(state, seat, action.unexpected)
    close_decision(state, seat)
    notices.append(answer_clues(state, [action.clue], seat))
    return notices + maybe_end_turn(state, now_ms)


def check_give_up(state: DecoderState, seat: Seat, action: GiveUp) -> TurnRecord:
    turn = _expect(state, seat, "giveup")
    hand = state.hands[seat]
    if action.letter not in hand:
        raise Rejected(f"You don't hold {action.letter} — your hand is {letters_text(hand)}.")
    return turn


def give_up(state: DecoderState, seat: Seat, action: GiveUp, now_ms: int) -> list[Notice]:
    turn = check_give_up(state, seat, action)
    hand = state.hands[seat]
    close_decision(state, seat)
    hand.remove(action.letter)
    turn.given_up = action.letter
    state.revealed.append(
        Revealed(letter=action.letter, seat=seat, how="given_up", turn=turn.number)
    )
    data = {"turn": turn.number, "seat": seat, "letter": action.letter}
    notices = [public("tile_given_up", **data, **tile_board(state))]
    if not hand:
        reason = f"seat {seat}'s hand is empty: it gave up its last letter"
        return [*notices, finish(state, other(seat), reason)]
    return notices + maybe_end_turn(state, now_ms)


def check_swap(state: DecoderState, seat: Seat, action: Swap) -> TurnRecord:
    turn = _expect(state, seat, "swap")
    hand = state.hands[seat]
    if action.letter is not None:
        if turn.offer is None:
            raise Rejected("No letter could be offered to you this time, so say `keep`.")
        if action.letter not in hand:
            raise Rejected(f"You don't hold {action.letter} — your hand is {letters_text(hand)}.")
    _check_responding(state, seat, action.unexpected)
    return turn


def swap(state: DecoderState, seat: Seat, action: Swap, now_ms: int) -> list[Notice]:
    turn = check_swap(state, seat, action)
    hand = state.hands[seat]
    notices = _responding(state, seat, action.unexpected)
    close_decision(state, seat)
    if action.letter is not None and turn.offer is not None:
        hand.remove(action.letter)
        hand.append(turn.offer)
        hand.sort()
    turn.swapped_out = action.letter
    turn.swap_decided = True
    mine = {"turn": turn.number, "offered": turn.offer, "swapped_out": action.letter}
    notices.append(private(seat, "swap_done", **mine, hand=list(hand)))
    # The room (and the guesser) learn only that the decision is in.
    notices.append(public("swap_decided", turn=turn.number, seat=seat))
    return notices + maybe_end_turn(state, now_ms)


def check_total(state: DecoderState, seat: Seat, action: GuessTotal) -> TurnRecord:
    turn = _expect(state, seat, "total")
    _check_responding(state, seat, action.unexpected)
    return turn


def guess_total(state: DecoderState, seat: Seat, action: GuessTotal, now_ms: int) -> list[Notice]:
    turn = check_total(state, seat, action)
    notices = _responding(state, seat, action.unexpected)
    close_decision(state, seat)
    owner = other(seat)
    total = sum(state.tanks[owner][n - 1].units for n in turn.restored)
    turn.total, turn.total_guessed = action.total, True
    turn.total_correct = action.total == total if action.total is not None else None
    guessed = {"turn": turn.number, "seat": seat, "total": action.total}
    notices.append(public("total_guessed", **guessed, correct=turn.total_correct))
    if turn.total_correct:
        pending = open_decision(state, seat, "sabotage", now_ms)
        names = [state.tank_names[n - 1] for n in turn.restored]
        data = {"turn": turn.number, "choices": list(turn.restored), "choice_names": names}
        notices.append(private(seat, "sabotage_requested", **data, window=window_key(pending)))
    return notices + maybe_end_turn(state, now_ms)


def check_sabotage(state: DecoderState, seat: Seat, action: Sabotage) -> TurnRecord:
    turn = _expect(state, seat, "sabotage")
    if action.tank not in turn.restored:
        choices = ", ".join(tank_label(n, state.tank_names) for n in turn.restored)
        raise Rejected(f"Tank {action.tank} was not restored this turn; choose one of {choices}.")
    _check_responding(state, seat, action.unexpected)
    return turn


def sabotage(state: DecoderState, seat: Seat, action: Sabotage, now_ms: int) -> list[Notice]:
    turn = check_sabotage(state, seat, action)
    notices = _responding(state, seat, action.unexpected)
    close_decision(state, seat)
    owner = other(seat)
    turn.sabotaged = action.tank
    name = state.tank_names[action.tank - 1]
    data = {"turn": turn.number, "seat": seat, "owner": owner, "tank": action.tank}
    notices.append(public("tank_sabotaged", **data, tank_name=name))
    notices.append(_sabotage(state, owner, action.tank))
    return notices + maybe_end_turn(state, now_ms)


def check_unexpected(state: DecoderState, seat: Seat, action: Unexpected) -> None:
    if not action.use:
        _expect(state, seat, "unexpected")
        return
    if state.turn is not None and state.turn.unexpected:
        raise Rejected("Unexpected Sabotage has been used on this turn already.")
    _check_responding(state, seat, unexpected=True)


def unexpected(state: DecoderState, seat: Seat, action: Unexpected, now_ms: int) -> list[Notice]:
    check_unexpected(state, seat, action)
    pending = state.pending[seat]
    if not action.use:
        turn = state.turn
        assert turn is not None
        close_decision(state, seat)
        declined = public("unexpected_declined", turn=turn.number, seat=seat)
        return [declined, *maybe_end_turn(state, now_ms)]
    notices = _responding(state, seat, unexpected=True)
    if pending is not None and pending.decision == "unexpected":
        close_decision(state, seat)
    return notices + maybe_end_turn(state, now_ms)
