"""The text face, most cards' face: a title band, a picture, badges, body text, the stat boxes, symbols, the index.

``prepare`` fits every word of a card into its boxes once (and says which card
is too full if one is); ``draw`` paints the prepared card at the origin, in
card space, with art reaching ``bleed`` beyond the trim for the caller's clip.
Every word stays inside the safe area, ``SAFE`` inside the trim.

One layout for every card of a deck (``face_kinds`` measures it once): from
the top, the band with the title and the line under it; the card's picture in
the deck's frame; the badges; the words, at the deck's one size; and at the
foot, over the symbols and the index line, the stat boxes, in the same places
and sizes on every card that has stats (``StatLayout``: a card's n-th stat
stands in the deck's n-th box). Long words give way in order: the card's
picture first (its frame shorter, down to the least, then a disc in the band),
then the deck's type (never under the deck's least size), and what still does
not fit continues on a card of rules after the deck's cards (``rest``). A
stat box is never dropped. A boss's picture (``Card.full_art``) fills the card
behind its words. Every label is at least 6 pt at every card size.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ..render import fonts
from ..render import text as text_engine
from ..units import MIN_TEXT_PT, mm
from ..words import Words
from . import glyphs, marks, text
from .face_parts import (
    INK,
    PAPER,
    SAFE,
    CardTooFull,
    Metrics,
    band_foot,
    draw_index,
    draw_picture,
    has_picture,
    mix,
    paper_and_band,
    title_colours,
)
from .model import Card, Color, Deck, Look, Paragraph
from .sizes import CardSize

STATS_PER_ROW = 3
STAT_LABEL = 6.5  # pt on a poker card
MIN_STAT_LABEL = 3.5  # pt: how far a label too long for its box may shrink, on a card of your own
BODY_MIN = 5.0  # pt: the least a card of your own may shrink to (a warning names it under 6)
ART_MIN = mm(18)  # the least height of a deck's picture frame on a poker card: a card needing less has its own
ART_LEAST = mm(10)  # the least of a card's own frame on a poker card; less, and its picture goes in the band
ART_MOST = mm(34)  # the tallest a deck's picture frame is on a poker card
FRAME_GAP = mm(2)  # between the picture's frame and what stands under it, on a poker card
STAT_GAP = mm(1.5)  # between stat boxes, and between the words and the boxes, on a poker card


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
class StatLayout:
    """A deck's stat boxes, the same on every card of it that has stats: how many boxes each row holds, top row
    first, and each row's height (the note under a value included, where any card of the deck has one)."""

    rows: tuple[int, ...]
    heights: tuple[float, ...]
    gap: float

    @property
    def height(self) -> float:
        return sum(self.heights) + self.gap * (len(self.rows) - 1)

    def slots(self, m: Metrics) -> list[tuple[float, float, float, float]]:
        """Each box's (x, width, top below the block's top, height), in reading order."""
        found, down = [], 0.0
        for count, height in zip(self.rows, self.heights):
            width = (m.inner_width - self.gap * (count - 1)) / count
            found += [(SAFE + i * (width + self.gap), width, down, height) for i in range(count)]
            down += height + self.gap
        return found


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
    art_in_band: bool = False  # too little room below the band: the picture stands in the band
    labels: tuple[float, ...] = ()  # every other size of type on the face (the line under the title, notes)
    band: float = 0.0  # the band's height, when the title needs more than the usual
    frame_top: float = 0.0  # the top of the picture's frame, under the band
    frame: float = 0.0  # the frame's height: the deck's, or less where the words need the room; 0: none
    stats_top: float = 0.0  # the top of the stat boxes at the foot (the words end above it)
    rest: tuple[Paragraph, ...] = ()  # the words that continue on a card of rules (face_kinds adds it)


@dataclass(frozen=True)
class _Head:
    """What stands around the words: everything but the body, and where the words may start and end."""

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
    frame_top: float
    frame: float
    stats_top: float


def stat_layout(cards, size: CardSize) -> StatLayout | None:
    """The stat boxes of a deck (or of one family of it), laid out once for all its text cards that have stats:
    as many boxes as the card with the most, up to three a row (four where there are four and they fit), fewer
    where some card's label or value would not fit its box at the legible size; each row as tall as the tallest
    note any card sets under a value in it. None: no card has stats."""
    m = Metrics.of(size)
    cards = [card for card in cards if card.face == "text" and card.stats]
    if not cards:
        return None
    gap = STAT_GAP * m.scale
    count = max(len(card.stats) for card in cards)
    per_row = 1
    for per_row in range(max(STATS_PER_ROW, min(count, 4)), 0, -1):
        width = (m.inner_width - gap * (per_row - 1)) / per_row
        if all(_label_fits(stat.label, width) and _stat_value_size(stat.value, width, m) is not None
               for card in cards for stat in card.stats):
            break
    rows = tuple(len(row) for row in _stat_rows(tuple(range(count)), per_row))
    heights, first = [], 0
    for row in rows:
        width = (m.inner_width - gap * (row - 1)) / row
        notes = [_stat_note(stat.note, width, m) for card in cards for stat in card.stats[first:first + row]
                 if stat.note]
        heights.append(m.stat_height + max((note.height + mm(0.4) for note in notes if note), default=0.0))
        first += row
    return StatLayout(rows, tuple(heights), gap)


def _head(card: Card, deck: Deck, size: CardSize, art_in_band: bool, frame: float = 0.0,
          layout: StatLayout | None = None) -> _Head:
    """What stands around a card's words: from the top, the band, the picture's frame ``frame`` high (none: 0),
    the badges; at the foot, the symbols and over them the stat boxes as ``layout`` places them (None: the
    card's own)."""
    m = Metrics.of(size)
    where = card.source or f"{deck.title} card {card.title!r}"
    title_width = m.inner_width - (_band_art_room(m) if art_in_band else 0.0)
    kicker = None
    kicker_height = 0.0
    if card.kicker:
        kicker_max = m.pt(7, MIN_TEXT_PT)
        kicker = text.fit([Paragraph(card.kicker)], title_width, kicker_max * 1.4, kicker_max, MIN_TEXT_PT,
                          font=fonts.SERIF_ITALIC, max_lines=1)
        if kicker is None:  # two lines at the legible size, rather than one too small to read
            kicker = _fit_or_fail([Paragraph(card.kicker)], title_width, MIN_TEXT_PT * 2.6, MIN_TEXT_PT, MIN_TEXT_PT,
                                  f"{where}: the line under the title", size, font=fonts.SERIF_ITALIC, max_lines=2)
        kicker_height = kicker.height
    band = m.band_height
    title_room = band - SAFE - mm(1.2) - kicker_height
    title_font = title_face(deck)
    title = text.fit([Paragraph(card.title)], title_width, title_room, m.pt(14), m.pt(6.5, MIN_TEXT_PT),
                     font=title_font, max_lines=2)
    if title is None:  # a taller band, rather than a title too small to read
        title = _fit_or_fail([Paragraph(card.title)], title_width, m.height / 3, m.pt(6.5, MIN_TEXT_PT),
                             m.pt(6.5, MIN_TEXT_PT), f"{where}: the title", size, font=title_font, max_lines=2)
        band = SAFE + mm(1.2) + kicker_height + title.height
    band_bottom = m.height - band

    y = band_bottom - mm(2) * m.scale
    frame_top = y
    if frame:
        y -= frame + FRAME_GAP * m.scale

    tag_size = m.pt(6.5, MIN_TEXT_PT)
    tags_top = y
    tag_rows: tuple[tuple[str, ...], ...] = ()
    if card.tags:
        tag_size, tag_rows = _tag_layout(card.tags, m)
        if not tag_rows:
            raise CardTooFull(f"{where}: the badges {', '.join(card.tags)} are too long for a {size.name} card")
        y -= len(tag_rows) * (tag_size * 1.6 + TAG_GAP) - TAG_GAP + mm(1.2) * m.scale
    body_top = y - mm(0.5)

    foot = m.content_bottom
    symbol_size = 0.0
    if card.symbols:
        symbol_size = _symbol_size(card, m)
        if symbol_size is None:
            raise CardTooFull(f"{where}: its {len(card.symbols)} symbols do not fit across a {size.name} card")
        foot += symbol_size + SYMBOL_GAP
    stats: list[StatBox] = []
    stats_top = foot
    if card.stats:
        layout = layout or stat_layout([card], size)
        assert layout is not None
        if len(card.stats) > sum(layout.rows):
            raise CardTooFull(f"{where}: {len(card.stats)} stats, more than the deck's {sum(layout.rows)} boxes")
        stats_top = foot + layout.height
        for stat, (x, width, down, height) in zip(card.stats, layout.slots(m)):
            value_size = _stat_value_size(stat.value, width, m)
            if value_size is None:
                raise CardTooFull(f"{where}: the {stat.label} value {stat.value!r} is too long for a {size.name} card")
            note = _stat_note(stat.note, width, m) if stat.note else None
            stats.append(StatBox(stat.label, stat.value, value_size, x, width, stats_top - down,
                                 _stat_label_size(stat.label, width, m), note, height))
    body_bottom = stats_top + (STAT_GAP * m.scale if card.stats else 0.0)
    return _Head(title, kicker, tuple(stats), tag_rows, tag_size, tags_top, body_top, body_bottom, symbol_size,
                 band, frame_top, frame, stats_top)


def framed(card: Card) -> bool:
    """Whether the card may show its picture in the deck's frame: a picture, not a boss's (it fills the card), not
    a card of rules to read (its picture stands in the band, out of its words' way)."""
    return bool(card.picture) and not card.full_art and not card.reference


def _in_band(card: Card, frame: float) -> bool:
    """Whether the card's picture stands in the band: a card of rules, or a card with no frame."""
    return has_picture(card) and not card.full_art and (card.reference or not frame)


def _fit_body(paragraphs, head: _Head, m: Metrics, most: float, least: float):
    return text.fit(list(paragraphs), m.inner_width, head.body_top - head.body_bottom, most, least)


def least_frame(size: CardSize) -> float:
    """The least height of a card's picture frame; a card whose words need more room carries its picture in the
    band."""
    return ART_LEAST * Metrics.of(size).scale


def shared_frame(size: CardSize) -> float:
    """The least height of a deck's picture frame, which every card shows but those whose words need a shorter."""
    return ART_MIN * Metrics.of(size).scale


def most_frame(size: CardSize) -> float:
    return ART_MOST * Metrics.of(size).scale


def largest_body(card: Card, deck: Deck, size: CardSize, frame: float | None = None,
                 layout: StatLayout | None = None, least: float = BODY_MIN) -> float | None:
    """The largest size, down to ``least``, at which the card's words fit under a picture frame ``frame`` high
    (0: the picture in the band; None: the least frame), over the stat boxes ``layout`` places. None if they
    fit nowhere."""
    m = Metrics.of(size)
    frame = least_frame(size) if frame is None else frame
    frame = frame if framed(card) else 0.0
    head = _head(card, deck, size, _in_band(card, frame), frame, layout)
    fitted = _fit_body(card.body, head, m, m.body_max, least)
    return fitted.size if fitted is not None else None


def largest_frame(card: Card, deck: Deck, size: CardSize, body_size: float | None,
                  layout: StatLayout | None = None) -> float:
    """The tallest picture frame, up to ``ART_MOST``, that leaves room for the card's words at ``body_size``
    (less than the least frame: the picture must stand in the band)."""
    m = Metrics.of(size)
    most = most_frame(size)
    if not framed(card):
        return most
    words = 0.0
    if card.body and body_size is not None:
        fitted = text.fit(list(card.body), m.inner_width, m.height, body_size, body_size)
        words = fitted.height if fitted is not None else m.height
    head = _head(card, deck, size, False, 0.0, layout)
    return min(most, head.body_top - head.body_bottom - words - FRAME_GAP * m.scale)


def card_frame(card: Card, deck: Deck, size: CardSize, frame: float, body_size: float | None,
               layout: StatLayout | None) -> float:
    """The frame a card of the deck shows its picture in: the deck's ``frame``, shorter where its words need the
    room, and none (the picture in the band) where they need more than the least frame leaves."""
    if not frame or not framed(card):
        return 0.0
    room = largest_frame(card, deck, size, body_size, layout)
    return min(frame, room) if room >= least_frame(size) - 1e-6 else 0.0


def prepare(phrasebooks: Words, card: Card, deck: Deck, size: CardSize, body_size: float | None = None,
            frame: float | None = None, layout: StatLayout | None = None, least: float | None = None) -> PreparedFace:
    """The card laid out under the deck's picture frame ``frame`` high (0: pictures in the band; None: the
    largest that leaves its words room, for a card on its own), its stats in the deck's ``layout``; its words at
    ``body_size`` (the deck's), or as large as they fit when None. With ``least`` (the deck's least size), words
    that do not fit at ``body_size`` even with the picture in the band are cut after a whole paragraph, the
    rest kept in ``rest`` for a card of rules."""
    m = Metrics.of(size)
    where = card.source or f"{deck.title} card {card.title!r}"
    least = least if least is not None else deck.least_body or None
    most, smallest = (body_size, body_size) if body_size is not None else (m.body_max, least or BODY_MIN)
    if card.reference:  # a built-in card of rules: legible, or refused at this size
        smallest = MIN_TEXT_PT
    if frame is None:
        frame = _own_frame(card, deck, size, layout)
    else:
        frame = card_frame(card, deck, size, frame, body_size, layout)
    head = _head(card, deck, size, _in_band(card, frame), frame, layout)
    body, rest = None, ()
    if card.body:
        body = _fit_body(card.body, head, m, most, smallest)
        if body is None and least is not None and not card.reference:
            kept, rest = _cut(phrasebooks, card, head, m, smallest, where, size)
            body = _fit_body(kept, head, m, smallest, smallest)
    if card.body and body is None:
        raise CardTooFull(f"{where}: the text does not fit on a {size.name} card even at {smallest:g} pt; shorten it")
    labels = [head.kicker.size] if head.kicker else []
    labels += [b.note.size for b in head.stats if b.note]
    return PreparedFace(card, head.title, head.kicker, head.stats, card.tags, head.tag_size, head.tags_top, body,
                        head.body_top, head.symbol_size, head.tag_rows, _in_band(card, frame), tuple(labels),
                        head.band, head.frame_top, head.frame, head.stats_top, rest)


def _cut(phrasebooks: Words, card: Card, head: _Head, m: Metrics, body_size: float, where: str, size: CardSize):
    """The most of the card's words that fit at ``body_size`` with the line that says the rest is on a card of
    rules (whole paragraphs, then as many words of the next as fit), that line included; and the rest."""
    say = phrasebooks.say_for(__package__)
    more = Paragraph(say("cards.continued"))

    def fits(paragraphs) -> bool:
        return _fit_body((*paragraphs, more), head, m, body_size, body_size) is not None

    if _fit_body(card.body, head, m, body_size, body_size) is not None:
        return card.body, ()
    whole = 0
    while whole < len(card.body) and fits(card.body[:whole + 1]):
        whole += 1
    words = card.body[whole].text.split(" ")
    low, high = 0, len(words) - 1  # the most words of the next paragraph that fit, by halves
    while low < high:
        middle = (low + high + 1) // 2
        if fits((*card.body[:whole], Paragraph(" ".join(words[:middle]) + "\u2026", card.body[whole].lead))):
            low = middle
        else:
            high = middle - 1
    if low:
        part = Paragraph(" ".join(words[:low]) + "\u2026", card.body[whole].lead)
        return (*card.body[:whole], part, more), (Paragraph("\u2026" + " ".join(words[low:])), *card.body[whole + 1:])
    if whole:
        return (*card.body[:whole], more), card.body[whole:]
    raise CardTooFull(f"{where}: no line of its words fits on a {size.name} card at {body_size:g} pt; shorten it")


def split(phrasebooks: Words, card: Card, deck: Deck, size: CardSize, body_size: float) -> tuple[tuple[Paragraph, ...],
                                                                             tuple[Paragraph, ...]]:
    """A card of rules with no picture and no stats: the words it holds at ``body_size`` (with a line saying where
    the rest goes on, if any does) and those that go on on the next."""
    m = Metrics.of(size)
    head = _head(card, deck, size, has_picture(card))
    return _cut(phrasebooks, card, head, m, body_size, card.source or card.title, size)


def _own_frame(card: Card, deck: Deck, size: CardSize, layout: StatLayout | None) -> float:
    """A card laid out on its own: the largest frame its words leave room for at their largest, or none."""
    body = largest_body(card, deck, size, None, layout)
    if body is None or body < MIN_TEXT_PT:
        return 0.0
    return max(least_frame(size), largest_frame(card, deck, size, body, layout))


SYMBOL_GAP = mm(1.2)


def _symbol_size(card: Card, m: Metrics) -> float | None:
    """The tallest symbol row, up to 7 mm on a poker card, that fits across the card; never so small that
    a number on a coin would be under 6 pt."""
    least = max(mm(3.5), marks.least_symbol_size(card.symbols, MIN_TEXT_PT))
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


def _label_fits(label: str, width: float) -> bool:
    return glyphs.width(label.upper(), fonts.SERIF_BOLD, MIN_TEXT_PT) <= width - 2 * STAT_INSET


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
    return text_engine.fit_line(label.upper(), width - 2 * STAT_INSET, m.pt(STAT_LABEL, MIN_TEXT_PT), MIN_STAT_LABEL,
                                fonts.SERIF_BOLD).size


def _stat_value_size(value: str, width: float, m: Metrics) -> float | None:
    fitted = text_engine.fit_line(value, width - 2 * STAT_INSET, m.pt(15), m.pt(7, 6.5), fonts.MONO_BOLD, step=0.5)
    return fitted.size if fitted.fits else None


def _stat_note(note: str, width: float, m: Metrics) -> text.FittedText | None:
    """The words under a stat's value: one line, or two, at 6 pt or more."""
    return text.fit([Paragraph(note)], width - 2 * STAT_INSET, MIN_TEXT_PT * 2.6, m.pt(6.5, MIN_TEXT_PT), MIN_TEXT_PT,
                    font=fonts.SERIF_ITALIC, max_lines=2)


STAT_INSET = mm(1)  # a stat box's label, value and note stand this far clear of its sides at least


def draw(c: Canvas, face: PreparedFace, deck: Deck, size: CardSize, bleed: float, index_text: str) -> None:
    m = Metrics.of(size)
    accent = face.card.accent or deck.accent
    look = deck.look
    band_bottom = paper_and_band(c, m, accent, bleed, deck.ink_saver, face.band, look.paper, look.band)
    if not deck.ink_saver:  # a light line along the band's foot
        c.setFillColorRGB(*mix(accent, (1, 1, 1), 0.55))
        if look.band == "straight":
            c.rect(-bleed, band_bottom - mm(0.6), m.width + 2 * bleed, mm(0.6), stroke=0, fill=1)
        else:
            c.setStrokeColorRGB(*mix(accent, (1, 1, 1), 0.55))
            c.setLineWidth(mm(0.6))
            c.drawPath(band_foot(c, m, band_bottom - mm(0.3), bleed, look.band), stroke=1, fill=0)
    if look.border:
        _draw_border(c, m, accent)
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

    if face.tags:
        _draw_tags(c, face, m, accent, deck.ink_saver)

    if face.frame:
        _draw_frame(c, face, m, accent, look, deck.ink_saver)
    elif face.card.write_in:
        _draw_lines(c, face, m, accent)
    elif not face.card.full_art and not face.art_in_band:
        _draw_mark(c, face, m, accent)
    elif face.card.reference and face.art_in_band:
        _draw_emblem(c, face, m, accent)
    if face.symbol_size:
        _draw_symbols(c, face, m)
    if face.body:
        c.setFillColorRGB(*INK)
        face.body.draw(c, SAFE, face.body_top, m.inner_width)
    draw_index(c, m, index_text)


def _picture_room(face: PreparedFace, m: Metrics) -> tuple[float, float]:
    """The bottom and top of the room below the words."""
    top = face.body_top - (face.body.height if face.body else 0.0) - mm(1.5) * m.scale
    bottom = face.stats_top + (STAT_GAP * m.scale if face.stats else 0.0)
    return bottom, top


def _draw_mark(c: Canvas, face: PreparedFace, m: Metrics, accent: Color) -> None:
    """A faint "@" in the room below the words of a card with no picture (a card of your own)."""
    bottom, top = _picture_room(face, m)
    size = m.pt(60)
    if has_picture(face.card) or top - bottom < size * 0.85:
        return  # one size on every card, or none: a shrunken mark looks like a mistake
    c.setFillColorRGB(*mix(accent, PAPER, 0.9))
    c.setFont(fonts.MONO_BOLD, size)
    c.drawCentredString(m.width / 2, bottom + size * 0.18, "@")


def _draw_emblem(c: Canvas, face: PreparedFace, m: Metrics, accent: Color) -> None:
    """The medallion of the card's back, in a pale tint, in the room a card of rules (a deck's notes, its "This
    deck" card) leaves below its words: the card is the deck's own to the foot, not a page with its end left
    blank. One size on every card of a size, or none where the room is short."""
    bottom, top = _picture_room(face, m)
    radius = min(m.width, m.height) * 0.16
    if top - bottom < radius * 2.4:
        return
    mark = face.card.back_style.mark if face.card.back_style else "@"
    cx, cy = m.width / 2, (top + bottom) / 2
    c.saveState()
    c.setFillColorRGB(*mix(accent, PAPER, 0.94))
    c.setStrokeColorRGB(*mix(accent, PAPER, 0.55))
    c.setLineWidth(mm(0.6) * m.scale)
    c.circle(cx, cy, radius, stroke=1, fill=1)
    c.setLineWidth(mm(0.25) * m.scale)
    c.circle(cx, cy, radius - mm(1.2) * m.scale, stroke=1, fill=0)
    c.setFillColorRGB(*mix(accent, PAPER, 0.6))
    size = radius * (1.6 if mark == "@" else 1.3)  # other marks stand taller than "@", as on the back
    c.setFont(fonts.MONO_BOLD, size)
    c.drawCentredString(cx, cy - size * 0.33, mark)
    c.restoreState()


WRITING_PITCH = mm(6.5)  # between the lines of a card left to write on


def _draw_lines(c: Canvas, face: PreparedFace, m: Metrics, accent: Color) -> None:
    """Ruled lines to write on in the room below the words, as on a good index card."""
    bottom, top = _picture_room(face, m)
    c.saveState()
    c.setStrokeColorRGB(*mix(accent, PAPER, 0.55))
    c.setLineWidth(0.5)
    y = top - WRITING_PITCH
    while y >= bottom:
        c.line(SAFE, y, m.width - SAFE, y)
        y -= WRITING_PITCH
    c.restoreState()


FRAME_TINT = 0.92  # the frame's fill: the deck's colour this far towards the paper


def _draw_frame(c: Canvas, face: PreparedFace, m: Metrics, accent: Color, look: Look, ink_saver: bool) -> None:
    """The deck's picture frame under the band, its shape the game's (model.FRAMES), the card's picture in it at
    one size on every card of the deck."""
    top, height = face.frame_top, face.frame
    bottom, left, width = top - height, SAFE, m.inner_width
    c.saveState()
    c.setFillColorRGB(*mix(accent, look.paper, FRAME_TINT if not ink_saver else 0.96))
    c.setStrokeColorRGB(*mix(accent, look.paper, 0.6))
    c.setLineWidth(0.6)
    if look.frame == "rounded":
        c.roundRect(left, bottom, width, height, mm(1.5) * m.scale, stroke=1, fill=1)
    elif look.frame == "ruled":
        c.rect(left, bottom, width, height, stroke=1, fill=1)
        inset = mm(0.9) * m.scale
        c.setLineWidth(0.35)
        c.rect(left + inset, bottom + inset, width - 2 * inset, height - 2 * inset, stroke=1, fill=0)
    else:
        c.drawPath(_frame_path(c, look.frame, left, bottom, width, height, m), stroke=1, fill=1)
    c.restoreState()
    size = min(height * 0.8, width * 0.72)
    middle = bottom + height / 2 - (height * 0.05 if look.frame == "arched" else 0.0)
    draw_picture(c, face.card, m.width / 2, middle, size, accent, ink_saver, width=width * 0.9)


def _frame_path(c: Canvas, shape: str, left: float, bottom: float, width: float, height: float, m: Metrics):
    """An arched frame (its top a shallow arch) or a cut one (its corners cut off), as a path."""
    right, top = left + width, bottom + height
    path = c.beginPath()
    if shape == "arched":
        rise = min(height * 0.28, mm(6) * m.scale)
        path.moveTo(left, bottom)
        path.lineTo(right, bottom)
        path.lineTo(right, top - rise)
        path.curveTo(right, top - rise * 0.2, right - width * 0.22, top, left + width / 2, top)
        path.curveTo(left + width * 0.22, top, left, top - rise * 0.2, left, top - rise)
    else:
        cut = mm(2.6) * m.scale
        path.moveTo(left + cut, bottom)
        for x, y in ((right - cut, bottom), (right, bottom + cut), (right, top - cut), (right - cut, top),
                     (left + cut, top), (left, top - cut), (left, bottom + cut)):
            path.lineTo(x, y)
    path.close()
    return path


BORDER_INSET = mm(1.6)  # a game's thin rule inside the trim, this far in


def _draw_border(c: Canvas, m: Metrics, accent: Color) -> None:
    c.saveState()
    c.setStrokeColorRGB(*mix(accent, PAPER, 0.45))
    c.setLineWidth(0.5)
    c.rect(BORDER_INSET, BORDER_INSET, m.width - 2 * BORDER_INSET, m.height - 2 * BORDER_INSET, stroke=1, fill=0)
    c.restoreState()


def title_face(deck: Deck) -> str:
    """The font of a card's title, as the deck's game dresses its cards."""
    return fonts.MONO_BOLD if deck.look.title == "mono" else fonts.SERIF_BOLD


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
    c.setStrokeColorRGB(*marks.GOLD)  # the gold of the coins
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


def _tag_widths(tags: tuple[str, ...], size: float) -> list[float]:
    return [glyphs.width(t.upper(), fonts.SERIF_BOLD, size) + 1.2 * size for t in tags]


def _tag_layout(tags: tuple[str, ...], m: Metrics) -> tuple[float, tuple[tuple[str, ...], ...]]:
    """The badges' size and rows: on one row at the largest size that fits, down to 6 pt; else in as many
    rows as they need at 6 pt. No rows: a badge wider than the card."""
    for size in text_engine.steps(m.pt(6.5, MIN_TEXT_PT), MIN_TEXT_PT):
        if sum(_tag_widths(tags, size)) + TAG_GAP * (len(tags) - 1) <= m.inner_width:
            return size, (tags,)
    rows: list[list[str]] = [[]]
    used = 0.0
    for tag, width in zip(tags, _tag_widths(tags, MIN_TEXT_PT)):
        if width > m.inner_width:
            return MIN_TEXT_PT, ()
        if rows[-1] and used + TAG_GAP + width > m.inner_width:
            rows.append([])
            used = 0.0
        used += (TAG_GAP if rows[-1] else 0.0) + width
        rows[-1].append(tag)
    return MIN_TEXT_PT, tuple(tuple(row) for row in rows)


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

