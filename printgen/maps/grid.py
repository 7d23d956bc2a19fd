"""Map geometry on a square grid, shared by every game's dungeon.

Coordinates are in squares: x grows to the right, y grows downwards (row 0 is
the top of the map). A cell (x, y) is the square whose centre is
(x + 0.5, y + 0.5). Areas are rectangles (rooms) or banded polylines
(corridors, which may run diagonally); every area knows the set of cells it
covers, and an Occupancy keeps areas from overlapping or touching: between
two areas there is always rock, except at the one-square doorway that joins
them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

Cell = tuple[int, int]
Point = tuple[float, float]

# Headings, clockwise from north; odd indexes are diagonals.
HEADINGS: tuple[Cell, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
HEADING_NAMES = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
NORTH, EAST, SOUTH, WEST = 0, 2, 4, 6


def turn(heading: int, eighths: int) -> int:
    """Turn clockwise by ``eighths`` × 45° (negative: anticlockwise, i.e. left)."""
    return (heading + eighths) % 8


def step(cell: Cell, heading: int, count: int = 1) -> Cell:
    dx, dy = HEADINGS[heading]
    return (cell[0] + dx * count, cell[1] + dy * count)


def neighbours8(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


@dataclass
class Shape:
    """What is drawn: a rectangle, or polylines of a given width (in squares)."""

    rect: tuple[int, int, int, int] | None = None  # x, y, width, height
    paths: list[list[Point]] = field(default_factory=list)
    width: float = 1.0
    natural: bool = False

    def as_data(self) -> dict:
        if self.rect is not None:
            return {"rect": list(self.rect), "natural": self.natural}
        return {"paths": [[list(p) for p in path] for path in self.paths], "width": self.width, "natural": self.natural}


def rect_cells(x: int, y: int, w: int, h: int) -> set[Cell]:
    return {(cx, cy) for cx in range(x, x + w) for cy in range(y, y + h)}


def band_cells(path: list[Point], width: float) -> set[Cell]:
    """Cells whose centres lie inside a polyline band of ``width`` squares.

    For straight runs along the grid this is exactly the squares of the
    passage; for diagonal runs it is every square the band covers.
    """
    cells: set[Cell] = set()
    for (ax, ay), (bx, by) in zip(path, path[1:]):
        diagonal = ax != bx and ay != by
        reach = width / 2 + (0.35 if diagonal else 0) - 1e-9
        for cx in range(math.floor(min(ax, bx) - reach) - 1, math.ceil(max(ax, bx) + reach) + 1):
            for cy in range(math.floor(min(ay, by) - reach) - 1, math.ceil(max(ay, by) + reach) + 1):
                if _distance_across_band((cx + 0.5, cy + 0.5), (ax, ay), (bx, by)) < reach:
                    cells.add((cx, cy))
    return cells


def _distance_across_band(p: Point, a: Point, b: Point) -> float:
    """Distance from ``p`` to the line a→b, or infinity if ``p`` lies beyond either end.

    Bands have flat ends: a square just past the end of a passage is not in it.
    """
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.inf
    t = ((px - ax) * dx + (py - ay) * dy) / length2
    if not 0 < t < 1:
        return math.inf
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


class Occupancy:
    """Which cells of a bounded map are taken, with a one-square moat of rock.

    The outermost ring of squares stays rock too, so every wall is drawn
    inside the map's border.
    """

    def __init__(self, width: int, height: int):
        self.width = width
        self.height = height
        self.owner: dict[Cell, int] = {}

    def inside(self, cell: Cell) -> bool:
        return 1 <= cell[0] < self.width - 1 and 1 <= cell[1] < self.height - 1

    def fits(self, cells: set[Cell], allowed_neighbours: set[Cell] = frozenset()) -> bool:
        """True if ``cells`` are on the map, free, and touch no taken cell but ``allowed_neighbours``."""
        for cell in cells:
            if not self.inside(cell) or cell in self.owner:
                return False
            for near in neighbours8(cell):
                if near in self.owner and near not in allowed_neighbours and near not in cells:
                    return False
        return True

    def take(self, cells: set[Cell], owner: int) -> None:
        for cell in cells:
            self.owner[cell] = owner


def reachable(start: int, links: dict[int, set[int]]) -> set[int]:
    """Every node reachable from ``start`` along ``links`` (breadth first)."""
    seen = {start}
    frontier = [start]
    while frontier:
        node = frontier.pop()
        for nxt in links.get(node, ()):
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return seen
