"""Areas drawn to their own walls: straight 45° walls through half squares (two areas sharing one, each
with its half of the squares it runs through), and round walls broken where their doors stand.

``point(x, y)`` turns squares into page points; walls are ``width`` points thick.
"""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from .geometry import Cell, Edge, Point, side_edge
from .level import Area


def fill_shaped(c: Canvas, areas, opened: set, point, pitch: float) -> None:
    """White floor of areas with 45° or round walls (a round one's doorways too)."""
    c.setFillGray(1)
    for area in areas:
        if area.shape.curved:
            cx, cy, r = area.shape.round
            x, y = point(cx, cy)
            c.circle(x, y, r * pitch, stroke=0, fill=1)
            for unit in area.shape.walls:
                if unit in opened:
                    _fill_polygon(c, round_nook(area, unit), point)
            continue
        for loop in area.shape.outline():
            _fill_polygon(c, loop, point)


def _fill_polygon(c: Canvas, points: list[Point], point) -> None:
    path = c.beginPath()
    path.moveTo(*point(*points[0]))
    for p in points[1:]:
        path.lineTo(*point(*p))
    path.close()
    c.drawPath(path, stroke=0, fill=1)


DEPTH = 0.5  # a door in a round wall stands where the circle runs within this much of its box's side
DOOR_ARC = math.radians(45)  # and takes at most this much of the circle a unit


def round_span(area: Area, units: list[tuple[Cell, int]]) -> tuple[Point, Point]:
    """The part of a unit of a round area's box (or of a stretch of units along one side) a door in it
    opens: where the circle runs within ``DEPTH`` of the box, each unit's part at most ``DOOR_ARC`` of
    the circle (its end nearer the middle of the side kept), so a round room keeps its circle but for
    its doorways, and a door at the corner of its box stands on the part of it the circle comes near."""
    parts = [_unit_span(area, unit) for unit in sorted(units, key=lambda u: (u[0][1], u[0][0]))]
    return parts[0][0], parts[-1][1]


def _unit_span(area: Area, unit: tuple[Cell, int]) -> tuple[Point, Point]:
    cx, cy, r = area.shape.round
    a, b = side_edge(*unit)
    level = a[0] == b[0]  # an east or west side: along y
    middle = cy if level else cx
    low, high = sorted((a[1], b[1]) if level else (a[0], b[0]))
    reach = math.sqrt(DEPTH * (2 * r - DEPTH)) if DEPTH < r else r
    low, high = max(low, middle - reach), min(high, middle + reach)

    def angle(t: float) -> float:  # from the middle of the side, round the circle to the point beside t
        return math.copysign(math.asin(min(1.0, abs(t - middle) / r)), t - middle)

    if angle(high) - angle(low) > DOOR_ARC:
        if low < middle < high:  # across the middle of the side: the arc about it
            half = r * math.sin(DOOR_ARC / 2)
            low, high = max(low, middle - half), min(high, middle + half)
        elif high <= middle:  # to one side of it: keep the end nearer it
            low = middle + r * math.sin(angle(high) - DOOR_ARC)
        else:
            high = middle + r * math.sin(angle(low) + DOOR_ARC)
    if level:
        return (a[0], low), (a[0], high)
    return (low, a[1]), (high, a[1])


def round_nook(area: Area, unit: tuple[Cell, int]) -> list[Point]:
    """The floor between the part of a unit of a round area's box where a door stands, and the circle."""
    cx, cy, r = area.shape.round
    a, b = round_span(area, [unit])
    start, end = (math.atan2(p[1] - cy, p[0] - cx) for p in (a, b))
    if end - start > math.pi:
        end -= 2 * math.pi
    elif start - end > math.pi:
        start -= 2 * math.pi
    arc = [(cx + r * math.cos(t), cy + r * math.sin(t)) for t in
           (end + (start - end) * k / 8 for k in range(9))]
    return [a, b] + arc


def shaped_walls(areas, opened: set) -> list[Edge]:
    """The walls of areas with half squares (not curved ones), each once: a 45° wall two areas share
    is drawn where neither has a door in it."""
    edges: dict[Edge, bool] = {}
    for area in areas:
        if not area.shape.curved:
            for unit in area.shape.walls:
                edge = side_edge(*unit)
                edges[edge] = edges.get(edge, True) and unit not in opened
    return [edge for edge, closed in edges.items() if closed]


def draw_diagonal_walls(c: Canvas, edges: list[Edge], point, width: float) -> None:
    c.setStrokeGray(0)
    c.setLineWidth(width)
    c.setLineCap(1)  # round caps meet the straight walls cleanly at 45°
    c.lines([(*point(*a), *point(*b)) for a, b in sorted(edges)])
    c.setLineCap(0)


def draw_round_wall(c: Canvas, area: Area, opened: set, point, pitch: float, width: float) -> None:
    """The circle, broken where a door stands on its box (the straight walls closing each doorway are the
    wall plan's ``round_sides``)."""
    cx, cy, r = area.shape.round
    gaps = []
    for unit in area.shape.walls:
        if unit in opened:
            nook = round_nook(area, unit)
            gaps.append(sorted(math.degrees(math.atan2(-(p[1] - cy), p[0] - cx)) % 360 for p in (nook[2], nook[-1])))
    c.setStrokeGray(0)
    c.setLineWidth(width)
    x, y = point(cx, cy)
    if not gaps:
        c.circle(x, y, r * pitch, stroke=1, fill=0)
        return
    merged: list[list[float]] = []
    for gap in sorted([g if g[1] - g[0] <= 180 else [g[1], g[0] + 360] for g in gaps]):
        if merged and gap[0] <= merged[-1][1] + 1e-6:  # doors side by side: one gap
            merged[-1][1] = max(merged[-1][1], gap[1])
        else:
            merged.append(gap)
    c.setLineCap(1)
    for (_, end), (start, _) in zip(merged, merged[1:] + [[merged[0][0] + 360, 0]]):
        if start - end < 1e-3:
            continue
        path = c.beginPath()
        path.arc(x - r * pitch, y - r * pitch, x + r * pitch, y + r * pitch, end, start - end)
        c.drawPath(path, stroke=1, fill=0)
    c.setLineCap(0)
