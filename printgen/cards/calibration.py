"""The duplex calibration sheet: heavy lines on the front, fine scales on the back.

Printed double-sided and held up to a light with the back towards you, the
front's lines show through as dark shadows across the back's scales; the
numbers read off them are the --back-offset that puts every back squarely
behind its front. The page centre is the one point that lands on itself
under either flip, so lines and scales are centred there.

What shows through paper is blurred and faint, so the two sides are drawn to
be told apart: the lines 1.5 pt and black, the scales' ticks hairlines with
their numbers beside them. The words beside the front's lines are read
through the sheet, from the back, so they are printed mirrored the way the
sheet is turned: they read the right way round from the side they are read
on.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..render import fonts
from ..units import mm
from ..words import Words
from .imposition import Sheet

SCALE_REACH = 10  # mm either side of zero: as far as --back-offset goes
LINE_REACH = mm(75)
LINE_WIDTH = 1.5  # pt: dark enough to show through the paper
TICK_WIDTH = 0.3  # pt: the scales' ticks, finer than the line they are read against
SCALE_AT = mm(45)  # distance of each scale from the centre
NUMBER_SIZE = 7.0
SEEN_THROUGH_SIZE = 9.0


def draw_front(phrasebooks: Words, c: Canvas, options, sheet: Sheet) -> None:
    say = phrasebooks.say_for(__package__)
    cx, cy = sheet.page_width / 2, sheet.page_height / 2
    c.saveState()
    c.setStrokeGray(0)
    c.setLineWidth(LINE_WIDTH)
    c.setLineCap(0)
    c.lines([(cx, cy - LINE_REACH, cx, cy + LINE_REACH), (cx - LINE_REACH, cy, cx + LINE_REACH, cy)])
    # Beside each line, away from the scales, a word read through the sheet from the back.
    c.setFillGray(0)
    c.setFont(fonts.SERIF_BOLD, SEEN_THROUGH_SIZE)
    for x, y, word in ((cx + mm(1.5), cy - mm(70), say("calibration.x-line")),
                       (cx - mm(70), cy + mm(1.5), say("calibration.y-line"))):
        _seen_through(c, sheet, options.duplex, x, y, word)
    _words(c, sheet, [say("calibration.front-title"), say("calibration.front-how", edge=options.duplex),
                      say("calibration.front-size")])
    c.restoreState()


def draw_back(phrasebooks: Words, c: Canvas, options, sheet: Sheet) -> None:
    say = phrasebooks.say_for(__package__)
    dx, dy = options.back_offset
    cx, cy = sheet.page_width / 2 + dx, sheet.page_height / 2 + dy
    c.saveState()
    c.setStrokeGray(0)
    c.setFillGray(0)
    c.setLineWidth(TICK_WIDTH)
    c.setFont(fonts.SERIF, NUMBER_SIZE)
    ticks = []
    for half in range(-SCALE_REACH * 2, SCALE_REACH * 2 + 1):
        at = mm(half / 2)
        length = mm(4) if half % 10 == 0 else mm(3) if half % 2 == 0 else mm(1.5)
        ticks.append((cx + at, cy + SCALE_AT, cx + at, cy + SCALE_AT + length))  # across: X
        ticks.append((cx + SCALE_AT, cy + at, cx + SCALE_AT + length, cy + at))  # up: Y
        if half % 4 == 0:
            # Every second millimetre is numbered, in two staggered rows so the numbers never touch.
            value = half // 2
            far = mm(8) if value % 4 else mm(5)
            c.drawCentredString(cx + at, cy + SCALE_AT + far, str(value))
            c.drawString(cx + SCALE_AT + far - mm(0.5), cy + at - NUMBER_SIZE * 0.35, str(value))
    c.lines(ticks)
    c.setFont(fonts.SERIF_BOLD, 9)
    c.drawCentredString(cx, cy + SCALE_AT + mm(13), "X (mm)")
    c.drawString(cx + SCALE_AT + mm(14), cy - 3, "Y (mm)")
    shifted = say("calibration.back-shifted", x=f"{dx / mm(1):g}", y=f"{dy / mm(1):g}") if (dx or dy) else ""
    _words(c, sheet, [say("calibration.back-title"), say("calibration.back-hold"), say("calibration.back-read"),
                      say("calibration.back-print"), shifted])
    c.restoreState()


def _seen_through(c: Canvas, sheet: Sheet, duplex: str, x: float, y: float, word: str) -> None:
    """``word`` on the front so that, seen through the sheet from the back, it starts at (x, y) and reads rightly.

    Turned over the long edge the back sees the front's left and right swapped;
    over the short edge, its top and bottom.
    """
    c.saveState()
    if duplex == "long":
        c.translate(sheet.page_width - x, y)
        c.scale(-1, 1)
    else:
        c.translate(x, sheet.page_height - y)
        c.scale(1, -1)
    c.drawString(0, 0, word)
    c.restoreState()


def _words(c: Canvas, sheet: Sheet, lines: list[str]) -> None:
    x = mm(20)
    y = sheet.page_height - mm(25)
    c.setFillGray(0)
    for number, line in enumerate(filter(None, lines)):
        c.setFont(fonts.SERIF_BOLD if number == 0 else fonts.SERIF, 12 if number == 0 else 9)
        c.drawString(x, y, line)
        y -= mm(7) if number == 0 else mm(4.5)
