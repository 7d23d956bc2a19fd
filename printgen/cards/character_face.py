"""The character face: a name, a portrait, the stats, and the traits.

The portrait is a hooded figure in the card's colour holding the
character's emblem (a sword, a lute...), so each character reads as a person
at arm's length; the stats sit on the portrait's foot and the traits below.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ..render import fonts
from ..units import mm
from . import marks, text
from .face import INK, PAPER, SAFE, CardTooFull, Metrics, mix, paper_and_band
from .model import Card, Color, Deck, Paragraph
from .sizes import CardSize

PORTRAIT_SHARE = 0.4  # of the card's height


@dataclass(frozen=True)
class PreparedCharacter:
    card: Card
    title: text.FittedText
    kicker: text.FittedText | None
    body: text.FittedText | None
    portrait_top: float
    portrait_bottom: float


def prepare(card: Card, deck: Deck, size: CardSize) -> PreparedCharacter:
    m = Metrics.of(size)
    where = card.source or f"{deck.title} card {card.title!r}"
    title = text.fit([Paragraph(card.title)], m.inner_width, m.band_height - mm(2), m.pt(16), m.pt(8, 6.5),
                     font=fonts.SERIF_BOLD, max_lines=1)
    if title is None:
        raise CardTooFull(f"{where}: the name does not fit on a {size.name} card")
    kicker = None
    if card.kicker:
        kicker = text.fit([Paragraph(card.kicker)], m.inner_width, m.pt(12), m.pt(7), 5, font=fonts.SERIF_ITALIC,
                          max_lines=1)
    portrait_top = m.height - m.band_height - mm(1.5) * m.scale
    portrait_bottom = portrait_top - m.height * PORTRAIT_SHARE
    body = None
    if card.body:
        room = portrait_bottom - mm(1.5) - (SAFE + m.index_size * 1.8)
        body = text.fit(list(card.body), m.inner_width, room, m.pt(10.5), 5)
        if body is None:
            raise CardTooFull(f"{where}: the traits do not fit on a {size.name} card; shorten them")
    return PreparedCharacter(card, title, kicker, body, portrait_top, portrait_bottom)


def draw(c: Canvas, face: PreparedCharacter, deck: Deck, size: CardSize, bleed: float, index_text: str) -> None:
    m = Metrics.of(size)
    accent = face.card.accent or deck.accent
    paper_and_band(c, m, accent, bleed)
    c.setFillColorRGB(1, 1, 1)
    face.title.draw(c, SAFE, m.height - SAFE, m.inner_width, align="center")
    if face.kicker:
        c.setFillColorRGB(*mix(accent, (1, 1, 1), 0.8))
        face.kicker.draw(c, SAFE, m.height - SAFE - face.title.height, m.inner_width, align="center")

    _portrait(c, face, m, accent)
    if face.body:
        c.setFillColorRGB(*INK)
        face.body.draw(c, SAFE, face.portrait_bottom - mm(1.5), m.inner_width)
    c.setFillGray(0.38)
    c.setFont(fonts.MONO, m.index_size)
    c.drawString(SAFE, SAFE + m.index_size * text.DESCENT, index_text)


def _portrait(c: Canvas, face: PreparedCharacter, m: Metrics, accent: Color) -> None:
    left, right = SAFE, m.width - SAFE
    top, bottom = face.portrait_top, face.portrait_bottom
    height = top - bottom
    c.saveState()
    c.setFillColorRGB(*mix(accent, PAPER, 0.78))
    c.setStrokeColorRGB(*mix(accent, INK, 0.3))
    c.setLineWidth(mm(0.6))
    c.roundRect(left, bottom, right - left, height, mm(2), stroke=1, fill=1)
    clip = c.beginPath()
    clip.roundRect(left, bottom, right - left, height, mm(2))
    c.clipPath(clip, stroke=0, fill=0)
    _figure(c, (left + right) / 2 - m.width * 0.08, bottom, height, mix(accent, INK, 0.45))
    if face.card.emblem:
        marks.emblem(c, face.card.emblem, right - m.width * 0.2, bottom + height * 0.42, height * 0.42,
                     face.card.tint)
    c.restoreState()
    _stat_badges(c, face, m, accent)


def _figure(c: Canvas, cx: float, bottom: float, height: float, colour: Color) -> None:
    """A hooded head and shoulders, standing on the portrait's foot."""
    c.setFillColorRGB(*colour)
    shoulders = c.beginPath()
    w = height * 0.62
    shoulders.moveTo(cx - w, bottom - 1)
    shoulders.curveTo(cx - w, bottom + height * 0.42, cx - w * 0.45, bottom + height * 0.5, cx, bottom + height * 0.5)
    shoulders.curveTo(cx + w * 0.45, bottom + height * 0.5, cx + w, bottom + height * 0.42, cx + w, bottom - 1)
    shoulders.close()
    c.drawPath(shoulders, stroke=0, fill=1)
    head_r = height * 0.19
    head_y = bottom + height * 0.64
    c.circle(cx, head_y, head_r * 1.2, stroke=0, fill=1)  # the hood
    c.setFillColorRGB(*mix(colour, (1, 1, 1), 0.55))
    c.circle(cx, head_y - head_r * 0.12, head_r * 0.82, stroke=0, fill=1)  # the face in its shadow
    c.setFillColorRGB(*colour)
    for side in (-1, 1):
        c.circle(cx + side * head_r * 0.32, head_y - head_r * 0.05, head_r * 0.11, stroke=0, fill=1)


def _stat_badges(c: Canvas, face: PreparedCharacter, m: Metrics, accent: Color) -> None:
    """The stats as round badges at the portrait's lower left, value over label."""
    radius = m.pt(mm(5.2))
    x = SAFE + radius + mm(1.5)
    y = face.portrait_bottom + radius + mm(1.5)
    for stat in face.card.stats:
        c.setFillColorRGB(*PAPER)
        c.setStrokeColorRGB(*mix(accent, INK, 0.3))
        c.setLineWidth(mm(0.6))
        c.circle(x, y, radius, stroke=1, fill=1)
        c.setFillColorRGB(*INK)
        value_size = radius * 0.95
        c.setFont(fonts.MONO_BOLD, value_size)
        c.drawCentredString(x, y - value_size * 0.18, stat.value)
        label_size = radius * 0.32
        c.setFont(fonts.SERIF_BOLD, label_size)
        c.drawCentredString(x, y - radius * 0.62, stat.label.upper())
        y += 2 * radius + mm(1.5)
