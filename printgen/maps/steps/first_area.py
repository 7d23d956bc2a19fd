"""Place a level's first area: through the way in at the map's edge, or anywhere on the map."""

from __future__ import annotations

from ...seed import Rng
from ..geometry import Cell
from ..level import Area, Exit, Grid, Level
from ..placement import Plan, place_apart, place_through
from .areas import add_area


def place_first(level: Level, grid: Grid, plan: Plan, rng: Rng, way_in: tuple[Cell, int] | None = None) -> Area:
    """``way_in``: a square just off the map and the side facing into it; None: the area stands anywhere.

    The way in used is kept as ``level.way_in`` (an Exit of no area, kind
    "way-in" until the game names it).

    The way in is moved along the map's edge until the area fits; a map too
    small for its first area is the game's mistake and raises.
    """
    if way_in is not None:
        (x, y), side = way_in
        for shift in sorted(range(-level.width, level.width + 1), key=abs):
            entry = Exit("way-in", at=(x + shift, y), side=side, heading=side)
            placed = place_through(grid, None, entry, plan, 1, rng)
            if placed is not None:
                entry.to, entry.leads = 1, "area"
                level.way_in = entry
                return add_area(level, grid, plan, placed.shape, None)
    shape = place_apart(grid, plan, 1, rng)
    if shape is None:
        raise ValueError(f"level {level.number}: the map is too small for its first area")
    return add_area(level, grid, plan, shape, None)
