"""Turn actions and their responses: ask, clue, guess, give-up, swap; whose move it is."""

from __future__ import annotations

import pytest

from games import HOST, PUBLIC, Rejected
from games.decoder import GAME, DecoderState
from tests.games.decoder.decoder_support import (
    ALL_ITEMS,
    act,
    decisions,
    kinds,
    only,
    playing,
    run,
    told,
    turn_seat,
)


def with_items(seat0: list[str] | None = None, seat1: list[str] | None = None) -> DecoderState:
    return playing(items=[seat0 or [], seat1 or []])


# -- ask ----------------------------------------------------------------------


def test_ask_announces_and_asks_the_opponent_for_a_clue() -> None:
    step = act(playing(), 0, "ask DECODER not ANY tank 1")
    assert only(step, "word_asked").data == {
        "turn": 1,
        "seat": 0,
        "word": "DECODER",
        "excluded": "ANY",
        "evidence": False,
        "tank": 1,
        "tank_name": "Arithmetic Box",
        "surge": False,
    }
    requested = only(step, "clue_requested")
    assert requested.audience == 1
    assert requested.data["choices"] == ["ODD", "TWO"]
    assert requested.data["window"] == GAME.window(step.state, 1)
    assert decisions(step.state) == [None, (1, "clue")]
    assert step.state.tanks[0][0].used


@pytest.mark.parametrize(
    ("excluded", "chosen", "answer"),
    [("ANY", "ODD", True), ("ANY", "TWO", False), ("ODD", "ANY", True), ("TWO", "ANY", True)],
)
def test_the_opponent_picks_one_of_the_other_two(excluded: str, chosen: str, answer: bool) -> None:
    state = act(playing(), 0, f"ask decoder not {excluded} tank 1").state
    step = act(state, 1, f"clue {chosen}")
    assert only(step, "clue_answered").data == {
        "turn": 1,
        "seat": 0,
        "word": "DECODER",
        "answers": [{"clue": chosen, "answer": answer}],
        "chosen_by": 1,
    }
    assert kinds(step)[1:] == ["turn_started", "turn_prompt"]


def test_the_excluded_clue_cannot_be_chosen() -> None:
    state = act(playing(), 0, "ask decoder not two tank 1").state
    with pytest.raises(Rejected) as caught:
        act(state, 1, "clue two")
    assert caught.value.message == "The asker excluded TWO; choose ANY or ODD."


def test_the_answer_counts_the_current_hand() -> None:
    """CAB against A–F counts 3; once A is guessed out of the hand, 2."""
    before = run(playing(), (0, "ask cab not any tank 1"), (1, "clue two"))
    assert only(before, "clue_answered").data["answers"] == [{"clue": "TWO", "answer": False}]
    state = run(
        playing(), (0, "guess a tank 1"), (1, "ask bread not any tank 3"), (0, "clue odd")
    ).state
    assert turn_seat(state) == 0
    after = run(state, (0, "ask cab not any tank 2"), (1, "clue two"))
    assert only(after, "clue_answered").data["answers"] == [{"clue": "TWO", "answer": True}]


def test_new_evidence_answers_both_other_clues_with_no_choice() -> None:
    step = act(with_items(["new_evidence"]), 0, "ask decoder not two tank 1 evidence")
    assert only(step, "clue_answered").data == {
        "turn": 1,
        "seat": 0,
        "word": "DECODER",
        "answers": [{"clue": "ANY", "answer": True}, {"clue": "ODD", "answer": True}],
        "chosen_by": None,
    }
    assert only(step, "word_asked").data["evidence"] is True
    assert "clue_requested" not in kinds(step)
    assert step.state.items[0] == []
    assert step.state.used_items[0] == ["new_evidence"]
    assert turn_seat(step.state) == 1  # the turn is over at once


def test_new_evidence_leaves_the_opponent_its_unexpected_sabotage() -> None:
    state = with_items(["new_evidence"], ["unexpected_sabotage"])
    step = act(state, 0, "ask decoder not two tank 1 new evidence")
    offered = only(step, "unexpected_offered")
    assert offered.audience == 1
    assert offered.data["tank"] == 1
    assert decisions(step.state) == [None, (1, "unexpected")]
    declined = act(step.state, 1, "pass")
    assert only(declined, "unexpected_declined").data == {"turn": 1, "seat": 1}
    assert declined.state.tanks[0][0].units == 5


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ask at not any tank 1", "Words run 3–15 letters; AT has 2."),
        (
            "ask incomprehensibilities not any tank 1",
            "Words run 3–15 letters; INCOMPREHENSIBILITI… has 21.",
        ),
        ("ask xyzzyq not any tank 1", "XYZZYQ is not in the word list."),
        ("ask decoder tank 1", "Say which clue you don't want: `not ANY`, `not ODD` or `not TWO`."),
        ("ask decoder not any", "Say which tank you use."),
        ("ask decoder not any tank 1 evidence", "You have no New Evidence."),
        ("ask decoder not any tank 1 insurance", "I didn't understand “insurance” there."),
    ],
)
def test_ask_refusals(text: str, message: str) -> None:
    with pytest.raises(Rejected) as caught:
        act(playing(), 0, text)
    assert caught.value.message.startswith(message)


def test_a_word_is_asked_once_per_match_by_either_seat() -> None:
    state = run(playing(), (0, "ask apples not any tank 1"), (1, "clue odd")).state
    assert turn_seat(state) == 1
    with pytest.raises(Rejected) as caught:
        act(state, 1, "ask APPLES not odd tank 1")
    assert caught.value.message.startswith("APPLES was asked already")
    assert act(state, 1, "ask apple not odd tank 1").state.asked == ["APPLES", "APPLE"]


def test_ordinary_inflections_are_words() -> None:
    state = playing()
    for word in ("walked", "walking", "boxes", "quickest"):
        assert act(state, 0, f"ask {word} not any tank 1").state.asked == [word.upper()]


# -- guess ----------------------------------------------------------------------


def test_right_guess_takes_the_letter_publicly() -> None:
    step = act(playing(), 0, "guess c tank 1")
    guessed = only(step, "tile_guessed")
    assert guessed.audience == PUBLIC
    assert guessed.data == {
        "turn": 1,
        "seat": 0,
        "letter": "C",
        "correct": True,
        "hand_sizes": [6, 5],
        "revealed": [{"letter": "C", "seat": 1, "how": "guessed", "turn": 1}],
        "tank": 1,
        "tank_name": "Arithmetic Box",
        "surge": False,
    }
    assert step.state.hands[1] == ["A", "B", "D", "E", "F"]
    assert [r.model_dump() for r in step.state.revealed] == [
        {"letter": "C", "seat": 1, "how": "guessed", "turn": 1}
    ]
    assert kinds(step) == ["tile_guessed", "turn_started", "turn_prompt"]


def test_wrong_guess_asks_for_a_give_up_and_offers_a_letter() -> None:
    step = act(playing(), 0, "guess z tank 1")
    assert only(step, "tile_guessed").data["correct"] is False
    giveup = only(step, "giveup_requested")
    assert (giveup.audience, giveup.data["hand"]) == (0, ["G", "H", "I", "K", "L", "M"])
    offered = only(step, "letter_offered")
    assert offered.audience == 1
    assert offered.data["hand"] == ["A", "B", "C", "D", "E", "F"]
    assert decisions(step.state) == [(0, "giveup"), (1, "swap")]
    assert GAME.to_act(step.state) == frozenset({0, 1})
    assert step.state.turn is not None
    assert offered.data["letter"] == step.state.turn.offer


@pytest.mark.parametrize("seed", range(40))
def test_the_offered_letter_keeps_its_constraints(seed: int) -> None:
    state = playing(seed=seed)
    state = run(state, (0, "guess c tank 1")).state  # C revealed
    state = run(state, (1, "guess n tank 1")).state  # wrong: seat 0 gets an offer
    assert state.turn is not None
    offer = state.turn.offer
    assert offer is not None
    assert offer not in state.hands[0] + state.hands[1]
    assert offer != "C"
    assert offer not in state.seen[1]  # the guesser's setup letters


def test_offer_none_when_every_letter_is_barred() -> None:
    state = playing()
    state.seen[0] = list("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    step = act(state, 0, "guess z tank 1")
    assert only(step, "letter_offered").data["letter"] is None
    with pytest.raises(Rejected, match="say `keep`"):
        act(step.state, 1, "swap a")
    assert act(step.state, 1, "keep").state.hands[1] == ["A", "B", "C", "D", "E", "F"]


def test_give_up_and_swap_complete_the_turn_in_either_order() -> None:
    state = act(playing(), 0, "guess z tank 1").state
    assert state.turn is not None
    offer = state.turn.offer
    assert offer is not None
    gave = act(state, 0, "giveup g")
    assert only(gave, "tile_given_up").data == {
        "turn": 1,
        "seat": 0,
        "letter": "G",
        "hand_sizes": [5, 6],
        "revealed": [{"letter": "G", "seat": 0, "how": "given_up", "turn": 1}],
    }
    assert decisions(gave.state) == [None, (1, "swap")]
    swapped = act(gave.state, 1, "swap a")
    assert only(swapped, "swap_done").audience == 1
    assert only(swapped, "swap_done").data == {
        "turn": 1,
        "offered": offer,
        "swapped_out": "A",
        "hand": sorted(["B", "C", "D", "E", "F", offer]),
    }
    assert only(swapped, "swap_decided").data == {"turn": 1, "seat": 1}
    assert swapped.state.hands[1] == sorted(["B", "C", "D", "E", "F", offer])
    assert "turn_started" in kinds(swapped)
    kept = run(state, (1, "keep"), (0, "give up h"))
    assert kept.state.hands == [["G", "I", "K", "L", "M"], ["A", "B", "C", "D", "E", "F"]]
    assert kinds(kept)[-2:] == ["turn_started", "turn_prompt"]


def test_give_up_a_letter_not_held() -> None:
    state = act(playing(), 0, "guess z tank 1").state
    with pytest.raises(Rejected) as caught:
        act(state, 0, "giveup a")
    assert caught.value.message == "You don't hold A — your hand is G H I K L M."
    with pytest.raises(Rejected) as caught:
        act(state, 1, "swap z")
    assert caught.value.message == "You don't hold Z — your hand is A B C D E F."


def test_hand_insurance_on_a_wrong_guess_replaces_the_give_up() -> None:
    step = act(with_items(["hand_insurance"]), 0, "guess z tank 1 insurance")
    assert only(step, "insurance_used").data == {"turn": 1, "seat": 0}
    assert "giveup_requested" not in kinds(step)
    assert decisions(step.state) == [None, (1, "swap")]  # the swap still happens
    assert step.state.used_items[0] == ["hand_insurance"]
    done = act(step.state, 1, "keep")
    assert done.state.hands[0] == ["G", "H", "I", "K", "L", "M"]
    assert done.state.history[0].given_up is None


def test_hand_insurance_on_a_right_guess_is_kept_and_unrevealed() -> None:
    state = with_items(["hand_insurance"])
    insured = act(state, 0, "guess a tank 1 insurance")
    plain = act(state, 0, "guess a tank 1")
    assert told(insured, PUBLIC) == told(plain, PUBLIC)
    assert told(insured, 1) == told(plain, 1)
    assert [n.kind for n in told(insured, 0)] == ["insurance_kept"]
    assert insured.state.items[0] == ["hand_insurance"]
    for audience in (PUBLIC, 1):
        assert GAME.view(insured.state, audience) == GAME.view(plain.state, audience)
    assert GAME.view(insured.state, 0)["private_turns"] == [{"turn": 1, "insurance_kept": True}]


def test_a_revealed_letter_cannot_be_guessed() -> None:
    state = run(playing(), (0, "guess a tank 1")).state
    with pytest.raises(Rejected, match="A is revealed already"):
        act(state, 1, "guess a tank 1")


def test_guessing_the_last_letter_wins() -> None:
    state = playing()
    state.hands[1] = ["F"]
    step = act(state, 0, "guess f tank 1")
    assert only(step, "match_over").data == {
        "winner": 0,
        "reason": "seat 1's hand is empty: seat 0 guessed its last letter",
        "hand_sizes": [6, 0],
        "revealed": [{"letter": "F", "seat": 1, "how": "guessed", "turn": 1}],
    }
    assert step.state.outcome is not None
    assert step.state.outcome.winner == 0
    assert GAME.deadlines(step.state) == []
    assert GAME.to_act(step.state) == frozenset()


def test_giving_up_the_last_letter_loses() -> None:
    state = playing()
    state.hands[0] = ["G"]
    step = run(state, (0, "guess z tank 1"), (0, "giveup g"))
    assert step.state.outcome is not None
    assert step.state.outcome.winner == 1
    assert step.state.outcome.reason == "seat 0's hand is empty: it gave up its last letter"


# -- whose move ---------------------------------------------------------------------


def test_not_your_turn() -> None:
    with pytest.raises(Rejected) as caught:
        act(playing(), 1, "ask apple not any tank 1")
    assert caught.value.message == "It's not your turn: your opponent is taking theirs."


def test_responses_out_of_turn() -> None:
    state = playing()
    with pytest.raises(Rejected, match="nothing to decide"):
        act(state, 1, "clue odd")
    state = act(state, 0, "ask apple not any tank 1").state
    with pytest.raises(Rejected, match="what's asked of you is your clue choice"):
        act(state, 1, "total 5")
    with pytest.raises(Rejected, match="taken this turn already"):
        act(state, 0, "guess a tank 2")


def test_the_host_takes_no_turns() -> None:
    with pytest.raises(Rejected, match="host's move"):
        act(playing(), HOST, "guess a tank 1")


def test_apply_never_mutates_and_refusals_leave_no_trace() -> None:
    state = act(playing(), 0, "guess z tank 1").state
    before = state.model_dump()
    act(state, 0, "giveup g")
    act(state, 1, "swap a")
    for actor, text in ((0, "giveup a"), (1, "swap q"), (1, "clue odd")):
        with pytest.raises(Rejected):
            act(state, actor, text)
    assert state.model_dump() == before


@pytest.mark.parametrize("items", [ALL_ITEMS])
def test_items_are_public_and_single_use(items: list[str]) -> None:
    state = playing(items=[items, items])
    shown = GAME.view(state, PUBLIC)
    assert shown["items"] == [items, items]
    state = run(state, (0, "ask apple not any tank 1 surge evidence")).state
    assert GAME.view(state, PUBLIC)["used_items"][0] == ["power_surge", "new_evidence"]
