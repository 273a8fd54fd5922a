"""The soak's side log: JSON lines a child appends and its parent reads after a kill.

A line written with :meth:`SideLog.note` survives the process being killed (it is
in the kernel once ``write`` returns); :meth:`SideLog.append` also waits for an
fsync, so the line would survive the machine too. Appends that arrive while an
fsync runs share the next one, so many matches acknowledging at once cost one
fsync, not one each.
"""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

Record = dict[str, Any]


class SideLog:
    def __init__(self, path: Path) -> None:
        self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        self._written = 0  # lines handed to the kernel
        self._synced = 0  # lines known to be on disk
        self._sync: asyncio.Task[None] | None = None

    def note(self, record: Record) -> int:
        """Write one line now (one write call: a kill never leaves half of it);
        returns its number."""
        os.write(self._fd, (json.dumps(record, separators=(",", ":")) + "\n").encode())
        self._written += 1
        return self._written

    async def append(self, record: Record) -> None:
        """Write one line and return once it is on disk."""
        line = self.note(record)
        while self._synced < line:
            if self._sync is None or self._sync.done():
                self._sync = asyncio.create_task(self._fsync())
            await asyncio.shield(self._sync)

    async def _fsync(self) -> None:
        upto = self._written
        await asyncio.to_thread(os.fsync, self._fd)
        self._synced = max(self._synced, upto)

    def close(self) -> None:
        os.fsync(self._fd)
        os.close(self._fd)


def read_log(path: Path) -> list[Record]:
    """Every whole line of a side log (a missing file is an empty log). Only the
    last line may be cut short, by a kill in the middle of a write; it is left out."""
    if not path.exists():
        return []
    lines = path.read_bytes().split(b"\n")
    records = []
    for number, line in enumerate(lines):
        if not line:
            continue
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            if number < len(lines) - 1 and any(lines[number + 1 :]):
                raise ValueError(
                    f"{path}: line {number + 1} is damaged, yet not the last"
                ) from None
    return records
