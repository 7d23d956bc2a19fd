"""A level's map page: the mapper's copy with every room and mark, or the players' copy to map on.

One grid square is one unit (10 feet). The map takes the width of the page
above a legend of the rules' marks and a scale.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ...render import fonts
from ...units import mm
from . import map_marks as marks
from . import words
from .model import Area, Exit, Level
from .shapes import STEP, Wall

ROCK_GREY = 0.8
GRID_GREY = 0.72
LEGEND_HEIGHT = mm(62)
MARGIN = mm(14)
TITLE_DROP = mm(16)
UNIT_FEET = 10


@dataclass(frozen=True)
class Frame:
    left: float
    top: float
    pitch: float
    size: int

    def point(self, x: float, y: float) -> tuple[float, float]:
        return self.left + x * self.pitch, self.top - y * self.pitch


def frame_for(width: float, height: float, level: Level) -> Frame:
    room = min(width - 2 * MARGIN, height - TITLE_DROP - LEGEND_HEIGHT - mm(16))
    pitch = room / level.width
    return Frame((width - level.width * pitch) / 2, height - TITLE_DROP - mm(4), pitch, level.width)


def draw_page(c: Canvas, width: float, height: float, level: Level, title: str, mapper: bool) -> None:
    fonts.register_reportlab_fonts()
    frame = frame_for(width, height, level)
    c.setFillGray(0)
    c.setFont(fonts.SERIF_BOLD, 14)
    c.drawString(frame.left, height - TITLE_DROP + mm(2), f"{title} · Level {level.number}")
    c.setFont(fonts.SERIF_ITALIC, 9.5)
    who = "Mapper's copy: every room, exit and mark" if mapper else "Players' copy: map as you go"
    c.drawRightString(frame.left + frame.size * frame.pitch, height - TITLE_DROP + mm(2), who)
    if mapper:
        draw_level(c, frame, level)
    else:
        draw_players_grid(c, frame, level)
    bottom = frame.top - frame.size * frame.pitch
    draw_legend(c, frame.left, bottom - mm(6), frame.size * frame.pitch, frame.pitch, mapper)


# -- the level -----------------------------------------------------------------------------


def draw_level(c: Canvas, frame: Frame, level: Level) -> None:
    p = frame.pitch
    c.saveState()
    c.setFillGray(ROCK_GREY)
    x0, y0 = frame.point(0, level.height)
    c.rect(x0, y0, level.width * p, level.height * p, stroke=0, fill=1)
    for area in level.areas:
        floor(c, frame, area)
    for area in level.areas:
        for exit_ in area.exits:
            if not exit_.mirror and exit_.walls and exit_.walls[0].side % 2:
                nooks(c, frame, exit_)
    grid(c, frame, level.width, level.height, over_rock=False)
    c.setStrokeGray(0)
    c.setLineCap(1)
    for area in level.areas:
        walls(c, frame, area)
    for area in level.areas:
        for exit_ in area.exits:
            draw_exit(c, frame, exit_, curved=area.room.shape == "Circle")
        for item in area.contents:
            if item["code"] == "murder-hole" and item.get("wall"):
                a, b = ends(frame, Wall((item["wall"][0], item["wall"][1]), item["wall"][2]))
                wall_mark(c, "murder-hole", a, b, p, 1)
    for area in level.areas:
        label(c, frame, area)
    c.restoreState()


def floor(c: Canvas, frame: Frame, area: Area) -> None:
    room = area.room
    c.setFillGray(1)
    if room.shape == "Circle":
        ox, oy = room.origin
        x, y = frame.point(ox + room.width / 2, oy + room.width / 2)
        c.circle(x, y, room.width * frame.pitch / 2, stroke=0, fill=1)
        return
    path = c.beginPath()
    for i, corner in enumerate(room.corners):
        path.moveTo(*frame.point(*corner)) if i == 0 else path.lineTo(*frame.point(*corner))
    path.close()
    c.drawPath(path, stroke=0, fill=1)


OUTER_CORNER = {1: (1, 0), 3: (1, 1), 5: (0, 1), 7: (0, 0)}
SPOT_CORNER = {0: (0.25, 0.25), 2: (0.75, 0.25), 4: (0.75, 0.75), 6: (0.25, 0.75)}


def nooks(c: Canvas, frame: Frame, exit_: Exit) -> None:
    """Behind an exit in a 45° wall: the half square of rock opened onto the room beyond."""
    dx, dy = STEP[exit_.heading]
    for unit in exit_.walls:
        a, b = unit.ends()
        ox, oy = OUTER_CORNER[unit.side]
        corner = (unit.cell[0] + ox, unit.cell[1] + oy)
        path = c.beginPath()
        path.moveTo(*frame.point(*a))
        path.lineTo(*frame.point(*corner))
        path.lineTo(*frame.point(*b))
        path.close()
        c.setFillGray(1)
        c.drawPath(path, stroke=0, fill=1)
        # The nook's side that does not face the room beyond is wall.
        closed = b if _on_side(a, unit.cell, dx, dy) and _on_side(corner, unit.cell, dx, dy) else a
        c.setStrokeGray(0)
        marks.wall(c, frame.point(*corner), frame.point(*closed))


def _on_side(point, cell, dx: int, dy: int) -> bool:
    """Whether a grid corner lies on the side of ``cell`` that faces (dx, dy)."""
    if dx:
        return point[0] == cell[0] + (1 if dx > 0 else 0)
    return point[1] == cell[1] + (1 if dy > 0 else 0)


def grid(c: Canvas, frame: Frame, width: int, height: int, over_rock: bool) -> None:
    c.setStrokeGray(GRID_GREY if not over_rock else 0.55)
    c.setLineWidth(0.3)
    for x in range(width + 1):
        c.line(*frame.point(x, 0), *frame.point(x, height))
    for y in range(height + 1):
        c.line(*frame.point(0, y), *frame.point(width, y))


def ends(frame: Frame, unit: Wall) -> tuple[tuple[float, float], tuple[float, float]]:
    a, b = unit.ends()
    return frame.point(*a), frame.point(*b)


def walls(c: Canvas, frame: Frame, area: Area) -> None:
    room = area.room
    opening = {w for e in area.exits if e.kind != "secret" and not (e.secret and e.mirror) for w in e.walls}
    if room.shape == "Circle":
        ox, oy = room.origin
        x, y = frame.point(ox + room.width / 2, oy + room.width / 2)
        c.setLineWidth(marks.WALL_WIDTH)
        c.circle(x, y, room.width * frame.pitch / 2, stroke=1, fill=0)
        # An exit where the curve meets its square: open that short straight piece of the square's side.
        for unit in sorted(opening, key=lambda w: (w.side, w.cell)):
            a, b = ends(frame, unit)
            c.setFillGray(1)
            width = marks.WALL_WIDTH * 2.2
            if a[0] == b[0]:
                c.rect(a[0] - width / 2, min(a[1], b[1]), width, abs(a[1] - b[1]), stroke=0, fill=1)
            else:
                c.rect(min(a[0], b[0]), a[1] - width / 2, abs(a[0] - b[0]), width, stroke=0, fill=1)
        return
    for unit in room.walls:
        if unit not in opening:
            marks.wall(c, *ends(frame, unit))


def draw_exit(c: Canvas, frame: Frame, exit_: Exit, players: bool = False, curved: bool = False) -> None:
    """One exit's mark; ``curved``: the room is round, its wall already drawn as the curve."""
    p = frame.pitch
    if exit_.spot is not None:
        # In the corner of its square on the rolled side, clear of the marks at the middle of each wall.
        cx, cy = SPOT_CORNER[exit_.heading]
        inside_mark(c, exit_.kind, *frame.point(exit_.spot[0] + cx, exit_.spot[1] + cy), p)
        return
    if (exit_.mirror and not players) or not exit_.walls:
        return  # the far side of an exit is drawn once, from the room it was rolled in
    units = sorted(exit_.walls, key=lambda w: (w.cell[1], w.cell[0]))
    a, _ = ends(frame, units[0])
    _, b = ends(frame, units[-1])
    kind = "secret" if exit_.secret else exit_.kind
    wall_mark(c, kind, a, b, p, len(units), players, curved)


def inside_mark(c: Canvas, kind: str, x: float, y: float, pitch: float) -> None:
    if kind == "stair":
        marks.stair(c, x, y, pitch * 0.26)
    else:
        marks.teleporter(c, x, y, pitch * 0.18)


def wall_mark(c: Canvas, kind: str, a, b, pitch: float, units: int, players: bool = False,
              curved: bool = False) -> None:
    """The rules' mark for an exit of ``units`` units of wall from ``a`` to ``b``; ``pitch`` is one unit."""
    size = max(7.0, pitch * 0.3)
    if kind == "secret":
        if not curved:
            marks.wall(c, a, b)
        if not players:
            marks.letter(c, a, b, "S", size, backed=True)
    elif kind == "crumble":
        marks.crumble(c, a, b, pitch * 0.07)
    elif kind == "food":
        marks.food_ward(c, a, b, pitch * 0.06)
    elif kind == "treasure":
        marks.ticks(c, a, b, units, pitch * 0.1)
    elif kind == "murder-hole":
        marks.wall(c, a, b)
        marks.murder_hole(c, a, b, pitch * 0.09)
    else:
        marks.jambs(c, a, b, pitch * 0.06)
        if kind == "walldoor":
            c.setLineWidth(marks.THIN)
            c.setDash(pitch * 0.06, pitch * 0.05)
            c.line(*a, *b)
            c.setDash()
        marks.letter(c, a, b, "O" if kind == "open" else "C", size, backed=True)


def label(c: Canvas, frame: Frame, area: Area) -> None:
    room = area.room
    if room.shape == "Triangle":
        cx = sum(x for x, _ in room.corners) / 3
        cy = sum(y for _, y in room.corners) / 3
    else:
        ox, oy = room.origin
        cx, cy = ox + room.width / 2, oy + room.height / 2
    x, y = frame.point(cx, cy)
    p = frame.pitch
    number_size = max(7.0, min(13.0, p * 0.26))
    mark_size = max(5.5, min(8.0, p * 0.13))
    room_width = room.width * p * (0.55 if room.facing >= 0 else 0.92)  # a 45° wall narrows the room
    lines = [(str(area.number), fonts.SERIF_BOLD, number_size)]
    for marks_ in words.room_marks(area):
        lines += [(text, fonts.MONO, mark_size) for text in _wrapped(marks_, mark_size, room_width)]
    height = sum(size * 1.1 for _, _, size in lines)
    top = y + height / 2
    c.setFillGray(0)
    for text, font, size in lines:
        top -= size * 1.05
        c.setFont(font, size)
        c.drawCentredString(x, top + size * 0.15, text)


def _wrapped(tokens: list[str], size: float, width: float) -> list[str]:
    """Marks on as many lines as the room's width needs, never splitting one mark."""
    lines: list[str] = []
    for token in tokens:
        if lines and fonts.string_width(f"{lines[-1]} {token}", fonts.MONO, size) <= width:
            lines[-1] += f" {token}"
        else:
            lines.append(token)
    return lines


# -- the players' copy ---------------------------------------------------------------------


def draw_players_grid(c: Canvas, frame: Frame, level: Level) -> None:
    c.saveState()
    grid(c, frame, level.width, level.height, over_rock=False)
    c.setStrokeGray(0)
    c.setLineWidth(1.2)
    x0, y0 = frame.point(0, level.height)
    c.rect(x0, y0, level.width * frame.pitch, level.height * frame.pitch, stroke=1, fill=0)
    if level.areas:
        # The room the heroes arrive in, as they see it: its walls and exits, no secret doors.
        first = level.area(1)
        c.setLineCap(1)
        floor(c, frame, first)
        walls(c, frame, first)
        for exit_ in first.exits:
            draw_exit(c, frame, exit_, players=True, curved=first.room.shape == "Circle")
        label(c, frame, _bare(first))
    c.restoreState()


def _bare(area: Area) -> Area:
    """The first room as the players see it on arrival: its number only."""
    return Area(area.number, area.room, area.size_rolled, {})


# -- legend and scale ----------------------------------------------------------------------


def draw_legend(c: Canvas, left: float, top: float, width: float, pitch: float, mapper: bool) -> None:
    c.saveState()
    unit = mm(9)
    column = width / 3
    entries = [
        ("crumble", "Crumble: wavy wall, one unit"), ("secret", "Secret door: S across the wall"),
        ("walldoor", "Walldoor: C over a long opening"), ("door", "Door: C in a one-unit gap"),
        ("open", "Open: O in the gap"), ("food", "Food ward: two ticks"),
        ("treasure", "Treasure wall: a tick a unit"), ("teleport", "Teleporter: small square"),
        ("stair", "Stair down"), ("murder-hole", "Murder hole in the wall"),
    ]
    c.setFont(fonts.SERIF, 8.5)
    c.setStrokeGray(0)
    for index, (kind, text) in enumerate(entries):
        row, col = divmod(index, 3)
        x = left + col * column
        y = top - row * mm(7.5)
        a, b = (x, y), (x + unit, y)
        _legend_mark(c, kind, a, b, unit)
        c.setFillGray(0)
        c.setFont(fonts.SERIF, 8.5)
        c.drawString(x + unit + mm(3), y - 3, text)
    y = top - 4 * mm(7.5) - mm(2)
    c.setFont(fonts.SERIF, 8)
    content = " · ".join(f"{mark} {words.CONTENT_NAMES[code]}" for code, mark in words.CONTENT_MARKS.items())
    monsters = " · ".join(f"{mark} {words.monster_name(code)}" for code, mark in words.MONSTER_MARKS.items())
    lines = [f"Contents: {content}",
             f"Encounters: Wr Wraith · Mim Mimic · Gen Generator (and its kind) · Boss mini-boss · {monsters}; "
             "a percentage is the swarm's size, 1 a lone monster"]
    if not mapper:
        lines = ["Draw each room as the mapper rolls it; write the marks below in the rooms."] + lines
    for line in lines:
        for piece in fonts.wrap_text(line, fonts.SERIF, 8, width):
            c.drawString(left, y, piece)
            y -= 10
    draw_scale(c, left, y - mm(4), pitch)
    c.restoreState()


def _legend_mark(c: Canvas, kind: str, a, b, unit: float) -> None:
    """A legend entry drawn with the map's own functions, on a wall one legend unit long."""
    if kind in ("teleport", "stair"):
        inside_mark(c, kind, (a[0] + b[0]) / 2, a[1], unit * 1.6)
    elif kind == "treasure":
        wall_mark(c, kind, a, b, unit / 2, 2)
    else:
        wall_mark(c, kind, a, b, unit, 1)


def draw_scale(c: Canvas, left: float, y: float, pitch: float) -> None:
    """Three units of the map at its own scale, marked in feet."""
    c.setLineWidth(0.8)
    c.setStrokeGray(0)
    c.setFont(fonts.SERIF, 7.5)
    for k in range(3):
        c.setFillGray(0 if k % 2 == 0 else 1)
        c.rect(left + k * pitch, y, pitch, mm(1.6), stroke=1, fill=1)
        c.setFillGray(0)
        c.drawCentredString(left + k * pitch, y - 8, str(k * UNIT_FEET))
    c.drawCentredString(left + 3 * pitch, y - 8, f"{3 * UNIT_FEET} feet")
    c.setFont(fonts.SERIF, 8)
    c.drawString(left + 3 * pitch + mm(8), y, f"Scale: one square is one unit, {UNIT_FEET} feet")
