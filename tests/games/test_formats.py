"""Stored formats (games.core.formats): every game records the schema of the
format it writes, so a model changed without a new version fails here with
what to do; upgrade steps run in order, from the stored version up; a version
this build cannot read is refused in words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import Field

import games
from games.core import Game
from games.core.formats import (
    FormatError,
    Formats,
    Schemas,
    Upgrade,
    current_schemas,
    load_state,
    unrecorded,
    upgrade_action,
    upgrade_state,
)
from games.goofspiel.engine import Goofspiel
from games.goofspiel.models import GoofspielState


@pytest.mark.parametrize("key", games.keys())
def test_every_games_models_are_the_ones_recorded_for_its_format(key: str) -> None:
    assert unrecorded(games.get(key), f"games/{key}/upgrades.py") is None


class _PlantedState(GoofspielState):
    """A field added to the state, as a careless change would."""

    planted: int = Field(default=0)


class _Planted(Goofspiel):
    State = _PlantedState


def test_a_model_changed_without_a_new_version_is_told_what_to_do() -> None:
    planted = _Planted()
    now = current_schemas(planted)
    assert now.state != Goofspiel.formats.schemas[1].state
    assert now.action == Goofspiel.formats.schemas[1].action
    said = unrecorded(planted, "games/goofspiel/upgrades.py")
    assert said == (
        "Square Goofspiel (goofspiel): the state model changed since format version 1 was "
        "recorded, so matches stored before would no longer load. In "
        "games/goofspiel/upgrades.py: bump version to 2; add steps[2] = Upgrade(why=..., "
        "state=..., action=...) turning version-1 JSON into the new shape (JSON in, JSON "
        f"out); record schemas[2] = Schemas(state={now.state!r}, action={now.action!r}). "
        "Then add golden matches of the new version (python -m tests.golden.make goofspiel) "
        "and keep the old ones loading. (If the change truly leaves stored JSON readable as "
        "it is, still bump: the step is then `Upgrade(why=...)`, which changes nothing.)"
    )


def test_a_docstring_is_not_the_format() -> None:
    redocumented = type("GoofspielState", (GoofspielState,), {"__doc__": "Other words."})
    game = type("Redocumented", (Goofspiel,), {"State": redocumented})()
    assert current_schemas(game) == current_schemas(Goofspiel())


def test_a_game_recording_no_format_is_told_what_to_add() -> None:
    class Unrecorded(Goofspiel):
        formats = Formats()

    now = current_schemas(Unrecorded())
    assert unrecorded(Unrecorded(), "games/goofspiel/upgrades.py") == (
        "Square Goofspiel (goofspiel) records no format: add games/goofspiel/upgrades.py with "
        f"FORMATS = Formats(version=1, schemas={{1: Schemas(state={now.state!r}, "
        f"action={now.action!r})}}) and set `formats = FORMATS` on its Game class "
        "(games.core.formats says why)."
    )
    assert Game.formats == Formats()  # what a new game has until it records its own


def test_a_version_needs_one_step_to_each_version_after_the_first() -> None:
    with pytest.raises(ValueError, match=r"versions \[2, 3\]; steps are declared for \[3\]"):
        Formats(version=3, steps={3: Upgrade("b")})
    with pytest.raises(ValueError, match="steps are declared for"):
        Formats(version=1, steps={2: Upgrade("a")})


def _renaming(old: str, new: str) -> Any:
    def step(data: dict[str, Any]) -> dict[str, Any]:
        data[new] = data.pop(old)
        return data

    return step


class _ThreeVersions(Goofspiel):
    """Goofspiel whose "round" was once "turn", and before that "step"."""

    formats = Formats(
        version=3,
        steps={
            2: Upgrade("step became turn", state=_renaming("step", "turn")),
            3: Upgrade(
                "turn became round", state=_renaming("turn", "round"), action=_renaming("b", "bid")
            ),
        },
        schemas={3: Schemas(state="", action="")},
    )


def test_steps_run_in_order_from_the_stored_version_and_leave_the_callers_dict() -> None:
    game = _ThreeVersions()
    stored = {"step": 4, "other": [1]}
    assert upgrade_state(game, 1, stored) == {"round": 4, "other": [1]}
    assert stored == {"step": 4, "other": [1]}  # as it was stored
    assert upgrade_state(game, 2, {"turn": 4}) == {"round": 4}
    assert upgrade_state(game, 3, {"round": 4}) == {"round": 4}
    assert upgrade_action(game, 2, {"b": 3}) == {"bid": 3}
    assert upgrade_action(game, 1, {"b": 3}) == {"bid": 3}  # version 2 left actions alone


@pytest.mark.parametrize(
    ("version", "said"),
    [
        (
            4,
            "a stored Square Goofspiel state is in format version 4, newer than this build's 3: "
            "a later release of genius-bot wrote it. Run that release (or a later one) for this "
            "database or file.",
        ),
        (
            0,
            "a stored Square Goofspiel state says format version 0, which no release writes "
            "(versions start at 1): the stored value is damaged",
        ),
    ],
)
def test_a_version_this_build_cannot_read_is_refused_in_words(version: int, said: str) -> None:
    with pytest.raises(FormatError) as refused:
        upgrade_state(_ThreeVersions(), version, {})
    assert str(refused.value) == said


def test_loading_a_state_of_a_later_format_is_refused_before_validating() -> None:
    game = games.get("logical_horror")
    outcome = {"winner": 0, "scores": None, "reason": "seat 1's board satisfies every clue"}
    with pytest.raises(FormatError, match="format version 3, newer than this build's 2"):
        load_state(game, 3, json.dumps({"outcome": outcome}))


# -- the first real step: reasons that counted seats from 1 ---------------------------


def _outcome(winner: int | None, reason: str) -> dict[str, Any]:
    return {"seed": 1, "outcome": {"winner": winner, "scores": None, "reason": reason}}


@pytest.mark.parametrize(
    ("key", "winner", "stored", "upgraded"),
    [
        # Logical Horror's win said "seat {seat + 1}'s board…".
        (
            "logical_horror",
            0,
            "seat 1's board satisfies every clue",
            "seat 0's board satisfies every clue",
        ),
        (
            "logical_horror",
            1,
            "seat 2's board satisfies every clue",
            "seat 1's board satisfies every clue",
        ),
        # Already counted from 0 (stored by the code between the fix and format 2): kept.
        (
            "logical_horror",
            1,
            "seat 1's board satisfies every clue",
            "seat 1's board satisfies every clue",
        ),
        (
            "logical_horror",
            0,
            "seat 0's board satisfies every clue",
            "seat 0's board satisfies every clue",
        ),
        # Rune Breaker's forfeit named the loser "seat {seat + 1}".
        (
            "runebreaker",
            1,
            "seat 1 ran out of reserve periods without a board",
            "seat 0 ran out of reserve periods without a board",
        ),
        (
            "runebreaker",
            0,
            "seat 2 ran out of reserve periods without an answer",
            "seat 1 ran out of reserve periods without an answer",
        ),
        (
            "runebreaker",
            0,
            "seat 1 ran out of reserve periods without an answer",
            "seat 1 ran out of reserve periods without an answer",
        ),
        ("runebreaker", 1, "seat 1 found the Reagent Board", "seat 1 found the Reagent Board"),
        (
            "runebreaker",
            None,
            "seat 1 ran out of reserve periods",
            "seat 1 ran out of reserve periods",
        ),
    ],
)
def test_format_2_counts_the_seats_of_an_older_reason_from_0(
    key: str, winner: int | None, stored: str, upgraded: str
) -> None:
    game = games.get(key)
    assert upgrade_state(game, 1, _outcome(winner, stored)) == _outcome(winner, upgraded)
    # A state stored in format 2 is never upgraded: its reason stays as stored.
    assert upgrade_state(game, 2, _outcome(winner, stored)) == _outcome(winner, stored)
    assert upgrade_state(game, 1, {"seed": 1, "outcome": None}) == {"seed": 1, "outcome": None}


@pytest.mark.parametrize(
    ("golden", "winner", "stored", "upgraded"),
    [
        (
            "logical_horror/match-last-move",
            1,
            "seat 2's board satisfies every clue",
            "seat 1's board satisfies every clue",
        ),
        (
            "runebreaker/finals-last-move",
            0,
            "seat 2 ran out of reserve periods without an answer",
            "seat 1 ran out of reserve periods without an answer",
        ),
    ],
)
def test_a_whole_stored_state_of_format_1_loads_with_its_reason_renumbered(
    golden: str, winner: int, stored: str, upgraded: str
) -> None:
    """A real state (a golden match's, finished as the old code would have) stored
    in format 1 loads whole as today's model, only its reason changed."""
    path = Path(__file__).parents[1] / "golden" / f"{golden}.json"
    rows = json.loads(path.read_text(encoding="utf-8"))["rows"]
    game = games.get(rows["matches"][0]["game"])
    state = json.loads(rows["matches"][0]["state"])
    state["outcome"] = {"winner": winner, "scores": None, "reason": stored}
    loaded = load_state(game, 1, json.dumps(state))
    assert loaded.outcome.reason == upgraded
    state["outcome"]["reason"] = upgraded
    assert loaded == game.load_state(json.dumps(state))
