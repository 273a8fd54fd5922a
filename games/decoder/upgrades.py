"""Decoder's stored formats (games.core.formats): the version, the steps from each
older one, and the schema hashes recorded for each."""

from __future__ import annotations

from games.core.formats import Formats, Schemas

FORMATS = Formats(
    version=1, schemas={1: Schemas(state="c3ade1d0fb2e0b3d", action="81bcc4526459e177")}
)
