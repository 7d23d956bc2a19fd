"""The shapes a room or corridor may take, each exactly as many squares as its dice gave.

Rooms: a rectangle when the number of squares makes one that is not too
thin, a rectangle with a partial row (an L or a notch), or a free polyomino;
each in its quarter turns. Corridors: one square wide, straight or with one
or two right-angle turns (steering.py chooses among them).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from ...maps.geometry import Cell, boundary_sides, bounds, step, translate, turn
from ...maps.shapes import Shape, passage, polyomino
from ...seed import Rng

MOST_STRETCHED = 3  # a rectangle room at most three times as long as it is wide


def room_from_cells(cells: frozenset[Cell], kind: str = "room") -> Shape:
    """A room of exactly these squares, entered through any square of its rim."""
    return Shape(kind, cells, tuple((cell, turn(side, 4)) for cell, side in boundary_sides(cells)))


def rectangles(squares: int) -> list[tuple[int, int]]:
    return [(w, squares // w) for w in range(1, squares + 1)
            if squares % w == 0 and max(w, squares // w) <= MOST_STRETCHED * min(w, squares // w)]


def notched(squares: int, width: int) -> frozenset[Cell]:
    """Full rows ``width`` squares wide, then what is left as a partial row."""
    return frozenset((i % width, i // width) for i in range(squares))


def room_shapes(squares: int, rng: Rng) -> list[Shape]:
    """The room's candidate shapes, in a seeded order of preference, each in every quarter turn."""
    groups = [list(turns) for turns in _regular_rooms(squares)]
    groups.append(list(_free_turns(tuple(polyomino(squares, rng).cells))))
    rng.shuffle(groups)
    return [shape for group in groups for shape in group]


@cache
def _regular_rooms(squares: int) -> tuple[tuple[Shape, ...], ...]:
    """Rectangles, and rectangles with a partial row, in their quarter turns."""
    widths = [w for w, _ in rectangles(squares)] + [w for w in range(2, 5) if squares > w and squares % w]
    return tuple(tuple(_quarter_turns(notched(squares, w))) for w in widths)


@lru_cache(maxsize=4096)
def _free_turns(cells: tuple[Cell, ...]) -> tuple[Shape, ...]:
    """_quarter_turns of a free form's squares, kept: a campaign's rooms take the same free forms again and
    again (nearly three in five over 18 campaigns). Keyed by the squares in the order their frozenset gives,
    so that each turn's squares are made in the same order as afresh; kept apart from the regular rooms'
    shapes, as a free form of the same squares was a shape of its own (place_through draws for each)."""
    return tuple(_quarter_turns(cells))


def _quarter_turns(cells: Iterable[Cell]) -> list[Shape]:
    """The room in each of its distinct quarter turns, each moved to the origin."""
    found: list[Shape] = []
    for _ in range(4):
        cells = _to_origin(frozenset((-y, x) for x, y in cells))
        if all(shape.cells != cells for shape in found):
            found.append(room_from_cells(cells))
    return found


def _to_origin(cells: frozenset[Cell]) -> frozenset[Cell]:
    x0, y0, _, _ = bounds(cells)
    return translate(cells, -x0, -y0)


@cache
def corridor_shapes(heading: int, squares: int) -> tuple[Shape, ...]:
    """Every one-square-wide corridor of exactly ``squares`` squares entered going ``heading``."""
    runs_list = [((0, squares),)]
    for first in range(2, squares):
        for way in (-2, 2):
            runs_list.append(((0, first), (way, squares - first)))
            for second in range(2, squares - first):
                runs_list.append(((0, first), (way, second), (-way, squares - first - second)))
    found = []
    for runs in runs_list:
        shape = passage(heading, 1, runs)
        if len(shape.cells) == squares and shape.openings:
            found.append(shape)
    return tuple(found)


@cache
def corridor_ends(heading: int, squares: int) -> tuple[tuple[Shape, Cell, Cell], ...]:
    """Each corridor with the square it is entered by and the square just past its far door."""
    found = []
    for shape in corridor_shapes(heading, squares):
        end = shape.openings[0]
        found.append((shape, shape.entries_going(heading)[0], step(end.cell, end.side)))
    return tuple(found)
