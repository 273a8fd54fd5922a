"""Decoder's stored formats (games.core.formats): the version, the steps from each
older one, and the schema hashes recorded for each."""

from __future__ import annotations

from games.core.formats import Formats, Schemas, Upgrade

FORMATS = Formats(
    version=2,
    steps={
        2: Upgrade(
            why="finished turns are frozen records (PastTurn) and tanks are frozen; "
            "the JSON is the same, field for field"
        )
    },
    schemas={
        1: Schemas(state="c3ade1d0fb2e0b3d", action="81bcc4526459e177"),
        2: Schemas(state="99291236bcb19837", action="81bcc4526459e177"),
    },
)
