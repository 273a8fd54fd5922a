"""Decoder's texts for a turn: whose turn, the prompt, asking a word and its
clue, guessing a tile, giving one up and the private swap."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.render.base import Rendered, as_int, as_list, escape_md, who
from bot.render.decoder._data import (
    answer_text,
    answers,
    clue,
    item_list,
    opponent,
    tank_name,
    tile,
    tiles,
    tiles_left,
    word,
)
from games.core.contract import Audience, Notice
from games.decoder.tiles import CLUES

SURGE = " ⚡ Power Surge: that tank stays unused."


def _using(data: Mapping[str, object]) -> str:
    return f"using tank {tank_name(data)}." + (SURGE if data.get("surge") else "")


def turn_started(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    seat = data.get("seat")
    text = (
        f"**Turn {as_int(data.get('turn'))}** — **{who(names, seat)}**'s turn "
        f"({as_int(data.get('window_seconds'))} s)."
    )
    if data.get("must_restore"):
        text += f" {who(names, seat)} has one unused tank left, so this turn must restore."
    return Rendered(text=text)


def _prompt_tanks(tanks: list[Mapping[str, object]]) -> str:
    return " · ".join(
        f"{as_int(t.get('tank'))} **{escape_md(str(t.get('tank_name')))}** "
        f"({as_int(t.get('units'))})"
        for t in tanks
    )


def _add(words: list[str]) -> str:
    return f" (add {' or '.join(words)} to use the item)" if words else ""


def turn_prompt(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    tanks = [t for t in as_list(data.get("tanks")) if isinstance(t, Mapping)]
    items = [str(item) for item in as_list(data.get("items"))]
    lines = [
        f"🎯 **Your turn** (turn {as_int(data.get('turn'))}, "
        f"{as_int(data.get('window_seconds'))} s). Unused tanks (recharge units): "
        f"{_prompt_tanks(tanks)}",
        f"Your items: {item_list(items)}.",
    ]
    if data.get("must_restore") and tanks:
        number = as_int(tanks[0].get("tank"))
        lines.append(
            f"That is your last unused tank, so you must restore: the button, "
            f"`restore tank {number}` or `/decoder restore`."
        )
        return Rendered(text="\n".join(lines))
    surge = ["`surge`"] if "power_surge" in items else []
    evidence = ["`evidence`"] if "new_evidence" in items else []
    insurance = ["`insurance`"] if "hand_insurance" in items else []
    lines += [
        f"• ask a word: `ask WORD not ANY tank 3`{_add(evidence + surge)}",
        f"• guess a tile: `guess Q tank 3`{_add(insurance + surge)}",
        f"• restore your used tanks: `restore tank 3`{_add(surge)}",
        "(or `/decoder ask`, `/decoder guess`, `/decoder restore`)",
    ]
    return Rendered(text="\n".join(lines))


def word_asked(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    seat = data.get("seat")
    excluded = clue(data.get("excluded"))
    others = [c for c in CLUES if c != excluded]
    text = (
        f"❓ **{who(names, seat)}** asks {word(data.get('word'))}, not {excluded} — {_using(data)}"
    )
    if data.get("evidence"):
        text += f" 📑 New Evidence: both {others[0]} and {others[1]} will be answered."
    else:
        text += f" **{who(names, opponent(seat))}** chooses {others[0]} or {others[1]}."
    return Rendered(text=text)


def clue_requested(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    choices = [clue(c) for c in as_list(data.get("choices"))]
    asker = who(names, opponent(audience))
    return Rendered(
        text=f"💬 {asker} asked {word(data.get('word'))}. Choose the clue you answer — "
        f"{' or '.join(choices)} — with a button or like `clue {choices[0]}`. "
        "The answer is worked out truthfully from your hand."
    )


def clue_answered(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    owner = who(names, opponent(data.get("seat")))
    given = answers(data.get("answers"))
    parts = " · ".join(answer_text(entry, owner) for entry in given)
    chooser = data.get("chosen_by")
    how = "New Evidence" if chooser is None else f"{who(names, chooser)} chose"
    return Rendered(text=f"💡 {word(data.get('word'))} — {how}: {parts}")


def tile_guessed(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    seat = data.get("seat")
    letter = tile(data.get("letter"))
    head = f"🎯 **{who(names, seat)}** guesses {letter} — {_using(data)}"
    target = who(names, opponent(seat))
    if data.get("correct"):
        result = f" ✅ **Right!** {letter} leaves {target}'s hand."
    else:
        result = f" ❌ **Wrong** — {letter} is not in {target}'s hand."
    return Rendered(text=f"{head}{result} Tiles left: {tiles_left(data.get('hand_sizes'), names)}.")


def insurance_kept(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    return Rendered(
        text="🛡️ Your guess was right, so you keep your Hand Insurance; "
        "nobody else learns you declared it."
    )


def insurance_used(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    seat = notice.data.get("seat")
    return Rendered(
        text=f"🛡️ **{who(names, seat)}**'s Hand Insurance covers the wrong guess: "
        "no tile is given up."
    )


def giveup_requested(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    hand = notice.data.get("hand")
    return Rendered(
        text=f"❌ Your guess was wrong: give up one tile of your hand {tiles(hand)} — "
        "click it, or like `giveup E`. Everyone will see it."
    )


def tile_given_up(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    return Rendered(
        text=f"📤 **{who(names, data.get('seat'))}** gives up {tile(data.get('letter'))}. "
        f"Tiles left: {tiles_left(data.get('hand_sizes'), names)}."
    )


def letter_offered(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    guesser = who(names, opponent(audience))
    hand = tiles(data.get("hand"))
    if data.get("letter") is None:
        return Rendered(
            text=f"🎁 {guesser} guessed wrong, but every letter is barred, so none can be "
            f"offered to you. Your hand stays {hand}: click Keep or send `keep`."
        )
    offered = tile(data.get("letter"))
    return Rendered(
        text=f"🎁 {guesser} guessed wrong, so you are offered {offered} (only you see it). "
        f"Swap one of your tiles {hand} for it, or keep your hand: click, or `swap E` / "
        "`keep`. Nobody learns what you decide."
    )


def swap_done(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    hand = tiles(data.get("hand"))
    if data.get("swapped_out") is None:
        return Rendered(text=f"🔒 You kept your hand: {hand}.")
    return Rendered(
        text=f"🔁 You swapped out {tile(data.get('swapped_out'))} for "
        f"{tile(data.get('offered'))}. Your hand: {hand}."
    )


def swap_decided(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    seat = notice.data.get("seat")
    return Rendered(
        text=f"🤫 **{who(names, seat)}** has decided, in private, whether to swap a tile."
    )
