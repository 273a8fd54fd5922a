"""Pillow primitives every game's pictures share: the palette, the built-in font,
text (shortened to fit, folded to what the font can draw), the seat marks and
the PNG encoding.

Everything is drawn at ``SCALE``× and reduced at the end (:func:`png`) for
smooth circles and text; the coordinates these helpers take are unscaled pixels.
"""

from __future__ import annotations

import io
import math
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from PIL import Image as PILImage
from PIL import ImageDraw, ImageFont

from bot.render.base import Image

INK = "#1F2328"
MUTED = "#6E7781"
GRID = "#B4BAC1"  # grid lines, rules, hatching
PAPER = "#FFFFFF"
BACKGROUND = "#F6F8FA"
# Okabe–Ito: distinguishable with every common colour-vision deficiency.
SEAT_COLOURS = ("#0072B2", "#E69F00")
SEAT_TINTS = ("#D4E6F1", "#FAEBCB")
SEAT_TEXT = ("#FFFFFF", "#000000")

SCALE = 2  # drawn at 2× and reduced: smooth circles and text

_ENCODING: ContextVar[bool] = ContextVar("encoding", default=True)


@contextmanager
def without_pictures() -> Iterator[None]:
    """For callers that read only a rendering's text: inside, :func:`png` leaves
    every picture's bytes empty instead of encoding them, the costly part."""
    token = _ENCODING.set(False)
    try:
        yield
    finally:
        _ENCODING.reset(token)


@lru_cache(maxsize=16)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The built-in font at ``size`` (unscaled)."""
    return ImageFont.load_default(size=size * SCALE)


def canvas(width: int, height: int) -> tuple[PILImage.Image, ImageDraw.ImageDraw]:
    """A blank picture ``width`` × ``height`` (unscaled) and its pen."""
    image = PILImage.new("RGB", (width * SCALE, height * SCALE), BACKGROUND)
    return image, ImageDraw.Draw(image)


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    size: int,
    fill: str = INK,
    anchor: str = "mm",
    bold: bool = False,
) -> None:
    stroke = (SCALE // 2) if bold else 0
    stamp(draw, (xy[0] * SCALE, xy[1] * SCALE), words, size, fill, anchor, stroke)


def stamp(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    size: int,
    fill: str,
    anchor: str = "mm",
    stroke: int = 0,
) -> None:
    """``draw.text`` in the built-in font at ``size`` (unscaled), at ``xy`` in the
    picture's own (scaled) pixels, outlined ``stroke`` wide in the same ink."""
    x, y = xy
    face = font(size)
    if not isinstance(face, ImageFont.FreeTypeFont):  # Pillow built without FreeType
        draw.text(xy, words, fill, face, anchor, stroke_width=stroke, stroke_fill=fill)
        return
    mask, left, top = _stamp(words, size, anchor, stroke, math.modf(x)[0], math.modf(y)[0])
    draw.bitmap((int(x) + left, int(y) + top), mask, fill=fill)


@lru_cache(maxsize=4096)
def _stamp(
    words: str, size: int, anchor: str, stroke: int, start_x: float, start_y: float
) -> tuple[PILImage.Image, int, int]:
    """``words`` as Pillow's ``ImageDraw.text`` would lay them on a picture (the
    same glyph coverage, for the same fraction of a pixel at the start), and
    where that sits from the anchor point. Rendering a line's glyphs was the most
    of a board's drawing time, and the same labels, numbers and notes come back
    in every picture: each is rendered once and stamped in the ink of the day."""
    face = font(size)
    assert isinstance(face, ImageFont.FreeTypeFont)  # stamp() draws the others itself
    glyphs, (left, top) = face.getmask2(
        words, "L", anchor=anchor, stroke_width=stroke, start=(start_x, start_y)
    )
    width, height = glyphs.size
    # Drawn at a whole-pixel margin plus the same fraction, so Pillow renders the
    # very coverage it would on the board; then cut out where it landed.
    margin = max(0, -left, -top)
    canvas = PILImage.new("L", (margin + left + width, margin + top + height), 0)
    ImageDraw.Draw(canvas).text(
        (margin + start_x, margin + start_y),
        words,
        font=face,
        fill=255,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=255,
    )
    box = (margin + left, margin + top, margin + left + width, margin + top + height)
    return canvas.crop(box), left, top


def fit(words: str, size: int, width: float, ellipsis: str = "…") -> str:
    """Shorten ``words`` with ``ellipsis`` until they fit ``width`` (unscaled)."""
    face = font(size)
    if face.getlength(words) <= width * SCALE:
        return words
    while words and face.getlength(words + ellipsis) > width * SCALE:
        words = words[:-1]
    return words + ellipsis


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
        "→": "->",
        "×": "x",
    }
)


@lru_cache(maxsize=1024)
def _drawable(ch: str) -> bool:
    """Whether the built-in font has a glyph for ``ch`` (not the blank box)."""
    if ch == " ":
        return True

    def shape(c: str) -> bytes:
        glyph = PILImage.new("L", (48, 48))
        ImageDraw.Draw(glyph).text((4, 4), c, font=font(16), fill=255)
        return glyph.tobytes()

    return shape(ch) != shape(_NOTDEF)


def drawable_text(words: str, fallback: str) -> str:
    """``words`` as the built-in font can draw them: accents dropped where that
    is enough (é → e), else ``fallback`` (the font has no glyphs for, say, CJK)."""
    folded = unicodedata.normalize("NFKD", words.translate(_FOLD))
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    folded = " ".join(folded.split())
    if folded and all(_drawable(ch) for ch in folded):
        return folded
    return fallback


def seat_mark(
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
        stamp(draw, (cx * s, cy * s + s), str(seat + 1), size, SEAT_TEXT[seat], "mm", s // 2)


def png(image: PILImage.Image, filename: str) -> Image:
    """The drawing at its final size. A 64-colour palette keeps the PNG small
    (~15 kB) and quick to encode."""
    if not _ENCODING.get():
        return Image(filename=filename, data=b"")
    return encoded(image.reduce(SCALE), filename)


def encoded(image: PILImage.Image, filename: str) -> Image:
    """A picture already at its final size, as a PNG (empty inside
    :func:`without_pictures`, like every picture there)."""
    if not _ENCODING.get():
        return Image(filename=filename, data=b"")
    out = image.quantize(colors=64, method=PILImage.Quantize.FASTOCTREE)
    buffer = io.BytesIO()
    out.save(buffer, format="PNG", compress_level=6)
    return Image(filename=filename, data=buffer.getvalue())
