"""Reading Decoder's notice and view data, and the small phrases every text uses.

Letters are shown as tiles (inline code, `A`), words in bold capitals, tanks
by name. Everything tolerates odd values: a renderer never crashes a match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import as_int, as_list, escape_md, who
from games.decoder.config import ITEM_TITLES
from games.decoder.tiles import ALPHABET

CLUE_QUESTIONS = {
    "ANY": "is any letter of it in the hand?",
    "ODD": "is the count odd?",
    "TWO": "is the count exactly 2?",
}


def letters(value: object) -> list[str]:
    """Single letters A–Z from notice data, sorted; anything else dropped."""
    found = {str(v).upper() for v in as_list(value)}
    return sorted(letter for letter in found if len(letter) == 1 and letter in ALPHABET)


def tile(letter: object) -> str:
    shown = str(letter).upper()
    return f"`{shown}`" if len(shown) == 1 and shown in ALPHABET else "`?`"


def tiles(value: object) -> str:
    """`A` `D` `E` — or "none"."""
    shown = letters(value)
    return " ".join(tile(letter) for letter in shown) if shown else "none"


def word(value: object) -> str:
    text = "".join(ch for ch in str(value or "").upper() if ch.isalpha())
    return f"**{escape_md(text)}**" if text else "**?**"


def clue(value: object) -> str:
    text = str(value or "").upper()
    return text if text in CLUE_QUESTIONS else "?"


def tank_name(data: Mapping[str, Any], names: Sequence[str] = ()) -> str:
    """A tank's name from notice data (``tank_name``, else the number)."""
    name = data.get("tank_name")
    if name:
        return f"**{escape_md(str(name))}**"
    number = as_int(data.get("tank"))
    if 1 <= number <= len(names):
        return f"**{escape_md(names[number - 1])}**"
    return f"**tank {number}**"


def tank_list(names: object) -> str:
    shown = [f"**{escape_md(str(name))}**" for name in as_list(names)]
    return ", ".join(shown) if shown else "none"


_ITEM_TITLES: dict[str, str] = {str(key): title for key, title in ITEM_TITLES.items()}


def item_title(item: object) -> str:
    return _ITEM_TITLES.get(str(item), str(item).replace("_", " ").title())


def item_list(items: object) -> str:
    shown = [item_title(item) for item in as_list(items)]
    return ", ".join(shown) if shown else "none"


def opponent(seat: object) -> int:
    return 1 - as_int(seat)


def tiles_left(hand_sizes: object, names: Sequence[str]) -> str:
    sizes = [as_int(n) for n in [*as_list(hand_sizes), 0, 0][:2]]
    return " · ".join(f"{who(names, seat)} {sizes[seat]}" for seat in (0, 1))


def answer_text(answer: Mapping[str, Any], owner: str) -> str:
    """``**ODD: yes**`` with what it means for the hand it counts."""
    name = clue(answer.get("clue"))
    yes = answer.get("answer") is True
    meaning = {
        ("ANY", True): f"some letter of the word is in {owner}'s hand",
        ("ANY", False): f"no letter of the word is in {owner}'s hand",
        ("ODD", True): f"{owner} holds an odd count of its letters",
        ("ODD", False): f"{owner} holds an even count of its letters",
        ("TWO", True): f"{owner} holds exactly 2 of its letters",
        ("TWO", False): f"{owner} does not hold exactly 2 of its letters",
    }.get((name, yes), "")
    return f"**{name}: {'yes' if yes else 'no'}**" + (f" ({meaning})" if meaning else "")


def answers(value: object) -> list[Mapping[str, Any]]:
    return [entry for entry in as_list(value) if isinstance(entry, Mapping)]


def short_answers(value: object) -> str:
    """``ODD yes, TWO no`` for the log."""
    parts = [
        f"{clue(entry.get('clue'))} {'yes' if entry.get('answer') is True else 'no'}"
        for entry in answers(value)
    ]
    return ", ".join(parts) or "no answer yet"


def sabotage_counts(history: object) -> list[dict[int, int]]:
    """How often each seat's tanks were sabotaged (public: restore picks and
    Unexpected Sabotage), from the view's turn records."""
    counts: list[dict[int, int]] = [{}, {}]
    for record in as_list(history):
        if not isinstance(record, Mapping) or record.get("seat") not in (0, 1):
            continue
        owner = counts[as_int(record.get("seat"))]
        if record.get("sabotaged") is not None:
            number = as_int(record.get("sabotaged"))
            owner[number] = owner.get(number, 0) + 1
        if record.get("unexpected") and record.get("tank") is not None:
            number = as_int(record.get("tank"))
            owner[number] = owner.get(number, 0) + 1
    return counts


def records(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Every public turn record: the finished ones, then the turn under way."""
    found = [r for r in as_list(view.get("history")) if isinstance(r, Mapping)]
    current = view.get("turn")
    if isinstance(current, Mapping):
        found.append(current)
    return found
