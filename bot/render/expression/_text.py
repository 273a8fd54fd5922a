"""Message texts for the flow of a bout: planning, who starts, the rounds and
their plays (``_scores`` has guesses, Final Guesses and the result).

The room reads the public notices; a seat's private channel reads its own. A
public text says only what the notice carries, which the engine keeps free of
secrets; a seat's text may show that seat's own tiles.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.render.base import Rendered, as_int, as_list, pair, who
from bot.render.expression._data import (
    ROUNDS_PER_BOUT,
    clock_text,
    colours_of,
    colours_text,
    example_play,
    expression_text,
    mapping,
    mappings,
    numbers_of,
    pair_of,
    pair_text,
    pairs_of,
    symbols_of,
    tiles_of,
    tiles_text,
    value_text,
)
from bot.render.expression._tiles import colours_image, expression_image, pairs_image
from games.core.contract import Audience, Notice
from games.expression.models import BOUTS


def number_text(value: object) -> str:
    """An int, with a real minus sign when negative."""
    number = as_int(value)
    return f"−{-number}" if number < 0 else str(number)


def points_line(points: object, names: Sequence[str], label: str = "Points") -> str:
    both = [number_text(p) for p in pair(points, 0)]
    return f"{label}: {who(names, 0)} **{both[0]}** · {who(names, 1)} **{both[1]}**"


def reserves_line(reserve_ms: object, names: Sequence[str]) -> str:
    both = [clock_text(ms) for ms in pair(reserve_ms, 0)]
    return f"Reserve time: {who(names, 0)} {both[0]} · {who(names, 1)} {both[1]}"


def round_head(data: dict[str, object]) -> str:
    return f"Bout {as_int(data.get('bout'))} · round {as_int(data.get('round'))}/{ROUNDS_PER_BOUT}"


# -- planning and who starts -------------------------------------------------------------


def bout_started(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    bout = as_int(data.get("bout"))
    pairs = pairs_of(data.get("pairs"))
    listed = " · ".join(f"R{r} `{n} {s}`" for r, (n, s) in pairs)
    seconds = as_int(data.get("planning_seconds"))
    lines = [
        f"🎲 **Bout {bout} of {BOUTS} begins.** Fresh tiles for both players: two of each number "
        "1–12 and three of each symbol + − × ÷.",
        f"The global pairs (every expression in a round must use its pair): {listed}",
        f"Planning: {seconds} s — type `ready` in your private channel when you are done.",
        reserves_line(data.get("reserve_ms"), names),
    ]
    return Rendered(text="\n".join(lines), images=[pairs_image(pairs, bout=bout)])


def seat_ready(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    seat = notice.data.get("seat")
    if seat == audience:
        return Rendered(text="✋ You are ready.")
    return Rendered(text=f"✋ {who(names, seat)} is ready.")


def planning_ended(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    bout = as_int(notice.data.get("bout"))
    if notice.data.get("early"):
        return Rendered(text=f"Both players are ready: planning for bout {bout} is over.")
    return Rendered(text=f"⏱️ Planning time for bout {bout} is up.")


def starter_choice_opened(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    seat = notice.data.get("seat")
    seconds = as_int(notice.data.get("seconds"))
    return Rendered(
        text=f"👑 {who(names, seat)} holds the Advantage and chooses who plays first in "
        f"bout 1 ({seconds} s)."
    )


def starter_requested(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    seconds = as_int(notice.data.get("seconds"))
    return Rendered(
        text="👑 **You hold the Advantage: who plays first in bout 1?** Click a button, or "
        f"type `first me` or `first them`. You have {seconds} s; if you don't choose, you start."
    )


def starter_chosen(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    chooser, first = data.get("chooser"), data.get("first")
    if data.get("timed_out"):
        return Rendered(
            text=f"⏱️ {who(names, chooser)} did not choose in time, so {who(names, first)} "
            "(the Advantage holder) plays first in bout 1."
        )
    if chooser == first:
        return Rendered(text=f"{who(names, chooser)} chose to play first in bout 1.")
    return Rendered(
        text=f"{who(names, chooser)} chose {who(names, first)} to play first in bout 1."
    )


# -- a round -----------------------------------------------------------------------------


def round_started(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    return Rendered(
        text=f"**{round_head(data)}** — global tiles {pair_text(pair_of(data.get('pair')))}. "
        f"{who(names, data.get('first'))} plays first."
    )


def play_requested(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    pair_ = pair_of(data.get("pair"))
    numbers, symbols = numbers_of(data.get("numbers")), symbols_of(data.get("symbols"))
    lines = [
        f"🧮 **Your expression for round {as_int(data.get('round'))}** (bout "
        f"{as_int(data.get('bout'))}): the global {pair_text(pair_)}, plus two of your numbers "
        "and one of your symbols, as number symbol number symbol number.",
        f"Your numbers: {tiles_text(numbers)} · your symbols: {tiles_text(symbols)}",
    ]
    theirs = colours_of(data.get("opponent_colours"))
    if theirs:
        lines.append(f"{who(names, 1 - as_int(audience))} played: {colours_text(theirs)}")
    lines.append(
        f"Click **Play…** or type e.g. `play {example_play(pair_, numbers, symbols)}`. You have "
        f"{as_int(data.get('seconds'))} s, then your reserve ({clock_text(data.get('reserve_ms'))} "
        "left) runs; an empty reserve loses the match."
    )
    return Rendered(text="\n".join(lines))


def reserve_started(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    return Rendered(
        text=f"⏳ {who(names, data.get('seat'))}'s time for round {as_int(data.get('round'))} is "
        f"up: their reserve time is running ({clock_text(data.get('reserve_ms'))} left)."
    )


def seat_played(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    return Rendered(
        text=f"{who(names, data.get('seat'))} has played round {as_int(data.get('round'))} "
        f"(reserve {clock_text(data.get('reserve_ms'))})."
    )


def expression_accepted(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    bout, round_ = as_int(data.get("bout")), as_int(data.get("round"))
    tiles, own = tiles_of(data.get("tiles")), tiles_of(data.get("own"))
    charged = as_int(data.get("charged_ms"))
    spent = f"spent {clock_text(charged)}, " if charged else ""
    value, distance = value_text(data.get("value")), value_text(data.get("distance"))
    left = clock_text(data.get("reserve_ms"))
    text = (
        f"✅ Your round {round_} expression: {expression_text(tiles)} = **{value}** (distance "
        f"to 10: {distance}). Your tiles spent: {tiles_text(own)}. Reserve: {spent}{left} left."
    )
    title = f"Round {round_}: your expression"
    image = expression_image(tiles, own, bout=bout, round_=round_, title=title)
    return Rendered(text=text, images=[image] if len(tiles) == 5 else [])


def tiles_played(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    bout, round_ = as_int(data.get("bout")), as_int(data.get("round"))
    colours = colours_of(data.get("colours"))
    text = (
        f"🎨 **{who(names, data.get('seat'))} played round {round_}:** {colours_text(colours)} "
        f"(reserve {clock_text(data.get('reserve_ms'))})."
    )
    title = f"Round {round_}: your opponent's tiles"
    image = colours_image(colours, bout=bout, round_=round_, title=title)
    return Rendered(text=text, images=[image] if len(colours) == 5 else [])


def round_won(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    winner, first = data.get("winner"), data.get("first")
    round_ = as_int(data.get("round"))
    lines = [
        f"🏅 **{who(names, winner)} wins round {round_}** of bout {as_int(data.get('bout'))} "
        f"(closer to 10; a tie goes to the second player, {who(names, 1 - as_int(first))}).",
        points_line(data.get("points"), names),
    ]
    return Rendered(text="\n".join(lines))


def round_detail(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    """For the host: both expressions, their values and the own tiles spent."""
    data = notice.data
    parts = []
    for seat, play in enumerate(mappings(data.get("plays"))):
        numbers, symbols = as_list(play.get("numbers")), as_list(play.get("symbols"))
        # Interleaved: number symbol number symbol number.
        tiles = tiles_of([t for two in zip(numbers, [*symbols, None], strict=False) for t in two])
        own = mapping(play.get("own"))
        spent = [*as_list(own.get("numbers")), own.get("symbol")]
        parts.append(
            f"{who(names, seat)} {expression_text(tiles)} = {value_text(play.get('value'))} "
            f"(distance {value_text(play.get('distance'))}; own {tiles_text(tiles_of(spent))})"
        )
    head = f"🔎 Round {as_int(data.get('round'))} of bout {as_int(data.get('bout'))}: "
    won = f" → {who(names, data.get('winner'))} wins."
    return Rendered(text=head + " · ".join(parts) + won)
