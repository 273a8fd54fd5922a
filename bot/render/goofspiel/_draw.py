"""Pillow drawing primitives for the board: the palette, fonts, the seat marks,
and text the built-in font can draw.

Everything is drawn at ``SCALE``× and reduced at the end for smooth circles
and text; the coordinates these helpers take are unscaled pixels.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from PIL import Image as PILImage
from PIL import ImageDraw, ImageFont

# Okabe–Ito: distinguishable with every common colour-vision deficiency.
SEAT_COLOURS = ("#0072B2", "#E69F00")
SEAT_TINTS = ("#D4E6F1", "#FAEBCB")
SEAT_TEXT = ("#FFFFFF", "#000000")
HIGHLIGHT_FILL = "#FFF6B0"
INK = "#1F2328"
MUTED = "#6E7781"
GRID = "#B4BAC1"
PAPER = "#FFFFFF"
BACKGROUND = "#F6F8FA"
VOID_FILL = "#ECEEF1"

SCALE = 2  # drawn at 2× and reduced: smooth circles and text


@lru_cache(maxsize=16)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size * SCALE)


def _draw_mark(
    draw: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, diameter: float, label: bool = True
) -> None:
    """Seat 0: a circle with "1". Seat 1: a square with "2". Coordinates unscaled."""
    s = SCALE
    r = diameter / 2
    box = ((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s)
    outline_w = max(1, round(diameter / 20)) * s
    if seat == 0:
        draw.ellipse(box, fill=SEAT_COLOURS[0], outline=INK, width=outline_w)
    else:
        inset = diameter * 0.06 * s
        square = (box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset)
        draw.rectangle(square, fill=SEAT_COLOURS[1], outline=INK, width=outline_w)
    if label:
        size = round(diameter * 0.55)
        draw.text(
            (cx * s, cy * s + s),
            str(seat + 1),
            font=_font(size),
            fill=SEAT_TEXT[seat],
            anchor="mm",
            stroke_width=s // 2,
            stroke_fill=SEAT_TEXT[seat],
        )


def _text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: str = INK,
    anchor: str = "mm",
    bold: bool = False,
) -> None:
    s = SCALE
    draw.text(
        (xy[0] * s, xy[1] * s),
        text,
        font=_font(size),
        fill=fill,
        anchor=anchor,
        stroke_width=(s // 2) if bold else 0,
        stroke_fill=fill,
    )


_NOTDEF = "\U0010ffff"
_FOLD = str.maketrans(
    {
        "Ø": "O",
        "ø": "o",
        "Ł": "L",
        "ł": "l",
        "ß": "ss",
        "Æ": "AE",
        "æ": "ae",
        "Œ": "OE",
        "œ": "oe",
        "Đ": "D",
        "đ": "d",
        "Þ": "Th",
        "þ": "th",
        "ı": "i",
        "—": "-",
        "–": "-",
    }
)


@lru_cache(maxsize=1024)
def _drawable(ch: str) -> bool:
    """Whether the built-in font has a glyph for ``ch`` (not the blank box)."""
    if ch == " ":
        return True

    def shape(c: str) -> bytes:
        canvas = PILImage.new("L", (48, 48))
        ImageDraw.Draw(canvas).text((4, 4), c, font=_font(16), fill=255)
        return canvas.tobytes()

    return shape(ch) != shape(_NOTDEF)


def _drawable_text(text: str, fallback: str) -> str:
    """``text`` as the built-in font can draw it: accents dropped where that is
    enough (é → e), else ``fallback`` (the font has no glyphs for, say, CJK)."""
    folded = unicodedata.normalize("NFKD", text.translate(_FOLD))
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    folded = " ".join(folded.split())
    if folded and all(_drawable(ch) for ch in folded):
        return folded
    return fallback


def _fit(text: str, size: int, width: float) -> str:
    """Shorten ``text`` with an ellipsis until it fits ``width`` (unscaled pixels)."""
    font = _font(size)
    if font.getlength(text) <= width * SCALE:
        return text
    while text and font.getlength(text + "…") > width * SCALE:
        text = text[:-1]
    return text + "…"
