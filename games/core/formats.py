"""Stored formats: each game's state and action JSON carry a format version.

A match outlives a release: its state sits in the database (and its actions in
the event log, and both in an exported file) while the code that reads them
changes. So every stored state and action is written with its game's format
version, and a game declares (``games/<key>/upgrades.py``, set as
``Game.formats``) its current version and one pure upgrade step to each later
version: plain JSON in, plain JSON out, never a model (the model is today's,
the JSON is yesterday's). Reading runs the steps from the stored version up,
then validates with today's model; the next write stores the current version,
so a step is applied to a stored value once.

Beside each version the game records the hashes of its State and Action JSON
schemas (:class:`Schemas`): ``tests/games/test_formats.py`` fails when a model
changes without a new version, saying what to do (:func:`unrecorded`).

This module imports nothing of the contract (the contract imports it), so it
speaks of a game through :class:`Versioned`.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from pydantic import BaseModel, TypeAdapter

#: A step: yesterday's JSON (a dict, as json.loads gives it) in, the next version's out.
Convert = Callable[[dict[str, Any]], dict[str, Any]]


def unchanged(data: dict[str, Any]) -> dict[str, Any]:
    """The step for a part of the format that did not change."""
    return data


class FormatError(Exception):
    """A stored value this build cannot read: a format version it does not know
    (written by a later release, or damaged), or one it has no step from. The
    message says which game, which version and what to do, in plain words."""


@dataclass(frozen=True)
class Upgrade:
    """One step, from version ``to - 1`` to ``to`` (the key it is declared under).
    ``why`` says what changed, for the next reader of the steps."""

    why: str
    state: Convert = unchanged
    action: Convert = unchanged


@dataclass(frozen=True)
class Schemas:
    """The hashes of a version's State and Action JSON schemas (:func:`schema_hash`)."""

    state: str
    action: str


@dataclass(frozen=True)
class Formats:
    """A game's formats: its current ``version``, ``steps[v]`` taking version v-1
    to v (one for each v in 2..version), and the ``schemas`` recorded per version
    (at least the current one; the schema-hash test reads it)."""

    version: int = 1
    steps: Mapping[int, Upgrade] = field(default_factory=dict)
    schemas: Mapping[int, Schemas] = field(default_factory=dict)

    def __post_init__(self) -> None:
        wanted = set(range(2, self.version + 1))
        if self.version < 1 or set(self.steps) != wanted:
            raise ValueError(
                f"format version {self.version} needs exactly one upgrade step to each of "
                f"versions {sorted(wanted) or 'none'}; steps are declared for "
                f"{sorted(self.steps) or 'none'}"
            )


class Versioned(Protocol):
    """What this module reads of a game (a :class:`games.core.Game`)."""

    key: ClassVar[str]
    title: ClassVar[str]
    formats: ClassVar[Formats]
    State: Any
    Action: Any

    def load_state(self, data: str | bytes) -> Any: ...

    def load_action(self, data: dict[str, Any]) -> Any: ...


# -- reading a stored value -------------------------------------------------------------


def upgrade_state(game: Versioned, version: int, data: dict[str, Any]) -> dict[str, Any]:
    """``data``, a state stored in format ``version``, as the current format has it.
    The caller's dict is never changed. FormatError for a version this build
    cannot read."""
    return _upgrade(game, "state", version, data)


def upgrade_action(game: Versioned, version: int, data: dict[str, Any]) -> dict[str, Any]:
    """``data``, an action logged in format ``version``, as the current format has it."""
    return _upgrade(game, "action", version, data)


def load_state(game: Versioned, version: int, text: str | bytes) -> Any:
    """A stored state (JSON text in format ``version``) as today's State model."""
    if version == game.formats.version:
        return game.load_state(text)  # the common case: no parse to a dict first
    return game.State.model_validate(upgrade_state(game, version, json.loads(text)))


def load_action(game: Versioned, version: int, data: dict[str, Any]) -> Any:
    """A logged action (in format ``version``) as today's Action."""
    return game.load_action(upgrade_action(game, version, data))


def _upgrade(game: Versioned, part: str, version: int, data: dict[str, Any]) -> dict[str, Any]:
    formats = game.formats
    if version == formats.version:
        return data
    if not isinstance(version, int) or version < 1:
        raise FormatError(
            f"a stored {game.title} {part} says format version {version!r}, which no "
            f"release writes (versions start at 1): the stored value is damaged"
        )
    if version > formats.version:
        raise FormatError(
            f"a stored {game.title} {part} is in format version {version}, newer than this "
            f"build's {formats.version}: a later release of genius-bot wrote it. Run that "
            f"release (or a later one) for this database or file."
        )
    # Steps are pure by contract; a deep copy makes sure the caller's dict (a
    # record, an export being checked) stays as it was stored even if one is not.
    data = copy.deepcopy(data)
    for to in range(version + 1, formats.version + 1):
        data = getattr(formats.steps[to], part)(data)
    return data


# -- the schema-hash record --------------------------------------------------------------


def schema_hash(model: Any) -> str:
    """A short hash of a model's (or a union's) JSON schema, as validation reads it.
    Descriptions are left out: a docstring is not the format."""
    if isinstance(model, type) and issubclass(model, BaseModel):
        schema = model.model_json_schema()
    else:
        schema = TypeAdapter(model).json_schema()
    text = json.dumps(_without_descriptions(schema), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _without_descriptions(node: Any, *, in_properties: bool = False) -> Any:
    if isinstance(node, dict):
        return {
            # Under "properties" the keys are field names (one may be "description").
            key: _without_descriptions(value, in_properties=key == "properties")
            for key, value in node.items()
            if in_properties or not (key == "description" and isinstance(value, str))
        }
    if isinstance(node, list):
        return [_without_descriptions(item) for item in node]
    return node


def current_schemas(game: Versioned) -> Schemas:
    return Schemas(state=schema_hash(game.State), action=schema_hash(game.Action))


def unrecorded(game: Versioned, where: str) -> str | None:
    """What the game must do because its models are not the ones recorded for its
    current format version (``where``: its upgrades module's path), or None."""
    formats = game.formats
    now = current_schemas(game)
    record = f"Schemas(state={now.state!r}, action={now.action!r})"
    recorded = formats.schemas.get(formats.version)
    if recorded == now:
        return None
    if not formats.schemas:
        return (
            f"{game.title} ({game.key}) records no format: add {where} with "
            f"FORMATS = Formats(version=1, schemas={{1: {record}}}) and set "
            f"`formats = FORMATS` on its Game class (games.core.formats says why)."
        )
    changed = [
        name for name in ("state", "action") if getattr(recorded, name, None) != getattr(now, name)
    ]
    bumped = formats.version + 1
    return (
        f"{game.title} ({game.key}): the {' and '.join(changed)} model changed since format "
        f"version {formats.version} was recorded, so matches stored before would no longer "
        f"load. In {where}: bump version to {bumped}; add steps[{bumped}] = Upgrade(why=..., "
        f"state=..., action=...) turning version-{formats.version} JSON into the new shape "
        f"(JSON in, JSON out); record schemas[{bumped}] = {record}. Then add golden matches "
        f"of the new version (python -m tests.golden.make {game.key}) and keep the old ones "
        f"loading. (If the change truly leaves stored JSON readable as it is, still bump: "
        f"the step is then `Upgrade(why=...)`, which changes nothing.)"
    )
