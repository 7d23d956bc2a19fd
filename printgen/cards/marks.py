"""Small drawings a card carries: the symbols at its foot and the emblems on its face.

Every drawing is centred on (cx, cy) and scaled to ``size`` (its height, in
points), in plain vector strokes and fills, so it prints sharp at any size.
A symbol crossed out gets a red stroke through it: the card may not be used
that way.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ..render import fonts
from .model import Color, Symbol

INK: Color = (0.1, 0.1, 0.12)
RED: Color = (0.78, 0.1, 0.1)
GOLD: Color = (0.86, 0.68, 0.2)
STEEL: Color = (0.55, 0.58, 0.62)
WOOD: Color = (0.5, 0.33, 0.18)
WATER: Color = (0.25, 0.5, 0.8)
HOLE: Color = (0.05, 0.05, 0.06)
PALE = 0.6  # how far --ink-saver moves an emblem's fills towards white


def _paint(colour: Color, pale: float) -> Color:
    """A fill colour as an emblem draws it: ``pale`` of the way to white (--ink-saver: PALE), else as it is."""
    return lighter(colour, pale) if pale else colour


def lighter(colour: Color, amount: float = 0.6) -> Color:
    """``colour`` moved ``amount`` of the way to white."""
    return tuple(v + (1 - v) * amount for v in colour)  # type: ignore[return-value]


def _poly(c: Canvas, points: list[tuple[float, float]], fill: Color | None, stroke: Color | None = INK,
          width: float = 0.6, close: bool = True) -> None:
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    if close:
        path.close()
    _draw(c, path, fill, stroke, width)


def _draw(c: Canvas, path: PDFPathObject, fill: Color | None, stroke: Color | None = INK, width: float = 0.6) -> None:
    """``path`` filled with ``fill`` and outlined in ``stroke``, ``width`` pt wide (None: not filled, or not
    outlined)."""
    if fill:
        c.setFillColorRGB(*fill)
    if stroke:
        c.setStrokeColorRGB(*stroke)
        c.setLineWidth(width)
    c.drawPath(path, stroke=1 if stroke else 0, fill=1 if fill else 0)


def _circle(c: Canvas, x: float, y: float, r: float, fill: Color | None, stroke: Color | None = INK,
            width: float = 0.6) -> None:
    if fill:
        c.setFillColorRGB(*fill)
    if stroke:
        c.setStrokeColorRGB(*stroke)
        c.setLineWidth(width)
    c.circle(x, y, r, stroke=1 if stroke else 0, fill=1 if fill else 0)


# -- emblems ------------------------------------------------------------------

def potion(c: Canvas, cx: float, cy: float, s: float, tint: Color, pale: float = 0.0) -> None:
    """A round flask with a neck and a cork, filled with ``tint``."""
    r = s * 0.3
    body_y = cy - s * 0.5 + r
    neck_w = s * 0.14
    _poly(c, [(cx - neck_w, body_y + r * 0.8), (cx - neck_w, cy + s * 0.32), (cx + neck_w, cy + s * 0.32),
              (cx + neck_w, body_y + r * 0.8)], (0.93, 0.95, 0.97), INK, s * 0.03)
    _circle(c, cx, body_y, r, (0.93, 0.95, 0.97), INK, s * 0.03)
    c.saveState()
    clip = c.beginPath()
    clip.circle(cx, body_y, r * 0.9)
    c.clipPath(clip, stroke=0, fill=0)
    c.setFillColorRGB(*tint)
    c.rect(cx - r, body_y - r, 2 * r, r * 1.15, stroke=0, fill=1)
    c.restoreState()
    _circle(c, cx - r * 0.35, body_y + r * 0.35, r * 0.12, (1, 1, 1), None)
    c.setFillColorRGB(*_paint(WOOD, pale))
    c.rect(cx - neck_w * 1.2, cy + s * 0.32, neck_w * 2.4, s * 0.16, stroke=0, fill=1)


def coin(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    _circle(c, cx, cy, s * 0.48, _paint(GOLD, pale), (0.55, 0.4, 0.08), s * 0.05)
    _circle(c, cx, cy, s * 0.34, None, (0.7, 0.52, 0.12), s * 0.03)


def key(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    _circle(c, cx - s * 0.28, cy, s * 0.18, None, _paint(GOLD, pale), s * 0.09)
    c.setStrokeColorRGB(*_paint(GOLD, pale))
    c.setLineWidth(s * 0.09)
    c.line(cx - s * 0.1, cy, cx + s * 0.45, cy)
    c.line(cx + s * 0.3, cy, cx + s * 0.3, cy - s * 0.16)
    c.line(cx + s * 0.42, cy, cx + s * 0.42, cy - s * 0.2)


def chest(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    w, h = s * 0.9, s * 0.55
    c.setFillColorRGB(*_paint(WOOD, pale))
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(s * 0.03)
    c.rect(cx - w / 2, cy - h / 2, w, h * 0.62, stroke=1, fill=1)
    c.roundRect(cx - w / 2, cy - h / 2 + h * 0.62, w, h * 0.5, s * 0.1, stroke=1, fill=1)
    c.setFillColorRGB(*_paint(GOLD, pale))
    c.rect(cx - s * 0.07, cy - s * 0.08, s * 0.14, s * 0.16, stroke=1, fill=1)


def fountain(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    c.setFillColorRGB(*_paint(STEEL, pale))
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(s * 0.03)
    c.ellipse(cx - s * 0.48, cy - s * 0.45, cx + s * 0.48, cy - s * 0.05, stroke=1, fill=1)
    c.setFillColorRGB(*_paint(WATER, pale))
    c.ellipse(cx - s * 0.38, cy - s * 0.36, cx + s * 0.38, cy - s * 0.12, stroke=0, fill=1)
    c.setStrokeColorRGB(*_paint(WATER, pale))
    c.setLineWidth(s * 0.05)
    for side in (-1, 1):
        arc = c.beginPath()
        arc.moveTo(cx, cy + s * 0.1)
        arc.curveTo(cx + side * s * 0.1, cy + s * 0.45, cx + side * s * 0.3, cy + s * 0.3, cx + side * s * 0.3,
                    cy - s * 0.2)
        c.drawPath(arc, stroke=1, fill=0)
    c.setFillColorRGB(*_paint(STEEL, pale))
    c.rect(cx - s * 0.05, cy - s * 0.2, s * 0.1, s * 0.32, stroke=1, fill=1)


def shop(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    """A stall: striped awning over a counter."""
    w = s * 0.9
    c.setFillColorRGB(*_paint(WOOD, pale))
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(s * 0.03)
    c.rect(cx - w / 2, cy - s * 0.45, w, s * 0.45, stroke=1, fill=1)
    stripes = 5
    pitch = (w + s * 0.1) / stripes
    for i in range(stripes):
        colour = (0.75, 0.15, 0.12) if i % 2 == 0 else (0.96, 0.93, 0.86)
        x0 = cx - w / 2 - s * 0.05 + i * pitch
        _poly(c, [(x0, cy + s * 0.1), (x0 + pitch, cy + s * 0.1), (x0 + pitch * 0.8, cy + s * 0.45),
                  (x0 + pitch * 0.2, cy + s * 0.45)], colour, INK, s * 0.02)
    coin(c, cx, cy - s * 0.2, s * 0.3, pale=pale)


def spikes(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    for i in range(5):
        x = cx - s * 0.4 + i * s * 0.2
        _poly(c, [(x - s * 0.09, cy - s * 0.35), (x, cy + s * 0.35), (x + s * 0.09, cy - s * 0.35)], _paint(STEEL, pale), INK,
              s * 0.025)
    c.setFillColorRGB(*INK)
    c.rect(cx - s * 0.5, cy - s * 0.45, s, s * 0.1, stroke=0, fill=1)


def drop(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    """A drop of poison."""
    colour = tint or (0.3, 0.65, 0.2)
    path = c.beginPath()
    path.moveTo(cx, cy + s * 0.48)
    path.curveTo(cx + s * 0.1, cy + s * 0.2, cx + s * 0.36, cy, cx + s * 0.36, cy - s * 0.16)
    path.curveTo(cx + s * 0.36, cy - s * 0.38, cx + s * 0.18, cy - s * 0.5, cx, cy - s * 0.5)
    path.curveTo(cx - s * 0.18, cy - s * 0.5, cx - s * 0.36, cy - s * 0.38, cx - s * 0.36, cy - s * 0.16)
    path.curveTo(cx - s * 0.36, cy, cx - s * 0.1, cy + s * 0.2, cx, cy + s * 0.48)
    _draw(c, path, colour, width=s * 0.03)


def hourglass(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    """Paralysis and skipped turns: time stands still."""
    h, w = s * 0.42, s * 0.3
    _poly(c, [(cx - w, cy + h), (cx + w, cy + h), (cx + s * 0.04, cy), (cx + w, cy - h), (cx - w, cy - h),
              (cx - s * 0.04, cy)], (0.96, 0.93, 0.86), INK, s * 0.03)
    _poly(c, [(cx - w * 0.6, cy - h), (cx + w * 0.6, cy - h), (cx, cy - h * 0.4)], (0.86, 0.7, 0.35), None)
    c.setFillColorRGB(*_paint(WOOD, pale))
    c.rect(cx - w * 1.2, cy + h, w * 2.4, s * 0.08, stroke=0, fill=1)
    c.rect(cx - w * 1.2, cy - h - s * 0.08, w * 2.4, s * 0.08, stroke=0, fill=1)


def cooldown(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    """A clock face, a quarter shaded: the spell is resting."""
    _circle(c, cx, cy, s * 0.46, (0.96, 0.93, 0.86), INK, s * 0.04)
    c.setFillColorRGB(0.45, 0.35, 0.7)
    c.wedge(cx - s * 0.4, cy - s * 0.4, cx + s * 0.4, cy + s * 0.4, 0, 90, stroke=0, fill=1)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(s * 0.05)
    c.line(cx, cy, cx, cy + s * 0.32)
    c.line(cx, cy, cx + s * 0.22, cy)


def star(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    points = []
    for i in range(10):
        r = s * (0.48 if i % 2 == 0 else 0.2)
        angle = math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    _poly(c, points, tint or _paint(GOLD, pale), INK, s * 0.03)


def skull(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    """Cursed."""
    bone = (0.94, 0.92, 0.86)
    _circle(c, cx, cy + s * 0.08, s * 0.36, bone, INK, s * 0.04)
    c.setFillColorRGB(*bone)
    c.rect(cx - s * 0.2, cy - s * 0.42, s * 0.4, s * 0.3, stroke=0, fill=1)
    c.setStrokeColorRGB(*INK)
    c.line(cx - s * 0.2, cy - s * 0.42, cx - s * 0.2, cy - s * 0.16)
    c.line(cx + s * 0.2, cy - s * 0.42, cx + s * 0.2, cy - s * 0.16)
    c.line(cx - s * 0.2, cy - s * 0.42, cx + s * 0.2, cy - s * 0.42)
    for side in (-1, 1):
        _circle(c, cx + side * s * 0.14, cy + s * 0.05, s * 0.09, INK, None)


def sword(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    _poly(c, [(cx - s * 0.06, cy - s * 0.2), (cx - s * 0.06, cy + s * 0.38), (cx, cy + s * 0.5),
              (cx + s * 0.06, cy + s * 0.38), (cx + s * 0.06, cy - s * 0.2)], _paint(STEEL, pale), INK, s * 0.03)
    c.setFillColorRGB(*_paint(WOOD, pale))
    c.rect(cx - s * 0.25, cy - s * 0.26, s * 0.5, s * 0.07, stroke=0, fill=1)
    c.rect(cx - s * 0.04, cy - s * 0.5, s * 0.08, s * 0.25, stroke=0, fill=1)


def dagger(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    sword(c, cx, cy - s * 0.12, s * 0.75, pale=pale)


def shield(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    path = c.beginPath()
    path.moveTo(cx - s * 0.38, cy + s * 0.42)
    path.lineTo(cx + s * 0.38, cy + s * 0.42)
    path.curveTo(cx + s * 0.38, cy - s * 0.05, cx + s * 0.2, cy - s * 0.3, cx, cy - s * 0.48)
    path.curveTo(cx - s * 0.2, cy - s * 0.3, cx - s * 0.38, cy - s * 0.05, cx - s * 0.38, cy + s * 0.42)
    _draw(c, path, tint or (0.35, 0.45, 0.65), width=s * 0.04)
    c.setStrokeColorRGB(*_paint(GOLD, pale))
    c.setLineWidth(s * 0.06)
    c.line(cx, cy + s * 0.38, cx, cy - s * 0.38)
    c.line(cx - s * 0.32, cy + s * 0.12, cx + s * 0.32, cy + s * 0.12)


def helm(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    path = c.beginPath()
    path.moveTo(cx - s * 0.4, cy - s * 0.4)
    path.lineTo(cx - s * 0.4, cy + s * 0.05)
    path.curveTo(cx - s * 0.4, cy + s * 0.6, cx + s * 0.4, cy + s * 0.6, cx + s * 0.4, cy + s * 0.05)
    path.lineTo(cx + s * 0.4, cy - s * 0.4)
    path.lineTo(cx + s * 0.08, cy - s * 0.4)
    path.lineTo(cx + s * 0.08, cy - s * 0.05)
    path.lineTo(cx - s * 0.08, cy - s * 0.05)
    path.lineTo(cx - s * 0.08, cy - s * 0.4)
    path.close()
    _draw(c, path, _paint(STEEL, pale), width=s * 0.04)


def chestplate(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    _poly(c, [(cx - s * 0.42, cy + s * 0.35), (cx - s * 0.15, cy + s * 0.45), (cx, cy + s * 0.32),
              (cx + s * 0.15, cy + s * 0.45), (cx + s * 0.42, cy + s * 0.35), (cx + s * 0.32, cy - s * 0.1),
              (cx + s * 0.28, cy - s * 0.45), (cx - s * 0.28, cy - s * 0.45), (cx - s * 0.32, cy - s * 0.1)],
          tint or _paint(STEEL, pale), INK, s * 0.04)


def boot(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    _poly(c, [(cx - s * 0.25, cy + s * 0.45), (cx + s * 0.08, cy + s * 0.45), (cx + s * 0.08, cy - s * 0.1),
              (cx + s * 0.42, cy - s * 0.2), (cx + s * 0.42, cy - s * 0.45), (cx - s * 0.25, cy - s * 0.45)],
          tint or _paint(WOOD, pale), INK, s * 0.04)


def maul(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    c.setFillColorRGB(*_paint(WOOD, pale))
    c.rect(cx - s * 0.04, cy - s * 0.5, s * 0.08, s * 0.75, stroke=0, fill=1)
    c.setFillColorRGB(*_paint(STEEL, pale))
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(s * 0.04)
    c.rect(cx - s * 0.3, cy + s * 0.18, s * 0.6, s * 0.3, stroke=1, fill=1)


def axe(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    c.setFillColorRGB(*_paint(WOOD, pale))
    c.rect(cx - s * 0.04, cy - s * 0.5, s * 0.08, s * 0.98, stroke=0, fill=1)
    path = c.beginPath()
    path.moveTo(cx + s * 0.04, cy + s * 0.35)
    path.curveTo(cx + s * 0.3, cy + s * 0.5, cx + s * 0.45, cy + s * 0.3, cx + s * 0.42, cy + s * 0.12)
    path.curveTo(cx + s * 0.4, cy - s * 0.05, cx + s * 0.25, cy - s * 0.1, cx + s * 0.04, cy + s * 0.05)
    path.close()
    _draw(c, path, _paint(STEEL, pale), width=s * 0.03)


def cape(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    _poly(c, [(cx - s * 0.12, cy + s * 0.45), (cx + s * 0.12, cy + s * 0.45), (cx + s * 0.42, cy - s * 0.45),
              (cx - s * 0.42, cy - s * 0.45)], tint or (0.18, 0.16, 0.24), INK, s * 0.03)


def lens(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    _circle(c, cx - s * 0.08, cy + s * 0.08, s * 0.3, (0.8, 0.9, 0.97), INK, s * 0.06)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(s * 0.1)
    c.line(cx + s * 0.14, cy - s * 0.14, cx + s * 0.42, cy - s * 0.42)


def scroll(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    paper = (0.95, 0.9, 0.76)
    c.setFillColorRGB(*paper)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(s * 0.03)
    c.rect(cx - s * 0.3, cy - s * 0.38, s * 0.6, s * 0.76, stroke=1, fill=1)
    for y in (cy + s * 0.38, cy - s * 0.38):
        c.roundRect(cx - s * 0.38, y - s * 0.07, s * 0.76, s * 0.14, s * 0.07, stroke=1, fill=1)
    c.setLineWidth(s * 0.02)
    for i in range(4):
        y = cy + s * 0.18 - i * s * 0.13
        c.line(cx - s * 0.2, y, cx + s * 0.2, y)


def ladder(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    """A ladder going down into a hole."""
    c.setFillColorRGB(*_paint(HOLE, pale))
    c.ellipse(cx - s * 0.48, cy - s * 0.4, cx + s * 0.48, cy + s * 0.25, stroke=0, fill=1)
    c.setStrokeColorRGB(*_paint(WOOD, pale))
    c.setLineWidth(s * 0.06)
    c.line(cx - s * 0.18, cy - s * 0.3, cx - s * 0.22, cy + s * 0.5)
    c.line(cx + s * 0.18, cy - s * 0.3, cx + s * 0.22, cy + s * 0.5)
    for i in range(5):
        y = cy - s * 0.22 + i * s * 0.16
        c.line(cx - s * 0.2, y, cx + s * 0.2, y)


def music(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    c.setFillColorRGB(*(tint or INK))
    for x in (cx - s * 0.25, cx + s * 0.2):
        c.ellipse(x - s * 0.14, cy - s * 0.42, x + s * 0.1, cy - s * 0.24, stroke=0, fill=1)
    c.setStrokeColorRGB(*(tint or INK))
    c.setLineWidth(s * 0.06)
    c.line(cx - s * 0.17, cy - s * 0.33, cx - s * 0.17, cy + s * 0.42)
    c.line(cx + s * 0.28, cy - s * 0.33, cx + s * 0.28, cy + s * 0.3)
    c.setLineWidth(s * 0.12)
    c.line(cx - s * 0.17, cy + s * 0.38, cx + s * 0.28, cy + s * 0.26)


def holy(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    c.setFillColorRGB(*(tint or _paint(GOLD, pale)))
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(s * 0.03)
    c.rect(cx - s * 0.08, cy - s * 0.45, s * 0.16, s * 0.9, stroke=1, fill=1)
    c.rect(cx - s * 0.32, cy + s * 0.08, s * 0.64, s * 0.16, stroke=1, fill=1)


def compass(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    _circle(c, cx, cy, s * 0.46, (0.96, 0.93, 0.86), INK, s * 0.04)
    _poly(c, [(cx, cy + s * 0.38), (cx + s * 0.08, cy), (cx, cy - s * 0.38), (cx - s * 0.08, cy)], None, INK,
          s * 0.02)
    _poly(c, [(cx, cy + s * 0.38), (cx + s * 0.08, cy), (cx - s * 0.08, cy)], _paint(RED, pale), None)


def claw(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    """An enemy: three claw marks."""
    c.setStrokeColorRGB(*(tint or _paint(RED, pale)))
    c.setLineCap(1)
    for i in (-1, 0, 1):
        c.setLineWidth(s * 0.09)
        arc = c.beginPath()
        arc.moveTo(cx + i * s * 0.22 - s * 0.12, cy + s * 0.42)
        arc.curveTo(cx + i * s * 0.22 + s * 0.05, cy + s * 0.1, cx + i * s * 0.22 + s * 0.05, cy - s * 0.1,
                    cx + i * s * 0.22 - s * 0.08, cy - s * 0.42)
        c.drawPath(arc, stroke=1, fill=0)
    c.setLineCap(0)


def crown(c: Canvas, cx: float, cy: float, s: float, tint: Color | None = None, pale: float = 0.0) -> None:
    """A boss."""
    _poly(c, [(cx - s * 0.45, cy - s * 0.3), (cx - s * 0.45, cy + s * 0.3), (cx - s * 0.22, cy + s * 0.02),
              (cx, cy + s * 0.42), (cx + s * 0.22, cy + s * 0.02), (cx + s * 0.45, cy + s * 0.3),
              (cx + s * 0.45, cy - s * 0.3)], _paint(GOLD, pale), INK, s * 0.04)


EMBLEMS: dict[str, Callable[..., None]] = {
    "potion": potion, "coin": coin, "key": key, "chest": chest, "fountain": fountain, "shop": shop,
    "spikes": spikes, "poison": drop, "paralysis": hourglass, "skip": hourglass, "cooldown": cooldown,
    "star": star, "cursed": skull, "sword": sword, "dagger": dagger, "shield": shield, "helm": helm,
    "chestplate": chestplate, "boots": boot, "maul": maul, "axe": axe, "cape": cape, "lens": lens,
    "scroll": scroll, "ladder": ladder, "music": music, "holy": holy, "compass": compass, "claw": claw,
    "crown": crown,
}


def emblem(c: Canvas, name: str, cx: float, cy: float, size: float, tint: Color | None = None,
           pale: float = 0.0) -> None:
    """The emblem ``name``; "coin:5" writes 5 across it; its fills ``pale`` of the way to white (--ink-saver:
    PALE, so no large dark fill)."""
    name, _, label = name.partition(":")
    EMBLEMS[name](c, cx, cy, size, tint, pale)
    if label:
        font_size = size * (0.5 if len(label) < 2 else 0.38)
        c.setFillColorRGB(*INK)
        c.setFont(fonts.MONO_BOLD, font_size)
        c.drawCentredString(cx, cy - font_size * 0.36, label)


# -- symbols at a card's foot -------------------------------------------------

SLOT_EMBLEMS = {"primary": "sword", "secondary": "shield", "head": "helm", "chest": "chestplate", "feet": "boots",
                "both-hands": "maul"}


SYMBOL_INNER = 0.72  # a symbol's drawing, of its box's height


def _coin_number(text: str) -> float:
    """A coin's number, of the coin's height: smaller for two digits."""
    return 0.62 if len(text) < 2 else 0.5


def least_symbol_size(symbols: tuple[Symbol, ...], legible: float) -> float:
    """The least height of a row of these symbols at which every number on a coin is ``legible`` pt."""
    return max((legible / (SYMBOL_INNER * _coin_number(s.value)) for s in symbols if s.kind == "gold" and s.value),
               default=0.0)


def symbol_width(symbol: Symbol, size: float) -> float:
    """How wide a symbol is drawn at height ``size``."""
    if symbol.kind == "slot" and symbol.value == "both-hands":
        return size * 1.9
    return size


def draw_symbol(c: Canvas, symbol: Symbol, x: float, y: float, size: float) -> None:
    """The symbol in the box from (x, y), ``size`` high, with a thin ring around it."""
    width = symbol_width(symbol, size)
    cx, cy = x + width / 2, y + size / 2
    c.saveState()
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.5)
    c.setFillColorRGB(0.97, 0.95, 0.9)
    c.roundRect(x, y, width, size, size * 0.25, stroke=1, fill=1)
    inner = size * SYMBOL_INNER
    if symbol.kind == "gold":
        coin(c, cx, cy, inner)
        c.setFillColorRGB(*INK)
        text = symbol.value
        font_size = inner * _coin_number(text)
        c.setFont(fonts.MONO_BOLD, font_size)
        c.drawCentredString(cx, cy - font_size * 0.36, text)
    elif symbol.kind == "trade":
        _trade(c, cx, cy, inner)
    elif symbol.kind == "slot":
        if symbol.value == "both-hands":
            sword(c, x + size / 2, cy, inner)
            shield(c, x + width - size / 2, cy, inner)
        else:
            emblem(c, SLOT_EMBLEMS[symbol.value], cx, cy, inner)
    elif symbol.kind == "drink":
        potion(c, cx, cy, inner, (0.6, 0.6, 0.65))
    elif symbol.kind == "throw":
        _throw(c, cx, cy, inner)
    elif symbol.kind == "cursed":
        skull(c, cx, cy, inner)
    if symbol.crossed:
        c.setStrokeColorRGB(*RED)
        c.setLineWidth(size * 0.1)
        c.line(x + size * 0.12, y + size * 0.12, x + width - size * 0.12, y + size - size * 0.12)
    c.restoreState()


def _trade(c: Canvas, cx: float, cy: float, s: float) -> None:
    """Two arrows, passing each other: the card may change hands."""
    c.setStrokeColorRGB(*INK)
    c.setFillColorRGB(*INK)
    c.setLineWidth(s * 0.08)
    for direction, y in ((1, cy + s * 0.18), (-1, cy - s * 0.18)):
        tip = cx + direction * s * 0.45
        c.line(cx - direction * s * 0.42, y, tip - direction * s * 0.1, y)
        _poly(c, [(tip, y), (tip - direction * s * 0.2, y + s * 0.13), (tip - direction * s * 0.2, y - s * 0.13)],
              INK, None)


def _throw(c: Canvas, cx: float, cy: float, s: float) -> None:
    """An arc ending in an arrowhead: the item may be thrown."""
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(s * 0.08)
    arc = c.beginPath()
    arc.moveTo(cx - s * 0.42, cy - s * 0.3)
    arc.curveTo(cx - s * 0.3, cy + s * 0.45, cx + s * 0.2, cy + s * 0.45, cx + s * 0.32, cy - s * 0.05)
    c.drawPath(arc, stroke=1, fill=0)
    _poly(c, [(cx + s * 0.4, cy - s * 0.4), (cx + s * 0.47, cy + s * 0.02), (cx + s * 0.15, cy - s * 0.05)], INK,
          None)
