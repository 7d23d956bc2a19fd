"""Drawing a map on graph paper: rock, walls, floors, doors, symbols, numbers, legend.

A MapView is what any game hands over to be drawn; the drawing knows
nothing of rules. Walls come from a simple trick: every floor shape is first
stroked wide in black, then filled in white, so overlapping shapes merge into
one outline and diagonal passages need no special case.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas

from ..render import fonts
from .grid import HEADINGS, Cell, Shape

WALL = 1.6  # pt: wall thickness seen outside a floor
ROCK_GREY = 0.86
GRID_GREY = 0.7
GRID_WIDTH = 0.3

DOOR_KINDS = ("wooden", "locked-wooden", "iron", "locked-iron", "arch", "portcullis", "locked-portcullis")


@dataclass
class Door:
    cell: Cell  # the doorway square
    heading: int  # from the area it belongs to, outwards
    kind: str  # one of DOOR_KINDS, or "open"
    blocked: bool = False  # leads nowhere: drawn with rubble beyond


@dataclass
class Symbol:
    kind: str  # stairs-down, stairs-up, trap, fountain, chest, statue, coffins, teleport, chute, hoard, entrance, creatures
    x: float  # squares, centre
    y: float


@dataclass
class MapView:
    width: int  # squares
    height: int
    shapes: list[Shape] = field(default_factory=list)
    doors: list[Door] = field(default_factory=list)
    symbols: list[Symbol] = field(default_factory=list)
    labels: list[tuple[str, float, float]] = field(default_factory=list)  # text, centre x, y in squares


class MapFrame:
    """Where the map sits on the page: square (x, y) → PDF points."""

    def __init__(self, left: float, top: float, pitch: float, width: int, height: int):
        self.left, self.top, self.pitch, self.width, self.height = left, top, pitch, width, height

    def point(self, x: float, y: float) -> tuple[float, float]:
        return self.left + x * self.pitch, self.top - y * self.pitch

    @property
    def bottom(self) -> float:
        return self.top - self.height * self.pitch


def draw_grid(c: Canvas, frame: MapFrame, grey: float = GRID_GREY, border: bool = True) -> None:
    c.saveState()
    c.setStrokeGray(grey)
    c.setLineWidth(GRID_WIDTH)
    right = frame.left + frame.width * frame.pitch
    lines = [(frame.left + i * frame.pitch, frame.bottom, frame.left + i * frame.pitch, frame.top) for i in range(1, frame.width)]
    lines += [(frame.left, frame.top - j * frame.pitch, right, frame.top - j * frame.pitch) for j in range(1, frame.height)]
    c.lines(lines)
    if border:
        c.setStrokeGray(0.3)
        c.setLineWidth(0.8)
        c.rect(frame.left, frame.bottom, frame.width * frame.pitch, frame.height * frame.pitch)
    c.restoreState()


def draw_map(c: Canvas, frame: MapFrame, view: MapView) -> None:
    """The GM's map: everything."""
    c.saveState()
    c.setFillGray(ROCK_GREY)
    c.rect(frame.left, frame.bottom, frame.width * frame.pitch, frame.height * frame.pitch, stroke=0, fill=1)
    doorway_shapes = [Shape(rect=(d.cell[0], d.cell[1], 1, 1)) for d in view.doors if not d.blocked]
    for shape in view.shapes + doorway_shapes:
        _shape(c, frame, shape, wall=True)
    for shape in view.shapes + doorway_shapes:
        _shape(c, frame, shape, wall=False)
    c.restoreState()
    draw_grid(c, frame)
    for door in view.doors:
        draw_door(c, frame, door)
    for symbol in view.symbols:
        draw_symbol(c, symbol.kind, *frame.point(symbol.x, symbol.y), frame.pitch * 0.8)
    for text, x, y in view.labels:
        draw_label(c, *frame.point(x, y), text, frame.pitch)


def _shape(c: Canvas, frame: MapFrame, shape: Shape, wall: bool) -> None:
    """Stroke a shape wide in black (wall) or fill it white (floor)."""
    pitch = frame.pitch
    if wall:
        c.setStrokeGray(0)
        c.setFillGray(0)
    else:
        c.setStrokeGray(1)
        c.setFillGray(1)
    if shape.rect is not None:
        x, y, w, h = shape.rect
        px, py = frame.point(x, y + h)
        c.setLineWidth(2 * WALL)
        c.setLineJoin(1 if shape.natural else 0)
        radius = pitch * 0.9 if shape.natural and min(w, h) > 1 else 0
        if radius:
            c.roundRect(px, py, w * pitch, h * pitch, radius, stroke=1 if wall else 0, fill=1)
        else:
            c.rect(px, py, w * pitch, h * pitch, stroke=1 if wall else 0, fill=1)
        return
    c.setLineJoin(1 if shape.natural else 0)
    c.setLineCap(0)
    c.setLineWidth(shape.width * pitch + (2 * WALL if wall else 0))
    for path in shape.paths:
        p = c.beginPath()
        for i, (x, y) in enumerate(path):
            px, py = frame.point(x, y)
            p.moveTo(px, py) if i == 0 else p.lineTo(px, py)
        c.drawPath(p, stroke=1, fill=0)
    if wall:
        _end_walls(c, frame, shape)


def _end_walls(c: Canvas, frame: MapFrame, shape: Shape) -> None:
    """Close each free end of a passage with a wall; a doorway's white square opens it later."""
    starts = [path[0] for path in shape.paths]
    c.setLineWidth(2 * WALL)
    for path in shape.paths:
        for end, towards in ((path[0], path[1]), (path[-1], path[-2])):
            if end != path[0] and end in starts:
                continue  # a fork: the arms go on from here
            dx, dy = end[0] - towards[0], end[1] - towards[1]
            length = math.hypot(dx, dy)
            across = (-dy / length * (shape.width / 2), dx / length * (shape.width / 2))
            x0, y0 = frame.point(end[0] + across[0], end[1] + across[1])
            x1, y1 = frame.point(end[0] - across[0], end[1] - across[1])
            c.line(x0, y0, x1, y1)


def draw_door(c: Canvas, frame: MapFrame, door: Door) -> None:
    """A door sits on the wall between its area and the doorway square."""
    pitch = frame.pitch
    dx, dy = HEADINGS[door.heading]
    # Centre of the wall line: the doorway's centre, half a square back towards the area.
    cx, cy = frame.point(door.cell[0] + 0.5 - dx * 0.5, door.cell[1] + 0.5 - dy * 0.5)
    if not door.blocked:  # the door stands in the middle of its doorway
        cx, cy = frame.point(door.cell[0] + 0.5, door.cell[1] + 0.5)
    across_x = dx == 0  # the door spans the passage: horizontal when the passage runs north-south
    c.saveState()
    c.translate(cx, cy)
    if not across_x:
        c.rotate(90)
    draw_door_symbol(c, door.kind, pitch)
    c.restoreState()
    if door.blocked:
        x, y = door.cell
        if door.kind == "open":
            x, y = x - dx, y - dy  # a passage that caved in: the rubble fills its last square
        _rubble(c, *frame.point(x, y + 1), pitch)


def draw_door_symbol(c: Canvas, kind: str, pitch: float) -> None:
    """A door symbol centred on the origin, spanning a passage that runs up-down."""
    w, h = pitch * 0.9, pitch * 0.32
    c.setLineWidth(0.8)
    c.setStrokeGray(0)
    if kind in ("wooden", "locked-wooden"):
        c.setFillGray(1)
        c.rect(-w / 2, -h / 2, w, h, stroke=1, fill=1)
        if kind == "locked-wooden":
            _keyhole(c, pitch, dark=False)
    elif kind in ("iron", "locked-iron"):
        c.setFillGray(0)
        c.rect(-w / 2, -h / 2, w, h, stroke=1, fill=1)
        if kind == "locked-iron":
            _keyhole(c, pitch, dark=True)
    elif kind == "arch":
        c.setFillGray(0)
        c.rect(-pitch / 2, -h / 2, pitch * 0.2, h, stroke=0, fill=1)
        c.rect(pitch / 2 - pitch * 0.2, -h / 2, pitch * 0.2, h, stroke=0, fill=1)
        c.setLineWidth(0.6)
        c.arc(-pitch * 0.32, -h / 2, pitch * 0.32, h * 1.6, 0, 180)
    elif kind in ("portcullis", "locked-portcullis"):
        c.setLineWidth(0.9)
        c.line(-w / 2, 0, w / 2, 0)
        c.setFillGray(0)
        for i in range(5):
            c.circle(-w / 2 + i * w / 4, 0, pitch * 0.07, stroke=0, fill=1)
        if kind == "locked-portcullis":
            c.setFillGray(1)
            c.rect(-pitch * 0.14, -pitch * 0.14, pitch * 0.28, pitch * 0.28, stroke=1, fill=1)
            _keyhole(c, pitch, dark=False)


def _keyhole(c: Canvas, pitch: float, dark: bool) -> None:
    c.setFillGray(1 if dark else 0)
    c.circle(0, pitch * 0.02, pitch * 0.06, stroke=0, fill=1)
    c.rect(-pitch * 0.025, -pitch * 0.1, pitch * 0.05, pitch * 0.1, stroke=0, fill=1)


def _rubble(c: Canvas, left: float, bottom: float, pitch: float) -> None:
    c.saveState()
    c.setFillGray(0.25)
    for fx, fy, r in ((0.25, 0.3, 0.12), (0.6, 0.25, 0.09), (0.45, 0.65, 0.13), (0.8, 0.7, 0.08), (0.2, 0.75, 0.07)):
        c.circle(left + fx * pitch, bottom + fy * pitch, r * pitch, stroke=0, fill=1)
    c.restoreState()


def draw_label(c: Canvas, x: float, y: float, text: str, pitch: float) -> None:
    """An area number: bold in a white box, so it reads at a glance."""
    size = min(10.0, pitch * 0.62)
    width = fonts.string_width(text, fonts.SERIF_BOLD, size) + size * 0.5
    height = size * 1.15
    c.saveState()
    c.setFillGray(1)
    c.setStrokeGray(0)
    c.setLineWidth(0.7)
    c.roundRect(x - width / 2, y - height / 2, width, height, size * 0.25, stroke=1, fill=1)
    c.setFillGray(0)
    c.setFont(fonts.SERIF_BOLD, size)
    c.drawCentredString(x, y - size * 0.34, text)
    c.restoreState()


def draw_symbol(c: Canvas, kind: str, x: float, y: float, size: float) -> None:
    """A map symbol centred on (x, y), ``size`` points across."""
    s = size / 2
    c.saveState()
    c.translate(x, y)
    c.setLineWidth(0.7)
    c.setStrokeGray(0)
    c.setFillGray(0)
    if kind in ("stairs-down", "stairs-up"):
        for i in range(5):
            width = s * (1 - i * 0.16) if kind == "stairs-down" else s * (0.36 + i * 0.16)
            yy = s - i * s / 2
            c.line(-width, yy, width, yy)
        c.setFont(fonts.SERIF_BOLD, size * 0.42)
        c.drawCentredString(0, -s - size * 0.1, "DN" if kind == "stairs-down" else "UP")
    elif kind == "trap":
        c.setFillGray(1)
        p = c.beginPath()
        p.moveTo(0, s)
        p.lineTo(s, -s * 0.8)
        p.lineTo(-s, -s * 0.8)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
        c.setFillGray(0)
        c.setFont(fonts.SERIF_BOLD, size * 0.55)
        c.drawCentredString(0, -s * 0.55, "T")
    elif kind == "fountain":
        c.setFillGray(1)
        c.circle(0, 0, s * 0.9, stroke=1, fill=1)
        c.circle(0, 0, s * 0.45, stroke=1, fill=0)
        c.setFillGray(0)
        c.circle(0, 0, s * 0.12, stroke=0, fill=1)
    elif kind in ("chest", "hoard"):
        c.setFillGray(1 if kind == "chest" else 0.25)
        c.rect(-s * 0.9, -s * 0.55, s * 1.8, s * 1.1, stroke=1, fill=1)
        c.line(-s * 0.9, s * 0.1, s * 0.9, s * 0.1)
        c.setFillGray(0 if kind == "chest" else 1)
        c.rect(-s * 0.15, -s * 0.1, s * 0.3, s * 0.35, stroke=0, fill=1)
        if kind == "hoard":
            c.setFillGray(0)
            c.setFont(fonts.SERIF_BOLD, size * 0.5)
            c.drawCentredString(0, s * 0.7, "$")
    elif kind == "statue":
        c.setFillGray(1)
        c.circle(0, s * 0.1, s * 0.85, stroke=1, fill=1)
        c.rect(-s * 0.45, -s * 0.95, s * 0.9, s * 0.35, stroke=1, fill=1)
        c.setFillGray(0)
        c.circle(-s * 0.32, s * 0.2, s * 0.2, stroke=0, fill=1)
        c.circle(s * 0.32, s * 0.2, s * 0.2, stroke=0, fill=1)
    elif kind == "coffins":
        c.setFillGray(1)
        for offset in (-s * 0.5, s * 0.5):
            p = c.beginPath()
            p.moveTo(offset, s)
            p.lineTo(offset + s * 0.35, s * 0.55)
            p.lineTo(offset + s * 0.22, -s)
            p.lineTo(offset - s * 0.22, -s)
            p.lineTo(offset - s * 0.35, s * 0.55)
            p.close()
            c.drawPath(p, stroke=1, fill=1)
    elif kind in ("teleport", "chute"):
        c.setFillGray(1)
        c.circle(0, 0, s * 0.9, stroke=1, fill=1)
        c.setFillGray(0)
        if kind == "teleport":
            for r in (0.6, 0.3):
                c.circle(0, 0, s * r, stroke=1, fill=0)
        else:
            c.setFont(fonts.SERIF_BOLD, size * 0.6)
            c.drawCentredString(0, -s * 0.35, "↓")
    elif kind == "creatures":
        c.setFont(fonts.MONO_BOLD, size * 0.9)
        c.drawCentredString(0, -s * 0.6, "M")
    elif kind == "rival":
        c.setFont(fonts.MONO_BOLD, size * 0.9)
        c.drawCentredString(0, -s * 0.6, "@")
    elif kind == "entrance":
        p = c.beginPath()
        p.moveTo(-s * 0.6, s)
        p.lineTo(s * 0.6, s)
        p.lineTo(0, -s * 0.2)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    elif kind in ("pit", "hole"):
        c.setFillGray(0.2)
        c.circle(0, 0, s * (0.9 if kind == "pit" else 0.55), stroke=1, fill=1)
    c.restoreState()


LEGEND = [
    ("door", "wooden", "wooden door"),
    ("door", "locked-wooden", "locked wooden door"),
    ("door", "iron", "iron door"),
    ("door", "locked-iron", "locked iron door"),
    ("door", "arch", "open arch"),
    ("door", "portcullis", "portcullis"),
    ("door", "locked-portcullis", "locked portcullis"),
    ("rubble", "", "blocked: leads nowhere"),
    ("symbol", "stairs-down", "stairs down"),
    ("symbol", "stairs-up", "stairs up"),
    ("symbol", "trap", "trap"),
    ("symbol", "chute", "chute down"),
    ("symbol", "teleport", "teleport"),
    ("symbol", "creatures", "creatures"),
    ("symbol", "rival", "rival @"),
    ("symbol", "chest", "loot"),
    ("symbol", "fountain", "fountain"),
    ("symbol", "coffins", "coffins, crypt"),
    ("symbol", "statue", "skull statue"),
    ("symbol", "hoard", "the hoard"),
]


def draw_legend(c: Canvas, left: float, top: float, width: float, pitch: float, columns: int = 5) -> float:
    """The key to the symbols, in rows under the map; returns the bottom it reached."""
    c.saveState()
    col_width = width / columns
    row_height = pitch * 1.35
    for index, (what, kind, label) in enumerate(LEGEND):
        col, row = index % columns, index // columns
        x = left + col * col_width
        y = top - row * row_height - pitch / 2
        # a little square of floor with the symbol on it
        c.setFillGray(1)
        c.setStrokeGray(0.5)
        c.setLineWidth(0.4)
        c.rect(x, y - pitch / 2, pitch, pitch, stroke=1, fill=1)
        c.saveState()
        if what == "door":
            c.translate(x + pitch / 2, y)
            draw_door_symbol(c, kind, pitch)
        elif what == "rubble":
            _rubble(c, x, y - pitch / 2, pitch)
        else:
            draw_symbol(c, kind, x + pitch / 2, y, pitch * 0.8)
        c.restoreState()
        c.setFillGray(0)
        c.setFont(fonts.SERIF, 7.5)
        c.drawString(x + pitch * 1.3, y - 2.6, label)
    c.restoreState()
    rows = math.ceil(len(LEGEND) / columns)
    return top - rows * row_height


def draw_scale(c: Canvas, left: float, baseline: float, pitch: float, feet_per_square: int, squares: int = 4) -> None:
    """A scale bar: ``squares`` squares, labelled in feet."""
    c.saveState()
    c.setLineWidth(0.6)
    c.setStrokeGray(0)
    for i in range(squares):
        c.setFillGray(0 if i % 2 == 0 else 1)
        c.rect(left + i * pitch, baseline, pitch, pitch * 0.25, stroke=1, fill=1)
    c.setFillGray(0)
    c.setFont(fonts.SERIF, 7)
    for i in range(squares + 1):
        c.drawCentredString(left + i * pitch, baseline - 8, str(i * feet_per_square))
    c.drawString(left + squares * pitch + 6, baseline - 1, f"feet · 1 square = {feet_per_square} ft")
    c.restoreState()
