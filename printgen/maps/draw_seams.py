"""Rock between neighbours: where two areas share a wall with no door in it, the wall is drawn as two
wall lines with a thin band of rock between them, so areas packed side by side (one-square corridors
wall to wall) read as passages cut through rock, not a maze of parallel lines. A game asks for it with
``Content.seams``.

The band is a strip ``SEAM`` of a square either side of the shared wall, drawn over it. Each unit's strip
runs on past its ends by as much, so strips meeting at a corner join, and a strip that reaches the rock
at its end opens into it (the wall across its mouth is rock again). Its two lines are the strip's
outline where it meets a floor: drawn thick round every strip and clipped to the floor, they stand on
the floors' side of the rock, and nowhere in the rock. The rock is the style's: grey, or white with a
few hatch strokes across it (hatched) or a row of stipple dots (ink-saver). Only the drawing changes:
the squares, the key and the virtual tabletop's walls are the same.
"""

from __future__ import annotations

import hashlib

from reportlab.pdfgen.canvas import Canvas

from .draw_style import HATCH_WIDTH, STIPPLE_DOT, MapStyle
from .draw_walls import WallPlan
from .geometry import Edge, Point, side_edge, step
from .level import Exit

SEAM = 0.11  # squares: the rock band reaches this far either side of a shared wall
WALL_WIDTH = 1.6  # pt: as draw.WALL_WIDTH (a door's wall)
SEAM_LINE = 1.2  # pt: each of its two wall lines (a little lighter than an outside wall's)


def _key(edge: Edge) -> Edge:
    a, b = edge
    return (a, b) if a <= b else (b, a)


def seam_units(found: WallPlan, doors: list[tuple[Exit, int | None]]) -> list[Edge]:
    """The units of straight wall between two areas' floors with no door in them (a way in's doorway,
    a cave's or a shaped area's wall are left alone)."""
    doored = {_key(side_edge(cell, side)) for exit_, _ in doors if exit_.at is not None and not exit_.inside
              for cell, side in exit_.units}
    rough = {cell for cave in found.caves for cell in cave.cells}
    units = []
    for wall in found.straight:
        near = step(wall.cell, wall.side)
        owner, other = found.floor.get(wall.cell), found.floor.get(near)
        if wall.rock or other is None or not owner or not other or owner == other:
            continue
        if wall.cell in rough or near in rough or _key(wall.edge) in doored:
            continue
        units.append(_key(wall.edge))
    return sorted(set(units))


def _corners(doors: list[tuple[Exit, int | None]]) -> set[Point]:
    return {p for exit_, _ in doors if exit_.at is not None and not exit_.inside
            for cell, side in exit_.units for p in side_edge(cell, side)}


def seam_boxes(units: list[Edge], doors: list[tuple[Exit, int | None]]) -> list[tuple[float, float, float, float]]:
    """Each unit's band of rock, in squares (left, top, right, bottom): ``SEAM`` either side of it, and as
    far on past each end but one a door's wall meets (the band stops there, clear of the doorway)."""
    stop = _corners(doors)
    boxes = []
    for (ax, ay), (bx, by) in units:
        before = 0.0 if (ax, ay) in stop else SEAM
        after = 0.0 if (bx, by) in stop else SEAM
        if ax == bx:  # upright: a runs to b downwards (a sorts first)
            boxes.append((ax - SEAM, ay - before, ax + SEAM, by + after))
        else:
            boxes.append((ax - before, ay - SEAM, bx + after, ay + SEAM))
    return boxes


def seam_ends(units: list[Edge], doors: list[tuple[Exit, int | None]]) -> list[Edge]:
    """Where a band stops at a door's wall: a line across its end, from one of its wall lines to the other,
    so the door's wall meets wall there (in squares)."""
    stop = _corners(doors)
    reach = SEAM * 1.65  # to the outer edge of a wall line at the usual scale
    ends = []
    for (ax, ay), (bx, by) in units:
        for x, y in ((ax, ay), (bx, by)):
            if (x, y) in stop:
                ends.append(((x - reach, y), (x + reach, y)) if ax == bx else ((x, y - reach), (x, y + reach)))
    return ends


def draw_seams(c: Canvas, boxes, ends, floor_path, style: MapStyle, point, pitch: float, seed: str) -> None:
    """The bands of rock over the shared walls, and their lines on the floors' side (``floor_path``: the
    floor, to clip the lines to); ``ends``: the lines closing a band where it stops at a door's wall."""
    if not boxes:
        return
    rects = []
    for left, top, right, bottom in boxes:
        (x0, y0), (x1, y1) = point(left, top), point(right, bottom)
        rects.append((x0, y1, x1 - x0, y0 - y1))
    c.saveState()
    c.clipPath(floor_path, stroke=0, fill=0)
    c.setStrokeGray(0)
    c.setLineWidth(2 * SEAM_LINE)
    c.setLineJoin(0)
    for x, y, w, h in rects:
        c.rect(x, y, w, h, stroke=1, fill=0)
    c.restoreState()
    c.saveState()
    c.setFillGray(1 if style.rock is None else style.rock)
    path = c.beginPath()
    for x, y, w, h in rects:
        path.rect(x, y, w, h)
    c.drawPath(path, stroke=0, fill=1, fillMode=1)
    if style.hatched or style.stippled:
        c.clipPath(path, stroke=0, fill=0)
        c.setStrokeGray(0)
        c.setLineCap(1)
        if style.hatched:
            c.setLineWidth(HATCH_WIDTH)
            c.lines(_strokes(boxes, point, pitch, seed))
        else:
            c.setLineWidth(STIPPLE_DOT)
            c.lines(_dots(boxes, point, pitch, seed))
    c.restoreState()
    if ends:  # on the floor only: never a tick into the rock where the wall turns away
        c.saveState()
        c.clipPath(floor_path, stroke=0, fill=0)
        c.setStrokeGray(0)
        c.setLineWidth(WALL_WIDTH)
        c.lines([(*point(*a), *point(*b)) for a, b in ends])
        c.restoreState()


def _amount(seed: str, *place: object) -> float:
    digest = hashlib.sha256("|".join([seed, *(repr(p) for p in place)]).encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2 ** 64


def _along(box) -> tuple[Point, Point, float]:
    """A band's middle line (from, to, in squares) and its length."""
    left, top, right, bottom = box
    if right - left < bottom - top:
        x = (left + right) / 2
        return (x, top), (x, bottom), bottom - top
    y = (top + bottom) / 2
    return (left, y), (right, y), right - left


def _strokes(boxes, point, pitch: float, seed: str) -> list[tuple[float, float, float, float]]:
    """Short strokes across each band at 45°, about a third of a square apart, seeded where they fall."""
    found = []
    for box in boxes:
        a, b, length = _along(box)
        count = max(1, round(length / 0.3))
        for k in range(count):
            t = (k + 0.5 + (_amount(seed, "seam", a, k) - 0.5) * 0.4) / count
            mx, my = point(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            r = SEAM * pitch * 1.5
            found.append((mx - r, my - r, mx + r, my + r))
    return found


def _dots(boxes, point, pitch: float, seed: str) -> list[tuple[float, float, float, float]]:
    """A loose row of stipple dots along each band's middle."""
    found = []
    for box in boxes:
        a, b, length = _along(box)
        count = max(1, round(length / 0.2))
        for k in range(count):
            t = (k + 0.5) / count
            wobble = (_amount(seed, "dot", a, k) - 0.5) * SEAM * 0.8
            x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
            x, y = (x + wobble, y) if a[0] == b[0] else (x, y + wobble)
            px, py = point(x, y)
            found.append((px, py, px, py))
    return found
