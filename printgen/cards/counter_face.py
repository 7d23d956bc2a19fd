"""The counter face: an effect card turned to count the turns an effect has left.

Each edge carries a number, upright when that edge is the one nearest its
owner: turn the card a quarter each turn and the nearest number is the turns
left. The middle shows the effect's emblem, its name and its rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ..render import fonts
from ..units import MIN_TEXT_PT, mm
from . import text
from .face_parts import INK, PAPER, SAFE, CardTooFull, Metrics, draw_picture, has_picture, mix
from .model import Card, Deck, Paragraph
from .sizes import CardSize

COUNTS = ("1", "2", "3", "4")  # bottom, right, top, left: a quarter turn apart


@dataclass(frozen=True)
class PreparedCounter:
    card: Card
    title: text.FittedText
    body: text.FittedText | None
    number_size: float


def _inner(m: Metrics) -> float:
    return m.width - 2 * (SAFE + m.pt(22) * 1.1)


def largest_body(card: Card, deck: Deck, size: CardSize) -> float | None:
    m = Metrics.of(size)
    body = text.fit(list(card.body), _inner(m), m.height * 0.3, m.body_max, 5)
    return body.size if body else None


def prepare(card: Card, deck: Deck, size: CardSize, body_size: float | None = None) -> PreparedCounter:
    m = Metrics.of(size)
    where = card.source or f"{deck.title} card {card.title!r}"
    number_size = m.pt(22)
    inner = _inner(m)
    title = text.fit([Paragraph(card.title)], inner, m.pt(30), m.pt(13), m.pt(7, MIN_TEXT_PT), font=fonts.SERIF_BOLD,
                     max_lines=2)
    if title is None:
        raise CardTooFull(f"{where}: the title does not fit on a {size.name} card")
    body = None
    if card.body:
        most, least = (body_size, body_size) if body_size is not None else (m.body_max, 5)
        body = text.fit(list(card.body), inner, m.height * 0.3, most, least)
        if body is None:
            raise CardTooFull(f"{where}: the text does not fit on a {size.name} card; shorten it")
    return PreparedCounter(card, title, body, number_size)


def draw(c: Canvas, face: PreparedCounter, deck: Deck, size: CardSize, bleed: float, index_text: str) -> None:
    m = Metrics.of(size)
    accent = face.card.accent or deck.accent
    c.setFillColorRGB(*PAPER)
    c.rect(-bleed, -bleed, m.width + 2 * bleed, m.height + 2 * bleed, stroke=0, fill=1)
    c.setStrokeColorRGB(*accent)
    c.setLineWidth(mm(1.2))
    c.rect(SAFE * 0.6, SAFE * 0.6, m.width - 1.2 * SAFE, m.height - 1.2 * SAFE, stroke=1, fill=0)
    cx, cy = m.width / 2, m.height / 2
    # Each number stands at an edge's middle, its foot toward that edge.
    reach = {0: cy, 90: cx, 180: cy, 270: cx}
    for number, angle in zip(COUNTS, (0, 90, 180, 270)):
        c.saveState()
        c.translate(cx, cy)
        c.rotate(angle)
        distance = reach[angle] - SAFE - face.number_size * 0.2
        if deck.ink_saver:  # a ring and a number in the accent, not a solid disc
            c.setStrokeColorRGB(*accent)
            c.setLineWidth(mm(0.6))
            c.circle(0, -distance + face.number_size * 0.35, face.number_size * 0.62, stroke=1, fill=0)
            c.setFillColorRGB(*accent)
        else:
            c.setFillColorRGB(*accent)
            c.circle(0, -distance + face.number_size * 0.35, face.number_size * 0.62, stroke=0, fill=1)
            c.setFillColorRGB(1, 1, 1)
        c.setFont(fonts.MONO_BOLD, face.number_size)
        c.drawCentredString(0, -distance, number)
        c.restoreState()
    title_top = cy + m.height * 0.05
    if has_picture(face.card):
        draw_picture(c, face.card, cx, cy + m.height * 0.17, m.width * 0.28, accent, deck.ink_saver)
    c.setFillColorRGB(*mix(accent, INK, 0.4))
    left = SAFE + face.number_size * 1.1
    face.title.draw(c, left, title_top, m.width - 2 * left, align="center")
    if face.body:
        c.setFillColorRGB(*INK)
        face.body.draw(c, left, title_top - face.title.height - mm(1), m.width - 2 * left, align="center")
    c.setFillGray(0.38)
    c.setFont(fonts.MONO, m.index_size)
    c.drawString(SAFE + mm(1), SAFE + mm(1) + m.index_size * text.DESCENT, index_text)
