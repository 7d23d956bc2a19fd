"""What every face kind shares: a card's metrics, its paper and ink, the title band, the picture, the index line.

``Metrics`` scales a poker card's proportions to any card size; the faces
(text_face, tile_face, character_face, counter_face) and the back draw with
these, so every card of every deck stands on the same paper, band and foot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ..errors import PrintgenError
from ..render import fonts
from ..units import MIN_TEXT_PT, mm
from . import glyphs, icons, marks, text
from .model import Card, Color, Look
from .sizes import CARD_SIZES, CardSize

SAFE = mm(3.5)  # text never comes nearer the trim than this
PAPER: Color = Look().paper  # a warm off-white card stock, unless a game's look chooses another
INK: Color = (0.1, 0.1, 0.12)
MUTED = 0.38
BODY_MAX = 9.0  # pt on a poker card: the words of a deck are set at this size or the largest below it all fit
FOOTER_GAP = mm(1.5)  # between the lowest words, picture or symbols and the index line, on every card
_POKER = CARD_SIZES["poker"]


@dataclass(frozen=True)
class Metrics:
    """A card's proportions: poker sizes scaled to the card, within readable limits."""

    width: float
    height: float
    scale: float

    @classmethod
    def of(cls, size: CardSize) -> Metrics:
        scale = min(size.width / _POKER.width, size.height / _POKER.height)
        return cls(size.width, size.height, scale)

    @property
    def type_scale(self) -> float:
        """How large the words may be beside a poker card's: by the card's area, so a tarot card's words are
        larger and a square card's not as small as its height alone would make them."""
        return (self.width / _POKER.width * self.height / _POKER.height) ** 0.5

    def pt(self, value: float, floor: float = 0.0) -> float:
        return max(value * self.scale, floor)

    @property
    def body_max(self) -> float:
        """The largest the words of a card are set: ``BODY_MAX`` by the card's area, in quarter points."""
        return math.floor(BODY_MAX * self.type_scale * 4) / 4

    @property
    def inner_width(self) -> float:
        return self.width - 2 * SAFE

    @property
    def band_height(self) -> float:
        return mm(16) * self.scale

    @property
    def stat_height(self) -> float:
        return mm(10) * self.scale

    @property
    def index_size(self) -> float:
        return self.pt(6, MIN_TEXT_PT)

    @property
    def index_rule(self) -> float:
        """The height of the thin rule over the index line."""
        return SAFE + self.index_size * 1.35

    @property
    def content_bottom(self) -> float:
        """The lowest any words, picture or symbols come: a fixed gap above the index line."""
        return self.index_rule + FOOTER_GAP


class CardTooFull(PrintgenError):
    """A card whose words cannot fit at the smallest readable size: what does not fit, then "; " and what the
    person can do about it."""

    @property
    def problem(self) -> str:
        """What does not fit, without the remedy."""
        return str(self).split("; ", 1)[0]


def has_picture(card: Card) -> bool:
    return bool(card.picture or card.emblem)


def paper_and_band(c: Canvas, m: Metrics, accent: Color, bleed: float, ink_saver: bool = False,
                   band: float = 0.0, paper: Color = PAPER, foot: str = "straight") -> float:
    """The card's paper and its title band (``band`` high, else the usual), which runs off the top and the
    sides into the bleed, its foot ``foot`` (model.BANDS); the band's foot at its sides.

    With ``ink_saver`` the band is a light tint over a rule of the accent, so its words print dark."""
    band = band or m.band_height
    c.setFillColorRGB(*paper)
    c.rect(-bleed, -bleed, m.width + 2 * bleed, m.height + 2 * bleed, stroke=0, fill=1)
    band_bottom = m.height - band
    c.setFillColorRGB(*(mix(accent, PAPER, 0.85) if ink_saver else accent))
    if foot == "straight":
        c.rect(-bleed, band_bottom, m.width + 2 * bleed, band + bleed, stroke=0, fill=1)
    else:
        c.drawPath(band_path(c, m, band_bottom, bleed, foot), stroke=0, fill=1)
    if ink_saver:  # a rule of the accent along the band's foot
        c.setStrokeColorRGB(*accent)
        c.setLineWidth(mm(0.5))
        if foot == "straight":
            c.line(-bleed, band_bottom + mm(0.25), m.width + bleed, band_bottom + mm(0.25))
        else:
            c.drawPath(band_foot(c, m, band_bottom + mm(0.25), bleed, foot), stroke=1, fill=0)
    return band_bottom


BAND_DIP = mm(1.4)  # how far a notched or arched band's foot reaches below its sides, on a poker card


def band_foot(c: Canvas, m: Metrics, y: float, bleed: float, foot: str, close_over: float | None = None):
    """The band's foot as a path from the left bleed to the right: a point (notched) or a curve (arched) dipping
    ``BAND_DIP`` below ``y`` at the middle; with ``close_over``, closed over the top at that height."""
    dip = BAND_DIP * m.scale
    path = c.beginPath()
    path.moveTo(-bleed, y)
    if foot == "notched":
        path.lineTo(m.width / 2, y - dip)
        path.lineTo(m.width + bleed, y)
    else:
        path.curveTo(m.width * 0.3, y - dip * 1.33, m.width * 0.7, y - dip * 1.33, m.width + bleed, y)
    if close_over is not None:
        path.lineTo(m.width + bleed, close_over)
        path.lineTo(-bleed, close_over)
        path.close()
    return path


def band_path(c: Canvas, m: Metrics, band_bottom: float, bleed: float, foot: str):
    return band_foot(c, m, band_bottom, bleed, foot, close_over=m.height + bleed)


def title_colours(accent: Color, ink_saver: bool) -> tuple[Color, Color]:
    """The title's colour and the line under it, on the band."""
    if ink_saver:
        return mix(accent, INK, 0.55), mix(accent, INK, 0.3)
    return (1.0, 1.0, 1.0), mix(accent, (1, 1, 1), 0.8)


def draw_index(c: Canvas, m: Metrics, index_text: str) -> None:
    """The deck's name and the card's number at the foot, under a thin rule."""
    c.setFillGray(MUTED)
    # The baseline sits a descent above the safe edge, so "/" and "," stay inside it.
    glyphs.draw(c, SAFE, SAFE + m.index_size * text.DESCENT, index_text, fonts.MONO, m.index_size)
    c.setStrokeGray(0.75)
    c.setLineWidth(0.3)
    c.line(SAFE, m.index_rule, m.width - SAFE, m.index_rule)


def picture_colour(card: Card, accent: Color) -> Color:
    return card.tint or mix(accent, INK, 0.25)


def draw_picture(c: Canvas, card: Card, cx: float, cy: float, size: float, accent: Color,
                 ink_saver: bool = False, colour: Color | None = None, width: float | None = None) -> None:
    """The card's picture (an icon of the set, or several side by side; else its drawn emblem) centred on
    (cx, cy), ``size`` tall; several icons share ``width`` when it is given, else ``size``."""
    if card.picture:
        names = card.picture.split()
        if width is not None and len(names) > 1:
            each = min(size, width / (1.08 * len(names)))
        else:
            each = size / (1 if len(names) == 1 else 0.9 * len(names))
        for i, name in enumerate(names):
            x = cx + (i - (len(names) - 1) / 2) * each * 1.08
            icons.draw(c, name, x, cy, each, colour or picture_colour(card, accent), outline=ink_saver)
    elif card.emblem and ink_saver:  # in light tints of its colours
        marks.emblem(c, card.emblem, cx, cy, size, marks.lighter(card.tint) if card.tint else None, pale=marks.PALE)
    elif card.emblem:
        marks.emblem(c, card.emblem, cx, cy, size, card.tint)


def mix(a: Color, b: Color, amount: float) -> Color:
    """``a`` moved ``amount`` of the way towards ``b``."""
    return tuple(x + (y - x) * amount for x, y in zip(a, b))  # type: ignore[return-value]
