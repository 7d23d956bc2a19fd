"""Join passages that meet: an open end that runs straight into an area opens into it."""

from __future__ import annotations

from ..level import Grid, Level
from ..placement import joinable


def join_open_ends(level: Level, grid: Grid) -> int:
    """Open every placed, unexplored exit that faces another area across the rule's gap; returns how many."""
    joined = 0
    for area in level.areas:
        for exit_ in area.exits:
            if exit_.leads != "unexplored" or exit_.at is None:
                continue
            target = joinable(grid, exit_.at, exit_.side, area.number)
            if target is not None:
                exit_.to, exit_.leads = target, "area"
                grid.open_doorway(exit_)
                joined += 1
    return joined
