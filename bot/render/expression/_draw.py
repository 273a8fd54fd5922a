"""Pillow primitives for Expression tiles: one tile, drawn so its colour reads
without colour vision too.

- Black tiles are filled dark with light ink, white tiles are light with a thick
  dark outline, and every tile carries its letter: a known tile a small "B"/"W"
  in its corner, a tile known only by its colour a big "B"/"W" in the middle.
- Number tiles are rounded squares, symbol tiles circles.
- The built-in font has no − × ÷, so symbols are drawn as strokes and dots.

Built on :mod:`bot.render.draw`: everything is drawn at ``SCALE``× and reduced
at the end; the coordinates these helpers take are unscaled pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from bot.render.draw import BACKGROUND, INK, PAPER, SCALE, text

HIGHLIGHT = "#FFE066"
#: Tiles of rounds already played, in the bout's pair strip.
FADED = {"black": ("#A9B0B8", "#A9B0B8", PAPER), "white": (BACKGROUND, "#C9CED4", "#A9B0B8")}
#: fill, outline, ink per colour.
SOLID = {"black": (INK, INK, PAPER), "white": (PAPER, INK, INK)}
LETTERS = {"black": "B", "white": "W"}


@dataclass(frozen=True)
class TileLook:
    """One tile to draw: its colour, what it shows (None: only its colour is
    known) and whether it is a symbol tile (a circle) or a number (a square)."""

    colour: str
    label: str | None = None
    symbol: bool = False
    faded: bool = False


def frame(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], width: int) -> None:
    """A highlight behind a tile group: a soft fill with a dark edge."""
    s = SCALE
    scaled = tuple(v * s for v in box)
    draw.rounded_rectangle(scaled, radius=8 * s, fill=HIGHLIGHT, outline=INK, width=width * s)


def _symbol(
    draw: ImageDraw.ImageDraw, symbol: str, cx: float, cy: float, size: float, ink: str
) -> None:
    """+ − × ÷ as strokes (the built-in font has no − × ÷)."""
    s = SCALE
    arm = size * 0.19
    width = max(2, round(size * 0.09)) * s

    def line(x0: float, y0: float, x1: float, y1: float) -> None:
        draw.line((x0 * s, y0 * s, x1 * s, y1 * s), fill=ink, width=width)

    if symbol in ("+", "−", "÷"):
        line(cx - arm, cy, cx + arm, cy)
    if symbol == "+":
        line(cx, cy - arm, cx, cy + arm)
    if symbol == "×":
        d = arm * 0.8
        line(cx - d, cy - d, cx + d, cy + d)
        line(cx - d, cy + d, cx + d, cy - d)
    if symbol == "÷":
        r = size * 0.065
        for dy in (-arm * 0.66, arm * 0.66):
            draw.ellipse(
                ((cx - r) * s, (cy + dy - r) * s, (cx + r) * s, (cy + dy + r) * s), fill=ink
            )


def tile(draw: ImageDraw.ImageDraw, look: TileLook, cx: float, cy: float, size: float) -> None:
    """One tile centred on ``(cx, cy)``, ``size`` wide."""
    s = SCALE
    fill, outline, ink = (FADED if look.faded else SOLID)[look.colour]
    half = size / 2
    box = ((cx - half) * s, (cy - half) * s, (cx + half) * s, (cy + half) * s)
    edge = max(2, round(size / 16)) * s
    if look.symbol:
        draw.ellipse(box, fill=fill, outline=outline, width=edge)
    else:
        draw.rounded_rectangle(box, radius=size * 0.16 * s, fill=fill, outline=outline, width=edge)
    letter = LETTERS[look.colour]
    if look.label is None:
        text(draw, (cx, cy + 1), letter, round(size * 0.5), ink, bold=True)
        return
    if look.label in ("+", "−", "×", "÷"):
        _symbol(draw, look.label, cx, cy, size, ink)
    else:
        text(draw, (cx, cy + 1), look.label, round(size * 0.44), ink, bold=True)
    # The colour's letter, small, where the tile's shape leaves room: the top of
    # a circle, the top left corner of a square.
    small = max(9, round(size * 0.19))
    if look.symbol:
        text(draw, (cx, cy - half * 0.64), letter, round(small * 0.9), ink)
    else:
        text(draw, (cx - half * 0.62, cy - half * 0.62), letter, small, ink)
