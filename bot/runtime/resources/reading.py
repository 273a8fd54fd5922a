"""Reading a host's file: a regular file, of a size its kind can have."""

from __future__ import annotations

from pathlib import Path


def read_small(path: Path, limit: int) -> str:
    """A regular file's text, refusing devices, pipes and anything over ``limit`` bytes."""
    if not path.is_file():
        raise ValueError("not a regular file")
    if path.stat().st_size > limit:
        raise ValueError(f"larger than {limit // 2**10} KB")
    return path.read_text(encoding="utf-8")
