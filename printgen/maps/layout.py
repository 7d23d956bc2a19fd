"""Placing areas on the grid: rooms against a doorway, corridors along their rolled path.

The shapes here are generic (any game's rooms and passages); which shape to
build comes from the game's generator.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..seed import Rng
from .grid import EAST, HEADINGS, NORTH, SOUTH, WEST, Cell, Point, Shape, band_cells, rect_cells, step, turn


@dataclass
class Placement:
    shape: Shape
    cells: set[Cell]
    ends: list[tuple[Cell, int]]  # onward openings: (doorway cell, outward heading)
    side_spots: list[tuple[Cell, int]]  # where a door may stand: (doorway cell, outward heading)


def room_dimensions(squares: int) -> list[tuple[int, int]]:
    """Whole-square rectangles of exactly ``squares`` squares, squarest first."""
    options = [(w, squares // w) for w in range(1, squares + 1) if squares % w == 0]
    # No slivers: a room is at most 3½ times as long as it is wide (14 squares: 2 × 7).
    options = [(w, h) for w, h in options if max(w, h) <= 3.5 * min(w, h)]
    return sorted(options, key=lambda wh: abs(wh[0] - wh[1]))


def room_candidates(doorway: Cell, heading: int, squares: int, natural: bool, rng: Rng) -> list[Placement]:
    """Every rectangle of ``squares`` squares whose near wall faces ``doorway``, shuffled."""
    candidates = []
    for w, h in room_dimensions(squares):
        for width, height in {(w, h), (h, w)}:
            entry = step(doorway, heading)
            # The entry square may sit anywhere along the near wall.
            along = width if heading in (NORTH, SOUTH) else height
            for offset in range(along):
                if heading == SOUTH:
                    x, y = entry[0] - offset, entry[1]
                elif heading == NORTH:
                    x, y = entry[0] - offset, entry[1] - height + 1
                elif heading == EAST:
                    x, y = entry[0], entry[1] - offset
                else:
                    x, y = entry[0] - width + 1, entry[1] - offset
                cells = rect_cells(x, y, width, height)
                candidates.append(Placement(Shape(rect=(x, y, width, height), natural=natural), cells, [], _rect_spots(x, y, width, height)))
    rng.shuffle(candidates)
    # Squarer rooms first, but in a seeded order among equals.
    candidates.sort(key=lambda p: abs(p.shape.rect[2] - p.shape.rect[3]))
    return candidates


def _rect_spots(x: int, y: int, w: int, h: int) -> list[tuple[Cell, int]]:
    spots = [((cx, y - 1), NORTH) for cx in range(x, x + w)]
    spots += [((cx, y + h), SOUTH) for cx in range(x, x + w)]
    spots += [((x - 1, cy), WEST) for cy in range(y, y + h)]
    spots += [((x + w, cy), EAST) for cy in range(y, y + h)]
    return spots


def corridor(doorway: Cell, heading: int, shape: str, turn_degrees: int, length: int, width: int, natural: bool) -> Placement:
    """A passage entered from ``doorway`` going ``heading``.

    ``shape`` is one of straight, turn, fork-y, fork-t, four-way, dead-end;
    ``length`` and ``width`` are in squares. A turn runs two squares, bends
    by ``turn_degrees`` (positive: left) and runs on for ``length``; a 45°
    bend straightens again after its diagonal run, so the passage jogs aside.
    Forks and crossings run two squares before they divide.
    """
    dx, dy = HEADINGS[heading]
    rx, ry = HEADINGS[turn(heading, 2)]  # to the right of the heading
    # The centre line starts on the wall between the doorway and the passage.
    half = (width - 1) / 2
    start: Point = (doorway[0] + 0.5 + dx * 0.5 + rx * half, doorway[1] + 0.5 + dy * 0.5 + ry * half)

    def go(p: Point, h: int, n: float) -> Point:
        hx, hy = HEADINGS[h]
        return (p[0] + hx * n, p[1] + hy * n)

    paths: list[list[Point]] = []
    ends: list[tuple[Point, int]] = []  # centre-line end point and heading, turned into doorways below
    # Bends and forks sit on the centre of the passage's second square; every
    # end lands on a square's edge, where the next doorway begins.
    corner_at = 1.5 + half
    if shape in ("straight", "dead-end"):
        end = go(start, heading, length)
        paths.append([start, end])
        if shape == "straight":
            ends.append((end, heading))
    elif shape == "turn":
        eighths = -turn_degrees // 45
        bent = turn(heading, eighths)
        corner = go(start, heading, corner_at)
        if abs(eighths) == 2:
            end = go(corner, bent, length + width / 2)
            paths.append([start, corner, end])
            ends.append((end, bent))
        else:
            steps = max(1, round(length / 1.4142))
            diagonal_end = go(corner, bent, steps)
            end = go(diagonal_end, heading, 1 + width / 2)
            paths.append([start, corner, diagonal_end, end])
            ends.append((end, heading))
    else:
        fork = go(start, heading, corner_at)
        paths.append([start, fork])
        arms = {"fork-y": (-1, 1), "fork-t": (-2, 2), "four-way": (-2, 0, 2)}[shape]
        for eighths in arms:
            h = turn(heading, eighths)
            if eighths % 2:  # a Y's arm: two diagonal steps, then out to the side
                side = turn(heading, 2 if eighths > 0 else -2)
                diagonal_end = go(fork, h, 2)
                end = go(diagonal_end, side, 1 + width / 2)
                paths.append([fork, diagonal_end, end])
                ends.append((end, side))
            else:
                end = go(fork, h, 2 + width / 2)
                paths.append([fork, end])
                ends.append((end, h))
    cells: set[Cell] = set()
    for path in paths:
        cells |= band_cells(path, width)
    return Placement(
        Shape(paths=paths, width=width, natural=natural),
        cells,
        [_doorway_beyond(point, h, width) for point, h in ends],
        _side_spots(paths, width, cells),
    )


def within(placement: Placement, width: int, height: int) -> bool:
    """True if every drawn point of the placement lies on the map, off its outermost ring."""
    if placement.shape.rect is not None:
        x, y, w, h = placement.shape.rect
        return x >= 1 and y >= 1 and x + w <= width - 1 and y + h <= height - 1
    return all(1 <= x <= width - 1 and 1 <= y <= height - 1 for path in placement.shape.paths for x, y in path)


def _doorway_beyond(end: Point, heading: int, width: int) -> tuple[Cell, int]:
    """The doorway square just past a passage's end, in the middle of its width."""
    dx, dy = HEADINGS[heading]
    rx, ry = HEADINGS[turn(heading, 2)]
    half = (width - 1) / 2
    # Step back from the centre line to the left-most band square, then pick the middle.
    x = end[0] + dx * 0.5 - rx * half + rx * (width // 2)
    y = end[1] + dy * 0.5 - ry * half + ry * (width // 2)
    return (int(x // 1), int(y // 1)), heading


def _side_spots(paths: list[list[Point]], width: int, cells: set[Cell]) -> list[tuple[Cell, int]]:
    """Doorways beside the straight runs of a passage: the rock square next to a band square."""
    spots: list[tuple[Cell, int]] = []
    for path in paths:
        for a, b in zip(path, path[1:]):
            if a[0] != b[0] and a[1] != b[1]:
                continue  # no doors in diagonal walls
            along = NORTH if a[0] == b[0] else EAST
            for cell in sorted(band_cells([a, b], width)):
                for side in (turn(along, 2), turn(along, -2)):
                    beyond = step(cell, side)
                    if beyond not in cells:
                        spots.append((beyond, side))
    return spots
