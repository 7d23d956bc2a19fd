"""The duplex calibration sheet: lines on the front, scales on the back.

Printed double-sided and held up to a light, the front's lines show through
the back's scales; the numbers read off them are the --back-offset that puts
every back squarely behind its front. The page centre is the one point that
lands on itself under either flip, so lines and scales are centred there.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..render import fonts
from ..units import mm
from .layout import Sheet

SCALE_REACH = 6  # mm either side of zero
LINE_REACH = mm(70)
SCALE_AT = mm(45)  # distance of each scale from the centre


def draw_front(c: Canvas, options, sheet: Sheet) -> None:
    cx, cy = sheet.page_width / 2, sheet.page_height / 2
    c.saveState()
    c.setStrokeGray(0)
    c.setLineWidth(0.35)
    c.lines([(cx, cy - LINE_REACH, cx, cy + LINE_REACH), (cx - LINE_REACH, cy, cx + LINE_REACH, cy)])
    _words(c, sheet, [
        "Duplex calibration: front",
        f"Print this page and the next double-sided, flipping on the {options.duplex} edge,",
        "at actual size (100 %). Then turn the sheet over and read the other side.",
    ])
    c.restoreState()


def draw_back(c: Canvas, options, sheet: Sheet) -> None:
    dx, dy = options.back_offset
    cx, cy = sheet.page_width / 2 + dx, sheet.page_height / 2 + dy
    c.saveState()
    c.setStrokeGray(0)
    c.setFillGray(0)
    c.setLineWidth(0.3)
    c.setFont(fonts.SERIF, 7)
    ticks = []
    c.setFont(fonts.SERIF, 5)
    for half in range(-SCALE_REACH * 2, SCALE_REACH * 2 + 1):
        at = mm(half / 2)
        length = mm(3) if half % 2 == 0 else mm(1.5)
        ticks.append((cx + at, cy + SCALE_AT, cx + at, cy + SCALE_AT + length))  # across: X
        ticks.append((cx + SCALE_AT, cy + at, cx + SCALE_AT + length, cy + at))  # up: Y
        if half % 2 == 0:
            # Whole millimetres, labels staggered in two rows so they never touch.
            label = str(half // 2)
            far = mm(6.5) if (half // 2) % 2 else mm(4)
            c.drawCentredString(cx + at, cy + SCALE_AT + far, label)
            c.drawString(cx + SCALE_AT + far - mm(0.5), cy + at - 2, label)
    c.lines(ticks)
    c.setFont(fonts.SERIF_BOLD, 8)
    c.drawCentredString(cx, cy + SCALE_AT + mm(10), "X (mm)")
    c.drawString(cx + SCALE_AT + mm(11), cy - 3, "Y (mm)")
    shifted = f" This page is already shifted by {dx / mm(1):g},{dy / mm(1):g} mm: add your reading to that." if (dx or dy) else ""
    _words(c, sheet, [
        "Duplex calibration: back",
        "Hold the sheet up to a light, this side towards you. Where the front's upright",
        "line crosses the X scale, and its level line crosses the Y scale, read two numbers:",
        "print your deck with --back-offset X,Y (for example --back-offset 0.5,-1).",
        shifted.strip(),
    ])
    c.restoreState()


def _words(c: Canvas, sheet: Sheet, lines: list[str]) -> None:
    x = mm(20)
    y = sheet.page_height - mm(25)
    c.setFillGray(0)
    for number, line in enumerate(filter(None, lines)):
        c.setFont(fonts.SERIF_BOLD if number == 0 else fonts.SERIF, 12 if number == 0 else 9)
        c.drawString(x, y, line)
        y -= mm(7) if number == 0 else mm(4.5)
