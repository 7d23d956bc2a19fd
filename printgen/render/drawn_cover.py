"""A booklet's cover drawn with ReportLab: the grid of ``templates/cover.html``, set without WeasyPrint.

The cover stands in a double frame in the game's colour, as tall as the
first page allows above the strip the credit line and the seed code's QR keep
(base.html's ``opens_file``: the credit line on the left, the QR in the bottom
right corner, stamped by compose). Inside the frame, top down: the kicker (the
game, in capitals, spaced, in the game's colour), the title (the head face, bold,
centred, wrapped),
the italic sub-line; then the game's art, which takes what the words leave of
the frame (its credit line under it); then the lede, and two columns, what is
in the booklet (bullets, each with a bold lead) beside the facts (a ruled table,
a value in the mono face where it is a code). The figures are the house's
(house.py, the same sizes as house.css sets a cover in); the words wrap by the
rule every drawn page uses (text.py). A cover whose words leave its art less
than ART_LEAST sets its title smaller (down to TITLE_LEAST), then its lede and
columns (down to BODY_LEAST).

What a game adds under the two columns (cover.html's caller) is a closing
block across the frame (``Closing``): a head over a rule like the columns',
a table (its head row small and bold over a black rule, its first column the
rows' labels in bold, the figures in the mono face aligned right, each row over
a hairline, as house.css sets a table and its cells of figures, td.num), then paragraphs of body text. It stands under the
columns and is set smaller with them; a table too wide for the frame is set
smaller until it fits (down to MIN_TEXT_PT).

The art is anything that draws itself into a box (``draw(c, x, y, width,
height)``) and may carry a ``credit`` line (cards/cover_art.CoverArt).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ..progress import Listener
from ..seed import SeedCode
from ..units import MIN_TEXT_PT, Paper, mm
from ..words import Words
from . import fonts, house
from . import text as text_engine
from .canvas import first_page_qr, new_document, qr_room

FRAME_RULE = 0.8  # pt: each of the double frame's two rules, and the gap between them (a 2.4 pt double border)
PADDING = (mm(8), mm(8), mm(5))  # inside the frame: top, sides, foot
KICKER_SPACING = 0.08  # of the kicker's size, between its letters
SUB = 12.0  # the italic sub-line
LEDE = 10.5
SPREAD = 9.5  # the two columns' text
ART_LEAST = mm(42)  # the art is never shorter than this: the words are set smaller first
TITLE_LEAST = 18.0  # a title that leaves the art too little room is set smaller, down to this
INSIDE_SHARE = 0.56  # of the frame's inside: the column of what is in the booklet
BULLET_INDENT = mm(4.5)
CELL = (mm(0.9), mm(1))  # a fact's cell: above and below, left and right
LABEL_SHARE = 0.32  # of the facts' column: their labels
RULE_GREY = 0.733  # the facts' hairlines (#bbb)
CREDIT_GREY = 0.2  # the credit lines (#333, #444)
CLOSING_GAP = mm(3)  # between the columns and the closing block's head (an h2's margin)
TABLE_CELL = (mm(0.45), mm(1))  # a cell of the closing block's table: above and below, left and right
TABLE_LEADING = 1.2
HEAD_RULE = 0.7  # under the table's head row (black)
HAIRLINE = 0.3  # under each of its rows (RULE_GREY)
PARAGRAPH_GAP = mm(1.2)  # after each of the closing paragraphs


@dataclass(frozen=True)
class Closing:
    """What a game adds under the two columns, across the frame: a ``head`` (may be empty), a table of ``rows``
    (the first the head row; each row's first cell its label, in bold, the others figures, aligned right, in the
    mono face under the head row; may be empty) and ``paragraphs`` of body text."""

    head: str = ""
    rows: Sequence[Sequence[str]] = ()
    paragraphs: Sequence[str] = ()


@dataclass(frozen=True)
class Cover:
    """What a cover prints, as templates/cover.html's macro takes it: the kicker, the title, the sub-line, the
    lede; ``inside``: (lead, text) pairs, the lead in bold, may be empty; ``facts``: (label, value, mono)
    triples; ``art``: what draws itself in the frame's free box (or None); ``credit``: the line at the foot;
    ``closing``: what stands under the columns (or None)."""

    kicker: str
    title: str
    sub: str
    lede: str
    inside: Sequence[tuple[str, str]]
    facts: Sequence[tuple[str, str, bool]]
    art: Any = None
    credit: str = ""
    closing: Closing | None = None


def cover_pdf(phrasebooks: Words, cover: Cover, seed_code: SeedCode, paper: Paper, title: str, look: house.Look,
              listener: Listener | None = None) -> bytes:
    """The cover as a one-page PDF without the footer or the QR (compose stamps both, as on a page of
    WeasyPrint's); ``title`` names the document, ``look`` gives the head face and the colour."""
    doc = new_document(seed_code, title, paper.size)
    _Drawing(phrasebooks, doc.canvas, cover, seed_code, paper, look).draw()
    doc.canvas.showPage()
    pdf = doc.finish()
    if listener is not None:
        listener.tell(f"drew {title}")
    return pdf


def _faces(look: house.Look) -> tuple[str, str]:
    """The head face, regular and bold."""
    mono = look.head_font == fonts.MONO_BOLD
    return (fonts.MONO, fonts.MONO_BOLD) if mono else (fonts.SERIF, fonts.SERIF_BOLD)


class _Drawing:
    def __init__(self, phrasebooks: Words, c: Canvas, cover: Cover, seed_code: SeedCode, paper: Paper,
                 look: house.Look):
        self.say = phrasebooks.say_for(__package__)  # the shared phrasebook: the columns' heads, as cover.html's
        self.c, self.cover, self.code, self.paper, self.look = c, cover, seed_code, paper, look
        width, height = paper.size
        self.head, self.head_bold = _faces(look)
        # The frame: inside the page's margins, from the top margin down to the QR's strip.
        self.frame = (house.SIDE + house.INSET, qr_room(seed_code, paper.size),
                      width - house.SIDE - house.INSET, height - house.TOP - house.INSET)
        left, bottom, right, top = self.frame
        border = 3 * FRAME_RULE
        self.left, self.right = left + border + PADDING[1], right - border - PADDING[1]
        self.top, self.bottom = top - border - PADDING[0], bottom + border + PADDING[2]
        self.width = self.right - self.left

    # -- the whole ------------------------------------------------------------------------------------

    def draw(self) -> None:
        c = self.c
        self._frame()
        # The title at the house's size, the columns at theirs; where that leaves the art less than ART_LEAST
        # (a very long name), the title is set smaller, then the columns.
        foot = self._foot(SPREAD)
        for size in text_engine.steps(house.TITLE, TITLE_LEAST, 2.0):
            title = self._title(size)
            if self.top - self.bottom - self._head_height(title) - foot[0] >= ART_LEAST:
                break
        else:  # the title at its least still leaves too little: the columns smaller too
            for size in text_engine.steps(SPREAD, house.BODY_LEAST, 0.5):
                foot = self._foot(size)
                if self.top - self.bottom - self._head_height(title) - foot[0] >= ART_LEAST:
                    break
        y = self._draw_head(title)
        art_bottom = self.bottom + foot[0]
        if self.cover.art is not None:
            self.cover.art.draw(c, self.left, art_bottom, self.width, y - art_bottom)
        foot[1](art_bottom)
        self._credit()
        c.bookmarkPage("cover")
        c.addOutlineEntry(self.cover.title, "cover", level=0)

    def _frame(self) -> None:
        c = self.c
        left, bottom, right, top = self.frame
        c.saveState()
        c.setStrokeColorRGB(*self.look.accent)
        c.setLineWidth(FRAME_RULE)
        for inset in (FRAME_RULE / 2, FRAME_RULE * 2.5):
            c.rect(left + inset, bottom + inset, right - left - 2 * inset, top - bottom - 2 * inset, stroke=1, fill=0)
        c.restoreState()

    # -- the title block ------------------------------------------------------------------------------

    def _kicker_size(self) -> float:
        text = self.cover.kicker.upper()
        for size in text_engine.steps(house.H3, house.SMALL):
            if self._spaced_width(text, size) <= self.width:
                return size
        return house.SMALL

    def _spaced_width(self, text: str, size: float) -> float:
        return text_engine.measure(text, self.head, size) + KICKER_SPACING * size * (len(text) - 1)

    def _spaced(self, x: float, baseline: float, text: str, font: str, size: float, spacing: float) -> bool:
        """``text`` from (x, baseline) with ``spacing`` points between its letters, where ``font`` draws every one
        of them; False where it does not (the caller sets the text plainly: the fallback face takes no spacing)."""
        if not fonts.has_all(text, font):
            return False
        self.c.setFont(font, size)
        self.c.drawString(x, baseline, text, charSpace=spacing)
        return True

    def _title(self, size: float) -> text_engine.Fitted:
        return text_engine.fit([[(self.cover.title, self.head_bold)]], self.width, max_size=size, min_size=size,
                               spacing=text_engine.Spacing(leading=1.1, descent=0.25))

    def _head_height(self, title: text_engine.Fitted) -> float:
        kicker = self._kicker_size() * house.LEADING + mm(2)
        return kicker + title.height + mm(2) + SUB * house.LEADING + mm(5)

    def _draw_head(self, title: text_engine.Fitted) -> float:
        """The kicker, the title and the sub-line, down from the inside's top; returns where the art's box starts."""
        c = self.c
        y = self.top
        size = self._kicker_size()
        text = self.cover.kicker.upper()
        c.saveState()
        c.setFillColorRGB(*self.look.accent)
        x = self.left + (self.width - self._spaced_width(text, size)) / 2
        baseline = y - size * (1 + (house.LEADING - 1) / 2)
        if not self._spaced(x, baseline, text, self.head, size, KICKER_SPACING * size):
            text_engine.draw_run(c, self.left + self.width / 2, baseline, text, self.head, size, align="center")
        c.restoreState()
        y -= size * house.LEADING + mm(2)
        title.draw(c, self.left, y, self.width, align="center")
        y -= title.height + mm(2)
        sub = text_engine.fit([[(self.cover.sub, fonts.SERIF_ITALIC)]], self.width, max_size=SUB,
                              min_size=house.BODY, max_lines=1)
        text_engine.draw_lines(c, sub.lines, self.left, y - SUB * (house.LEADING - 1) / 2, self.width, sub.size,
                               align="center")
        return y - SUB * house.LEADING - mm(5)

    # -- under the art: its credit, the lede, the two columns ------------------------------------------

    def _foot(self, size: float):
        """How tall what stands under the art is with the columns at ``size``, and what draws it from the art's
        foot."""
        spacing = text_engine.Spacing(leading=house.LEADING, descent=house.LEADING - 1)
        credit = getattr(self.cover.art, "credit", "")  # no art (None): no credit
        credit_height = house.SMALL * house.LEADING + mm(1) + mm(4) if credit else mm(5)
        lede_size = LEDE * size / SPREAD
        lede = (text_engine.fit([[(self.cover.lede, fonts.SERIF)]], self.width, max_size=lede_size,
                                min_size=lede_size, spacing=spacing) if self.cover.lede else None)
        lede_height = lede.height + mm(5) if lede else 0.0
        inside_width = self.width * INSIDE_SHARE
        facts_left = self.left + inside_width + house.COLUMN_GAP
        facts_width = self.right - facts_left
        inside_height = self._inside(size, inside_width, None)
        facts_height = self._facts(size, facts_left, facts_width, None)
        columns_height = max(inside_height, facts_height)
        closing = self.cover.closing
        closing_height = self._closing(closing, size, None) if closing is not None else 0.0
        height = credit_height + lede_height + columns_height + closing_height

        def draw(art_bottom: float) -> None:
            c = self.c
            y = art_bottom
            if credit:
                c.saveState()
                c.setFillGray(CREDIT_GREY)
                text_engine.draw_run(c, self.right, y - mm(1) - house.SMALL * 1.05, credit, fonts.SERIF_ITALIC,
                                     house.SMALL, align="right")
                c.restoreState()
            y -= credit_height
            if lede:
                lede.draw(c, self.left, y, self.width)
                y -= lede_height
            self._inside(size, inside_width, y)
            self._facts(size, facts_left, facts_width, y)
            if closing is not None:
                self._closing(closing, size, y - columns_height)

        return height, draw

    def _column_head(self, words: str, left: float, width: float, top: float | None) -> float:
        """A column's head over a rule in the game's colour; returns its height."""
        size = house.H2
        height = size * 1.2 + mm(0.5)
        if top is not None:
            c = self.c
            c.saveState()
            c.setFillColorRGB(0, 0, 0)
            words = words.upper() if self.look.head_capitals else words
            spacing = self.look.head_spacing * size  # as house.css sets an h2
            if not (spacing and self._spaced(left, top - size * 1.0, words, self.head_bold, size, spacing)):
                text_engine.draw_run(c, left, top - size * 1.0, words, self.head_bold, size)
            c.setStrokeColorRGB(*self.look.accent)
            c.setLineWidth(0.6)
            c.line(left, top - height, left + width, top - height)
            c.restoreState()
        return height + 0.6 + mm(1.2)

    def _inside(self, size: float, width: float, top: float | None) -> float:
        """What is in the booklet: a bullet for each (lead, text), the lead in bold; drawn where ``top`` is
        given; returns its height."""
        spacing = text_engine.Spacing(leading=house.LEADING, descent=house.LEADING - 1)
        y = self._column_head(self.say("cover.inside"), self.left, width, top)
        for lead, words in self.cover.inside:
            runs = ([(lead, fonts.SERIF_BOLD), (" ", fonts.SERIF)] if lead else []) + [(words, fonts.SERIF)]
            item = text_engine.fit([runs], width - BULLET_INDENT, max_size=size, min_size=size, spacing=spacing)
            if top is not None:
                baseline = top - y - size * (1 + (house.LEADING - 1) / 2)
                text_engine.draw_run(self.c, self.left + BULLET_INDENT - mm(1.5), baseline, "•", fonts.SERIF, size,
                                     align="right")
                item.draw(self.c, self.left + BULLET_INDENT, top - y - size * (house.LEADING - 1) / 2,
                          width - BULLET_INDENT)
            y += item.height + mm(1.4)
        return y

    def _facts(self, size: float, left: float, width: float, top: float | None) -> float:
        """The facts: a ruled table, the labels in bold; drawn where ``top`` is given; returns its height."""
        c = self.c
        spacing = text_engine.Spacing(leading=1.2, descent=0.2)
        y = self._column_head(self.say("cover.facts"), left, width, top) + mm(0.6)
        label_width = max([width * LABEL_SHARE] + [text_engine.measure(label, fonts.SERIF_BOLD, size) + 2 * CELL[1]
                                                   for label, _, _ in self.cover.facts])
        value_width = width - label_width - 2 * CELL[1]
        for label, value, mono in self.cover.facts:
            font = fonts.MONO if mono else fonts.SERIF
            lines = text_engine.lines([[(value, font)]], size, value_width, break_words=mono)
            height = text_engine.block_height(size, lines, spacing) + 2 * CELL[0]
            if top is not None:
                row = top - y - CELL[0] - size * 0.1
                text_engine.draw_run(c, left + CELL[1], row - size, label, fonts.SERIF_BOLD, size)
                text_engine.draw_lines(c, lines, left + label_width + CELL[1], row, value_width, size, spacing)
                c.saveState()
                c.setStrokeGray(RULE_GREY)
                c.setLineWidth(0.3)
                c.line(left, top - y - height, left + width, top - y - height)
                c.restoreState()
            y += height
        return y

    # -- under the columns: the closing block ---------------------------------------------------------

    def _closing(self, closing: Closing, size: float, top: float | None) -> float:
        """The closing block under the columns (from ``top``, where given): its head, its table, its paragraphs,
        set smaller with the columns (``size``); returns its height."""
        scale = size / SPREAD
        y = CLOSING_GAP
        if closing.head:
            y += self._column_head(closing.head, self.left, self.width, None if top is None else top - y)
        if closing.rows:
            y += mm(0.6)
            y += self._table(closing.rows, scale, None if top is None else top - y)
            y += mm(1.8) if closing.paragraphs else 0.0
        spacing = text_engine.Spacing(leading=house.LEADING, descent=house.LEADING - 1)
        for index, paragraph in enumerate(closing.paragraphs):
            y += PARAGRAPH_GAP if index else 0.0
            body = house.BODY * scale
            fitted = text_engine.fit([[(paragraph, fonts.SERIF)]], self.width, max_size=body, min_size=body,
                                     spacing=spacing)
            if top is not None:
                fitted.draw(self.c, self.left, top - y, self.width)
            y += fitted.height
        return y

    def _table_sizes(self, rows: Sequence[Sequence[str]], scale: float) -> tuple[float, float, float, float]:
        """The head row's size and the other rows', the labels' column and each figure's, at the largest size
        (the house's table at ``scale``, down to MIN_TEXT_PT) at which every cell fits the frame's width."""
        figures = max(len(row) for row in rows) - 1
        for body in text_engine.steps(max(house.TABLE * scale, MIN_TEXT_PT), MIN_TEXT_PT):
            head = max(body * house.SMALL / house.TABLE, MIN_TEXT_PT)
            sizes = [head] + [body] * (len(rows) - 1)
            label = max(text_engine.measure(row[0], fonts.SERIF_BOLD, size) for row, size in zip(rows, sizes))
            label += 2 * TABLE_CELL[1]
            column = (self.width - label) / figures if figures else 0.0
            widest = max((text_engine.measure(cell, fonts.SERIF_BOLD if index == 0 else fonts.MONO, size)
                          for index, (row, size) in enumerate(zip(rows, sizes)) for cell in row[1:]), default=0.0)
            if label <= self.width and widest + 2 * TABLE_CELL[1] <= column + 1e-6:
                break
        return head, body, label, column

    def _table(self, rows: Sequence[Sequence[str]], scale: float, top: float | None) -> float:
        """The closing block's table across the frame: the head row small and bold over a black rule, each row's
        label in bold, its figures in the mono face aligned right, each row over a hairline; returns its height."""
        head, body, label, column = self._table_sizes(rows, scale)
        c = self.c
        y = 0.0
        for index, row in enumerate(rows):
            size, rule = (head, HEAD_RULE) if index == 0 else (body, HAIRLINE)
            height = TABLE_LEADING * size + 2 * TABLE_CELL[0]
            if top is not None:
                baseline = top - y - TABLE_CELL[0] - size * (1 + (TABLE_LEADING - 1) / 2)
                text_engine.draw_run(c, self.left + TABLE_CELL[1], baseline, row[0], fonts.SERIF_BOLD, size)
                font = fonts.SERIF_BOLD if index == 0 else fonts.MONO
                for number, cell in enumerate(row[1:], start=1):
                    text_engine.draw_run(c, self.left + label + number * column - TABLE_CELL[1], baseline, cell,
                                         font, size, align="right")
                c.saveState()
                c.setStrokeGray(0 if index == 0 else RULE_GREY)
                c.setLineWidth(rule)
                c.line(self.left, top - y - height - rule / 2, self.right, top - y - height - rule / 2)
                c.restoreState()
            y += height + rule
        return y

    # -- the foot -------------------------------------------------------------------------------------

    def _credit(self) -> None:
        """The credit line in the strip at the page's foot, left of the QR, centred on the QR's square."""
        if not self.cover.credit:
            return
        c = self.c
        spot = first_page_qr(self.code, self.paper.size)
        left = house.SIDE + house.INSET
        width = spot.x - mm(4) - left
        spacing = text_engine.Spacing(leading=1.3, descent=0.3)
        credit = text_engine.fit([[(self.cover.credit, fonts.SERIF_ITALIC)]], width, max_size=house.SMALL,
                                 min_size=house.SMALL, spacing=spacing)
        middle = spot.y + spot.side / 2
        c.saveState()
        c.setFillGray(CREDIT_GREY)
        credit.draw(c, left, middle + credit.height / 2, width)
        c.restoreState()
