"""Decoder rendering: the text of every notice, status per audience, the tank
board, and that the room is never told a secret."""

from __future__ import annotations

import functools
import io
import random
import re
from typing import Any, TypeVar

import pytest
from PIL import Image as PILImage

from bot.render import Rendered, renderer_for
from bot.render.decoder import TANKS_FILENAME, TankCell, TankRow, tank_board
from games.core.contract import HOST, PUBLIC, Audience, Notice
from games.decoder import GAME, DecoderState
from games.decoder.models import TurnRecord
from tests.games.decoder.decoder_play import Played, play, random_config
from tests.games.decoder.decoder_support import act, playing, run

NAMES = ("Ann", "Bo")
R = renderer_for("decoder")
TANK_NAMES = ["Arithmetic Box", "Bijective Matrix", "Encrypted Image", "Dot Maze"]


def notice(kind: str, audience: Audience = PUBLIC, /, **data: Any) -> Notice:
    return Notice(audience=audience, kind=kind, data=data)


def text(kind: str, audience: Audience = PUBLIC, /, **data: Any) -> str:
    return R.render([notice(kind, audience, **data)], audience, names=NAMES).text


def png(data: bytes) -> PILImage.Image:
    image = PILImage.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


# -- notice texts: each names the facts it carries -------------------------------------

TURN = {"turn": 4, "tank": 3, "tank_name": "Encrypted Image", "surge": False}
CASES: list[tuple[str, Audience, dict[str, Any], list[str]]] = [
    ("match_setup", PUBLIC, {"tank_names": TANK_NAMES, "items": [["power_surge"], []]},
     ["1 **Arithmetic Box**", "4 **Dot Maze**", "Ann: Power Surge", "Bo: none"]),
    ("tanks_told", 0, {"tanks": [{"tank": 1, "tank_name": "Dot Maze", "seconds": 57, "units": 5}]},
     ["Dot Maze", "57 s", "5", "`time 3 120`"]),
    ("time_raised", 1, {"tank": 2, "tank_name": "Dot Maze", "seconds": 120, "units": 12},
     ["**Dot Maze**", "120 s", "**12 units**"]),
    ("selection_started", PUBLIC, {"window_seconds": 180}, ["180 s", "Nothing of it"]),
    ("tiles_dealt", 0, {"initial": ["A", "D", "E", "K", "P", "Q"], "extra_tanks": [1, 4],
                        "extras": 2, "limits": {}, "window_seconds": 180},
     ["`A` `D` `E` `K` `P` `Q`", "3 common, 2 uncommon, 1 rare", "tanks 1 and 4",
      "**2 extra tiles**", "`rarities 2 0 0`"]),
    ("tiles_dealt", 1, {"initial": ["B", "G", "I", "M", "S", "X"], "extra_tanks": [],
                        "extras": 0, "limits": {}, "window_seconds": 90},
     ["no extra tiles", "`hand B G I M S X`"]),
    ("extras_dealt", 0, {"rarities": {}, "tiles": ["K", "Z"], "timed_out": False,
                         "dealt": ["A", "D", "E", "K", "P", "Q", "Z"]},
     ["extra tiles: `K` `Z`", "`A` `D` `E` `K` `P` `Q` `Z`", "`hand A D E K P Q`"]),
    ("extras_dealt", 0, {"rarities": {}, "tiles": ["E"], "dealt": [], "timed_out": True},
     ["Time ran out", "common first"]),
    ("hand_chosen", 0, {"hand": ["F", "E", "D", "C", "B", "A"], "timed_out": False},
     ["`A` `B` `C` `D` `E` `F`"]),
    ("hand_chosen", 1, {"hand": ["A"], "timed_out": True}, ["Time ran out", "6 initial"]),
    ("play_started", PUBLIC, {"first_seat": 1, "tank_names": [], "hand_sizes": [6, 6]},
     ["each hold 6 tiles", "Bo's recharge timer starts at 0", "Ann's at 1"]),
    ("turn_started", PUBLIC, {"turn": 7, "seat": 0, "must_restore": True, "window_seconds": 90},
     ["**Turn 7**", "**Ann**'s turn", "90 s", "must restore"]),
    ("turn_prompt", 0, {"turn": 7, "tanks": [{"tank": 2, "tank_name": "Dot Maze", "units": 6}],
                        "items": ["new_evidence"], "must_restore": False, "window": "d3",
                        "window_seconds": 90},
     ["**Your turn**", "2 **Dot Maze** (6)", "New Evidence", "`ask WORD not ANY tank 3`",
      "`evidence`", "`restore tank 3`"]),
    ("turn_prompt", 1, {"turn": 8, "tanks": [{"tank": 5, "tank_name": "Gear", "units": 9}],
                        "items": [], "must_restore": True, "window": "d3", "window_seconds": 90},
     ["must restore", "`restore tank 5`"]),
    ("word_asked", PUBLIC, {**TURN, "seat": 0, "word": "DECODER", "excluded": "ANY",
                            "evidence": False},
     ["**Ann** asks **DECODER**, not ANY", "**Encrypted Image**", "**Bo** chooses ODD or TWO"]),
    ("word_asked", PUBLIC, {**TURN, "seat": 1, "word": "PUZZLE", "excluded": "TWO",
                            "evidence": True, "surge": True},
     ["New Evidence: both ANY and ODD", "Power Surge"]),
    ("clue_requested", 1, {"turn": 4, "word": "DECODER", "choices": ["ODD", "TWO"], "window": "d2"},
     ["Ann asked **DECODER**", "ODD or TWO", "`clue ODD`"]),
    ("clue_answered", PUBLIC, {"turn": 4, "seat": 0, "word": "DECODER", "chosen_by": 1,
                               "answers": [{"clue": "ODD", "answer": True}]},
     ["**DECODER**", "Bo chose", "**ODD: yes**", "Bo holds an odd count"]),
    ("clue_answered", PUBLIC, {"turn": 4, "seat": 1, "word": "ZOO", "chosen_by": None,
                               "answers": [{"clue": "ANY", "answer": False},
                                           {"clue": "TWO", "answer": False}]},
     ["New Evidence", "**ANY: no**", "no letter of the word is in Ann's hand", "**TWO: no**"]),
    ("tile_guessed", PUBLIC, {**TURN, "seat": 0, "letter": "Q", "correct": True,
                              "hand_sizes": [6, 5]},
     ["**Ann** guesses `Q`", "**Right!**", "leaves Bo's hand", "Ann 6 · Bo 5"]),
    ("tile_guessed", PUBLIC, {**TURN, "seat": 1, "letter": "E", "correct": False,
                              "hand_sizes": [6, 6]},
     ["**Wrong**", "`E` is not in Ann's hand"]),
    ("insurance_kept", 0, {"turn": 4}, ["keep your Hand Insurance", "nobody else"]),
    ("insurance_used", PUBLIC, {"turn": 4, "seat": 1}, ["**Bo**'s Hand Insurance", "no tile"]),
    ("giveup_requested", 0, {"turn": 4, "hand": ["B", "A"], "window": "d5"},
     ["`A` `B`", "`giveup E`"]),
    ("tile_given_up", PUBLIC, {"turn": 4, "seat": 0, "letter": "B", "hand_sizes": [5, 6]},
     ["**Ann** gives up `B`", "Ann 5 · Bo 6"]),
    ("letter_offered", 1, {"turn": 4, "letter": "K", "hand": ["A", "B"], "window": "d6"},
     ["Ann guessed wrong", "offered `K`", "`A` `B`", "`keep`"]),
    ("letter_offered", 1, {"turn": 4, "letter": None, "hand": ["A"], "window": "d6"},
     ["every letter is barred", "`keep`"]),
    ("swap_done", 1, {"turn": 4, "offered": "K", "swapped_out": "A", "hand": ["B", "K"]},
     ["swapped out `A` for `K`", "`B` `K`"]),
    ("swap_done", 1, {"turn": 4, "offered": "K", "swapped_out": None, "hand": ["A", "B"]},
     ["kept your hand", "`A` `B`"]),
    ("swap_decided", PUBLIC, {"turn": 4, "seat": 1}, ["**Bo** has decided, in private"]),
    ("tanks_restored", PUBLIC, {**TURN, "seat": 0, "restored": [1, 2],
                                "restored_names": ["Arithmetic Box", "Bijective Matrix"]},
     ["**Ann** restores **Arithmetic Box**, **Bijective Matrix**", "**Encrypted Image**",
      "**Bo** may guess"]),
    ("total_requested", 1, {"turn": 4, "restored": [1], "restored_names": ["Arithmetic Box"],
                            "window": "d7"},
     ["Ann restored **Arithmetic Box**", "`total 17`", "No guess"]),
    ("total_guessed", PUBLIC, {"turn": 4, "seat": 1, "total": 17, "correct": True},
     ["**Bo** guesses a restored total of **17**", "right"]),
    ("total_guessed", PUBLIC, {"turn": 4, "seat": 1, "total": 9, "correct": False}, ["wrong"]),
    ("total_guessed", PUBLIC, {"turn": 4, "seat": 1, "total": None, "correct": None},
     ["makes no guess"]),
    ("sabotage_requested", 1, {"turn": 4, "choices": [1, 2], "window": "d8",
                               "choice_names": ["Arithmetic Box", "Bijective Matrix"]},
     ["**Arithmetic Box**, **Bijective Matrix**", "`sabotage 1`"]),
    ("tank_sabotaged", PUBLIC, {"turn": 4, "seat": 1, "owner": 0, "tank": 2,
                                "tank_name": "Bijective Matrix"},
     ["**Bo** sabotages **Ann**'s tank **Bijective Matrix**", "rises by half"]),
    ("tank_time_changed", 0, {"tank": 2, "tank_name": "Dot Maze", "units": 8, "before": 5},
     ["**Dot Maze**", "**5 → 8 units**"]),
    ("tank_time_changed", 0, {"tank": 2, "tank_name": "Dot Maze", "units": 30, "before": 30},
     ["already at 30 units"]),
    ("unexpected_offered", 1, {"turn": 4, "tank": 3, "tank_name": "Dot Maze", "window": "d9"},
     ["Ann used tank **Dot Maze**", "`unexpected`", "`pass`"]),
    ("unexpected_sabotage", PUBLIC, {"turn": 4, "seat": 1, "owner": 0, "tank": 3,
                                     "tank_name": "Dot Maze"},
     ["**Bo** plays **Unexpected Sabotage** on **Ann**'s tank **Dot Maze**"]),
    ("unexpected_declined", PUBLIC, {"turn": 4, "seat": 1}, ["**Bo** does not play"]),
    ("bank_started", PUBLIC, {"seat": 0, "decision": "clue", "bank_seconds": 300},
     ["**Ann**'s time for the clue choice ran out", "300 s", "5 s steps"]),
    ("bank_reminder", 0, {"bank_seconds": 120, "decision": "turn"}, ["**120 s**", "your turn"]),
    ("match_over", PUBLIC, {"winner": 0, "reason": "seat 1's hand is empty: seat 0 guessed",
                            "hand_sizes": [3, 0]},
     ["**Ann wins!**", "Bo's hand is empty", "Ann 3 · Bo 0"]),
    ("match_over", PUBLIC, {"winner": 1, "reason": "seat 0 ran out of time (its time bank is "
                                                   "empty)", "hand_sizes": [3, 2]},
     ["**Bo wins!**", "Ann ran out of time (their time bank is empty)"]),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "audience", "data", "expected"), CASES)
def test_notice_text_says_what_happened(
    kind: str, audience: Audience, data: dict[str, Any], expected: list[str]
) -> None:
    out = text(kind, audience, **data)
    for part in expected:
        assert part in out, f"{part!r} missing from {out!r}"
    assert not out.startswith("["), out  # not the fallback


SEEDS = range(12)


@functools.cache
def _played(seed: int) -> Played:
    """A random match, played when a test first needs it rather than at import:
    every xdist worker imports this module to collect it."""
    rnd = random.Random(seed)
    return play(seed, rnd, random_config(rnd))


@pytest.fixture
def played(request: pytest.FixtureRequest) -> Played:
    seed: int = request.param
    return _played(seed)


def test_every_engine_notice_kind_has_its_own_text() -> None:
    seen = {n.kind for seed in SEEDS for step in _played(seed).notices for n in step}
    assert seen - set(R.handlers()) == set()
    assert len(seen) >= 30  # the random matches reach (nearly) every kind


# -- the room is told only public facts ------------------------------------------------

LETTER = re.compile(r"(?<![A-Za-z0-9])[A-Z](?![A-Za-z0-9])")
UNITS = re.compile(r"(\d+)\s*units?\b|\((\d+)\)")
PRIVATE_WORDS = ("swapped", "kept your", "offered", "your hand", "only you")


def _public_facts(state: DecoderState) -> tuple[set[str], set[int]]:
    """Letters the room may see (guessed, given up) and numbers it may read as
    units (guessed totals), from the engine's own record."""
    turns = [*state.history, *([state.turn] if state.turn is not None else [])]
    letters = {t.letter for t in turns if t.letter} | {t.given_up for t in turns if t.given_up}
    return {x for x in letters if x}, {t.total for t in turns if t.total is not None}


def leaks(room_text: str, state: DecoderState) -> list[str]:
    """What in ``room_text`` the room may not know at ``state``."""
    letters, totals = _public_facts(state)
    found = [f"letter {x}" for x in LETTER.findall(room_text) if x not in letters]
    numbers = [int(a or b) for a, b in UNITS.findall(room_text)]
    found += [f"{n} units" for n in numbers if n not in totals]
    found += [word for word in PRIVATE_WORDS if word in room_text.lower()]
    return found


def test_the_leak_check_catches_private_messages() -> None:
    """The check below can fail: a seat's own messages trip it."""
    played = _played(0)
    private = [
        (R.render([n], n.audience, names=NAMES).text, state)
        for step, state in zip(played.notices[1:], played.states, strict=True)
        for n in step
        if n.kind in ("letter_offered", "swap_done", "tanks_told", "turn_prompt", "hand_chosen")
    ]
    assert private
    assert all(leaks(out, state) for out, state in private)


@pytest.mark.parametrize("played", SEEDS, indirect=True, ids=[f"seed{i}" for i in SEEDS])
def test_the_room_never_learns_a_hand_letter_a_time_an_offer_or_a_swap(played: Played) -> None:
    for step, state in zip(played.notices[1:], played.states, strict=True):
        room = [n for n in step if n.audience == PUBLIC]
        out = R.render(room, PUBLIC, names=NAMES).text if room else ""
        assert leaks(out, state) == [], out
    for state in played.states[:: max(1, len(played.states) // 8)]:
        status = R.status(GAME.view(state, PUBLIC), PUBLIC, names=NAMES).text
        assert leaks(status, state) == [], status


def _with_other_secrets(state: DecoderState, seat: int) -> DecoderState:
    """The same public record, with ``seat``'s secrets changed: other hand
    letters, other recharge times, other setup letters, other offers and swaps."""
    copy = state.model_copy(deep=True)
    free = [x for x in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if x not in copy.hands[1 - seat]]
    copy.hands[seat] = free[-len(copy.hands[seat]) :] if copy.hands[seat] else []
    copy.seen[seat] = free[:6]
    # Tanks and finished turns are frozen: each changed one takes the old one's place.
    copy.tanks[seat] = [
        tank.model_copy(update={"units": 29 if tank.units != 29 else 28, "seconds": 299})
        for tank in copy.tanks[seat]
    ]
    copy.history = [_other_offer(turn, seat) for turn in copy.history]
    if copy.turn is not None:
        copy.turn = _other_offer(copy.turn, seat)
    copy.timers = [7, 11]
    return copy


Turn = TypeVar("Turn", bound=TurnRecord)


def _other_offer(turn: Turn, seat: int) -> Turn:
    """The turn with another offer (and swap) if the other seat made it."""
    if turn.seat == seat or turn.offer is None:
        return turn
    return turn.model_copy(update={"offer": "Q", "swapped_out": "Z" if turn.swapped_out else None})


@pytest.mark.parametrize("played", SEEDS[:6], indirect=True, ids=[f"seed{i}" for i in SEEDS[:6]])
def test_room_and_opponent_status_depend_on_no_secret_of_a_seat(played: Played) -> None:
    state = next(s for s in played.states[len(played.states) // 2 :] if s.phase == "play")
    other = _with_other_secrets(state, 0)
    for audience in (PUBLIC, 1):
        before = R.status(GAME.view(state, audience), audience, names=NAMES)
        after = R.status(GAME.view(other, audience), audience, names=NAMES)
        assert before.text == after.text
        assert [i.data for i in before.images] == [i.data for i in after.images]
    mine = R.status(GAME.view(state, 0), 0, names=NAMES)
    assert mine.text != R.status(GAME.view(other, 0), 0, names=NAMES).text


# -- status ----------------------------------------------------------------------------


def _mid_match() -> DecoderState:
    """Ann (seat 0) guessed wrong and gave up G; Bo was offered a letter and kept."""
    state = playing()
    step = run(state, (0, "guess Z tank 7"), (0, "giveup G"), (1, "keep"))
    return step.state


def test_seat_status_shows_its_hand_tanks_knowledge_and_the_log() -> None:
    state = _mid_match()
    out = R.status(GAME.view(state, 0), 0, names=NAMES)
    assert "**Your hand:** `H` `I` `K` `L` `M`" in out.text
    assert "Arithmetic Box" in out.text
    assert "57 s" in out.text
    assert "Known not in Bo's hand" in out.text
    assert "`G` given up by Ann (T1)" in out.text
    assert "T1 Ann (**Hidden Path**): guessed `Z` ❌, gave up `G`" in out.text
    assert "`A`" not in out.text  # Bo's hand: A B C D E F
    assert [i.filename for i in out.images] == [TANKS_FILENAME]


def test_the_opponent_status_holds_its_own_offer_but_not_the_other_hand() -> None:
    state = _mid_match()
    out = R.status(GAME.view(state, 1), 1, names=NAMES).text
    assert "**Your hand:** `A` `B` `C` `D` `E` `F`" in out
    assert "Only you know: T1 you were offered" in out
    assert "`H`" not in out
    assert "`K`" not in out


def test_host_status_shows_everything() -> None:
    state = _mid_match()
    out = R.status(GAME.view(state, HOST), HOST, names=NAMES).text
    assert "Hands: Ann `H` `I` `K` `L` `M` · Bo `A` `B` `C` `D` `E` `F`" in out
    assert "Recharge timers (secret)" in out
    assert "[offered" in out
    assert "kept]" in out
    assert "Ann's tanks:" in out
    assert "Bo's tanks:" in out


def test_status_before_selection_and_during_it() -> None:
    fresh = GAME.setup({"first_seat": 0}, seed=3).state
    out = R.status(GAME.view(fresh, 0), 0, names=NAMES).text
    assert "before letter selection" in out
    assert "`time 3 120`" in out
    selecting = act(fresh, HOST, "start selection").state
    out = R.status(GAME.view(selecting, 0), 0, names=NAMES).text
    assert "letter selection is under way" in out
    assert "Your selection: initial" in out


# -- the tank board --------------------------------------------------------------------


def _row(seat: int, used: set[int], units: int | None, sabotaged: int = 0) -> TankRow:
    cells = [
        TankCell(number=n, name=f"Tank name {n}", used=n in used, units=units, sabotaged=sabotaged)
        for n in range(1, 8)
    ]
    return TankRow(seat=seat, tanks=cells)


def test_tank_board_is_a_png_of_a_sensible_size() -> None:
    image = tank_board([_row(0, {1}, 5), _row(1, set(), None)], names=NAMES, title="Tanks")
    assert image.filename == TANKS_FILENAME
    picture = png(image.data)
    assert 600 <= picture.width <= 1000
    assert 300 <= picture.height <= 700
    assert len(image.data) < 60_000


def test_used_ready_and_sabotaged_differ_without_colour() -> None:
    """In greyscale, a used tank, a ready one and a sabotaged one still look different."""

    def grey(rows: list[TankRow]) -> bytes:
        return png(tank_board(rows, names=NAMES).data).convert("L").tobytes()

    ready, used = grey([_row(0, set(), 5)]), grey([_row(0, {1, 2, 3, 4, 5, 6, 7}, 5)])
    sabotaged = grey([_row(0, set(), 5, sabotaged=1)])
    assert len({ready, used, sabotaged}) == 3


def test_hidden_units_draw_the_same_whatever_they_are() -> None:
    assert tank_board([_row(1, {2}, None)], names=NAMES).data == (
        tank_board([_row(1, {2}, None)], names=NAMES).data
    )
    assert tank_board([_row(0, {2}, 5)], names=NAMES).data != (
        tank_board([_row(0, {2}, 9)], names=NAMES).data
    )


def test_odd_data_renders_without_crashing() -> None:
    out: Rendered = R.render(
        [notice("tile_guessed", PUBLIC, seat="x", letter=None, hand_sizes="?")],
        PUBLIC,
        names=NAMES,
    )
    assert out.text
    assert R.status({}, PUBLIC, names=NAMES).text


def test_the_tanks_prompt_says_a_time_may_be_lowered_again_but_not_below_the_official() -> None:
    tanks = [{"tank": 1, "tank_name": "Dot Maze", "seconds": 57, "units": 5}]
    said = renderer_for("decoder").render([notice("tanks_told", 0, tanks=tanks)], 0, names=NAMES)
    assert "never lower" not in said.text
    assert "official time" in said.text
    assert "change it as often as you like" in said.text
