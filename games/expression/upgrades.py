"""Expression's stored formats (games.core.formats): the version, the steps from each
older one, and the schema hashes recorded for each."""

from __future__ import annotations

from games.core.formats import Formats, Schemas, Upgrade

FORMATS = Formats(
    version=2,
    steps={
        2: Upgrade(
            why="round records (their plays and scored guesses too) are frozen, their "
            "lists tuples; the JSON is the same, field for field"
        )
    },
    schemas={
        1: Schemas(state="b5ce8b57e9f49d2a", action="b5edc95a6729d68d"),
        2: Schemas(state="8dcaa3c1ea45032d", action="b5edc95a6729d68d"),
    },
)
