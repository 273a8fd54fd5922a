"""Pre-game time raises and letter selection: deals, rarities, hands, timeouts."""

from __future__ import annotations

import pytest

from games import HOST, PUBLIC, Rejected
from games.decoder import GAME, DecoderState
from games.decoder.tiles import POOLS, rarity_of
from tests.games.decoder.decoder_support import act, decisions, fresh, kinds, only, told

#: Seat 0's units 5 6 4 10 20 30 2 against seat 1's 14 7 9 8 3 12 15: seat 0
#: earns extras on tanks 1, 3, 7 (5 < 10.5, 4 < 6.75, 2 < 11.25; not 2: 6 < 5.25
#: fails); seat 1 on 5 and 6 (3 < 15, 12 < 22.5).
EXTRAS = [[1, 3, 7], [5, 6]]


def selecting(**changes: object) -> DecoderState:
    return act(fresh(preset_hands=None, **changes), HOST, "start selection").state


def test_setup_tells_each_seat_its_own_tanks_only() -> None:
    step = GAME.setup({"tank_names": None, "preset_hands": None}, seed=5)
    assert [(n.audience, n.kind) for n in step.notices] == [
        (PUBLIC, "match_setup"),
        (0, "tanks_told"),
        (1, "tanks_told"),
    ]
    for seat in (0, 1):
        tanks = step.notices[1 + seat].data["tanks"]
        assert [t["seconds"] for t in tanks] == [t.seconds for t in step.state.tanks[seat]]
    assert "tanks" not in step.notices[0].data
    assert step.state.phase == "pregame"
    assert GAME.to_act(step.state) == frozenset()
    assert GAME.deadlines(step.state) == []


@pytest.mark.parametrize(
    ("text", "seconds", "units"),
    [
        ("time 1 120", 120, 12),
        ("time 1 300", 300, 30),
        ("time 1 57", 57, 5),
        ("time arithmetic box 99", 99, 9),
    ],
)
def test_raise_time(text: str, seconds: int, units: int) -> None:
    step = act(fresh(), 0, text)
    tank = step.state.tanks[0][0]
    assert (tank.seconds, tank.units) == (seconds, units)
    assert [(n.audience, n.kind) for n in step.notices] == [(0, "time_raised")]
    assert step.notices[0].data == {
        "tank": 1,
        "tank_name": "Arithmetic Box",
        "seconds": seconds,
        "units": units,
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "time 1 56",
            "Tank 1 (Arithmetic Box)'s official time is 57 s, and a puzzle time can't go "
            "below it: choose 57–300 s.",
        ),
        ("time 1 301", "Puzzle times go up to 300 s at most."),
        ("time 8 100", "Tanks are numbered 1–7"),
    ],
)
def test_raise_time_refused(text: str, message: str) -> None:
    with pytest.raises(Rejected) as caught:
        act(fresh(), 0, text)
    assert caught.value.message.startswith(message)


def test_a_raise_may_be_lowered_again() -> None:
    """DECISIONS: a seat may change its mind before letter selection; only the
    official time (57 s for seat 0's tank 1) is a floor."""
    state = act(fresh(), 0, "time 1 120").state
    step = act(state, 0, "time 1 100")
    tank = step.state.tanks[0][0]
    assert (tank.seconds, tank.units) == (100, 10)
    assert [(n.audience, n.kind, n.data["seconds"], n.data["units"]) for n in step.notices] == [
        (0, "time_raised", 100, 10)
    ]
    back = act(step.state, 0, "time 1 57").state
    assert (back.tanks[0][0].seconds, back.tanks[0][0].units) == (57, 5)


def test_lowering_below_the_official_time_after_a_raise_changes_nothing() -> None:
    state = act(fresh(), 0, "time 1 120").state
    before = state.model_dump()
    with pytest.raises(Rejected) as caught:
        act(state, 0, "time 1 50")
    assert "official time is 57 s" in caught.value.message
    assert state.model_dump() == before


def test_many_changes_leave_the_last_time() -> None:
    state = fresh()
    for seconds in (300, 60, 200, 57, 180, 90):
        state = act(state, 0, f"time 1 {seconds}").state
    assert (state.tanks[0][0].seconds, state.tanks[0][0].units) == (90, 9)
    assert [t.seconds for t in state.tanks[1]] == [t.seconds for t in fresh().tanks[1]]


def test_a_lowered_raise_counts_for_the_extras() -> None:
    # Seat 1's tank 5 (30 s, 3 units) earns an extra against seat 0's 20 units;
    # raised to 150 s it would not, lowered back to 70 s (7 units) it does again.
    state = act(fresh(preset_hands=None), 1, "time 5 150").state
    state = act(state, 1, "time 5 70").state
    state = act(state, HOST, "start selection").state
    assert state.selection is not None
    assert state.selection[1].extra_tanks == EXTRAS[1]


def test_raises_lock_when_selection_starts() -> None:
    state = selecting()
    with pytest.raises(Rejected, match="locked"):
        act(state, 1, "time 2 200")


def test_raised_times_count_for_the_extras() -> None:
    # Seat 1 raises tank 5 from 30 s to 150 s: 15 units is not under 75% of 20.
    state = act(fresh(preset_hands=None), 1, "time 5 150").state
    state = act(state, HOST, "start selection").state
    assert state.selection is not None
    assert state.selection[1].extra_tanks == [6]


def test_only_the_host_starts_and_only_once() -> None:
    with pytest.raises(Rejected, match="host starts"):
        act(fresh(), 0, "start")
    state = selecting()
    with pytest.raises(Rejected, match="already started"):
        act(state, HOST, "begin")
    with pytest.raises(Rejected, match="host's move"):
        act(state, HOST, "ask apple not any tank 1")


def test_selection_start_deals_initial_tiles_privately() -> None:
    step = act(fresh(preset_hands=None), HOST, "start selection")
    assert [(n.audience, n.kind) for n in step.notices] == [
        (PUBLIC, "selection_started"),
        (0, "tiles_dealt"),
        (1, "tiles_dealt"),
    ]
    assert step.notices[0].data == {"window_seconds": 180}
    dealt = [step.notices[1].data, step.notices[2].data]
    for seat in (0, 1):
        assert dealt[seat]["extra_tanks"] == EXTRAS[seat]
        assert dealt[seat]["extras"] == len(EXTRAS[seat])
        rarities = sorted(rarity_of(letter) for letter in dealt[seat]["initial"])
        assert rarities == ["common"] * 3 + ["rare"] + ["uncommon"] * 2
    assert not set(dealt[0]["initial"]) & set(dealt[1]["initial"])
    assert GAME.deadlines(step.state)[0].key == "selection"
    assert GAME.deadlines(step.state)[0].seat is None
    assert GAME.deadlines(step.state)[0].at_ms == 180_000


@pytest.mark.parametrize("seed", range(20))
def test_all_dealt_tiles_are_distinct_even_at_the_limits(seed: int) -> None:
    """Seat 0 earns 7 extras (every tank), so both limits are used in full."""
    times = [[10] * 7, [300] * 7]
    state = selecting(times=times, seed=seed)
    assert state.selection is not None
    assert state.selection[0].extra_count == 7
    state = act(state, 0, "rarities 3 3 1").state
    dealt = state.selection[0].dealt + state.selection[1].dealt
    assert len(dealt) == len(set(dealt)) == 6 + 7 + 6
    assert sum(rarity_of(letter) == "rare" for letter in dealt) == 3
    assert set(POOLS["rare"]) >= {x for x in dealt if rarity_of(x) == "rare"}


def test_rarities_then_extras_then_hand() -> None:
    state = selecting()
    step = act(state, 0, "rarities 1 1 1")
    extras = only(step, "extras_dealt")
    assert extras.audience == 0
    assert extras.data["rarities"] == {"common": 1, "uncommon": 1, "rare": 1}
    assert sorted(rarity_of(x) for x in extras.data["tiles"]) == ["common", "rare", "uncommon"]
    assert extras.data["timed_out"] is False
    assert step.state.selection is not None
    dealt = step.state.selection[0].dealt
    assert len(dealt) == 9
    assert not set(dealt) & set(step.state.selection[1].dealt)
    chosen = dealt[3:]
    step = act(step.state, 0, "hand " + " ".join(chosen))
    assert only(step, "hand_chosen").data == {"hand": chosen, "timed_out": False}
    assert step.state.hands[0] == chosen
    assert step.state.phase == "selection"  # seat 1 is still choosing
    assert told(step, PUBLIC) == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("rarities 1 1 0", "You earned 3 extra tiles: choose rarities that add up to 3"),
        ("rarities 0 0 2", "At most 3 common, 3 uncommon, 1 rare — too many rare."),
        ("rarities 4 0 0", "too many common"),
        ("rarities 1 1", "Give three numbers."),
    ],
)
def test_bad_rarities(text: str, message: str) -> None:
    with pytest.raises(Rejected) as caught:
        act(selecting(), 0, text)
    assert message in caught.value.message


def test_rarities_once_and_hand_after_rarities() -> None:
    state = selecting()
    with pytest.raises(Rejected, match="First choose the rarities of your 3 extra tiles"):
        act(state, 0, "hand A B C D E F")
    state = act(state, 0, "rarities 3 0 0").state
    with pytest.raises(Rejected, match="chosen already"):
        act(state, 0, "rarities 3 0 0")


def test_hand_must_be_six_different_dealt_tiles() -> None:
    state = act(selecting(), 0, "rarities 3 0 0").state
    assert state.selection is not None
    dealt = state.selection[0].dealt
    stranger = next(x for x in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if x not in dealt)
    with pytest.raises(Rejected) as caught:
        act(state, 0, "hand " + " ".join([stranger, *dealt[:5]]))
    assert (
        caught.value.message == f"You weren't dealt {stranger} — your tiles are {' '.join(dealt)}."
    )
    with pytest.raises(Rejected, match="exactly 6 different"):
        act(state, 0, "hand " + " ".join(dealt[:5]))
    with pytest.raises(Rejected, match="exactly 6 different"):
        act(state, 0, "hand " + " ".join([dealt[0], *dealt[:5]]))
    with pytest.raises(Rejected, match="exactly 6 different"):
        act(state, 0, "hand " + " ".join(dealt[:7]))


def test_a_seat_without_extras_confirms_its_six_tiles() -> None:
    state = selecting(times=[[100] * 7, [100] * 7])
    assert state.selection is not None
    assert state.selection[0].rarities == [0, 0, 0]
    with pytest.raises(Rejected, match="no extra tiles"):
        act(state, 0, "rarities 0 0 0")
    initial = state.selection[0].initial
    step = act(state, 0, "hand")  # the only six
    assert step.state.hands[0] == initial
    assert step.state.phase == "selection"


def test_play_starts_when_both_hands_are_in() -> None:
    state = selecting(times=[[100] * 7, [100] * 7])
    assert state.selection is not None
    state = act(state, 0, "hand").state
    step = act(state, 1, "hand " + "".join(state.selection[1].initial))
    assert kinds(step)[1:] == ["play_started", "turn_started", "turn_prompt"]
    assert step.state.phase == "play"
    assert step.state.seen == [s.dealt for s in state.selection]
    assert decisions(step.state) == [(0, "turn"), None]


def test_timeout_defaults_rarities_common_first_and_the_initial_hand() -> None:
    # Seat 0 earns 7 extras: 3 common, 3 uncommon, 1 rare by default.
    state = selecting(times=[[10] * 7, [300] * 7])
    step = GAME.expire(state, "selection", 180_000)
    extras = [n for n in step.notices if n.kind == "extras_dealt"]
    assert [(n.audience, n.data["rarities"], n.data["timed_out"]) for n in extras] == [
        (0, {"common": 3, "uncommon": 3, "rare": 1}, True)
    ]
    assert state.selection is not None
    assert step.state.hands == [state.selection[0].initial, state.selection[1].initial]
    hands = [n for n in step.notices if n.kind == "hand_chosen"]
    assert [n.data["timed_out"] for n in hands] == [True, True]
    assert step.state.phase == "play"
    assert step.state.seen[0] == sorted(state.selection[0].initial + step.state.selection[0].extras)  # type: ignore[index]


@pytest.mark.parametrize(
    ("extras", "counts"),
    [(1, [1, 0, 0]), (4, [3, 1, 0]), (6, [3, 3, 0]), (7, [3, 3, 1]), (0, [0, 0, 0])],
)
def test_default_rarities(extras: int, counts: list[int]) -> None:
    from games.decoder.tiles import default_rarities

    assert default_rarities(extras) == counts


def test_timeout_keeps_what_was_chosen() -> None:
    state = act(selecting(), 0, "rarities 0 2 1").state
    assert state.selection is not None
    chosen = state.selection[0].dealt[:6]
    state = act(state, 0, "hand " + " ".join(chosen)).state
    step = GAME.expire(state, "selection", 180_000)
    assert step.state.hands[0] == chosen
    # Seat 1 had chosen nothing: its 2 extras default to common.
    extras = [n for n in step.notices if n.kind == "extras_dealt"]
    assert [(n.audience, n.data["rarities"]["common"]) for n in extras] == [(1, 2)]
    assert step.state.hands[1] == state.selection[1].initial


def test_preset_hands_skip_selection_and_count_as_seen() -> None:
    state = fresh()
    step = act(state, HOST, "start selection")
    assert kinds(step) == ["play_started", "turn_started", "turn_prompt"]
    assert step.state.selection is None
    assert step.state.hands == [["G", "H", "I", "K", "L", "M"], ["A", "B", "C", "D", "E", "F"]]
    assert step.state.seen == step.state.hands


def test_selection_moves_outside_selection() -> None:
    with pytest.raises(Rejected, match="hasn't started yet"):
        act(fresh(preset_hands=None), 0, "rarities 1 1 1")
    state = act(fresh(), HOST, "start").state
    with pytest.raises(Rejected, match="Letter selection is over"):
        act(state, 0, "hand A B C D E F")


def test_window_during_selection_is_the_same_for_both_steps() -> None:
    state = selecting()
    assert GAME.window(state, 0) == GAME.window(state, 1) == "select"
    state = act(state, 0, "rarities 3 0 0").state
    assert GAME.window(state, 0) == "select"
    assert GAME.to_act(state) == frozenset({0, 1})


def test_the_time_help_says_a_time_may_change_but_not_below_the_official_one() -> None:
    with pytest.raises(Rejected) as caught:
        act(fresh(), 0, "time")
    assert "official time" in caught.value.message
    assert "as often as you like" in caught.value.message
