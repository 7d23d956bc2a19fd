"""Shapes found in the free squares themselves, for when no regular form fits.

A corridor is a path of exactly its rolled squares, one square wide, turning
wherever it must and never touching itself but square to square; a room grows
square by square from its door until it has exactly its rolled squares. A
room of N squares fits behind a door exactly when the free squares joined to
the door's far side number at least N, so a door is false only where the
sheet and what is drawn on it leave no room. A path is searched for within a
bounded number of squares tried (the benchmark counts the searches that run
out, in a tally it hands ``corridor_path``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from ...maps.geometry import SIDES, Cell, step, turn
from ...maps.shapes import Opening, Shape

BUDGET = 4000  # squares tried in one search for a path before it gives up
Open = Callable[[Cell], bool]


def reach(open_: Open, start: Cell, most: int, without: Iterable[Cell] = ()) -> set[Cell]:
    """The open squares joined side to side to ``start`` (itself open), at most ``most`` of them."""
    closed = set(without)
    if start in closed or not open_(start):
        return set()
    found = {start}
    queue = deque([start])
    while queue and len(found) < most:
        cell = queue.popleft()
        for side in SIDES:
            near = step(cell, side)
            if near not in found and near not in closed and open_(near):
                found.add(near)
                queue.append(near)
                if len(found) >= most:
                    break
    return found


def distances(open_: Open, target: Cell, most: int) -> dict[Cell, int]:
    """Steps from every open square within ``most`` steps to ``target``."""
    found = {target: 0}
    queue = deque([target])
    while queue:
        cell = queue.popleft()
        if found[cell] >= most:
            continue
        for side in SIDES:
            near = step(cell, side)
            if near not in found and open_(near):
                found[near] = found[cell] + 1
                queue.append(near)
    return found


def corridor_path(open_: Open, start: Cell, heading: int, squares: int,
                  door_ok: Callable[[Cell, int, frozenset[Cell]], bool],
                  target: Cell | None = None, prefer: Callable[[Cell], float] | None = None,
                  near_target: dict[Cell, int] | None = None, budget: int = BUDGET,
                  tally: dict[str, int] | None = None) -> tuple[list[Cell], int] | None:
    """A path of exactly ``squares`` open squares from ``start`` (entered going ``heading``) and the side of
    its last square its far door stands on, or None.

    The path never touches itself but square to square, so it reads as one
    corridor. ``door_ok(cell, side, path)`` says whether the far door may stand
    there; ``target``, when given, is the square the path must end in;
    ``prefer`` orders the turns (smaller first) after going straight on;
    ``near_target``: ``distances`` to the target, when already worked out;
    ``tally``: counts ``searches`` made and those that ``ran_out`` of squares to try
    in it (benchmarks/rlrl.py).
    """
    if not open_(start):
        return None
    if target is not None and near_target is None:
        near_target = distances(open_, target, squares)
    if near_target is not None and not _can_end(near_target, start, squares - 1):
        return None
    if tally is not None:
        tally["searches"] = tally.get("searches", 0) + 1
    path = [start]
    on_path = {start}
    left = [budget]

    def search(heading: int) -> int | None:
        cell = path[-1]
        if len(path) == squares:
            if target is not None and cell != target:
                return None
            frozen = frozenset(on_path)
            for side in (heading, turn(heading, 2), turn(heading, -2)):
                if step(cell, side) not in on_path and door_ok(cell, side, frozen):
                    return side
            return None
        ways = [heading, turn(heading, 2), turn(heading, -2)]
        if prefer is not None:
            ways[1:] = sorted(ways[1:], key=lambda w: prefer(step(cell, w)))
        for way in ways:
            near = step(cell, way)
            if near in on_path or not open_(near):
                continue
            if any(step(near, s) in on_path and step(near, s) != cell for s in SIDES):
                continue  # it would touch the corridor's own earlier squares
            if near_target is not None and not _can_end(near_target, near, squares - len(path) - 1):
                continue
            left[0] -= 1
            if left[0] < 0:
                return None
            path.append(near)
            on_path.add(near)
            side = search(way)
            if side is not None:
                return side
            path.pop()
            on_path.discard(near)
        return None

    side = search(heading)
    if side is None:
        if tally is not None:
            tally["ran_out"] = tally.get("ran_out", 0) + (left[0] < 0)
        return None
    return list(path), side


def _can_end(near_target: dict[Cell, int], cell: Cell, steps: int) -> bool:
    """From ``cell``, exactly ``steps`` more squares can end on the target (distance and parity)."""
    distance = near_target.get(cell)
    return distance is not None and distance <= steps and (steps - distance) % 2 == 0


def corridor_shape(cells: list[Cell], heading: int, side: int) -> Shape:
    """The corridor along ``cells``, entered at the first going ``heading``, its far door on ``side`` of the last."""
    return Shape("passage", frozenset(cells), ((cells[0], heading),), (Opening(cells[-1], side, side),))


def grown_room(open_: Open, seed: Iterable[Cell], squares: int, near: Cell) -> frozenset[Cell] | None:
    """``squares`` open squares joined side to side, grown from ``seed``: each time the free square beside
    the room with the most of the room around it, then the nearest ``near``; None if there are too few."""
    cells = set(seed)
    while len(cells) < squares:
        frontier = {step(c, s) for c in cells for s in SIDES} - cells
        choices = [c for c in frontier if open_(c)]
        if not choices:
            return None

        def snug(cell: Cell) -> tuple[int, int, Cell]:
            around = sum(step(cell, s) in cells for s in SIDES)
            return (-around, abs(cell[0] - near[0]) + abs(cell[1] - near[1]), cell)

        cells.add(min(choices, key=snug))
    return frozenset(cells)
