"""Squares, headings and outlines on a square grid.

Coordinates are in squares: x grows to the right, y grows downwards (row 0
is the top of the map). A cell (x, y) is the square whose centre is
(x + 0.5, y + 0.5).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable

Cell = tuple[int, int]
Point = tuple[float, float]
Edge = tuple[Point, Point]

# Headings, clockwise from north; odd indexes are the diagonals.
HEADINGS: tuple[Cell, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
HEADING_NAMES = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
NORTH, EAST, SOUTH, WEST = 0, 2, 4, 6
SIDES = (NORTH, EAST, SOUTH, WEST)


def turn(heading: int, eighths: int) -> int:
    """Turn clockwise by ``eighths`` × 45° (negative: anticlockwise, i.e. left)."""
    return (heading + eighths) % 8


def step(cell: Cell, heading: int, count: int = 1) -> Cell:
    dx, dy = HEADINGS[heading]
    return (cell[0] + dx * count, cell[1] + dy * count)


def components(heading: int) -> tuple[int, ...]:
    """The sides a heading leaves a square by: itself if straight, its two straight parts if diagonal."""
    return (heading,) if heading % 2 == 0 else (turn(heading, -1), turn(heading, 1))


def across(cell: Cell, side: int) -> tuple[Cell, int]:
    """The unit of wall on the far side of ``side`` of ``cell``: the next square's side facing back, or,
    for a 45° side, the other half of the same square (two areas share a 45° wall square by square)."""
    back = (side + 4) % 8
    return (cell, back) if side % 2 else (step(cell, side), back)


def translate(cells: Iterable[Cell], dx: int, dy: int) -> frozenset[Cell]:
    return frozenset((x + dx, y + dy) for x, y in cells)


def bounds(cells: Iterable[Cell]) -> tuple[int, int, int, int]:
    """(min x, min y, max x, max y) of a non-empty set of cells."""
    xs, ys = zip(*cells)
    return min(xs), min(ys), max(xs), max(ys)


def dilate(cells: Iterable[Cell], reach: int) -> set[Cell]:
    """Every cell within ``reach`` squares (king's moves) of ``cells``."""
    offsets = [(dx, dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)]
    return {(x + dx, y + dy) for x, y in cells for dx, dy in offsets}


def side_edge(cell: Cell, side: int) -> Edge:
    """The wall segment on ``side`` of ``cell``, as two corner points; a diagonal side is the square's
    diagonal that cuts off its corner on that side (see ``half_square``)."""
    x, y = cell
    # Tests, not a table of all eight made each call: every unit of every wall asks, many times a map.
    if side == NORTH:
        return (x, y), (x + 1, y)
    if side == EAST:
        return (x + 1, y), (x + 1, y + 1)
    if side == SOUTH:
        return (x, y + 1), (x + 1, y + 1)
    if side == WEST:
        return (x, y), (x, y + 1)
    if side in (1, 5):
        return (x, y), (x + 1, y + 1)
    if side in (3, 7):
        return (x + 1, y), (x, y + 1)
    raise KeyError(side)


# The corner a diagonal side cuts off, as an offset from the square's top-left corner.
CUT_CORNER = {1: (1, 0), 3: (1, 1), 5: (0, 1), 7: (0, 0)}


def half_square(cell: Cell, side: int) -> list[Point]:
    """The floor left of a square whose corner on diagonal ``side`` is cut away: a triangle, clockwise."""
    x, y = cell
    corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
    cx, cy = CUT_CORNER[side]
    return [p for p in corners if p != (x + cx, y + cy)]


def boundary_sides(cells: frozenset[Cell] | set[Cell]) -> list[tuple[Cell, int]]:
    """Every (cell, side) whose neighbour across that side is not in ``cells``, in a fixed order."""
    found = []
    for cell in sorted(cells):
        x, y = cell
        for side, near in ((NORTH, (x, y - 1)), (EAST, (x + 1, y)), (SOUTH, (x, y + 1)), (WEST, (x - 1, y))):
            if near not in cells:
                found.append((cell, side))
    return found


def outline(cells: frozenset[Cell] | set[Cell]) -> list[list[Point]]:
    """The closed loops of wall around ``cells``, corners only, floor on the right when walking clockwise.

    Each loop is a list of corner points; outer loops run clockwise on the
    page (y down), holes anticlockwise, so the shoelace sum over all loops is
    the number of cells.
    """
    following: dict[Point, list[Point]] = defaultdict(list)
    for cell, side in boundary_sides(cells):
        a, b = side_edge(cell, side)
        # Walk with the floor on the right (clockwise on a y-down page).
        start, end = {NORTH: (a, b), EAST: (a, b), SOUTH: (b, a), WEST: (b, a)}[side]
        following[start].append(end)
    return _walk_loops(following, keep_right=True)


def _walk_loops(following: dict[Point, list[Point]], keep_right: bool) -> list[list[Point]]:
    """Follow wall edges (each corner → the corners its edges run to) round into closed loops of corners.
    ``keep_right``: where loops touch at a corner, turn right (see _next_corner); else take the lowest."""
    loops = []
    while following:
        start = min(following)
        loop = [start]
        point = start
        previous_direction = None
        while True:
            ends = following[point]
            end = _next_corner(point, ends, previous_direction if keep_right else None)
            ends.remove(end)
            if not ends:
                del following[point]
            previous_direction = (end[0] - point[0], end[1] - point[1])
            point = end
            if point == start:
                break
            loop.append(point)
        loops.append(_corners_only(loop))
    return loops


def _next_corner(point: Point, ends: list[Point], direction: tuple[float, float] | None) -> Point:
    """Where two loops touch at a corner, keep turning right so each loop stays simple."""
    if len(ends) == 1 or direction is None:
        return sorted(ends)[0]
    right = (-direction[1], direction[0])
    for end in ends:
        if (end[0] - point[0], end[1] - point[1]) == right:
            return end
    return sorted(ends)[0]


def _corners_only(loop: list[Point]) -> list[Point]:
    """Drop the points where a wall runs straight on."""
    corners = []
    count = len(loop)
    for i, point in enumerate(loop):
        before, after = loop[i - 1], loop[(i + 1) % count]
        if (point[0] - before[0]) * (after[1] - point[1]) != (point[1] - before[1]) * (after[0] - point[0]):
            corners.append(point)
    return corners


def floor_outline(cells: frozenset[Cell] | set[Cell], cuts: dict[Cell, int]) -> list[list[Point]]:
    """The closed loops of wall around ``cells`` where the squares in ``cuts`` keep only the half away
    from their diagonal side: 45° walls run straight through them. Loops run as ``outline``'s do, so
    the shoelace sum is the floor's area (a half square counts a half)."""
    if not cuts:
        return outline(cells)
    pieces = [half_square(c, cuts[c]) if c in cuts else
              [(c[0], c[1]), (c[0] + 1, c[1]), (c[0] + 1, c[1] + 1), (c[0], c[1] + 1)] for c in sorted(cells)]
    edges: dict[tuple[Point, Point], int] = {}
    for piece in pieces:
        for a, b in zip(piece, piece[1:] + piece[:1]):
            if (b, a) in edges:  # two pieces meet along this edge: no wall
                del edges[(b, a)]
            else:
                edges[(a, b)] = 1
    following: dict[Point, list[Point]] = defaultdict(list)
    for a, b in sorted(edges):
        following[a].append(b)
    return _walk_loops(following, keep_right=False)


def enclosed_area(loops: list[list[Point]]) -> float:
    """The area inside a shape's outline loops (the shoelace formula)."""
    total = 0.0
    for loop in loops:
        for (x0, y0), (x1, y1) in zip(loop, loop[1:] + loop[:1]):
            total += x0 * y1 - x1 * y0
    return total / 2


def rotate_cells(cells: frozenset[Cell], eighths: int) -> frozenset[Cell]:
    """``cells`` turned clockwise by ``eighths`` × 45° about their centre, as cells again.

    Quarter turns are exact. An odd number of eighths takes every square
    whose centre falls inside the turned shape, so the count is the shape's
    area to within its rim, and the result sits at the origin.
    """
    eighths %= 8
    if eighths % 2 == 0:
        turned = frozenset(cells)
        for _ in range(eighths // 2):
            turned = frozenset((-y, x) for x, y in turned)
        return _to_origin(turned)
    x0, y0, x1, y1 = bounds(cells)
    cx, cy = (x0 + x1 + 1) / 2, (y0 + y1 + 1) / 2
    angle = math.radians(45 * eighths)
    cos, sin = math.cos(angle), math.sin(angle)
    reach = math.ceil(math.hypot(x1 - x0 + 1, y1 - y0 + 1) / 2) + 1
    found = set()
    for x in range(math.floor(cx) - reach, math.ceil(cx) + reach + 1):
        for y in range(math.floor(cy) - reach, math.ceil(cy) + reach + 1):
            px, py = x + 0.5 - cx, y + 0.5 - cy
            # Turn the square's centre back and see which original square it lands in.
            bx, by = cos * px + sin * py + cx, -sin * px + cos * py + cy
            if (math.floor(bx), math.floor(by)) in cells:
                found.add((x, y))
    return _to_origin(frozenset(found))


def _to_origin(cells: frozenset[Cell]) -> frozenset[Cell]:
    x0, y0, _, _ = bounds(cells)
    return translate(cells, -x0, -y0)


def connected(cells: frozenset[Cell] | set[Cell]) -> bool:
    """True if every cell can be reached from every other by side-to-side steps."""
    if not cells:
        return True
    start = min(cells)
    seen = {start}
    frontier = [start]
    while frontier:
        cell = frontier.pop()
        for side in SIDES:
            near = step(cell, side)
            if near in cells and near not in seen:
                seen.add(near)
                frontier.append(near)
    return len(seen) == len(cells)
