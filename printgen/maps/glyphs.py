"""Drawings a game can give its door kinds and marks: each is a function (canvas, size) drawing at the origin.

Doors are drawn spanning a doorway that runs up and down the page, ``size``
being one square; the engine turns them to fit the wall. Marks are drawn
centred, ``size`` points across. A game picks from these (or writes its own
with the same signature) when it registers its symbols (symbols.py).

Segments are drawn along a stretch of wall, however many units long: from
the origin to (``length``, 0), ``pitch`` points to a unit, ``units`` units;
the engine turns them by ``angle`` degrees to lie along the wall, 45° walls
too, and a letter is turned back so it stands upright.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from ..render import fonts
from ..units import MIN_TEXT_PT, mm

Glyph = Callable[[Canvas, float], None]
Segment = Callable[[Canvas, float, float, int, float], None]  # canvas, length, pitch, units, angle

LOCK_SIZE = mm(2.4)  # the lock on a locked door: big enough to tell at arm's length
MIN_TEXT = MIN_TEXT_PT  # pt: no letter in a glyph is smaller, whatever the glyph's size


def text_size(size: float, fraction: float) -> float:
    """A glyph's letter: ``fraction`` of the glyph's size, never under ``MIN_TEXT``."""
    return max(MIN_TEXT, size * fraction)


def pen(c: Canvas, fill: float = 1, width: float = 0.7) -> None:
    """A glyph's outline: black lines ``width`` pt wide round shapes filled ``fill`` grey (white unless told)."""
    c.setLineWidth(width)
    c.setStrokeGray(0)
    c.setFillGray(fill)


def black_letter(c: Canvas, text: str, font_size: float, y: float, font: str = fonts.SERIF_BOLD) -> None:
    """``text`` in black, centred on the glyph's middle, its baseline at ``y``."""
    c.setFillGray(0)
    c.setFont(font, font_size)
    c.drawCentredString(0, y, text)


def reaching(along: float, across: float, lock: bool = False):
    """Mark a door glyph with how far it reaches from its centre, as fractions of its size (along the wall,
    across it); a lock reaches at least its own radius across."""
    def extent(size: float) -> tuple[float, float]:
        return along * size, max(across * size, LOCK_SIZE / 2 + 0.35 if lock else 0)

    def mark(glyph):
        glyph.extent = extent
        return glyph
    return mark


# --- doors --------------------------------------------------------------------------------


def door(fill: float) -> Glyph:
    """A door leaf across the doorway, filled with ``fill`` grey (1 white, 0 black)."""
    @reaching(0.45, 0.16 + 0.03)
    def draw(c: Canvas, size: float) -> None:
        w, h = size * 0.9, size * 0.32
        pen(c, fill, width=0.8)
        c.rect(-w / 2, -h / 2, w, h, stroke=1, fill=1)
    return draw


def locked(leaf: Glyph) -> Glyph:
    """``leaf`` with a padlock on it: a white disc with a black keyhole, LOCK_SIZE across."""
    @reaching(0.45, 0.19, lock=True)
    def draw(c: Canvas, size: float) -> None:
        leaf(c, size)
        r = LOCK_SIZE / 2
        pen(c)
        c.circle(0, 0, r, stroke=1, fill=1)
        c.setFillGray(0)
        c.circle(0, r * 0.2, r * 0.32, stroke=0, fill=1)
        c.rect(-r * 0.14, -r * 0.6, r * 0.28, r * 0.7, stroke=0, fill=1)
    return draw


@reaching(0.5, 0.16)
def arch(c: Canvas, size: float) -> None:
    """An archway: the two jambs of the wall, solid, and the arch overhead as a dashed line between them,
    the plan's way of drawing what stands above the floor: no leaf, nothing that swings."""
    h = size * 0.3
    jamb = size * 0.16
    c.setFillGray(0)
    c.rect(-size / 2, -h / 2, jamb, h, stroke=0, fill=1)
    c.rect(size / 2 - jamb, -h / 2, jamb, h, stroke=0, fill=1)
    c.setLineWidth(max(0.8, size * 0.04))
    c.setStrokeGray(0)
    c.setDash(max(1.6, size * 0.09), max(1.0, size * 0.055))
    c.line(-size / 2 + jamb, 0, size / 2 - jamb, 0)
    c.setDash()


@reaching(0.45, 0.1)
def portcullis(c: Canvas, size: float) -> None:
    """A bar of iron with its spikes: a gate one sees through."""
    w = size * 0.9
    c.setLineWidth(0.9)
    c.setStrokeGray(0)
    c.line(-w / 2, 0, w / 2, 0)
    c.setFillGray(0)
    for i in range(5):
        c.circle(-w / 2 + i * w / 4, 0, size * 0.07, stroke=0, fill=1)


@reaching(0.3, 0.3)
def secret(c: Canvas, size: float) -> None:
    """An S across the wall, the usual mark of a secret door, upright whatever the wall's direction."""
    c.setFillGray(1)
    c.setStrokeGray(0)
    c.setLineWidth(0.6)
    c.rect(-size * 0.3, -size * 0.3, size * 0.6, size * 0.6, stroke=1, fill=1)
    black_letter(c, "S", size * 0.62, -size * 0.22)


@reaching(0, 0)
def open_way(c: Canvas, size: float) -> None:
    """A passage running on with nothing in the way: nothing to draw."""


# --- segments: drawn along a stretch of wall ------------------------------------------------

WALL = 1.6  # pt: as draw.WALL_WIDTH, so a segment's wall matches the walls around it
THIN = 0.7


def wall_line(c: Canvas, length: float) -> None:
    c.setStrokeGray(0)
    c.setLineWidth(WALL)
    c.line(0, 0, length, 0)


def on_wall(glyph: Glyph, scale: float = 0.5) -> Segment:
    """Plain wall with ``glyph`` across its middle, ``scale`` of a unit across: a secret door's S, a hole."""
    def draw(c: Canvas, length: float, pitch: float, units: int, angle: float) -> None:
        wall_line(c, length)
        c.saveState()
        c.translate(length / 2, 0)
        c.rotate(-angle)
        glyph(c, max(pitch, 24.0) * scale)
        c.restoreState()
    extent = getattr(glyph, "extent", None)
    # How far what stands across its middle reaches from it.
    draw.middle = lambda pitch: extent(max(pitch, 24.0) * scale)[0] if extent else max(pitch, 24.0) * scale / 2
    return draw


def wavy(waves_per_unit: int = 3) -> Segment:
    """The wall drawn as a wavy line, so it reads at a glance as no ordinary wall (a crumbling one)."""
    def draw(c: Canvas, length: float, pitch: float, units: int, angle: float) -> None:
        amplitude = pitch * 0.08
        waves = waves_per_unit * units
        c.setStrokeGray(0)
        c.setLineWidth(WALL * 0.9)
        path = c.beginPath()
        steps = 12 * waves
        for i in range(steps + 1):
            t = i / steps
            point = (length * t, amplitude * math.sin(t * waves * 2 * math.pi))
            path.moveTo(*point) if i == 0 else path.lineTo(*point)
        c.drawPath(path, stroke=1, fill=0)
    return draw


def _posts(c: Canvas, length: float, reach: float) -> None:
    c.setStrokeGray(0)
    c.setLineWidth(WALL)
    for x in (0, length):
        c.line(x, -reach, x, reach)


def _backed_letter(c: Canvas, x: float, text: str, size: float, angle: float) -> None:
    c.saveState()
    c.translate(x, 0)
    # The white ground lies along the line, as long as the round letter is wide: a page-upright box cuts a
    # longer gap in a 45° line (and one growing with the square), through which the places it parts read
    # as one.
    c.setFillGray(1)
    c.rect(-size * 0.38, -size * 0.42, size * 0.76, size * 0.84, stroke=0, fill=1)
    c.rotate(-angle)
    black_letter(c, text, size, -size * 0.34)
    c.restoreState()


DOTTED, DASHED, SOLID = "dotted", "dashed", "solid"


def across(c: Canvas, length: float, pitch: float, line: str) -> None:
    """A thin line across an opening from the origin to (``length``, 0): ``dotted`` (a threshold: the
    opening parts two places), ``dashed`` (a stretch of wall that opens) or ``solid`` (a door's leaf)."""
    width = min(1.6, max(1.1, pitch * 0.05)) if line == DOTTED else min(1.3, max(0.8, pitch * 0.035))
    c.setStrokeGray(0)
    c.setLineWidth(width)
    if line == DOTTED:  # round dots a little over their own width apart: one line, and no wall
        c.setLineCap(1)
        c.setDash([0, width * 2.1])
    elif line == DASHED:  # gaps under 0.6 mm at any square: a dashed wall still parts its places
        c.setDash(max(1.8, pitch * 0.06), min(1.6, max(1.0, pitch * 0.045)))
    c.line(0, 0, length, 0)
    c.setDash()
    c.setLineCap(0)


def opening(text: str, line: str = DOTTED) -> Segment:
    """An opening between two posts with ``text`` written across its middle, over a thin line across it
    (``across``: dotted for an opening, solid for a door, dashed for a wall that opens)."""
    def draw(c: Canvas, length: float, pitch: float, units: int, angle: float) -> None:
        _posts(c, length, pitch * 0.07)
        across(c, length, pitch, line)
        _backed_letter(c, length / 2, text, letter_size(pitch), angle)
    draw.middle = lambda pitch: letter_size(pitch) * 0.45
    return draw


def letter_size(pitch: float) -> float:
    """A letter written across a wall: grows with the square, never under 7 pt."""
    return max(7.0, pitch * 0.22)


def ticked(count: int = 0) -> Segment:
    """A thin line with ticks across it: ``count`` near its middle, or (0) one in each unit."""
    def draw(c: Canvas, length: float, pitch: float, units: int, angle: float) -> None:
        c.setStrokeGray(0)
        c.setLineWidth(THIN)
        c.line(0, 0, length, 0)
        c.setLineWidth(WALL * 0.8)
        reach = pitch * 0.1
        places = [(k + 0.5) / units for k in range(units)] if count == 0 else             [0.5 + (k - (count - 1) / 2) * 0.3 / units for k in range(count)]
        for t in places:
            c.line(length * t, -reach, length * t, reach)
    return draw


# --- marks ---------------------------------------------------------------------------------


def letter(text: str, font: str = fonts.MONO_BOLD) -> Glyph:
    def draw(c: Canvas, size: float) -> None:
        black_letter(c, text, text_size(size, 0.9), -size * 0.3, font=font)
    return draw


def stairs(down: bool) -> Glyph:
    def draw(c: Canvas, size: float) -> None:
        s = size / 2
        c.setLineWidth(0.7)
        c.setStrokeGray(0)
        for i in range(4):  # treads narrowing down, or widening up, over the top half; the words below
            width = s * (0.95 - i * 0.2) if down else s * (0.35 + i * 0.2)
            y = s * (0.95 - i * 0.3)
            c.line(-width, y, width, y)
        black_letter(c, "DN" if down else "UP", text_size(size, 0.36), -s * 0.95)
    return draw


def warning(text: str) -> Glyph:
    """A triangle with a letter in it."""
    def draw(c: Canvas, size: float) -> None:
        s = size / 2
        pen(c)
        p = c.beginPath()
        p.moveTo(0, s)
        p.lineTo(s, -s * 0.8)
        p.lineTo(-s, -s * 0.8)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
        black_letter(c, text, text_size(size, 0.5), -s * 0.6)
    return draw


def ringed(text: str) -> Glyph:
    """A circle with a letter in it."""
    def draw(c: Canvas, size: float) -> None:
        s = size / 2
        pen(c)
        c.circle(0, 0, s * 0.92, stroke=1, fill=1)
        black_letter(c, text, text_size(size, 0.55), -s * 0.38)
    return draw


def fountain(c: Canvas, size: float) -> None:
    s = size / 2
    pen(c)
    c.circle(0, 0, s * 0.9, stroke=1, fill=1)
    c.circle(0, 0, s * 0.45, stroke=1, fill=0)
    c.setFillGray(0)
    c.circle(0, 0, s * 0.12, stroke=0, fill=1)


def chest(fill: float, sign: str = "") -> Glyph:
    """A chest filled with ``fill`` grey; ``sign``: a letter on its front instead of the lock."""
    def draw(c: Canvas, size: float) -> None:
        s = size / 2
        pen(c, fill)
        height = s * 1.1 if not sign else s * 1.5
        c.rect(-s * 0.9, -height / 2, s * 1.8, height, stroke=1, fill=1)
        c.line(-s * 0.9, height / 2 - s * 0.45, s * 0.9, height / 2 - s * 0.45)
        c.setFillGray(0 if fill > 0.5 else 1)
        if sign:
            letter_size = text_size(size, 0.45)
            c.setFont(fonts.SERIF_BOLD, letter_size)
            c.drawCentredString(0, -height / 2 + s * 0.12, sign)
        else:
            c.rect(-s * 0.15, -s * 0.1, s * 0.3, s * 0.35, stroke=0, fill=1)
    return draw


def statue(c: Canvas, size: float) -> None:
    """A skull on a plinth."""
    s = size / 2
    pen(c)
    c.circle(0, s * 0.1, s * 0.85, stroke=1, fill=1)
    c.rect(-s * 0.45, -s * 0.95, s * 0.9, s * 0.35, stroke=1, fill=1)
    c.setFillGray(0)
    c.circle(-s * 0.32, s * 0.2, s * 0.2, stroke=0, fill=1)
    c.circle(s * 0.32, s * 0.2, s * 0.2, stroke=0, fill=1)


def coffins(c: Canvas, size: float) -> None:
    s = size / 2
    pen(c)
    for offset in (-s * 0.5, s * 0.5):
        p = c.beginPath()
        p.moveTo(offset, s)
        p.lineTo(offset + s * 0.35, s * 0.55)
        p.lineTo(offset + s * 0.22, -s)
        p.lineTo(offset - s * 0.22, -s)
        p.lineTo(offset - s * 0.35, s * 0.55)
        p.close()
        c.drawPath(p, stroke=1, fill=1)


def hole(fill: float, scale: float = 0.9) -> Glyph:
    def draw(c: Canvas, size: float) -> None:
        pen(c, fill)
        c.circle(0, 0, size / 2 * scale, stroke=1, fill=1)
    return draw


def pad(c: Canvas, size: float) -> None:
    """A small square with a smaller one in it: a teleporter's pad, two thirds of ``size`` across."""
    size *= 2 / 3
    s = size / 2
    pen(c, width=1.0)
    c.rect(-s, -s, size, size, stroke=1, fill=1)
    c.setLineWidth(0.6)
    c.rect(-s * 0.4, -s * 0.4, s * 0.8, s * 0.8, stroke=1, fill=0)


def treads(c: Canvas, size: float) -> None:
    """A box of treads narrowing away: stairs down, drawn small enough to stand in a corner of a square."""
    s = size / 2
    pen(c)
    c.rect(-s, -s, size, size, stroke=1, fill=1)
    for k in range(1, 4):
        inset = size * 0.08 * k
        y = -s + size * k / 4
        c.line(-s + inset, y, s - inset, y)


def diamond(c: Canvas, size: float) -> None:
    """A small solid diamond: a hole in a wall."""
    s = size / 2
    p = c.beginPath()
    p.moveTo(0, s)
    p.lineTo(s, 0)
    p.lineTo(0, -s)
    p.lineTo(-s, 0)
    p.close()
    c.setFillGray(0)
    c.drawPath(p, stroke=0, fill=1)


def arrow_in(c: Canvas, size: float) -> None:
    """A solid triangle pointing down: the way in."""
    s = size / 2
    p = c.beginPath()
    p.moveTo(-s * 0.6, s)
    p.lineTo(s * 0.6, s)
    p.lineTo(0, -s * 0.4)
    p.close()
    c.setFillGray(0)
    c.drawPath(p, stroke=0, fill=1)


def unexplored(c: Canvas, size: float) -> None:
    """A "?" in a dashed ring: a way on still to be rolled at the table."""
    s = size / 2
    pen(c, width=0.6)
    c.setDash(1.2, 1.0)
    c.circle(0, 0, s * 0.95, stroke=1, fill=1)
    c.setDash()
    letter_size = text_size(size, 0.72)
    black_letter(c, "?", letter_size, -letter_size * 0.35)


def star(c: Canvas, size: float) -> None:
    """A five-pointed star, white with a black rim: where the heroes start."""
    s = size / 2
    path = c.beginPath()
    for k in range(10):
        r = s * (0.98 if k % 2 == 0 else 0.42)
        angle = math.pi / 2 + k * math.pi / 5
        point = (r * math.cos(angle), r * math.sin(angle) - s * 0.06)
        path.moveTo(*point) if k == 0 else path.lineTo(*point)
    path.close()
    c.setLineWidth(0.8)
    c.setLineJoin(1)
    c.setStrokeGray(0)
    c.setFillGray(0)
    c.drawPath(path, stroke=1, fill=1)
    c.setLineJoin(0)


def rubble(c: Canvas, size: float) -> None:
    """Fallen stones filling a square: no way through."""
    c.setFillGray(0.25)
    for fx, fy, r in ((-0.25, -0.2, 0.12), (0.1, -0.25, 0.09), (-0.05, 0.15, 0.13), (0.3, 0.2, 0.08), (-0.3, 0.25, 0.07)):
        c.circle(fx * size, fy * size, r * size, stroke=0, fill=1)
