"""What every game's renderer shares: the output types, the runtime notices,
the fallback for kinds nobody taught us, and message splitting.

Renderers are pure: notices (or a view dict) and display names in, text and
PNG bytes out. No I/O, no clock, no Discord — the CLI demo and the Discord
adapter both use them. Images are produced synchronously; callers that live on
an event loop run :meth:`Renderer.render` in a worker thread.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from games.core.contract import HOST, Audience, Notice

#: Labels used when the caller has no display names for the seats.
log = logging.getLogger(__name__)

DEFAULT_NAMES: tuple[str, str] = ("Player 1", "Player 2")

#: Discord's limit on one message's content.
MESSAGE_LIMIT = 2000


@dataclass(frozen=True)
class Image:
    """One PNG attachment."""

    filename: str
    data: bytes


@dataclass(frozen=True)
class Rendered:
    """One message for one audience: its text, then its attachments."""

    text: str
    images: list[Image] = field(default_factory=list)


# -- small text helpers shared by the game renderers ---------------------------

_MARKDOWN_SPECIALS = frozenset("\\*_~`|>")


def escape_md(text: str) -> str:
    """Escape Discord markdown so a display name is shown as typed."""
    return "".join("\\" + ch if ch in _MARKDOWN_SPECIALS else ch for ch in text)


def seat_name(names: Sequence[str], seat: object) -> str:
    """The raw display name of a seat, or a readable label if it is unknown."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    if isinstance(seat, int) and not isinstance(seat, bool):
        return f"Player {seat + 1}"
    return str(seat)


def who(names: Sequence[str], seat: object) -> str:
    """A seat's display name, escaped for use in markdown text."""
    return escape_md(seat_name(names, seat))


#: How an engine names a seat in its words (DECISIONS' "seat 0 / seat 1").
SEAT_IN_WORDS = re.compile(r"\bseat ([01])\b")


def name_seats(words: str, names: Sequence[str]) -> str:
    """An engine's words (a result's reason) as a person reads them: "seat 0"
    and "seat 1" become the players' display names. Plain text, not escaped."""
    return SEAT_IN_WORDS.sub(lambda m: seat_name(names, int(m[1])), words)


def named_reason(reason: str, names: Sequence[str]) -> str:
    """:func:`name_seats` for a message: the reason escaped for markdown, each
    name escaped once (so a name like ``Ru**by`` shows as typed)."""
    return SEAT_IN_WORDS.sub(lambda m: who(names, int(m[1])), escape_md(reason))


#: Discord's cap on an attachment's description, its alt text.
ALT_TEXT_LIMIT = 1024
_ESCAPED = re.compile(r"\\(.)")
_MARKS = re.compile(r"\*\*|__|~~|\|\||`|^>+ ?|^#+ ", re.MULTILINE)
_SPACES = re.compile(r"\s+")


def alt_text(image: Image, text: str, limit: int = ALT_TEXT_LIMIT) -> str:
    """What an image shows, for whoever cannot see it: its name, then the text the
    renderer wrote beside it (its text form), markdown marks dropped, cut at a
    word within ``limit`` with an ellipsis. Never empty: the name is always there."""
    name = image.filename.rsplit(".", 1)[0].replace("-", " ").replace("_", " ").strip()
    plain = _SPACES.sub(" ", _ESCAPED.sub(r"\1", _MARKS.sub("", text))).strip()
    described = f"{name or 'picture'}: {plain}" if plain else (name or "picture")
    return cut_at_word(described, limit)


def cut_at_word(text: str, limit: int) -> str:
    """``text`` if it fits ``limit``, else its words that fit, then an ellipsis."""
    if len(text) <= limit:
        return text
    room = text[: limit - 1]  # one character left for the ellipsis
    if not text[limit - 1].isspace() and " " in room:  # the cut falls inside a word
        room = room.rsplit(" ", 1)[0]
    return room.rstrip() + "…"


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def as_int(value: object, default: int = 0) -> int:
    """An int from notice data, tolerating a missing or odd value."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value)
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            return default
    return default


def as_list(value: object) -> list[Any]:
    if isinstance(value, list | tuple):
        return list(value)
    return []


def pair(value: object, default: Any = None) -> list[Any]:
    """Exactly two entries (one per seat) from notice data."""
    items = as_list(value)
    return [*items, default, default][:2]


def _short(value: object, limit: int = 200) -> str:
    text = repr(value) if not isinstance(value, str) else value
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fallback_text(notice: Notice) -> str:
    """A readable line for a notice kind the renderer does not know."""
    words = notice.kind.replace("_", " ").strip() or "event"
    if not notice.data:
        return f"[{words}]"
    details = ", ".join(f"{key}: {_short(value)}" for key, value in notice.data.items())
    return f"[{words}] {escape_md(details)}"


# -- message splitting ---------------------------------------------------------


def split_message(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Split ``text`` into chunks of at most ``limit`` characters.

    Splits at line boundaries where it can; a single line longer than the
    limit is cut hard. Never returns empty or whitespace-only chunks (an empty
    or blank text gives an empty list). An open code block is not tracked:
    callers keep code blocks well under the limit.
    """
    if limit < 1:
        raise ValueError("limit must be positive")
    chunks: list[str] = []
    current = ""

    def flush() -> None:
        nonlocal current
        if current.strip():
            chunks.append(current)
        current = ""

    for line in text.split("\n"):
        pieces = [line[i : i + limit] for i in range(0, len(line), limit)] or [""]
        for piece in pieces:
            candidate = current + "\n" + piece if current else piece
            if len(candidate) <= limit:
                current = candidate
            else:
                flush()
                current = piece
    flush()
    return [chunk.strip("\n") for chunk in chunks]


# -- renderers -------------------------------------------------------------------

NoticeHandler = Callable[[Notice, Audience, Sequence[str]], Rendered]


class Renderer:
    """Renders one game's notices and views. The base renders the runtime's
    notices (the same for every game) and falls back to a readable line for
    anything else; a game's renderer sets ``notice_handlers`` for its own kinds
    (and may override :meth:`prepare` and :meth:`status`)."""

    game_key: str = ""
    game_title: str = ""
    #: The game's own notice kinds and their handlers.
    notice_handlers: ClassVar[Mapping[str, NoticeHandler]] = {}

    def handlers(self) -> Mapping[str, NoticeHandler]:
        """The game's own notice kinds."""
        return self.notice_handlers

    def prepare(self, notices: Sequence[Notice]) -> Sequence[Notice]:
        """The notices of one step as they are rendered. The base keeps them; a
        game may adjust them first (say, to tell something only once a message)."""
        return notices

    # -- public API ----------------------------------------------------------

    def render(
        self,
        notices: Sequence[Notice],
        audience: Audience,
        *,
        names: Sequence[str] = DEFAULT_NAMES,
    ) -> Rendered:
        """One message for one audience: the notices of one step, in order.

        Texts are joined with newlines; images follow. If two notices carry an
        image of the same file name (say, the board after the last auction and
        the final board), only the last one is kept: it is the newest picture.
        """
        texts: list[str] = []
        images: dict[str, Image] = {}
        for notice in self.prepare(notices):
            part = self.render_notice(notice, audience, names)
            if part.text:
                texts.append(part.text)
            for image in part.images:
                images.pop(image.filename, None)
                images[image.filename] = image
        return Rendered(text="\n".join(texts), images=list(images.values()))

    def render_notice(self, notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
        handler = self.handlers().get(notice.kind) or _RUNTIME_HANDLERS.get(notice.kind)
        if handler is None:
            return Rendered(text=fallback_text(notice))
        try:
            return handler(notice, audience, names)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            # Data not shaped as expected: say what happened rather than crash.
            log.exception("could not render %s notice; using the fallback", notice.kind)
            return Rendered(text=fallback_text(notice))

    def status(
        self,
        view: Mapping[str, Any],
        audience: Audience,
        *,
        names: Sequence[str] = DEFAULT_NAMES,
    ) -> Rendered:
        """A status reply from ``game.view(state, audience)``. The base lists
        the view's top-level entries; games override with something better."""
        title = escape_md(self.game_title or self.game_key or "Match")
        lines = [f"**{title}** — status"]
        for key, value in view.items():
            lines.append(f"{escape_md(str(key))}: {escape_md(_short(value))}")
        return Rendered(text="\n".join(lines))


# -- the runtime's notices (every game) -------------------------------------------


def _match_started(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    title = str(notice.data.get("game_title") or "The match")
    players = " vs ".join(who(names, seat) for seat in range(len(names)))
    return Rendered(text=f"**{escape_md(title)}** — {players}. The match has started!")


def _match_paused(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    if notice.data.get("cause"):
        return bot_paused(notice)
    reason = notice.data.get("reason")
    because = f" Reason: {escape_md(str(reason))}." if reason else ""
    return Rendered(text=f"⏸️ The host paused the match; all clocks are stopped.{because}")


def bot_paused(notice: Notice) -> Rendered:
    """A pause the bot made itself (a channel it cannot reach, Discord lost):
    the reason says what happened and what to do. Its words are the bot's own
    (with a channel mention and a command in code), so they are not escaped."""
    reason = str(notice.data.get("reason") or "")
    if notice.data.get("cause") == "outage":
        return Rendered(text=f"⏸️ The match is paused: {reason}.")
    return Rendered(text=f"⏸️ The match is paused; all clocks are stopped. {reason}")


def _delivery_blocked(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    reason = str(notice.data.get("reason") or "")  # the bot's own words, as in bot_paused
    return Rendered(text=f"⚠️ {reason}")


def _match_resumed(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    if notice.data.get("after_outage"):
        text = (
            "▶️ The bot is back in touch with Discord and the match resumed. "
            "The time it was cut off is not charged to anyone; clocks carry on where they stopped."
        )
    elif notice.data.get("after_restart"):
        text = (
            "▶️ The match resumed after a bot restart. "
            "The downtime is not charged to anyone; clocks carry on where they stopped."
        )
    else:
        text = "▶️ The host resumed the match; clocks are running again."
    return Rendered(text=text)


def _match_aborted(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    return Rendered(text="⏹️ The host aborted the match. No further moves are taken.")


def _match_unloadable(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    match = f"Match #{as_int(notice.data.get('match_id'))} ({notice.data.get('game_title')})"
    if audience != HOST:  # the reason names the stored state's fields: the host's to read
        return Rendered(
            text=f"⚠️ **{escape_md(match)} is stopped**: the bot could not load it after an "
            "update. No moves are taken and no clock runs. The host has been told and can "
            "export it or end it."
        )
    return Rendered(
        text=f"⚠️ **{escape_md(match)} could not be loaded** after the bot was updated: "
        f"{notice.data.get('reason')}. No clock runs for it; moves and commands on it are "
        "refused. `/match export` gives its stored rows (the match and its event log) as a "
        "file; `/match abort` ends it. Running the version before loads it again."
    )


def _reminder(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    seconds = as_int(notice.data.get("seconds_left"))
    label = str(notice.data.get("label") or "")
    if "seat" in notice.data:  # a seat's time, told to the room
        whose = who(names, as_int(notice.data.get("seat")))
        return Rendered(text=f"⏰ **{whose}** has **{seconds} s** left for {escape_md(label)}.")
    what = f": {escape_md(label)}" if label else ""
    return Rendered(text=f"⏰ **{seconds} s** left{what}.")


def _actor_name(value: object, names: Sequence[str]) -> str:
    return "The host" if value == "host" else who(names, as_int(value))


def _move_logged(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    move = str(notice.data.get("move") or "").replace("`", "'")
    return Rendered(text=f"📝 {_actor_name(notice.data.get('seat'), names)}: `{move}`")


def _time_ran_out(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    seat = notice.data.get("seat")
    whose = "" if seat is None else f" for {_actor_name(seat, names)}"
    label = escape_md(str(notice.data.get("label") or "a move"))
    return Rendered(text=f"⏱️ Time ran out{whose}: {label}.")


def _watch_link(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    # Sent by the web server (bot.web) when a match starts, not by the runtime.
    url = str(notice.data.get("url") or "")
    return Rendered(text=f"👀 Spectators can follow this match live on the web: <{url}>")


def _editor_link(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    # Sent by the web server (bot.web) to each seat when a grid game starts.
    url = str(notice.data.get("url") or "")
    return Rendered(
        text=f"🖌️ Draw your boards on the board editor, then paste the code it gives: <{url}>"
    )


_RUNTIME_HANDLERS: dict[str, NoticeHandler] = {
    "match_started": _match_started,
    "match_paused": _match_paused,
    "match_resumed": _match_resumed,
    "match_aborted": _match_aborted,
    "match_unloadable": _match_unloadable,
    "delivery_blocked": _delivery_blocked,
    "reminder": _reminder,
    "move_logged": _move_logged,
    "time_ran_out": _time_ran_out,
    "watch_link": _watch_link,
    "editor_link": _editor_link,
}

RUNTIME_KINDS: frozenset[str] = frozenset(_RUNTIME_HANDLERS)
