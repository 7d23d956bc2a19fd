"""Drawing a level on a region of a page: rock, floor, walls, doors, numbers and marks.

Floors are the areas' own squares (and the doorway squares between them),
so what is drawn is exactly what the level occupies; walls are the sides of
those squares with no floor beyond (``draw_walls``). An area with half
squares is drawn to its 45° walls (two areas may share one, each with its
half of the squares it runs through); a curved one as its circle, opened
where its doors stand. A door kind drawn along its wall takes the whole of
it, however many units long; a door drawn as one glyph stands on a wall
line with wall at both its ends. Where each glyph and word goes is worked
out once (``spots.layout``): nothing covers anything else. The map is inked
in one of three styles (``draw_style``). The map page around it (title,
legend, scale, its sheets, overlap marks, index) is ``frame``'s.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas

from ..render import fonts
from . import glyphs, spots
from .adjacency import Adjacency
from .caves import passes_at as caves_passes
from .caves import refined
from .draw_notes import HALO, MIN_NUMBER
from .draw_seams import draw_seams, seam_boxes, seam_ends, seam_units
from .draw_shaped import draw_diagonal_walls, draw_round_wall, fill_shaped, round_span
from .draw_style import GREY, GRID_GREY, GRID_WIDTH, ROCK_GREY, MapStyle, rock_marks
from .draw_walls import BLANK, GM, LAYOUT, merge, plan_walls, shown_doors
from .geometry import HEADINGS, Cell, Edge, Point, half_square, side_edge, step
from .level import Area, Exit, Level
from .spots import (
    LABEL,
    LOOSE,
    MARK,
    MARK_SCALE,
    PLAYERS,
    Layout,
    Placed,
    area_spots,
    label_extent,
    label_font,
    overlaps,
)
from .spots import layout as place_all
from .symbols import Symbols

__all__ = ["GM", "LAYOUT", "BLANK", "Region", "Content", "draw_level", "draw_label", "draw_glyph", "map_layout",
           "area_spots", "MARK_SCALE", "WALL_WIDTH", "ROCK_GREY", "GRID_GREY", "GRID_WIDTH", "MapStyle", "GREY"]

WALL_WIDTH = 1.6  # pt


@dataclass(frozen=True)
class Region:
    """Where a map goes on the page: its top-left corner in points, the square size, how many squares show."""

    left: float
    top: float
    pitch: float
    columns: int
    rows: int
    divisions: int = 1  # grid squares to a square of the level (a battle map's 10-ft unit is two)

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
    copied: tuple[tuple[int, str], ...] = ()  # (area, mark) shown on the players' maps where the referee's has it
    caves: tuple[int, ...] = ()  # areas drawn with rough cave walls (caves.py), within their squares
    cave_seed: str = ""  # the text cave walls are seeded from (with each cave's number)
    seams: bool = False  # a wall two areas share with no door drawn as two lines with rock between (draw_seams)

    def walls(self, areas: list[Area], rule: Adjacency, doors: list[tuple[Exit, int | None]], symbols: Symbols,
              is_walled=None):
        """The walls of a view of ``areas`` (draw_walls.plan_walls), with this content's caves."""
        return plan_walls(areas, rule, doors, symbols, is_walled, self.caves, self.cave_seed)


def map_layout(level: Level, symbols: Symbols, rule: Adjacency, content: Content, view: str, pitch: float,
               shown: tuple[float, float, float, float] | None = None, referee: Layout | None = None,
               least_number: float = MIN_NUMBER) -> Layout:
    """Where every glyph and word of a view of ``level`` goes (``spots.layout``), with the marks the
    players' maps copy from the referee's placed where the referee's map has them (``referee``: that map's
    layout at the same scale, when it is known; else found here). ``least_number``: the least an area number
    prints at (an overview's: MIN_TEXT_PT), kept on the layout for drawing it."""
    found = place_all(level, symbols, rule, content, view, pitch, shown, least_number)
    if view != GM and content.copied:
        if referee is None:
            referee = place_all(level, symbols, rule, content, GM, pitch, shown, least_number)
        for area, kind in content.copied:
            spot = next((p for p in referee.boxes(MARK) if p.area == area and p.kind == kind), None)
            if spot is not None:
                found.placed.append(Placed(PLAYERS, kind, spot.x, spot.y, spot.size, spot.box, None))
    return found


def draw_level(c: Canvas, region: Region, level: Level, symbols: Symbols, rule: Adjacency, content: Content,
               view: str, origin: tuple[int, int] = (0, 0), style: MapStyle = GREY,
               shown: tuple[float, float, float, float] | None = None, placed: Layout | None = None) -> Layout:
    """Draw ``level`` (the part from square ``origin`` on) filling ``region``, inked in ``style``.
    ``shown``: the squares of the whole map (all its sheets), where callouts may stand; by default the
    region's. ``placed``: where everything goes, when ``map_layout`` has found it already (every sheet of
    a level drawn at one scale shares it). Returns where everything went."""
    pitch = region.pitch
    if shown is None:
        shown = (origin[0], origin[1], origin[0] + region.columns, origin[1] + region.rows)
    if placed is None:
        placed = map_layout(level, symbols, rule, content, view, pitch, shown)

    def point(x: float, y: float) -> tuple[float, float]:
        return region.left + (x - origin[0]) * pitch, region.top - (y - origin[1]) * pitch

    c.saveState()
    # Clipped to the region, but where the region ends at the level's own edge, half a wall beyond it: a
    # room against the edge keeps its whole wall there, not the half of it inside the map's frame.
    ends = (origin[0] == 0, origin[1] + region.rows >= level.height, origin[0] + region.columns >= level.width,
            origin[1] == 0)  # left, bottom, right, top
    beyond = tuple(WALL_WIDTH / 2 if end else 0.0 for end in ends)
    left, bottom, right, top = beyond
    box = (region.left - left, region.bottom - bottom, region.columns * pitch + left + right,
           region.rows * pitch + bottom + top)
    clip = c.beginPath()
    clip.rect(*box)
    c.clipPath(clip, stroke=0, fill=0)
    window = (origin[0], origin[1], origin[0] + region.columns, origin[1] + region.rows)  # the squares shown
    if view != BLANK:
        if style.rock is not None:  # the rock reaches the border there too
            c.setFillGray(style.rock)
            c.rect(*box, stroke=0, fill=1)
        doors = shown_doors(level.areas, content.doors, view)
        _draw_areas(c, region, level, level.areas, symbols, rule, doors, view, point, pitch, style, placed, content,
                    window=window)
    else:
        _draw_grid(c, region, GRID_GREY)
        if content.shown_on_blank:
            shown_areas = [level.area(n) for n in content.shown_on_blank]
            doors = shown_doors(shown_areas, [], LAYOUT)
            _draw_areas(c, region, level, shown_areas, symbols, rule, doors, LAYOUT, point, pitch, style, placed,
                        content, grid=False, window=window)

    def seen(box) -> bool:  # on this sheet (a sheet of a large level leaves out what others show)
        return overlaps(box, window)

    if view == GM:
        for kind, cell, side in content.on_walls:
            _draw_segment(c, symbols.on_walls[kind].segment, [(cell, side)], point, pitch)
    for lines in placed.notes.values():
        _draw_note_lines(c, [line for line in lines if seen(line.box)], point)
    for spot in placed.placed:
        if seen(spot.box) and (view == GM or spot.role in (LABEL, MARK, PLAYERS)):
            _draw_placed(c, spot, symbols, point, pitch, placed.least_number)
    for callout in placed.callouts:
        if seen(callout.box):
            _draw_callout(c, callout, symbols, point, pitch, placed.least_number)
    if view == BLANK:
        for exit_, on_players in content.doors:
            if on_players:
                _draw_door(c, exit_, symbols, rule, view, point, pitch, placed)
    c.restoreState()
    _draw_border(c, box, beyond)
    # Loose marks may stand just outside the map (a way in at its edge), so they are not clipped;
    # a sheet shows those within a square of its border.
    for spot in placed.placed:
        if spot.role == LOOSE and window[0] - 1 <= spot.x <= window[2] + 1 and window[1] - 1 <= spot.y <= window[3] + 1:
            x, y = point(spot.x, spot.y)
            draw_glyph(c, symbols.marks[spot.kind].glyph, x, y, pitch * spot.size)
    return placed


def _draw_placed(c: Canvas, spot: Placed, symbols: Symbols, point, pitch: float, least: float) -> None:
    x, y = point(spot.x, spot.y)
    if spot.role == LABEL:
        draw_label(c, x, y, spot.kind, pitch * spot.size, least)
    elif spot.role in (MARK, PLAYERS):
        draw_glyph(c, symbols.marks[spot.kind].glyph, x, y, pitch * spot.size)
    elif spot.role == "unexplored":
        draw_glyph(c, glyphs.unexplored, x, y, pitch * spot.size)
    elif spot.role == "rubble":
        draw_glyph(c, glyphs.rubble, x, y, pitch * spot.size)


def _draw_callout(c: Canvas, callout, symbols: Symbols, point, pitch: float, least: float) -> None:
    """The box on the rock, its leader to the area's wall (a dot where it meets it), and what it holds."""
    left, top, right, bottom = callout.box
    x0, y0 = point(left, top)
    x1, y1 = point(right, bottom)
    (sx, sy), (ex, ey) = callout.leader
    c.saveState()
    c.setStrokeGray(0)
    c.setLineWidth(0.6)
    a, b = point(sx, sy), point(ex, ey)
    c.line(*a, *b)
    c.setFillGray(0)
    c.circle(*b, spots.DOT, stroke=0, fill=1)
    c.setFillGray(1)
    c.roundRect(x0, y1, x1 - x0, y0 - y1, 2, stroke=1, fill=1)
    c.restoreState()
    for item in callout.items:
        x, y = point(item.x, item.y)
        if item.role == LABEL:
            _draw_bare_label(c, x, y, item.kind, pitch * item.size, least)
        elif item.role == spots.INSIDE:  # a door standing inside the area
            draw_glyph(c, symbols.doors[item.kind].glyph, x, y, pitch * item.size)
        else:
            draw_glyph(c, symbols.marks[item.kind].glyph, x, y, pitch * item.size)


def _draw_bare_label(c: Canvas, x: float, y: float, text: str, square: float, least: float) -> None:
    size = label_font(text, square, least)
    c.saveState()
    c.setFillGray(0)
    c.setFont(fonts.SERIF_BOLD, size)
    c.drawCentredString(x, y - size * 0.34, text)
    c.restoreState()


def _draw_note_lines(c: Canvas, lines, point) -> None:
    """An area's number and notes, each line on a white halo (its box, a little wider) so no grid line
    runs through its letters."""
    c.saveState()
    c.setFillGray(1)
    for line in lines:
        left, top, right, bottom = line.box
        (x0, y0), (x1, y1) = point(left, top), point(right, bottom)
        hx, hy = HALO
        c.roundRect(x0 - hx, y1 - hy, x1 - x0 + 2 * hx, y0 - y1 + 2 * hy, 1.5, stroke=0, fill=1)
    c.restoreState()
    for line in lines:
        left, top, right, bottom = line.box
        x, y = point((left + right) / 2, bottom)
        c.setFillGray(0)
        c.setFont(line.font, line.size)
        c.drawCentredString(x, y + line.size * 0.25, line.text)


def _draw_areas(c: Canvas, region: Region, level: Level, areas: list[Area], symbols: Symbols, rule: Adjacency,
                doors: list[tuple[Exit, int | None]], view: str, point, pitch: float, style: MapStyle,
                placed: Layout, content: Content, grid: bool = True,
                window: tuple[float, float, float, float] | None = None) -> None:
    """Hatching, floors, the grid over them, walls, and the doors the view shows (``window``: the squares
    the region shows)."""
    found = content.walls(areas, rule, doors, symbols)
    floor, shaped, opened = found.floor, found.shaped, found.opened
    units, extra, diagonal = found.straight, found.extra, found.diagonal
    rough = {cell for cave in found.caves for cell in cave.cells}
    passes = caves_passes(pitch)  # a cave's wall drawn large: cut finer, so it reads as a curve (a sheet
    # showing part of a level: the caves it shows, as the rest would be drawn only to be clipped away)
    drawn_caves = [refined(cave, passes) for cave in found.caves
                   if window is None or any(overlaps((x - 1, y - 1, x + 2, y + 2), window) for x, y in cave.cells)
                   ] if passes else found.caves
    marks = rock_marks(style)
    if marks is not None:  # hatching or stipple along the rock side of the walls (a cave's as drawn on a page:
        # the finer line would have them as many times as thick; the floor's white covers any that reach it)
        strokes, width = marks
        c.setStrokeGray(0)
        c.setLineWidth(width)
        c.setLineCap(1)
        c.lines(strokes(_rock_sides(units, shaped.values(), extra + diagonal, opened) + _cave_sides(found.caves),
                        point, pitch, f"{style.seed}|{level.number}"))
        c.setLineCap(0)
    plain = {cell: n for cell, n in floor.items() if n not in shaped and cell not in rough}
    _fill_cells(c, plain, point, pitch)
    if shaped:
        fill_shaped(c, shaped.values(), opened, point, pitch)
    caves = [polygon for cave in drawn_caves for polygon in cave.polygons]
    _fill_polygons(c, caves, point)
    if grid:
        if style.rock is not None:
            _draw_grid(c, region, GRID_GREY)
        else:
            c.saveState()
            c.clipPath(_floor_path(c, plain, shaped.values(), opened, point, pitch, caves), stroke=0, fill=0)
            _draw_grid(c, region, GRID_GREY)
            c.restoreState()
    _draw_walls(c, merge({w.edge for w in units} | set(extra)), point)
    _draw_cave_walls(c, [line for cave in drawn_caves for line in cave.lines], point)
    if content.seams:
        seams = seam_units(found, doors)
        if seams:
            draw_seams(c, seam_boxes(seams, doors), seam_ends(seams, doors), _floor_path(c, plain, shaped.values(), opened, point, pitch, caves), style, point,
                       pitch, f"{style.seed}|{level.number}")
    draw_thresholds(c, found.thresholds, point, pitch)
    if diagonal:
        draw_diagonal_walls(c, diagonal, point, WALL_WIDTH)
    for area in shaped.values():
        if area.shape.curved:
            draw_round_wall(c, area, opened, point, pitch, WALL_WIDTH)
    if found.round_sides:
        _draw_walls(c, found.round_sides, point, cap=1)
    drawn = {area.number for area in areas}
    curved = {cell: area for area in shaped.values() if area.shape.curved for cell in area.cells}
    for exit_, _ in doors:
        # A door is drawn from the area that lists it, or from its far side when that area is not shown;
        # the far end of a teleport is a pad of its own.
        if not exit_.far_side or exit_.inside or exit_.to not in drawn:
            _draw_door(c, exit_, symbols, rule, view, point, pitch, placed, curved)


def _fill_polygons(c: Canvas, polygons: list[list[Point]], point) -> None:
    """White floor of caves, each loop filled (a pillar of rock inside one is a loop of its own, left
    unfilled by the even-odd rule)."""
    if not polygons:
        return
    c.setFillGray(1)
    path = c.beginPath()
    for polygon in polygons:
        path.moveTo(*point(*polygon[0]))
        for p in polygon[1:]:
            path.lineTo(*point(*p))
        path.close()
    c.drawPath(path, stroke=0, fill=1, fillMode=0)


def _draw_cave_walls(c: Canvas, lines: list[list[Point]], point) -> None:
    """Cave walls, their corners and ends round, as a pen draws them."""
    if not lines:
        return
    c.saveState()
    c.setStrokeGray(0)
    c.setLineWidth(WALL_WIDTH)
    c.setLineCap(1)
    c.setLineJoin(1)
    for line in lines:  # one path each, as each is one stroke of the pen
        path = c.beginPath()
        path.moveTo(*point(*line[0]))
        for p in line[1:]:
            path.lineTo(*point(*p))
        c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def _cave_sides(caves) -> list[tuple[Point, Point, Point]]:
    """The pieces of every cave wall and which way the rock lies (to the left as it was walked)."""
    found = []
    for cave in caves:
        for loop in cave.loops:
            for wall in loop:
                if not cave.is_wall(wall):
                    continue
                for a, b in zip(wall.points, wall.points[1:]):
                    length = math.dist(a, b)
                    if length > 1e-9:
                        found.append((a, b, ((b[1] - a[1]) / length, -(b[0] - a[0]) / length)))
    return found


def _rock_sides(units, shaped_areas, shaped_edges: list[Edge], opened: set) -> list[tuple[Point, Point, Point]]:
    """Every wall with rock beyond, and which way the rock lies: (a, b, unit vector towards the rock)."""
    found = []
    for wall in units:
        if wall.rock:
            dx, dy = HEADINGS[wall.side]
            found.append((*wall.edge, (dx, dy)))
    for area in shaped_areas:
        if area.shape.curved:
            cx, cy, r = area.shape.round
            count = max(12, int(2 * math.pi * r / 0.4))
            for k in range(count):
                t0, t1 = 2 * math.pi * k / count, 2 * math.pi * (k + 1) / count
                a = (cx + r * math.cos(t0), cy + r * math.sin(t0))
                b = (cx + r * math.cos(t1), cy + r * math.sin(t1))
                mid = (t0 + t1) / 2
                found.append((a, b, (math.cos(mid), math.sin(mid))))
            continue
        cells = area.cells
        cuts = dict(area.shape.cuts)
        for cell, side in area.shape.walls:
            if (cell, side) in opened:
                continue
            if side % 2:  # a 45° wall: the rock lies towards the cut corner
                dx, dy = HEADINGS[side]
                found.append((*side_edge(cell, side), (dx / math.sqrt(2), dy / math.sqrt(2))))
            elif step(cell, side) not in cells:
                dx, dy = HEADINGS[side]
                found.append((*side_edge(cell, side), (dx, dy)))
        del cuts
    for a, b in shaped_edges:  # shaped areas' walls again, rock on both hands: floors hide the far one
        if a[0] == b[0]:
            found += [(a, b, (1, 0)), (a, b, (-1, 0))]
        elif a[1] == b[1]:
            found += [(a, b, (0, 1)), (a, b, (0, -1))]
    return found


def _floor_path(c: Canvas, plain: dict[Cell, int], shaped_areas, opened: set, point, pitch: float,
                caves: list[list[Point]] = ()):
    """The floor as one path (every piece turning the same way), to clip the grid to."""
    path = c.beginPath()
    pieces: list[list[Point]] = [[(start, y), (end, y), (end, y + 1), (start, y + 1)]
                                 for y, start, end in _row_runs(plain)]

    from .draw_shaped import round_nook

    for area in shaped_areas:
        if area.shape.curved:
            cx, cy, r = area.shape.round
            pieces.append([(cx + r * math.cos(t), cy + r * math.sin(t))
                           for t in (2 * math.pi * k / 48 for k in range(48))])
            pieces += [round_nook(area, unit) for unit in area.shape.walls if unit in opened]
            continue
        cuts = dict(area.shape.cuts)
        for cell in sorted(area.cells):
            pieces.append(half_square(cell, cuts[cell]) if cell in cuts else
                          [(cell[0], cell[1]), (cell[0] + 1, cell[1]), (cell[0] + 1, cell[1] + 1), (cell[0], cell[1] + 1)])
    turned = []
    for piece in pieces:
        points = [point(*p) for p in piece]
        twice = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))
        turned.append(points[::-1] if twice < 0 else points)
    # A cave's loops as they run: its outer loops turn the same way as every other piece, a pillar of
    # rock inside it the other way, and stays out.
    turned += [[point(*p) for p in polygon] for polygon in caves]
    for points in turned:
        path.moveTo(*points[0])
        for p in points[1:]:
            path.lineTo(*p)
        path.close()
    path._fillMode = 1  # non-zero: pieces side by side join
    return path


def _fill_cells(c: Canvas, cells: dict[Cell, int], point, pitch: float) -> None:
    """White floor, drawn as runs of squares along each row."""
    c.setFillGray(1)
    for y, start, end in _row_runs(cells):
        left, top = point(start, y)
        c.rect(left, top - pitch, (end - start) * pitch, pitch, stroke=0, fill=1)


def _row_runs(cells) -> list[tuple[int, int, int]]:
    """The squares as runs along each row, top row first: (row, first column, column after the last)."""
    rows: dict[int, list[int]] = {}
    for x, y in cells:
        rows.setdefault(y, []).append(x)
    runs = []
    for y, xs in sorted(rows.items()):
        xs.sort()
        start = previous = xs[0]
        for x in xs[1:] + [None]:
            if x is not None and x == previous + 1:
                previous = x
                continue
            runs.append((y, start, previous + 1))
            if x is not None:
                start = previous = x
    return runs


def _draw_grid(c: Canvas, region: Region, gray: float = GRID_GREY) -> None:
    c.setStrokeGray(gray)
    c.setLineWidth(GRID_WIDTH)
    step, n = region.pitch / region.divisions, region.divisions
    lines = [(region.left + i * step, region.bottom, region.left + i * step, region.top)
             for i in range(1, region.columns * n)]
    lines += [(region.left, region.top - j * step, region.right, region.top - j * step)
              for j in range(1, region.rows * n)]
    c.lines(lines)


BORDER_WIDTH = 0.8  # pt


def _draw_border(c: Canvas, box: tuple[float, float, float, float], beyond: tuple[float, ...]) -> None:
    """The map's border round ``box`` (x, y, width, height). On a side where the box reaches ``beyond`` the
    squares (the level's own edge), the border stands just outside it, so a wall along that edge is not
    half covered by it; elsewhere (a sheet's edge inside the level) it is centred on the edge."""
    out = [BORDER_WIDTH / 2 if extra else 0.0 for extra in beyond]  # left, bottom, right, top
    x, y, width, height = box
    c.saveState()
    c.setStrokeGray(0.3)
    c.setLineWidth(BORDER_WIDTH)
    c.rect(x - out[0], y - out[1], width + out[0] + out[2], height + out[1] + out[3])
    c.restoreState()


def _draw_walls(c: Canvas, edges: list[Edge], point, cap: int = 2) -> None:
    """Walls, square-capped to close the corners (round-capped where they meet a curve)."""
    c.setStrokeGray(0)
    c.setLineWidth(WALL_WIDTH)
    c.setLineCap(cap)
    c.lines([(*point(*a), *point(*b)) for a, b in edges])
    c.setLineCap(0)


def draw_thresholds(c: Canvas, edges: list[Edge], point, pitch: float) -> None:
    """Dotted lines across the openings between areas (``glyphs.across``)."""
    for a, b in edges:
        (x0, y0), (x1, y1) = point(*a), point(*b)
        c.saveState()
        c.translate(x0, y0)
        c.rotate(math.degrees(math.atan2(y1 - y0, x1 - x0)))
        glyphs.across(c, math.hypot(x1 - x0, y1 - y0), pitch, glyphs.DOTTED)
        c.restoreState()


def _draw_door(c: Canvas, exit_: Exit, symbols: Symbols, rule: Adjacency, view: str, point, pitch: float,
               placed: Layout, curved: dict | None = None) -> None:
    """A door's glyph on its wall line (spots.layout chose it), across the way through; along its whole
    wall for a kind drawn so (on a round room, the part its doorway opens); in its place for a door
    standing inside an area. A secret door's S stands upright."""
    symbol = symbols.doors[exit_.kind]
    if exit_.inside:
        spot = placed.inside.get(id(exit_))
        if spot is None:
            return
        x, y = point(spot[0], spot[1])
        draw_glyph(c, symbol.glyph, x, y, pitch * spot[2])
        return
    if symbol.segment is not None:
        shown = symbols.secret_symbol(exit_.kind) if exit_.secret and view == GM else symbol
        if not (exit_.secret and view != GM):
            span = _round_span(exit_, curved or {})
            _draw_segment(c, shown.segment, list(exit_.units), point, pitch, span)
        return
    line = placed.doors.get(id(exit_))
    if line is None:
        return
    x, y = point(line.x, line.y)
    secret = exit_.secret and view == GM
    glyph = glyphs.secret if secret else symbols.doors[exit_.kind].glyph
    c.saveState()
    c.translate(x, y)
    if line.upright and not secret:
        c.rotate(90)
    glyph(c, pitch)
    c.restoreState()


def _round_span(exit_: Exit, curved: dict) -> tuple[Point, Point] | None:
    """The part of a door's wall it opens when the wall is a round room's: see draw_shaped."""
    if not curved or exit_.units[0][1] % 2:
        return None
    for units in (list(exit_.units), exit_.far_units()):
        area = curved.get(units[0][0])
        if area is not None and all(unit in area.shape.wall_set for unit in units):
            return round_span(area, units)
    return None


def _draw_segment(c: Canvas, segment, units: list[tuple[Cell, int]], point, pitch: float,
                  span: tuple[Point, Point] | None = None) -> None:
    """``segment`` along the stretch of wall ``units`` make, from its first corner to its last (or along
    ``span``, a part of it)."""
    units = sorted(units, key=lambda u: (u[0][1], u[0][0]))
    if span is not None:
        a, b = point(*min(span)), point(*max(span))
    else:
        a, b = point(*side_edge(*units[0])[0]), point(*side_edge(*units[-1])[1])
    angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
    c.saveState()
    c.translate(*a)
    c.rotate(angle)
    segment(c, math.hypot(b[0] - a[0], b[1] - a[1]), pitch, len(units), angle)
    c.restoreState()


def draw_glyph(c: Canvas, glyph, x: float, y: float, size: float) -> None:
    """``glyph`` drawn ``size`` points across, centred on (x, y)."""
    c.saveState()
    c.translate(x, y)
    glyph(c, size)
    c.restoreState()


def draw_label(c: Canvas, x: float, y: float, text: str, size: float, least: float = MIN_NUMBER) -> None:
    """An area number: bold in a white box that stays within its square (spots.label_extent), its type never
    under ``least``."""
    font_size, width, height = label_extent(text, size, least)
    c.saveState()
    c.setFillGray(1)
    c.setStrokeGray(0)
    c.setLineWidth(0.6)
    c.roundRect(x - width / 2, y - height / 2, width, height, font_size * 0.2, stroke=1, fill=1)
    c.setFillGray(0)
    c.setFont(fonts.SERIF_BOLD, font_size)
    c.drawCentredString(x, y - font_size * 0.34, text)
    c.restoreState()
