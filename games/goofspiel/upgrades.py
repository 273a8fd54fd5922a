"""Goofspiel's stored formats (games.core.formats): the version, the steps from each
older one, and the schema hashes recorded for each."""

from __future__ import annotations

from games.core.formats import Formats, Schemas

FORMATS = Formats(
    version=1, schemas={1: Schemas(state="aa4db6166d678f4e", action="c179eeff47af04a4")}
)
