"""Give every door that still has no place a spot in its area's walls.

A door facing an area across the rule's gap opens into it (a loop); any
other goes where its doorway is clear, beside another door of its area only
when nothing else is left. A door with no clear spot keeps ``at`` None: the
game lists it in words instead of drawing it.
"""

from __future__ import annotations

from ...seed import Rng
from ..level import Grid, Level
from ..placement import door_spots, joinable


def settle_doors(level: Level, grid: Grid, rng: Rng) -> None:
    for area in level.areas:
        for exit_ in area.exits:
            if exit_.at is not None:
                continue
            spots = door_spots(grid, area) or door_spots(grid, area, apart=False)
            if not spots:
                continue
            rng.shuffle(spots)
            joins = [(spot, joinable(grid, *spot, area.number)) for spot in spots] if exit_.leads == "unexplored" else []
            joins = [(spot, target) for spot, target in joins if target is not None]
            if joins:
                (exit_.at, exit_.side), exit_.to = joins[0]
                exit_.leads = "area"
            else:
                exit_.at, exit_.side = spots[0]
            exit_.heading = exit_.side
            grid.open_doorway(exit_)
