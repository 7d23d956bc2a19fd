"""The character face: a name, a portrait, the stats, and the traits.

The portrait is the character's own picture (``Card.picture``, an icon of the
set) in the card's colour, with the character's emblem (a sword, a lute...) at
its side, so each character reads as a person at arm's length; the stats stand
as labelled badges on the portrait's foot, every label 6 pt or more, and the
traits below, at the deck's one size.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ..render import fonts
from ..units import MIN_TEXT_PT, mm
from . import glyphs, icons, marks, text
from .face_parts import INK, PAPER, SAFE, CardTooFull, Metrics, draw_index, mix, paper_and_band, title_colours
from .model import Card, Color, Deck, Paragraph
from .sizes import CardSize

PORTRAIT_SHARES = (0.4, 0.32, 0.25)  # of the card's height: the first that leaves the traits 6 pt or more
BADGE_LABEL = 6.5  # pt on a poker card


@dataclass(frozen=True)
class PreparedCharacter:
    card: Card
    title: text.FittedText
    kicker: text.FittedText | None
    body: text.FittedText | None
    portrait_top: float
    portrait_bottom: float
    badge_label: float = MIN_TEXT_PT  # the size of the stat badges' labels
    labels: tuple[float, ...] = ()  # every other size of type on the face


def _frame(card: Card, deck: Deck, size: CardSize, share: float = PORTRAIT_SHARES[0]):
    m = Metrics.of(size)
    where = card.source or f"{deck.title} card {card.title!r}"
    title = text.fit([Paragraph(card.title)], m.inner_width, m.band_height - mm(2), m.pt(16), m.pt(8, MIN_TEXT_PT),
                     font=fonts.SERIF_BOLD, max_lines=1)
    if title is None:
        raise CardTooFull(f"{where}: the name does not fit on a {size.name} card")
    kicker = None
    if card.kicker:
        kicker = text.fit([Paragraph(card.kicker)], m.inner_width, m.pt(12, MIN_TEXT_PT * 1.4), m.pt(7, MIN_TEXT_PT),
                          MIN_TEXT_PT, font=fonts.SERIF_ITALIC, max_lines=1)
    portrait_top = m.height - m.band_height - mm(1.5) * m.scale
    portrait_bottom = portrait_top - m.height * share
    return m, where, title, kicker, portrait_top, portrait_bottom


def _room(m: Metrics, portrait_bottom: float) -> float:
    return portrait_bottom - mm(1.5) - m.content_bottom


def largest_body(card: Card, deck: Deck, size: CardSize) -> float | None:
    """The largest size the traits fit at, under the largest portrait that leaves them 6 pt (else the smallest)."""
    fitted = None
    for share in PORTRAIT_SHARES:
        m, _, _, _, _, bottom = _frame(card, deck, size, share)
        fitted = text.fit(list(card.body), m.inner_width, _room(m, bottom), m.body_max, 5) or fitted
        if fitted is not None and fitted.size >= MIN_TEXT_PT:
            break
    return fitted.size if fitted else None


def prepare(card: Card, deck: Deck, size: CardSize, body_size: float | None = None) -> PreparedCharacter:
    body = None
    for share in PORTRAIT_SHARES:  # a smaller portrait where the traits need the room
        m, where, title, kicker, portrait_top, portrait_bottom = _frame(card, deck, size, share)
        if not card.body:
            break
        most, least = (body_size, body_size) if body_size is not None else (m.body_max, 5)
        body = text.fit(list(card.body), m.inner_width, _room(m, portrait_bottom), most, least)
        if body is not None and (body_size is not None or body.size >= MIN_TEXT_PT):
            break
    if card.body and body is None:
        raise CardTooFull(f"{where}: the traits do not fit on a {size.name} card; shorten them")
    labels = (kicker.size,) if kicker else ()
    return PreparedCharacter(card, title, kicker, body, portrait_top, portrait_bottom,
                             m.pt(BADGE_LABEL, MIN_TEXT_PT), labels + (m.pt(BADGE_LABEL, MIN_TEXT_PT),))


def draw(c: Canvas, face: PreparedCharacter, deck: Deck, size: CardSize, bleed: float, index_text: str) -> None:
    m = Metrics.of(size)
    accent = face.card.accent or deck.accent
    paper_and_band(c, m, accent, bleed, deck.ink_saver)
    title_colour, kicker_colour = title_colours(accent, deck.ink_saver)
    c.setFillColorRGB(*title_colour)
    face.title.draw(c, SAFE, m.height - SAFE, m.inner_width, align="center")
    if face.kicker:
        c.setFillColorRGB(*kicker_colour)
        face.kicker.draw(c, SAFE, m.height - SAFE - face.title.height, m.inner_width, align="center")

    _portrait(c, face, m, accent, deck.ink_saver)
    if face.body:
        c.setFillColorRGB(*INK)
        face.body.draw(c, SAFE, face.portrait_bottom - mm(1.5), m.inner_width)
    draw_index(c, m, index_text)


def _portrait(c: Canvas, face: PreparedCharacter, m: Metrics, accent: Color, ink_saver: bool) -> None:
    left, right = SAFE, m.width - SAFE
    top, bottom = face.portrait_top, face.portrait_bottom
    height = top - bottom
    c.saveState()
    c.setFillColorRGB(*mix(accent, PAPER, 0.9 if ink_saver else 0.78))
    c.setStrokeColorRGB(*mix(accent, INK, 0.3))
    c.setLineWidth(mm(0.6))
    c.roundRect(left, bottom, right - left, height, mm(2), stroke=1, fill=1)
    clip = c.beginPath()
    clip.roundRect(left, bottom, right - left, height, mm(2))
    c.clipPath(clip, stroke=0, fill=0)
    badges = _badge_width(face, m)
    figure_left = left + badges + mm(1.5)
    if face.card.picture:
        icons.draw(c, face.card.picture, (figure_left + right) / 2, bottom + height * 0.5, height * 0.86,
                   mix(accent, INK, 0.45), outline=ink_saver)
    if face.card.emblem:
        marks.emblem(c, face.card.emblem, right - height * 0.17, bottom + height * 0.2, height * 0.3,
                     face.card.tint, pale=marks.PALE if ink_saver else 0.0)
    c.restoreState()
    _stat_badges(c, face, m, accent)


def _badge_width(face: PreparedCharacter, m: Metrics) -> float:
    label = face.badge_label
    widest = max((glyphs.width(stat.label.upper(), fonts.SERIF_BOLD, label) for stat in face.card.stats),
                 default=0.0)
    return max(widest + mm(2), m.pt(mm(11)))


def _stat_badges(c: Canvas, face: PreparedCharacter, m: Metrics, accent: Color) -> None:
    """The stats as badges up the portrait's left side, from its foot: the value large, its label under it."""
    width = _badge_width(face, m)
    label = face.badge_label
    value_size = m.pt(15)
    height = value_size * 0.95 + label * 1.6 + mm(1)
    x = SAFE + mm(1.2)
    y = face.portrait_bottom + mm(1.2)
    for stat in face.card.stats:
        c.setFillColorRGB(*PAPER)
        c.setStrokeColorRGB(*mix(accent, INK, 0.3))
        c.setLineWidth(mm(0.5))
        c.roundRect(x, y, width, height, mm(1.5) * m.scale, stroke=1, fill=1)
        c.setFillColorRGB(*INK)
        glyphs.draw(c, x + width / 2, y + label * 1.2 + mm(0.8), stat.value, fonts.MONO_BOLD, value_size,
                    align="center")
        c.setFillColorRGB(*mix(accent, INK, 0.4))
        glyphs.draw(c, x + width / 2, y + label * 0.45 + mm(0.3), stat.label.upper(), fonts.SERIF_BOLD, label,
                    align="center")
        y += height + mm(1.2)
