"""Grow a level from its open exits, breadth first, so areas are numbered in walking order.

Every exit still unexplored gets an area the game rolls for it, placed
within the map the game hopes to keep to. An exit with no room there waits
until every other exit has had its turn, and only then may its area reach
beyond that map. A rolled area that finds no place at all is kept and tried
at the next exit, so no area the dice made is thrown away; the exit it could
not pass leads "blocked". Passages that run into an area join it after every
placement. When the exits run out before the level has its areas, the game
may let the engine open one more (``reopen``: the door kind to add, or None).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from ...seed import Rng
from ..level import Area, Exit, Grid, Level, Link
from ..placement import Placed, Plan, door_spots, place_apart, place_through
from ..shapes import rectangle
from .areas import add_area
from .join import join_open_ends

Roll = Callable[[int], Plan]  # attempt number → a freshly rolled area
Apart = Callable[[Area], list[str]]  # a new area → link kinds that must lead to a new area of their own


def grow(level: Level, grid: Grid, roll: Roll, max_areas: int, rng: Rng,
         reopen: str | None = None, apart: Apart | None = None) -> None:
    queue: deque[tuple[Area, Exit]] = deque(
        (area, exit_) for area in level.areas for exit_ in area.exits if _open(exit_)
    )
    waiting: deque[tuple[Area, str]] = deque((area, kind) for area in level.areas for kind in (apart(area) if apart else ()))
    deferred: deque[tuple[Area, Exit]] = deque()
    attempt = reopened = 0
    plan: Plan | None = None
    while len(level.areas) < max_areas or waiting:
        if plan is None:
            attempt += 1
            plan = roll(attempt)
        if waiting:
            source, kind = waiting.popleft()
            shape = place_apart(grid, plan, len(level.areas) + 1, rng)
            if shape is None:
                continue
            area = add_area(level, grid, plan, shape, None)
            source.links.append(Link(kind, level.number, area.number))
        else:
            if not queue and deferred:
                chance = _last_chance(level, grid, deferred, plan, rng)
                if chance is None:
                    continue
                parent, exit_, placed = chance
            else:
                if not queue and reopen and reopened < 4 * max_areas:
                    reopened += 1
                    extra = _reopen(level, grid, reopen)
                    if extra is not None:
                        queue.append(extra)
                if not queue:
                    break
                parent, exit_ = queue.popleft()
                if not _open(exit_):
                    continue
                placed = place_through(grid, parent, exit_, plan, len(level.areas) + 1, rng, beyond_map=False)
                if placed is None:
                    deferred.append((parent, exit_))
                    continue
            if placed is None:
                exit_.leads = "blocked"
                if not exit_.rolled:
                    parent.exits.remove(exit_)  # an added way on that leads nowhere is not added
                continue
            exit_.at, exit_.side = placed.spot
            if exit_.heading is None:
                exit_.heading = exit_.side
            area = add_area(level, grid, plan, placed.shape, parent.number)
            exit_.to, exit_.leads = area.number, "area"
            grid.open_doorway(exit_)
        plan = None
        join_open_ends(level, grid)
        queue.extend((area, e) for e in area.exits if _open(e))
        if apart:
            waiting.extend((area, kind) for kind in apart(area))


def _last_chance(level: Level, grid: Grid, deferred: deque[tuple[Area, Exit]], plan: Plan,
                 rng: Rng) -> tuple[Area, Exit, Placed | None] | None:
    """The waiting exits once more within the map, then beyond it; an exit with no room for even
    one square is blocked on the way. None when no exit is left waiting."""
    number = len(level.areas) + 1
    for beyond_map in (False, True):
        for parent, exit_ in list(deferred):
            if not _open(exit_):
                deferred.remove((parent, exit_))
                continue
            if beyond_map and place_through(grid, parent, exit_, _ONE_SQUARE, number, rng) is None:
                deferred.remove((parent, exit_))
                return parent, exit_, None
            placed = place_through(grid, parent, exit_, plan, number, rng, beyond_map=beyond_map)
            if placed is not None:
                deferred.remove((parent, exit_))
                return parent, exit_, placed
    if not deferred:
        return None
    parent, exit_ = deferred.popleft()  # nothing anywhere takes this area: the first exit gives way
    return parent, exit_, None


_ONE_SQUARE = Plan("probe", lambda heading: [rectangle(1, 1)])


def _open(exit_: Exit) -> bool:
    return exit_.leads == "unexplored" and exit_.to is None


def _reopen(level: Level, grid: Grid, kind: str) -> tuple[Area, Exit] | None:
    """One more way on, in the newest area with room in its walls; marked as not rolled."""
    for area in reversed(level.areas):
        if door_spots(grid, area):
            exit_ = Exit(kind, rolled=False)
            area.exits.append(exit_)
            return area, exit_
    return None
