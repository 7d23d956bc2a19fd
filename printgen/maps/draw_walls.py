"""What a map's walls are: the floor squares a view shows, the walls around them, and the wall line each
door glyph stands on.

Floors are the areas' own squares (and the doorway squares between them),
so what is drawn is exactly what the level occupies; walls are the sides of
those squares with no floor of the same area beyond, except where a door
lets one through. A door drawn as one glyph stands on a line of wall with
wall at both its ends: across the middle of its doorway square when the
doorway runs between walls, else on the doorway's far or near side (a
doorway in a notch of an irregular chamber has the chamber's own floor
beside it, and its door stands where the chamber's wall runs on); two
doorways side by side have their doors in the area's own wall, where the
wall between them begins.

Where two areas meet with nothing drawn between them (an opening), a
threshold, a dotted line, parts them: across the opening of a shared wall,
and in a doorway of rock where the wall of the area it opens into would run
(a passage running into a room ends at the room's wall line; a room's own
opening onto a passage stands in the room's wall). A way left open to the
table ends the same way, at the doorway's far side.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from .adjacency import Adjacency
from .caves import Cave, cave_walls
from .caves import shown as cave_view
from .geometry import HEADINGS, SIDES, Cell, Edge, Point, side_edge, step
from .level import Area, Exit
from .symbols import Symbols

GM, LAYOUT, BLANK = "gm", "layout", "blank"  # the referee's map; the players' map of walls and doors; blank paper


def walled(exit_: Exit, symbols: Symbols) -> bool:
    """A secret door drawn along its wall stays wall (an S over it on the referee's map)."""
    return exit_.secret and symbols.doors[exit_.kind].segment is not None


def shown_doors(areas: list[Area], loose: list[tuple[Exit, bool]], view: str) -> list[tuple[Exit, int | None]]:
    """Every placed door the view shows, with the area whose wall it is in (None: a way in)."""
    doors = [(e, None) for e, on_players in loose if view == GM or on_players]
    for area in areas:
        for exit_ in area.exits:
            if exit_.at is None or exit_.leads == "dead-end":
                continue
            if view == LAYOUT and exit_.secret:
                continue
            doors.append((exit_, area.number))
    return doors


def floor_cells(areas: list[Area], rule: Adjacency, doors: list[tuple[Exit, int | None]]) -> dict[Cell, int]:
    """Square → the area it belongs to; a doorway square belongs to its door's area (0: a way in). A
    doorway whose far side is its own area's floor again (a chamber's door into a notch of itself)
    stays rock: its door stands in the chamber's wall."""
    floor = {cell: area.number for area in areas for cell in area.cells}
    if rule.gap:
        for exit_, owner in doors:
            if not exit_.inside:
                doorway = step(exit_.at, exit_.side)
                if owner is not None and floor.get(step(doorway, exit_.side)) == owner:
                    continue
                floor.setdefault(doorway, owner if owner is not None else 0)
    return floor





def pair(a: Cell, b: Cell) -> tuple[Cell, Cell]:
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Wall:
    """A unit of straight wall: its two corners, the floor square it bounds and the side of that square;
    ``rock``: nothing but rock beyond (not another area's floor)."""

    edge: Edge
    cell: Cell
    side: int
    rock: bool


def walls(floor: dict[Cell, int], rule: Adjacency, doors: list[tuple[Exit, int | None]], symbols: Symbols,
          shaped: set[int], is_walled: Callable[[Exit], bool] | None = None) -> list[Wall]:
    """Sides of floor squares with rock or another area beyond, but not where a door lets one through
    (a door drawn as one glyph in a shared wall stands over it; areas in ``shaped`` draw their own walls). A wall between two floors is listed once; two doorways
    side by side have a wall between them, each its own way through. ``is_walled``: which doors stay
    wall (by default ``walled``'s: a secret one drawn along its wall)."""
    passable: set[tuple[Cell, Cell]] = set()
    for exit_, _ in doors:
        if exit_.inside or (walled(exit_, symbols) if is_walled is None else is_walled(exit_)):
            continue
        if not rule.gap and symbols.doors[exit_.kind].segment is None and exit_.kind != "open":
            continue  # a door's glyph in a shared wall stands over the wall, which runs on to its ends
        for cell, side in exit_.units:
            if side % 2 == 0:
                passable.add(pair(cell, step(cell, side)))
        if rule.gap:
            doorway = step(exit_.at, exit_.side)
            beyond = step(doorway, exit_.side)
            if exit_.leads in ("area", "unexplored") and doorway in floor:  # not a doorway left as rock
                passable.add(pair(doorway, beyond))
    found: dict[Edge, Wall] = {}
    doorways = {step(e.at, e.side) for e, _ in doors if rule.gap and not e.inside and e.at is not None}
    for cell, owner in sorted(floor.items()):
        if owner in shaped:
            continue
        for side in SIDES:
            near = step(cell, side)
            if near in floor and floor[near] == owner and not (cell in doorways and near in doorways):
                continue
            if pair(cell, near) in passable:
                continue
            edge = side_edge(cell, side)
            if edge not in found:
                found[edge] = Wall(edge, cell, side, near not in floor)
    return list(found.values())


@dataclass
class WallPlan:
    """The walls a view of some areas has, as the map draws them: ``floor`` (square → area), the areas
    drawn to their own walls (``shaped``: 45° or round), the units of wall a door opens (``opened``), the
    unit walls of the other areas and of doorways (``units``), and the shaped areas' straight (``extra``)
    and 45° (``diagonal``) walls, each once where two areas share it; the ``thresholds`` across the
    openings between areas; and the straight walls closing round rooms' doorways (``round_sides``)."""

    floor: dict[Cell, int]
    shaped: dict[int, Area]
    opened: set[tuple[Cell, int]]
    units: list[Wall]
    extra: list[Edge]
    diagonal: list[Edge]
    thresholds: list[Edge]
    round_sides: list[Edge]
    caves: list[Cave] = field(default_factory=list)

    @property
    def straight(self) -> list[Wall]:
        """The unit walls drawn straight: all but those a cave's rough line follows."""
        rough = {cell for cave in self.caves for cell in cave.cells}
        return [wall for wall in self.units if wall.cell not in rough] if rough else self.units


def plan_walls(areas: list[Area], rule: Adjacency, doors: list[tuple[Exit, int | None]], symbols: Symbols,
               is_walled: Callable[[Exit], bool] | None = None, caves: tuple[int, ...] = (),
               cave_seed: str = "") -> WallPlan:
    """The walls of ``areas`` with ``doors`` (``shown_doors``) open, but those ``is_walled`` keeps as wall
    (by default a secret door drawn along its wall), the areas numbered in ``caves`` with rough cave
    walls (seeded by ``cave_seed``): one plan for the map's drawing, its layout and a virtual tabletop's
    walls."""
    from .draw_shaped import shaped_walls

    closed = (lambda exit_: walled(exit_, symbols)) if is_walled is None else is_walled
    floor = floor_cells(areas, rule, doors)
    shaped = {a.number: a for a in areas if a.shape.cuts or a.shape.curved}
    opened = {unit for exit_, _ in doors if not closed(exit_) for unit in exit_.units}
    units = walls(floor, rule, doors, symbols, set(shaped), is_walled)
    diagonal: list[Edge] = []
    extra: list[Edge] = []
    if shaped:
        for edge in shaped_walls(shaped.values(), opened):
            (extra if edge[0][0] == edge[1][0] or edge[0][1] == edge[1][1] else diagonal).append(edge)
    found = WallPlan(floor, shaped, opened, units, extra, diagonal,
                     thresholds(doors, rule, floor, symbols, {a.number for a in areas}), round_sides(shaped, opened, floor))
    rough = [a for a in areas if a.number in caves and not (a.shape.cuts or a.shape.curved)]
    if rough:
        pinned = door_corners(areas, rule, doors)
        for area in rough:
            walled_units = {wall.edge for wall in units if wall.cell in area.cells}
            found.caves.append(cave_view(area.number, area.cells,
                                         cave_walls(area.cells, pinned, f"{cave_seed}|{area.number}"), walled_units))
    return found


def door_corners(areas: list[Area], rule: Adjacency, doors: list[tuple[Exit, int | None]]) -> set[Point]:
    """The corners of every unit of wall a door stands in or opens onto, in every view (a secret door's
    too): where a cave's rough wall keeps to its squares' edge."""
    exits = [e for a in areas for e in a.exits] + [e for e, owner in doors if owner is None]
    corners: set[Point] = set()
    for exit_ in exits:
        if exit_.at is None or exit_.inside:
            continue
        for cell, side in exit_.units:
            corners |= set(side_edge(cell, side))
        if rule.gap:
            corners |= set(side_edge(step(exit_.at, exit_.side), exit_.side))
    return corners


def round_sides(shaped: dict[int, Area], opened: set[tuple[Cell, int]], floor: dict[Cell, int]) -> list[Edge]:
    """The straight walls round rooms' doorways need, each once: a doorway's nook (the floor between the
    circle and the part of its unit of the box the door opens) closed at its sides, but not between two
    units of one opening onto one area, and the rest of a door's unit beyond the door, where the door takes
    only part of it and a floor lies beyond."""
    from .draw_shaped import round_nook, round_span

    sides: dict[tuple, tuple[Edge, list[int | None]]] = {}
    rest: list[Edge] = []
    for area in shaped.values():
        if not area.shape.curved:
            continue
        for unit in area.shape.walls:
            if unit not in opened:
                continue
            a, b = round_span(area, [unit])
            nook = round_nook(area, unit)
            beyond = floor.get(step(*unit))
            for side in ((b, nook[2]), (a, nook[-1])):
                if math.dist(*side) > 1e-6:
                    sides.setdefault(_rounded(side), (side, []))[1].append(beyond)
            for corner in side_edge(*unit) if beyond is not None else ():  # rock beyond needs no wall
                near = min((a, b), key=lambda p: math.dist(p, corner))
                if math.dist(near, corner) > 1e-6:
                    rest.append((corner, near))
    # A side two units share stands between them: a wall only where they open onto different areas.
    return [side for side, beyond in sides.values() if len(beyond) == 1 or len(set(beyond)) > 1] + rest


def _rounded(edge: Edge) -> tuple:
    return tuple(sorted((round(x, 6), round(y, 6)) for x, y in edge))


def thresholds(doors: list[tuple[Exit, int | None]], rule: Adjacency, floor: dict[Cell, int], symbols: Symbols,
               drawn: set[int]) -> list[Edge]:
    """The lines across the openings (exits of a kind drawn as nothing, see the module's docstring), each
    once: the units of an opening in a shared wall; a doorway's side where the area beyond has its wall
    (a passage's own end: the far side; an opening chosen in an area's wall: the near side); and the far
    side of every doorway left to the table, where the map ends, and the outer side of a way in."""
    found: set[Edge] = set()
    for exit_, owner in doors:
        if exit_.inside or exit_.leads not in ("area", "unexplored"):
            continue
        if owner is None and rule.gap:  # a way in from beyond the map: its doorway's outer side
            found.add(_ordered(side_edge(exit_.at, exit_.side)))
            continue
        if exit_.far_side and exit_.to in drawn:
            continue  # drawn from the area that lists it
        bare = not exit_.secret and symbols.doors[exit_.kind].bare
        if not rule.gap:
            if bare:
                found |= {_ordered(side_edge(cell, side)) for cell, side in exit_.units}
            continue
        doorway = step(exit_.at, exit_.side)
        if doorway not in floor:
            continue  # a doorway left as rock: the door stands in the area's own wall
        if exit_.leads == "unexplored":  # the map ends at the doorway's far side, door or none
            found.add(_ordered(side_edge(doorway, exit_.side)))
        elif bare:
            found.add(_ordered(side_edge(doorway, exit_.side) if exit_.fixed else side_edge(exit_.at, exit_.side)))
    return sorted(found)


def _ordered(edge: Edge) -> Edge:
    return (edge[0], edge[1]) if edge[0] <= edge[1] else (edge[1], edge[0])


def merge(edges: set[Edge]) -> list[Edge]:
    """Join unit wall segments that run on in a line, so walls draw as long strokes."""
    merged = []
    horizontal = sorted((a for a, b in edges if a[1] == b[1]), key=lambda p: (p[1], p[0]))
    vertical = sorted((a for a, b in edges if a[0] == b[0]), key=lambda p: (p[0], p[1]))
    for points, dx, dy in ((horizontal, 1, 0), (vertical, 0, 1)):
        start = end = None
        for p in points:
            if end is not None and p == end:
                end = (p[0] + dx, p[1] + dy)
                continue
            if start is not None:
                merged.append((start, end))
            start, end = p, (p[0] + dx, p[1] + dy)
        if start is not None:
            merged.append((start, end))
    return merged


@dataclass(frozen=True)
class DoorLine:
    """Where a door glyph stands: its centre in squares, whether the wall it stands in runs up and down
    the page (the glyph turned a quarter), and whether wall meets both of its ends."""

    x: float
    y: float
    upright: bool
    walled: bool


def door_line(exit_: Exit, rule: Adjacency, edges: set[Edge], corners: set[Point],
              floor: dict[Cell, int] | None = None) -> DoorLine:
    """The wall line a door's glyph stands on (see the module's docstring). ``edges`` are the unit walls
    drawn, ``corners`` every end of them, ``floor`` the floor squares (a doorway left rock puts its door
    in its area's own wall)."""
    dx, dy = HEADINGS[exit_.side]
    ax, ay = exit_.at
    upright = dx != 0
    if not rule.gap:  # on the wall between its square and the next
        x, y = ax + 0.5 + dx * 0.5, ay + 0.5 + dy * 0.5
        ends = [(x - dy * 0.5, y - dx * 0.5), (x + dy * 0.5, y + dx * 0.5)]
        return DoorLine(x, y, upright, all(p in corners for p in ends))
    doorway = step(exit_.at, exit_.side)
    if floor is not None and doorway not in floor:
        x, y = ax + 0.5 + dx * 0.5, ay + 0.5 + dy * 0.5
        ends = [(x - dy * 0.5, y - dx * 0.5), (x + dy * 0.5, y + dx * 0.5)]
        return DoorLine(x, y, upright, all(p in corners for p in ends))
    left, right = (exit_.side + 6) % 8, (exit_.side + 2) % 8
    if any(floor is not None and step(doorway, turn) in floor and side_edge(doorway, turn) in edges
           for turn in (left, right)):
        # Beside another doorway, the wall between them running from the area's wall: the door stands in
        # the area's wall, where that wall between them begins.
        x, y = ax + 0.5 + dx * 0.5, ay + 0.5 + dy * 0.5
        ends = [(x - dy * 0.5, y - dx * 0.5), (x + dy * 0.5, y + dx * 0.5)]
        return DoorLine(x, y, upright, all(p in corners for p in ends))
    candidates = []
    # Across the doorway's middle, its two sides walls; on its far side; on its near side.
    mid = side_edge(doorway, left) in edges and side_edge(doorway, right) in edges
    candidates.append((mid, 1.0))
    for depth in (1.5, 0.5):
        x, y = ax + 0.5 + dx * depth, ay + 0.5 + dy * depth
        ends = [(x - dy * 0.5, y - dx * 0.5), (x + dy * 0.5, y + dx * 0.5)]
        candidates.append((all(p in corners for p in ends), depth))
    ok, depth = next((c for c in candidates if c[0]), (False, 1.0))
    return DoorLine(ax + 0.5 + dx * depth, ay + 0.5 + dy * depth, upright, ok)


def wall_corners(edges) -> set[Point]:
    return {p for edge in edges for p in edge}
