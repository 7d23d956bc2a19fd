"""Area shapes as masks of cells: rooms of every form, and banded passages.

A Shape is a set of cells in its own frame, plus where it may be entered and
where it opens on by itself (a passage's far ends). Placing it is a
translation (see placement.py); its walls are computed from its cells
(geometry.outline), so what is drawn is exactly what is occupied.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

from ..seed import Rng
from .geometry import (
    HEADINGS,
    SIDES,
    Cell,
    Point,
    boundary_sides,
    bounds,
    components,
    floor_outline,
    rotate_cells,
    step,
    translate,
    turn,
)


@dataclass(frozen=True)
class Opening:
    """A way on that the shape itself has: the door sits on ``side`` of ``cell``; travel goes on ``heading``."""

    cell: Cell
    side: int
    heading: int

    def moved(self, dx: int, dy: int) -> Opening:
        return Opening((self.cell[0] + dx, self.cell[1] + dy), self.side, self.heading)


@dataclass(frozen=True)
class Shape:
    kind: str  # rectangle, hallway, triangle, circle, polyomino, passage
    cells: frozenset[Cell]
    entries: tuple[tuple[Cell, int], ...]  # (cell, heading into the shape) where a door may let one in
    openings: tuple[Opening, ...] = ()  # a passage's own far ends, in order
    round: tuple[float, float, float] | None = None  # a circle's centre x, y and radius
    closed_ends: tuple[Opening, ...] = ()  # ends the passage was rolled without (a dead end)
    cuts: tuple[tuple[Cell, int], ...] = ()  # half squares: (cell, diagonal side) whose corner is rock
    curved: bool = False  # drawn as the circle ``round``, its squares the ones the circle touches

    def moved(self, dx: int, dy: int) -> Shape:
        """The same shape ``dx``, ``dy`` squares away."""
        moved = Shape(
            self.kind,
            frozenset([(x + dx, y + dy) for x, y in self.cells]),
            tuple([((x + dx, y + dy), h) for (x, y), h in self.entries]),
            tuple([o.moved(dx, dy) for o in self.openings]),
            None if self.round is None else (self.round[0] + dx, self.round[1] + dy, self.round[2]),
            tuple([o.moved(dx, dy) for o in self.closed_ends]),
            tuple([((x + dx, y + dy), side) for (x, y), side in self.cuts]),
            self.curved,
        )
        # What was already worked out moves with the squares: no need to find it again.
        known = self.__dict__
        if "rim" in known:
            moved.__dict__["rim"] = tuple([((x + dx, y + dy), side) for (x, y), side in known["rim"]])
        if "box" in known:
            x0, y0, x1, y1 = known["box"]
            moved.__dict__["box"] = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
        return moved

    @property
    def area(self) -> int:
        return len(self.cells)

    @cached_property
    def box(self) -> tuple[int, int, int, int]:
        return bounds(self.cells)

    @cached_property
    def rim(self) -> tuple[tuple[Cell, int], ...]:
        """Every (cell, side) of the shape's wall."""
        return tuple(boundary_sides(self.cells))

    @cached_property
    def walls(self) -> tuple[tuple[Cell, int], ...]:
        """Every unit of wall a door may stand in, as (cell, side): the rim without the straight sides of a
        half square's missing corner, with its diagonal instead (on a curved shape, every unit of its
        box: a door stands on the part of it the circle comes near, see draw_shaped.round_span)."""
        cut = self.cut_map
        found = [(c, s) for c, s in self.rim if c not in cut or s not in components(cut[c])]
        return tuple(sorted(found + list(self.cuts), key=lambda unit: (unit[1], unit[0][1], unit[0][0])))

    @cached_property
    def cut_map(self) -> dict[Cell, int]:
        """Half square → the diagonal side whose corner it has not (see ``cuts``)."""
        return dict(self.cuts)

    @cached_property
    def wall_set(self) -> frozenset[tuple[Cell, int]]:
        return frozenset(self.walls)

    @property
    def floor_area(self) -> float:
        """Squares of floor: a half square counts a half."""
        return self.area - len(self.cuts) / 2

    def outline(self) -> list[list[Point]]:
        """The walls' loops (see geometry.floor_outline); a curved shape is drawn as its circle instead."""
        return floor_outline(self.cells, dict(self.cuts))

    def entries_going(self, heading: int) -> list[Cell]:
        """The squares one may enter the shape by, going ``heading``."""
        return self._entries_by_heading.get(heading, [])

    @cached_property
    def _entries_by_heading(self) -> dict[int, list[Cell]]:
        found: dict[int, list[Cell]] = {}
        for cell, heading in self.entries:
            found.setdefault(heading, []).append(cell)
        return found


def _room(kind: str, cells: frozenset[Cell], round_: tuple[float, float, float] | None = None) -> Shape:
    """A room may be entered through any square of its rim."""
    entries = tuple((cell, turn(side, 4)) for cell, side in boundary_sides(cells))
    return Shape(kind, cells, entries, round=round_)


def rectangle(width: int, height: int) -> Shape:
    return _room("rectangle", frozenset((x, y) for x in range(width) for y in range(height)))


def hallway(length: int, width: int = 1) -> Shape:
    """A long, narrow room, lying east-west; rotate it to stand."""
    return replace(rectangle(length, width), kind="hallway")


def right_triangle(leg: int, diagonal: bool = False) -> Shape:
    """A right triangle of ``leg`` squares a side: a wall along the top and one down the left, stepped
    across, or (``diagonal``) a straight 45° wall through the half squares of the last step."""
    cells = frozenset((x, y) for x in range(leg) for y in range(leg) if x + y < leg)
    shape = _room("triangle", cells)
    if not diagonal:
        return shape
    return replace(shape, cuts=tuple(((x, leg - 1 - x), 3) for x in range(leg)))


def within(kind: str, box: tuple[int, int, int, int], nw: int | None = None, se: int | None = None,
           sw: int | None = None, ne: int | None = None) -> Shape:
    """The floor of a convex room whose walls run along the grid or at 45° through half squares, set at
    the origin. In corner coordinates (a square's corners at whole numbers) the floor is ``box`` (left,
    top, right, bottom) cut by up to four 45° walls: x + y >= ``nw`` (a wall facing north-west), x + y <=
    ``se``, x - y >= ``sw`` and x - y <= ``ne``. A 45° wall runs corner to corner through the squares it
    crosses, so each of them keeps the half on the floor's side (``Shape.cuts``); a square two walls would
    cut is refused (its floor would be a quarter)."""
    left, top, right, bottom = box
    cells, cuts = set(), []
    for y in range(top, bottom):
        for x in range(left, right):
            halves = []
            u, v = x + y, x - y  # at the square's top-left corner
            for limit, inside, outside, cut in ((nw, u >= (nw or 0), u + 2 <= (nw or 0), 7),
                                                (se, u + 2 <= (se or 0), u >= (se or 0), 3),
                                                (sw, v - 1 >= (sw or 0), v + 1 <= (sw or 0), 5),
                                                (ne, v + 1 <= (ne or 0), v - 1 >= (ne or 0), 1)):
                if limit is None or inside:
                    continue
                if outside:
                    break
                halves.append(cut)
            else:
                if len(halves) > 1:
                    raise ValueError(f"square {(x, y)} would keep a quarter of its floor")
                cells.add((x, y))
                cuts += [((x, y), cut) for cut in halves]
    x0, y0, _, _ = bounds(cells)
    shape = _room(kind, translate(cells, -x0, -y0))
    return replace(shape, cuts=tuple(sorted(((x - x0, y - y0), cut) for (x, y), cut in cuts)))


def diagonal_room(along: int, across: int, kind: str = "rectangle") -> Shape:
    """A rectangle turned 45°: two walls ``along`` angular units long running from north-west to
    south-east, two ``across`` units long facing north-west and south-east (an angular unit is a
    square's diagonal). Turn it a quarter for the other way."""
    reach = along + across
    return within(kind, (0, 0, reach, reach), nw=across, se=across + 2 * along, sw=-across, ne=across)


# Where a 45° Hallway running north-west to south-east may be cropped to the grid: at its north-west end
# by a wall facing north or west, at its south-east end by one facing south or east.
CROPS_START, CROPS_END = ("north", "west"), ("south", "east")


def diagonal_hallway(length: int, start: str = "", end: str = "") -> Shape:
    """A hallway one angular unit wide running from north-west to south-east, its long walls ``length``
    angular units, each end square across it at 45°, or cropped to the grid (``start``: "north" or
    "west" at its north-west end; ``end``: "south" or "east" at its south-east end). A cropped end is a
    straight wall two units long through the corner of the end it crops, so one long wall keeps its
    length and the other is a unit shorter. Turn it a quarter to run the other way."""
    reach = length + 1
    left, top, right, bottom = 0, 0, reach, reach
    nw: int | None = 1
    se: int | None = 1 + 2 * length
    if start:
        top, left, nw = (1, 0, None) if start == "north" else (0, 1, None)
    if end:
        bottom, right, se = (length, reach, None) if end == "south" else (reach, length, None)
    return within("hallway", (left, top, right, bottom), nw=nw, se=se, sw=-1, ne=1)


def walled_circle(diameter: int) -> Shape:
    """A round room drawn with walls: its ``diameter`` units across, each corner of its box cut by a
    45° wall through one half square (an octagon; two units across, a square turned 45°)."""
    return within("circle", (0, 0, diameter, diameter), nw=1, se=2 * diameter - 1, sw=1 - diameter,
                  ne=diameter - 1)


def round_room(diameter: int) -> Shape:
    """A room drawn as a circle ``diameter`` squares across, holding every square of its box (so nothing
    else stands where the circle runs); a door may stand on every unit of its box."""
    r = diameter / 2
    return replace(rectangle(diameter, diameter), kind="circle", round=(r, r, r), curved=True)


def circle(diameter: int) -> Shape:
    """The squares whose centres lie inside a circle ``diameter`` squares across.

    ``round`` keeps the circle's centre and radius for a game that wants it drawn round; the engine
    draws its squares, so every door stands on a straight piece of wall.
    """
    r = diameter / 2
    cells = frozenset(
        (x, y) for x in range(diameter) for y in range(diameter) if (x + 0.5 - r) ** 2 + (y + 0.5 - r) ** 2 <= r * r
    )
    return _room("circle", cells, (r, r, r))


def polyomino(squares: int, rng: Rng) -> Shape:
    """A random shape of exactly ``squares`` squares joined side to side."""
    cells = {(0, 0)}
    frontier = dict.fromkeys(step((0, 0), s) for s in SIDES)  # squares beside the shape, in the order they were reached
    while len(cells) < squares:
        chosen = rng.choice(list(frontier))
        del frontier[chosen]
        cells.add(chosen)
        for side in SIDES:
            near = step(chosen, side)
            if near not in cells:
                frontier.setdefault(near)
    x0, y0, _, _ = bounds(cells)
    return _room("polyomino", translate(cells, -x0, -y0))


def rotated(shape: Shape, eighths: int, diagonal_walls: bool = False) -> Shape:
    """A room turned clockwise by ``eighths`` × 45°; circles stay round.

    Quarter turns are exact and turn half squares with the rest. An odd
    number of eighths steps the turned walls across the grid, or
    (``diagonal_walls``) runs them straight at 45° through half squares (a
    shape one square thin widens to stay joined side to side).
    """
    if eighths % 2 == 0 and (shape.cuts or shape.curved):
        turned = shape
        for _ in range(eighths % 8 // 2):
            turned = _quarter_turn(turned)
        return turned
    cells = rotate_cells(shape.cells, eighths)
    round_ = None
    if shape.round is not None:
        x0, y0, x1, y1 = bounds(cells)
        round_ = ((x0 + x1 + 1) / 2, (y0 + y1 + 1) / 2, shape.round[2])
    if eighths % 2 and diagonal_walls:
        return chamfered(_room(shape.kind, _closed_diagonals(cells), round_))
    return _room(shape.kind, cells, round_)


def _closed_diagonals(cells: frozenset[Cell]) -> frozenset[Cell]:
    """``cells`` with both squares beside every corner-to-corner step added, so a thin shape turned 45°
    stays joined side to side (its half squares then make its walls straight)."""
    found = set(cells)
    while True:
        beside = {near for x, y in found for dx, dy in ((1, 1), (1, -1)) if (x + dx, y + dy) in found
                  and (x + dx, y) not in found and (x, y + dy) not in found for near in ((x + dx, y), (x, y + dy))}
        if not beside:
            return frozenset(found)
        found |= beside


def _quarter_turn(shape: Shape) -> Shape:
    """A room turned 90° clockwise, half squares and circle with it, set back at the origin."""
    turned = {(-y, x) for x, y in shape.cells}
    x0, y0, _, _ = bounds(turned)
    cells = translate(turned, -x0, -y0)
    cuts = tuple(sorted(((-y - x0, x - y0), (side + 2) % 8) for (x, y), side in shape.cuts))
    round_ = None
    if shape.round is not None:
        bx0, by0, bx1, by1 = bounds(cells)
        round_ = ((bx0 + bx1 + 1) / 2, (by0 + by1 + 1) / 2, shape.round[2])
    return replace(_room(shape.kind, cells, round_), cuts=cuts, curved=shape.curved)


def chamfered(shape: Shape) -> Shape:
    """``shape`` with every outer corner of a step cut at 45°: a square with exactly two walls, on two
    sides that meet, keeps only its half away from them, so a stepped wall runs straight."""
    cuts = []
    for cell in sorted(shape.cells):
        outside = {side for side in SIDES if step(cell, side) not in shape.cells}
        if len(outside) == 2:
            for diagonal in (1, 3, 5, 7):
                if set(components(diagonal)) == outside:
                    cuts.append((cell, diagonal))
    return replace(shape, cuts=tuple(cuts))


# --- passages -----------------------------------------------------------------------------

SQRT2 = math.sqrt(2)


@lru_cache(maxsize=4096)
def passage(
    heading: int,
    width: int,
    runs: tuple[tuple[int, float], ...],
    arms: tuple[tuple[int, float], ...] = (),
    open_end: bool = True,
) -> Shape:
    """A passage ``width`` squares wide, entered at cell (0, 0) going ``heading`` (a straight heading).

    ``runs`` and ``arms`` are tuples (shapes are cached). ``runs`` are (turn in eighths from the heading so far, positive is right;
    length in squares along the centre line), one after another: a 90° left
    turn of 10 squares is ``[(0, 5), (-2, 5)]``, a 45° turn ``[(0, 3), (1, 3)]``.
    A diagonal run of length L takes round(L / √2) diagonal steps. ``arms``
    fork from the end of the last run, each (turn, length): a T is
    ``[(-2, 2), (2, 2)]``, a crossing ``[(-2, 2), (0, 2), (2, 2)]``. Every
    arm's end, or the last run's end when there are no arms and
    ``open_end``, is an opening.
    """
    if heading % 2:
        raise ValueError("a passage is entered along a straight heading")
    dx, dy = HEADINGS[heading]
    rx, ry = HEADINGS[turn(heading, 2)]
    across = ((width // 2) - (width - 1) // 2) / 2  # even widths centre on a line between squares
    start: Point = (0.5 - dx * 0.5 + rx * across, 0.5 - dy * 0.5 + ry * across)
    segments: list[tuple[Point, Point, float, float]] = []  # a, b, extension before a, after b
    point, current = start, heading
    joint = width / 2
    # An odd width turns about a square's centre, half a square short of the grid line.
    half = 0.5 if width % 2 else 0.0
    for index, (eighths, length) in enumerate(runs):
        current = turn(current, eighths)
        last = index == len(runs) - 1 and not arms
        length = length - (0.0 if last else half) + (half if index else 0.0)
        end = _advance(point, current, length)
        segments.append((point, end, 0.0 if index == 0 else joint, 0.0 if last else joint))
        point = end
    ends: list[tuple[Point, int]] = []
    for eighths, length in arms:
        arm_heading = turn(current, eighths)
        end = _advance(point, arm_heading, length + half)
        segments.append((point, end, joint, 0.0))
        ends.append((end, arm_heading))
    if not arms:
        ends.append((point, current))
    cells = frozenset().union(*(_band(a, b, before, after, width) for a, b, before, after in segments))
    found = [_end_opening(cells, end, h) for end, h in ends]
    openings = tuple(found) if (arms or open_end) else ()
    closed = () if (arms or open_end) else tuple(found)
    return Shape("passage", cells, (((0, 0), heading),), openings, closed_ends=closed)


def _advance(point: Point, heading: int, length: float) -> Point:
    dx, dy = HEADINGS[heading]
    if heading % 2:
        length = max(1, round(length / SQRT2))  # whole diagonal steps, so the band lands on the grid again
    return (point[0] + dx * length, point[1] + dy * length)


@lru_cache(maxsize=4096)  # passages that begin alike share their first bands
def _band(a: Point, b: Point, before: float, after: float, width: int) -> set[Cell]:
    """Cells whose centres lie within the band from a to b (stretched at joints so corners fill); shared by
    every passage that asks for the same band, so never to be changed."""
    ux, uy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(ux, uy)
    ux, uy = ux / length, uy / length
    diagonal = abs(ux) > 1e-9 and abs(uy) > 1e-9
    # A diagonal band takes the squares either side of its line, so it is joined side to side.
    reach = width / 2 + (0.25 if diagonal else 0) - 1e-9
    if diagonal:
        before, after = before * SQRT2 / 2 + 0.5, after * SQRT2 / 2 + 0.5
    span = reach + max(before, after) + 1
    xs = range(math.floor(min(a[0], b[0]) - span), math.ceil(max(a[0], b[0]) + span) + 1)
    ys = range(math.floor(min(a[1], b[1]) - span), math.ceil(max(a[1], b[1]) + span) + 1)
    # Along an axis, a square whose centre is ``reach`` or farther from the line is out, whatever its place along
    # it: only the rows (or columns) that can be in are tried (a hair more), each by the same test.
    if uy == 0:
        ys = range(max(ys.start, math.floor(a[1] - 0.5 - reach - 1e-6)),
                   min(ys.stop, math.ceil(a[1] - 0.5 + reach + 1e-6) + 1))
    elif ux == 0:
        xs = range(max(xs.start, math.floor(a[0] - 0.5 - reach - 1e-6)),
                   min(xs.stop, math.ceil(a[0] - 0.5 + reach + 1e-6) + 1))
    cells = set()
    for x in xs:
        for y in ys:
            px, py = x + 0.5 - a[0], y + 0.5 - a[1]
            along = px * ux + py * uy
            off = abs(-px * uy + py * ux)
            if -before + 1e-9 < along < length + after - 1e-9 and off < reach:
                cells.add((x, y))
    return cells


def _end_opening(cells: frozenset[Cell], end: Point, heading: int) -> Opening:
    """The square at a passage's end and the side of it a door would stand on."""
    dx, dy = HEADINGS[heading]
    norm = math.hypot(dx, dy)
    deltas = [HEADINGS[side] for side in components(heading)]  # the squares past each cell, found as step() does
    if len(deltas) == 1:
        (sx, sy), = deltas
        candidates = [c for c in cells if (c[0] + sx, c[1] + sy) not in cells]
    else:
        candidates = [c for c in cells if any((c[0] + sx, c[1] + sy) not in cells for sx, sy in deltas)]
    # The end square: farthest along the heading, nearest the centre line.
    def score(cell: Cell) -> tuple[float, float, Cell]:
        px, py = cell[0] + 0.5 - end[0], cell[1] + 0.5 - end[1]
        return (-(px * dx + py * dy) / norm, abs(-px * dy + py * dx) / norm, cell)

    cell = min(candidates, key=score)
    side = next(s for s in components(heading) if step(cell, s) not in cells)
    return Opening(cell, side, heading)
