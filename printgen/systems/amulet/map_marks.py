"""The rules' own map marks, drawn on one unit of wall or in a room.

Crumble: a wavy line. Secret: an S across the line (mapper's copy only).
Walldoor and Door: a C across the opening. Open: an O. Food: two ticks.
Treasure: a tick in each unit. Teleporter: a small square in the room.
Stair: three treads in the room. Murder hole: a small diamond in the wall.
Each function takes the wall's two end points in page points.
"""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from ...render import fonts

Point = tuple[float, float]
WALL_WIDTH = 1.8
THIN = 0.7


def _along(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _normal(a: Point, b: Point) -> Point:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    return (a[1] - b[1]) / length, (b[0] - a[0]) / length


def wall(c: Canvas, a: Point, b: Point) -> None:
    c.setLineWidth(WALL_WIDTH)
    c.line(*a, *b)


def jambs(c: Canvas, a: Point, b: Point, reach: float) -> None:
    """Short posts across the wall at both ends of an opening, so it reads as an opening."""
    nx, ny = _normal(a, b)
    c.setLineWidth(WALL_WIDTH)
    for p in (a, b):
        c.line(p[0] - nx * reach, p[1] - ny * reach, p[0] + nx * reach, p[1] + ny * reach)


def letter(c: Canvas, a: Point, b: Point, text: str, size: float, backed: bool = False) -> None:
    """A letter written across the middle of a wall or opening."""
    x, y = _along(a, b, 0.5)
    if backed:
        c.setFillGray(1)
        c.rect(x - size * 0.36, y - size * 0.42, size * 0.72, size * 0.84, stroke=0, fill=1)
    c.setFillGray(0)
    c.setFont(fonts.SERIF_BOLD, size)
    c.drawCentredString(x, y - size * 0.34, text)


def crumble(c: Canvas, a: Point, b: Point, amplitude: float) -> None:
    """The wall drawn as a wavy line: three full waves along the unit."""
    nx, ny = _normal(a, b)
    c.setLineWidth(WALL_WIDTH * 0.9)
    path = c.beginPath()
    steps = 36
    for i in range(steps + 1):
        t = i / steps
        x, y = _along(a, b, t)
        off = amplitude * math.sin(t * 3 * 2 * math.pi)
        point = (x + nx * off, y + ny * off)
        path.moveTo(*point) if i == 0 else path.lineTo(*point)
    c.drawPath(path, stroke=1, fill=0)


def ticks(c: Canvas, a: Point, b: Point, count: int, reach: float) -> None:
    """A thin ward line with ``count`` strokes across it, evenly spaced: treasure, a tick a unit."""
    nx, ny = _normal(a, b)
    c.setLineWidth(THIN)
    c.line(*a, *b)
    c.setLineWidth(WALL_WIDTH * 0.8)
    for k in range(count):
        x, y = _along(a, b, (k + 0.5) / count)
        c.line(x - nx * reach, y - ny * reach, x + nx * reach, y + ny * reach)


def food_ward(c: Canvas, a: Point, b: Point, reach: float) -> None:
    """Two ticks off one side of a thin ward line, an F lying on its back."""
    nx, ny = _normal(a, b)
    c.setLineWidth(THIN)
    c.line(*a, *b)
    c.setLineWidth(WALL_WIDTH * 0.8)
    for t in (0.3, 0.6):
        x, y = _along(a, b, t)
        c.line(x, y, x + nx * reach * 1.6, y + ny * reach * 1.6)
        c.line(x, y, x - nx * reach * 1.6, y - ny * reach * 1.6)


def teleporter(c: Canvas, x: float, y: float, side: float) -> None:
    c.setLineWidth(THIN * 1.4)
    c.setFillGray(1)
    c.rect(x - side / 2, y - side / 2, side, side, stroke=1, fill=1)
    c.rect(x - side / 5, y - side / 5, side * 2 / 5, side * 2 / 5, stroke=0, fill=0)


def stair(c: Canvas, x: float, y: float, side: float) -> None:
    """A stair down: a box of treads narrowing away from the room."""
    c.setLineWidth(THIN)
    c.setFillGray(1)
    c.rect(x - side / 2, y - side / 2, side, side, stroke=1, fill=1)
    for k in range(1, 4):
        inset = side * 0.08 * k
        yy = y - side / 2 + side * k / 4
        c.line(x - side / 2 + inset, yy, x + side / 2 - inset, yy)


def murder_hole(c: Canvas, a: Point, b: Point, size: float) -> None:
    x, y = _along(a, b, 0.5)
    path = c.beginPath()
    path.moveTo(x, y + size)
    path.lineTo(x + size, y)
    path.lineTo(x, y - size)
    path.lineTo(x - size, y)
    path.close()
    c.setFillGray(0)
    c.drawPath(path, stroke=0, fill=1)
