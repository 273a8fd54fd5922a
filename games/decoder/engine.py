"""Decoder as a :class:`games.core.Game`: the hooks wire the contract to the
selection, turn, response and clock modules."""

from __future__ import annotations

from typing import Any

from games.core import (
    SEATS,
    SECOND,
    Actor,
    Audience,
    Deadline,
    Game,
    Notice,
    Rejected,
    Seat,
    Step,
    SteppedBank,
    seat_of,
)
from games.decoder import clock, defaults, grammar, responses, reveal, selection, turns, upgrades
from games.decoder.actions import (
    Ask,
    ChooseHand,
    ChooseRarities,
    DecoderAction,
    GiveClue,
    GiveUp,
    Guess,
    GuessTotal,
    RaiseTime,
    Restore,
    Sabotage,
    StartSelection,
    Swap,
    Unexpected,
)
from games.decoder.config import DecoderConfig
from games.decoder.models import DecoderState
from games.decoder.notices import private, public
from games.decoder.tanks import make_tanks
from games.decoder.views import view
from games.decoder.words import WordLists, word_list


class Decoder(Game[DecoderConfig, DecoderState, DecoderAction]):
    key = "decoder"
    title = "Decoder"
    max_move_chars = grammar.MAX_MOVE_CHARS
    Config = DecoderConfig
    State = DecoderState
    Action = DecoderAction
    formats = upgrades.FORMATS

    def __init__(self, words: WordLists = word_list) -> None:
        """``words`` finds the word list for a config's ``word_list`` (see
        :mod:`games.decoder.words`); tests pass small lists of their own."""
        super().__init__()
        self._words = words

    def _setup(self, config: DecoderConfig, seed: int, now_ms: int) -> Step[DecoderState]:
        self._words(config.word_list)  # fail now, not at the first ask
        names = defaults.tank_names(config, seed)
        state = DecoderState(
            seed=seed,
            config=config,
            tank_names=names,
            tanks=[make_tanks(row) for row in defaults.times(config, seed)],
            items=defaults.items(config, seed),
            first_seat=defaults.first_seat(config, seed),
            banks=[
                SteppedBank(left_ms=config.bank_seconds * SECOND, step_ms=clock.BANK_STEP_MS)
                for _ in SEATS
            ],
        )
        notices = [public("match_setup", tank_names=list(names), items=state.items)]
        for seat in SEATS:
            tanks = [
                {"tank": n, "tank_name": names[n - 1], "seconds": t.seconds, "units": t.units}
                for n, t in enumerate(state.tanks[seat], start=1)
            ]
            notices.append(private(seat, "tanks_told", tanks=tanks))
        return Step(state=state, notices=notices)

    def _parse(self, state: DecoderState, actor: Actor, text: str) -> Any:
        pending = state.pending[actor] if actor in SEATS else None
        asked = pending.decision if pending is not None else None
        return grammar.parse(text, actor, state.tank_names, asked)

    def _validate(self, state: DecoderState, actor: Actor, action: Any) -> None:
        """The checks ``_apply`` makes, in its order, on the state as it is."""
        if isinstance(action, StartSelection):
            if actor in SEATS:
                raise Rejected("The host starts letter selection.")
            selection.check_start(state)
            return
        self._check_move(state, seat_of(actor), action)

    def _check_move(self, state: DecoderState, seat: Seat, action: Any) -> None:
        if isinstance(action, RaiseTime):
            selection.check_raise_time(state, seat, action)
        elif isinstance(action, ChooseRarities):
            selection.check_rarities(state, seat, action)
        elif isinstance(action, ChooseHand):
            selection.check_hand(state, seat, action)
        elif isinstance(action, Ask | Guess | Restore):
            turns.check_turn(state, seat, action, self._words(state.config.word_list))
        elif isinstance(action, GiveClue):
            responses.check_clue(state, seat, action)
        elif isinstance(action, GiveUp):
            responses.check_give_up(state, seat, action)
        elif isinstance(action, Swap):
            responses.check_swap(state, seat, action)
        elif isinstance(action, GuessTotal):
            responses.check_total(state, seat, action)
        elif isinstance(action, Sabotage):
            responses.check_sabotage(state, seat, action)
        elif isinstance(action, Unexpected):
            responses.check_unexpected(state, seat, action)
        else:
            raise Rejected("That is not a Decoder move.")

    def _apply(
        self, state: DecoderState, actor: Actor, action: Any, now_ms: int
    ) -> Step[DecoderState]:
        if isinstance(action, StartSelection):
            if actor in SEATS:
                raise Rejected("The host starts letter selection.")
            return Step(state=state, notices=selection.start(state, now_ms))
        seat = seat_of(actor)
        return Step(state=state, notices=self._move(state, seat, action, now_ms))

    def _move(self, state: DecoderState, seat: Seat, action: Any, now_ms: int) -> list[Any]:
        if isinstance(action, RaiseTime):
            return selection.raise_time(state, seat, action)
        if isinstance(action, ChooseRarities):
            return selection.choose_rarities(state, seat, action)
        if isinstance(action, ChooseHand):
            return selection.choose_hand(state, seat, action, now_ms)
        if isinstance(action, Ask | Guess | Restore):
            return turns.take_turn(state, seat, action, now_ms, self._words(state.config.word_list))
        if isinstance(action, GiveClue):
            return responses.give_clue(state, seat, action, now_ms)
        if isinstance(action, GiveUp):
            return responses.give_up(state, seat, action, now_ms)
        if isinstance(action, Swap):
            return responses.swap(state, seat, action, now_ms)
        if isinstance(action, GuessTotal):
            return responses.guess_total(state, seat, action, now_ms)
        if isinstance(action, Sabotage):
            return responses.sabotage(state, seat, action, now_ms)
        if isinstance(action, Unexpected):
            return responses.unexpected(state, seat, action, now_ms)
        raise Rejected("That is not a Decoder move.")

    def _expire(self, state: DecoderState, key: str, now_ms: int) -> Step[DecoderState]:
        if key == clock.SELECTION_KEY:
            return Step(state=state, notices=selection.time_out(state, now_ms))
        pending = clock.pending_for_key(state, key)
        assert pending is not None  # the base class passes live keys only
        return Step(state=state, notices=clock.run_down(state, pending))

    def _deadlines(self, state: DecoderState) -> list[Deadline]:
        return clock.deadlines(state)

    def _to_act(self, state: DecoderState) -> frozenset[int]:
        if state.phase == "selection" and state.selection is not None:
            # Not for the room: who is still choosing hints at who earned extras.
            return frozenset(s for s in SEATS if not state.selection[s].done)
        return frozenset(p.seat for p in state.pending if p is not None)

    def window(self, state: DecoderState, seat: int) -> str | None:
        if state.outcome is not None or seat not in SEATS:
            return None
        if state.phase == "selection":
            return "select"
        pending = state.pending[seat]
        return None if pending is None else clock.window_key(pending)

    def reveal(self, state: DecoderState) -> list[Notice]:
        return reveal.secrets(state)

    def view(self, state: DecoderState, audience: Audience) -> dict[str, Any]:
        return view(state, audience)
