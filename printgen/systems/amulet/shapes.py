"""The five room shapes as squares on the level's grid, one square to a unit (10 feet).

A footprint is the squares a room takes, the unit lengths of wall where an
exit may stand, and what to draw. Squares are (x, y) with y growing down the
page. Sides are headings clockwise from north (0 north, 2 east, 4 south,
6 west); a Triangle's long wall runs corner to corner through its squares
and faces a diagonal (1 north-east, 3 south-east, 5 south-west, 7 north-west),
so it takes exits for both of that diagonal's directions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Cell = tuple[int, int]
NORTH, EAST, SOUTH, WEST = 0, 2, 4, 6
STEP = {0: (0, -1), 2: (1, 0), 4: (0, 1), 6: (-1, 0)}
DIRECTION_CODES = {NORTH: "north", EAST: "east", SOUTH: "south", WEST: "west"}
DIRECTIONS = {code: heading for heading, code in DIRECTION_CODES.items()}


def opposite(side: int) -> int:
    return (side + 4) % 8


def step(cell: Cell, side: int) -> Cell:
    dx, dy = STEP[side]
    return cell[0] + dx, cell[1] + dy


def faces(side: int) -> tuple[int, ...]:
    """The compass directions a wall faces: its own, or both halves of a diagonal."""
    return (side,) if side % 2 == 0 else ((side - 1) % 8, (side + 1) % 8)


@dataclass(frozen=True)
class Wall:
    """One unit of wall: the square it bounds and the way it faces."""

    cell: Cell
    side: int

    def moved(self, dx: int, dy: int) -> "Wall":
        return Wall((self.cell[0] + dx, self.cell[1] + dy), self.side)

    def ends(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The wall's two end points in grid corners."""
        x, y = self.cell
        return {
            0: ((x, y), (x + 1, y)), 2: ((x + 1, y), (x + 1, y + 1)),
            4: ((x, y + 1), (x + 1, y + 1)), 6: ((x, y), (x, y + 1)),
            1: ((x, y), (x + 1, y + 1)), 5: ((x, y), (x + 1, y + 1)),
            3: ((x + 1, y), (x, y + 1)), 7: ((x + 1, y), (x, y + 1)),
        }[self.side]


@dataclass(frozen=True)
class Footprint:
    shape: str  # the table's word: Square, Rectangle, Hallway, Triangle, Circle
    size: int  # the room size in units
    width: int  # squares across and down
    height: int
    cells: frozenset[Cell]
    walls: tuple[Wall, ...]  # where exits may stand, in a fixed order
    corners: tuple[tuple[int, int], ...]  # the outline to draw; empty for a Circle
    facing: int = -1  # a Triangle's long wall; the diagonal a 45° Hallway runs along (3 or 1)

    def moved(self, dx: int, dy: int) -> "Footprint":
        return Footprint(self.shape, self.size, self.width, self.height,
                         frozenset((x + dx, y + dy) for x, y in self.cells),
                         tuple(w.moved(dx, dy) for w in self.walls),
                         tuple((x + dx, y + dy) for x, y in self.corners), self.facing)

    @property
    def origin(self) -> Cell:
        return min(x for x, _ in self.cells), min(y for _, y in self.cells)

    def walls_facing(self, direction: int) -> list[Wall]:
        return [w for w in self.walls if direction in faces(w.side)]


def triangle_legs(size: int) -> int:
    """Legs of the right triangle whose long wall is as near ``size`` units as the grid allows."""
    return max(1, round(size / math.sqrt(2)))


def rectangle(shape: str, size: int, across: int, down: int) -> Footprint:
    cells = frozenset((x, y) for x in range(across) for y in range(down))
    walls = [Wall(c, s) for c in sorted(cells) for s in (NORTH, EAST, SOUTH, WEST) if step(c, s) not in cells]
    corners = ((0, 0), (across, 0), (across, down), (0, down))
    return Footprint(shape, size, across, down, cells, tuple(walls), corners)


def triangle(size: int, facing: int) -> Footprint:
    """A right triangle with one wall along the grid each way and its long wall facing ``facing``."""
    n = triangle_legs(size)
    mirror_x = facing in (5, 7)  # the long wall faces west: the right angle is on the east
    mirror_y = facing in (1, 7)  # the long wall faces north: the right angle is at the bottom

    def place(x: int, y: int) -> Cell:
        return (n - 1 - x if mirror_x else x, n - 1 - y if mirror_y else y)

    def turn(side: int) -> int:
        if mirror_x and side in (EAST, WEST):
            side = opposite(side)
        if mirror_y and side in (NORTH, SOUTH):
            side = opposite(side)
        return side

    cells = frozenset(place(x, y) for x in range(n) for y in range(n - x))
    walls = [Wall(place(x, 0), turn(NORTH)) for x in range(n)]
    walls += [Wall(place(0, y), turn(WEST)) for y in range(n)]
    walls += [Wall(place(x, n - 1 - x), facing) for x in range(n)]
    corner = {(False, False): ((0, 0), (n, 0), (0, n)), (True, False): ((n, 0), (0, 0), (n, n)),
              (False, True): ((0, n), (0, 0), (n, n)), (True, True): ((n, n), (0, n), (n, 0))}
    return Footprint("Triangle", size, n, n, cells, tuple(sorted(walls, key=_wall_order)),
                     corner[(mirror_x, mirror_y)], facing)


def diagonal_squares(size: int) -> int:
    """Squares corner to corner of a 45° Hallway as near ``size`` units long as the grid allows."""
    return round(size / math.sqrt(2))


def hallway_45(size: int, facing: int) -> Footprint:
    """A Hallway at 45°: a band of squares corner to corner, its long walls through the squares beside them.

    ``facing`` 3 runs from north-west to south-east, 1 from south-west to
    north-east. The ends are cropped to the grid: two one-unit walls each.
    """
    n = diagonal_squares(size)
    mirror = facing == 1

    def place(x: int, y: int) -> Cell:
        return (n - 1 - x if mirror else x, y)

    def turn(side: int) -> int:
        return {EAST: WEST, WEST: EAST, 1: 7, 7: 1, 3: 5, 5: 3}.get(side, side) if mirror else side

    cells = frozenset(place(i, i) for i in range(n)) | frozenset(place(i + 1, i) for i in range(n - 1)) \
        | frozenset(place(i, i + 1) for i in range(n - 1))
    walls = [Wall(place(0, 0), turn(NORTH)), Wall(place(0, 0), turn(WEST)),
             Wall(place(n - 1, n - 1), turn(EAST)), Wall(place(n - 1, n - 1), turn(SOUTH))]
    walls += [Wall(place(i + 1, i), turn(1)) for i in range(n - 1)]
    walls += [Wall(place(i, i + 1), turn(5)) for i in range(n - 1)]
    corners = ((0, 0), (1, 0), (n, n - 1), (n, n), (n - 1, n), (0, 1))
    if mirror:
        corners = tuple((n - x, y) for x, y in corners)
    return Footprint("Hallway", size, n, n, cells, tuple(sorted(walls, key=_wall_order)), corners, facing)


def circle(size: int) -> Footprint:
    """A round room in a size-by-size square: exits stand where the curve meets the square's sides."""
    middle = sorted({(size - 1) // 2, size // 2})
    cells = frozenset((x, y) for x in range(size) for y in range(size))
    walls = [Wall((m, 0), NORTH) for m in middle] + [Wall((size - 1, m), EAST) for m in middle]
    walls += [Wall((m, size - 1), SOUTH) for m in middle] + [Wall((0, m), WEST) for m in middle]
    return Footprint("Circle", size, size, size, cells, tuple(sorted(walls, key=_wall_order)), ())


def _wall_order(wall: Wall) -> tuple:
    return wall.side, wall.cell[1], wall.cell[0]


def orientations(shape: str, size: int, short_side: int) -> list[Footprint]:
    """Every way the room may lie on the grid: quarter turns, and 45° for Triangles and long Hallways."""
    if shape == "Square":
        return [rectangle(shape, size, size, size)]
    if shape == "Rectangle":
        return [rectangle(shape, size, size, short_side), rectangle(shape, size, short_side, size)]
    if shape == "Hallway":
        straight = [rectangle(shape, size, size, 1), rectangle(shape, size, 1, size)]
        return straight + ([hallway_45(size, 3), hallway_45(size, 1)] if diagonal_squares(size) >= 2 else [])
    if shape == "Triangle":
        return [triangle(size, facing) for facing in (3, 5, 7, 1)]
    if shape == "Circle":
        return [circle(size)]
    raise ValueError(f"no room shape {shape!r}")


def runs(walls: list[Wall]) -> list[list[Wall]]:
    """``walls`` of one direction split into straight runs of touching units (one wall each)."""
    found: list[list[Wall]] = []
    for wall in sorted(walls, key=_wall_order):
        last = found[-1][-1] if found else None
        if last is not None and last.side == wall.side and _touch(last, wall):
            found[-1].append(wall)
        else:
            found.append([wall])
    return found


def _touch(a: Wall, b: Wall) -> bool:
    (ax, ay), (bx, by) = a.cell, b.cell
    if a.side in (NORTH, SOUTH):
        return ay == by and bx == ax + 1
    if a.side in (EAST, WEST):
        return ax == bx and by == ay + 1
    return by == ay + 1 and abs(bx - ax) == 1
