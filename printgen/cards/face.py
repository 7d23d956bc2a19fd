"""The generic card face: a title band, a stat block, badges, body text, symbols, the index.

``prepare`` fits every word of a card into its boxes once (and says which card
is too full if one is); ``draw`` paints the prepared card at the origin, in
card space, with art reaching ``bleed`` beyond the trim for the caller's clip.
Every word stays inside the safe area, ``SAFE`` inside the trim.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ..errors import PrintgenError
from ..render import fonts
from ..units import mm
from ..render import text as text_engine
from . import glyphs, marks, text
from .model import Card, Color, Deck, Paragraph
from .sizes import CARD_SIZES, CardSize

SAFE = mm(3.5)  # text never comes nearer the trim than this
PAPER: Color = (0.985, 0.972, 0.94)  # a warm off-white card stock
INK: Color = (0.1, 0.1, 0.12)
MUTED = 0.38
STATS_PER_ROW = 3
STAT_LABEL = 6.5  # pt on a poker card
LEGIBLE_LABEL = 6.0  # pt: a stat label is never set smaller than this when it fits at it
MIN_STAT_LABEL = 3.5  # pt: how far a label too long for its box may shrink
_POKER = CARD_SIZES["poker"]


@dataclass(frozen=True)
class Metrics:
    """A card's proportions: poker sizes scaled to the card, within readable limits."""

    width: float
    height: float
    scale: float

    @classmethod
    def of(cls, size: CardSize) -> "Metrics":
        scale = min(size.width / _POKER.width, size.height / _POKER.height)
        return cls(size.width, size.height, scale)

    def pt(self, value: float, floor: float = 0.0) -> float:
        return max(value * self.scale, floor)

    @property
    def inner_width(self) -> float:
        return self.width - 2 * SAFE

    @property
    def band_height(self) -> float:
        return mm(16) * self.scale

    @property
    def stat_height(self) -> float:
        return mm(11.5) * self.scale

    @property
    def index_size(self) -> float:
        return self.pt(6, 4.5)


@dataclass(frozen=True)
class StatBox:
    label: str
    value: str
    value_size: float
    x: float
    width: float
    top: float
    label_size: float


@dataclass(frozen=True)
class PreparedFace:
    card: Card
    title: text.FittedText
    kicker: text.FittedText | None
    stats: tuple[StatBox, ...]
    tags: tuple[str, ...]
    tag_size: float
    tags_top: float
    body: text.FittedText | None
    body_top: float
    symbol_size: float = 0.0  # the height of the row of symbols at the foot; 0: none


class CardTooFull(PrintgenError):
    """A card whose words cannot fit at the smallest readable size."""


def prepare(card: Card, deck: Deck, size: CardSize) -> PreparedFace:
    m = Metrics.of(size)
    where = card.source or f"{deck.title} card {card.title!r}"
    band_bottom = m.height - m.band_height
    title_top = m.height - SAFE
    kicker = None
    kicker_height = 0.0
    if card.kicker:
        kicker_max = m.pt(7, 5.5)
        kicker = _fit_or_fail([Paragraph(card.kicker)], m.inner_width, kicker_max * 1.4, kicker_max, 4.5,
                              f"{where}: the line under the title", size, font=fonts.SERIF_ITALIC, max_lines=1)
        kicker_height = kicker.height
    title_room = title_top - band_bottom - mm(1.2) - kicker_height
    title = _fit_or_fail([Paragraph(card.title)], m.inner_width, title_room, m.pt(14), m.pt(6.5, 6),
                         f"{where}: the title", size, font=fonts.SERIF_BOLD, max_lines=2)

    y = band_bottom - mm(2) * m.scale
    stats = []
    for row in _stat_rows(card.stats):
        gap = mm(1.5) * m.scale
        width = (m.inner_width - gap * (len(row) - 1)) / len(row)
        for i, stat in enumerate(row):
            value_size = _stat_value_size(stat.value, width - mm(1.6), m)
            if value_size is None:
                raise CardTooFull(f"{where}: the {stat.label} value {stat.value!r} is too long for a {size.name} card")
            stats.append(StatBox(stat.label, stat.value, value_size, SAFE + i * (width + gap), width, y,
                                 _stat_label_size(stat.label, width, m)))
        y -= m.stat_height + gap

    tag_size = m.pt(6.5, 5)
    tags_top = y
    if card.tags:
        tag_size = _tag_size(card.tags, m)
        if tag_size is None:
            raise CardTooFull(f"{where}: the badges {', '.join(card.tags)} are too long for a {size.name} card")
        y -= tag_size * 1.9 + mm(1.2) * m.scale
    body = None
    body_top = y - mm(0.5)
    body_bottom = SAFE + m.index_size * 1.8
    symbol_size = 0.0
    if card.symbols:
        symbol_size = _symbol_size(card, m)
        if symbol_size is None:
            raise CardTooFull(f"{where}: its {len(card.symbols)} symbols do not fit across a {size.name} card")
        body_bottom += symbol_size + SYMBOL_GAP
    if card.body:
        body = _fit_or_fail(list(card.body), m.inner_width, body_top - body_bottom, m.pt(10.5), 5,
                            f"{where}: the text", size)
    return PreparedFace(card, title, kicker, tuple(stats), card.tags, tag_size, tags_top, body, body_top, symbol_size)


SYMBOL_GAP = mm(1.2)


def _symbol_size(card: Card, m: Metrics) -> float | None:
    """The tallest symbol row, up to 7 mm on a poker card, that fits across the card."""
    size = m.pt(mm(7))
    while size >= mm(3.5):
        widths = sum(marks.symbol_width(s, size) for s in card.symbols) + SYMBOL_GAP * (len(card.symbols) - 1)
        if widths <= m.inner_width:
            return size
        size -= 0.5
    return None


def _draw_symbols(c: Canvas, face: PreparedFace, m: Metrics) -> None:
    """The symbols in a centred row just above the index line."""
    size = face.symbol_size
    widths = [marks.symbol_width(s, size) for s in face.card.symbols]
    x = (m.width - sum(widths) - SYMBOL_GAP * (len(widths) - 1)) / 2
    y = SAFE + m.index_size * 1.8
    for symbol, width in zip(face.card.symbols, widths):
        marks.draw_symbol(c, symbol, x, y, size)
        x += width + SYMBOL_GAP


def _stat_rows(stats: tuple) -> list[tuple]:
    """Up to three stats a row, rows as even as can be, the fuller rows last (5 stats: 2 then 3)."""
    if not stats:
        return []
    rows = -(-len(stats) // STATS_PER_ROW)
    base, extra = divmod(len(stats), rows)
    sizes = [base] * (rows - extra) + [base + 1] * extra
    result, start = [], 0
    for size in sizes:
        result.append(stats[start:start + size])
        start += size
    return result


def _fit_or_fail(paragraphs, width, height, max_size, min_size, what, size: CardSize, **kw) -> text.FittedText:
    fitted = text.fit(paragraphs, width, height, max_size, min_size, **kw) if height > 0 else None
    if fitted is None:
        raise CardTooFull(f"{what} does not fit on a {size.name} card even at {min_size:g} pt; shorten it")
    return fitted


def _stat_label_size(label: str, width: float, m: Metrics) -> float:
    """6.5 pt on a poker card and never under 6 where the label fits; a long label shrinks to fit its box."""
    return text_engine.fit_line(label.upper(), width - mm(1), m.pt(STAT_LABEL, LEGIBLE_LABEL), MIN_STAT_LABEL,
                                fonts.SERIF_BOLD).size


def _stat_value_size(value: str, width: float, m: Metrics) -> float | None:
    fitted = text_engine.fit_line(value, width, m.pt(17), m.pt(7, 6.5), fonts.MONO_BOLD, step=0.5)
    return fitted.size if fitted.fits else None


def paper_and_band(c: Canvas, m: Metrics, accent: Color, bleed: float) -> float:
    """The card's paper and its title band, which runs off the top and the sides into the bleed; the band's foot."""
    c.setFillColorRGB(*PAPER)
    c.rect(-bleed, -bleed, m.width + 2 * bleed, m.height + 2 * bleed, stroke=0, fill=1)
    band_bottom = m.height - m.band_height
    c.setFillColorRGB(*accent)
    c.rect(-bleed, band_bottom, m.width + 2 * bleed, m.band_height + bleed, stroke=0, fill=1)
    return band_bottom


def draw(c: Canvas, face: PreparedFace, deck: Deck, size: CardSize, bleed: float, index_text: str) -> None:
    m = Metrics.of(size)
    accent = face.card.accent or deck.accent
    band_bottom = paper_and_band(c, m, accent, bleed)
    c.setFillColorRGB(*mix(accent, (1, 1, 1), 0.55))
    c.rect(-bleed, band_bottom - mm(0.6), m.width + 2 * bleed, mm(0.6), stroke=0, fill=1)

    c.setFillColorRGB(1, 1, 1)
    top = m.height - SAFE
    face.title.draw(c, SAFE, top, m.inner_width)
    if face.kicker:
        c.setFillColorRGB(*mix(accent, (1, 1, 1), 0.8))
        face.kicker.draw(c, SAFE, top - face.title.height - mm(0.4), m.inner_width)

    for box in face.stats:
        _draw_stat(c, box, m, accent)

    if face.tags:
        _draw_tags(c, face, m, accent)

    _draw_watermark(c, face, m, accent)
    if face.symbol_size:
        _draw_symbols(c, face, m)
    if face.body:
        c.setFillColorRGB(*INK)
        face.body.draw(c, SAFE, face.body_top, m.inner_width)

    c.setFillGray(MUTED)
    # The baseline sits a descent above the safe edge, so "/" and "," stay inside it.
    glyphs.draw(c, SAFE, SAFE + m.index_size * text.DESCENT, index_text, fonts.MONO, m.index_size)
    rule = SAFE + m.index_size * 1.35
    c.setStrokeGray(0.75)
    c.setLineWidth(0.3)
    c.line(SAFE, rule, m.width - SAFE, rule)


def _draw_watermark(c: Canvas, face: PreparedFace, m: Metrics, accent: Color) -> None:
    """The card's emblem, or a faint "@", in the room the text leaves free at the foot of the card."""
    free_top = face.body_top - (face.body.height if face.body else 0.0) - mm(1)
    free_bottom = SAFE + m.index_size * 1.8 + (face.symbol_size + SYMBOL_GAP if face.symbol_size else 0.0)
    if face.card.emblem:
        room = min(free_top - free_bottom, m.inner_width * 0.6)
        if room >= EMBLEM_MIN:
            marks.emblem(c, face.card.emblem, m.width / 2, (free_top + free_bottom) / 2, room * 0.9, face.card.tint)
        return
    size = m.pt(60)
    if free_top - free_bottom < size * 0.85:
        return  # one size on every card, or none: a shrunken mark looks like a mistake
    c.setFillColorRGB(*mix(accent, PAPER, 0.9))
    c.setFont(fonts.MONO_BOLD, size)
    c.drawCentredString(m.width / 2, free_bottom + size * 0.18, "@")


def _draw_stat(c: Canvas, box: StatBox, m: Metrics, accent: Color) -> None:
    height = m.stat_height
    c.setFillColorRGB(*mix(accent, PAPER, 0.88))
    c.setStrokeColorRGB(*mix(accent, PAPER, 0.35))
    c.setLineWidth(0.6)
    c.roundRect(box.x, box.top - height, box.width, height, mm(1.2) * m.scale, stroke=1, fill=1)
    label_size = box.label_size
    c.setFillColorRGB(*mix(accent, INK, 0.4))
    glyphs.draw(c, box.x + box.width / 2, box.top - mm(1) * m.scale - label_size * 0.8, box.label.upper(),
                fonts.SERIF_BOLD, label_size, align="center")
    c.setFillColorRGB(*INK)
    value_room_top = box.top - mm(1.3) * m.scale - label_size
    middle = (value_room_top + box.top - height) / 2
    glyphs.draw(c, box.x + box.width / 2, middle - box.value_size * 0.36, box.value, fonts.MONO_BOLD, box.value_size,
                align="center")


TAG_GAP = mm(1)
EMBLEM_MIN = mm(6)  # an emblem smaller than this is left out rather than drawn as a speck


def _tag_widths(tags: tuple[str, ...], size: float) -> list[float]:
    return [glyphs.width(t.upper(), fonts.SERIF_BOLD, size) + 1.2 * size for t in tags]


def _tag_size(tags: tuple[str, ...], m: Metrics) -> float | None:
    """The largest badge size at which every badge fits on one line."""
    return next((size for size in text_engine.steps(m.pt(6.5, 5), 4.5)
                 if sum(_tag_widths(tags, size)) + TAG_GAP * (len(tags) - 1) <= m.inner_width), None)


def _draw_tags(c: Canvas, face: PreparedFace, m: Metrics, accent: Color) -> None:
    size = face.tag_size
    pad = size * 0.6
    widths = _tag_widths(face.tags, size)
    gap = TAG_GAP
    x = SAFE
    height = size * 1.6
    y = face.tags_top - height
    for tag, width in zip(face.tags, widths):
        c.setFillColorRGB(*mix(accent, INK, 0.35))
        c.roundRect(x, y, width, height, height / 2, stroke=0, fill=1)
        c.setFillColorRGB(1, 1, 1)
        glyphs.draw(c, x + pad, y + height / 2 - size * 0.33, tag.upper(), fonts.SERIF_BOLD, size)
        x += width + gap


def mix(a: Color, b: Color, amount: float) -> Color:
    """``a`` moved ``amount`` of the way towards ``b``."""
    return tuple(x + (y - x) * amount for x, y in zip(a, b))  # type: ignore[return-value]
