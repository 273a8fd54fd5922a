"""Expression's stored formats (games.core.formats): the version, the steps from each
older one, and the schema hashes recorded for each."""

from __future__ import annotations

from games.core.formats import Formats, Schemas

FORMATS = Formats(
    version=1, schemas={1: Schemas(state="b5ce8b57e9f49d2a", action="b5edc95a6729d68d")}
)
