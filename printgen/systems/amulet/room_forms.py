"""The five room shapes of the Room Shape column as map-engine shapes, one square to a unit (10 feet).

The rules: "Room orientations must occur within 45 degree intervals", and
"Angular walls, those at 45 degree angles to standard walls, are a bit
longer": a unit of 45° wall is a square's diagonal (an angular unit). So

- Square: all sides the size, along the grid or turned 45°;
- Rectangle: long sides the size, short sides more than one unit and less
  than the size (a unit where the size is 2), along the grid or turned 45°;
- Hallway: long sides the size, one unit wide, along the grid or at 45°; "A
  Hallway drawn at 45 degrees may be cropped at either end to connect with
  other rooms": each end square across it, or cropped to the grid by a
  straight wall two units long (one long wall a unit shorter for it);
- Triangle: "the hypotenuse of this room equals Room Size" and it has "one
  vertical and one horizontal wall": legs of the size along the grid, the
  long wall the size in angular units, at 45° through half squares;
- Circle: "the diameter of this room equals Room Size. This room may be drawn
  smoothly, or with walls": up to three units across it may be drawn round (a
  door may stand on every unit of its box, where the circle comes near it),
  and from two units with walls: its box with each corner cut at 45° by a half
  square, every unit of which takes a door.

Every way a room may lie is one of these turned a quarter at a time; a room
with no straight wall (a Square, Rectangle or uncropped Hallway at 45°) can
only be entered through a 45° wall, or be a first room or a teleporter's
far end.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...maps import shapes
from ...maps.geometry import HEADING_NAMES
from ...maps.shapes import CROPS_END, CROPS_START, Shape

DIRECTIONS = {"north": 0, "east": 2, "south": 4, "west": 6}  # the Exit Location column's words as headings
ROUND_UP_TO = 3  # Circles this many units across or fewer may be drawn round


def quarter_turns(shape: Shape, count: int = 4) -> tuple[Shape, ...]:
    return tuple(shapes.rotated(shape, 2 * quarter) for quarter in range(count))


def hallway_crops(length: int) -> list[tuple[str, str]]:
    """The ends a 45° Hallway may be cropped at, keeping one long wall the full length: one end or
    neither; both only where each crop shortens the same long wall, leaving it a unit at least."""
    ends = [("", "")]
    if length >= 2:
        ends += [(start, "") for start in CROPS_START] + [("", end) for end in CROPS_END]
    if length >= 3:
        ends += [("north", "east"), ("west", "south")]
    return ends


@cache
def forms(word: str, size: int) -> tuple[Shape, ...]:
    """Every way a room of ``word`` and ``size`` may lie on the grid. (Made once: shapes are frozen, and
    keep what they work out about their walls.)"""
    if word == "Square":
        return (square(size), square(size, turned=True))
    if word == "Rectangle":
        shorts = range(2, size) if size >= 3 else (1,)
        return tuple(form for short in shorts
                     for form in quarter_turns(shapes.rectangle(size, short), 2)
                     + quarter_turns(shapes.diagonal_room(size, short), 2))
    if word == "Hallway":
        straight = quarter_turns(shapes.hallway(size), 2)
        return straight + tuple(form for start, end in hallway_crops(size)
                                for form in quarter_turns(shapes.diagonal_hallway(size, start, end), 2))
    if word == "Triangle":
        return quarter_turns(shapes.right_triangle(size, diagonal=True))
    if word == "Circle":
        walled = (shapes.walled_circle(size),) if size >= 2 else ()
        return ((shapes.round_room(size),) if size <= ROUND_UP_TO else ()) + walled
    raise ValueError(f"no room shape {word!r}")


@cache
def square(size: int, turned: bool = False) -> Shape:
    """A Square of ``size``, along the grid or turned 45°."""
    return shapes.diagonal_room(size, size) if turned else shapes.rectangle(size, size)


def turned(shape: Shape) -> bool:
    """A Square, Rectangle or Hallway at 45° (its walls through half squares)."""
    return bool(shape.cuts) and shape.kind in ("rectangle", "hallway")


def shape_data(word: str, shape: Shape) -> dict[str, Any]:
    """What the JSON says of a room's shape beyond its squares: its box; its half squares, each with the
    45° wall through it (the floor is the half away from that side's corner); a Triangle's legs and the
    way its long wall faces; for a room at 45°, the line its long walls run along ("north-west": from
    north-west to south-east), its long and short sides in angular units, and the ways the straight
    walls of a Hallway's cropped ends face; how a Circle is drawn ("round" or "walls")."""
    x0, y0, x1, y1 = shape.box
    found: dict[str, Any] = {"width": x1 - x0 + 1, "height": y1 - y0 + 1}
    if shape.cuts:
        found["halves"] = [[x, y, HEADING_NAMES[side]] for (x, y), side in shape.cuts]
    if word == "Triangle":
        found.update(legs=x1 - x0 + 1, facing=HEADING_NAMES[shape.cuts[0][1]])
    elif word == "Circle":
        found["drawn"] = "round" if shape.curved else "walls"
    elif turned(shape):
        facing = [side for _, side in shape.cuts]
        count = {side: facing.count(side) for side in (1, 3, 5, 7)}
        along, across = max(count[1], count[5]), max(count[3], count[7])  # the walls facing NE/SW, NW/SE
        found["runs"] = "north-west" if along >= across else "north-east"
        found["sides"] = [max(along, across), 1 if shape.kind == "hallway" else min(along, across)]
        cropped = [HEADING_NAMES[side] for side in range(0, 8, 2) if any(wall == side for _, wall in shape.walls)]
        if cropped:
            found["cropped"] = cropped
    return found
