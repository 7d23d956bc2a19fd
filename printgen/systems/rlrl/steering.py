"""Where a corridor goes: of every way it can run from its door, the one the guide prefers.

A corridor whose far door would face the paper's edge or a square already
taken is no way at all: that door could only be false. Of the rest, while
the level is being explored, the corridor whose far door opens on the most
free squares around it (counted in steps of OPEN_STEP, so that nearly as open
counts as open), then the one that ends farthest from the stairs down; once
the level has its rooms, the one that ends nearest them. Either way, one
whose far door opens on free squares enough for any room the dice can give is
taken first, so the room behind it is drawn at its rolled size.
"""

from __future__ import annotations

from collections import deque
from functools import cache, lru_cache
from heapq import heapify, heappop
from weakref import WeakKeyDictionary

from ... import dice
from ...maps.geometry import Cell, step
from ...maps.level import Area, Exit, Grid
from ...maps.placement import Placed, door_spots
from ...maps.shapes import Shape
from . import rules
from .forms import corridor_ends

AROUND = 3  # free squares counted within this many squares (king's moves) of a far door
OPEN_STEP = 5  # openness counted in steps of this many squares


def room_enough(grid: Grid, cell: Cell, most: int, without: frozenset[Cell] = frozenset()) -> int:
    """How many free squares (up to ``most``) are joined to ``cell``, not counting ``without``: as many as
    free_forms.reach finds, counted by the same walk written out for the grid (it runs thousands of times
    a dungeon)."""
    x0, y0, x1, y1 = grid.within
    blocked = grid.blocked
    if cell in without or not (x0 <= cell[0] <= x1 and y0 <= cell[1] <= y1) or cell in blocked:
        return 0
    found = {cell}
    queue = deque(found)
    while queue and len(found) < most:
        x, y = queue.popleft()
        for near in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if (near not in found and near not in without and x0 <= near[0] <= x1 and y0 <= near[1] <= y1
                    and near not in blocked):
                found.add(near)
                queue.append(near)
                if len(found) >= most:
                    break
    return len(found)


def leaves_room(grid: Grid, doorways: list[Cell], taken: frozenset[Cell]) -> bool:
    """Each of ``doorways`` (beyond doors not yet opened) still has room for the longest corridor once the
    squares ``taken`` are."""
    longest = _longest()
    return all(room_enough(grid, cell, longest, taken) >= longest for cell in doorways)


@cache
def _longest() -> int:
    return dice.parse(rules.campaign()["explore"]["corridor_dice"]).high


@cache
def _ends(heading: int, squares: int) -> tuple[tuple[int, int, tuple[tuple[int, Shape, int, int, int], ...]], ...]:
    """corridor_ends grouped by where the square past the far door lies from the square the corridor is
    entered by (many corridors end on the same square): (x, y) of it from there, then each corridor ending
    there as its index in corridor_ends, its shape, its entry square and how many of its own squares lie
    within AROUND of that square (they are free before it is drawn, and taken after)."""
    groups: dict[Cell, list[tuple[int, Shape, int, int, int]]] = {}
    for index, (shape, (ex, ey), (bx, by)) in enumerate(corridor_ends(heading, squares)):
        mine = sum(1 for x, y in shape.cells if abs(x - bx) <= AROUND and abs(y - by) <= AROUND)
        groups.setdefault((bx - ex, by - ey), []).append((index, shape, ex, ey, mine))
    assert len(corridor_ends(heading, squares)) < SPOT_ORDER  # a choice's score names it alone
    return tuple((ox, oy, tuple(members)) for (ox, oy), members in groups.items())


SPOT_ORDER = 1000  # a choice's last score: its spot's place in the list times this, plus its corridor's index


def best_corridor(grid: Grid, parent: Area, exit_: Exit, squares: int, stairs: Cell, toward: bool,
                  most: int, spots: list[tuple[Cell, int]] | None = None, keep: list[Cell] = ()) -> Placed | None:
    """The corridor of ``squares`` squares beyond ``exit_`` (or beyond one of ``spots``, by default the free
    spots of ``parent``'s walls); ``most``: the largest room the dice can give; it leaves each door beyond
    the squares ``keep`` room to lead on."""
    if spots is None:
        spots = [(exit_.at, exit_.side)] if exit_.at is not None else door_spots(grid, parent)
    x0, y0, x1, y1 = grid.within
    blocked = grid.blocked
    sx, sy = stairs
    counts = None if toward else FreeCounts.of(grid)
    free_around: dict[Cell, int] = {}  # many corridors end on the same square: its free squares counted once
    found: list[tuple[tuple[int, ...], Shape, int, int, Cell, int, Cell]] = []
    # Written for speed (a dungeon scores hundreds of thousands of choices): the corridors that end on one
    # square are looked at together, and only the scores of those whose far door can open are made.
    for order, (cell, side) in enumerate(spots):
        tx, ty = step(cell, side, grid.rule.gap + 1)
        first = order * SPOT_ORDER
        for ox, oy, members in _ends(side, squares):
            bx, by = beyond = (tx + ox, ty + oy)
            if not (x0 <= bx <= x1 and y0 <= by <= y1) or beyond in blocked:
                continue
            distance = abs(bx - sx) + abs(by - sy)
            if counts is None:
                for index, shape, ex, ey, _ in members:
                    found.append(((distance, first + index), shape, tx - ex, ty - ey, cell, side, beyond))
            else:
                around = free_around.get(beyond)
                if around is None:
                    around = free_around[beyond] = counts.around(beyond, AROUND)
                for index, shape, ex, ey, mine in members:
                    found.append(((-((around - mine) // OPEN_STEP), -distance, first + index), shape, tx - ex, ty - ey,
                                  cell, side, beyond))
    # Best first: the scores are all different, so taking them from a heap gives the order a sort would,
    # without ordering the many never looked at once one is taken.
    heapify(found)
    within = grid.within
    roomiest = None
    while found:
        _, shape, dx, dy, cell, side, beyond = heappop(found)
        if not grid.fits(shape, dx, dy, within):
            continue
        moved = shape.moved(dx, dy)
        if not leaves_room(grid, keep, moved.cells):
            continue
        room = room_enough(grid, beyond, most, moved.cells)
        if room >= most:
            return Placed(moved, (cell, side))
        if roomiest is None or room > roomiest[0]:
            roomiest = (room, Placed(moved, (cell, side)))
    return None if roomiest is None else roomiest[1]


class FreeCounts:
    """The sheet's taken squares as the bits of one whole number (square x, y at bit x * ROW + y), to count
    the free squares around a square with one mask. One is kept for each grid and brought up to date with
    the squares taken since it was last asked for: a grid's taken squares only grow, and there are far
    fewer new ones than old."""

    def __init__(self, within: tuple[int, int, int, int]):
        self.within = within
        self.counted: set[Cell] = set()
        self.bits = 0

    @classmethod
    def of(cls, grid: Grid) -> FreeCounts:
        """The counts of ``grid`` as it stands."""
        counts = _KEPT.get(grid)
        if counts is None or counts.within != grid.within:
            counts = _KEPT[grid] = cls(grid.within)
        counts.update(grid.blocked)
        return counts

    def update(self, blocked: set[Cell]) -> None:
        new = blocked - self.counted
        if len(blocked) - len(new) != len(self.counted):  # a square counted is no longer taken: count afresh
            self.counted, self.bits, new = set(), 0, set(blocked)
        x0, y0, x1, y1 = self.within
        bits = self.bits
        for x, y in new:
            if x0 <= x <= x1 and y0 <= y <= y1:
                bits |= 1 << (x * ROW + y)
        self.bits = bits
        self.counted |= new

    def around(self, cell: Cell, reach_: int) -> int:
        """Free squares of the sheet within ``reach_`` squares (king's moves) of ``cell``."""
        x0, y0, x1, y1 = self.within
        ax, ay = max(x0, cell[0] - reach_), max(y0, cell[1] - reach_)
        bx, by = min(x1 + 1, cell[0] + reach_ + 1), min(y1 + 1, cell[1] + reach_ + 1)
        if ax >= bx or ay >= by:
            return 0
        return (bx - ax) * (by - ay) - (self.bits & _window(ax, ay, bx, by)).bit_count()


ROW = 64  # bits kept for each column of squares: more than a sheet has rows


@lru_cache(maxsize=8192)
def _window(ax: int, ay: int, bx: int, by: int) -> int:
    """The bits of the squares from column ``ax`` to ``bx`` and row ``ay`` to ``by`` (each end excluded)."""
    assert by <= ROW
    column = ((1 << (by - ay)) - 1) << ay
    return sum(column << (x * ROW) for x in range(ax, bx))


_KEPT: WeakKeyDictionary[Grid, FreeCounts] = WeakKeyDictionary()
