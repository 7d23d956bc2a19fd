"""The generic card face: a title band, a stat block, badges, body text, a picture, symbols, the index.

``prepare`` fits every word of a card into its boxes once (and says which card
is too full if one is); ``draw`` paints the prepared card at the origin, in
card space, with art reaching ``bleed`` beyond the trim for the caller's clip.
Every word stays inside the safe area, ``SAFE`` inside the trim.

From the top: the band with the title and the line under it; the stats, up to
three a row (fewer where a label would not fit at 6 pt); the badges; the
words, at the deck's one size (``body_size``, chosen by ``faces``); then the
card's picture in a panel that fills the room down to a fixed gap above the
symbols and the index line. A card whose words leave too little room for the
panel carries its picture in the band, beside the title. A boss's picture
(``Card.full_art``) fills the card behind its words. Every label is at least
6 pt at every card size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ..errors import PrintgenError
from ..render import fonts
from ..units import mm
from ..render import text as text_engine
from . import glyphs, icons, marks, text
from .model import Card, Color, Deck, Paragraph
from .sizes import CARD_SIZES, CardSize

SAFE = mm(3.5)  # text never comes nearer the trim than this
PAPER: Color = (0.985, 0.972, 0.94)  # a warm off-white card stock
INK: Color = (0.1, 0.1, 0.12)
GOLD: Color = (0.78, 0.6, 0.18)
MUTED = 0.38
STATS_PER_ROW = 3
STAT_LABEL = 6.5  # pt on a poker card
LEGIBLE = 6.0  # pt: no label or line on a built-in card is smaller than this, at any card size
MIN_STAT_LABEL = 3.5  # pt: how far a label too long for its box may shrink, on a card of your own
BODY_MAX = 9.0  # pt on a poker card: the words of a deck are set at this size or the largest below it all fit
BODY_MIN = 5.0  # pt: the least a card of your own may shrink to (a warning names it under 6)
FOOTER_GAP = mm(1.5)  # between the lowest words, picture or symbols and the index line, on every card
ART_MIN = mm(10)  # the least height of a picture's panel on a poker card; less, and the picture goes in the band
ART_MOST = mm(40)  # the largest a picture is drawn on a poker card
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
        return mm(11.5) * self.scale

    @property
    def index_size(self) -> float:
        return self.pt(6, LEGIBLE)

    @property
    def index_rule(self) -> float:
        """The height of the thin rule over the index line."""
        return SAFE + self.index_size * 1.35

    @property
    def content_bottom(self) -> float:
        """The lowest any words, picture or symbols come: a fixed gap above the index line."""
        return self.index_rule + FOOTER_GAP


@dataclass(frozen=True)
class StatBox:
    label: str
    value: str
    value_size: float
    x: float
    width: float
    top: float
    label_size: float
    note: text.FittedText | None = None
    height: float = 0.0


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
    tag_rows: tuple[tuple[str, ...], ...] = ()
    art_in_band: bool = False  # too little room below the words: the picture stands in the band
    labels: tuple[float, ...] = ()  # every other size of type on the face (the line under the title, notes)
    band: float = 0.0  # the band's height, when the title needs more than the usual
    stat_line: text.FittedText | None = None  # the stats as a line of words, on a card too full for their boxes


class CardTooFull(PrintgenError):
    """A card whose words cannot fit at the smallest readable size: what does not fit, then "; " and what the
    person can do about it."""

    @property
    def problem(self) -> str:
        """What does not fit, without the remedy."""
        return str(self).split("; ", 1)[0]


def has_picture(card: Card) -> bool:
    return bool(card.picture or card.emblem)


# The ways a card is laid out, tried in turn until its words fit: its picture in a panel below the words, or
# in the band; its stats in boxes, or as a line of words.
LAYOUTS = (("panel", "boxes"), ("band", "boxes"), ("band", "line"))


@dataclass(frozen=True)
class _Head:
    """What stands above the words: everything but the body, and where the words may start and end."""

    title: text.FittedText
    kicker: text.FittedText | None
    stats: tuple[StatBox, ...]
    tag_rows: tuple[tuple[str, ...], ...]
    tag_size: float
    tags_top: float
    body_top: float
    body_bottom: float
    symbol_size: float
    band: float
    stat_line: text.FittedText | None


def _head(card: Card, deck: Deck, size: CardSize, art_in_band: bool, stats_as_line: bool = False) -> _Head:
    m = Metrics.of(size)
    where = card.source or f"{deck.title} card {card.title!r}"
    title_width = m.inner_width - (_band_art_room(m) if art_in_band else 0.0)
    kicker = None
    kicker_height = 0.0
    if card.kicker:
        kicker_max = m.pt(7, LEGIBLE)
        kicker = text.fit([Paragraph(card.kicker)], title_width, kicker_max * 1.4, kicker_max, LEGIBLE,
                          font=fonts.SERIF_ITALIC, max_lines=1)
        if kicker is None:  # two lines at the legible size, rather than one too small to read
            kicker = _fit_or_fail([Paragraph(card.kicker)], title_width, LEGIBLE * 2.6, LEGIBLE, LEGIBLE,
                                  f"{where}: the line under the title", size, font=fonts.SERIF_ITALIC, max_lines=2)
        kicker_height = kicker.height
    band = m.band_height
    title_room = band - SAFE - mm(1.2) - kicker_height
    title = text.fit([Paragraph(card.title)], title_width, title_room, m.pt(14), m.pt(6.5, LEGIBLE),
                     font=fonts.SERIF_BOLD, max_lines=2)
    if title is None:  # a taller band, rather than a title too small to read
        title = _fit_or_fail([Paragraph(card.title)], title_width, m.height / 3, m.pt(6.5, LEGIBLE),
                             m.pt(6.5, LEGIBLE), f"{where}: the title", size, font=fonts.SERIF_BOLD, max_lines=2)
        band = SAFE + mm(1.2) + kicker_height + title.height
    band_bottom = m.height - band

    y = band_bottom - mm(2) * m.scale
    stats = []
    stat_line = None
    gap = mm(1.5) * m.scale
    if card.stats and stats_as_line:
        stat_line = _stat_line(card, m)
        y -= stat_line.height + gap
    for row in [] if stats_as_line else _stat_rows(card.stats, _per_row(card, m)):
        width = (m.inner_width - gap * (len(row) - 1)) / len(row)
        notes = [_stat_note(stat.note, width, m) if stat.note else None for stat in row]
        height = m.stat_height + max((note.height + mm(0.4) for note in notes if note), default=0.0)
        for i, (stat, note) in enumerate(zip(row, notes)):
            value_size = _stat_value_size(stat.value, width, m)
            if value_size is None:
                raise CardTooFull(f"{where}: the {stat.label} value {stat.value!r} is too long for a {size.name} card")
            stats.append(StatBox(stat.label, stat.value, value_size, SAFE + i * (width + gap), width, y,
                                 _stat_label_size(stat.label, width, m), note, height))
        y -= height + gap

    tag_size = m.pt(6.5, LEGIBLE)
    tags_top = y
    tag_rows: tuple[tuple[str, ...], ...] = ()
    if card.tags:
        tag_size, tag_rows = _tag_layout(card.tags, m)
        if not tag_rows:
            raise CardTooFull(f"{where}: the badges {', '.join(card.tags)} are too long for a {size.name} card")
        y -= len(tag_rows) * (tag_size * 1.6 + TAG_GAP) - TAG_GAP + mm(1.2) * m.scale
    body_top = y - mm(0.5)
    body_bottom = m.content_bottom
    symbol_size = 0.0
    if card.symbols:
        symbol_size = _symbol_size(card, m)
        if symbol_size is None:
            raise CardTooFull(f"{where}: its {len(card.symbols)} symbols do not fit across a {size.name} card")
        body_bottom += symbol_size + SYMBOL_GAP
    return _Head(title, kicker, tuple(stats), tag_rows, tag_size, tags_top, body_top, body_bottom, symbol_size,
                 band, stat_line)


def _stat_line(card: Card, m: Metrics) -> text.FittedText:
    """The stats as words, "HEALTH 3d6 · SPEED 2 ...", each label kept with its value, at 6.5 pt or so."""
    runs: list[tuple[str, str]] = []
    for i, stat in enumerate(card.stats):
        if i:
            runs.append(("  ", fonts.SERIF))
        runs.append((stat.label.upper() + "\u00a0", fonts.SERIF_BOLD))
        runs.append((stat.value.replace(" ", "\u00a0"), fonts.MONO_BOLD))
        if stat.note:
            runs.append(("\u00a0" + stat.note.replace(" ", "\u00a0"), fonts.SERIF_ITALIC))
    return text_engine.fit([runs], m.inner_width, m.height, m.pt(7.5, LEGIBLE), LEGIBLE, spacing=text.SPACING,
                           by_word=True)


def _art_reserve(card: Card, m: Metrics, art_in_band: bool) -> float:
    """The room a picture's panel keeps below the words: its least height and the gap above it."""
    if art_in_band or not has_picture(card) or card.full_art:
        return 0.0
    return ART_MIN * m.scale + mm(1.5) * m.scale


def _fit_body(card: Card, head: _Head, m: Metrics, art_in_band: bool, most: float, least: float):
    return text.fit(list(card.body), m.inner_width, head.body_top - head.body_bottom - _art_reserve(card, m, art_in_band),
                    most, least)


def _layouts(card: Card) -> tuple[tuple[str, str], ...]:
    """The layouts worth trying for a card: the band only holds a picture, the line only stats."""
    found: list[tuple[str, str]] = []
    for art, stats in LAYOUTS:
        if art == "band" and (not has_picture(card) or card.full_art):
            art = "panel"  # no picture to move: the panel keeps no room
        if (art, stats) not in found and (stats == "boxes" or card.stats):
            found.append((art, stats))
    return tuple(found)


def largest_body(card: Card, deck: Deck, size: CardSize) -> float | None:
    """The largest size the card's words fit at: with its stats in boxes and its picture below the words or in
    the band, whichever lets them be larger; with its stats as a line only where boxes would leave the words
    under 6 pt. None if they fit nowhere."""
    m = Metrics.of(size)
    found: dict[str, float] = {}
    for art, stats in _layouts(card):
        head = _head(card, deck, size, art == "band", stats == "line")
        fitted = _fit_body(card, head, m, art == "band", m.body_max, BODY_MIN)
        if fitted is not None:
            found[stats] = max(found.get(stats, 0.0), fitted.size)
    if found.get("boxes", 0.0) >= LEGIBLE or "line" not in found:
        return found.get("boxes")
    return found["line"]


def prepare(card: Card, deck: Deck, size: CardSize, body_size: float | None = None) -> PreparedFace:
    """The card laid out; its words at ``body_size`` (the deck's), or as large as they fit when None."""
    m = Metrics.of(size)
    where = card.source or f"{deck.title} card {card.title!r}"
    most, least = (body_size, body_size) if body_size is not None else (m.body_max, BODY_MIN)
    if card.reference:  # a built-in card of rules: legible, or refused at this size
        least = LEGIBLE
    body = None
    for art, stats in _layouts(card):
        art_in_band = art == "band"
        head = _head(card, deck, size, art_in_band, stats == "line")
        if not card.body:
            if head.body_top - head.body_bottom >= _art_reserve(card, m, art_in_band):
                break
            continue
        body = _fit_body(card, head, m, art_in_band, most, least)
        if body is not None and (body_size is not None or body.size >= LEGIBLE):
            break
    if card.body and body is None:
        raise CardTooFull(f"{where}: the text does not fit on a {size.name} card even at {least:g} pt; shorten it")
    labels = [head.kicker.size] if head.kicker else []
    labels += [b.note.size for b in head.stats if b.note]
    labels += [head.stat_line.size] if head.stat_line else []
    return PreparedFace(card, head.title, head.kicker, head.stats, card.tags, head.tag_size, head.tags_top, body,
                        head.body_top, head.symbol_size, head.tag_rows, art_in_band, tuple(labels), head.band,
                        head.stat_line)


SYMBOL_GAP = mm(1.2)


def _symbol_size(card: Card, m: Metrics) -> float | None:
    """The tallest symbol row, up to 7 mm on a poker card, that fits across the card; never so small that
    a number on a coin would be under 6 pt."""
    least = max(mm(3.5), marks.least_symbol_size(card.symbols, LEGIBLE))
    size = max(m.pt(mm(7)), least)
    while size >= least:
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
    y = m.content_bottom
    for symbol, width in zip(face.card.symbols, widths):
        marks.draw_symbol(c, symbol, x, y, size)
        x += width + SYMBOL_GAP


def _per_row(card: Card, m: Metrics) -> int:
    """Three stats a row (four, when a card has four and they fit in one row), or fewer where a label or value
    would not fit its box at the legible size."""
    gap = mm(1.5) * m.scale
    for per_row in range(max(STATS_PER_ROW, min(len(card.stats), 4)), 0, -1):
        width = (m.inner_width - gap * (per_row - 1)) / per_row
        if all(_label_fits(stat.label, width) and _stat_value_size(stat.value, width, m) is not None
               for stat in card.stats):
            return per_row
    return 1


def _label_fits(label: str, width: float) -> bool:
    return glyphs.width(label.upper(), fonts.SERIF_BOLD, LEGIBLE) <= width - 2 * STAT_INSET


def _stat_rows(stats: tuple, per_row: int = STATS_PER_ROW) -> list[tuple]:
    """Up to ``per_row`` stats a row, rows as even as can be, the fuller rows last (5 stats: 2 then 3)."""
    if not stats:
        return []
    rows = -(-len(stats) // per_row)
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
    return text_engine.fit_line(label.upper(), width - 2 * STAT_INSET, m.pt(STAT_LABEL, LEGIBLE), MIN_STAT_LABEL,
                                fonts.SERIF_BOLD).size


def _stat_value_size(value: str, width: float, m: Metrics) -> float | None:
    fitted = text_engine.fit_line(value, width - 2 * STAT_INSET, m.pt(17), m.pt(7, 6.5), fonts.MONO_BOLD, step=0.5)
    return fitted.size if fitted.fits else None


def _stat_note(note: str, width: float, m: Metrics) -> text.FittedText | None:
    """The words under a stat's value: one line, or two, at 6 pt or more."""
    return text.fit([Paragraph(note)], width - 2 * STAT_INSET, LEGIBLE * 2.6, m.pt(6.5, LEGIBLE), LEGIBLE,
                    font=fonts.SERIF_ITALIC, max_lines=2)


STAT_INSET = mm(1)  # a stat box's label, value and note stand this far clear of its sides at least


def paper_and_band(c: Canvas, m: Metrics, accent: Color, bleed: float, ink_saver: bool = False,
                   band: float = 0.0, paper: Color = PAPER) -> float:
    """The card's paper and its title band (``band`` high, else the usual), which runs off the top and the
    sides into the bleed; the band's foot.

    With ``ink_saver`` the band is a light tint over a rule of the accent, so its words print dark."""
    band = band or m.band_height
    c.setFillColorRGB(*paper)
    c.rect(-bleed, -bleed, m.width + 2 * bleed, m.height + 2 * bleed, stroke=0, fill=1)
    band_bottom = m.height - band
    c.setFillColorRGB(*(mix(accent, PAPER, 0.85) if ink_saver else accent))
    c.rect(-bleed, band_bottom, m.width + 2 * bleed, band + bleed, stroke=0, fill=1)
    if ink_saver:  # a rule of the accent along the band's foot
        c.setStrokeColorRGB(*accent)
        c.setLineWidth(mm(0.5))
        c.line(-bleed, band_bottom + mm(0.25), m.width + bleed, band_bottom + mm(0.25))
    return band_bottom


def title_colours(accent: Color, ink_saver: bool) -> tuple[Color, Color]:
    """The title's colour and the line under it, on the band."""
    if ink_saver:
        return mix(accent, INK, 0.55), mix(accent, INK, 0.3)
    return (1.0, 1.0, 1.0), mix(accent, (1, 1, 1), 0.8)


def draw(c: Canvas, face: PreparedFace, deck: Deck, size: CardSize, bleed: float, index_text: str) -> None:
    m = Metrics.of(size)
    accent = face.card.accent or deck.accent
    band_bottom = paper_and_band(c, m, accent, bleed, deck.ink_saver, face.band)
    if not deck.ink_saver:
        c.setFillColorRGB(*mix(accent, (1, 1, 1), 0.55))
        c.rect(-bleed, band_bottom - mm(0.6), m.width + 2 * bleed, mm(0.6), stroke=0, fill=1)
    if face.card.full_art:
        _draw_full_art(c, face, m, accent, band_bottom, deck.ink_saver)

    title_colour, kicker_colour = title_colours(accent, deck.ink_saver)
    c.setFillColorRGB(*title_colour)
    top = m.height - SAFE
    width = m.inner_width - (_band_art_room(m) if face.art_in_band else 0.0)
    face.title.draw(c, SAFE, top, width)
    if face.kicker:
        c.setFillColorRGB(*kicker_colour)
        face.kicker.draw(c, SAFE, top - face.title.height - mm(0.4), width)
    if face.art_in_band:
        _draw_band_art(c, face, m, accent, band_bottom, deck.ink_saver)

    for box in face.stats:
        _draw_stat(c, box, m, accent)
    if face.stat_line:
        c.setFillColorRGB(*mix(accent, INK, 0.5))
        face.stat_line.draw(c, SAFE, band_bottom - mm(2) * m.scale, m.inner_width)

    if face.tags:
        _draw_tags(c, face, m, accent, deck.ink_saver)

    if not face.card.full_art and not face.art_in_band:
        _draw_picture(c, face, m, accent, deck.ink_saver)
    if face.symbol_size:
        _draw_symbols(c, face, m)
    if face.body:
        c.setFillColorRGB(*INK)
        face.body.draw(c, SAFE, face.body_top, m.inner_width)
    draw_index(c, m, index_text)


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
                 ink_saver: bool = False, colour: Color | None = None) -> None:
    """The card's picture (an icon of the set, or several side by side; else its drawn emblem) centred on
    (cx, cy), ``size`` tall."""
    if card.picture:
        names = card.picture.split()
        each = size / (1 if len(names) == 1 else 0.9 * len(names))
        for i, name in enumerate(names):
            x = cx + (i - (len(names) - 1) / 2) * each * 1.08
            icons.draw(c, name, x, cy, each, colour or picture_colour(card, accent), outline=ink_saver)
    elif card.emblem and ink_saver:  # in light tints of its colours
        with marks.pale():
            marks.emblem(c, card.emblem, cx, cy, size, marks.lighter(card.tint) if card.tint else None)
    elif card.emblem:
        marks.emblem(c, card.emblem, cx, cy, size, card.tint)


def _picture_room(face: PreparedFace, m: Metrics) -> tuple[float, float]:
    """The bottom and top of the room below the words."""
    top = face.body_top - (face.body.height if face.body else 0.0) - mm(1.5) * m.scale
    bottom = m.content_bottom + (face.symbol_size + SYMBOL_GAP if face.symbol_size else 0.0)
    return bottom, top


def _draw_picture(c: Canvas, face: PreparedFace, m: Metrics, accent: Color, ink_saver: bool) -> None:
    """The picture in a tinted panel filling the room the words leave; a faint "@" on a card with none."""
    bottom, top = _picture_room(face, m)
    card = face.card
    if not has_picture(card):
        size = m.pt(60)
        if top - bottom < size * 0.85:
            return  # one size on every card, or none: a shrunken mark looks like a mistake
        c.setFillColorRGB(*mix(accent, PAPER, 0.9))
        c.setFont(fonts.MONO_BOLD, size)
        c.drawCentredString(m.width / 2, bottom + size * 0.18, "@")
        return
    height = top - bottom
    if height <= 0:
        return
    c.saveState()
    c.setFillColorRGB(*mix(accent, PAPER, 0.92 if not ink_saver else 0.96))
    c.setStrokeColorRGB(*mix(accent, PAPER, 0.7))
    c.setLineWidth(0.4)
    c.roundRect(SAFE, bottom, m.inner_width, height, mm(1.5) * m.scale, stroke=1, fill=1)
    c.restoreState()
    size = min(height * 0.84, m.inner_width * 0.72, ART_MOST * m.scale)
    draw_picture(c, card, m.width / 2, bottom + height / 2, size, accent, ink_saver)


def _band_art_room(m: Metrics) -> float:
    return m.band_height * 0.78


def _draw_band_art(c: Canvas, face: PreparedFace, m: Metrics, accent: Color, band_bottom: float,
                   ink_saver: bool) -> None:
    """The picture on a disc at the band's right, where the words left no room below them."""
    radius = m.band_height * 0.36
    cx, cy = m.width - SAFE - radius, band_bottom + (face.band or m.band_height) / 2
    c.setFillColorRGB(*PAPER)
    c.setStrokeColorRGB(*mix(accent, PAPER, 0.4))
    c.setLineWidth(0.6)
    c.circle(cx, cy, radius, stroke=1, fill=1)
    draw_picture(c, face.card, cx, cy, radius * 1.45, accent, ink_saver)


def _draw_full_art(c: Canvas, face: PreparedFace, m: Metrics, accent: Color, band_bottom: float,
                   ink_saver: bool) -> None:
    """A boss: its picture as large as the card below the band, in a light tint behind its words, in a gold
    frame."""
    bottom, top = m.content_bottom, band_bottom - mm(1)
    size = min(top - bottom, m.inner_width + 2 * SAFE * 0.6) * 0.98
    colour = mix(accent, PAPER, 0.82)
    draw_picture(c, face.card, m.width / 2, (top + bottom) / 2, size, accent, ink_saver, colour=colour)
    c.setStrokeColorRGB(*GOLD)
    c.setLineWidth(mm(0.7) * m.scale)
    inset = SAFE * 0.45
    c.rect(inset, inset, m.width - 2 * inset, band_bottom - inset, stroke=1, fill=0)


def _draw_stat(c: Canvas, box: StatBox, m: Metrics, accent: Color) -> None:
    height = box.height or m.stat_height
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
    room_bottom = box.top - height + (box.note.height + mm(0.6) if box.note else 0.0)
    middle = (value_room_top + room_bottom) / 2
    glyphs.draw(c, box.x + box.width / 2, middle - box.value_size * 0.36, box.value, fonts.MONO_BOLD, box.value_size,
                align="center")
    if box.note:
        c.setFillColorRGB(*mix(accent, INK, 0.5))
        box.note.draw(c, box.x + STAT_INSET, room_bottom - mm(0.2), box.width - 2 * STAT_INSET, align="center")


TAG_GAP = mm(1)
EMBLEM_MIN = mm(6)  # an emblem smaller than this is left out rather than drawn as a speck


def _tag_widths(tags: tuple[str, ...], size: float) -> list[float]:
    return [glyphs.width(t.upper(), fonts.SERIF_BOLD, size) + 1.2 * size for t in tags]


def _tag_layout(tags: tuple[str, ...], m: Metrics) -> tuple[float, tuple[tuple[str, ...], ...]]:
    """The badges' size and rows: on one row at the largest size that fits, down to 6 pt; else in as many
    rows as they need at 6 pt. No rows: a badge wider than the card."""
    for size in text_engine.steps(m.pt(6.5, LEGIBLE), LEGIBLE):
        if sum(_tag_widths(tags, size)) + TAG_GAP * (len(tags) - 1) <= m.inner_width:
            return size, (tags,)
    rows: list[list[str]] = [[]]
    used = 0.0
    for tag, width in zip(tags, _tag_widths(tags, LEGIBLE)):
        if width > m.inner_width:
            return LEGIBLE, ()
        if rows[-1] and used + TAG_GAP + width > m.inner_width:
            rows.append([])
            used = 0.0
        used += (TAG_GAP if rows[-1] else 0.0) + width
        rows[-1].append(tag)
    return LEGIBLE, tuple(tuple(row) for row in rows)


def _draw_tags(c: Canvas, face: PreparedFace, m: Metrics, accent: Color, ink_saver: bool) -> None:
    size = face.tag_size
    pad = size * 0.6
    height = size * 1.6
    y = face.tags_top - height
    for row in face.tag_rows or (face.tags,):
        x = SAFE
        for tag, width in zip(row, _tag_widths(row, size)):
            if ink_saver:
                c.setStrokeColorRGB(*mix(accent, INK, 0.35))
                c.setLineWidth(0.6)
                c.roundRect(x, y, width, height, height / 2, stroke=1, fill=0)
                c.setFillColorRGB(*mix(accent, INK, 0.35))
            else:
                c.setFillColorRGB(*mix(accent, INK, 0.35))
                c.roundRect(x, y, width, height, height / 2, stroke=0, fill=1)
                c.setFillColorRGB(1, 1, 1)
            glyphs.draw(c, x + pad, y + height / 2 - size * 0.33, tag.upper(), fonts.SERIF_BOLD, size)
            x += width + TAG_GAP
        y -= height + TAG_GAP


def mix(a: Color, b: Color, amount: float) -> Color:
    """``a`` moved ``amount`` of the way towards ``b``."""
    return tuple(x + (y - x) * amount for x, y in zip(a, b))  # type: ignore[return-value]
