"""Before play: puzzle-time raises, then letter selection (initial tiles, the
rarities of the extras, the extras, the 6-tile hand), then the first turn.

Nothing about a seat's selection reaches the room or the opponent: not its
extras, not its tiles, not even how far it has got (so the room learns only
that selection ended).
"""

from __future__ import annotations

from games.core import SEATS, SECOND, Notice, Rejected, Seat, Window, rng
from games.decoder import defaults, turns
from games.decoder.actions import ChooseHand, ChooseRarities, RaiseTime
from games.decoder.models import DecoderState, Selection
from games.decoder.notices import private, public
from games.decoder.race import starting_timers
from games.decoder.tanks import MAX_SECONDS, extra_tanks, tank_label, units_for
from games.decoder.tiles import (
    EXTRA_LIMITS,
    HAND_SIZE,
    RARITIES,
    deal_extras,
    deal_initial,
    default_rarities,
    letters_text,
    rarities_problem,
)


def official_seconds(state: DecoderState, seat: Seat, tank: int) -> int:
    """The tank's puzzle time as set up (config or seed): the floor a seat's own
    changes may not go below."""
    return defaults.times(state.config, state.seed)[seat][tank - 1]


def check_raise_time(state: DecoderState, seat: Seat, action: RaiseTime) -> None:
    """A seat may set a puzzle time anywhere from its official time to the cap,
    as often as it likes before letter selection (DECISIONS: "You may change
    your mind at any time"), so lowering an earlier raise is fine."""
    if state.phase != "pregame":
        raise Rejected("Puzzle times are locked: letter selection has started.")
    if action.seconds > MAX_SECONDS:
        raise Rejected(f"Puzzle times go up to {MAX_SECONDS} s at most.")
    official = official_seconds(state, seat, action.tank)
    if action.seconds < official:
        label = tank_label(action.tank, state.tank_names)
        raise Rejected(
            f"Tank {label}'s official time is {official} s, and a puzzle time can't go "
            f"below it: choose {official}–{MAX_SECONDS} s."
        )


def raise_time(state: DecoderState, seat: Seat, action: RaiseTime) -> list[Notice]:
    check_raise_time(state, seat, action)
    raised = {"seconds": action.seconds, "units": units_for(action.seconds)}
    tanks = state.tanks[seat]
    tank = tanks[action.tank - 1] = tanks[action.tank - 1].model_copy(update=raised)
    data = {"tank": action.tank, "tank_name": state.tank_names[action.tank - 1]}
    return [private(seat, "time_raised", **data, seconds=tank.seconds, units=tank.units)]


def check_start(state: DecoderState) -> None:
    if state.phase != "pregame":
        raise Rejected("Letter selection has already started.")


def start(state: DecoderState, now_ms: int) -> list[Notice]:
    """The host starts letter selection (preset hands: straight to play)."""
    check_start(state)
    presets = state.config.preset_hands
    if presets is not None:
        state.hands = [list(hand) for hand in presets]
        state.seen = [list(hand) for hand in presets]
        return begin_play(state, now_ms)
    initial = deal_initial(rng(state.seed, "initial"))
    state.selection = [
        Selection(extra_tanks=extra_tanks(state.tanks[seat], state.tanks[1 - seat]), initial=tiles)
        for seat, tiles in zip(SEATS, initial, strict=True)
    ]
    seconds = state.config.selection_seconds
    state.selection_window = Window(start_ms=now_ms, length_ms=seconds * SECOND)
    state.phase = "selection"
    notices = [public("selection_started", window_seconds=seconds)]
    for seat in SEATS:
        chosen = state.selection[seat]
        if chosen.extra_count == 0:
            chosen.rarities = [0, 0, 0]  # nothing to choose: the hand is the 6 tiles
        notices.append(
            private(
                seat,
                "tiles_dealt",
                initial=list(chosen.initial),
                extra_tanks=list(chosen.extra_tanks),
                extras=chosen.extra_count,
                limits=dict(EXTRA_LIMITS),
                window_seconds=seconds,
            )
        )
    return notices


def _selection(state: DecoderState, seat: Seat) -> Selection:
    if state.phase == "pregame":
        raise Rejected("Letter selection hasn't started yet; the host starts it.")
    if state.phase != "selection" or state.selection is None:
        raise Rejected("Letter selection is over.")
    return state.selection[seat]


def check_rarities(state: DecoderState, seat: Seat, action: ChooseRarities) -> None:
    chosen = _selection(state, seat)
    if chosen.extra_count == 0:
        raise Rejected(
            "You earned no extra tiles, so there are no rarities to choose; "
            f"your hand is your 6 tiles: `hand {' '.join(chosen.initial)}`."
        )
    if chosen.rarities is not None:
        raise Rejected(
            f"You have chosen already; your extra tiles are {letters_text(chosen.extras)}."
        )
    problem = rarities_problem(action.counts, chosen.extra_count)
    if problem is not None:
        raise Rejected(problem)


def choose_rarities(state: DecoderState, seat: Seat, action: ChooseRarities) -> list[Notice]:
    check_rarities(state, seat, action)
    return [_deal_extras(state, seat, action.counts, timed_out=False)]


def _deal_extras(state: DecoderState, seat: Seat, counts: list[int], timed_out: bool) -> Notice:
    assert state.selection is not None
    chosen = state.selection[seat]
    taken = [tile for entry in state.selection for tile in entry.dealt]
    chosen.rarities = counts
    chosen.extras = deal_extras(rng(state.seed, "extras", seat), counts, taken)
    return private(
        seat,
        "extras_dealt",
        rarities=dict(zip(RARITIES, counts, strict=True)),
        tiles=list(chosen.extras),
        dealt=chosen.dealt,
        timed_out=timed_out,
    )


def check_hand(state: DecoderState, seat: Seat, action: ChooseHand) -> list[str]:
    """The 6 letters the hand would be (Rejected if it can't be chosen now)."""
    chosen = _selection(state, seat)
    if chosen.rarities is None:
        raise Rejected(
            f"First choose the rarities of your {chosen.extra_count} extra tiles, "
            f"e.g. `rarities {' '.join(map(str, default_rarities(chosen.extra_count)))}` "
            "(common uncommon rare)."
        )
    if chosen.hand_chosen:
        raise Rejected(f"Your hand is chosen already: {letters_text(state.hands[seat])}.")
    letters = action.letters or (chosen.dealt if len(chosen.dealt) == HAND_SIZE else [])
    missing = [letter for letter in letters if letter not in chosen.dealt]
    if missing:
        raise Rejected(
            f"You weren't dealt {missing[0]} — your tiles are {letters_text(chosen.dealt)}."
        )
    if len(set(letters)) != HAND_SIZE or len(letters) != HAND_SIZE:
        raise Rejected(
            f"Pick exactly {HAND_SIZE} different tiles from {letters_text(chosen.dealt)}, "
            "e.g. `hand A B C D E F`."
        )
    return letters


def choose_hand(state: DecoderState, seat: Seat, action: ChooseHand, now_ms: int) -> list[Notice]:
    letters = check_hand(state, seat, action)
    notices = [_take_hand(state, seat, letters, timed_out=False)]
    if all(entry.done for entry in state.selection or []):
        notices += begin_play(state, now_ms)
    return notices


def _take_hand(state: DecoderState, seat: Seat, letters: list[str], timed_out: bool) -> Notice:
    assert state.selection is not None
    state.selection[seat].hand_chosen = True
    state.hands[seat] = sorted(letters)
    return private(seat, "hand_chosen", hand=list(state.hands[seat]), timed_out=timed_out)


def time_out(state: DecoderState, now_ms: int) -> list[Notice]:
    """Selection time is up: default rarities (common first), default hand (the 6 initial)."""
    assert state.selection is not None
    notices = []
    for seat in SEATS:
        chosen = state.selection[seat]
        if chosen.rarities is None:
            counts = default_rarities(chosen.extra_count)
            notices.append(_deal_extras(state, seat, counts, timed_out=True))
        if not chosen.hand_chosen:
            notices.append(_take_hand(state, seat, list(chosen.initial), timed_out=True))
    return notices + begin_play(state, now_ms)


def begin_play(state: DecoderState, now_ms: int) -> list[Notice]:
    if state.selection is not None:
        state.seen = [entry.dealt for entry in state.selection]
    state.phase = "play"
    state.selection_window = None
    state.timers = starting_timers(state.first_seat)
    started = public(
        "play_started",
        first_seat=state.first_seat,
        tank_names=list(state.tank_names),
        hand_sizes=[len(hand) for hand in state.hands],
    )
    return [started, *turns.start_turn(state, now_ms)]
