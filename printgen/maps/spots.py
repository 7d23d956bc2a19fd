"""Where everything on a map goes besides its walls: door glyphs, numbers, marks, notes, callouts.

Every glyph and every word gets a box (in squares) and no box covers
another: the doors' glyphs on their walls first, then the doors standing
inside areas, the marks on walls, the loose marks (a way in), a "?" beyond
each unexplored exit and rubble beyond a blocked one; then each area's
number and marks, each in a square of its own, clear of all of those and
inside its walls. An area with fewer free squares than things to show keeps
its marks in its squares and shows its number (and any marks left over) in
a callout: a small box on the rock beside it, with a leader to its wall.
An area with notes (words under its number) has them placed on its floor by
``draw_notes``, its marks then where the floor is still free.

``layout`` gives all of it for one view of a level; the drawing draws it
and the tests read it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from ..render import fonts
from ..render import text as text_engine
from .adjacency import Adjacency
from .caves import Cave
from .draw_notes import (
    INSIDE_SCALE,
    MIN_NUMBER,
    WALL_REACH,
    Floor,
    NoteLine,
    door_boxes,
    inside_places,
    largest_number,
    note_lines,
)
from .draw_walls import BLANK, GM, DoorLine, door_line, shown_doors, wall_corners
from .geometry import Cell, Point, side_edge
from .level import Area, Exit, Level
from .symbols import Symbols

MARK_SCALE = 0.8  # a mark is this much of a square across
MARK_MOST = 20.0  # pt: a mark on a small square is never larger; on larger squares it grows with the root
SMALLEST_MARK = 0.62  # of a square: a mark beside a door in its square shrinks no further
UNEXPLORED_SIZE = 0.6  # of a square: the "?" beyond an unexplored exit
RUBBLE_SIZE = 0.8  # of a square: the stones beyond a blocked one
LABEL_HEIGHT = 0.66  # of a square: an area number's box
CLEAR = 0.06  # squares between a box in a callout or on the floor and a wall

Box = tuple[float, float, float, float]  # left, top, right, bottom, in squares

LABEL, MARK, DOOR, INSIDE, WALL_MARK, LOOSE, PLAYERS, UNEXPLORED, RUBBLE, NOTE = (
    "label", "mark", "door", "inside", "wall-mark", "loose", "players", "unexplored", "rubble", "note")
LABEL_MOST = 22.0  # pt: an area number's box on a small square; on larger squares it grows with the root
INSIDE_KIND = "inside:"  # a callout's kind for a door standing inside its area: "inside:" and the door's kind
INSIDE_CALLED = 0.6  # of a mark's size: such a door's glyph in a callout


@dataclass(frozen=True)
class Spot:
    kind: str  # "label" or a mark kind
    x: float  # centre, in squares
    y: float
    scale: float  # 1: a whole square; 0.5: a quarter


def area_spots(area: Area, marks: list[str]) -> list[Spot]:
    """The label first, then each mark, at the centres of distinct squares (or quarters), by the area's
    shape alone (``layout`` also keeps them clear of doors and other marks)."""
    cells = sorted(area.cells)
    door_cells = {e.at for e in area.exits if e.at is not None}
    cx = sum(c[0] for c in cells) / len(cells) + 0.5
    cy = sum(c[1] for c in cells) / len(cells) + 0.5

    def closeness(cell: Cell) -> tuple[bool, float, Cell]:
        return (cell in door_cells, (cell[0] + 0.5 - cx) ** 2 + (cell[1] + 0.5 - cy) ** 2, cell)

    ordered = sorted(cells, key=closeness)
    wanted = ["label"] + list(marks)
    if len(ordered) >= len(wanted):
        chosen = _spread(ordered, len(wanted))
        return [Spot(kind, x + 0.5, y + 0.5, 1.0) for kind, (x, y) in zip(wanted, chosen)]
    quarters = [(x + qx, y + qy) for x, y in ordered for qx, qy in ((0.25, 0.25), (0.75, 0.75), (0.75, 0.25), (0.25, 0.75))]
    return [Spot(kind, x, y, 0.5) for kind, (x, y) in zip(wanted, quarters)]


def _spread(ordered: list[Cell], count: int) -> list[Cell]:
    """``count`` squares, nearest the middle first, skipping squares beside one already taken while others remain."""
    chosen: list[Cell] = []
    for cell in ordered:
        if len(chosen) == count:
            break
        if all(max(abs(cell[0] - c[0]), abs(cell[1] - c[1])) > 1 for c in chosen):
            chosen.append(cell)
    for cell in ordered:
        if len(chosen) == count:
            break
        if cell not in chosen:
            chosen.append(cell)
    return chosen


# --- the whole layout -------------------------------------------------------------------------


@dataclass(frozen=True)
class Placed:
    """A glyph or a word on the map: what it is, its centre and size (squares across) and its box."""

    role: str  # LABEL, MARK, DOOR, ...
    kind: str  # the mark's or door's kind, or the label's text
    x: float
    y: float
    size: float
    box: Box
    area: int | None = None
    exit: int | None = None  # for a "?" or rubble: which of its area's exits it stands beyond


@dataclass(frozen=True)
class Callout:
    """An area's number (and marks) in a box on the rock beside it, a leader running to its wall."""

    area: int
    box: Box
    items: tuple[Placed, ...]  # the number first, then marks
    leader: tuple[Point, Point]  # from the box's edge into the area, to the dot on its floor
    crossing: bool = False  # no place near had a leader clear of other areas: this one crosses one
    through: Point | None = None  # where the leader crosses the area's wall

    @property
    def end(self) -> tuple[Point, Point]:
        """Where the leader crosses the area's wall, and its dot."""
        return self.through or self.leader[1], self.leader[1]


@dataclass
class Layout:
    placed: list[Placed] = field(default_factory=list)
    callouts: list[Callout] = field(default_factory=list)
    notes: dict[int, list[NoteLine]] = field(default_factory=dict)
    left_out: list[tuple[int, str]] = field(default_factory=list)  # (area, mark) no room on the map, the key has
    doors: dict[int, DoorLine] = field(default_factory=dict)  # id(exit) → the wall line its glyph is on
    inside: dict[int, tuple[float, float, float]] = field(default_factory=dict)  # id(exit) → centre, size
    least_number: float = MIN_NUMBER  # pt: the least an area number prints at (an overview's: MIN_TEXT_PT)

    def boxes(self, *roles: str) -> list[Placed]:
        """Everything placed in these roles (all when none), callouts' items and notes' lines too."""
        found = [p for p in self.placed if not roles or p.role in roles]
        for callout in self.callouts:
            found += [p for p in callout.items if not roles or p.role in roles]
        if not roles or NOTE in roles or LABEL in roles:
            for area, lines in self.notes.items():
                for index, line in enumerate(lines):
                    role = LABEL if index == 0 else NOTE
                    if not roles or role in roles:
                        found.append(Placed(role, line.text, 0, 0, line.size, line.box, area))
        return found


def overlaps(a: Box, b: Box, slack: float = 0.0) -> bool:
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


def grown(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def centred(x: float, y: float, half_w: float, half_h: float | None = None) -> Box:
    half_h = half_w if half_h is None else half_h
    return (x - half_w, y - half_h, x + half_w, y + half_h)


def mark_size(pitch: float) -> float:
    """A mark's size in squares: most of a square, up to ``MARK_MOST`` points, or on a large square as
    the square's root grows (29 pt on an inch: large enough to read, small enough to leave the floor
    to the miniatures)."""
    return min(MARK_SCALE, max(MARK_MOST, 3.4 * math.sqrt(pitch)) / pitch)


def label_square(pitch: float) -> float:
    """The square an area number's box is drawn for, in squares: one, up to ``LABEL_MOST`` points, or on a
    large square as its root grows (a number of 14 pt on a half-inch square, of 20 pt on an inch)."""
    return min(1.0, max(LABEL_MOST, 4.7 * math.sqrt(pitch)) / pitch)


def label_box_size(text: str, pitch: float, scale: float = 1.0, least: float = MIN_NUMBER) -> tuple[float, float]:
    """Width and height, in squares, of an area number's box (as draw.draw_label draws it), drawn for
    ``scale`` of its square."""
    _, width, height = label_extent(text, pitch * label_square(pitch) * scale, least)
    return width / pitch, height / pitch


def label_font(text: str, size: float, least: float = MIN_NUMBER) -> float:
    """The font size of an area number in a box ``size`` points across: never under ``least`` (MIN_NUMBER; on
    an overview, a battle map's assembly page, where numbers are a guide and not read at the table,
    MIN_TEXT_PT: as its square allows)."""
    return max(least, size * _figures_share(text))


def _figures_share(text: str) -> float:
    return 0.55 if len(text) < 2 else 0.5


LABEL_WIDEST = 0.87  # of its square: an area number's box, clear of the walls (CLEAR and a wall's stroke)
LABEL_PAD = 1.6  # pt: the least room beside an area number's figures in its box


def label_extent(text: str, size: float, least: float = MIN_NUMBER) -> tuple[float, float, float]:
    """An area number drawn for a square ``size`` points across (never under ``least``): its font size, and its
    box's width and height in points (the figures and a little room, within most of the square while that
    holds them)."""
    font = label_font(text, size, least)
    figures = text_engine.measure(text, fonts.SERIF_BOLD, font)
    width = max(figures + LABEL_PAD, min(size * LABEL_WIDEST, figures + font * 0.4))
    height = max(font * 1.05, min(size * 0.92, font * 1.2))
    return font, width, height


def door_extent(symbol, pitch: float, secret: bool) -> tuple[float, float]:
    """Half a door glyph's length along its wall and half its depth across, in squares."""
    from . import glyphs

    glyph = glyphs.secret if secret else symbol.glyph
    extent = getattr(glyph, "extent", None)
    along, across = extent(pitch) if extent is not None else (0.45 * pitch, 0.2 * pitch)
    return along / pitch, across / pitch


class Taken:
    """The boxes placed so far, found by the squares they touch."""

    def __init__(self) -> None:
        self.boxes: list[Box] = []
        self._by_square: dict[Cell, list[Box]] = {}

    def add(self, box: Box) -> None:
        self.boxes.append(box)
        for square in _squares(box):
            self._by_square.setdefault(square, []).append(box)

    def remove(self, box: Box) -> None:
        self.boxes.remove(box)
        for square in _squares(box):
            self._by_square[square].remove(box)

    def hits(self, box: Box, slack: float = 0.0) -> bool:
        """Whether ``box`` overlaps any box placed (``overlaps``, by ``slack``)."""
        left, top, right, bottom = box
        by_square = self._by_square
        if not by_square:
            return False
        for x in range(math.floor(left), math.floor(right) + 1):  # a plain loop: every place of every glyph asks
            for y in range(math.floor(top), math.floor(bottom) + 1):
                for other in by_square.get((x, y), ()):
                    if left < other[2] - slack and other[0] < right - slack and top < other[3] - slack \
                            and other[1] < bottom - slack:
                        return True
        return False

    def near(self, box: Box) -> list[Box]:
        found = {id(b): b for square in _squares(box) for b in self._by_square.get(square, ())}
        return list(found.values())

    def __iter__(self):
        return iter(self.boxes)


def _squares(box: Box) -> list[Cell]:
    return [(x, y) for x in range(math.floor(box[0]), math.floor(box[2]) + 1)
            for y in range(math.floor(box[1]), math.floor(box[3]) + 1)]


def layout(level: Level, symbols: Symbols, rule: Adjacency, content, view: str, pitch: float,
           shown: tuple[float, float, float, float] | None = None, least_number: float = MIN_NUMBER) -> Layout:
    """Every door glyph, inside door, mark, number, note and callout of ``view`` of ``level``, each with its
    box. ``shown``: the squares the map shows (left, top, right, bottom), where callouts may go.
    ``least_number``: the least an area number prints at (Layout.least_number)."""
    result = Layout(least_number=least_number)
    areas = level.areas if view != BLANK else [level.area(n) for n in content.shown_on_blank]
    doors = shown_doors(areas, content.doors if view != BLANK else [], view if view != BLANK else "layout")
    plan = content.walls(areas, rule, doors, symbols)
    floor = plan.floor
    shaped = set(plan.shaped)
    caves = {cave.number: cave for cave in plan.caves}
    edges = {w.edge for w in plan.units}
    corners = wall_corners(edges)
    for area in areas:
        if area.number in shaped:
            corners |= {p for unit in area.shape.walls for p in side_edge(*unit)}
    drawn = {a.number for a in areas}
    taken = Taken()
    if shown is None:
        shown = (min(0, *(c[0] for c in floor)) - 2 if floor else 0, min(0, *(c[1] for c in floor)) - 2 if floor else 0,
                 level.width + 2, level.height + 2)

    def put(placed: Placed) -> None:
        result.placed.append(placed)
        taken.add(placed.box)

    def take_back(placed: Placed) -> None:
        result.placed.remove(placed)
        taken.remove(placed.box)

    # Doors drawn as one glyph, on their wall lines; doors along their walls take a band of the wall.
    for exit_, owner in doors:
        if exit_.inside or (exit_.far_side and exit_.to in drawn):
            continue
        symbol = symbols.doors[exit_.kind]
        if symbol.segment is not None:
            if exit_.secret and view != GM:
                continue
            shown_symbol = symbols.secret_symbol(exit_.kind) if exit_.secret else symbol
            for box in _segment_boxes(exit_, shown_symbol.segment, pitch):
                put(Placed(DOOR, exit_.kind, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, 0, box, owner))
            continue
        line = door_line(exit_, rule, edges, corners, floor)
        result.doors[id(exit_)] = line
        if exit_.kind == "open" and not (exit_.secret and view == GM):
            continue
        along, across = door_extent(symbol, pitch, exit_.secret and view == GM)
        half_w, half_h = (across, along) if line.upright else (along, across)
        put(Placed(DOOR, exit_.kind, line.x, line.y, 0, centred(line.x, line.y, half_w, half_h), owner))
    # Doors standing inside areas (stairs, teleporters); where they crowd an area with words under its number
    # (its floor a square, two or more of them, or one drawn smaller than the rest), they go beside its number
    # in a callout instead.
    called_inside: dict[int, list[str]] = {}
    for area in areas:
        if any(e.inside for e in area.exits):
            left, top, right, bottom = area.shape.box
            found = inside_places(area, taken.near((left, top, right + 1, bottom + 1)))
            if view == GM and content.notes.get(area.number) is not None and (
                    (len(area.cells) == 1 and len(found) >= 2) or any(size < INSIDE_SCALE - 1e-6 for *_, size in found)):
                called_inside[area.number] = [INSIDE_KIND + exit_.kind for exit_, _, _ in found]
                continue
            for exit_, (x, y), inside_size in found:
                result.inside[id(exit_)] = (x, y, inside_size)
                put(Placed(INSIDE, exit_.kind, x, y, inside_size, centred(x, y, inside_size / 2), area.number))
    if view == GM:
        for kind, cell, side in content.on_walls:
            (x0, y0), (x1, y1) = side_edge(cell, side)
            x, y = (x0 + x1) / 2, (y0 + y1) / 2
            put(Placed(WALL_MARK, kind, x, y, 0.2, centred(x, y, 0.1), None))
    size = mark_size(pitch)
    loose = [(LOOSE, kind, sx, sy) for kind, sx, sy, on_players in content.loose if view == GM or on_players]
    if view != GM:
        loose += [(PLAYERS, kind, sx, sy) for kind, sx, sy in content.players]
    steps = sorted(((dx / 4, dy / 4) for dx in range(-6, 7) for dy in range(-6, 7)),
                   key=lambda d: (math.hypot(*d), d))
    for role, kind, sx, sy in loose:
        # At its place, or the nearest place clear of what is there (a door standing where a pit opens).
        spot = next(((sx + dx, sy + dy, scale) for scale in (1.0, 0.85) for dx, dy in steps
                     if not taken.hits(centred(sx + dx, sy + dy, size * scale / 2))), (sx, sy, 1.0))
        x, y, scale = spot
        put(Placed(role, kind, x, y, size * scale, centred(x, y, size * scale / 2), None))
    if view == GM:
        _beyond_exits(put, take_back, taken, areas, rule, floor, symbols, pitch, result.doors)
        occupied = set(floor)
        for area in areas:
            notes = content.notes.get(area.number)
            marks = content.marks.get(area.number, [])
            if notes is not None:
                _noted_area(result, put, taken, area, notes, marks, pitch, occupied, shown,
                            called_inside.get(area.number, []))
            else:
                _squared_area(result, put, taken, area, marks, pitch, occupied, shown, level, symbols,
                              caves.get(area.number))
    elif view == BLANK:  # the areas the players see first, numbered as on the referee's map
        for area in areas:
            notes, marks = content.notes.get(area.number), content.marks.get(area.number, [])
            if notes is not None:
                _noted_area(result, put, taken, area, notes, marks, pitch, set(floor), shown)
            else:
                _squared_area(result, put, taken, area, marks, pitch, set(floor), shown, level, symbols,
                              caves.get(area.number))
    return result


def _segment_boxes(exit_, segment, pitch: float) -> list[Box]:
    """A door drawn along its wall: a band along each straight unit (posts, ticks, waves reach 0.1 of a
    square off it), small boxes along a 45° one, and the box of what stands across its middle (a letter,
    an S)."""
    boxes = []
    reach = 0.1
    for cell, side in exit_.units:
        (x0, y0), (x1, y1) = side_edge(cell, side)
        inset = 0.08
        if x0 == x1:
            boxes.append((x0 - reach, min(y0, y1) + inset, x0 + reach, max(y0, y1) - inset))
        elif y0 == y1:
            boxes.append((min(x0, x1) + inset, y0 - reach, max(x0, x1) - inset, y0 + reach))
        else:
            for k in range(2, 9):
                x, y = x0 + (x1 - x0) * k / 10, y0 + (y1 - y0) * k / 10
                boxes.append(centred(x, y, 0.06))
    middle = getattr(segment, "middle", None)
    if middle is not None:
        units = sorted(exit_.units, key=lambda u: (u[0][1], u[0][0]))
        a, b = side_edge(*units[0])[0], side_edge(*units[-1])[1]
        half = middle(pitch) / pitch
        boxes.append(centred((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, half))
    return boxes


def _beyond_exits(put, take_back, taken: Taken, areas: list[Area], rule: Adjacency, floor: dict[Cell, int],
                  symbols: Symbols, pitch: float, lines: dict[int, DoorLine]) -> None:
    """A "?" beyond every unexplored exit, touching it: the far side of its doorway (or its wall, where areas
    share one), or its door's glyph where that reaches past the wall, along the whole of a long door and
    across a 45° wall as along a straight one; smaller, or a little aside along the opening, where it must.
    Exits onto one square of rock share one "?" where one ring touches them all, else each has one, all
    as small as they must be to fit. Rubble beyond every blocked door, in the first square past it, or as
    near as is clear of floor and of everything placed, smaller if it must."""
    on_floor_at = floor_test(areas, floor)
    rings: list[tuple[float, float, float, tuple[Point, Point, Point]]] = []  # each "?": centre, radius, opening
    ways: dict[int, tuple[tuple[Point, Point, Point], float]] = {}
    onto: dict[Cell, list[tuple[Area, int, Exit]]] = {}  # the square of rock an exit opens onto: its exits
    for area in areas:
        for index, exit_ in enumerate(area.exits):
            if exit_.at is not None and not exit_.inside and not exit_.far_side and exit_.leads == "unexplored":
                opening = _opening(exit_, rule)
                ways[id(exit_)] = (opening, glyph_reach(exit_, opening, symbols, pitch, lines.get(id(exit_))))
                (ax, ay), (bx, by), (nx, ny) = opening
                onto.setdefault((math.floor((ax + bx) / 2 + nx * 0.5), math.floor((ay + by) / 2 + ny * 0.5)),
                                []).append((area, index, exit_))

    def question(area: Area, index: int, exit_: Exit, chosen: tuple[float, float, float]) -> Placed:
        x, y, size = chosen
        rings.append((x, y, size / 2 * RING, ways[id(exit_)][0]))
        placed = Placed(UNEXPLORED, UNEXPLORED, x, y, size, centred(x, y, size / 2 * RING), area.number, index)
        put(placed)
        return placed

    for group in onto.values():
        first = group[0]
        if len(group) > 1:
            shared = _touching(*ways[id(first[2])], taken, on_floor_at, [ways[id(e)] for _, _, e in group[1:]])
            if shared is not None:
                question(*first, shared)
                continue
            placed = None
            for cap in SIZES:  # each its own, all at a size they fit at together
                tried = []
                for area, index, exit_ in group:
                    chosen = _touching(*ways[id(exit_)], taken, on_floor_at, sizes=[s for s in SIZES if s <= cap])
                    if chosen is None:
                        break
                    tried.append(question(area, index, exit_, chosen))
                if len(tried) == len(group):
                    placed = tried
                    break
                for spot in tried:  # not all fit at this size: take them back
                    take_back(spot)
                    rings.pop()
            if placed is not None:
                continue
        for area, index, exit_ in group:
            opening, reach = ways[id(exit_)]
            chosen = _touching(opening, reach, taken, on_floor_at)
            if chosen is None:
                if any(_ring_touches(ring, opening, reach) for ring in rings):
                    continue  # another exit's "?" touches this one too
                chosen = _near(exit_, rule, taken, floor, SIZES)
                if chosen is None:
                    continue  # no rock clear of the rooms near it (a thin strip beyond a 45° wall): its door says it
            question(area, index, exit_, chosen)
    for area in areas:
        for index, exit_ in enumerate(area.exits):
            if exit_.at is None or exit_.inside or exit_.far_side or exit_.leads != "blocked":
                continue
            if symbols.doors[exit_.kind].segment is not None:
                continue
            chosen = _near(exit_, rule, taken, floor, (RUBBLE_SIZE, 0.65, 0.5))
            if chosen is None:
                x, y = _beyond_square(exit_, rule)
                if taken.hits(centred(x, y, 0.3)):
                    continue  # the rubble of a door beside it stands there already
                chosen = (x, y, 0.5)
            x, y, size = chosen
            put(Placed(RUBBLE, RUBBLE, x, y, size, centred(x, y, size / 2), area.number, index))


SIZES = (UNEXPLORED_SIZE, 0.5, 0.4)  # of a square: a "?" as large as it fits
RING = 0.95  # the "?"'s dashed ring, of its size (glyphs.unexplored)


def _opening(exit_, rule: Adjacency) -> tuple[Point, Point, Point]:
    """Where an exit opens onto the rock beyond it: the two ends of the stretch (its wall, or where rooms
    stand apart the far side of its doorway) and the unit vector out of it, in squares."""
    from .geometry import HEADINGS

    points = []
    for cell, side in exit_.units:
        (ax, ay), (bx, by) = side_edge(cell, side)
        dx, dy = HEADINGS[exit_.through if side % 2 else side]
        shift = rule.gap if not side % 2 else 0
        points += [(ax + dx * shift, ay + dy * shift), (bx + dx * shift, by + dy * shift)]
    side = exit_.units[0][1]
    ox, oy = HEADINGS[side]
    length = math.hypot(ox, oy)
    out = (ox / length, oy / length)
    along = (-out[1], out[0])
    ends = sorted(points, key=lambda p: p[0] * along[0] + p[1] * along[1])
    return ends[0], ends[-1], out


def glyph_reach(exit_, opening: tuple[Point, Point, Point], symbols: Symbols, pitch: float,
                line: DoorLine | None) -> float:
    """How far past its opening an exit's own glyph reaches, in squares (a "?" touching it touches the exit):
    a glyph drawn along the wall, the ticks or the letter across it; a door drawn as one glyph, its depth
    where its line is the opening (where rooms stand apart, a door's line is its area's wall, a doorway
    from the opening, but in a notch it stands where the wall runs on)."""
    symbol = symbols.doors[exit_.kind]
    if symbol.segment is not None:
        middle = getattr(symbol.segment, "middle", None)
        return max(0.1, middle(pitch) / pitch if middle is not None else 0.0)
    if line is None or exit_.kind == "open":
        return 0.0
    (ax, ay), _, (nx, ny) = opening
    if abs((line.x - ax) * nx + (line.y - ay) * ny) > 0.01:
        return 0.0
    return door_extent(symbol, pitch, exit_.secret)[1]


def _touching(opening: tuple[Point, Point, Point], reach: float, taken: Taken, on_floor_at,
              also: Sequence[tuple[tuple[Point, Point, Point], float]] = (), sizes=SIZES
              ) -> tuple[float, float, float] | None:
    """A "?" touching an exit's opening, or its glyph past it: as large as it fits (UNEXPLORED_SIZE, down to
    0.4 of a square), in the middle of the opening, or a little aside along it; None where none does.
    ``also``: other exits' (opening, reach) it must touch as well."""
    (ax, ay), (bx, by), (nx, ny) = opening
    mx, my = (ax + bx) / 2, (ay + by) / 2
    half = math.dist((ax, ay), (bx, by)) / 2
    tx, ty = -ny, nx
    asides = sorted({0.0, *(a for k in (0.15, 0.3, 0.45) for a in (k, -k) if abs(a) <= half)}, key=abs)
    for size in sizes:
        r = size / 2 * RING
        for aside in asides:
            for gap in (0.01, 0.025, 0.04, *(reach + g for g in (0.01, 0.025, 0.04))):
                x = mx + tx * aside + nx * (r + gap)
                y = my + ty * aside + ny * (r + gap)
                if _ring_clear(x, y, r, taken, on_floor_at, square=not (nx and ny)) and all(
                        _ring_touches((x, y, r, None), *way) for way in also):
                    return x, y, size
    return None


def _ring_clear(x: float, y: float, r: float, taken: Taken, on_floor_at, square: bool = True) -> bool:
    """The disc of a "?" lies on the rock, clear of everything placed; ``square``: its whole box does (beyond a
    straight wall; beyond a 45° one the box's corners may reach over it)."""
    if square:
        box = centred(x, y, r)
        corners = [(box[0] + 1e-6, box[1] + 1e-6), (box[2] - 1e-6, box[1] + 1e-6), (box[0] + 1e-6, box[3] - 1e-6),
                   (box[2] - 1e-6, box[3] - 1e-6)]
        return not taken.hits(box) and not any(on_floor_at(px, py) for px, py in corners + [(x, y)])
    points = [(x, y)] + [(x + r * math.cos(k * math.pi / 16), y + r * math.sin(k * math.pi / 16)) for k in range(32)]
    if any(on_floor_at(px, py) for px, py in points):
        return False
    for other in taken.near(centred(x, y, r)):
        nx, ny = min(max(x, other[0]), other[2]), min(max(y, other[1]), other[3])
        if math.hypot(x - nx, y - ny) < r:
            return False
    return True


def _ring_touches(ring, opening: tuple[Point, Point, Point], reach: float) -> bool:
    x, y, r, _ = ring
    (ax, ay), (bx, by), _ = opening
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(x - ax - t * dx, y - ay - t * dy) - r <= reach + 0.06


def floor_test(areas: list[Area], floor: dict[Cell, int]):
    """Whether a point (squares) is on a floor: an area's square, a doorway, or the floor's half of a square
    a 45° wall runs through."""
    from .geometry import half_square
    from .level import Floor as Halves

    halves = Halves(areas).halves

    def on(x: float, y: float) -> bool:
        cell = (math.floor(x), math.floor(y))
        if cell not in floor:
            return False
        cuts = halves.get(cell)
        if not cuts:
            return True
        return any(_in_triangle((x, y), *half_square(cell, cut)) for cut in cuts)
    return on


def _in_triangle(p: Point, a: Point, b: Point, c: Point) -> bool:
    def cross(o, u, v):
        return (u[0] - o[0]) * (v[1] - o[1]) - (u[1] - o[1]) * (v[0] - o[0])
    d1, d2, d3 = cross(a, b, p), cross(b, c, p), cross(c, a, p)
    return not ((d1 < -1e-9 or d2 < -1e-9 or d3 < -1e-9) and (d1 > 1e-9 or d2 > 1e-9 or d3 > 1e-9))


def _beyond_square(exit_, rule: Adjacency) -> Point:
    """The middle of the first square past an exit (past the middle of a long door's far squares)."""
    dx, dy = _heading(exit_)
    if exit_.wall:
        far = exit_.far_cells()
        bx, by = sum(c[0] for c in far) / len(far), sum(c[1] for c in far) / len(far)
    else:
        bx, by = exit_.at[0] + dx * (rule.gap + 1), exit_.at[1] + dy * (rule.gap + 1)
    return bx + 0.5, by + 0.5


def _near(exit_, rule: Adjacency, taken: Taken, floor: dict[Cell, int], sizes) -> tuple[float, float, float] | None:
    """The place nearest the first square past an exit that is clear of floor and of everything placed."""
    dx, dy = _heading(exit_)
    bx, by = _beyond_square(exit_, rule)
    places = [(bx + dx * further - dy * aside, by + dy * further + dx * aside)
              for further in (0, 0.15, 0.3, 1, 2) for aside in (0, 0.4, -0.4, 1, -1)]
    for size in sizes:
        chosen = next(((x, y, size) for x, y in places if not taken.hits(centred(x, y, size / 2))
                       and not on_floor(centred(x, y, size / 2), floor)), None)
        if chosen is not None:
            return chosen
    return None


def _heading(exit_) -> tuple[int, int]:
    from .geometry import HEADINGS

    return HEADINGS[exit_.through]


def on_floor(box: Box, floor: dict[Cell, int] | set[Cell], margin: float = CLEAR) -> bool:
    """Whether any of ``box`` (grown by ``margin``) lies on a floor square."""
    left, top, right, bottom = grown(box, margin)
    for gx in range(math.floor(left), math.ceil(right)):
        for gy in range(math.floor(top), math.ceil(bottom)):
            if (gx, gy) in floor:
                return True
    return False


# Where a mark or a number tries to stand in its square, from the middle.
FIT_OFFSETS = ((0, 0), (0.08, 0), (-0.08, 0), (0, 0.08), (0, -0.08), (0.08, 0.08), (-0.08, 0.08), (0.08, -0.08),
               (-0.08, -0.08))


@lru_cache(maxsize=64)
def _fit_scales(smallest: float) -> tuple[float, ...]:
    """The scales a box tries in its square, largest first, none under ``smallest``."""
    return tuple(scale for scale in sorted({1.0, 0.9, 0.8, max(smallest, 0.7)}, reverse=True) if scale >= smallest)


def _squared_area(result: Layout, put, taken: Taken, area: Area, marks: list[str], pitch: float,
                  occupied: set[Cell], shown, level: Level, symbols: Symbols, cave: Cave | None = None) -> None:
    """An area's number and marks, each in a square of its own clear of everything placed (and, in a cave,
    of its rough wall); what does not fit goes in a callout (the number first, so the marks keep their
    place in the area)."""
    wall_clear = max(CLEAR, WALL_REACH / pitch)
    text = str(area.number)
    least = result.least_number
    label_w, label_h = label_box_size(text, pitch, least=least)
    size = mark_size(pitch)
    cuts = dict(area.shape.cuts)
    cells = [c for c in sorted(area.cells) if c not in cuts]
    if area.shape.curved:
        cx0, cy0, r = area.shape.round
        cells = [c for c in cells if math.dist((c[0] + 0.5, c[1] + 0.5), (cx0, cy0)) <= r - 0.7]
    door_cells = {e.at for e in area.exits if e.at is not None}
    mx = sum(c[0] for c in area.cells) / len(area.cells) + 0.5
    my = sum(c[1] for c in area.cells) / len(area.cells) + 0.5
    ordered = sorted(cells, key=lambda c: (c in door_cells, (c[0] + 0.5 - mx) ** 2 + (c[1] + 0.5 - my) ** 2, c))

    hits = taken.hits

    def fit(cell: Cell, half_w: float, half_h: float, smallest: float, sized=None) -> tuple[float, float, float] | None:
        """Where in ``cell`` a box fits clear of everything taken: (x, y, scale); ``sized(scale)``: its half
        width and height at a scale, when not in proportion (an area's number, never under MIN_NUMBER)."""
        x0, y0 = cell
        low_x, high_x, low_y, high_y = x0 + CLEAR, x0 + 1 - CLEAR, y0 + CLEAR, y0 + 1 - CLEAR
        for scale in _fit_scales(smallest):
            w, h = sized(scale) if sized is not None else (half_w * scale, half_h * scale)
            for ox, oy in FIT_OFFSETS:  # every square of every area tries these: centred() written out
                x, y = x0 + 0.5 + ox, y0 + 0.5 + oy
                box = (x - w, y - h, x + w, y + h)
                if box[0] < low_x or box[2] > high_x or box[1] < low_y or box[3] > high_y:
                    continue
                if not hits(box) and (cave is None or cave.holds(box, wall_clear)):
                    return x, y, scale
        return None

    smallest = min(1.0, SMALLEST_MARK / size)  # a mark smaller than that already keeps its size
    free = [c for c in ordered if fit(c, size / 2, size / 2, smallest) is not None]
    # The number goes in the first square (nearest the middle) that holds it: found only as far as that one.
    def label_half(scale: float) -> tuple[float, float]:
        w, h = label_box_size(text, pitch, scale, least)
        return w / 2, h / 2

    floor = Floor(area)

    def label_at(least: float) -> tuple[float, float, float] | None:
        """Where the number stands: in a square of its own nearest the middle, else across squares (nearest
        the middle, clear of the walls and of everything placed), at ``least`` of its size or more."""
        spot = next((found for c in ordered if (found := fit(c, 0, 0, least, label_half)) is not None), None)
        if spot is not None:
            return spot
        left, top, right, bottom = area.shape.box
        points = sorted(((left + i / 8, top + j / 8) for i in range(1, 8 * (right + 1 - left))
                         for j in range(1, 8 * (bottom + 1 - top))), key=lambda p: ((p[0] - mx) ** 2 + (p[1] - my) ** 2, p))
        for scale in sorted({1.0, 0.9, 0.8, max(least, 0.7)}, reverse=True):
            if scale < least:
                break
            for x, y in points:
                box = centred(x, y, *label_half(scale))
                if floor.holds(box, wall_clear) and not taken.hits(box) and (cave is None or cave.holds(box, wall_clear)):
                    return x, y, scale
        return None

    label_spot = label_at(1.0)
    first: Callout | None = None  # where the number's callout would go before the marks have their squares
    dot: Box | None = None
    wanted = ["label"] + list(marks)
    called: list[str] = []
    inside = False  # the number in the area though its marks do not all fit
    # What a callout would hold: the number, and the marks beyond the squares (never one that stands where
    # its thing is: they take the squares first).
    ranked = sorted(marks, key=lambda kind: kind not in symbols.anchored)
    beyond = ["label"] + [kind for kind in ranked[len(free):] if kind not in symbols.anchored]
    if (len(free) < len(wanted) or label_spot is None) and _callout(area, beyond, text, pitch, occupied, taken, shown,
                                                               cave, least=least).crossing:
        # Too few squares for all, and a callout's leader could reach the area only across another: the
        # number stands in the area (smaller if it must, as a mark does, never under MIN_NUMBER), with the
        # marks that fit beside it; the key has them all.
        if label_spot is None:
            label_spot = label_at(min(1.0, least / label_font(text, pitch * label_square(pitch), least)))
        if label_spot is not None:
            room = max(0, len(free) - 1)
            marks = sorted(marks, key=lambda kind: kind not in symbols.anchored)
            result.left_out += [(area.number, kind) for kind in marks[room:]]
            marks, wanted, inside = marks[:room], ["label"] + list(marks[:room]), True
    if (len(free) >= len(wanted) or inside) and label_spot is not None:
        # The number in the free square nearest the middle; the marks spread over the others.
        x, y, scale = label_spot
        put(Placed(LABEL, text, x, y, label_square(pitch) * scale, centred(x, y, *label_half(scale)), area.number))
        label_cell = (math.floor(x), math.floor(y))
        rest = [c for c in free if c != label_cell]
        chosen = _spread([label_cell] + rest, len(marks) + 1)[1:]
    else:
        called.append("label")
        # The marks that stand where their thing is (stairs, a trap, a teleport's landing) take the squares
        # first; the others go beside the number if they must. The dot the callout's leader ends on is kept
        # clear of them.
        marks = sorted(marks, key=lambda kind: kind not in symbols.anchored)
        chosen = _spread(free, min(len(free), len(marks)))
        first = _callout(area, ["label"], text, pitch, occupied, taken, shown, cave, least=least)
        if not first.crossing:
            dot = centred(*first.leader[1], DOT / pitch)
            taken.add(dot)
    # More marks that stand where their thing is than squares for them: each in part of one, smaller.
    quartered = sum(kind in symbols.anchored for kind in marks) > len(chosen)
    for index, kind in enumerate(marks):
        cell = chosen[index] if index < len(chosen) and not (quartered and kind in symbols.anchored) else None
        spot = fit(cell, size / 2, size / 2, smallest) if cell is not None else None
        if spot is None and kind in symbols.anchored:  # in part of a square, half the size or less, if need be
            spot = next(((x, y, scale) for scale in (0.5, 0.42, 0.36) for x, y in _eighths(area, size * scale * 0.55)
                         if not taken.hits(centred(x, y, size * scale / 2))
                         and Floor(area).holds(centred(x, y, size * scale / 2), CLEAR)
                         and (cave is None or cave.holds(centred(x, y, size * scale / 2), wall_clear))), None)
        if spot is None:
            called.append(kind)
            continue
        x, y, scale = spot
        put(Placed(MARK, kind, x, y, size * scale, centred(x, y, size * scale / 2), area.number))
    if dot is not None:
        taken.remove(dot)
    if called:
        callout = _callout(area, called, text, pitch, occupied, taken, shown, cave,
                             None if first is None or first.crossing else [first.end], least=least)
        result.callouts.append(callout)
        taken.add(grown(callout.box, 0.02))


def _eighths(area: Area, off: float) -> list[Point]:
    """Points an eighth of a square apart over an area's squares, nearest first to a ring ``off`` from its
    middle (so small marks placed one after another stand side by side there, the first not taking the
    middle from the rest)."""
    mx = sum(c[0] for c in area.cells) / len(area.cells) + 0.5
    my = sum(c[1] for c in area.cells) / len(area.cells) + 0.5
    points = [(x + i / 8, y + j / 8) for x, y in area.cells for i in range(1, 8) for j in range(1, 8)]
    return sorted(points, key=lambda p: (abs(math.dist(p, (mx, my)) - off), p))


def _callout(area: Area, kinds: list[str], text: str, pitch: float, occupied: set[Cell], taken: Taken,
             shown, cave: Cave | None = None, ends: list[tuple[Point, Point]] | None = None,
             only: bool = False, square: float | None = None, least: float = MIN_NUMBER) -> Callout:
    """A box on the rock near ``area`` holding its number and ``kinds`` of mark, nearest first, clear of
    every floor square and everything placed, its leader running into the area (through the nearest of
    its walls it can reach so, to a dot on its floor) crossing no other area's floor and no glyph; failing
    that anywhere within ten squares, the nearest box, its leader crossing. ``ends``: (wall, dot) the leader
    tries first, kept clear for it (``only``: those alone). ``square``: what the number is drawn for (of a
    square), when not what every number on a map of squares is (an area's number over its notes); ``least``:
    the least its number prints at (Layout.least_number)."""
    square = label_square(pitch) if square is None else square
    label_w, label_h = label_box_size(text, pitch, square / label_square(pitch), least)
    size = mark_size(pitch)
    pad = 0.04
    marks = [k for k in kinds if k != "label"]
    width = pad * 2 + (label_w + pad if "label" in kinds else 0) + sum(size + pad for _ in marks) - pad
    height = max(label_h, size if marks else 0) + pad * 2
    mx = sum(c[0] for c in area.cells) / len(area.cells) + 0.5
    my = sum(c[1] for c in area.cells) / len(area.cells) + 0.5
    # A leader crosses a stretch of wall with no glyph on it (a door another area lists stands in this one's
    # wall too) to a dot on the floor clear of everything placed; an area with a door in every stretch of
    # its wall is entered beside a corner, between two doors.
    if ends and not only:
        kept = _callout(area, kinds, text, pitch, occupied, taken, shown, cave, ends, only=True, square=square,
                        least=least)
        if not kept.crossing:
            return kept
    if not only:
        ends = _leader_ends(area, cave, taken, pitch, False) or _leader_ends(area, cave, taken, pitch, True)
    ends = ends or []
    fallback = ends or [((mx, my), (mx, my))]
    walls = {end: wall for wall, end in ends}
    # Only a stretch of wall with rock beyond can be reached without crossing another area's floor.
    reachable = [end for end in ends if _rock_beyond(end[0], area, occupied)]
    crossing = None  # the nearest place whose leader crosses another area
    for box in _clear_boxes(mx, my, width, height, shown, occupied, taken):
        leaders = _leaders([end for _, end in reachable or fallback], box)
        clear = next((leader for leader in leaders if _leader_clear(leader, area, occupied, taken)), None) \
            if reachable else None
        if clear is not None:
            return replace(_filled(area, box, clear, kinds, text, label_w, size, pad, square),
                           through=walls.get(clear[1]))
        if crossing is None:
            crossing = (box, leaders[0])
            if not reachable:
                break  # no wall with rock beyond: every leader crosses, the nearest will do
    if not only:  # a leader across a door's glyph in the area's own wall, rather than across another area
        through = [end for end in _leader_ends(area, cave, taken, pitch, False, glyphs=False)
                   if _rock_beyond(end[0], area, occupied)]
        if through:
            for box in _clear_boxes(mx, my, width, height, shown, occupied, taken):
                leaders = _leaders([end for _, end in through], box)
                clear = next((leader for leader in leaders if _leader_clear(leader, area, occupied, None)), None)
                if clear is not None:
                    return replace(_filled(area, box, clear, kinds, text, label_w, size, pad, square),
                                   through=dict((e, w) for w, e in through).get(clear[1]))
    if crossing is not None:
        box, leader = crossing
    else:  # nowhere clear: over the area itself
        box = centred(mx, my, width / 2, height / 2)
        leader = ((mx, my), (mx, my))
    return replace(_filled(area, box, leader, kinds, text, label_w, size, pad, square), crossing=True)


def _clear_boxes(mx: float, my: float, width: float, height: float, shown, occupied: set[Cell], taken: Taken
                 ) -> Iterator[Box]:
    """Boxes ``width`` by ``height`` round (mx, my), nearest first, within the ``shown`` part of the level and
    clear of every floor square and everything placed: the nearest PLACES_TRIED of them (a callout's leader
    clear from none of those will be clear from none farther)."""
    left, top, right, bottom = shown
    low_x, low_y, high_x, high_y = left + 0.1, top + 0.1, right - 0.1, bottom - 0.1
    half_w, half_h = width / 2, height / 2
    hits, floor, ceil = taken.hits, math.floor, math.ceil
    tried = 0
    # Up to 6,561 places a callout: centred() and on_floor() written out.
    for ox, oy in AROUND:
        x, y = mx + ox, my + oy
        box = (x - half_w, y - half_h, x + half_w, y + half_h)
        if box[0] < low_x or box[1] < low_y or box[2] > high_x or box[3] > high_y:
            continue
        el, et, er, eb = box[0] - 0.04, box[1] - 0.04, box[2] + 0.04, box[3] + 0.04
        if any((gx, gy) in occupied for gx in range(floor(el), ceil(er)) for gy in range(floor(et), ceil(eb))):
            continue
        if hits(box):
            continue
        tried += 1
        if tried > PLACES_TRIED:
            return
        yield box


INTO = 0.12  # squares a leader runs on past an area's wall, to the dot on its floor
DOT = 1.1  # pt: the dot's radius


def _leader_ends(area: Area, cave: Cave | None, taken: Taken, pitch: float, corners: bool, glyphs: bool = True
                 ) -> list[tuple[Point, Point]]:
    """Where a leader may cross into ``area`` and where it ends: (the point on its wall, the dot on its floor
    ``INTO`` beyond), at the middle of every unit of its wall with no glyph on it (or a little to either
    side); or (``corners``) beside the corners of every unit, where no door's glyph reaches. In a cave, its
    rough wall there. ``glyphs``: False, the wall may hold a door's glyph there, and the dot stand on it (an
    area so full of doors and marks has no other way in).
    """
    from .geometry import boundary_sides

    found = []
    floor = Floor(area)
    for cell, side in boundary_sides(area.cells):
        (ax, ay), (bx, by) = side_edge(cell, side)
        nx, ny = cell[0] + 0.5 - (ax + bx) / 2, cell[1] + 0.5 - (ay + by) / 2  # half a square, inwards
        for t in ((0.08, 0.92) if corners else (0.5, 0.3, 0.7)):
            point = (ax + (bx - ax) * t, ay + (by - ay) * t)
            rough = cave.wall_point(((ax, ay), (bx, by))) if cave is not None and t == 0.5 else None
            if cave is not None and rough is None:
                continue
            wall = rough or point
            end = (wall[0] + nx * 2 * INTO, wall[1] + ny * 2 * INTO)
            dot = centred(*end, DOT / pitch)
            if (glyphs and (taken.hits(centred(*wall, 0.06)) or taken.hits(dot))) or not floor.holds(dot, 0.0):
                continue
            if cave is not None and not cave.holds(dot, 0.0):
                continue
            found.append((wall, end))
    return found


PLACES_TRIED = 120  # places clear of floor and glyphs a callout tries for a leader, nearest first
# Where a callout may stand, nearest its area first: every quarter square up to ten squares off.
AROUND = sorted(((i / 4, j / 4) for i in range(-40, 41) for j in range(-40, 41)), key=lambda d: (math.hypot(*d), d))


def _filled(area: Area, box: Box, leader, kinds: list[str], text: str, label_w: float, size: float,
            pad: float, square: float) -> Callout:
    """The callout's number (drawn for a square of ``square`` squares, as every number is) and marks."""
    items = []
    x = box[0] + pad
    cy = (box[1] + box[3]) / 2
    label_h = box[3] - box[1] - 2 * pad
    if "label" in kinds:
        items.append(Placed(LABEL, text, x + label_w / 2, cy, square, centred(x + label_w / 2, cy, label_w / 2,
                                                                           min(label_h, size) / 2), area.number))
        x += label_w + pad
    for kind in kinds:
        if kind == "label":
            continue
        if kind.startswith(INSIDE_KIND):  # a door standing inside the area, drawn as in it, a little larger
            door, drawn = kind[len(INSIDE_KIND):], size * INSIDE_CALLED
            items.append(Placed(INSIDE, door, x + size / 2, cy, drawn, centred(x + size / 2, cy, drawn / 2),
                                area.number))
        else:
            items.append(Placed(MARK, kind, x + size / 2, cy, size, centred(x + size / 2, cy, size / 2), area.number))
        x += size + pad
    return Callout(area.number, box, tuple(items), leader)


LEADERS_TRIED = 6  # the nearest middles of an area's walls a callout's leader may run to


def _leaders(middles: list[Point], box: Box) -> list[tuple[Point, Point]]:
    """Leaders from the middle of the box's side nearest each to the nearest ``middles`` (dots on the
    area's floor), shortest first."""
    bx, by = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    ends = sorted(middles, key=lambda p: (math.dist(p, (bx, by)), p))[:LEADERS_TRIED]
    starts = [((box[0] + box[2]) / 2, box[1]), ((box[0] + box[2]) / 2, box[3]), (box[0], by), (box[2], by)]
    return [(min(starts, key=lambda p: (math.dist(p, end), p)), end) for end in ends]


def _rock_beyond(middle: Point, area: Area, occupied: set[Cell]) -> bool:
    """Whether the square just outside the wall at ``middle`` is rock (not another area's floor)."""
    x, y = middle
    for dx, dy in ((0.3, 0), (-0.3, 0), (0, 0.3), (0, -0.3)):
        cell = (math.floor(x + dx), math.floor(y + dy))
        if cell not in area.cells and cell not in occupied:
            return True
    return False


def _leader_clear(leader: tuple[Point, Point], area: Area, occupied: set[Cell], taken: Taken | None) -> bool:
    """The leader crosses no other floor and no glyph (none of ``taken``; None: the floors alone) on its way
    to the dot on its area's floor."""
    (x0, y0), (x1, y1) = leader
    length = math.dist(leader[0], leader[1])
    count = max(2, int(length * 8))
    cells = area.cells
    if (math.floor(x0), math.floor(y0)) in occupied and (math.floor(x0), math.floor(y0)) not in cells:
        return False
    for cell in _crossed((x0, y0), (x1, y1)):  # the floors first: a lookup each
        if cell in occupied and cell not in cells:
            return False
    if taken is None:
        return True
    points = [(x0 + (x1 - x0) * k / count, y0 + (y1 - y0) * k / count) for k in range(1, count)]  # clear of floors
    return not any(taken.hits((x - 0.01, y - 0.01, x + 0.01, y + 0.01)) for x, y in points)


def _crossed(a: Point, b: Point) -> list[Cell]:
    """Every square the segment a-b passes through (touching a corner counts as passing)."""
    (x0, y0), (x1, y1) = a, b
    found = {(math.floor(x0), math.floor(y0)), (math.floor(x1), math.floor(y1))}
    dx, dy = x1 - x0, y1 - y0
    # Where it crosses each grid line, the squares either side of the crossing.
    for lo, hi, d, start, along in ((min(x0, x1), max(x0, x1), dx, x0, 0), (min(y0, y1), max(y0, y1), dy, y0, 1)):
        for line in range(math.floor(lo) + 1, math.ceil(hi)):
            t = (line - start) / d
            other = (y0 + dy * t) if along == 0 else (x0 + dx * t)
            for o in {math.floor(other - 1e-9), math.floor(other + 1e-9)}:
                found |= {(line - 1, o), (line, o)} if along == 0 else {(o, line - 1), (o, line)}
    return sorted(found)


def _noted_area(result: Layout, put, taken: Taken, area: Area, notes: list[str], marks: list[str],
                pitch: float, occupied: set[Cell] | None = None, shown=None, inside: Sequence[str] = ()) -> None:
    """An area whose number has words under it: the block where the floor is free (draw_notes), then
    each mark on the floor where it still is; if a mark finds no room, the marks first and the block
    where it then fits (perhaps the number alone); a mark with no room even so goes in a callout. With
    ``inside`` (the doors standing in it, too many for its floor), its number and those doors go in a
    callout, and its marks where the floor has room."""
    left, top, right, bottom = area.shape.box
    around = (left - 0.5, top - 0.5, right + 1.5, bottom + 1.5)
    size = mark_size(pitch)
    floor = Floor(area)
    avoid = door_boxes(area, 0.0)
    grid: list[Point] = []  # where a mark may stand, nearest the top left first: sorted once there is a mark

    def place_marks(blocked: list[Box]) -> list[Placed | None]:
        spots: list[Placed | None] = []
        if marks and not grid:
            grid.extend(sorted(((left + i / 8, top + j / 8) for i in range(1, 8 * (right + 1 - left))
                                for j in range(1, 8 * (bottom + 1 - top))), key=lambda p: (p[0] + p[1], p)))
        for kind in marks:
            spot = None
            for scale in (1.0, 0.8, 0.6, 0.45):
                for x, y in grid:
                    box = centred(x, y, size * scale / 2)
                    if (floor.holds(box, 0.06) and not taken.hits(box)
                            and not any(overlaps(box, a) for a in avoid + blocked)):
                        spot = Placed(MARK, kind, x, y, size * scale, box, area.number)
                        break
                if spot is not None:
                    break
            spots.append(spot)
            if spot is not None:
                blocked = blocked + [spot.box]
        return spots

    lines = note_lines(area, notes, pitch, extra=taken.near(around)) if not inside else []
    spots = place_marks([line.box for line in lines])
    if None in spots and not inside:
        first = place_marks([])
        if None not in first:
            spots = first
            lines = note_lines(area, notes, pitch, extra=taken.near(around) + [p.box for p in first])
    if lines:
        result.notes[area.number] = lines
    for line in lines:
        taken.add(line.box)
    for spot in spots:
        if spot is not None:
            put(spot)
    left_over = [kind for kind, spot in zip(marks, spots) if spot is None]
    if not lines:  # no room on the floor even for the number: in a callout, as large as the others
        left_over = ["label", *inside] + left_over
    if left_over:
        text = str(area.number)
        square = largest_number(pitch) / _figures_share(text) / pitch
        callout = _callout(area, left_over, text, pitch, occupied or set(), taken,
                           shown or (left - 3, top - 3, right + 4, bottom + 4), square=square,
                           least=result.least_number)
        result.callouts.append(callout)
        taken.add(grown(callout.box, 0.02))
