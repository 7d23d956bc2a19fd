"""A level as a Universal VTT scene (``.dd2vtt``): its picture, its walls and its doors, for virtual tabletops.

The file is one JSON object, as Dungeondraft, DungeonFog and Arkenforge
write it and Foundry VTT's Universal Battlemap Importer, Owlbear Rodeo's
importers and the converters for Fantasy Grounds read it:

    format          0.3
    resolution      map_origin {x: 0, y: 0}; map_size {x, y}: the level's width and height in
                    squares; pixels_per_grid
    line_of_sight   the walls, as polylines of points {x, y} in squares (x right, y down, as the dungeon
                    JSON's cells): straight, 45° and round walls (a round one as short chords); a closed
                    loop ends on its first point
    objects_line_of_sight   empty: nothing but walls blocks sight
    portals         one per door the table opens: position (its middle), bounds (its two ends, on the wall
                    line, where the walls beside it end), rotation (radians, of the line from the first end
                    to the second), closed true, freestanding false
    lights          empty
    environment     baked_lighting false, ambient_light "ffffffff"
    image           the level's picture, a PNG in base64, map_size × pixels_per_grid pixels exactly

The walls are the ones the map draws (``draw_walls.plan_walls``: straight,
45°, round and rough cave walls), with what
each door kind is in a scene as the game says (``offpage.LevelViews.kinds``):
a wall stays wall, a portal is cut out of the wall and written as a portal,
a gap is left open. The picture is the map engine's own drawing of the view,
in the dungeon's map style, at ``PITCH`` points to five feet, rasterised by
PDFium in grey (every map is inked in greys).
"""

from __future__ import annotations

import base64
import json
import math
from dataclasses import dataclass

from .draw_walls import Wall, WallPlan, merge, shown_doors
from .geometry import Edge, Point, across, side_edge, step
from .level import Exit, Floor
from .offpage import GAP, GM_COPY, PORTAL, WALL, LevelViews

FORMAT = 0.3
DEFAULT_PPG = 100
LOWEST_PPG, HIGHEST_PPG = 50, 200
PITCH = 25.0  # pt a five-foot square is drawn at for the picture: a mark at its full size, walls bold
ARC_STEP = math.radians(7.5)  # a round wall's chords are at most this much of its circle
PLACES = 4  # decimals of a square kept in the file
AMBIENT = "ffffffff"
PNG_LEVEL = 6  # zlib effort for the picture: a scene file is downloaded and kept, so smaller pays


@dataclass(frozen=True)
class Portal:
    """A door of the scene: its two ends, in squares."""

    a: Point
    b: Point
    closed: bool = True

    @property
    def position(self) -> Point:
        return ((self.a[0] + self.b[0]) / 2, (self.a[1] + self.b[1]) / 2)

    @property
    def rotation(self) -> float:
        return math.atan2(self.b[1] - self.a[1], self.b[0] - self.a[0])


@dataclass(frozen=True)
class Scene:
    walls: list[list[Point]]  # polylines
    portals: list[Portal]


def scene(views: LevelViews, which: str, placed=None) -> Scene:
    """The walls and portals of a copy of the level (``which``: offpage.GM_COPY or PLAYERS_COPY).
    ``placed``: where the copy's map put its door glyphs (its ``draw.map_layout``), when it is drawn."""
    from . import draw

    gm = which == GM_COPY
    copy = views.copy(which)
    level, rule, symbols, content = views.level, views.rule, copy.symbols, copy.content
    if placed is None:
        placed = draw.map_layout(level, symbols, rule, content, copy.view, PITCH)
    doors = shown_doors(level.areas, content.doors, copy.view)
    role = {id(exit_): views.role(exit_, gm) for exit_, _ in doors}
    found = content.walls(level.areas, rule, doors, symbols, lambda exit_: role[id(exit_)] == WALL)
    drawn = {area.number for area in level.areas}
    floor = Floor(level.areas)
    edges: set[Edge] = {wall.edge for wall in found.straight} | set(found.extra)
    cut: set[Edge] = set()
    closed: set[Edge] = set()
    pieces: list[list[Point]] = []
    portals: list[Portal] = []
    for exit_, owner in doors:
        if exit_.inside or (exit_.far_side and exit_.to in drawn):
            continue
        kind_role = role[id(exit_)]
        segment = symbols.doors[exit_.kind].segment
        if owner is None:  # a way in from beyond the map: the scene ends at the map's edge
            closed |= {side_edge(cell, side) for cell, side in exit_.units}
        if segment is None and not rule.gap and kind_role != WALL:
            cut |= {side_edge(cell, side) for cell, side in exit_.units}  # its glyph stood over the wall
        if kind_role != WALL:
            closed |= _closed_ends(exit_, kind_role, rule, found)
        if kind_role == GAP and not rule.gap:
            closed |= _rock_beyond(exit_, floor, found)
        if kind_role != PORTAL:
            continue
        if segment is not None or exit_.side % 2:  # along its wall; a door in a 45° wall takes its unit
            portals.append(Portal(*_span(exit_, found)))
        else:
            line = placed.doors.get(id(exit_))
            if line is None or not line.walled:
                continue  # a door the map shows standing free in the floor closes nothing
            half = 0.5
            ends = ((line.x, line.y - half), (line.x, line.y + half)) if line.upright else \
                ((line.x - half, line.y), (line.x + half, line.y))
            portals.append(Portal(*ends))
    straight = {edge for edge in closed if edge[0][0] == edge[1][0] or edge[0][1] == edge[1][1]}
    pieces += [list(edge) for edge in merge((edges - cut) | straight)]
    pieces += [list(edge) for edge in _lines(sorted(set(found.diagonal) | (closed - straight)))]
    pieces += [line for cave in found.caves for line in cave.lines]  # rough cave walls, as the map draws them
    pieces += [list(edge) for edge in found.round_sides]
    for area in found.shaped.values():
        if area.shape.curved:
            pieces += _round_walls(area, found.opened)
    return Scene(_chained(pieces), portals)


def _closed_ends(exit_: Exit, role: str, rule, found: WallPlan) -> set[Edge]:
    """Walls that close a way the map leaves open: the scene ends where the map does, so a way left for the
    table (unexplored) or with no room beyond (blocked) is closed where it leaves the map's floor (a door's
    doorway behind the door; an opening in a shared wall across it); and a doorway the map leaves as rock
    (a door from a chamber into a notch of itself) is walled at its sides."""
    ended = exit_.leads in ("unexplored", "blocked")
    if rule.gap:
        doorway = step(exit_.at, exit_.side)
        edges = {side_edge(doorway, exit_.side)} if ended else set()
        if doorway not in found.floor:
            edges |= {side_edge(doorway, (exit_.side + turn) % 8) for turn in (2, 6)}
        return edges
    if ended and role == GAP:
        return {side_edge(*unit) for unit in exit_.units}
    return set()


def _rock_beyond(exit_: Exit, floor: Floor, found: WallPlan) -> set[Edge]:
    """The units of an opening between areas with rock beyond them, which the scene closes, or the way
    would lead into the rock: an opening longer than the wall of the area behind it (beyond a straight
    unit a square, beyond a 45° one the other half of its square, that is no area's), or a round room's
    square where the opening does not open its wall (an opening wider than the round room's doorway
    meets a corner of the room's box, outside its circle: rock)."""
    edges = set()
    for unit in exit_.units:
        far = across(*unit)
        if floor.at(*far) is None:
            edges.add(side_edge(*unit))
        area = found.shaped.get(found.floor.get(far[0]))
        if area is not None and area.shape.curved and far not in found.opened:
            edges.add(side_edge(*unit))
    return edges


def _span(exit_: Exit, found: WallPlan) -> tuple[Point, Point]:
    """The stretch of wall a door drawn along its wall takes: from its first unit's corner to its last's,
    or, on a round room's wall, the part its doorway opens."""
    from .draw_shaped import round_span

    if exit_.units[0][1] % 2 == 0:
        for units in (list(exit_.units), exit_.far_units()):
            area = found.shaped.get(found.floor.get(units[0][0]))
            if area is not None and area.shape.curved and all(unit in area.shape.wall_set for unit in units):
                return round_span(area, units)
    units = sorted(exit_.units, key=lambda u: (u[0][1], u[0][0]))
    return side_edge(*units[0])[0], side_edge(*units[-1])[1]


def _lines(edges: list[Edge]) -> list[Edge]:
    """45° unit walls joined where they run on in a line."""
    runs: dict[tuple[int, float], list[tuple[Point, Point]]] = {}
    for a, b in edges:
        a, b = min(a, b), max(a, b)
        slope = 1 if (b[1] - a[1]) > 0 else -1
        runs.setdefault((slope, a[1] - slope * a[0]), []).append((a, b))
    merged = []
    for key in sorted(runs):
        start = end = None
        for a, b in sorted(runs[key]):
            if end is not None and a == end:
                end = b
                continue
            if start is not None:
                merged.append((start, end))
            start, end = a, b
        merged.append((start, end))
    return merged


def _round_walls(area, opened: set) -> list[list[Point]]:
    """A round room's wall as chords of its circle, broken where its doorways open (the straight walls that
    close each doorway are the plan's ``round_sides``, as the map draws them)."""
    from .draw_shaped import round_nook

    cx, cy, r = area.shape.round
    gaps: list[list[float]] = []
    pieces: list[list[Point]] = []
    for unit in area.shape.walls:
        if unit not in opened:
            continue
        nook = round_nook(area, unit)
        start, end = (math.atan2(p[1] - cy, p[0] - cx) for p in (nook[2], nook[-1]))
        low, high = sorted((start, end))
        gaps.append([low, high] if high - low <= math.pi else [high, low + 2 * math.pi])
    if not gaps:
        return [_arc(cx, cy, r, 0.0, 2 * math.pi)]
    merged: list[list[float]] = []
    for gap in sorted(gaps):
        if merged and gap[0] <= merged[-1][1] + 1e-9:
            merged[-1][1] = max(merged[-1][1], gap[1])
        else:
            merged.append(gap)
    for (_, end), (start, _) in zip(merged, merged[1:] + [[merged[0][0] + 2 * math.pi, 0.0]]):
        if start - end > 1e-6:
            pieces.append(_arc(cx, cy, r, end, start))
    return pieces


def _arc(cx: float, cy: float, r: float, start: float, end: float) -> list[Point]:
    count = max(2, math.ceil((end - start) / ARC_STEP))
    return [(cx + r * math.cos(start + (end - start) * k / count), cy + r * math.sin(start + (end - start) * k / count))
            for k in range(count + 1)]


def _key(point: Point) -> tuple[float, float]:
    return (round(point[0], PLACES), round(point[1], PLACES))


def _chained(pieces: list[list[Point]]) -> list[list[Point]]:
    """Pieces of wall joined into polylines where exactly two meet, in a fixed order; a closed loop ends on
    its first point. Points are rounded to ``PLACES`` decimals."""
    lines = [[_key(p) for p in piece] for piece in pieces if len(piece) > 1]
    lines = [line for line in lines if any(p != line[0] for p in line)]
    ends: dict[tuple[float, float], list[int]] = {}
    for index, line in enumerate(lines):
        ends.setdefault(line[0], []).append(index)
        ends.setdefault(line[-1], []).append(index)
    used = [False] * len(lines)

    def walk(index: int, start: tuple[float, float]) -> list[tuple[float, float]]:
        path: list[tuple[float, float]] = []
        point = start
        while True:
            used[index] = True
            line = lines[index] if lines[index][0] == point else lines[index][::-1]
            path += line if not path else line[1:]
            point = line[-1]
            onward = [i for i in ends[point] if not used[i]]
            if len(ends[point]) != 2 or not onward:
                return path
            index = onward[0]

    found = []
    for point in sorted(ends):  # open runs first, from their ends
        if len(ends[point]) != 2:
            for index in ends[point]:
                if not used[index]:
                    found.append(walk(index, point))
    for index in sorted(range(len(lines)), key=lambda i: min(lines[i][0], lines[i][-1])):  # then closed loops
        if not used[index]:
            line = lines[index]
            start = min(line[0], line[-1])
            found.append(walk(index, start))
    return [_straightened(path) for path in found]


def _straightened(path: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Drop the points where a polyline runs straight on."""
    kept = [path[0]]
    for before, point, after in zip(path, path[1:], path[2:]):
        ax, ay, bx, by = point[0] - before[0], point[1] - before[1], after[0] - point[0], after[1] - point[1]
        if abs(ax * by - ay * bx) > 1e-9 or ax * bx + ay * by < 0:  # a corner, or a turn back
            kept.append(point)
    kept.append(path[-1])
    return kept


# --- the file ----------------------------------------------------------------------------------


def picture(views: LevelViews, which: str, ppg: int, code, comment: str = "") -> tuple[bytes, object]:
    """The copy's picture, drawn by the map engine (``PITCH`` points to five feet) and rasterised to a grey
    PNG of exactly the level's squares × ``ppg`` pixels; and where its map put everything."""
    from ..render import raster
    from ..render.canvas import new_document
    from . import draw

    copy = views.copy(which)
    level = views.level
    pitch = PITCH * views.square_feet / 5
    width, height = level.width * pitch, level.height * pitch
    doc = new_document(code, views.title, (width, height))
    region = draw.Region(0, height, pitch, level.width, level.height)
    placed = draw.draw_level(doc.canvas, region, level, copy.symbols, views.rule, copy.content, copy.view, (0, 0),
                             views.style)
    doc.canvas.showPage()
    pdf = doc.finish()
    pixels = (level.width * ppg, level.height * ppg)
    [png] = raster.png_pages(pdf, [pixels], None, comment=comment, grey=True, level=PNG_LEVEL)
    return png, placed


def dd2vtt(views: LevelViews, which: str, ppg: int, code, comment: str = "") -> bytes:
    """The Universal VTT file of a copy of the level, as JSON text."""
    png, placed = picture(views, which, ppg, code, comment)
    data = scene_data(views, which, ppg, placed)
    data["image"] = base64.b64encode(png).decode("ascii")
    return (json.dumps(data, ensure_ascii=True, separators=(",", ":")) + "\n").encode("ascii")


def scene_data(views: LevelViews, which: str, ppg: int = DEFAULT_PPG, placed=None) -> dict:
    """The file's fields but its picture: the scene's size, walls, portals, lights and environment."""
    found = scene(views, which, placed)
    level = views.level

    def xy(point: Point) -> dict[str, float]:
        return {"x": _number(point[0]), "y": _number(point[1])}

    return {
        "format": FORMAT,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": level.width, "y": level.height},
                       "pixels_per_grid": ppg},
        "line_of_sight": [[xy(p) for p in line] for line in found.walls],
        "objects_line_of_sight": [],
        "portals": [{"position": xy(portal.position), "bounds": [xy(portal.a), xy(portal.b)],
                     "rotation": round(portal.rotation, 6), "closed": portal.closed, "freestanding": False}
                    for portal in found.portals],
        "lights": [],
        "environment": {"baked_lighting": False, "ambient_light": AMBIENT},
    }


def _number(value: float) -> float | int:
    value = round(value, PLACES)
    return int(value) if value == int(value) else value


def file_name(number: int, which: str) -> str:
    """level-01.dd2vtt for the players, level-01-gm.dd2vtt for the game master."""
    return f"level-{number:02d}{'-gm' if which == GM_COPY else ''}.dd2vtt"


__all__ = ["scene", "picture", "dd2vtt", "file_name", "Scene", "Portal", "FORMAT", "DEFAULT_PPG", "PITCH",
           "WALL", "PORTAL", "GAP", "Wall"]
