"""Where a corridor goes: of every way it can run from its door, the one the guide prefers.

A corridor whose far door would face the paper's edge or a square already
taken is no way at all: that door could only be false. Of the rest, while
the level is being explored, the corridor whose far door opens on the most
free squares around it (counted in steps of OPEN_STEP, so that nearly as open
counts as open), then the one that ends farthest from the stairs down; once
the level has its rooms, the one that ends nearest them. Either way, one
whose far door opens on free squares enough for any room the dice can give is
taken first, so the room behind it is drawn at its rolled size.
"""

from __future__ import annotations

from functools import cache
from itertools import accumulate
from operator import add

from ... import dice
from ...maps.geometry import Cell, step
from ...maps.level import Area, Exit, Grid
from ...maps.placement import Placed, door_spots
from ...maps.shapes import Shape
from . import rules
from .forms import corridor_ends
from .free_forms import reach

AROUND = 3  # free squares counted within this many squares (king's moves) of a far door
OPEN_STEP = 5  # openness counted in steps of this many squares


def room_enough(grid: Grid, cell: Cell, most: int, without: frozenset[Cell] = frozenset()) -> int:
    """How many free squares (up to ``most``) are joined to ``cell``, not counting ``without``."""
    x0, y0, x1, y1 = grid.within
    blocked = grid.blocked

    def free(near: Cell) -> bool:
        return x0 <= near[0] <= x1 and y0 <= near[1] <= y1 and near not in blocked

    return len(reach(free, cell, most, without))


def leaves_room(grid: Grid, doorways: list[Cell], taken: frozenset[Cell]) -> bool:
    """Each of ``doorways`` (beyond doors not yet opened) still has room for the longest corridor once the
    squares ``taken`` are."""
    longest = _longest()
    return all(room_enough(grid, cell, longest, taken) >= longest for cell in doorways)


@cache
def _longest() -> int:
    return dice.parse(rules.campaign()["explore"]["corridor_dice"]).high


@cache
def _ends(heading: int, squares: int) -> tuple[tuple[Shape, Cell, Cell, int], ...]:
    """corridor_ends, each with how many of its own squares lie within AROUND of the square past its far
    door (they are free before it is drawn, and taken after)."""
    return tuple((shape, entry, beyond, sum(1 for x, y in shape.cells
                                            if abs(x - beyond[0]) <= AROUND and abs(y - beyond[1]) <= AROUND))
                 for shape, entry, beyond in corridor_ends(heading, squares))


def best_corridor(grid: Grid, parent: Area, exit_: Exit, squares: int, stairs: Cell, toward: bool,
                  most: int, spots: list[tuple[Cell, int]] | None = None, keep: list[Cell] = ()) -> Placed | None:
    """The corridor of ``squares`` squares beyond ``exit_`` (or beyond one of ``spots``, by default the free
    spots of ``parent``'s walls); ``most``: the largest room the dice can give; it leaves each door beyond
    the squares ``keep`` room to lead on."""
    if spots is None:
        spots = [(exit_.at, exit_.side)] if exit_.at is not None else door_spots(grid, parent)
    x0, y0, x1, y1 = grid.within
    blocked = grid.blocked
    counts = None if toward else FreeCounts(grid)
    free_around: dict[Cell, int] = {}  # many corridors end on the same square: its free squares counted once
    found = []
    for order, (cell, side) in enumerate(spots):
        target = step(cell, side, grid.rule.gap + 1)
        for index, (shape, entry, (bx, by), mine) in enumerate(_ends(side, squares)):
            dx, dy = target[0] - entry[0], target[1] - entry[1]
            beyond = (bx + dx, by + dy)
            if not (x0 <= beyond[0] <= x1 and y0 <= beyond[1] <= y1) or beyond in blocked:
                continue
            distance = abs(beyond[0] - stairs[0]) + abs(beyond[1] - stairs[1])
            if counts is None:
                score: tuple[int, ...] = (distance, order * 1000 + index)
            else:
                around = free_around.get(beyond)
                if around is None:
                    around = free_around[beyond] = counts.around(beyond, AROUND)
                open_ = around - mine
                score = (-(open_ // OPEN_STEP), -distance, order * 1000 + index)
            found.append((score, shape, dx, dy, cell, side, beyond))
    found.sort(key=lambda item: item[0])
    roomiest = None
    for _, shape, dx, dy, cell, side, beyond in found:
        if not grid.fits(shape, dx, dy, grid.within):
            continue
        moved = shape.moved(dx, dy)
        if not leaves_room(grid, keep, moved.cells):
            continue
        room = room_enough(grid, beyond, most, moved.cells)
        if room >= most:
            return Placed(moved, (cell, side))
        if roomiest is None or room > roomiest[0]:
            roomiest = (room, Placed(moved, (cell, side)))
    return None if roomiest is None else roomiest[1]


class FreeCounts:
    """The sheet's taken squares summed over rectangles (a summed-area table), to count the free squares
    around a square at once."""

    def __init__(self, grid: Grid):
        self.within = x0, y0, x1, y1 = grid.within
        width, height = x1 + 2, y1 + 2
        columns = [[0] * height for _ in range(width)]
        for x, y in grid.blocked:
            if x0 <= x <= x1 and y0 <= y <= y1:
                columns[x][y] = 1
        table = [[0] * (height + 1)]
        for column in columns:
            table.append(list(map(add, table[-1], accumulate(column, initial=0))))
        self.table = table

    def around(self, cell: Cell, reach_: int) -> int:
        """Free squares of the sheet within ``reach_`` squares (king's moves) of ``cell``."""
        x0, y0, x1, y1 = self.within
        ax, ay = max(x0, cell[0] - reach_), max(y0, cell[1] - reach_)
        bx, by = min(x1 + 1, cell[0] + reach_ + 1), min(y1 + 1, cell[1] + reach_ + 1)
        if ax >= bx or ay >= by:
            return 0
        t = self.table
        return (bx - ax) * (by - ay) - (t[bx][by] - t[ax][by] - t[bx][ay] + t[ax][ay])
