"""The five room shapes of the Room Shape column as map-engine shapes, one square to a unit (10 feet).

Square (all sides the size), Rectangle (long sides the size), Hallway (one
unit wide; at 45° when it is long enough to cross two squares corner to
corner), Triangle (its long wall at 45°, as near the size as the grid allows,
one wall along the grid each way) and Circle (the size across, drawn round).
Every way a room may lie is a quarter turn of these.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from ...maps import shapes
from ...maps.geometry import HEADING_NAMES
from ...maps.shapes import Shape

DIRECTIONS = {"north": 0, "east": 2, "south": 4, "west": 6}  # the Exit Location column's words as headings


def triangle_legs(size: int) -> int:
    """Legs of the right triangle whose long wall is as near ``size`` units as the grid allows."""
    return max(1, round(size / math.sqrt(2)))


def diagonal_squares(size: int) -> int:
    """Squares corner to corner of a 45° Hallway as near ``size`` units long as the grid allows."""
    return round(size / math.sqrt(2))


@cache
def orientations(shape: str, size: int, short_side: int) -> tuple[Shape, ...]:
    """Every way the room may lie on the grid: quarter turns, and 45° for Triangles and long Hallways.
    (Made once: shapes are frozen, and keep what they work out about their walls.)"""
    if shape == "Square":
        return (shapes.rectangle(size, size),)
    if shape == "Rectangle":
        return (shapes.rectangle(size, short_side), shapes.rectangle(short_side, size))
    if shape == "Hallway":
        straight = (shapes.hallway(size), shapes.rotated(shapes.hallway(size), 2))
        n = diagonal_squares(size)
        if n < 2:
            return straight
        return straight + (shapes.diagonal_hallway(n), shapes.rotated(shapes.diagonal_hallway(n), 2))
    if shape == "Triangle":
        triangle = shapes.right_triangle(triangle_legs(size), diagonal=True)
        return tuple(shapes.rotated(triangle, eighths) for eighths in (0, 2, 4, 6))
    if shape == "Circle":
        return (shapes.round_room(size),)
    raise ValueError(f"no room shape {shape!r}")


def shape_data(word: str, shape: Shape) -> dict[str, Any]:
    """What the JSON says of a room's shape beyond its squares: its box, and how a 45° wall lies."""
    x0, y0, x1, y1 = shape.box
    found: dict[str, Any] = {"width": x1 - x0 + 1, "height": y1 - y0 + 1}
    if word == "Triangle":
        found.update(legs=x1 - x0 + 1, facing=HEADING_NAMES[shape.cuts[0][1]])
    elif shape.cuts:  # a Hallway at 45°: its walls face north-east and south-west, or the other pair
        found.update(diagonal=x1 - x0 + 1, runs="north-west" if shape.cuts[0][1] in (1, 5) else "north-east")
    return found
