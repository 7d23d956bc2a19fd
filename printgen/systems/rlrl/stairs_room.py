"""The room around the stairs down: drawn from a door to the stairs' own square, exactly its rolled size.

The stairs keep their square, and the ring of squares around it, clear of
every other area; a room that holds them takes the shortest way from its
door to the stairs and grows near its door until it has its rolled number
of squares.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ...maps.geometry import SIDES, Cell, dilate, step
from ...maps.level import Grid
from ...maps.shapes import Shape
from .forms import room_from_cells


def keep_clear(grid: Grid, mark: Cell) -> None:
    """No area may take a mark's square or the ring around it (the stairs' room is let in by open_for_room)."""
    grid.blocked |= dilate({mark}, 1)


def open_for_room(grid: Grid, stairs: Cell) -> None:
    for cell in dilate({stairs}, 1):
        grid.blocked.discard(cell)


def may_take(grid: Grid, stairs: Cell, cell: Cell) -> bool:
    """A square the room around the stairs may take: on the sheet, and free or kept for the stairs."""
    x0, y0, x1, y1 = grid.within
    kept = abs(cell[0] - stairs[0]) <= 1 and abs(cell[1] - stairs[1]) <= 1
    return x0 <= cell[0] <= x1 and y0 <= cell[1] <= y1 and (kept or cell not in grid.blocked)


def way_to(grid: Grid, stairs: Cell, entry: Cell, most: int) -> list[Cell] | None:
    """The shortest way from ``entry`` to the stairs, at most ``most`` squares, or None."""
    return shortest_path(entry, stairs, lambda cell: may_take(grid, stairs, cell), most)


def room_cells(grid: Grid, stairs: Cell, entry: Cell, squares: int) -> frozenset[Cell] | None:
    """The way from ``entry`` to the stairs, widened near the door to exactly ``squares`` squares.

    Widening near the door leaves the stairs at the room's far end, so the
    room's number and marks (placed nearest its middle) keep off their square.
    """
    path = way_to(grid, stairs, entry, squares)
    if path is None:
        return None
    cells = set(path)
    while len(cells) < squares:
        frontier = sorted({step(c, s) for c in cells for s in SIDES} - cells,
                          key=lambda c: (abs(c[0] - entry[0]) + abs(c[1] - entry[1]), c))
        grow = next((c for c in frontier if may_take(grid, stairs, c)), None)
        if grow is None:
            return None
        cells.add(grow)
    return frozenset(cells)


def standing_room(cells: frozenset[Cell], entry: Cell, heading: int) -> Shape:
    """The room entered only at ``entry`` going ``heading``: placed, it stands exactly where it was built."""
    return replace(room_from_cells(cells), entries=((entry, heading),))


def shortest_path(a: Cell, b: Cell, open_: Callable[[Cell], bool], most: int) -> list[Cell] | None:
    """The shortest way from a to b over open squares, at most ``most`` squares long, or None."""
    if not open_(a):
        return None
    came: dict[Cell, Cell | None] = {a: None}
    frontier = [a]
    for _ in range(most - 1):
        following = []
        for cell in frontier:
            for side in SIDES:
                near = step(cell, side)
                if near in came or not open_(near):
                    continue
                came[near] = cell
                if near == b:
                    path = [near]
                    while came[path[-1]] is not None:
                        path.append(came[path[-1]])
                    return path[::-1]
                following.append(near)
        frontier = following
    return None
