"""The catalog of commands, and a bound command (what one rune symbol means)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from games.runebreaker.commands import attributes, existence, geometry, order, structure
from games.runebreaker.commands._base import GROUPS, Entry, Value
from games.runebreaker.pieces import DEFAULT_PALETTE, Palette

_ALL: tuple[Entry, ...] = (
    *geometry.ENTRIES,
    *attributes.ENTRIES,
    *existence.ENTRIES,
    *order.ENTRIES,
    *structure.ENTRIES,
)

#: Every command by name, ordered by group then name.
CATALOG: Mapping[str, Entry] = MappingProxyType(
    {e.name: e for e in sorted(_ALL, key=lambda e: (GROUPS.index(e.group), e.name))}
)


class Bound(NamedTuple):
    """A catalog entry with its parameters: what one rune symbol means in a round.

    A named tuple, so hashing and comparing one happen in C: bounds are the keys
    of every cache of results (probes, fingerprints, products).
    """

    entry: str
    params: tuple[Value, ...] = ()

    def describe(self) -> str:
        """In words: ``shift right by 1``."""
        return CATALOG[self.entry].describe(self.params)

    def text(self) -> str:
        """The short spelling rune-set files use: ``shift right 1``, ``recolour R B``."""
        return " ".join([self.entry, *map(str, self.params)])


def validate_bound(bound: Bound, palette: Palette = DEFAULT_PALETTE) -> None:
    """ValueError unless ``bound`` names a catalog entry with legal parameters."""
    entry = CATALOG.get(bound.entry)
    if entry is None:
        raise ValueError(f"unknown command {bound.entry!r}; the catalog has {', '.join(CATALOG)}")
    if len(bound.params) != len(entry.params):
        raise ValueError(
            f"{entry.name} takes {len(entry.params)} parameter(s) "
            f"({_param_names(entry) or 'none'}), not {len(bound.params)}"
        )
    for param, value in zip(entry.params, bound.params, strict=True):
        choices = param.choices(palette)
        # bool is an int; True is no count.
        if isinstance(value, bool) or value not in choices:
            raise ValueError(
                f"{entry.name}: {param.name} must be one of "
                f"{' '.join(map(str, choices))}, not {value!r}"
            )
    if entry.distinct and len(set(bound.params)) != len(bound.params):
        raise ValueError(f"{entry.name}: the parameters must differ, not {bound.text()!r}")


def parse_bound(text: str, palette: Palette = DEFAULT_PALETTE) -> Bound:
    """``"recolour r b"`` -> ``Bound("recolour", ("R", "B"))``; ValueError if it is no command.

    Values are matched to their choices whatever the case, so rune-set files
    and tests can write them naturally.
    """
    if not text.split():
        raise ValueError("no command: write a catalog name and its parameters ('shift right 1')")
    name, *words = text.split()
    entry = CATALOG.get(name.lower())
    if entry is None:
        raise ValueError(f"unknown command {name!r}; the catalog has {', '.join(CATALOG)}")
    values: list[Value] = []
    for param, word in zip(entry.params, words, strict=False):
        by_text = {str(choice).lower(): choice for choice in param.choices(palette)}
        values.append(by_text.get(word.lower(), word))
    bound = Bound(entry.name, (*values, *words[len(entry.params) :]))
    validate_bound(bound, palette)
    return bound


def _param_names(entry: Entry) -> str:
    return ", ".join(param.name for param in entry.params)
