"""Cave walls: the rough line a hand-drawn map gives a natural chamber or cavern, inside its own squares.

The area is the same squares as ever (its size, the key and the JSON do
not change); only its wall is drawn rough, in the manner of hand-drawn
cave maps. Each unit of the squares' outline is followed by a line through
``STEPS`` points, each standing in from the squares' edge (never out) by up
to ``DEPTH`` of a square: at each corner of the outline by a seeded amount
(none, at about one corner in three, so a line touching its squares' edge
says nothing), along the unit by the corners' amounts blended with a
little seeded wobble. The corners of every door's unit stand on the edge
itself, so a doorway, a threshold or a door in the wall meets the cave
wall where a built room's wall would be. Every amount comes from a hash of
the cave's seed and the point's place, so the line is the same whatever
else the map holds and in every view of it.

``cave_walls(area, pinned, seed)`` gives each unit's line (``refined``: cut
finer where a square is drawn large, as on a battle map); ``CaveWall.fill``
and ``Cave`` hold the floor a view shows (an opening drawn straight, so the
floor meets its doorway), for filling, hatching, walls, and keeping words
and marks on the floor.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from functools import cached_property, lru_cache

from .geometry import Cell, Edge, Point, outline

DEPTH = 0.2  # squares: the most a cave wall's rough line stands in from its squares' edge, before smoothing
STEPS = 4  # pieces a unit of wall is drawn in
TOUCHING = 0.3  # the share of the outline's corners that stand on the squares' edge
SMOOTHING = 6  # passes of smoothing over a loop's points: grid-stepped corners rounded, steps eased into slopes
GRAIN = 0.045  # squares: the most the fine grain moves a smoothed point across the line
REACH = 0.36  # squares: the most a smoothed point stands from its place on the squares' edge, along x or y


@dataclass(frozen=True)
class CaveWall:
    """One unit of the squares' outline (``unit``, in walking order, floor on the right) and the rough
    line that follows it, from its first corner's point to its last's."""

    unit: Edge
    points: tuple[Point, ...]


def _amount(seed: str, *place: object) -> float:
    """A number in [0, 1) from the seed and a place: the same for the same place, whatever is asked first."""
    digest = hashlib.sha256("|".join([seed, *(repr(p) for p in place)]).encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2 ** 64


def _inward(a: Point, b: Point) -> tuple[float, float]:
    """The unit normal into the floor of a wall walked from a to b with the floor on the right (y down)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    return -dy / length, dx / length


def cave_walls(cells, pinned: set[Point], seed: str) -> list[list[CaveWall]]:
    """The rough line round ``cells``, loop by loop, unit by unit; the corners in ``pinned`` (a door's
    unit's corners) stay on the squares' edge. Found once for a cave and its doors' corners: a map, its
    layout, its sheets and its VTT scene all ask for the same line."""
    cells = frozenset(cells)
    corners = {(x + dx, y + dy) for x, y in cells for dx in (0, 1) for dy in (0, 1)}
    return [list(loop) for loop in _cave_walls(cells, frozenset(corners & set(pinned)), seed)]


@lru_cache(maxsize=1024)
def _cave_walls(cells: frozenset[Cell], pinned: frozenset[Point], seed: str) -> tuple[tuple[CaveWall, ...], ...]:
    loops = []
    for corners in outline(cells):
        units = _units(corners)
        count = len(units)
        moved: list[Point] = []
        depth: list[float] = []
        for index, (a, b) in enumerate(units):
            before = units[index - 1]
            touching = a in pinned or _amount(seed, "corner", a, before[0]) < TOUCHING
            d = 0.0 if touching else DEPTH * (0.25 + 0.75 * _amount(seed, "depth", a, before[0]))
            n_in, n_out = _inward(*before), _inward(a, b)
            if n_in == n_out:  # the wall runs straight on through this corner
                shift = (n_out[0] * d, n_out[1] * d)
            else:  # a turn: as far from both walls
                shift = ((n_in[0] + n_out[0]) * d, (n_in[1] + n_out[1]) * d)
            moved.append((a[0] + shift[0], a[1] + shift[1]))
            depth.append(d)
        walls = []
        for index, (a, b) in enumerate(units):
            following = (index + 1) % count
            nx, ny = _inward(a, b)
            points = [moved[index]]
            for k in range(1, STEPS):
                t = k / STEPS
                wobble = (_amount(seed, "wobble", a, b, k) - 0.4) * DEPTH * 0.45
                d = min(DEPTH, max(0.015, depth[index] * (1 - t) + depth[following] * t + wobble))
                points.append((a[0] + (b[0] - a[0]) * t + nx * d, a[1] + (b[1] - a[1]) * t + ny * d))
            points.append(moved[following])
            walls.append(CaveWall((a, b), tuple(points)))
        loops.append(tuple(_smoothed(walls, pinned, cells, seed)))
    return tuple(loops)


def _smoothed(walls: list[CaveWall], pinned: frozenset[Point], cells: frozenset[Cell], seed: str) -> list[CaveWall]:
    """The rough line smoothed, so the cave reads as a cavern, not squares with shaken edges: each point
    drawn a little towards its neighbours, ``SMOOTHING`` times over (a corner of the squares rounds, a run
    of steps eases into a slope), but a door's corner stays where it is, and every point stays on the
    cave's own squares and within ``REACH`` of its place on their edge (so no wall reaches far into a
    square, and no passage a square wide closes). Then a fine seeded grain across the line, ``GRAIN`` at
    most either way, so the rounded line is still a rough one."""
    points = [p for wall in walls for p in wall.points[:-1]]
    homes: list[Point] = []
    fixed: list[bool] = []
    for wall in walls:
        (ax, ay), (bx, by) = wall.unit
        for k in range(STEPS):
            homes.append((ax + (bx - ax) * k / STEPS, ay + (by - ay) * k / STEPS))
            fixed.append(k == 0 and wall.unit[0] in pinned)
    count = len(points)
    for _ in range(SMOOTHING):
        points = [p if fixed[i] else _kept((points[i - 1][0] + 2 * p[0] + points[(i + 1) % count][0]) / 4,
                                           (points[i - 1][1] + 2 * p[1] + points[(i + 1) % count][1]) / 4,
                                           homes[i], cells)
                  for i, p in enumerate(points)]
    grained = []
    for i, p in enumerate(points):
        (ax, ay), (bx, by) = points[i - 1], points[(i + 1) % count]
        length = math.hypot(bx - ax, by - ay)
        if fixed[i] or length < 1e-9:
            grained.append(p)
            continue
        shift = (2 * _amount(seed, "grain", homes[i]) - 1) * GRAIN / length
        grained.append(_kept(p[0] - (by - ay) * shift, p[1] + (bx - ax) * shift, homes[i], cells))
    points = _off_the_rock(grained, fixed, homes, cells)
    return [CaveWall(wall.unit, tuple(points[index * STEPS:(index + 1) * STEPS]) +
                     (points[((index + 1) * STEPS) % count],)) for index, wall in enumerate(walls)]


def _off_the_rock(points: list[Point], fixed: list[bool], homes: list[Point], cells: frozenset[Cell]) -> list[Point]:
    """The points moved, where a piece of the line between two of them cuts across a corner of rock (each
    point on the cave's squares, the piece between them not), so that no piece does: both ends drawn
    into the floor by as much as the piece strays, and a little more."""
    points = list(points)
    count = len(points)
    for _ in range(4):
        moved = False
        for i in range(count):
            j = (i + 1) % count
            a, b = points[i], points[j]
            square = (math.floor(a[0]), math.floor(a[1]))
            if square == (math.floor(b[0]), math.floor(b[1])) and square in cells:
                continue  # both in one square of the cave: so is the piece between them
            worst, push = 0.0, (0.0, 0.0)
            for t in (0.25, 0.5, 0.75):
                x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
                nx, ny = _kept(x, y, (x, y), cells)
                d = math.hypot(nx - x, ny - y)
                if d > worst:
                    worst, push = d, ((nx - x) / d, (ny - y) / d)
            if worst < 1e-6:
                continue
            shift = worst + 0.02
            for k in (i, j):
                if not fixed[k]:
                    points[k] = _kept(points[k][0] + push[0] * shift, points[k][1] + push[1] * shift, homes[k], cells)
            moved = True
        if not moved:
            break
    return points


def _kept(x: float, y: float, home: Point, cells: frozenset[Cell]) -> Point:
    """(x, y) kept within ``REACH`` of ``home`` along each axis and on one of ``cells`` (the nearest point of
    the nearest of them, if it strayed into the rock)."""
    # Every point of every cave wall is kept, each smoothing pass: min and max written out as they choose
    # (the first of equals), no list of the squares near.
    hx, hy = home
    low, high = hx - REACH, hx + REACH
    x = x if not low > x else low
    x = x if not high < x else high
    low, high = hy - REACH, hy + REACH
    y = y if not low > y else low
    y = y if not high < y else high
    fx, fy = math.floor(x), math.floor(y)
    if (fx, fy) in cells:
        return x, y
    best, gap = (x, y), math.inf
    for cx in range(fx - 1, fx + 2):
        for cy in range(fy - 1, fy + 2):
            if (cx, cy) not in cells:
                continue
            px, py = min(max(x, cx), cx + 1), min(max(y, cy), cy + 1)
            d = (px - x) ** 2 + (py - y) ** 2
            if d < gap:
                best, gap = (px, py), d
                if d == 0:
                    return best
    return best


def _on(x: float, y: float, cells: frozenset[Cell]) -> Point:
    """(x, y), or the nearest point of the nearest of ``cells`` if it is not on one."""
    return (x, y) if (math.floor(x), math.floor(y)) in cells else _kept(x, y, (x, y), cells)


def _units(corners: list[Point]) -> list[Edge]:
    """A loop of corners as its units of wall, in order."""
    units = []
    for a, b in zip(corners, corners[1:] + corners[:1]):
        steps = round(abs(b[0] - a[0]) + abs(b[1] - a[1]))
        dx, dy = (b[0] - a[0]) / steps, (b[1] - a[1]) / steps
        units += [((a[0] + dx * k, a[1] + dy * k), (a[0] + dx * (k + 1), a[1] + dy * (k + 1))) for k in range(steps)]
    return units


FINEST = 6.0  # pt: a cave wall drawn larger than this a piece is cut finer (``refined``), so it reads as a curve


def passes_at(pitch: float) -> int:
    """How many times ``refined`` cuts a cave's wall drawn at ``pitch`` points a square: none where a piece
    of the line (a quarter of a square) is ``FINEST`` or shorter (a page's map of squares up to 24 pt);
    at battle scale, or on a page of larger squares, enough that no piece is longer."""
    passes, piece = 0, pitch / STEPS
    while piece > FINEST:
        passes, piece = passes + 1, piece / 2
    return passes


def refined(cave: Cave, passes: int) -> Cave:
    """``cave`` with its rough line cut finer ``passes`` times over (Chaikin's corner cutting: each piece
    gives way to two points a quarter of the way in from its ends), so a wall drawn large reads as a
    curve, not a line of straight pieces: its door's corners stay where they are, and every point stays
    on the cave's own squares."""
    return Cave(cave.number, cave.cells, _refined_loops(cave.loops, cave.cells, passes), cave.walled)


@lru_cache(maxsize=256)
def _refined_loops(loops: tuple[tuple[CaveWall, ...], ...], cells: frozenset[Cell], passes: int
                   ) -> tuple[tuple[CaveWall, ...], ...]:
    """Found once for a cave's line: every sheet of a battle map, and each view of it, draws the same."""
    for _ in range(passes):
        loops = tuple(_refined_loop(loop, cells) for loop in loops)
    return loops


def _refined_loop(loop: tuple[CaveWall, ...], cells: frozenset[Cell]) -> tuple[CaveWall, ...]:
    cuts = []
    for wall in loop:
        cut: list[Point] = []
        for (ax, ay), (bx, by) in zip(wall.points, wall.points[1:]):
            cut += [_on(ax * 0.75 + bx * 0.25, ay * 0.75 + by * 0.25, cells),
                    _on(ax * 0.25 + bx * 0.75, ay * 0.25 + by * 0.75, cells)]
        cuts.append(cut)
    starts = []
    for index, wall in enumerate(loop):
        if wall.points[0] == wall.unit[0]:  # a door's corner (or one the line touches): kept
            starts.append(wall.points[0])
        else:  # where the cut between the pieces either side of it is met by the next piece's own
            (ax, ay), (bx, by) = cuts[index - 1][-1], cuts[index][0]
            starts.append(_on((ax + bx) / 2, (ay + by) / 2, cells))
    return tuple(CaveWall(wall.unit, (starts[index], *cuts[index], starts[(index + 1) % len(loop)]))
                 for index, wall in enumerate(loop))


def _key(edge: Edge) -> Edge:
    return (edge[0], edge[1]) if edge[0] <= edge[1] else (edge[1], edge[0])


@dataclass(frozen=True)
class Cave:
    """A cave as one view of the map shows it: its loops, the units of them that are walls in this view
    (the rest open onto a doorway or an area), its floor as polygons (an open unit straight, so the floor
    meets what lies beyond) and its walls as polylines."""

    number: int
    cells: frozenset
    loops: tuple[tuple[CaveWall, ...], ...]
    walled: frozenset[Edge]  # units (either way round) drawn as wall

    def is_wall(self, wall: CaveWall) -> bool:
        return _key(wall.unit) in self.walled

    @cached_property
    def polygons(self) -> list[list[Point]]:
        found = []
        for loop in self.loops:
            points: list[Point] = []
            for wall in loop:
                points += list(wall.points[:-1]) if self.is_wall(wall) else [wall.points[0]]
            found.append(points)
        return found

    @cached_property
    def lines(self) -> list[list[Point]]:
        """The walls as polylines, each run of wall units joined."""
        runs: list[list[Point]] = []
        for loop in self.loops:
            start = next((i for i, wall in enumerate(loop) if not self.is_wall(wall)), None)
            order = loop if start is None else loop[start + 1:] + loop[:start + 1]
            current: list[Point] = []
            for wall in order:
                if self.is_wall(wall):
                    current = current + list(wall.points[1:]) if current else list(wall.points)
                elif current:
                    runs.append(current)
                    current = []
            if current:
                runs.append(current)  # a loop walled all round ends on its first point
        return runs

    def wall_point(self, unit: Edge) -> Point | None:
        """The middle of the cave wall that follows ``unit`` (either way round), where a leader meets it."""
        for loop in self.loops:
            for wall in loop:
                if _key(wall.unit) == _key(unit):
                    return wall.points[STEPS // 2]
        return None

    @cached_property
    def _edges(self) -> tuple[dict[int, list[Edge]], dict[tuple[int, int], list[Edge]]]:
        """The floor's edges found by the rows they span (for ``contains``) and by the squares they touch."""
        rows: dict[int, list[Edge]] = {}
        squares: dict[tuple[int, int], list[Edge]] = {}
        for polygon in self.polygons:
            for a, b in zip(polygon, polygon[1:] + polygon[:1]):
                for row in range(math.floor(min(a[1], b[1])), math.floor(max(a[1], b[1])) + 1):
                    rows.setdefault(row, []).append((a, b))
                for x in range(math.floor(min(a[0], b[0])), math.floor(max(a[0], b[0])) + 1):
                    for y in range(math.floor(min(a[1], b[1])), math.floor(max(a[1], b[1])) + 1):
                        squares.setdefault((x, y), []).append((a, b))
        return rows, squares

    def contains(self, x: float, y: float) -> bool:
        """(x, y) is on this view's floor (a ray from it crosses the floor's edges an odd number of times)."""
        inside = False
        for (x0, y0), (x1, y1) in self._edges[0].get(math.floor(y), ()):
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                inside = not inside
        return inside

    @cached_property
    def _deep(self) -> dict[tuple[int, int], tuple[float, float, float, float]]:
        """Each of the cave's squares and the part of it no cave wall reaches: the square less ``REACH`` on
        each side with no square of the cave beyond, and less ``REACH`` on a side that meets a corner of
        rock beyond (where the wall turns in)."""
        cells = self.cells
        found = {}
        for x, y in cells:
            open_side = {d: (x + d[0], y + d[1]) not in cells for d in ((-1, 0), (1, 0), (0, -1), (0, 1))}
            corner = {(dx, dy): (x + dx, y + dy) not in cells for dx in (-1, 1) for dy in (-1, 1)}
            left = x + (REACH if open_side[(-1, 0)] or corner[(-1, -1)] or corner[(-1, 1)] else 0)
            right = x + 1 - (REACH if open_side[(1, 0)] or corner[(1, -1)] or corner[(1, 1)] else 0)
            top = y + (REACH if open_side[(0, -1)] or corner[(-1, -1)] or corner[(1, -1)] else 0)
            bottom = y + 1 - (REACH if open_side[(0, 1)] or corner[(-1, 1)] or corner[(1, 1)] else 0)
            found[(x, y)] = (left, top, right, bottom)
        return found

    def holds(self, box: tuple[float, float, float, float], margin: float) -> bool:
        """All of ``box`` is on the floor, at least ``margin`` from every wall line: within the part of a
        square no wall reaches, or no edge comes that near it and its middle is on the floor."""
        left, top, right, bottom = box
        deep = self._deep.get((math.floor(left), math.floor(top)))
        if deep is not None and deep[0] <= left - margin and deep[1] <= top - margin and \
                right + margin <= deep[2] and bottom + margin <= deep[3]:
            return True
        grown = gl, gt, gr, gb = (left - margin, top - margin, right + margin, bottom + margin)
        squares = self._edges[1]
        # Every place of every mark in a cave asks: the edges near tried in place (one touching two squares
        # twice over), those whose own box misses the grown box passed over before _crosses is called.
        for x in range(math.floor(gl), math.floor(gr) + 1):
            for y in range(math.floor(gt), math.floor(gb) + 1):
                for a, b in squares.get((x, y), ()):
                    if max(a[0], b[0]) < gl or min(a[0], b[0]) > gr or max(a[1], b[1]) < gt or min(a[1], b[1]) > gb:
                        continue
                    if _crosses(a, b, grown):
                        return False
        return self.contains((left + right) / 2, (top + bottom) / 2)


def _crosses(a: Point, b: Point, box: tuple[float, float, float, float]) -> bool:
    """Whether the segment a-b meets the box (Liang and Barsky's clipping)."""
    left, top, right, bottom = box
    if max(a[0], b[0]) < left or min(a[0], b[0]) > right or max(a[1], b[1]) < top or min(a[1], b[1]) > bottom:
        return False
    dx, dy = b[0] - a[0], b[1] - a[1]
    low, high = 0.0, 1.0
    for p, q in ((-dx, a[0] - left), (dx, right - a[0]), (-dy, a[1] - top), (dy, bottom - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def shown(number: int, cells, loops: list[list[CaveWall]], walled_units: set[Edge]) -> Cave:
    """The cave as a view shows it: ``walled_units``, the units of its squares' edge that are walls in
    that view."""
    return Cave(number, frozenset(cells), tuple(tuple(loop) for loop in loops),
                frozenset(_key(u) for u in walled_units))
