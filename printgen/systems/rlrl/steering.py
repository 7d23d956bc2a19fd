"""Where a corridor goes: of every way it can run from its door, the one the guide prefers.

While the level is being explored, the corridor whose new door ends farthest
from the stairs down; once the level has its rooms, the one that ends
nearest them. A corridor whose far door would face the paper's edge or a
square already taken is no way at all: that door could only be false.
"""

from __future__ import annotations

from ...maps.geometry import Cell, step
from ...maps.level import Area, Exit, Grid
from ...maps.placement import Placed, door_spots
from .forms import corridor_ends


def best_corridor(grid: Grid, parent: Area, exit_: Exit, squares: int, stairs: Cell, toward: bool) -> Placed | None:
    """The corridor of ``squares`` squares beyond ``exit_`` (or beyond a free spot of ``parent``'s walls)."""
    spots = [(exit_.at, exit_.side)] if exit_.at is not None else door_spots(grid, parent)
    x0, y0, x1, y1 = grid.within
    best = None
    for order, (cell, side) in enumerate(spots):
        target = step(cell, side, grid.rule.gap + 1)
        for index, (shape, entry, (bx, by)) in enumerate(corridor_ends(side, squares)):
            dx, dy = target[0] - entry[0], target[1] - entry[1]
            beyond = (bx + dx, by + dy)
            if not (x0 <= beyond[0] <= x1 and y0 <= beyond[1] <= y1) or beyond in grid.blocked:
                continue
            distance = abs(beyond[0] - stairs[0]) + abs(beyond[1] - stairs[1])
            score = (distance if toward else -distance, order * 1000 + index)
            if (best is None or score < best[0]) and grid.fits(shape, dx, dy, grid.within):
                best = (score, (shape, dx, dy, cell, side))
    if best is None:
        return None
    shape, dx, dy, cell, side = best[1]
    return Placed(shape.moved(dx, dy), (cell, side))
