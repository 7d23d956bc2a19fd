"""The pieces every sheet is built from, drawn with ReportLab in points.

Coordinates are ReportLab's: origin at the lower left, y upwards. A piece
takes its rectangle as (x, y, w, h) with (x, y) its lower-left corner.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from reportlab.pdfgen.canvas import Canvas

from ..games import Game
from ..render import fonts, qr
from ..render import text as text_engine
from ..render.canvas import first_page_qr
from ..seed import SeedCode
from ..units import mm
from ..words import Words

MIN_TYPE = 6.0  # pt: no text on a sheet prints smaller, whatever the number to a page
MIN_BOX = 3.5 * 72 / 25.4  # pt: no tick box prints smaller (3.5 mm)
MIN_WRITE = 5 * 72 / 25.4  # pt: no box a player writes a number in, or crosses off a track, prints smaller (5 mm)
# What a text field's tooltip says of the letters it takes: its embedded font is cut to Windows-1252.
LATIN_NOTE = "Western European letters"


@dataclass(frozen=True)
class Style:
    """How heavy the ink is and how big the type, for one sheet placement."""

    ink_saver: bool = False
    scale: float = 1.0  # type and padding scale: 1 on a full page, less on a quarter page

    @property
    def line_gray(self) -> float:
        return 0.55 if self.ink_saver else 0.15

    @property
    def line_width(self) -> float:
        return 0.5 if self.ink_saver else 0.8

    @property
    def faint_gray(self) -> float:
        return 0.72 if self.ink_saver else 0.6

    @property
    def label_gray(self) -> float:
        return 0.3

    def pt(self, size: float) -> float:
        return size * self.scale

    def type(self, size: float) -> float:
        """A type size on this placement: scaled with the sheet, never below MIN_TYPE."""
        return max(MIN_TYPE, size * self.scale)


@dataclass(slots=True)  # a thousand sheets hold some 140,000 of them
class FormField:
    name: str
    rect: tuple[float, float, float, float]  # page coordinates: x0, y0, x1, y1
    kind: str = "text"  # "text", "check" or "radio" (one button of a group that shares the name)
    multiline: bool = False
    font_size: float = 10.0
    rotation: int = 0
    page: int = 0
    tooltip: str = ""  # what a viewer shows on hovering: the blank's caption
    value: str = ""  # a radio button: the choice it stands for; a text field: the text it holds
    mark: str = "cross"  # how a chosen button shows: "cross" in a box, "ring" round a printed word, "dot" in a circle
    on: bool = False  # a button ticked or chosen (a pre-rolled sheet's)
    centre: bool = False  # a text field's text centred in its box


@dataclass
class FormCollector:
    """Collects the write-in blanks of a document; they become form fields when fillable. Where ``reuse`` is set
    (a document of many sheets) it also keeps the document's furniture (see ``furniture``)."""

    enabled: bool = False
    fields: list[FormField] = field(default_factory=list)
    prefix: str = ""
    page: int = 0
    reuse: bool = False
    _names: dict[str, str] = field(default_factory=dict)  # every name given, and its field's kind
    _pieces: dict[tuple, tuple[str, list[tuple]]] = field(default_factory=dict)  # furniture: its form and blanks
    _recording: list[tuple] | None = None  # the blanks of the piece of furniture being drawn, as given

    def add(self, c: Canvas, name: str, x: float, y: float, w: float, h: float, kind: str = "text",
            multiline: bool = False, font_size: float = 10.0, caption: str = "", value: str = "",
            mark: str = "cross", on: bool = False, centre: bool = False) -> None:
        if not self.enabled:
            return
        blank = (name, x, y, w, h, kind, multiline, font_size, caption, value, mark, on, centre)
        if self._recording is not None:  # furniture: placed, and so named, on each sheet that shows it
            self._recording.append((_matrix(c), blank))
            return
        self._add(_matrix(c), *blank)

    def _add(self, matrix: tuple[float, ...], name: str, x: float, y: float, w: float, h: float, kind: str,
             multiline: bool, font_size: float, caption: str, value: str, mark: str, on: bool, centre: bool) -> None:
        """The blank drawn under ``matrix`` (ReportLab's current matrix), as a field of the page."""
        tooltip = _tooltip(name, caption, kind, value)
        full = f"{self.prefix}{name}"
        if kind == "radio":  # the buttons of a group share its name, which no other field may have
            if self._names.setdefault(full, "radio") != "radio":
                raise ValueError(f"the radio group {full} has the name of another field; name one of them apart")
        else:
            base, n = full, 2
            while full in self._names:
                full, n = f"{base}_{n}", n + 1
            self._names[full] = kind
        a, b, c_, d, e, f = matrix
        if b == 0 and c_ == 0:  # upright (most sheets): the corners are the two ends of each side
            left, right, bottom, top = a * x + e, a * (x + w) + e, d * y + f, d * (y + h) + f
            rect = (min(left, right), min(bottom, top), max(left, right), max(bottom, top))
        else:
            xs = [a * px + c_ * py + e for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
            ys = [b * px + d * py + f for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
            rect = (min(xs), min(ys), max(xs), max(ys))
        rotation = 90 if abs(b) > abs(a) and b > 0 else 270 if abs(b) > abs(a) else 0
        scale = (a * a + b * b) ** 0.5
        self.fields.append(FormField(full, rect, kind, multiline,
                                     round(font_size * scale, 2), rotation, self.page, tooltip, value, mark, on,
                                     centre))


@cache
def _tooltip(name: str, caption: str, kind: str, value: str) -> str:
    """What a viewer shows on hovering over a blank: its caption, or its name in words."""
    tooltip = caption or re.sub(r"(?<=[a-z])(?=[0-9])|[._-]+", " ", name).strip().capitalize()
    if kind == "text":
        tooltip += f" ({LATIN_NOTE})"
    if kind == "radio":
        tooltip += f": {value}"
    return tooltip


def furniture(c: Canvas, form: FormCollector, key: tuple, draw: Callable[[], None]) -> None:
    """What ``draw`` draws, here: furniture, the same wherever it stands (frames, rules, captions, tick boxes,
    never a character's values). Where ``form.reuse`` says so it is drawn once, the first time, as a PDF form
    XObject that every sheet places, so a thousand sheets hold one copy; its blanks are kept as they were given
    and made fields on each sheet that places it. ``key`` holds everything the drawing depends on (its sizes
    and places, the style), in the coordinates of the sheet it is drawn on."""
    if not form.reuse or form._recording is not None:  # a piece within a piece is part of it
        draw()
        return
    piece = form._pieces.get(key)
    if piece is None:
        blanks: list[tuple] = []
        piece = form._pieces[key] = (f"PGPiece{len(form._pieces) + 1}", blanks)
        width, height = vars(c)["_pagesize"]
        side = max(width, height)  # room all round: a sheet may stand turned on its page
        c.beginForm(piece[0], -side, -side, width + side, height + side)
        form._recording = blanks
        try:
            draw()
        finally:
            form._recording = None
            c.endForm()
    c.doForm(piece[0])
    if form.enabled:
        placed = _matrix(c)
        for inner, blank in piece[1]:
            form._add(placed if inner == IDENTITY else _times(inner, placed), *blank)


IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _matrix(c: Canvas) -> tuple[float, ...]:
    """ReportLab's current transformation matrix (a, b, c, d, e, f), which it keeps but does not publish."""
    return vars(c)["_currentMatrix"]


def _times(inner: tuple[float, ...], outer: tuple[float, ...]) -> tuple[float, ...]:
    """The matrix ``inner`` drawn within ``outer``, composed as ReportLab's transform composes them."""
    a0, b0, c0, d0, e0, f0 = outer
    a, b, c, d, e, f = inner
    return (a0 * a + c0 * b, b0 * a + d0 * b, a0 * c + c0 * d, b0 * c + d0 * d,
            a0 * e + c0 * f + e0, b0 * e + d0 * f + f0)


def set_stroke(c: Canvas, style: Style, heavy: bool = False) -> None:
    c.setStrokeGray(style.line_gray)
    c.setLineWidth(style.line_width * (1.6 if heavy and not style.ink_saver else 1.0))


def text_fit(text: str, font: str, size: float, width: float, floor: float = MIN_TYPE) -> float:
    """The largest size up to ``size`` (and not below ``floor``) at which ``text`` fits in ``width``
    on one line (render.text.fit_line; ``floor`` if it fits at none)."""
    return text_engine.fit_line(text, width, max(size, floor), floor, font).size


def title_band(c: Canvas, w: float, top: float, text: str, style: Style, right: str = "", height: float = 22) -> float:
    """The sheet's title band across the top edge at ``top``; returns the y of its foot."""
    band = style.pt(height)
    heading(c, 0, top - band, w, band, text, style, right=right)
    return top - band


def heading(c: Canvas, x: float, y: float, w: float, h: float, text: str, style: Style,
            right: str = "", mono: bool = True) -> None:
    """A heading band: solid with reversed type, or an outline in ink-saver mode."""
    c.saveState()
    font = fonts.MONO_BOLD if mono else fonts.SERIF_BOLD
    right_size = max(MIN_TYPE, min(style.pt(7), h * 0.5))
    right_w = text_engine.measure(right, fonts.SERIF_ITALIC, right_size) + 6 if right else 0
    size = text_fit(text, font, min(h * 0.62, style.pt(11)), w - style.pt(8) - right_w)
    if style.ink_saver:
        c.setStrokeGray(style.line_gray)
        c.setLineWidth(style.line_width)
        c.line(x, y, x + w, y)
        c.setFillGray(0.1)
    else:
        c.setFillGray(0.12)
        c.rect(x, y, w, h, stroke=0, fill=1)
        c.setFillGray(1)
    c.setFont(font, size)
    c.drawString(x + style.pt(4), y + (h - size * 0.7) / 2, text)
    if right:
        c.setFont(fonts.SERIF_ITALIC, right_size)
        c.drawRightString(x + w - style.pt(4), y + (h - right_size * 0.7) / 2, right)
    c.restoreState()


def box(c: Canvas, x: float, y: float, w: float, h: float, style: Style, heavy: bool = False,
        round_: float = 0) -> None:
    c.saveState()
    set_stroke(c, style, heavy)
    if round_:
        c.roundRect(x, y, w, h, round_, stroke=1, fill=0)
    else:
        c.rect(x, y, w, h, stroke=1, fill=0)
    c.restoreState()


def label(c: Canvas, x: float, y: float, text: str, style: Style, size: float = 6.5, bold: bool = False,
          gray: float | None = None, right: bool = False, centre: bool = False, font: str | None = None) -> None:
    c.saveState()
    c.setFillGray(style.label_gray if gray is None else gray)
    c.setFont(font or (fonts.SERIF_BOLD if bold else fonts.SERIF), style.type(size))
    if right:
        c.drawRightString(x, y, text)
    elif centre:
        c.drawCentredString(x, y, text)
    else:
        c.drawString(x, y, text)
    c.restoreState()


def value_text(c: Canvas, x: float, y: float, w: float, text: str, style: Style, size: float = 11,
               font: str | None = None, centre: bool = False) -> None:
    """A pre-rolled value, printed where a player would otherwise write."""
    font = font or fonts.SERIF
    size = text_fit(text, font, style.pt(size), w)
    c.saveState()
    c.setFillGray(0)
    c.setFont(font, size)
    if centre:
        c.drawCentredString(x + w / 2, y, text)
    else:
        c.drawString(x, y, text)
    c.restoreState()


HINT_SIZE = 6.0  # pt: a box's hint, under its caption


def field_head(caption: str, hint: str, w: float, style: Style) -> float:
    """How much of a field's top its caption and hint take (field), the rest being the space to write in."""
    head = style.pt(6.2) + style.pt(3)
    if hint:
        size = style.type(HINT_SIZE)
        head += len(text_engine.wrap_text(hint, fonts.SERIF_ITALIC, size, w - 2 * style.pt(3))) * size * 1.15
    return head


def field(c: Canvas, form: FormCollector, name: str, x: float, y: float, w: float, h: float, caption: str,
          style: Style, value: str | None = None, value_size: float = 12, multiline: bool = False,
          hint: str = "", written: bool = True) -> None:
    """A labelled write-in box: the caption sits small in the top-left corner, a hint (where a number starts)
    in italics under it, and the space to write in is what is left below them, never under a hint. A box not
    ``written`` in (one that holds a choice of its own) is no form field."""
    field_frame(c, x, y, w, h, caption, style, hint)
    field_value(c, form, name, x, y, w, h, caption, style, value, value_size, multiline, hint, written)


def field_frame(c: Canvas, x: float, y: float, w: float, h: float, caption: str, style: Style,
                hint: str = "") -> None:
    """A field's box, caption and hint, without what is written in it (field_value): furniture."""
    box(c, x, y, w, h, style)
    cap = style.pt(6.2)
    label(c, x + style.pt(3), y + h - cap - style.pt(2), caption.upper(), style, 6.2, bold=True)
    pad = style.pt(3)
    if hint:
        size = style.type(HINT_SIZE)
        lines = text_engine.wrap_text(hint, fonts.SERIF_ITALIC, size, w - 2 * pad)
        for index, line in enumerate(lines):
            label(c, x + pad, y + h - cap - style.pt(2) - (index + 1) * size * 1.15, line, style, HINT_SIZE,
                  font=fonts.SERIF_ITALIC, gray=0.4)


def field_value(c: Canvas, form: FormCollector, name: str, x: float, y: float, w: float, h: float, caption: str,
                style: Style, value: str | None = None, value_size: float = 12, multiline: bool = False,
                hint: str = "", written: bool = True) -> None:
    """What a field's box holds: its value printed, or its form field; the box itself is field_frame's."""
    pad = style.pt(3)
    inner_h = h - field_head(caption, hint, w, style)
    if value is not None and not form.enabled:
        size = min(style.pt(value_size), inner_h * 0.8)
        value_text(c, x + pad, y + (inner_h - size * 0.7) / 2 + style.pt(1), w - 2 * pad, value, style, size / style.scale)
    elif written:  # a blank, or a fillable sheet's value, which the player may change
        form.add(c, name, x + 1, y + 1, w - 2, inner_h, multiline=multiline,
                 font_size=min(style.pt(value_size), inner_h * 0.75) if not multiline else style.pt(9),
                 caption=caption, value=value or "")


def underline_field(c: Canvas, form: FormCollector, name: str, x: float, y: float, w: float, caption: str,
                    style: Style, value: str | None = None, size: float = 12) -> None:
    """``Caption ________`` on one baseline."""
    cap_w = text_engine.measure(caption, fonts.SERIF_BOLD, style.pt(8)) + style.pt(4)
    label(c, x, y + style.pt(2), caption, style, 8, bold=True, gray=0.2)
    c.saveState()
    c.setStrokeGray(style.faint_gray if style.ink_saver else 0.35)
    c.setLineWidth(0.5)
    c.line(x + cap_w, y, x + w, y)
    c.restoreState()
    if value is not None and not form.enabled:
        value_text(c, x + cap_w + style.pt(2), y + style.pt(2.5), w - cap_w - style.pt(4), value, style, size)
    else:  # a blank, or a fillable sheet's value, which the player may change
        form.add(c, name, x + cap_w, y + 0.5, w - cap_w, style.pt(size) * 1.35, font_size=style.pt(size) * 0.9,
                 caption=caption, value=value or "")


def ruled_lines(c: Canvas, x: float, y: float, w: float, h: float, pitch: float, style: Style,
                numbered: bool = False) -> int:
    """Faint writing lines from the top of the area down; returns how many."""
    c.saveState()
    c.setStrokeGray(0.78 if style.ink_saver else 0.68)
    c.setLineWidth(0.4)
    count = int(h // pitch)
    for i in range(1, count + 1):
        yy = y + h - i * pitch
        c.line(x, yy, x + w, yy)
        if numbered:
            c.setFillGray(0.55)
            c.setFont(fonts.MONO, style.type(6))
            c.drawRightString(x + style.pt(8), yy + style.pt(2), str(i))
    c.restoreState()
    return count


def ruled_list(c: Canvas, form: FormCollector, name: str, x: float, y: float, w: float, h: float, pitch: float,
               style: Style, values: list[str] | None = None, value_size: float = 9.5, checkbox: bool = False,
               lined: bool = True) -> int:
    """Writing lines, with values printed on the first ones; blanks become one-line fields.

    With ``checkbox`` each line starts with a small box to tick off a spent use. Not ``lined``: the lines are
    drawn already (furniture), only what stands on them is drawn.
    """
    values = values or []
    count = ruled_lines(c, x, y, w, h, pitch, style) if lined else int(h // pitch)
    sq = max(MIN_BOX, min(pitch * 0.6, style.pt(8)))
    text_x = x + (sq + style.pt(4) if checkbox else style.pt(2))
    for i in range(count):
        base = y + h - (i + 1) * pitch
        right = x + w
        if checkbox:
            box(c, x + style.pt(1), base + style.pt(2), sq, sq, style)
            form.add(c, f"{name}.used{i + 1}", x + style.pt(1), base + style.pt(2), sq, sq, kind="check")
        if i < len(values) and not form.enabled:
            value_text(c, text_x, base + style.pt(2.5), right - text_x - style.pt(2), values[i], style, value_size)
        else:  # a blank, or a fillable sheet's value, which the player may change
            form.add(c, f"{name}.{i + 1}", text_x, base + 0.5, right - text_x, pitch - 1,
                     font_size=min(style.pt(value_size), pitch * 0.7), value=values[i] if i < len(values) else "")
    return count


def square_boxes(c: Canvas, form: FormCollector, name: str, x: float, y: float, count: int, size: float,
                 gap: float, style: Style, checked: int = 0, per_row: int | None = None,
                 marks: dict[int, str] | None = None, numbered: bool = False,
                 beyond: int | None = None, fives: bool = False) -> tuple[float, float]:
    """A row (or rows) of tick boxes, numbered from 1 left to right, top row first.

    ``marks`` maps a box number to a small label printed in it (e.g. 50, 25, 10); the boxes past ``beyond``
    are tinted, out of reach for now (a track past a character's most); with ``fives`` every fifth box is drawn
    heavier, to count by, where a track carries no numbers.
    Returns the width and height used; (x, y) is the top-left corner.
    """
    per_row = per_row or count
    marks = marks or {}
    rows = (count + per_row - 1) // per_row
    c.saveState()
    for i in range(count):
        r, k = divmod(i, per_row)
        bx = x + k * (size + gap)
        by = y - (r + 1) * size - r * gap
        number = i + 1
        if number in marks:
            c.setFillGray(0.82 if not style.ink_saver else 1)
            set_stroke(c, style, heavy=True)
            c.rect(bx, by, size, size, stroke=1, fill=0 if style.ink_saver else 1)
            c.setFillGray(0.1)
            c.setFont(fonts.MONO_BOLD, text_fit(marks[number], fonts.MONO_BOLD, size * 0.55, size * 0.9))
            c.drawCentredString(bx + size / 2, by + size * 0.3, marks[number])
        else:
            set_stroke(c, style, heavy=fives and number % 5 == 0)
            past = beyond is not None and number > beyond
            if past:
                c.setFillGray(0.88 if not style.ink_saver else 0.96)
            c.rect(bx, by, size, size, stroke=1, fill=1 if past else 0)
            if numbered:
                c.setFillGray(0.55)
                c.setFont(fonts.MONO, text_fit(str(number), fonts.MONO, size * 0.45, size * 0.85))
                c.drawCentredString(bx + size / 2, by + size * 0.32, str(number))
        if i < checked and not form.enabled:
            c.setStrokeGray(0)
            c.setLineWidth(1)
            c.line(bx + 1.5, by + 1.5, bx + size - 1.5, by + size - 1.5)
            c.line(bx + 1.5, by + size - 1.5, bx + size - 1.5, by + 1.5)
        else:  # a blank, or a fillable sheet's tick, which the player may take back
            form.add(c, f"{name}.{number}", bx, by, size, size, kind="check", on=i < checked)
    c.restoreState()
    return per_row * (size + gap) - gap, rows * (size + gap) - gap


def track_layout(count: int, width: float, gap: float, most: float, least: float = MIN_WRITE) -> tuple[int, float]:
    """How a track of ``count`` boxes fits ``width``: (boxes to a row, their side), in as few rows as keep each
    box ``least`` or more (the rows as even as they can be), and no box wider than ``most``."""
    rows = 1
    while rows < count and (width + gap) / -(-count // rows) - gap < least:
        rows += 1
    per_row = -(-count // rows)
    return per_row, min((width + gap) / per_row - gap, most)


def choice_lines(options: list[str], w: float, style: Style, size: float = 8) -> list[list[str]]:
    """The options of a choice_row broken into lines that fit ``w`` (each a ring and its word, render.text's
    break rule)."""
    type_size = style.type(size)
    ring = max(MIN_BOX, type_size * 1.2)
    widths = [ring + style.pt(3) + text_engine.measure(option, fonts.SERIF_BOLD, type_size) for option in options]
    return [[options[k] for k in line] for line in text_engine.greedy(widths, [style.pt(6)] * len(options), w)]


def choice_pitch(style: Style, size: float = 8) -> float:
    """From one line of a choice_row to the next."""
    return max(MIN_BOX, style.type(size) * 1.2) + style.pt(3)


def choice_row(c: Canvas, form: FormCollector, name: str, x: float, y: float, w: float, options: list[str],
               style: Style, caption: str, chosen: str | None = None, size: float = 8) -> None:
    """Choose one of ``options``: a circle before each word, from the baseline ``y`` at ``x``, in as many
    lines of ``w`` as they need (choice_lines).

    A pre-rolled choice is filled in and its word set bold; on a blank each circle is a radio button
    of one group.
    """
    type_size = style.type(size)
    ring = max(MIN_BOX, type_size * 1.2)
    for k, line in enumerate(choice_lines(options, w, style, size)):
        cx = x
        base = y - k * choice_pitch(style, size)
        for option in line:
            cy = base + type_size * 0.35
            c.saveState()
            set_stroke(c, style)
            c.setFillGray(0)
            c.circle(cx + ring / 2, cy, ring / 2, stroke=1, fill=0)
            if option == chosen and not form.enabled:
                c.circle(cx + ring / 2, cy, ring * 0.28, stroke=0, fill=1)
            c.restoreState()
            label(c, cx + ring + style.pt(3), base, option, style, size, bold=option == chosen,
                  gray=0 if option == chosen else 0.15)
            if chosen is None or form.enabled:  # a fillable sheet's choice stays the player's to change
                form.add(c, name, cx, cy - ring / 2, ring, ring, kind="radio", caption=caption, value=option,
                         mark="dot", on=option == chosen)
            cx += ring + style.pt(3) + text_engine.measure(option, fonts.SERIF_BOLD, type_size) + style.pt(6)


DIE_RANKS = ("d4", "d6", "d8", "d10", "d12", "d20")


def die_rank_boxes(c: Canvas, form: FormCollector, name: str, x: float, y: float, w: float, h: float,
                   style: Style, ranks: tuple[str, ...] = DIE_RANKS, current: str | None = None) -> None:
    """One small box per die rank, left to right; the current rank is circled."""
    n = len(ranks)
    gap = style.pt(1.5)
    bw = (w - gap * (n - 1)) / n
    for i, rank in enumerate(ranks):
        bx = x + i * (bw + gap)
        c.saveState()
        set_stroke(c, style)
        c.rect(bx, y, bw, h, stroke=1, fill=0)
        c.setFillGray(0.55 if current != rank else 0)
        size = max(MIN_TYPE, min(h * 0.55, style.pt(7)))
        c.setFont(fonts.MONO_BOLD if current == rank else fonts.MONO, size)
        c.drawCentredString(bx + bw / 2, y + (h - size * 0.7) / 2, rank)
        if current == rank and not form.enabled:
            c.setStrokeGray(0)
            c.setLineWidth(1.2)
            c.ellipse(bx + 1.2, y + 1.2, bx + bw - 1.2, y + h - 1.2, stroke=1, fill=0)
        c.restoreState()
        if current is None or form.enabled:  # a fillable sheet's rank stays the player's to change
            form.add(c, f"{name}.die", bx, y, bw, h, kind="radio", value=rank, mark="ring", on=current == rank)


def paragraph(c: Canvas, x: float, y_top: float, w: float, text: str, style: Style, size: float = 7,
              font: str | None = None, leading: float = 1.2, gray: float = 0.15, max_lines: int | None = None
              ) -> float:
    """Wrap ``text`` into ``w`` starting with its first baseline under ``y_top``; returns the y below it."""
    size = style.type(size)
    lines = text_engine.lines([[(text, font or fonts.SERIF)]], size, w)
    if max_lines is not None:
        lines = lines[:max_lines]
    c.saveState()
    c.setFillGray(gray)
    yy = text_engine.draw_lines(c, lines, x, y_top, w, size, text_engine.Spacing(leading))
    c.restoreState()
    return yy + size * leading - size * 0.35


def paragraph_height(text: str, style: Style, w: float, size: float = 7, font: str | None = None,
                     leading: float = 1.2) -> float:
    """How far down ``paragraph`` with the same arguments reaches below its ``y_top``."""
    size = style.type(size)
    lines = len(text_engine.lines([[(text, font or fonts.SERIF)]], size, w))
    return size + (lines - 1) * size * leading + size * 0.35


def rich_line(c: Canvas, x: float, y: float, parts: list[tuple[str, str]], size: float, gray: float = 0.1,
              max_width: float | None = None) -> None:
    """Draw consecutive (font, text) runs on one baseline, shrinking to ``max_width`` (never below MIN_TYPE).

    Kept, with ``wrap_runs``, for the sheets that set their lines this way (one drawString a word);
    new code sets runs with render.text.lines(..., keep_spaces=True) and draws them with Line.draw."""
    runs = [(text, font) for font, text in parts]
    size = max(size, MIN_TYPE)
    if max_width:
        size = text_engine.fit_line(runs, max_width, size, MIN_TYPE).size
    c.saveState()
    c.setFillGray(gray)
    text_engine.draw_runs(c, x, y, runs, size)
    c.restoreState()


def wrap_runs(parts: list[tuple[str, str]], size: float, width: float, indent: float = 0
              ) -> list[list[tuple[str, str]]]:
    """(font, text) runs broken into lines no wider than ``width`` at ``size``, white space as written;
    lines after the first start ``indent`` in. A word never breaks, and keeps its runs' fonts. Each line
    is given as its words, each with the white space before it (for ``rich_line``): render.text.lines
    in the form the sheets that call this draw."""
    runs = [(text, font) for font, text in parts]
    found = []
    for line in text_engine.lines([runs], size, width, indent=indent, keep_spaces=True):
        pieces = []
        for k, word in enumerate(line.words):
            gap = "".join(text for text, _ in word.gap) if k else ""
            (first, font), *rest = word.runs
            pieces += [(font, gap + first)] + [(f, t) for t, f in rest]
        found.append(pieces)
    return found


def vstack(top: float, height: float, parts: list[float], gap: float) -> list[tuple[float, float]]:
    """Split a column into parts from the top down: a positive part is a fixed height,
    a negative one a share of what is left (-1 and -2 take one and two shares).
    Returns (bottom y, height) per part."""
    fixed = sum(p for p in parts if p > 0) + gap * (len(parts) - 1)
    shares = -sum(p for p in parts if p < 0) or 1
    spare = max(0.0, height - fixed)
    result, y = [], top
    for p in parts:
        h = p if p > 0 else spare * (-p) / shares
        result.append((y - h, h))
        y -= h + gap
    return result


def titled(c: Canvas, x: float, y: float, w: float, h: float, title: str, note: str, style: Style) -> tuple[float, float, float, float]:
    """A rounded box with a small-caps title and a note on the right, or under the title where a narrow box has
    no room for it beside; returns the inner writing area (x, y, w, h), below them both."""
    box(c, x, y, w, h, style, round_=style.pt(3))
    label(c, x + style.pt(4), y + h - style.pt(10), title.upper(), style, 7.5, bold=True, gray=0.12)
    below = 0.0
    if note:
        beside = w - text_engine.measure(title.upper(), fonts.SERIF_BOLD, style.type(7.5)) - style.pt(14)
        fits = text_engine.measure(note, fonts.SERIF_ITALIC, MIN_TYPE) <= beside
        nsize = text_fit(note, fonts.SERIF_ITALIC, style.type(6), beside if fits else w - style.pt(8))
        below = 0.0 if fits else nsize * 1.2
        c.saveState()
        c.setFillGray(style.label_gray)
        c.setFont(fonts.SERIF_ITALIC, nsize)
        c.drawRightString(x + w - style.pt(4), y + h - style.pt(10) - below, note)
        c.restoreState()
    pad = style.pt(4)
    return x + pad, y + pad * 0.5, w - 2 * pad, h - style.pt(13) - pad - below


CREDIT_SIZE = 6.5  # pt: the credit line at the foot of a page of sheets
CREDIT_EDGE = mm(10)  # from the page's left edge, as the sheets stand


def credit_line(phrasebooks: Words, c: Canvas, code: SeedCode, page_size: tuple[float, float], game: Game,
                first: bool) -> None:
    """The credit line in the strip along a page's foot, beside where the first page's QR stands (render/canvas
    first_page_qr), centred on it; on the first page it also says what the QR is for."""
    say = phrasebooks.say_for(__package__)
    spot = first_page_qr(code, page_size)
    words = say("house.sheet-credit", game=game.title, credit=game.credit) if game.credit \
        else say("house.sheet-credit-unnamed", game=game.title)
    if first:
        words = f"{words} {say('house.sheet-scan')}"
    width = spot.x - 2 * qr.GAP - CREDIT_EDGE
    lines = text_engine.wrap_text(words, fonts.SERIF_ITALIC, CREDIT_SIZE, width)
    leading = CREDIT_SIZE * 1.25
    top = spot.y + spot.side / 2 + len(lines) * leading / 2
    c.saveState()
    c.setFillGray(0.35)
    c.setFont(fonts.SERIF_ITALIC, CREDIT_SIZE)
    for index, line in enumerate(lines):
        c.drawString(CREDIT_EDGE, top - (index + 1) * leading + CREDIT_SIZE * 0.25, line)
    c.restoreState()
