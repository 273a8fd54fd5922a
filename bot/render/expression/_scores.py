"""Message texts for what earns points: the guessing after a round, the reveal,
the Final Guess, and the match result."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import Rendered, as_int, as_list, pair, plural, seat_name, who
from bot.render.expression._data import (
    ROUNDS_PER_BOUT,
    mapping,
    mappings,
    signed,
    tile_of,
    tiles_of,
    tiles_text,
)
from bot.render.expression._text import number_text, points_line
from games.core.contract import Audience, Notice
from games.expression.scoring import RIGHT_FINAL

# -- guessing and revealing --------------------------------------------------------------


def guess_requested(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    round_ = as_int(data.get("round"))
    winner = who(names, 1 - as_int(audience))
    return Rendered(
        text=f"🔍 **You lost round {round_}.** Guess the tiles {winner} used besides the global "
        "pair: up to two different numbers (+2 each if right, −1 if wrong) and one symbol "
        "(+1 / −1). Click **Guess…** or **No guess**, or type `guess 5 7 +`, `guess 5` or "
        f"`guess none`. You have {as_int(data.get('seconds'))} s (no answer: no guess); "
        f"until then you may change it. If nothing you guess is right, {winner} reveals one "
        "of their tiles."
    )


def reveal_requested(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    round_ = as_int(data.get("round"))
    tiles = tiles_of(data.get("tiles"))
    default = tile_of(data.get("default"))
    loser = who(names, 1 - as_int(audience))
    return Rendered(
        text=f"🏅 **You won round {round_}.** If {loser} guesses none of your tiles right, one "
        f"of them is shown to everyone: which? Your tiles: {tiles_text(tiles)}. Click one, or "
        f"type e.g. `reveal {default}`. You have {as_int(data.get('seconds'))} s (no answer: "
        f"the symbol, {default})."
    )


def guess_received(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    tiles = [*tiles_of(data.get("numbers")), *tiles_of([data.get("symbol")])]
    what = tiles_text(tiles) if tiles else "no guess"
    verb = "Changed your guess" if data.get("changed") else "Your guess"
    return Rendered(
        text=f"✅ {verb} for round {as_int(data.get('round'))}: {what} (you may change it while "
        "the guessing is open)."
    )


def reveal_received(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    verb = "Changed: if" if data.get("changed") else "If"
    return Rendered(
        text=f"✅ {verb} nothing is guessed right, you reveal **{tile_of(data.get('tile'))}** "
        f"(round {as_int(data.get('round'))}; you may change it while the guessing is open)."
    )


def choice_in(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    name = who(names, data.get("seat"))
    if data.get("choice") == "guess":
        return Rendered(text=f"{name}'s guess for round {as_int(data.get('round'))} is in.")
    return Rendered(text=f"{name} has picked a tile to reveal if needed.")


def guess_parts(data: Mapping[str, Any]) -> list[str]:
    parts = []
    for entry in [*mappings(data.get("numbers")), mapping(data.get("symbol"))]:
        tile = tile_of(entry.get("number", entry.get("symbol")))
        if tile is None:
            continue
        mark = "✅" if entry.get("correct") else "❌"
        parts.append(f"**{tile}** {mark} {signed(entry.get('points'))}")
    return parts


def guesses_scored(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    guesser, revealer = data.get("guesser"), data.get("revealer")
    parts = guess_parts(data)
    head = f"🔍 **Round {as_int(data.get('round'))} guesses** — {who(names, guesser)}"
    if parts:
        line = f"{head} guessed " + " · ".join(parts) + f" (net {signed(data.get('points'))})."
    elif data.get("timed_out"):
        line = f"{head} ran out of time: no guess."
    else:
        line = f"{head} made no guess."
    lines = [line]
    revealed = tile_of(data.get("revealed"))
    if revealed is not None:
        how = " (time ran out, so the symbol)" if data.get("reveal_timed_out") else ""
        lines.append(
            f"Nothing guessed right, so {who(names, revealer)} reveals one of their tiles: "
            f"**{revealed}**{how}."
        )
    elif parts:
        lines.append("A guess was right, so nothing else is revealed.")
    lines.append(points_line(data.get("totals"), names))
    return Rendered(text="\n".join(lines))


# -- the Final Guess -----------------------------------------------------------------------

FINAL_FORMAT = "`final 1: 5 7 +; 2: 12 12 -` (type ÷ as `/`)"


def final_opened(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    return Rendered(
        text=f"📝 **Final Guess for bout {as_int(data.get('bout'))}** — "
        f"{as_int(data.get('seconds'))} s. Each player names, round by round, the three tiles "
        "the opponent used besides the global pair: +2 for every round exactly right."
    )


def final_requested(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    opponent = who(names, 1 - as_int(audience))
    return Rendered(
        text=f"📝 **Your Final Guess for bout {as_int(data.get('bout'))}**: for each round, the "
        f"two numbers and the symbol {opponent} used besides the global pair (any order). +2 "
        "for each round exactly right; a wrong guess costs nothing.\n"
        f"Click **Final Guess…**, or type {FINAL_FORMAT}. Send any rounds, as often as you "
        "like (a round sent again replaces the old guess), then `final done` to lock it. "
        f"You have {as_int(data.get('seconds'))} s. Type `status` to review every round."
    )


def entries_text(entries: object) -> str:
    shown = [
        f"R{as_int(e.get('round'))} {tiles_text(tiles_of(e.get('tiles')))}"
        for e in mappings(entries)
    ]
    return " · ".join(shown) if shown else "no rounds yet"


def final_saved(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    entries = mappings(data.get("entries"))
    rounds = [as_int(r) for r in as_list(data.get("rounds"))]
    saved = (
        f"Saved {plural(len(rounds), 'round')} ({', '.join(map(str, rounds))}). " if rounds else ""
    )
    count = f"{len(entries)} of {ROUNDS_PER_BOUT} rounds"
    lines = [f"💾 {saved}Your Final Guess ({count}): {entries_text(entries)}"]
    if data.get("locked"):
        lines.append("🔒 It is locked: this is your answer.")
    else:
        lines.append("Send more rounds, or `final done` to lock it.")
    return Rendered(text="\n".join(lines))


def final_locked(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    name = who(names, data.get("seat"))
    if data.get("timed_out"):
        return Rendered(text=f"⏱️ {name}'s time for the Final Guess ran out; what they sent stands.")
    return Rendered(text=f"🔒 {name} has locked their Final Guess.")


def _sheet_line(seat: int, guesses: object, points: object, names: Sequence[str]) -> str:
    shown = []
    for entry in mappings(guesses):
        mark = "✅" if entry.get("correct") else "❌"
        shown.append(
            f"R{as_int(entry.get('round'))} {tiles_text(tiles_of(entry.get('tiles')))} {mark}"
        )
    listed = " · ".join(shown) if shown else "no guesses"
    return f"{who(names, seat)}: {listed} → {signed(points)}"


def _code_name(name: str, width: int) -> str:
    name = " ".join(name.replace("`", "'").split())
    return name if len(name) <= width else name[: width - 1] + "…"


def bout_table(bout_points: object, names: Sequence[str]) -> str:
    """Each seat's bout points by source, as a code block."""
    short = [_code_name(seat_name(names, seat), 12) for seat in (0, 1)]
    width = max(len(short[0]), len(short[1]), 6)
    header = f"{'':<{width}}  Rounds  Guesses  Final  Total"
    rows = [header, "-" * len(header)]
    for seat, points in enumerate(pair(bout_points, {})):
        p = mapping(points)
        rows.append(
            f"{short[seat]:<{width}}  {as_int(p.get('rounds')):>6}  {as_int(p.get('guesses')):>7}"
            f"  {as_int(p.get('final')):>5}  {as_int(p.get('total')):>5}"
        )
    return "```\n" + "\n".join(rows) + "\n```"


def final_scored(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    bout = as_int(data.get("bout"))
    right, points = pair(data.get("right"), 0), pair(data.get("points"), 0)
    lines = [f"📝 **Final Guess results, bout {bout}**"]
    lines += [
        f"{who(names, seat)}: {as_int(right[seat])} of {ROUNDS_PER_BOUT} rounds exactly right "
        f"→ {signed(points[seat])}"
        for seat in (0, 1)
    ]
    lines.append(f"Bout {bout} points:")
    lines.append(bout_table(data.get("bout_points"), names))
    lines.append(points_line(data.get("totals"), names, "Match points"))
    return Rendered(text="\n".join(lines))


def final_results(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    """The scored sheets, round by round (the host's log: they name tiles)."""
    data = notice.data
    guesses = pair(data.get("guesses"), [])
    lines = [f"📝 **Final Guess sheets, bout {as_int(data.get('bout'))}**"]
    lines += [_sheet_line(seat, guesses[seat], _points(guesses[seat]), names) for seat in (0, 1)]
    return Rendered(text="\n".join(lines))


def _points(guesses: object) -> int:
    return RIGHT_FINAL * sum(1 for entry in mappings(guesses) if entry.get("correct"))


# -- the result -----------------------------------------------------------------------------


def _leader(values: list[int]) -> int | None:
    return None if values[0] == values[1] else (0 if values[0] > values[1] else 1)


#: The tie-break ladder: data key, how the winner won, what was tied.
_LADDER = (
    ("points", "on points", "points"),
    (
        "before_final",
        "with more points before the Final Guesses",
        "points before the Final Guesses",
    ),
    ("rounds_won", "with more rounds won", "rounds won"),
)


def verdict(data: Mapping[str, Any], names: Sequence[str]) -> str:
    """Why the winner won, in the order of the tie-breaks."""
    winner = data.get("winner")
    if winner not in (0, 1):
        return "🤝 **The match is a draw.**"
    name = who(names, winner)
    forfeit = data.get("forfeit")
    if forfeit in (0, 1):
        return f"🏆 **{name} wins** — {who(names, forfeit)} ran out of reserve time."
    tied: list[str] = []
    for key, how, what in _LADDER:
        values = [as_int(v) for v in pair(data.get(key), 0)]
        high, low = number_text(max(values)), number_text(min(values))
        if _leader(values) == winner:
            ties = f" ({'; '.join(tied)})" if tied else ""
            return f"🏆 **{name} wins** {how}, {high}–{low}{ties}."
        tied.append(f"{what} tied {high}–{low}")
    return f"🏆 **{name} wins** on the Advantage ({'; '.join(tied)})."


def match_over(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    lines = [
        "🏁 **The match is over.**",
        points_line(data.get("points"), names),
        points_line(data.get("before_final"), names, "Before the Final Guesses"),
        points_line(data.get("rounds_won"), names, "Rounds won"),
        verdict(data, names),
    ]
    return Rendered(text="\n".join(lines))
