"""Drawing a level on a region of a page: rock, floor, walls, doors, numbers and marks, legend and scale.

Floors are the areas' own squares (and the doorway squares between them),
so what is drawn is exactly what the level occupies; walls are the sides of
those squares with no floor beyond. An area with half squares is drawn to
its 45° walls (a door through one opens across the half square of rock
behind it, its nook); a curved one as its circle, opened where its doors
stand. A door kind drawn along its wall takes the whole of it, however many
units long. A level larger than its region prints over several sheets at the
same scale (``sheets``), each with overlap marks and an index of the sheets.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas

from ..render import fonts
from . import glyphs
from .adjacency import Adjacency
from .draw_notes import INSIDE_SCALE, draw_notes, draw_number, inside_spots
from .draw_shaped import draw_diagonal_walls, draw_round_wall, fill_shaped, shaped_walls
from .geometry import HEADINGS, SIDES, Cell, Edge, Point, side_edge, step
from .level import Area, Exit, Level
from .spots import area_spots
from .symbols import Symbols

GM, LAYOUT, BLANK = "gm", "layout", "blank"  # the referee's map; the players' map of walls and doors; blank paper

WALL_WIDTH = 1.6  # pt
ROCK_GREY = 0.78
GRID_GREY = 0.62
GRID_WIDTH = 0.3
MARK_SCALE = 0.8  # a mark is this much of a square across
OVERLAP = 2  # squares two sheets of one level share


@dataclass(frozen=True)
class Region:
    """Where a map goes on the page: its top-left corner in points, the square size, how many squares show."""

    left: float
    top: float
    pitch: float
    columns: int
    rows: int

    @property
    def bottom(self) -> float:
        return self.top - self.rows * self.pitch

    @property
    def right(self) -> float:
        return self.left + self.columns * self.pitch


@dataclass
class Content:
    """What a game shows on a level besides its areas and doors."""

    marks: dict[int, list[str]] = field(default_factory=dict)  # area number → mark kinds in it
    loose: list[tuple[str, float, float, bool]] = field(default_factory=list)  # mark, centre x, y, on players' maps
    doors: list[tuple[Exit, bool]] = field(default_factory=list)  # doors of no area (a way in), on players' maps
    players: list[tuple[str, float, float]] = field(default_factory=list)  # marks on the players' maps only
    on_walls: list[tuple[str, Cell, int]] = field(default_factory=list)  # wall marks: kind, square, side
    notes: dict[int, list[str]] = field(default_factory=dict)  # area → words written under its number
    shown_on_blank: tuple[int, ...] = ()  # areas drawn on blank paper as the players first see them


def sheets(level: Level, columns: int, rows: int) -> list[tuple[int, int]]:
    """The top-left squares of the sheets a level prints on, row by row; one sheet when it fits."""
    def starts(size: int, shown: int) -> list[int]:
        if size <= shown:
            return [0]
        count = math.ceil((size - OVERLAP) / (shown - OVERLAP))
        return [min(i * (shown - OVERLAP), size - shown) for i in range(count)]

    return [(x, y) for y in starts(level.height, rows) for x in starts(level.width, columns)]


def draw_level(c: Canvas, region: Region, level: Level, symbols: Symbols, rule: Adjacency, content: Content,
               view: str, origin: tuple[int, int] = (0, 0)) -> None:
    """Draw ``level`` (the part from square ``origin`` on) filling ``region``."""
    pitch = region.pitch

    def point(x: float, y: float) -> tuple[float, float]:
        return region.left + (x - origin[0]) * pitch, region.top - (y - origin[1]) * pitch

    c.saveState()
    clip = c.beginPath()
    clip.rect(region.left, region.bottom, region.columns * pitch, region.rows * pitch)
    c.clipPath(clip, stroke=0, fill=0)
    if view != BLANK:
        c.setFillGray(ROCK_GREY)
        c.rect(region.left, region.bottom, region.columns * pitch, region.rows * pitch, stroke=0, fill=1)
        doors = _shown_doors(level.areas, content.doors, view)
        _draw_areas(c, region, level.areas, symbols, rule, doors, view, point, pitch)
    else:
        _draw_grid(c, region)
        if content.shown_on_blank:
            shown = [level.area(n) for n in content.shown_on_blank]
            doors = _shown_doors(shown, [], LAYOUT)
            _draw_areas(c, region, shown, symbols, rule, doors, LAYOUT, point, pitch, grid=False)
            for area in shown:
                draw_number(c, area, point, pitch)
    if view == GM:
        for kind, cell, side in content.on_walls:
            _draw_segment(c, symbols.on_walls[kind].segment, [(cell, side)], point, pitch)
        for area in level.areas:
            if area.number in content.notes:
                draw_notes(c, area, content.notes[area.number], point, pitch)
                continue
            for spot in area_spots(area, content.marks.get(area.number, [])):
                x, y = point(spot.x, spot.y)
                if spot.kind == "label":
                    draw_label(c, x, y, str(area.number), pitch * spot.scale)
                else:
                    _glyph(c, symbols.marks[spot.kind].glyph, x, y, pitch * MARK_SCALE * spot.scale)
    if view != GM:
        for kind, sx, sy in content.players:
            x, y = point(sx, sy)
            _glyph(c, symbols.marks[kind].glyph, x, y, pitch * MARK_SCALE)
    if view == BLANK:
        for exit_, on_players in content.doors:
            if on_players:
                _draw_door(c, exit_, symbols, rule, view, point, pitch)
    c.restoreState()
    _draw_border(c, region)
    # Loose marks may stand just outside the map (a way in at its edge), so they are not clipped;
    # a sheet shows those within a square of its border.
    for kind, sx, sy, on_players in content.loose:
        inside = origin[0] - 1 <= sx <= origin[0] + region.columns + 1 and origin[1] - 1 <= sy <= origin[1] + region.rows + 1
        if (view == GM or on_players) and inside:
            x, y = point(sx, sy)
            _glyph(c, symbols.marks[kind].glyph, x, y, pitch * MARK_SCALE)


def _draw_areas(c: Canvas, region: Region, areas: list[Area], symbols: Symbols, rule: Adjacency,
                doors: list[tuple[Exit, int | None]], view: str, point, pitch: float, grid: bool = True) -> None:
    """Floors, the grid over them, walls, and the doors the view shows."""
    floor = _floor(areas, rule, doors)
    shaped = {a.number: a for a in areas if a.shape.cuts or a.shape.curved}
    _fill_cells(c, {cell: n for cell, n in floor.items() if n not in shaped} if shaped else floor, point, pitch)
    opened = {unit for exit_, _ in doors if not _walled(exit_, symbols) for unit in exit_.units}
    nooks = [(exit_, unit) for exit_, _ in doors if not exit_.far_side and not _walled(exit_, symbols)
             for unit in exit_.units if unit[1] % 2]
    if shaped:
        fill_shaped(c, shaped.values(), opened, nooks, point, pitch)
    if grid:
        _draw_grid(c, region)
    edges = _walls(floor, rule, doors, symbols, set(shaped))
    diagonal: list[Edge] = []
    if shaped:
        for edge in shaped_walls(shaped.values(), opened, nooks):
            (edges if edge[0][0] == edge[1][0] or edge[0][1] == edge[1][1] else diagonal).append(edge)
    _draw_walls(c, _merge(set(edges)), point)
    if diagonal:
        draw_diagonal_walls(c, diagonal, point, WALL_WIDTH)
    for area in shaped.values():
        if area.shape.curved:
            draw_round_wall(c, area, opened, point, pitch, WALL_WIDTH)
    spots = {id(e): spot for area in areas if any(e.inside for e in area.exits) for e, spot in inside_spots(area)}
    drawn = {area.number for area in areas}
    for exit_, _ in doors:
        # A door is drawn from the area that lists it, or from its far side when that area is not shown;
        # the far end of a teleport is a pad of its own.
        if not exit_.far_side or exit_.inside or exit_.to not in drawn:
            _draw_door(c, exit_, symbols, rule, view, point, pitch, spots)


def _walled(exit_: Exit, symbols: Symbols) -> bool:
    """A secret door drawn along its wall stays wall (an S over it on the referee's map)."""
    return exit_.secret and symbols.doors[exit_.kind].segment is not None


def _shown_doors(areas: list[Area], loose: list[tuple[Exit, bool]], view: str) -> list[tuple[Exit, int | None]]:
    """Every placed door the view shows, with the area whose wall it is in (None: a way in)."""
    doors = [(e, None) for e, on_players in loose if view == GM or on_players]
    for area in areas:
        for exit_ in area.exits:
            if exit_.at is None or exit_.leads == "dead-end":
                continue
            if view == LAYOUT and exit_.secret:
                continue
            doors.append((exit_, area.number))
    return doors


def _floor(areas: list[Area], rule: Adjacency, doors: list[tuple[Exit, int | None]]) -> dict[Cell, int]:
    """Square → the area it belongs to; a doorway square belongs to its door's area."""
    floor = {cell: area.number for area in areas for cell in area.cells}
    if rule.gap:
        for exit_, owner in doors:
            if not exit_.inside:
                floor.setdefault(step(exit_.at, exit_.side), owner if owner is not None else 0)
    return floor


def _walls(floor: dict[Cell, int], rule: Adjacency, doors: list[tuple[Exit, int | None]], symbols: Symbols,
           shaped: set[int]) -> list[Edge]:
    """Sides of floor squares with rock or another area beyond, but not where a door lets one through
    (areas in ``shaped`` draw their own walls)."""
    passable: set[tuple[Cell, Cell]] = set()
    for exit_, _ in doors:
        if exit_.inside or _walled(exit_, symbols):
            continue
        for cell, side in exit_.units:
            if side % 2 == 0:
                passable.add(_pair(cell, step(cell, side)))
        if rule.gap:
            doorway = step(exit_.at, exit_.side)
            beyond = step(doorway, exit_.side)
            if exit_.leads in ("area", "unexplored"):
                passable.add(_pair(doorway, beyond))
    edges = set()
    for cell, owner in floor.items():
        if owner in shaped:
            continue
        for side in SIDES:
            near = step(cell, side)
            if floor.get(near) == owner and near in floor:
                continue
            if _pair(cell, near) in passable:
                continue
            edges.add(side_edge(cell, side))
    return list(edges)


def _pair(a: Cell, b: Cell) -> tuple[Cell, Cell]:
    return (a, b) if a <= b else (b, a)


def _merge(edges: set[Edge]) -> list[Edge]:
    """Join unit wall segments that run on in a line, so walls draw as long strokes."""
    merged = []
    horizontal = sorted((a for a, b in edges if a[1] == b[1]), key=lambda p: (p[1], p[0]))
    vertical = sorted((a for a, b in edges if a[0] == b[0]), key=lambda p: (p[0], p[1]))
    for points, dx, dy in ((horizontal, 1, 0), (vertical, 0, 1)):
        start = end = None
        for p in points:
            if end is not None and p == end:
                end = (p[0] + dx, p[1] + dy)
                continue
            if start is not None:
                merged.append((start, end))
            start, end = p, (p[0] + dx, p[1] + dy)
        if start is not None:
            merged.append((start, end))
    return merged


def _fill_cells(c: Canvas, cells: dict[Cell, int], point, pitch: float) -> None:
    """White floor, drawn as runs of squares along each row."""
    c.setFillGray(1)
    rows: dict[int, list[int]] = {}
    for x, y in cells:
        rows.setdefault(y, []).append(x)
    for y, xs in sorted(rows.items()):
        xs.sort()
        run_start = previous = xs[0]
        for x in xs[1:] + [None]:
            if x is not None and x == previous + 1:
                previous = x
                continue
            left, top = point(run_start, y)
            c.rect(left, top - pitch, (previous - run_start + 1) * pitch, pitch, stroke=0, fill=1)
            if x is not None:
                run_start = previous = x


def _draw_grid(c: Canvas, region: Region) -> None:
    c.setStrokeGray(GRID_GREY)
    c.setLineWidth(GRID_WIDTH)
    lines = [(region.left + i * region.pitch, region.bottom, region.left + i * region.pitch, region.top)
             for i in range(1, region.columns)]
    lines += [(region.left, region.top - j * region.pitch, region.right, region.top - j * region.pitch)
              for j in range(1, region.rows)]
    c.lines(lines)


def _draw_border(c: Canvas, region: Region) -> None:
    c.saveState()
    c.setStrokeGray(0.3)
    c.setLineWidth(0.8)
    c.rect(region.left, region.bottom, region.columns * region.pitch, region.rows * region.pitch)
    c.restoreState()


def _draw_walls(c: Canvas, edges: list[Edge], point) -> None:
    c.setStrokeGray(0)
    c.setLineWidth(WALL_WIDTH)
    c.setLineCap(2)  # square caps close the corners
    c.lines([(*point(*a), *point(*b)) for a, b in edges])
    c.setLineCap(0)


def _draw_door(c: Canvas, exit_: Exit, symbols: Symbols, rule: Adjacency, view: str, point, pitch: float,
               spots: dict[int, Point] | None = None) -> None:
    """A door's glyph in the middle of its doorway square (or on the shared wall), across the way through;
    along its whole wall for a kind drawn so; in its square for a door inside an area."""
    symbol = symbols.doors[exit_.kind]
    if exit_.inside:
        x, y = point(*spots[id(exit_)])
        _glyph(c, symbol.glyph, x, y, pitch * INSIDE_SCALE)
        return
    if symbol.segment is not None:
        shown = symbols.secret_symbol(exit_.kind) if exit_.secret and view == GM else symbol
        if not (exit_.secret and view != GM):
            _draw_segment(c, shown.segment, list(exit_.units), point, pitch)
        return
    dx, dy = HEADINGS[exit_.side]
    ax, ay = exit_.at
    depth = 1.0 if rule.gap else 0.5  # from the area's square: the doorway's centre, or the wall between
    x, y = point(ax + 0.5 + dx * depth, ay + 0.5 + dy * depth)
    glyph = glyphs.secret if exit_.secret and view == GM else symbols.doors[exit_.kind].glyph
    c.saveState()
    c.translate(x, y)
    if dx != 0:
        c.rotate(90)
    glyph(c, pitch)
    c.restoreState()
    if exit_.leads == "blocked" and view == GM:
        beyond = rule.gap + 1  # the square past the doorway
        bx, by = point(ax + 0.5 + dx * beyond, ay + 0.5 + dy * beyond)
        _glyph(c, glyphs.rubble, bx, by, pitch)


def _draw_segment(c: Canvas, segment, units: list[tuple[Cell, int]], point, pitch: float) -> None:
    """``segment`` along the stretch of wall ``units`` make, from its first corner to its last."""
    units = sorted(units, key=lambda u: (u[0][1], u[0][0]))
    a, b = point(*side_edge(*units[0])[0]), point(*side_edge(*units[-1])[1])
    angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
    c.saveState()
    c.translate(*a)
    c.rotate(angle)
    segment(c, math.hypot(b[0] - a[0], b[1] - a[1]), pitch, len(units), angle)
    c.restoreState()


def _glyph(c: Canvas, glyph, x: float, y: float, size: float) -> None:
    c.saveState()
    c.translate(x, y)
    glyph(c, size)
    c.restoreState()


def draw_label(c: Canvas, x: float, y: float, text: str, size: float) -> None:
    """An area number: bold in a white box that stays within its square."""
    font_size = size * (0.55 if len(text) < 2 else 0.5)
    width = min(size * 0.92, fonts.string_width(text, fonts.SERIF_BOLD, font_size) + font_size * 0.4)
    height = min(size * 0.92, font_size * 1.2)
    c.saveState()
    c.setFillGray(1)
    c.setStrokeGray(0)
    c.setLineWidth(0.6)
    c.roundRect(x - width / 2, y - height / 2, width, height, font_size * 0.2, stroke=1, fill=1)
    c.setFillGray(0)
    c.setFont(fonts.SERIF_BOLD, font_size)
    c.drawCentredString(x, y - font_size * 0.34, text)
    c.restoreState()


def draw_overlap_marks(c: Canvas, region: Region, level: Level, origin: tuple[int, int]) -> None:
    """Small triangles outside the border where this sheet's squares are also on the next sheet."""
    pitch = region.pitch
    size = pitch * 0.45
    c.saveState()
    c.setFillGray(0)
    x0, y0 = origin
    marks = []
    if x0 > 0:
        marks.append(("top", OVERLAP))
    if x0 + region.columns < level.width:
        marks.append(("top", region.columns - OVERLAP))
    if y0 > 0:
        marks.append(("left", OVERLAP))
    if y0 + region.rows < level.height:
        marks.append(("left", region.rows - OVERLAP))
    for edge, index in marks:
        p = c.beginPath()
        if edge == "top":
            for y, s in ((region.top, 1), (region.bottom, -1)):
                x = region.left + index * pitch
                p.moveTo(x, y + s * 1)
                p.lineTo(x - size / 2, y + s * (1 + size))
                p.lineTo(x + size / 2, y + s * (1 + size))
                p.close()
        else:
            for x, s in ((region.left, -1), (region.right, 1)):
                y = region.top - index * pitch
                p.moveTo(x + s * 1, y)
                p.lineTo(x + s * (1 + size), y - size / 2)
                p.lineTo(x + s * (1 + size), y + size / 2)
                p.close()
        c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def draw_sheet_index(c: Canvas, right: float, top: float, level: Level, region: Region,
                     all_sheets: list[tuple[int, int]], current: int, scale: float = 1.1) -> None:
    """A small plan of the level's sheets, this one filled, its right edge at ``right``; ``scale`` is
    points per square."""
    width = level.width * scale
    c.saveState()
    c.setLineWidth(0.5)
    c.setStrokeGray(0)
    for index, (x, y) in enumerate(all_sheets):
        c.setFillGray(0.55 if index == current else 1)
        c.rect(right - width + x * scale, top - (y + region.rows) * scale, region.columns * scale,
               region.rows * scale, stroke=1, fill=1)
    c.setFillGray(0)
    c.setFont(fonts.SERIF, 6)
    for index, (x, y) in enumerate(all_sheets):
        c.drawCentredString(right - width + (x + region.columns / 2) * scale, top - (y + region.rows / 2) * scale - 2,
                            str(index + 1))
    c.restoreState()


def draw_legend(c: Canvas, left: float, top: float, width: float, pitch: float,
                entries: list, columns: int = 4) -> float:
    """The key to the symbols a map shows, in rows; returns the bottom it reached."""
    col_width = width / columns
    row_height = pitch * 1.1
    c.saveState()
    for index, (what, symbol) in enumerate(entries):
        col, row = index % columns, index // columns
        x = left + col * col_width
        y = top - row * row_height - pitch / 2
        c.setFillGray(1)
        c.setStrokeGray(0.5)
        c.setLineWidth(0.4)
        c.rect(x, y - pitch / 2, pitch, pitch, stroke=1, fill=1)
        if symbol.segment is not None:
            c.saveState()
            c.translate(x, y)
            symbol.segment(c, pitch, pitch, 1, 0)
            c.restoreState()
        else:
            size = pitch if what in ("door", "rubble") else pitch * MARK_SCALE
            _glyph(c, symbol.glyph, x + pitch / 2, y, size)
        c.setFillGray(0)
        c.setFont(fonts.SERIF, 7)
        c.drawString(x + pitch * 1.25, y - 2.4, symbol.label)
    c.restoreState()
    return top - math.ceil(len(entries) / columns) * row_height


def draw_scale(c: Canvas, left: float, baseline: float, pitch: float, unit: int, unit_name: str, squares: int = 4,
               bar: float | None = None) -> None:
    """A scale bar of ``squares`` squares, each ``unit`` ``unit_name`` (the words are the game's), ``bar``
    points tall (a quarter of a square unless given: large squares want a slimmer bar)."""
    c.saveState()
    c.setLineWidth(0.6)
    c.setStrokeGray(0)
    for i in range(squares):
        c.setFillGray(0 if i % 2 == 0 else 1)
        c.rect(left + i * pitch, baseline, pitch, pitch * 0.25 if bar is None else bar, stroke=1, fill=1)
    c.setFillGray(0)
    c.setFont(fonts.SERIF, 7)
    for i in range(squares + 1):
        c.drawCentredString(left + i * pitch, baseline - 8, str(i * unit))
    c.drawString(left + squares * pitch + 6, baseline - 1, unit_name)
    c.restoreState()
