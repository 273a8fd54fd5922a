"""The catalog as text players read (``/runebreaker catalog`` and docs/runebreaker-catalog.md).

Lines stay short: the bot splits this into Discord messages at line breaks.
"""

from __future__ import annotations

from games.runebreaker.commands._base import GROUPS, Entry, Param
from games.runebreaker.commands.catalog import CATALOG
from games.runebreaker.commands.structure import RULES
from games.runebreaker.pieces import COLOUR_NAMES, DEFAULT_PALETTE, SHAPE_NAMES, Palette

_GROUP_TITLES = {
    "geometry": "Geometry — moving objects",
    "attributes": "Attributes — changing colours and shapes",
    "existence": "Existence — removing and copying objects",
    "order": "Order — rearranging objects",
    "structure": "Structure — acting on the sequence",
}


def catalog_listing(palette: Palette = DEFAULT_PALETTE) -> str:
    lines = [
        "**Rune Breaker commands**",
        "Each rune symbol is one of these commands with its parameters fixed.",
        "Objects pushed past the edge of a board are lost; ties go to reading order.",
    ]
    for group in GROUPS:
        lines += ["", f"__{_GROUP_TITLES[group]}__"]
        for entry in CATALOG.values():
            if entry.group == group:
                lines += entry_lines(entry, palette)
    lines += ["", "__How structural commands combine__", *RULES]
    return "\n".join(lines)


def entry_lines(entry: Entry, palette: Palette) -> list[str]:
    usage = " ".join([entry.name, *(p.name.upper() for p in entry.params)])
    lines = [f"`{usage}` — {entry.summary}"]
    lines += [f"  {param.name.upper()}: {_choices_text(param, palette)}" for param in entry.params]
    if entry.distinct:
        lines.append("  (the two must differ)")
    lines.append(f"  {entry.errors}")
    return lines


def _choices_text(param: Param, palette: Palette) -> str:
    if param.kind == "colour":
        return ", ".join(f"{c} {COLOUR_NAMES[c]}" for c in palette.colour_letters)
    if param.kind == "shape":
        return ", ".join(f"{s} {SHAPE_NAMES[s]}" for s in palette.shape_letters)
    if param.kind == "piece":
        return (
            f"any object, e.g. Rc — colours {' '.join(palette.colour_letters)}, "
            f"shapes {' '.join(palette.shape_letters)}"
        )
    return " ".join(str(value) for value in param.choices(palette))
