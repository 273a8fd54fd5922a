"""Race to Five's stored formats (games.core.formats): the version, the steps
from each older one, and the schema hashes recorded for each."""

from __future__ import annotations

from games.core.formats import Formats, Schemas

FORMATS = Formats(
    version=1, schemas={1: Schemas(state="62dccee8a1602ec0", action="4d8006b1cb7992c7")}
)
