"""The README read by the tests that hold it to the code."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def section(title: str) -> str:
    """The section whose heading starts with ``title``, on one line (a name may be
    wrapped across two in the Markdown)."""
    readme = README.read_text(encoding="utf-8")
    found = re.search(rf"^## {re.escape(title)}.*?(?=^## )", readme, re.M | re.S)
    assert found is not None, f"README has no section {title!r}"
    return " ".join(found[0].split())
