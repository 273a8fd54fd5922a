"""The text grammar (DECISIONS, with friendlier forms). Text arrives lower-cased
and single-spaced; tanks are named by number 1–7 or by name, anywhere after
the verb's own words; `tank`, `using`, `with`, `use` and `and` are optional.

    time 3 120 · rarities 2 1 0 · hand A B C D E F (or `hand ABCDEF`)
    ask DECODER not ANY tank 3 [evidence] [surge]
    guess Q tank 2 [insurance] [surge] · restore tank 5 [surge]
    clue ODD · giveup E · swap E / keep · total 17 · sabotage 4
    unexpected (alone, or after any response: `clue ODD unexpected`)
    pass / no: declines what is asked (a restore guess, Unexpected Sabotage, a swap)
    host: start selection (or `start`, `begin`)
"""

from __future__ import annotations

from typing import Any

from games.core import HOST, Actor, Rejected, quote
from games.decoder.actions import (
    Ask,
    ChooseHand,
    ChooseRarities,
    GiveClue,
    GiveUp,
    Guess,
    GuessTotal,
    RaiseTime,
    Restore,
    Sabotage,
    StartSelection,
    Swap,
    Unexpected,
)
from games.decoder.models import DECISION_LABELS, Decision
from games.decoder.tanks import TANKS, normal_name
from games.decoder.tiles import Clue

_WRAPPING = " `'\"“”‘’.!"
#: The longest move names a word, a tank by its name (80 characters at most) and
#: both items: under 200 characters. Five hundred leave room for any spacing.
MAX_MOVE_CHARS = 500
_FILLER = frozenset({"tank", "using", "with", "use", "and", "+", "&"})
_NOT = frozenset({"not", "no", "exclude", "excluding", "except", "without", "skip", "-"})
_CLUES: dict[str, Clue] = {"any": "ANY", "odd": "ODD", "two": "TWO", "2": "TWO"}
#: Item words: the short form and the item's full name both work.
_FLAGS: dict[tuple[str, ...], str] = {
    ("new", "evidence"): "evidence",
    ("evidence",): "evidence",
    ("power", "surge"): "surge",
    ("surge",): "surge",
    ("hand", "insurance"): "insurance",
    ("insurance",): "insurance",
    ("unexpected", "sabotage"): "unexpected",
    ("unexpected",): "unexpected",
}
_HOST_WORDS = frozenset({"start", "begin", "start selection", "begin selection", "go"})
_DECLINE = frozenset({"pass", "no", "none", "decline", "nothing", "no thanks"})

HELP = {
    "ask": "Ask like `ask DECODER not ANY tank 3` (add `evidence` or `surge` to use an item).",
    "guess": "Guess like `guess Q tank 2` (add `insurance` or `surge` to use an item).",
    "restore": "Restore like `restore tank 5` (add `surge` for Power Surge).",
    "time": "Set a puzzle time like `time 3 120` (tank 3 to 120 seconds; from its official "
    "time up to 300 s, changed as often as you like before letter selection).",
    "rarities": "Choose rarities like `rarities 2 1 0` (common uncommon rare).",
    "hand": "Pick your hand like `hand A B C D E F`.",
    "clue": "Choose the clue like `clue ODD`.",
    "giveup": "Give up a letter like `giveup E`.",
    "swap": "Swap like `swap E` (your E for the offered letter), or `keep`.",
    "total": "Guess the restored total like `total 17`, or `pass`.",
    "sabotage": "Pick the tank to sabotage like `sabotage 4`.",
}
GENERAL_HELP = (
    "Moves: `ask WORD not CLUE tank N`, `guess L tank N`, `restore tank N`; responses: "
    "`clue ODD`, `giveup E`, `swap E`/`keep`, `total 17`, `sabotage 4`, `unexpected`."
)


def parse(text: str, actor: Actor, names: list[str], asked: Decision | None) -> Any:
    """The action for ``text``; ``asked`` is the decision the seat owes, if any
    (it gives `pass` its meaning)."""
    move = text.replace(",", " ").strip(_WRAPPING)
    tokens = move.split()
    if actor == HOST:
        if " ".join(tokens) in _HOST_WORDS:
            return StartSelection()
        raise Rejected("The host's move in Decoder is `start selection`; players make the rest.")
    if not tokens:
        raise Rejected(f"Say a move. {GENERAL_HELP}")
    if " ".join(tokens) in _HOST_WORDS:
        raise Rejected("The host starts letter selection.")
    if " ".join(tokens) in _DECLINE:
        return _decline(asked)
    verb, rest = _verb(tokens)
    if verb is None:
        raise Rejected(f"I didn't understand {quote(move)}. {GENERAL_HELP}")
    return _PARSERS[verb](rest, names)


def _verb(tokens: list[str]) -> tuple[str | None, list[str]]:
    head, rest = tokens[0], tokens[1:]
    if head == "give" and rest[:1] == ["up"]:
        return "giveup", rest[1:]
    if head == "no" and rest == ["swap"]:
        return "keep", []
    if head in _CLUES and head != "2":
        return "clue", tokens
    aliases = {"raise": "time", "rarity": "rarities", "give-up": "giveup", "gu": "giveup"}
    head = aliases.get(head, head)
    return (head if head in _PARSERS else None), rest


def _decline(asked: Decision | None) -> Any:
    if asked == "total":
        return GuessTotal(total=None)
    if asked == "swap":
        return Swap(letter=None)
    if asked == "unexpected":
        return Unexpected(use=False)
    if asked is None:
        raise Rejected("There is nothing to pass on right now.")
    raise Rejected(f"Passing is no answer to {DECISION_LABELS[asked]}. {GENERAL_HELP}")


def _tank_words(names: list[str]) -> list[tuple[int, list[str]]]:
    """Each tank's number and name as words, longest name first (so a name that
    begins another is tried after it). Made once per move, not once per word."""
    by_length = sorted(enumerate(names, start=1), key=lambda entry: -len(entry[1].split()))
    return [(number, normal_name(name).split()) for number, name in by_length]


def _tank_at(
    tokens: list[str], at: int, tanks: list[tuple[int, list[str]]], names: list[str]
) -> tuple[int, int] | None:
    """(tank number, tokens used) if a tank is named at ``at``."""
    for number, words in tanks:
        if tokens[at : at + len(words)] == words:
            return number, len(words)
    token = tokens[at].lstrip("#")
    if token.isascii() and token.isdigit():
        if len(token) > 2 or not 1 <= int(token) <= TANKS:
            raise Rejected(f"Tanks are numbered 1–{TANKS} (or named: {', '.join(names)}).")
        return int(token), 1
    return None


def _options(tokens: list[str], names: list[str], allowed: set[str], verb: str) -> dict[str, Any]:
    """Tank, excluded clue and item words, in any order."""
    found: dict[str, Any] = {}
    tanks = _tank_words(names) if "tank" in allowed else []
    at = 0
    while at < len(tokens):
        token = tokens[at]
        flag = next(
            (
                (words, f)
                for words, f in _FLAGS.items()
                if tuple(tokens[at : at + len(words)]) == words
            ),
            None,
        )
        if flag is not None and flag[1] in allowed:
            found[flag[1]] = True
            at += len(flag[0])
            continue
        if token in _NOT and "excluded" in allowed and tokens[at + 1 : at + 2]:
            clue = _CLUES.get(tokens[at + 1])
            if clue is None:
                raise Rejected(f"The clues are ANY, ODD and TWO, not {quote(tokens[at + 1])}.")
            if "excluded" in found and found["excluded"] != clue:
                raise Rejected(f"Exclude one clue, not two. {HELP[verb]}")
            found["excluded"] = clue
            at += 2
            continue
        if token in _FILLER:
            at += 1
            continue
        tank = _tank_at(tokens, at, tanks, names) if "tank" in allowed else None
        if tank is not None:
            if "tank" in found and found["tank"] != tank[0]:
                raise Rejected(f"Name one tank, not two. {HELP[verb]}")
            found["tank"] = tank[0]
            at += tank[1]
            continue
        raise Rejected(f"I didn't understand {quote(token)} there. {HELP[verb]}")
    return found


def _need_tank(found: dict[str, Any], verb: str) -> int:
    if "tank" not in found:
        raise Rejected(f"Say which tank you use. {HELP[verb]}")
    tank: int = found["tank"]
    return tank


def _letter(token: str | None, verb: str) -> str:
    if token is None or len(token) != 1 or not ("a" <= token <= "z"):
        raise Rejected(f"Name one letter A–Z. {HELP[verb]}")
    return token.upper()


def _number(token: str | None, verb: str, digits: int) -> int:
    if token is not None and token.endswith("s"):
        token = token[:-1]
    if token is None or not token.isascii() or not token.isdigit() or len(token) > digits:
        raise Rejected(f"That needs a whole number. {HELP[verb]}")
    return int(token)


def _ask(tokens: list[str], names: list[str]) -> Ask:
    if not tokens:
        raise Rejected(f"Say the word. {HELP['ask']}")
    word = tokens[0]
    if not (word.isascii() and word.isalpha()):
        raise Rejected(f"A word is letters A–Z only. {HELP['ask']}")
    found = _options(tokens[1:], names, {"tank", "excluded", "evidence", "surge"}, "ask")
    if "excluded" not in found:
        raise Rejected("Say which clue you don't want: `not ANY`, `not ODD` or `not TWO`.")
    tank = _need_tank(found, "ask")
    return Ask(
        word=word.upper(),
        excluded=found["excluded"],
        tank=tank,
        evidence=found.get("evidence", False),
        surge=found.get("surge", False),
    )


def _guess(tokens: list[str], names: list[str]) -> Guess:
    letter = _letter(tokens[0] if tokens else None, "guess")
    found = _options(tokens[1:], names, {"tank", "insurance", "surge"}, "guess")
    tank = _need_tank(found, "guess")
    insurance, surge = found.get("insurance", False), found.get("surge", False)
    return Guess(letter=letter, tank=tank, insurance=insurance, surge=surge)


def _restore(tokens: list[str], names: list[str]) -> Restore:
    found = _options(tokens, names, {"tank", "surge"}, "restore")
    return Restore(tank=_need_tank(found, "restore"), surge=found.get("surge", False))


def _time(tokens: list[str], names: list[str]) -> RaiseTime:
    if tokens[-1:] in (["s"], ["sec"], ["seconds"]):
        tokens = tokens[:-1]
    if tokens[-2:-1] == ["to"]:
        tokens = [*tokens[:-2], tokens[-1]]
    if len(tokens) < 2:
        raise Rejected(HELP["time"])
    found = _options(tokens[:-1], names, {"tank"}, "time")
    return RaiseTime(tank=_need_tank(found, "time"), seconds=_number(tokens[-1], "time", 4))


def _rarities(tokens: list[str], names: list[str]) -> ChooseRarities:
    if len(tokens) != 3:
        raise Rejected(f"Give three numbers. {HELP['rarities']}")
    common, uncommon, rare = (_number(token, "rarities", 1) for token in tokens)
    return ChooseRarities(common=common, uncommon=uncommon, rare=rare)


def _hand(tokens: list[str], names: list[str]) -> ChooseHand:
    letters = "".join(tokens)
    if not all("a" <= char <= "z" for char in letters) or len(letters) > 26:
        raise Rejected(f"A hand is letters A–Z. {HELP['hand']}")
    return ChooseHand(letters=[char.upper() for char in letters])


def _with_unexpected(tokens: list[str], verb: str) -> bool:
    if not tokens:
        return False
    if tokens in (["unexpected"], ["unexpected", "sabotage"]):
        return True
    raise Rejected(f"I didn't understand {quote(' '.join(tokens))} there. {HELP[verb]}")


def _clue(tokens: list[str], names: list[str]) -> GiveClue:
    clue = _CLUES.get(tokens[0]) if tokens else None
    if clue is None:
        raise Rejected(f"The clues are ANY, ODD and TWO. {HELP['clue']}")
    return GiveClue(clue=clue, unexpected=_with_unexpected(tokens[1:], "clue"))


def _giveup(tokens: list[str], names: list[str]) -> GiveUp:
    if len(tokens) > 1:
        raise Rejected(f"Give up one letter. {HELP['giveup']}")
    return GiveUp(letter=_letter(tokens[0] if tokens else None, "giveup"))


def _swap(tokens: list[str], names: list[str]) -> Swap:
    letter = _letter(tokens[0] if tokens else None, "swap")
    return Swap(letter=letter, unexpected=_with_unexpected(tokens[1:], "swap"))


def _keep(tokens: list[str], names: list[str]) -> Swap:
    return Swap(letter=None, unexpected=_with_unexpected(tokens, "swap"))


def _total(tokens: list[str], names: list[str]) -> GuessTotal:
    if tokens[:1] in (["none"], ["pass"]):
        return GuessTotal(total=None, unexpected=_with_unexpected(tokens[1:], "total"))
    total = _number(tokens[0] if tokens else None, "total", 4)
    return GuessTotal(total=total, unexpected=_with_unexpected(tokens[1:], "total"))


def _sabotage(tokens: list[str], names: list[str]) -> Sabotage:
    unexpected = tokens[-1:] == ["unexpected"]
    found = _options(tokens[:-1] if unexpected else tokens, names, {"tank"}, "sabotage")
    return Sabotage(tank=_need_tank(found, "sabotage"), unexpected=unexpected)


def _unexpected(tokens: list[str], names: list[str]) -> Unexpected:
    if tokens in ([], ["sabotage"]):
        return Unexpected(use=True)
    raise Rejected("Say `unexpected` to use Unexpected Sabotage.")


_PARSERS: dict[str, Any] = {
    "ask": _ask,
    "guess": _guess,
    "restore": _restore,
    "time": _time,
    "rarities": _rarities,
    "hand": _hand,
    "clue": _clue,
    "giveup": _giveup,
    "swap": _swap,
    "keep": _keep,
    "total": _total,
    "sabotage": _sabotage,
    "unexpected": _unexpected,
}
