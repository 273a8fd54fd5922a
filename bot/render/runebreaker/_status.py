"""Rune Breaker status messages, from ``game.view`` for one audience: the round,
turn and stage, scores and reserves, the clocks, the round's public boards, the
probes the audience may see (classic: every probe of the round; finals: the
seat's own, a pending one without its result; the host: all of them), the
seat's sealed answer, and the secret for the host only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import Image, Rendered, as_int, as_list, escape_md, named_reason, who
from bot.render.runebreaker import _pictures
from bot.render.runebreaker._data import (
    board_of,
    commands,
    flat,
    mapping,
    mappings,
    reserves_text,
    scores_text,
    signed,
)
from games.core import HOST, Audience

TITLES = {"classic": "the Death Match", "finals": "the Final Match"}


def status(view: Mapping[str, Any], audience: Audience, names: Sequence[str]) -> Rendered:
    current = mapping(view.get("round"))
    probes = visible_probes(view, audience)
    lines = [*_head(view, audience, names), *_boards_lines(view, current)]
    lines += _probe_lines(probes, names, audience)
    lines += _answer_lines(view, audience)
    lines += _secret_lines(view) + _results_lines(view, names)
    return Rendered(text="\n".join(lines), images=_images(view, current, probes, audience))


# -- what the audience may see -----------------------------------------------------------


def visible_probes(view: Mapping[str, Any], audience: Audience) -> list[Mapping[str, Any]]:
    """This round's probes as the view gives them to ``audience``."""
    number = mapping(view.get("round")).get("number")
    if audience == HOST:
        found = mappings(view.get("all_probes"))
    elif view.get("variant") == "finals":
        found = mappings(view.get("my_probes"))
    else:
        found = mappings(view.get("probes"))
    return [p for p in found if p.get("round") == number]


# -- text ----------------------------------------------------------------------------------


def _stage(view: Mapping[str, Any], current: Mapping[str, Any], names: Sequence[str]) -> str:
    stage = view.get("stage")
    if stage == "choose":
        return f"{who(names, view.get('dmo'))} (the DMO) chooses who starts round 1"
    if stage == "look":
        return "a look at the boards before turn 1"
    if stage == "probe":
        active = as_int(current.get("active"))
        return f"{who(names, active)} probes; {who(names, 1 - active)} may buzz"
    if stage == "submit":
        done = [bool(d) for d in [*as_list(current.get("done")), False, False][:2]]
        marks = " · ".join(f"{who(names, s)} {'done ✅' if done[s] else 'probing'}" for s in (0, 1))
        return f"submissions phase ({marks})"
    if stage == "buzz_in":
        return "buzz-in phase"
    if stage == "answer":
        ins = [bool(d) for d in [*as_list(current.get("answers_in")), False, False][:2]]
        marks = " · ".join(f"{who(names, s)} {'in ✅' if ins[s] else 'not yet'}" for s in (0, 1))
        buzzer = current.get("buzzer")
        why = "final submission" if buzzer is None else f"{who(names, buzzer)} buzzed"
        return f"{why}: answers ({marks})"
    return "the match is over"


def _head(view: Mapping[str, Any], audience: Audience, names: Sequence[str]) -> list[str]:
    variant = str(view.get("variant"))
    title = f"🔮 **Rune Breaker**, {TITLES.get(variant, variant)}"
    if audience == HOST:
        title += " — host view"
    current = mapping(view.get("round"))
    where = ""
    if current:
        where = f" — round {as_int(current.get('number'))}/{as_int(view.get('rounds'), 5)}"
        if as_int(current.get("turn")):
            where += f", turn {as_int(current.get('turn'))}/{as_int(view.get('turns'))}"
    lines = [f"{title}{where}: {_stage(view, current, names)}."]
    reserve = reserves_text(view.get("reserves"), names)
    now = [who(names, s) for s, on in enumerate(as_list(view.get("in_reserve"))) if on]
    if now:
        reserve += f" ({' and '.join(now)} on reserve time now)"
    lines.append(f"Score: {scores_text(view.get('scores'), names)} · Reserve: {reserve}.")
    for clock in mappings(mapping(view.get("match")).get("deadlines")):
        lines.append(
            f"⏱️ {_clock(clock, audience, names)}: {as_int(clock.get('seconds_left'))} s left."
        )
    holder = view.get("decipher_seat")
    if holder in (0, 1):
        used = "used" if view.get("decipher_used") else "not used yet"
        lines.append(f"🗝️ Decipher: {who(names, holder)}, {used}.")
    return lines


def _clock(clock: Mapping[str, Any], audience: Audience, names: Sequence[str]) -> str:
    """A deadline's label, which the engine words for the seat it runs against."""
    label = escape_md(str(clock.get("label")))
    seat = clock.get("seat")
    if seat is None or seat == audience:
        return label
    return f"{who(names, seat)}: {label.removeprefix('your ')}"


def _boards_lines(view: Mapping[str, Any], current: Mapping[str, Any]) -> list[str]:
    if not current:
        return []
    if view.get("variant") == "finals":
        return [
            f"Executable commands: {commands(current.get('executable'))} (a probe uses up to "
            f"{as_int(current.get('probe_limit'), 1)}). The Reagent and Product are pictured."
        ]
    return [f"Command Sequence: {commands(current.get('sequence'))}. The Product is pictured."]


def _probe_line(probe: Mapping[str, Any], names: Sequence[str], audience: Audience) -> str:
    seat = probe.get("seat")
    owner = "you" if audience in (0, 1) and seat == audience else who(names, seat)
    head = f"T{as_int(probe.get('turn'))} {owner}"
    if not probe.get("pending"):  # numbered when its result is sent
        head += f" #{as_int(probe.get('number'))}"
    if probe.get("decipher_of") is not None:
        head += f" (Decipher on #{as_int(probe.get('decipher_of'))})"
    board, product = board_of(probe.get("board")), board_of(probe.get("product"))
    shown = f"`{flat(board)}`" if board is not None else "?"
    if probe.get("pending"):
        result = "result to come"
    elif product is None:
        result = "**ERROR**"
    else:
        result = f"`{flat(product)}`"
        if probe.get("shown") is False:  # the host's view of a finals probe not sent yet
            result += " (not sent yet)"
    return f"{head} {commands(probe.get('symbols'))}: {shown} → {result}"


def _probe_lines(
    probes: Sequence[Mapping[str, Any]], names: Sequence[str], audience: Audience
) -> list[str]:
    if not probes:
        return []
    own = audience in (0, 1) and all(p.get("seat") == audience for p in probes)
    title = "**Your probes this round**" if own else "**Probes this round**"
    return [title, *(_probe_line(p, names, audience) for p in probes)]


def _answer_lines(view: Mapping[str, Any], audience: Audience) -> list[str]:
    mine = mapping(view.get("my_answer"))
    if audience not in (0, 1) or view.get("stage") != "answer":
        return []
    board, symbols = board_of(mine.get("board")), as_list(mine.get("symbols"))
    if board is not None:
        return [f"**Your answer (sealed)**: `{flat(board)}` (pictured)."]
    if symbols:
        return [f"**Your answer (sealed)**: {commands(symbols)}."]
    if mine.get("passed"):
        return ["**Your answer**: you passed."]
    if mine.get("timed_out"):
        return ["**Your answer**: none (your time ran out)."]
    return ["**Your answer**: none yet."]


def _secret_lines(view: Mapping[str, Any]) -> list[str]:
    secret = mapping(view.get("secret"))
    if not secret:
        return []
    runes = " · ".join(
        f"`{r.get('symbol')}` {escape_md(str(r.get('meaning')))}"
        for r in mappings(secret.get("runes"))
    )
    lines = [f"🤫 **Secret**: sequence {commands(secret.get('sequence'))}; runes: {runes}."]
    reagent = board_of(secret.get("reagent"))
    if reagent is not None and view.get("variant") == "classic":
        lines.append(f"Reagent: `{flat(reagent)}`")
    return lines


def _results_lines(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    lines = []
    for result in mappings(view.get("results")):
        winner = result.get("winner")
        points = [as_int(p) for p in [*as_list(result.get("points")), 0, 0][:2]]
        took = (
            f"{who(names, winner)} {signed(points[as_int(winner)])}"
            if winner in (0, 1)
            else "no points"
        )
        why = named_reason(str(result.get("reason")), names)
        lines.append(
            f"R{as_int(result.get('round'))}: {took} — {why}; "
            f"sequence {commands(result.get('sequence'))}."
        )
    return ["**Rounds played**", *lines] if lines else []


# -- pictures -----------------------------------------------------------------------------


def _images(
    view: Mapping[str, Any],
    current: Mapping[str, Any],
    probes: Sequence[Mapping[str, Any]],
    audience: Audience,
) -> list[Image]:
    if not current:
        return []
    number = as_int(current.get("number"))
    images = []
    product, reagent = board_of(current.get("product")), board_of(current.get("reagent"))
    if product is not None:
        images.append(_pictures.round_boards(number, product, reagent))
    pictures = []
    for probe in probes:
        board = board_of(probe.get("board"))
        if board is None:
            continue
        spelled = " ".join(str(x) for x in as_list(probe.get("symbols")))
        label = f"T{as_int(probe.get('turn'))} #{as_int(probe.get('number'))}: {spelled}"
        if probe.get("pending"):
            pictures.append(_pictures.pending("p.png", label, board).data)
        else:
            pictures.append(_pictures.probe_png(label, board, board_of(probe.get("product"))))
    if pictures:
        images.append(_pictures.sheet(f"round{number}-probes.png", pictures))
    mine = board_of(mapping(view.get("my_answer")).get("board"))
    if mine is not None and audience in (0, 1) and view.get("stage") == "answer":
        images.append(_pictures.answer("answer.png", "Your answer (sealed)", mine))
    return images
