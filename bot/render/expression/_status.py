"""The status reply: where the match stands, from ``game.view(state, audience)``.

A seat sees its own tiles, the pairs still to come, its reserve and, round by
round, what it played, the opponent's colours, who won, the guesses and what
was revealed. The room sees the same rounds without any colours or tiles; the
host sees both seats' expressions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import Image, as_int, as_list, escape_md, pair, who
from bot.render.expression._data import (
    ROUNDS_PER_BOUT,
    clock_text,
    colours_of,
    colours_text,
    expression_text,
    mapping,
    mappings,
    numbers_of,
    pair_of,
    pairs_of,
    symbols_of,
    tile_of,
    tiles_of,
    tiles_text,
    value_text,
)
from bot.render.expression._scores import entries_text, guess_parts, verdict
from bot.render.expression._text import points_line, reserves_line
from bot.render.expression._tiles import pairs_image
from games.core.contract import HOST, Audience
from games.expression.models import BOUTS


def _stage_text(view: Mapping[str, Any], audience: Audience, names: Sequence[str]) -> str:
    stage, round_ = str(view.get("stage") or ""), as_int(view.get("round"))

    def name(seat: object) -> str:
        return "you" if seat == audience else who(names, seat)

    if stage == "planning":
        ready = pair(view.get("ready"), False)
        marks = " · ".join(f"{who(names, s)} {'✅' if ready[s] else '…'}" for s in (0, 1))
        return f"planning (ready: {marks})"
    if stage == "starter":
        return f"{name(view.get('advantage'))} (the Advantage) choosing who plays first"
    if stage == "play":
        return f"round {round_}/{ROUNDS_PER_BOUT}, {name(view.get('to_play'))} to play"
    if stage == "guess":
        return f"round {round_}/{ROUNDS_PER_BOUT}, guessing and revealing"
    if stage == "final":
        return "the Final Guess"
    return "the match is over" if stage == "over" else escape_md(stage or "not started")


def _at(value: object, index: int) -> object:
    items = as_list(value)
    return items[index] if 0 <= index < len(items) else None


def _played(play: Mapping[str, Any]) -> str:
    return f"{expression_text(tiles_of(play.get('tiles')))} = {value_text(play.get('value'))}"


def _round_line(
    record: Mapping[str, Any], index: int, view: Mapping[str, Any], audience: Audience,
    names: Sequence[str],
) -> str:  # fmt: skip
    pair_ = pair_of(record.get("pair"))
    parts = [f"**R{as_int(record.get('round'))}** `{pair_[0]} {pair_[1]}`" if pair_ else "R?"]
    colours = pair(record.get("colours"), None)
    if isinstance(audience, int):
        mine = mapping(_at(view.get("my_plays"), index))
        if mine:
            parts.append(f"you {_played(mine)}")
        theirs = colours_of(colours[1 - audience])
        if theirs:
            parts.append(f"{who(names, 1 - audience)} {colours_text(theirs)}")
    elif audience == HOST:
        plays = pair(_at(view.get("plays"), index), None)
        for seat in (0, 1):
            play = mapping(plays[seat])
            if play:
                parts.append(f"{who(names, seat)} {_played(play)}")
    winner = record.get("winner")
    if winner not in (0, 1):
        return "• " + " · ".join(parts)

    def name(seat: int) -> str:
        return "you" if seat == audience else who(names, seat)

    parts.append(f"won by {name(winner)}")
    guesses = mapping(record.get("guesses"))
    if guesses:
        shown = guess_parts(guesses)
        guessed = f"guessed {', '.join(shown)}" if shown else "made no guess"
        parts.append(f"{name(1 - winner)} {guessed}")
    revealed = tile_of(record.get("revealed"))
    if revealed is not None:
        parts.append(f"{name(winner)} revealed **{revealed}**")
    return "• " + " · ".join(parts)


def _rounds_lines(view: Mapping[str, Any], audience: Audience, names: Sequence[str]) -> list[str]:
    bout = as_int(view.get("bout"))
    history = list(enumerate(mappings(view.get("history"))))
    mine = [(i, r) for i, r in history if as_int(r.get("bout")) == bout]
    if not mine:
        return []
    return [f"Bout {bout}, round by round:"] + [
        _round_line(record, i, view, audience, names) for i, record in mine
    ]


def known_lines(view: Mapping[str, Any], seat: int) -> list[str]:
    """What ``seat`` knows of its opponent's tiles in each round of the bout: the
    colours, the tile revealed to everyone, and its own right guesses."""
    lines = []
    for record in mappings(view.get("history")):
        if as_int(record.get("bout")) != as_int(view.get("bout")):
            continue
        pair_ = pair_of(record.get("pair"))
        parts = [f"R{as_int(record.get('round'))} `{pair_[0]} {pair_[1]}`" if pair_ else "R?"]
        parts.append(colours_text(colours_of(pair(record.get("colours"), None)[1 - seat])))
        revealed = tile_of(record.get("revealed"))
        if revealed is not None and record.get("winner") == 1 - seat:
            parts.append(f"revealed **{revealed}**")
        guesses = mapping(record.get("guesses"))
        if guesses and record.get("winner") == 1 - seat:
            made = mappings([*as_list(guesses.get("numbers")), guesses.get("symbol")])
            hits = [str(p.get("number", p.get("symbol"))) for p in made if p.get("correct")]
            if hits:
                parts.append(f"you guessed right: **{' '.join(hits)}**")
        lines.append(" · ".join(parts))
    return lines


def _tiles_lines(view: Mapping[str, Any], audience: Audience, names: Sequence[str]) -> list[str]:
    if isinstance(audience, int):
        numbers, symbols = numbers_of(view.get("numbers")), symbols_of(view.get("symbols"))
        lines = [f"Your tiles: numbers {tiles_text(numbers)} · symbols {tiles_text(symbols)}"]
        coming = pairs_of(view.get("pairs_to_come"))
        if coming:
            lines.append("Pairs to come: " + " · ".join(f"R{r} `{n} {s}`" for r, (n, s) in coming))
        return lines
    if audience == HOST:
        hands = [mapping(hand) for hand in pair(view.get("hands"), {})]
        return [
            f"{who(names, seat)}'s tiles: numbers {tiles_text(numbers_of(hand.get('numbers')))}"
            f" · symbols {tiles_text(symbols_of(hand.get('symbols')))}"
            for seat, hand in enumerate(hands)
        ]
    left = pair(view.get("tiles_left"), [0, 0])
    counts = [pair(left[s], 0) for s in (0, 1)]
    return [
        "Tiles left: "
        + " · ".join(
            f"{who(names, s)} {as_int(counts[s][0])} numbers, {as_int(counts[s][1])} symbols"
            for s in (0, 1)
        )
    ]


def _choices_lines(view: Mapping[str, Any], audience: Audience) -> list[str]:
    if not isinstance(audience, int):
        return []
    lines = []
    guess = mapping(view.get("my_guess"))
    if guess:
        tiles = [*tiles_of(guess.get("numbers")), *tiles_of([guess.get("symbol")])]
        lines.append(f"Your guess: {tiles_text(tiles) if tiles else 'no guess'} (sealed).")
    if tile_of(view.get("my_reveal")) is not None:
        lines.append(
            f"If nothing is guessed right you reveal **{tile_of(view.get('my_reveal'))}**."
        )
    if view.get("stage") == "final" or view.get("my_final"):
        lock = " 🔒 locked" if view.get("my_final_locked") else ""
        lines.append(f"Your Final Guess: {entries_text(view.get('my_final'))}{lock}")
    return lines


def _clock_lines(view: Mapping[str, Any], audience: Audience) -> list[str]:
    deadlines = mappings(mapping(view.get("match")).get("deadlines"))
    return [
        f"⏰ {escape_md(str(d.get('label') or 'time'))}: "
        f"{clock_text(as_int(d.get('seconds_left')) * 1000)} left"
        for d in deadlines
        if d.get("seat") in (audience, None) or not isinstance(audience, int)
    ]


def _outcome_data(view: Mapping[str, Any]) -> dict[str, Any]:
    outcome = mapping(view.get("outcome"))
    bouts = [pair(b, {}) for b in as_list(view.get("bout_points"))]
    before = [
        sum(as_int(mapping(b[s]).get("total")) - as_int(mapping(b[s]).get("final")) for b in bouts)
        for s in (0, 1)
    ]
    winner = outcome.get("winner")
    forfeit = 1 - winner if winner in (0, 1) and "reserve" in str(outcome.get("reason")) else None
    return {
        "winner": winner, "forfeit": forfeit, "points": view.get("points"),
        "before_final": before, "rounds_won": view.get("rounds_won"),
    }  # fmt: skip


def status_text(view: Mapping[str, Any], audience: Audience, names: Sequence[str]) -> str:
    bout = as_int(view.get("bout"), 1)
    stage = _stage_text(view, audience, names)
    lines = [f"**Expression Black & White** — bout {bout} of {BOUTS}: {stage}."]
    if view.get("outcome"):
        lines.append(verdict(_outcome_data(view), names))
    lines.append(points_line(view.get("points"), names))
    lines.append(reserves_line(view.get("reserve_ms"), names))
    lines += _tiles_lines(view, audience, names)
    lines += _rounds_lines(view, audience, names)
    lines += _choices_lines(view, audience)
    lines += _clock_lines(view, audience)
    return "\n".join(lines)


def status_images(view: Mapping[str, Any]) -> list[Image]:
    pairs = pairs_of(view.get("pairs"))
    if not pairs:
        return []
    bout, round_, stage = as_int(view.get("bout"), 1), as_int(view.get("round")), view.get("stage")
    current = round_ if stage in ("play", "guess") else None
    played = ROUNDS_PER_BOUT if stage in ("final", "over") else round_
    title = (
        f"Bout {bout}, round {round_} of {ROUNDS_PER_BOUT}"
        if current
        else f"Bout {bout}: the global pairs"
    )
    return [pairs_image(pairs, bout=bout, played=played, current=current, title=title)]
