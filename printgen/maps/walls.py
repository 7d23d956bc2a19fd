"""Doors along walls: the units of an area's wall that face a direction, and straight runs of them.

A unit is one square's side, (cell, side); a 45° wall is made of diagonal
units through half squares (shapes.Shape.cuts), each facing both straight
directions its diagonal lies between (geometry.components).
"""

from __future__ import annotations

from .geometry import Cell, components
from .shapes import Shape

Unit = tuple[Cell, int]


def facing(shape: Shape, direction: int) -> list[Unit]:
    """The units of ``shape``'s wall a door going ``direction`` (a straight heading) may stand in."""
    return [unit for unit in shape.walls if direction in components(unit[1])]


def runs(units: list[Unit]) -> list[list[Unit]]:
    """``units`` split into straight runs of touching units of one side, in a fixed order."""
    found: list[list[Unit]] = []
    for unit in sorted(units, key=lambda u: (u[1], u[0][1], u[0][0])):
        last = found[-1][-1] if found else None
        if last is not None and last[1] == unit[1] and _touch(last, unit):
            found[-1].append(unit)
        else:
            found.append([unit])
    return found


def _touch(a: Unit, b: Unit) -> bool:
    """``b`` carries on ``a``'s wall (both of one side, ``b`` after ``a`` in runs' order)."""
    (ax, ay), side = a
    bx, by = b[0]
    if side in (0, 4):
        return ay == by and bx == ax + 1
    if side in (2, 6):
        return ax == bx and by == ay + 1
    return by == ay + 1 and bx == ax + (1 if side in (1, 5) else -1)
